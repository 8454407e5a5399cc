"""A game session: actions in, new state and what changed out; history, undo/redo,
saving, loading and replay.  The scripting facade and the UI both talk to this.

    from ardennes_qt.engine import Session
    session = Session.new("ardennes2/7.1", seed=1)
    session.apply(MoveUnits(("2ID:A/9",), "B27.48"))
    session.undo()
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable, NamedTuple, TypeVar

from ardennes_qt.core.actions import Action
from ardennes_qt.core.content import Content
from ardennes_qt.core.hexgrid import Hex
from ardennes_qt.core.outcome import EVERYTHING, Changes, LogLine, Outcome
from ardennes_qt.core.scenario import HOUSE_RULES_OPTION
from ardennes_qt.core.state import GameState, state_digest, state_from_json, state_to_json
from ardennes_qt.core.system import (
    AirSupply,
    Barrage,
    BarrageTogether,
    Bridges,
    Campaign,
    Decisions,
    LineOfSight,
    Markers,
    Movement,
    Odds,
    Placement,
    RuleSystem,
    Situation,
    Victory,
)
from ardennes_qt.core.tableset import Bound
from ardennes_qt.engine.history import HistoryReplay, Replayed
from ardennes_qt.engine.branches import BranchSet
from ardennes_qt.engine.systems import system_for
from ardennes_qt.engine.views import UnitView, hex_info, unit_view
from ardennes_qt.store.contentcheck import check_state
from ardennes_qt.store.errors import ContentError, reading
from ardennes_qt.store.gamefile import Autosave, SavedGame, SavedLine, read_game, write_game

Listener = Callable[[Changes, tuple[LogLine, ...]], None]
C = TypeVar("C")


class LogEntry(NamedTuple):
    action: Action
    lines: tuple[LogLine, ...]
    dice: int  # dice rolled from the game's seeded generator
    turn: int  # the turn and phase the action was taken in
    phase: str


class Session:
    def __init__(self, content: Content, seed: int = 0, initial: GameState | None = None) -> None:
        self.content = content
        self.seed = seed
        try:
            self.system: RuleSystem = system_for(content.system)
        except KeyError as exc:
            raise ContentError(str(exc.args[0]), content.scenario.key) from None
        # The game's own rule tables: rule tables an editor module replaced (house rules) are
        # played with instead of the shipped ones.
        try:
            self.tables = self.system.tables(dict(content.scenario.options.get(HOUSE_RULES_OPTION, {})))
        except ValueError as exc:
            raise ContentError(str(exc), content.scenario.key) from None
        self._capabilities: dict[type, object] = {}
        with self.tables.in_use():
            self._initial = initial or self.system.initial_state(content, seed)
        self._actions: list[Action] = []
        # One per applied or undone action; None for those of a game opened at its position
        # and not yet replayed (``history_pending``: engine.history).
        self._outcomes: list[Outcome | None] = []
        self._pointer = 0
        self._snapshot: tuple[int, GameState] | None = None  # (position, state) opened at, while pending
        self._listeners: list[Listener] = []
        self._autosave: Autosave | None = None
        self._unsynced_from = 0
        self.warnings: list[str] = []
        self.file: Path | None = None  # where the game was last saved or opened
        self.lines: BranchSet[Session] | None = None  # the game's lines of play, once it has branches
        # Its content was changed outside the program, and the player chose to play it anyway,
        # or the program does not play its game's rules (ASL: ``SystemSchema.rules_of_play``):
        # the table plays it without the rules' assistance (kept in the file).
        self.physical_table = not self.system.schema().rules_of_play
        # It holds play not saved to ``file`` (a game brought back from an autosave): its autosave says so.
        self.unsaved_play = False

    @property
    def ruleset(self) -> RuleSystem:
        """The game's rule system (also ``system``)."""
        return self.system

    def capability(self, kind: type[C]) -> C | None:
        """The rule system's answer to a capability (``core.system``: ``Movement``, ``Odds``,
        ``Overlays``...), each method asked with this game's tables; None when the system
        has none, and the table shows less."""
        if kind not in self._capabilities:
            found = self.system.capability(kind)
            self._capabilities[kind] = None if found is None else Bound(found, self.tables)
        return self._capabilities[kind]

    def offers(self, kind: type) -> bool:
        """Does the game's rule system answer this capability?  (Cheap: no rules load for it.)"""
        return self.system.offers(kind)

    # --- opening -------------------------------------------------------------------------

    @classmethod
    def new(cls, scenario: str, seed: int = 0) -> Session:
        """A new game of a shipped scenario, e.g. ``Session.new("ardennes2/7.1", seed=1)``."""
        from ardennes_qt.store.library import load_content

        return cls(load_content(scenario), seed)

    @classmethod
    def load(cls, path: Path | str, accept_changed_content: bool = False) -> Session:
        """Open a saved game; raises ContentError (with a message for the user) on a bad file,
        whatever is wrong with it.  A game whose content was changed outside the program
        raises ``gamefile.ContentChanged``, unless ``accept_changed_content``: then it opens
        as a physical table (``physical_table``), with a warning."""
        saved = read_game(Path(path), accept_changed_content)
        with reading(Path(path).name, "the saved game"):
            return cls._opened(Path(path), saved)

    @classmethod
    def _opened(cls, path: Path, saved: SavedGame) -> Session:
        session = cls(saved.content, saved.seed)
        session.warnings += saved.warnings
        session.physical_table = saved.physical_table or session.physical_table
        position = session.position_of(saved.state_json, saved.state_hash, path.name)
        if saved.history_sound:
            session._open_at(list(saved.actions), saved.pointer, position)
        else:  # the log is not the one saved with the position (the reader has said so): the position alone
            session._initial, session.seed = position, position.seed
        session.file = path
        session._unsynced_from = len(session._actions)
        if saved.lines:
            BranchSet.restore(session, saved, session.opened_lines(saved))
        return session

    def opened_lines(self, saved: SavedGame) -> list[tuple[SavedLine, Session]]:
        """The other lines of play of a saved game, this one's file, each a session of its own.

        Each opens at its saved position, its log replayed later as the game's own is
        (engine.history); a line of a file older than format 3, which holds no position, is
        replayed from the set-up now.  A line whose position does not check, or whose log no
        longer replays to it, is left out, with a warning.
        """
        # The set-up every line starts from (the game's own line may have been kept without it).
        set_up = self.state_at(0) if saved.history_sound else type(self)(self.content, saved.seed).state
        out = []
        for entry in saved.lines:
            line = self._line_opened(set_up, entry)
            if line is None:
                self.warnings.append(f"The what-if line '{entry.name}' no longer replays to its saved position; it is left out.")
                continue
            line.file, line.physical_table = self.file, self.physical_table
            out.append((entry, line))
        return out

    def _line_opened(self, set_up: GameState, entry: SavedLine) -> Session | None:
        """One other line of a saved game, or None when it does not hold together."""
        if entry.state_json is not None:
            try:
                position = self.position_of(entry.state_json, entry.state_hash, "")
            except (ContentError, ValueError, KeyError, TypeError, AttributeError):
                return None
            return type(self).opened_at(self.content, self.seed, set_up, entry.actions, entry.pointer, position)
        replayed = type(self)(self.content, self.seed, initial=set_up)._replayed(entry.actions, entry.pointer)
        return replayed if replayed is not None and replayed.state_hash() == entry.state_hash else None

    def _replayed(self, actions, pointer: int) -> Session | None:
        """This session with ``actions`` applied, then undone back to ``pointer``; None if the rules refuse one."""
        for action in actions:
            try:
                self.apply(action)
            except Exception:  # noqa: BLE001 - a log that no longer replays cannot be trusted
                return None
        if not 0 <= pointer <= self.history_position:
            return None  # a position the line never had (the file checks it; a line built otherwise may not)
        while self.history_position > pointer:
            self.undo()
        return self

    def position_of(self, state_json: dict, state_hash: str, name: str) -> GameState:
        """A saved position, checked against the content and its check sum."""
        state = state_from_json(state_json, self.content.map.parse, self.system.state_part_from_json)
        check_state(self.content, state, name)
        if state_digest(state, self.content.map.hex_id) != state_hash:
            raise ContentError("the saved position is damaged (its check sum does not match)", name)
        return state

    def _open_at(self, actions: list[Action], pointer: int, position: GameState) -> None:
        """The history ``actions``, the first ``pointer`` of them applied, at ``position``: their
        outcomes are known once the log is replayed (``history_pending``)."""
        self._actions = actions
        self._outcomes = [None] * len(actions)
        self._pointer = pointer
        self._snapshot = (pointer, position)

    @classmethod
    def opened_at(cls, content: Content, seed: int, initial: GameState, actions: list[Action], pointer: int,
                  position: GameState) -> Session:
        """A game at a saved ``position`` after ``pointer`` of ``actions`` from the set-up
        ``initial``, its log not replayed yet (a line of play read from a file)."""
        session = cls(content, seed, initial=initial)
        session._open_at(list(actions), pointer, position)
        session._unsynced_from = len(actions)
        return session

    # --- the history of a game opened at its position (engine.history) ---------------------

    @property
    def history_pending(self) -> bool:
        """Opened at its saved position, its log not yet replayed to check it and give the history."""
        return self._snapshot is not None

    def history_replay(self) -> HistoryReplay | None:
        """The replay of the log that gives the history (to run on any thread, then hand to
        ``take_history``); None when there is nothing to replay."""
        if self._snapshot is None:
            return None
        return HistoryReplay(self.system, self.content, self.tables, self._initial, tuple(self._actions))

    def verify_history(self) -> str | None:
        """Replay the log now (if it is not yet) and take it as the history; the warning if it
        does not lead to the position the game opened at."""
        replay = self.history_replay()
        return self.take_history(replay, replay.run()) if replay is not None else None

    def take_history(self, replay: HistoryReplay, replayed: Replayed) -> str | None:
        """The history a replay gave, if it still fits the game (it ran while the game went on);
        the warning, also added to ``warnings``, when the log does not lead to the position
        the game opened at - then the position is kept without the history."""
        if self._snapshot is None or replayed.stopped:
            return None
        at, position = self._snapshot
        if tuple(self._actions[:at]) != replay.actions[:at]:
            return None  # a replay of another log (the game was set on another line meanwhile)
        outcomes = replayed.outcomes
        reached = self._initial if at == 0 else outcomes[at - 1].state if at <= len(outcomes) else None
        hex_id = self.content.map.hex_id
        if reached is None or state_digest(reached, hex_id) != state_digest(position, hex_id):
            return self._keep_position_alone()
        self._outcomes[:at] = outcomes[:at]
        self._snapshot = None
        # The redo tail read from the file, where the game still has it (no action since cut it).
        for i in range(at, len(self._actions)):
            if self._outcomes[i] is not None:
                continue
            if i >= len(outcomes) or replay.actions[i:i + 1] != (self._actions[i],):
                warning = f"{len(self._actions) - i} undone action(s) could not be replayed and cannot be redone."
                del self._actions[i:], self._outcomes[i:]
                self._unsynced_from = min(self._unsynced_from, i)
                self.warnings.append(warning)
                return warning
            self._outcomes[i] = outcomes[i]
        return None

    def _keep_position_alone(self) -> str:
        """The log does not lead to the position opened at (damaged, or the rules changed):
        keep the position, with the actions played since, but not the history before it."""
        at, position = self._snapshot
        since = [(a, o) for a, o in zip(self._actions[at:], self._outcomes[at:]) if o is not None]
        self._initial, self.seed = position, position.seed
        self._actions = [a for a, _ in since]
        self._outcomes = [o for _, o in since]
        self._pointer -= at
        self._snapshot = None
        self._unsynced_from = 0
        if self._autosave is not None:
            self._sync_autosave()
        warning = ("The game's action log no longer replays to its saved position; the position is restored "
                   "but its undo history is not.")
        self.warnings.append(warning)
        for listener in list(self._listeners):
            listener(EVERYTHING, ())
        return warning

    def _history_needed(self, start: int, end: int) -> None:
        """The outcomes of actions ``start`` to ``end`` are asked for: replay the log if one is not known yet."""
        if self._snapshot is not None and any(o is None for o in self._outcomes[start:end]):
            self.verify_history()

    # --- the state ---------------------------------------------------------------------------

    @property
    def state(self) -> GameState:
        if self._snapshot is not None and self._pointer == self._snapshot[0]:
            return self._snapshot[1]
        return self._outcomes[self._pointer - 1].state if self._pointer else self._initial

    @property
    def map(self):
        return self.content.map

    def state_hash(self) -> str:
        return state_digest(self.state, self.content.map.hex_id)

    def units(self) -> list[UnitView]:
        state = self.state
        return [unit_view(self.content, state, uid) for uid in sorted(state.units)]

    def unit(self, unit_id: str) -> UnitView:
        return unit_view(self.content, self.state, unit_id)

    def stack_at(self, hex_id: str | Hex) -> list[UnitView]:
        h = self.content.map.parse(hex_id) if isinstance(hex_id, str) else hex_id
        state = self.state
        return [unit_view(self.content, state, uid) for uid in state.units_at(h)]

    def hex_info(self, hex_id: str) -> dict:
        return hex_info(self.content, self.state, self.content.map.parse(hex_id))

    # --- asking the rules (each answer comes with its reasons) ------------------------------

    def situation(self) -> Situation:
        """Where play stands: turn, step, who acts, the Decisions waited for, conditions."""
        with self.tables.in_use():
            return self.system.situation(self.content, self.state)

    def phase(self) -> Situation:
        """The current turn, phase, phasing side and what is left to do in it (``situation``)."""
        return self.situation()

    def legal_actions(self) -> list[Action]:
        """Every action the rules allow now: while a Decision waits, only its answers."""
        with self.tables.in_use():
            return self.system.legal_actions(self.content, self.state)

    def choices(self):
        """The legal actions in families (one stack's moves, one hex's attacks...), each with a
        label, a kind, the side that chooses and ``actions()`` listing them only when asked."""
        with self.tables.in_use():
            return self.system.choices(self.content, self.state)

    # --- the capabilities a game may have (a system without one answers "nothing") ------------

    def _ask(self, kind: type, question: str, unanswered, *args):
        found = self.capability(kind)
        return unanswered if found is None else getattr(found, question)(self.content, self.state, *args)

    def legal_moves(self, unit_ids) -> dict[str, int | float]:
        """Every hex the units can reach moving together, with its MP cost."""
        return self._ask(Movement, "legal_moves", {}, tuple(unit_ids))

    def path(self, unit_ids, hex_id: str):
        """The cheapest legal path: each hex with its cumulative cost and the reason for each cost."""
        return self._ask(Movement, "path", [], tuple(unit_ids), hex_id)

    def odds(self, attacker_ids, defender_hex: str, launch: str | None = None):
        """Strengths, raw odds, every shift as (shift, reason, rule), the final column and
        the exact probability of each combat result; ``launch``: an overrun's hex next to
        the defender."""
        if launch is None:
            return self._ask(Odds, "odds", None, tuple(attacker_ids), defender_hex)
        return self._ask(Odds, "odds", None, tuple(attacker_ids), defender_hex, launch)

    def los(self, viewer_hex: str, target_hex: str, from_level: int = 0, to_level: int = 0):
        """Line of sight from one Location to another (``core.system.SightLine``): seen or not,
        every hex crossed with what blocks or hinders there, the rule of each step, and whether
        the answer rests on a provisional rule; None for a game without line of sight."""
        return self._ask(LineOfSight, "line_of_sight", None, viewer_hex, target_hex, from_level, to_level)

    def viewshed(self, hex_id: str, level: int = 0) -> dict[str, int]:
        """Every hex whose ground level the Location sees, with its Hindrance total (0: clear)."""
        return self._ask(LineOfSight, "viewshed", {}, hex_id, level)

    def victory(self):
        """The result if play ended now (final once the game is over), with every VP and
        condition behind it."""
        return self._ask(Victory, "victory_status", None)

    def vp_track(self):
        """The VP track (``core.planning.VpTrack``): by turn, now, greatest, levels; None without one."""
        return self._ask(Victory, "vp_track", None)

    def attackers(self, defender_hex: str) -> dict[str, tuple[str, ...]]:
        """The units that may attack the hex now, by the hex they attack from."""
        return self._ask(Odds, "attackers", {}, defender_hex)

    def mandated_hold(self, defender_hex: str) -> tuple[tuple[str, str], ...]:
        """Why the defender in the hex must Hold if attacked, each (reason, rule)."""
        return self._ask(Odds, "mandated_hold", (), defender_hex)

    def overrun_routes(self, unit_ids) -> dict:
        """Every hex the stack may Overrun now, with the road route to it (steps as ``path``'s)."""
        return self._ask(Odds, "overrun_routes", {}, tuple(unit_ids))

    def decision(self) -> dict | None:
        """The Decision the game waits for - kind, side, rule and its data in printed ids - or None."""
        return self._ask(Decisions, "pending_decision", None)

    def describe_decision(self, decision: dict, answers: list[Action]):
        """The Decision in the player's words (``core.system.DecisionView``), its answers sorted."""
        return self._ask(Decisions, "describe", None, decision, answers)

    def barrage_targets(self, artillery_id: str) -> list[str]:
        """Every hex the artillery may barrage now."""
        return self._ask(Barrage, "barrage_targets", [], artillery_id)

    def barrage_allowed(self, artillery_id: str | None, target: str, spotter: str = "") -> tuple[bool, tuple[str, ...]]:
        """May the artillery (None: an Air Strike) fire at the hex now, spotted by ``spotter``
        if one is named, with the reasons."""
        unanswered = (False, ("this rule system has no barrages",))
        if spotter:
            return self._ask(Barrage, "barrage_allowed", unanswered, artillery_id, target, spotter)
        return self._ask(Barrage, "barrage_allowed", unanswered, artillery_id, target)

    def barrage_chances(self, target: str, artillery_id: str | None = None):
        """Each marker's chance before the roll, with every modifier and its reason (None: no barrages)."""
        return self._ask(Barrage, "barrage_chances", None, target, artillery_id)

    def spotters(self, target: str, artillery_id: str | None = None) -> list[str]:
        """The units that may spot a barrage of the hex (None: an Air Strike)."""
        return self._ask(Barrage, "spotters", [], target, artillery_id)

    def barrage_guns(self, target: str) -> list[str]:
        """The guns that may fire together at the hex now (a game where guns fire together)."""
        return self._ask(BarrageTogether, "barrage_guns", [], target)

    def barrage_air_points(self, target: str) -> int:
        """How many air points may join a barrage of the hex now."""
        return self._ask(BarrageTogether, "barrage_air_points", 0, target)

    def chances_together(self, target: str, guns, air_points: int = 0):
        """The chances of these guns and air points firing together at the hex (None: the game's
        guns fire one at a time)."""
        return self._ask(BarrageTogether, "chances_together", None, target, tuple(guns), air_points)

    def air_supply_allowed(self, hex_id: str) -> tuple[bool, tuple[str, ...]]:
        return self._ask(AirSupply, "air_supply_allowed", (False, ("this rule system has no Air Supply",)), hex_id)

    def air_supply_reach(self) -> int:
        """How many hexes around its marker Air Supply reaches (0: no Air Supply)."""
        return self._ask(AirSupply, "air_supply_reach", 0)

    def plungers_at(self, hex_id: str) -> dict[str, str]:
        """The bridge plungers of this hex or of bridges touching it, with their state."""
        return self._ask(Bridges, "plungers_at", {}, hex_id)

    def bridge_blowers(self, plunger: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """(the units that may try to blow the plunger's bridges now, why none may)."""
        return self._ask(Bridges, "bridge_blowers", ((), ("this rule system blows no bridges",)), plunger)

    def placements(self, unit_ids) -> list[str]:
        """Every hex where arriving units may be placed together now, best first ([]: not now)."""
        return self._ask(Placement, "placement_hexes", [], tuple(unit_ids))

    def map_markers(self) -> list:
        """The markers on the map (``core.map_markers.MapMarker``): barrages, bridges, supply,
        control of VP hexes, each with what it does and its rule."""
        return self._ask(Markers, "map_markers", [])

    def campaign(self):
        """The campaign's step now (``core.system.CampaignStep``): its date, the step's name, rule
        and what to do, who acts, what is waited for, the options and the last roll; None for a
        game without a campaign."""
        return self._ask(Campaign, "campaign_step", None)

    def campaign_forms(self) -> tuple:
        """The campaign's paper forms (``core.system.CampaignForm``), the roster first; () for none."""
        return self._ask(Campaign, "campaign_forms", ())

    def campaign_roll(self, action: Action, dice: tuple[int, ...] = (), facts: tuple[str, ...] = ()) -> Action:
        """A campaign roll's action made with the player's own ``dice`` (() for the program's) and
        the modifiers he states about the unit or Location at the table."""
        return self._ask(Campaign, "with_roll", action, action, tuple(dice), tuple(facts))

    def action_log(self) -> list[Action]:
        """The actions that led here from the set-up (undone ones left out): with the seed,
        they replay to the same state hash."""
        return list(self._actions[: self._pointer])

    def log(self) -> list[LogLine]:
        self._history_needed(0, self._pointer)
        return [line for outcome in self._outcomes[: self._pointer] for line in outcome.log]

    def log_since(self, position: int) -> list[LogLine]:
        """The log lines of the actions from the ``position``-th to now."""
        self._history_needed(position, self._pointer)
        return [line for outcome in self._outcomes[position: self._pointer] for line in outcome.log]

    def log_entries(self, start: int = 0) -> list[LogEntry]:
        """Each action so far from the ``start``-th (undone ones left out) with its log lines, how
        many dice it rolled, and the turn and phase it was taken in."""
        self._history_needed(start, self._pointer)
        entries = []
        for i in range(start, self._pointer):
            before = self.state_at(i)
            outcome = self._outcomes[i]
            with self.tables.in_use():
                phase = self.system.situation(self.content, before)
            entries.append(LogEntry(self._actions[i], outcome.log, outcome.state.draws - before.draws, before.turn, phase.name))
        return entries

    @property
    def history(self) -> tuple[Action, ...]:
        """Every action of the history, the undone ones that can be redone included."""
        return tuple(self._actions)

    def state_at(self, position: int) -> GameState:
        """The state after the first ``position`` actions of the history (0: the set-up)."""
        if self._snapshot is not None and position == self._snapshot[0]:
            return self._snapshot[1]
        self._history_needed(0, position)
        return self._outcomes[position - 1].state if position else self._initial

    def forked(self, at: int | None = None) -> Session:
        """A new session of the same game with this one's history up to ``at`` actions (default:
        the position now), to play on apart: a what-if branch.  The two share the content, the
        seed and the outcomes so far (plain values), so the branch's dice fall as they would here."""
        if self._snapshot is not None:  # a fork shares the history: it is known first
            self.verify_history()
        at = self._pointer if at is None else at
        if not 0 <= at <= len(self._outcomes):
            raise ValueError(f"no position {at} in a history of {len(self._outcomes)} actions")
        other = Session(self.content, self.seed, initial=self._initial)
        other._actions = self._actions[:at]
        other._outcomes = self._outcomes[:at]
        other._pointer = other._unsynced_from = at
        other.file = self.file
        other.physical_table = self.physical_table
        return other

    # --- acting ------------------------------------------------------------------------------

    def apply(self, action: Action) -> Outcome:
        """Apply an action through the rules; raises ``Refused`` with the reason if not allowed."""
        with self.tables.in_use():
            outcome = self.system.apply(self.content, self.state, action)
        del self._actions[self._pointer :]
        del self._outcomes[self._pointer :]
        self._unsynced_from = min(self._unsynced_from, self._pointer)
        self._actions.append(action)
        self._outcomes.append(outcome)
        self._pointer += 1
        self._changed(outcome.changes, outcome.log)
        return outcome

    @property
    def can_undo(self) -> bool:
        return self._pointer > 0

    @property
    def can_redo(self) -> bool:
        return self._pointer < len(self._actions)

    def undo_text(self) -> str:
        return self._actions[self._pointer - 1].describe() if self.can_undo else ""

    def redo_text(self) -> str:
        return self._actions[self._pointer].describe() if self.can_redo else ""

    def undo(self) -> Changes | None:
        if self.can_undo:
            self._history_needed(self._pointer - 1, self._pointer)
        if not self.can_undo:
            return None
        changes = self._outcomes[self._pointer - 1].changes
        self._pointer -= 1
        self._changed(changes, ())
        return changes

    def redo(self) -> Changes | None:
        """Redo the next action; its dice come out as before (they are part of the state)."""
        if self.can_redo:
            self._history_needed(self._pointer, self._pointer + 1)
        if not self.can_redo:
            return None
        changes = self._outcomes[self._pointer].changes
        self._pointer += 1
        self._changed(changes, self._outcomes[self._pointer - 1].log)
        return changes

    @property
    def history_position(self) -> int:
        return self._pointer

    # --- listeners and saving ---------------------------------------------------------------

    def subscribe(self, listener: Listener) -> None:
        self._listeners.append(listener)

    def unsubscribe(self, listener: Listener) -> None:
        if listener in self._listeners:
            self._listeners.remove(listener)

    def _changed(self, changes: Changes, log: tuple[LogLine, ...]) -> None:
        if self._autosave is not None:
            self._sync_autosave()
        for listener in list(self._listeners):
            listener(changes, log)

    def _saved(self) -> SavedGame:
        game = SavedGame(
            content=self.content,
            seed=self.seed,
            actions=list(self._actions),
            pointer=self._pointer,
            state_json=state_to_json(self.state, self.content.map.hex_id),
            state_hash=self.state_hash(),
            physical_table=self.physical_table,
        )
        if self.lines is not None:  # the game's other lines of play go with it
            game.line, game.main_line, game.lines = self.lines.saved_lines(self)
        return game

    def save(self, path: Path | str) -> None:
        """Save atomically: the file is the old save or the complete new one."""
        write_game(Path(path), self._saved())
        self.file = Path(path)
        if self.lines is not None:
            self.lines.saved_as(Path(path))
        self.unsaved_play = False
        if self._autosave is not None:
            self._autosave.saved_to(Path(path))

    def autosave(self, path: Path | str) -> None:
        """Keep ``path`` up to date after every action, undo and redo."""
        if self._autosave is not None:
            self._autosave.close()
        self._autosave = Autosave(Path(path), self._saved(), self.file, self.unsaved_play)
        self._unsynced_from = len(self._actions)

    def _sync_autosave(self) -> None:
        self._autosave.sync(
            self._actions,
            self._pointer,
            self.seed,
            state_to_json(self.state, self.content.map.hex_id),
            self.state_hash(),
            self._unsynced_from,
        )
        self._unsynced_from = len(self._actions)

    @property
    def autosave_file(self) -> Path | None:
        return self._autosave.path if self._autosave is not None else None

    def saved_line(self, name: str, parent: str, fork_at: int) -> SavedLine:
        """This session as one of the other lines of play saved with its game."""
        return SavedLine(name, parent, fork_at, list(self._actions), self._pointer, self.state_hash(),
                         state_to_json(self.state, self.content.map.hex_id))

    def lines_changed(self) -> None:
        """The game's other lines of play changed: bring the autosave in line."""
        if self._autosave is not None:
            self._autosave.write_lines(self._saved())

    def close(self) -> None:
        if self._autosave is not None:
            self._autosave.close()
            self._autosave = None

    def refresh_all(self) -> None:
        """Tell every listener to redraw everything (after opening a game, say)."""
        for listener in list(self._listeners):
            listener(EVERYTHING, ())
