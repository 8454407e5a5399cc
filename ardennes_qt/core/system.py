"""What a rule system is to the rest of the program: the seam every game plugs into.

A rule system declares its ``schema`` (sides, unit values, statuses, map vocabulary,
numbering, dice), builds each game's own ``TableSet``, gives the opening position,
applies actions, says where play stands (``Situation``) and what may be done
(``Choices``).  Everything else a game may answer is a *capability*: a small protocol
below (``Movement``, ``Odds``, ``Overlays``...), asked for by its type with
``capability(kind)``.  A system that lacks one answers None, and the table shows less.

The engine finds systems through the ``ardennes_qt.systems`` entry-point group; nothing
outside a game's own paths imports it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Protocol, TypeVar, runtime_checkable

from ardennes_qt.core.actions import Action
from ardennes_qt.core.content import Content
from ardennes_qt.core.outcome import Outcome
from ardennes_qt.core.scenario import ScenarioSection
from ardennes_qt.core.state import GameState
from ardennes_qt.core.tableset import TableSet
from ardennes_qt.core.units import UnitColumns

C = TypeVar("C")


# --- the schema ------------------------------------------------------------------------


@dataclass(frozen=True)
class Word:
    """One term of a game's vocabulary: its id, the player's word for it and the rule behind it."""

    id: str
    label: str
    rule: str = ""
    detail: str = ""  # what it means, in a player's words


@dataclass(frozen=True)
class SystemSchema:
    """What a game is made of, as the program at large needs to know it."""

    system: str  # the id, as in scenario keys ("ardennes2/7.1")
    title: str  # the game's name, as a player knows it
    publisher: str
    sides: tuple[str, ...]  # the first side moves first
    value_fields: tuple[Word, ...]  # a counter's values, as the game prints them
    value_format: str  # how the values are printed, e.g. "attack-defense-movement"
    statuses: tuple[Word, ...]  # what a unit may be besides where it is (DG...)
    hex_terrain: tuple[Word, ...]
    hexside_features: tuple[Word, ...]
    road_kinds: tuple[Word, ...]
    markers: tuple[Word, ...]  # the kinds of map marker it puts down
    numbering: str  # the numbering scheme of its maps ("scs", "xxyy", "asl")
    dice: str  # what the dice are, e.g. "2d6", "d66"
    entry_areas: Mapping[str, str] = field(default_factory=dict)  # side -> its entry area letters
    stacks_move: bool = True  # may the units of a hex move together as one stack?
    movement_classes: Mapping[str, str] = field(default_factory=lambda: {"mech": "Mech", "leg": "Leg"})  # ma_type -> words
    exploit_banners: bool = True  # do counters print an exploit banner?
    # The game's own counter and formation columns; None for the SCS counter (values printed
    # attack-defense-movement, reduced side, Leg/Mech, exploit banner: countertext.py).
    unit_columns: UnitColumns | None = None
    # The scenario sections the game carries for its own rules (kept as typed extras).
    scenario_sections: tuple[ScenarioSection, ...] = ()
    # Does the program play the game's rules?  A game whose rules it does not have (ASL: the
    # rulebook is not at hand) is played as a physical table: counters go where they are dropped.
    rules_of_play: bool = True
    # Do its maps have hills: hex base levels, building levels and slopes (ASL)?
    map_levels: bool = False

    def status(self, status_id: str) -> Word | None:
        return next((s for s in self.statuses if s.id == status_id), None)


# --- where play stands -------------------------------------------------------------------


@runtime_checkable
class Situation(Protocol):
    """Where play stands, as the player is told (the phase bar, the log, autoplay)."""

    turn: int
    date: str
    phase: str  # the step's id, or "game_over"
    name: str  # the step's name as the rules print it
    segment: str  # the part of the turn it belongs to ("German Player Turn")
    acting: str  # the side that acts now; "" for both or no one
    rule: str
    automatic: bool  # nothing for a player to do in it
    pending: tuple[dict, ...]  # the Decisions waited for: kind, side, rule
    due_reinforcements: tuple[str, ...]  # the units due to be placed now
    last_turn: int

    @property
    def game_over(self) -> bool: ...

    def conditions(self) -> tuple[tuple[str, str], ...]:
        """What else the player is told about the moment: (what, its value), e.g.
        ("Weather", "Clear"), in the rules' words."""
        ...


@dataclass(frozen=True)
class Choices:
    """A family of legal actions (one stack's moves, one hex's attacks...): ``actions()`` lists
    them when asked, so a random player can pick a family first and then one action.
    ``kind`` says what sort of family it is, for the table's controls ("move", "attack",
    "barrage", "air_strike", "place", "end_phase", "answer"...)."""

    label: str
    side: str  # who chooses: a side, or "" for either
    actions: Callable[[], list[Action]]
    kind: str = ""
    hex: str = ""  # the hex the family is about, where it is about one (the attacks on a hex)
    units: tuple[str, ...] = ()  # the units it is about (a stack's moves, a unit's placements)
    also: tuple[str, ...] = ()  # other hexes it is about (a bridge's far bank)

    def about(self, hex_id: str, unit_id: str = "") -> bool:
        """Is the family about this hex or this unit (what the map's menu there offers)?"""
        return bool(hex_id) and (hex_id == self.hex or hex_id in self.also) or bool(unit_id) and unit_id in self.units


# --- the rule system --------------------------------------------------------------------


class RuleSystem(Protocol):
    """One game's rules."""

    name: str

    def schema(self) -> SystemSchema: ...

    def tables(self, house_rules: Mapping[str, str]) -> TableSet:
        """A game's own tables: the shipped ones with ``house_rules`` (TOML text by table name)
        in their place; ValueError names a house rule that cannot be read."""
        ...

    def initial_state(self, content: Content, seed: int) -> GameState: ...

    def apply(self, content: Content, state: GameState, action: Action) -> Outcome:
        """The outcome of ``action``, or raise ``Refused`` with the reason and rule."""
        ...

    def situation(self, content: Content, state: GameState) -> Situation: ...

    def legal_actions(self, content: Content, state: GameState) -> list[Action]: ...

    def choices(self, content: Content, state: GameState) -> list[Choices]: ...

    def state_part_from_json(self, data: Any, parse_hex: Callable[[str], Any]) -> Any:
        """The rule system's own part of a saved state (``GameState.rules``)."""
        ...

    def offers(self, kind: type) -> bool:
        """Does the system answer this capability?  Asked cheaply: a table being built asks it
        before the rules of play need to load."""
        ...

    def capability(self, kind: type[C]) -> C | None:
        """The system's answer to one capability protocol (below), or None."""
        ...


# --- capabilities ----------------------------------------------------------------------
# Each method takes (content, state, ...) and answers with plain values and printed hex
# ids, every answer with its reasons and rules.


class Movement(Protocol):
    def legal_moves(self, content: Content, state: GameState, unit_ids: tuple[str, ...]) -> dict[str, int | float]:
        """Every hex the units can reach moving together, with its cost."""
        ...

    def path(self, content: Content, state: GameState, unit_ids: tuple[str, ...], hex_id: str) -> list:
        """The cheapest legal path: each step with its cumulative cost and (cost, reason, rule)."""
        ...


class Odds(Protocol):
    def odds(self, content: Content, state: GameState, attacker_ids: tuple[str, ...], defender_hex: str,
             launch: str | None = None) -> Any:
        """Strengths, every shift and modifier as (shift, reason, rule), the column and each
        result's exact chance."""
        ...

    def attackers(self, content: Content, state: GameState, defender_hex: str) -> dict[str, tuple[str, ...]]: ...

    def mandated_hold(self, content: Content, state: GameState, defender_hex: str) -> tuple[tuple[str, str], ...]: ...

    def overrun_routes(self, content: Content, state: GameState, unit_ids: tuple[str, ...]) -> dict: ...


@dataclass(frozen=True)
class Answer:
    """One answer to a Decision: its words, the action, and where it is picked on the map."""

    label: str
    action: Action
    hex: str = ""  # the hex picked on the map for it ("" for a button)
    route: tuple[str, ...] = ()  # drawn on the map: from where the units are to the hex
    units: tuple[str, ...] = ()  # the units it moves


@dataclass(frozen=True)
class DecisionView:
    """A pending Decision in the player's words: who decides what, what led to it, and its answers
    sorted into buttons and hexes to pick on the map."""

    kind: str
    side: str
    rule: str
    title: str
    lines: tuple[str, ...]
    buttons: tuple[Answer, ...]
    picks: tuple[Answer, ...]
    pick_prompt: str = ""

    def picks_at(self, hex_id: str) -> list[Answer]:
        return [a for a in self.picks if a.hex == hex_id]


class Decisions(Protocol):
    def pending_decision(self, content: Content, state: GameState) -> dict | None:
        """The Decision waited for (kind, side, rule, data in printed ids), or None."""
        ...

    def describe(self, content: Content, state: GameState, decision: dict, answers: list[Action]) -> DecisionView:
        """The Decision in the player's words, its ``answers`` (its legal actions) sorted."""
        ...


class Barrage(Protocol):
    def barrage_targets(self, content: Content, state: GameState, artillery_id: str) -> list[str]: ...

    def barrage_allowed(self, content: Content, state: GameState, artillery_id: str | None, target: str,
                        spotter: str = "") -> tuple[bool, tuple[str, ...]]: ...

    def barrage_chances(self, content: Content, state: GameState, target: str, artillery_id: str | None = None) -> Any: ...

    def spotters(self, content: Content, state: GameState, target: str, artillery_id: str | None = None) -> list[str]: ...


class BarrageTogether(Protocol):
    """Guns, and air power, that fire together at one hex, their strengths added before one
    roll (The Ardennes 1994, 1.10bB and 3.2c); a game whose guns fire one at a time offers
    ``Barrage`` alone."""

    def barrage_guns(self, content: Content, state: GameState, target: str) -> list[str]:
        """The guns that may fire at the hex now."""
        ...

    def barrage_air_points(self, content: Content, state: GameState, target: str) -> int:
        """How many air points may join a barrage of the hex now (0: none)."""
        ...

    def chances_together(self, content: Content, state: GameState, target: str, guns: tuple[str, ...],
                         air_points: int) -> Any:
        """These guns and air points together: each result's chance before the roll, with the
        strength each adds, the column and every shift with its reason."""
        ...


class AirSupply(Protocol):
    def air_supply_allowed(self, content: Content, state: GameState, hex_id: str) -> tuple[bool, tuple[str, ...]]: ...

    def air_supply_reach(self, content: Content, state: GameState) -> int: ...


class Bridges(Protocol):
    def plungers_at(self, content: Content, state: GameState, hex_id: str) -> dict[str, str]: ...

    def bridge_blowers(self, content: Content, state: GameState, plunger: str) -> tuple[tuple[str, ...], tuple[str, ...]]: ...


class Placement(Protocol):
    def placement_hexes(self, content: Content, state: GameState, unit_ids: tuple[str, ...]) -> list[str]:
        """Every hex where arriving units may be placed together now, best first."""
        ...


class Markers(Protocol):
    def map_markers(self, content: Content, state: GameState) -> list:
        """The markers on the map (``core.map_markers.MapMarker``), each with what it does."""
        ...


class Victory(Protocol):
    def victory_status(self, content: Content, state: GameState) -> Any:
        """The result if play ended now, with every VP and condition behind it."""
        ...

    def vp_track(self, content: Content, state: GameState) -> Any:
        """The VP track (``core.planning.VpTrack``), or None for a game that keeps none."""
        ...


class Overlays(Protocol):
    def overlays(self, content: Content) -> tuple:
        """The planning overlays the game offers (``core.planning.OverlayKind``)."""
        ...

    def overlay(self, content: Content, state: GameState, key: str, progress: Callable[[int, int], bool] | None = None) -> Any:
        """One overlay worked out on a position (``core.planning.OverlayPicture``); None when stopped."""
        ...


class CounterFaces(Protocol):
    def values_showing(self, content: Content, state: GameState, unit_id: str):
        """The values the counter shows now (``core.units.Values``): a side that is not a step
        loss (an artillery unit's mode) where the game has such sides."""
        ...

    def statuses(self, content: Content, state: GameState, unit_id: str) -> frozenset[str]:
        """The unit's statuses now, by the schema's ids (DG, Reserve, Hidden...), wherever the
        game keeps them."""
        ...


class Estimates(Protocol):
    def estimate_reasons(self) -> dict[str, str]:
        """Why each kind of estimated counter value is what it is: provenance field -> the stated rule."""
        ...


@dataclass(frozen=True)
class SightStep:
    """What a line of sight meets at one hex or hexside, what that does and the rule; whether the
    rule is a provisional reading of what the game's documents do not print."""

    where: str  # a hex id, or a hexside as "StK6-K7"
    what: str  # "pine woods, top at level 2"
    effect: str  # "blocks", "hinders +1", "no effect", "raises the viewer ¾ level"
    rule: str
    provisional: bool = False


@dataclass(frozen=True)
class SightLine:
    """A line of sight explained: seen or not, the Hindrance total, every step and the hexes crossed."""

    viewer: str  # the Location in words: "StAA15, level 1"
    target: str
    seen: bool
    hindrance: int
    verdict: str  # "clear", "seen, hindered +2", "blocked at StK7 by pine woods (P1.2)"
    steps: tuple[SightStep, ...]
    crossed: tuple[str, ...]  # hex ids from the viewer's to the target's
    provisional: bool  # the answer rests on a provisional reading


class LineOfSight(Protocol):
    """Line of sight between Locations (a hex, and a level in it), explained step by step."""

    def locations(self, content: Content, state: GameState, hex_id: str) -> tuple[tuple[int, str], ...]:
        """The levels one may stand at in the hex, with their words: ((0, "ground level"), (2, "steeple"))."""
        ...

    def line_of_sight(self, content: Content, state: GameState, viewer_hex: str, target_hex: str,
                      viewer_level: int = 0, target_level: int = 0) -> SightLine: ...

    def viewshed(self, content: Content, state: GameState, hex_id: str, level: int = 0) -> dict[str, int]:
        """Every hex whose ground level the Location sees: hex id -> its Hindrance total (0: clear)."""
        ...



@dataclass(frozen=True)
class CampaignForm:
    """A campaign's paper form (a roster, a purchase record) as printed: its title, column headings
    and, per side, its rows of printed cells ("" for a box left blank, "—" for a shaded one)."""

    name: str  # what the players call it ("CG Roster")
    title: str
    rule: str
    columns: tuple[str, ...]
    rows: Mapping[str, tuple[tuple[str, ...], ...]]  # side, in the player's words -> rows
    current: int = -1  # the row of the campaign's date now (-1: none)
    notes: tuple[str, ...] = ()  # estimated values, shaded boxes: what the form's reader is told


@dataclass(frozen=True)
class CampaignRoll:
    """The last roll of the campaign: who rolled on which table, the dice (the program's or the
    player's own), every modifier as (value, reason, rule), the Final roll and what it gives."""

    who: str
    table: str
    rule: str
    dice: tuple[int, ...]
    own: bool
    modifiers: tuple[tuple[int, str, str], ...]
    final: int
    result: str


@dataclass(frozen=True)
class CampaignOption:
    """One thing a player may do in the campaign's step now, in the rules' words: its variants as
    (words, action) - one variant is a button, several a list to pick from (an RG's set-up options,
    a number of LVP).  ``kind`` sorts it ("roll", "confirm", "purchase", "answer", "tally");
    ``dice`` ("2d6", "dr") where the player may roll his own dice instead of the program's, with
    the modifiers he states about the unit or Location at the table (``facts``: id, words, rule)."""

    label: str
    side: str  # in the player's words; "" for either
    kind: str
    variants: tuple[tuple[str, Action], ...]
    detail: str = ""  # cost and limits, what it gives
    dice: str = ""
    facts: tuple[Word, ...] = ()


@dataclass(frozen=True)
class CampaignStep:
    """Where the campaign stands: its date, the step in the rules' order with its rule and what
    to do, who acts, what is waited for, why a step is done at the table, the sequence of the
    steps this pass runs as (rule, name), what may be done and the last roll."""

    date: str
    name: str
    rule: str
    words: str
    acting: tuple[str, ...]
    waiting: tuple[str, ...]
    at_table: str = ""
    sequence: tuple[tuple[str, str], ...] = ()
    options: tuple[CampaignOption, ...] = ()
    last_roll: CampaignRoll | None = None
    over: bool = False


class Campaign(Protocol):
    """A campaign played across scenarios, kept on its paper forms (a roster per date, a record
    of what was bought) and moved on by a sequence of steps between its scenarios."""

    def campaign_step(self, content: Content, state: GameState) -> CampaignStep | None:
        """The step now (None: the game has no campaign)."""
        ...

    def campaign_forms(self, content: Content, state: GameState) -> tuple[CampaignForm, ...]:
        """The campaign's forms, the roster first."""
        ...

    def with_roll(self, content: Content, state: GameState, action: Action, dice: tuple[int, ...],
                  facts: tuple[str, ...] = ()) -> Action:
        """A roll's action made with the player's own ``dice`` (() for the program's) and the
        modifiers he states (``CampaignOption.facts`` ids)."""
        ...
