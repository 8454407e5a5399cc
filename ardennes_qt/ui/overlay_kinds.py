"""The planning overlays the toolbar offers: what each is called, what it works out (an
engine question asked on a snapshot, away from the window), how it is drawn and what it
says about the hex under the pointer."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable

from ardennes_qt.core.content import Content
from ardennes_qt.core.state import GameState
from ardennes_qt.ui import overlay_shapes as shapes

if TYPE_CHECKING:
    from ardennes_qt.engine import overlay_facts as facts
    from ardennes_qt.engine import threat

Progress = Callable[[int, int], bool]


def _facts():
    """The engine's overlay questions: imported when an overlay is first worked out or hovered
    (with the rules of play they ask), not with the toolbar that offers them."""
    from ardennes_qt.engine import overlay_facts

    return overlay_facts


def _threat_map(content: Content, state: GameState, side: str, progress: Progress):
    from ardennes_qt.engine.threat import threat_map  # as _facts

    return threat_map(content, state, side, progress)


@dataclass(frozen=True)
class OverlayKind:
    """One planning overlay the toolbar offers: its name and shortcut, the engine question it asks,
    how it is drawn and what it says about a hex."""

    key: str
    title: str  # the toolbar's and the menu's words
    tip: str  # what it shows, with the rule
    shortcut: str
    side: str  # "" for both sides
    compute: Callable[[Content, GameState, Progress], Any]  # None: stopped, or not offered
    shapes: Callable[..., tuple[list, list]]
    hover: Callable[[Content, Any, str], str]  # words about one hex ("" for nothing to say)
    rests_on: str = ""  # the rules it shows, for their provisional choices (overlay_facts.provisional_choices)
    slow: bool = False  # worth a progress report


def _supply_hover(content: Content, picture: facts.SupplyPicture, hex_id: str) -> str:
    ok, reasons = _facts().supply_reasons(content, picture, hex_id)
    return f"{picture.side} {'supplied' if ok else 'out of supply'}: " + "; ".join(reasons)


def _zoc_hover(content: Content, picture: facts.ZocPicture, hex_id: str) -> str:
    posts = [f"{a} and {b}" for a, bond, b in picture.links if bond == hex_id]
    if posts:
        return f"{picture.side} ZOC Bond (1.2: +4 MP to enter, stops a retreat): Posts {'; '.join(posts)}"
    if hex_id in picture.posts:
        return f"{picture.side} ZOC Post (1.2)"
    return ""


def _threat_hover(content: Content, reach: threat.ThreatMap, hex_id: str) -> str:
    if hex_id not in reach.reach:
        return f"out of {reach.side} reach"
    n = reach.reached_by[hex_id]
    return f"{reach.side} reach: {reach.reach[hex_id]} MP, {n} unit{'s' if n != 1 else ''}"


def _marker_hover(content: Content, picture: facts.MarkerPicture, hex_id: str) -> str:
    words = [f"{owner} {size.capitalize()} barrage marker (3.5)" for h, owner, size in picture.barrage if h == hex_id]
    words += ["Air Supply marker (2.2, 3.7)" for h in picture.air_supply if h == hex_id]
    words += [f"{n} of {of} units DG (3.4)" for h, n, of in picture.dg if h == hex_id]
    return "; ".join(words)


def _vp_hover(content: Content, hexes: tuple[facts.VpHex, ...], hex_id: str) -> str:
    v = next((v for v in hexes if v.hex == hex_id), None)
    return f"{v.name} {v.controller}-controlled (6.0)" if v else ""


def _supply(side: str, shortcut: str) -> OverlayKind:
    return OverlayKind(
        f"supply_{side.lower()}", f"{side} supply",
        f"Where {side} units would be in trace supply now (3.7): tinted, with the edge of the supplied "
        f"area; {side} units out of supply ringed in dashed magenta. Hover a hex for the path's reasons.",
        shortcut, side,
        lambda content, state, progress: _facts().supply_picture(content, state, side),
        shapes.supply_shapes, _supply_hover, "supply",
    )


def _zoc(side: str, shortcut: str) -> OverlayKind:
    return OverlayKind(
        f"zoc_{side.lower()}", f"{side} ZOC Bonds",
        f"{side} ZOC Bonds (1.2): each Bond hex, linked to the two ZOC Posts that make it.",
        shortcut, side,
        lambda content, state, progress: _facts().zoc_picture(content, state, side),
        shapes.zoc_shapes, _zoc_hover, "zoc",
    )


def _threat(side: str, shortcut: str) -> OverlayKind:
    return OverlayKind(
        f"threat_{side.lower()}", f"{side} reach",
        f"Threat map: every hex {side} units could reach in their next Movement Phase, as the board "
        "stands now (each unit on its own). Hover a hex for the MPs it takes.",
        shortcut, side,
        lambda content, state, progress: _threat_map(content, state, side, progress),
        shapes.threat_shapes, _threat_hover, "threat", slow=True,
    )


KINDS: tuple[OverlayKind, ...] = (
    _supply("German", "Ctrl+Alt+1"),
    _supply("Allied", "Ctrl+Alt+2"),
    _zoc("German", "Ctrl+Alt+3"),
    _zoc("Allied", "Ctrl+Alt+4"),
    _threat("German", "Ctrl+Alt+5"),
    _threat("Allied", "Ctrl+Alt+6"),
    OverlayKind(
        "markers", "Markers and DG",
        "Barrage markers (3.5; Full solid, Half dashed, in the firing side's colour), Air Supply "
        "markers (2.2) and DG stacks (3.4), ringed and named so they show at any zoom.",
        "Ctrl+Alt+7", "",
        lambda content, state, progress: _facts().marker_picture(content, state),
        shapes.marker_shapes, _marker_hover,
    ),
    OverlayKind(
        "vp_hexes", "VP hexes",
        "Every VP hex of the play area (6.0) in the colour of the side controlling it, with its VP.",
        "Ctrl+Alt+8", "",
        lambda content, state, progress: _facts().vp_hexes(content, state),
        shapes.vp_shapes, _vp_hover, "vp",
    ),
)
