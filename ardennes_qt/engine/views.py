"""Read-only views of the state for scripts and the UI: plain values, printed words."""

from __future__ import annotations

from dataclasses import asdict, dataclass

from ardennes_qt.core.content import Content
from ardennes_qt.core.hexgrid import Direction, Hex, Hexside
from ardennes_qt.core.state import GameState
from ardennes_qt.core.system import CounterFaces, Estimates
from ardennes_qt.engine.systems import system_for


@dataclass(frozen=True)
class UnitView:
    """One unit as scripts and the UI read it: its counter's printed words and values, and where it
    stands now."""

    id: str
    name: str
    side: str
    nationality: str
    formation: str
    formation_name: str
    unit_type: str
    designation: str
    values: str  # the values showing now, e.g. "3-5-10" or "[9]-1-16"
    full_values: str
    reduced_values: str  # "" for one-step units
    steps: int
    max_steps: int
    hex: str | None
    where: str
    dg: bool
    reduced: bool
    ma_type: str
    exploit: bool
    artillery: bool
    estimated: tuple[str, ...]  # which of this counter's values are estimated, not printed
    statuses: tuple[str, ...] = ()  # DG and the game's other statuses of the unit now ("reserve"...)
    # The value fields ``values`` shows where the game prints its own values (strength-steps-quality),
    # not attack-defense-movement; empty for the SCS counter.
    value_fields: tuple[str, ...] = ()
    band_colour: str = ""  # where the game says which colour the counter's band prints

    def as_dict(self) -> dict:
        return asdict(self)

    def __getitem__(self, key: str):
        return getattr(self, key)


def _faces(content: Content):
    try:
        system = system_for(content.system)
    except KeyError:
        return None
    return system.capability(CounterFaces) if system.offers(CounterFaces) else None


def statuses(content: Content, state: GameState, unit_id: str) -> frozenset[str]:
    """The unit's statuses now: its game says where it keeps them, else those on the unit."""
    faces = _faces(content)
    if faces is not None:
        return faces.statuses(content, state, unit_id)
    u = state.units[unit_id]
    return frozenset(u.statuses | ({"dg"} if u.dg else set()))


def values_showing(content: Content, state: GameState, unit_id: str):
    """The values the counter shows: its game says (an artillery unit's mode side), else the
    full or the reduced side by its steps."""
    try:
        system = system_for(content.system)
    except KeyError:
        system = None
    if system is not None and system.offers(CounterFaces):
        return system.capability(CounterFaces).values_showing(content, state, unit_id)
    return content.counter(unit_id).values_at(state.units[unit_id].steps)


def _printed(values) -> str:
    """Values as the counter prints them; "" for a game whose counters print none (KGP's generic ones)."""
    return "" if values is None else str(values)


def unit_view(content: Content, state: GameState, unit_id: str) -> UnitView:
    counter = content.counter(unit_id)
    u = state.units[unit_id]
    formation = content.formations.get(counter.formation)
    reduced = counter.steps > 1 and u.steps < counter.steps
    showing = values_showing(content, state, unit_id)
    return UnitView(
        id=unit_id,
        name=counter.name,
        side=counter.side,
        nationality=counter.nationality,
        formation=counter.formation,
        formation_name=formation.name if formation else counter.formation,
        unit_type=counter.unit_type or getattr(showing, "symbol", ""),
        designation=counter.designation or getattr(showing, "designation", ""),
        values=_printed(showing),
        full_values=_printed(counter.full),
        reduced_values=str(counter.reduced) if counter.reduced else "",
        steps=u.steps,
        max_steps=counter.steps,
        hex=content.map.hex_id(u.hex) if u.where == "map" and u.hex is not None else None,
        where=u.where,
        dg=u.dg,
        reduced=reduced,
        ma_type=counter.ma_type,
        exploit=counter.exploit,
        artillery=counter.is_artillery,
        estimated=tuple(counter.estimated_fields()),
        statuses=tuple(sorted(statuses(content, state, unit_id))),
        value_fields=tuple(getattr(showing, "fields", ())),
        band_colour=getattr(showing, "band", ""),
    )


def hex_info(content: Content, state: GameState, h: Hex) -> dict:
    """Everything printed on the map for one hex, in the map's own words."""
    m = content.map
    record = m.hexes.get(h)
    place = m.places.get(h)
    area = m.entry_area_of(h)
    sides = {}
    roads = {}
    bridges = {}
    for direction in Direction:
        side = Hexside.of(h, direction)
        if side in m.hexsides:
            r = m.hexsides[side]
            sides[direction.name] = {"features": sorted(r.features), "name": r.name}
        if side in m.roads:
            roads[direction.name] = m.roads[side].kind
        if side in m.bridges:
            b = m.bridges[side]
            bridges[direction.name] = {"built": b.built, "plunger": b.plunger}
    return {
        "id": m.hex_id(h),
        "terrain": sorted(m.terrain(h)),
        "hexsides": sides,
        "roads": roads,
        "bridges": bridges,
        "name": place.name if place else "",
        "vp": place.vp if place else 0,
        "entry_area": area.letter if area else "",
        "units": state.units_at(h),
        "control": state.control.get(h, ""),
        "in_play": content.in_play_area(h),  # within the scenario's play area (7.x Maps in Play)
        "source": record.source if record else m.source,
    }


def estimate_reasons(content: Content) -> dict[str, str]:
    """Why each kind of estimated value is what it is, in the rule system's own words.

    Keys are provenance field names (``reduced``, ``ma_type``...); a field whose rule the
    system does not state is left out, and the UI says only that it is estimated.
    """
    try:
        system = system_for(content.system)
    except KeyError:  # a game no installed system plays: nothing to say of its estimates
        return {}
    found = system.capability(Estimates) if system.offers(Estimates) else None
    return dict(found.estimate_reasons()) if found is not None else {}
