"""The Decisions of movement in a player's words (2.1bC, 2.1bD, 2.2a, 3.1): who decides what, and
each answer as a hex to pick on the map or a button."""

from __future__ import annotations

from ardennes_qt.core.actions import Action
from ardennes_qt.core.content import Content
from ardennes_qt.core.state import GameState
from ardennes_qt.core.system import Answer, DecisionView
from ardennes_qt.rules.ardennes1994.actions import DropMarker, KeepHidden, Redirect, RevealGreif
from ardennes_qt.rules.ardennes1994.bridges import GREIF_AT_BRIDGE
from ardennes_qt.rules.ardennes1994.greif import REDIRECT
from ardennes_qt.rules.ardennes1994.stosser import DROP

MOVEMENT_DECISIONS = frozenset({DROP, REDIRECT, GREIF_AT_BRIDGE})


def movement_decision_view(content: Content, state: GameState, decision: dict, answers: list[Action]) -> DecisionView:
    kind, side, rule, data = decision["kind"], decision["side"], decision["rule"], decision["data"]
    name = content.counter
    if kind == DROP:
        picks = tuple(Answer(f"Drop Marker at {a.hex}", a, a.hex) for a in answers if isinstance(a, DropMarker))
        return DecisionView(kind, side, rule, "German player: place the von der Heydte Drop Marker",
                            ("KG von der Heydte drops at the end of this phase, scattering from the marker: one die for "
                             "the direction, one for the distance; off the map, on US units or at 5-6 it is destroyed (2.2b).",),
                            (), picks, "Pick the drop hex on the map")
    if kind == REDIRECT:
        unit, team, here = data["unit"], data["team"], data["hex"]
        buttons = tuple(Answer("Let it pass", a) for a in answers if isinstance(a, Redirect) and not a.road)
        picks = tuple(Answer(f"Send it down the road to {a.road}", a, a.road, (here, a.road), (unit,))
                      for a in answers if isinstance(a, Redirect) and a.road)
        return DecisionView(kind, side, rule, f"German player: redirect {name(unit).name}?",
                            (f"{name(unit).name} has moved into {here}, where {name(team).name} hides.",
                             "Redirected, it goes 5 bonus MP down the road you pick and stops at the first village, city, "
                             "crossroads or map edge; the US rolls first: 5-6 discovers and destroys the team (2.1bC)."),
                            buttons, picks, "Pick the road's first hex on the map, or let it pass")
    bridge = str(data["bridge"]).replace("|", "-")
    what = "repair" if data.get("repair") else "blow"
    buttons = tuple(Answer("Keep the Greif Teams hidden", a) for a in answers if isinstance(a, KeepHidden))
    picks = tuple(Answer(f"Open {name(a.unit).name} at {a.to}", a, a.to, (), (a.unit,))
                  for a in answers if isinstance(a, RevealGreif))
    return DecisionView(kind, side, rule, f"German player: the US points at the bridge {bridge}",
                        (f"The US means to {what} it. A Greif Team that opens in one of its hexes now stops the "
                         "attempt, which still counts as used (3.1, 2.1bD).",),
                        buttons, picks, "Pick where a team opens, or keep them hidden")
