"""Movement (6, 13, 16.1) and zones of control (4): what a Move action (1 AP) lets an activated
unit or stack reach, paying the Terrain Effects Chart in half MPs (roads cost 1/2 MP).

- 6.1: each Move action gives the unit its MP (infantry 4, mechanized and armored 6); consecutive
  actions add up, so a route costs ceil(MP / allowance) AP; what is left of the last is lost.
- 6.2: the road rate only for a unit alone in the road hex it enters.
- 13.1: a river crossed costs US infantry 2 MP, a bridge US armor 3 MP, both with the far hex;
  a German unit pays 1 AP and keeps the MP of its action; mechanized units cross on bridges only.
- 4.1-4.2: ZoC in a unit's hex and around it, not across rivers; an HQ or a strength-1 unit only
  in its own hex.  Entering an enemy ZoC stops the unit, and needs an AP left to attack unless the
  hex is a city, village or forest; leaving costs +1 MP, ZoC to ZoC +2 MP and never between two
  hexes of the same enemy unit's ZoC.
- 5: at most 6 steps in the hex where a move ends.
Readings: a stack moves together when its units share a movement class (move mixed stacks unit by
unit); an HQ moves as mechanized with 6 MP (estimated, not printed)."""

from __future__ import annotations

from dataclasses import dataclass

from ardennes_qt.core.content import Content
from ardennes_qt.core.hexgrid import Hex, Hexside
from ardennes_qt.core.state import GameState
from ardennes_qt.rules.common.search import cheapest_routes
from ardennes_qt.rules.vv1944.activation import arrived_this_turn, arrival_of
from ardennes_qt.rules.vv1944.forces import enemy, is_hq, movement_class, mp, side_of, steps_in, strength
from ardennes_qt.rules.vv1944.state import data
from ardennes_qt.rules.vv1944.tables import table

RIVERS = ("river", "meuse")
STOP_SAFE = ("city", "village", "forest")  # 4.2: may be entered without an AP left to attack
MAP_TERRAIN = {"open": "clear", "rough": "rough", "forest": "forest"}


@dataclass(frozen=True)
class Group:
    units: tuple[str, ...]
    side: str
    cls: str
    allowance: int  # half MPs a Move action gives
    budget: int  # half MPs the units can spend now (their AP and what is left of an entry)
    start: Hex
    trucks: bool  # 16.1: in trucks on its arrival turn


def zoc_map(content: Content, state: GameState, side: str) -> dict[Hex, frozenset[str]]:
    """4.1: every hex in the ZoC of ``side``'s enemy, with the enemy units exerting it."""
    m = content.map
    out: dict[Hex, set[str]] = {}
    for uid, u in state.units.items():
        if u.where != "map" or side_of(content, uid) != enemy(side):
            continue
        out.setdefault(u.hex, set()).add(uid)
        if is_hq(content, uid) or strength(content, state, uid) <= 1:
            continue
        for n in u.hex.neighbours():
            if m.contains(n) and not (m.side_features(u.hex, n) & set(RIVERS)):
                out.setdefault(n, set()).add(uid)
    return {h: frozenset(s) for h, s in out.items()}


def hex_cost(content: Content, h: Hex, cls: str) -> int:
    """TEC: a hex's cost in half MPs off the road (Westwall: the other terrain; a village costs
    infantry 1 and mechanized the other terrain; a city 1)."""
    tec = table("terrain")["hex"]
    terrain = content.map.terrain(h)
    if "city" in terrain or ("village" in terrain and cls == "infantry"):
        return 2 * int(tec["city"][cls] if "city" in terrain else tec["village"]["infantry"])
    costs = [tec[MAP_TERRAIN[t]][cls] for t in terrain if t in MAP_TERRAIN]
    return int(2 * max(costs, default=tec["clear"][cls]))


def group_of(content: Content, state: GameState, units: tuple[str, ...]) -> tuple[Group | None, str]:
    """The units as one moving group, or None and why they cannot move together now."""
    act = data(state).activation
    if act is None:
        return None, "no activation is under way"
    if not units:
        return None, "no units"
    for uid in units:
        if uid not in act.units:
            return None, f"{content.counter(uid).name} is not activated"
        if state.units[uid].where != "map":
            return None, f"{content.counter(uid).name} is not on the map"
        if uid in data(state).pinned:
            return None, f"{content.counter(uid).name} began the game adjacent to a German unit: no move on Turn 1 (17.1)"
    hexes = {state.units[u].hex for u in units}
    classes = {movement_class(content, u) for u in units}
    if len(hexes) > 1:
        return None, "the units are not in one hex"
    if len(classes) > 1:
        return None, "infantry and mechanized units move one by one"
    cls = classes.pop()
    allowance = 2 * min(mp(content, u) for u in units)
    budget = min(act.mp_left.get(u, 0) + act.ap.get(u, 0) * allowance for u in units)
    trucks = all(arrived_this_turn(content, state, u) and (arrival_of(content, u) or (0, {}))[1].get("in_trucks")
                 for u in units)
    return Group(units, side_of(content, units[0]), cls, allowance, budget, hexes.pop(), bool(trucks)), ""


def step_cost(content: Content, state: GameState, g: Group, a: Hex, b: Hex, zoc, enemies) -> tuple[int | None, str, str]:
    """The half MPs of one step a -> b with its reason and rule; None: not allowed."""
    m = content.map
    if b in enemies:
        return None, "an enemy unit is there", "6"
    sides = m.side_features(a, b)
    bridge = Hexside.between(a, b) in m.bridges
    if sides & set(RIVERS):
        if g.cls == "mechanized" and not bridge:
            return None, "mechanized units cross rivers on bridges only", "13.1"
        if g.side == "German":
            cost, why, rule = g.allowance, "river crossed: 1 AP", "13.1"
        else:
            cost = 4 if g.cls == "infantry" else 6
            cost, why, rule = cost, f"{'bridge' if bridge else 'river'} crossed: {cost / 2:g} MP", "TEC, 13.1"
    else:
        others = [u for u in state.units_at(b) if u not in g.units]
        if m.road_between(a, b) and len(g.units) == 1 and not others:
            if g.trucks and not any(e.distance(b) <= 2 for e in enemies):
                cost, why, rule = 1, "road in trucks: 1/2 MP", "16.1"
            else:
                cost = int(2 * float(table("terrain")["road"][g.cls]))
                cost, why, rule = cost, f"road, alone in the hex: {cost / 2:g} MP", "TEC, 6.2"
        else:
            cost = hex_cost(content, b, g.cls)
            why, rule = f"{'/'.join(sorted(m.terrain(b) - {'west_of_meuse'})) or 'clear'}: {cost / 2:g} MP", "TEC"
    za, zb = zoc.get(a, frozenset()), zoc.get(b, frozenset())
    if za and zb:
        if za & zb:
            return None, "from one hex of an enemy unit's ZoC to another of the same unit's", "4.2"
        cost, why = cost + 4, why + "; ZoC to ZoC +2 MP"
    elif za:
        cost, why = cost + 2, why + "; leaving an enemy ZoC +1 MP"
    return cost, why, rule


def reach(content: Content, state: GameState, units: tuple[str, ...]):
    """The search for a group: (group, reached, index, hex of index) or (None, why)."""
    g, why = group_of(content, state, units)
    if g is None:
        return None, why
    numbering = content.map.numbering
    zoc = zoc_map(content, state, g.side)
    enemies = {state.units[u].hex for u, s in state.units.items() if s.where == "map" and side_of(content, u) == enemy(g.side)}

    def steps_out(i: int, leaving: bool = False):
        a = numbering.hex_at(i)
        if zoc.get(a) and not leaving:
            return []  # 4.2: entering an enemy ZoC stops the unit
        out = []
        for b in a.neighbours():
            if not content.map.contains(b) or not content.in_play_area(b):
                continue
            cost, _, _ = step_cost(content, state, g, a, b, zoc, enemies)
            if cost is not None:
                out.append((numbering.index(b), cost))
        return sorted(out, key=lambda s: s[1])

    reached = cheapest_routes([numbering.index(g.start)], g.budget, steps_out, leaving=lambda i: steps_out(i, True))
    return (g, reached, zoc, enemies), ""


def ap_spent(content: Content, state: GameState, g: Group, uid: str, cost: int) -> int:
    left = data(state).activation.mp_left.get(uid, 0)
    need = max(0, cost - left)
    return -(-need // g.allowance)


def legal_moves(content: Content, state: GameState, units: tuple[str, ...]) -> dict[str, float]:
    """Every hex the group may end a move in, with its MP cost."""
    found, _ = reach(content, state, units)
    if found is None:
        return {}
    g, reached, zoc, _ = found
    limit = int(table("doctrine")["stacking"]["max_steps"])
    moving = sum(state.units[u].steps for u in units)
    ap = data(state).activation.ap
    out = {}
    for i, cost in reached.cost.items():
        h = content.map.numbering.hex_at(i)
        if h == g.start or steps_in(state, h, units) + moving > limit:
            continue
        if zoc.get(h) and not (content.map.terrain(h) & set(STOP_SAFE)):
            if any(ap[u] - ap_spent(content, state, g, u, cost) < 1 for u in units):
                continue  # 4.2: no AP left to attack
        out[content.map.hex_id(h)] = cost / 2
    return out


def path(content: Content, state: GameState, units: tuple[str, ...], hex_id: str) -> list:
    """The cheapest route: each step's hex, cumulative MP and (MP, reason, rule)."""
    found, _ = reach(content, state, units)
    if found is None or hex_id not in legal_moves(content, state, units):
        return []
    g, reached, zoc, enemies = found
    numbering = content.map.numbering
    route = [numbering.hex_at(i) for i in reached.route(numbering.index(content.map.parse(hex_id)))]
    out = []
    total = 0
    for a, b in zip(route, route[1:]):
        cost, why, rule = step_cost(content, state, g, a, b, zoc, enemies)
        total += cost
        out.append({"hex": content.map.hex_id(b), "cost": total / 2, "why": (cost / 2, why, rule)})
    return out
