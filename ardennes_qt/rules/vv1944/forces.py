"""What the rules read off a counter (1.1): its kind, formation, AP and MP, and who stands where."""

from __future__ import annotations

from ardennes_qt.core.content import Content
from ardennes_qt.core.hexgrid import Hex
from ardennes_qt.core.state import GameState

HQ = "HQ"
MECHANIZED = ("mechanized", "armored")


def is_hq(content: Content, uid: str) -> bool:
    return content.counter(uid).value("type") == HQ


def movement_class(content: Content, uid: str) -> str:
    """ "infantry" or "mechanized" (armored units use the mechanized column, 1.1).  An HQ moves
    as mechanized: its movement is not printed (its 6 MP are estimated), nor its terrain column."""
    kind = content.counter(uid).value("type")
    return "infantry" if kind == "infantry" else "mechanized"


def corps_of(content: Content, uid: str) -> str:
    """The formation a unit activates with (3.2): its corps; "" for an independent unit (16.3)."""
    counter = content.counter(uid)
    corps = str(counter.value("corps") or "")
    formation = content.formations.get(corps)
    return "" if formation is None or formation.independent else corps


def hq_of(content: Content, corps: str) -> str:
    formation = content.formations.get(corps)
    return str(formation.values.get("hq") or "") if formation else ""


def army_of(content: Content, uid: str) -> str:
    return str(content.counter(uid).value("army") or "")


def base_ap(content: Content, uid: str) -> int:
    return int(content.counter(uid).value("ap") or 2)


def mp(content: Content, uid: str) -> int:
    return int(content.counter(uid).value("mp") or 4)


def strength(content: Content, state: GameState, uid: str) -> int:
    """Printed strength, 3 points a step lost (1.2); an HQ's 1."""
    counter = content.counter(uid)
    full = int(counter.value("strength") or 1)
    lost = counter.steps - state.units[uid].steps
    return max(1, full - 3 * lost) if lost else full


def side_of(content: Content, uid: str) -> str:
    return content.counter(uid).side


def enemy(side: str) -> str:
    return "German" if side == "Allied" else "Allied"


def on_map(content: Content, state: GameState, side: str) -> list[str]:
    return [u for u, s in state.units.items() if s.where == "map" and content.counter(u).side == side]


def enemy_hexes(content: Content, state: GameState, side: str) -> set[Hex]:
    return {state.units[u].hex for u in on_map(content, state, enemy(side))}


def steps_in(state: GameState, h: Hex, leaving: tuple[str, ...] = ()) -> int:
    """Stacking (5): the steps in a hex, HQ 1, markers none."""
    return sum(state.units[u].steps for u in state.units_at(h) if u not in leaving)
