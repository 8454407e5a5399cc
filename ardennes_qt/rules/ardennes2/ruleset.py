"""SCS Ardennes II (seeds 000, 003): the rule system's entry point for the engine.

Opening a game needs its opening position and where play stands (the phase bar of the
table's first frame): these are read with the few modules they take.  Every other
question - an action's outcome, the legal actions, odds, moves, victory, the table's
questions - goes to the rules of play (play.py), loaded the first time one is asked:
after the table's first frame, or at a script's first move.
"""

from __future__ import annotations

from ardennes_qt.core.actions import kinds_defined_in
from ardennes_qt.core.content import Content
from ardennes_qt.core.state import GameState
from ardennes_qt.rules.ardennes2 import setup
from ardennes_qt.rules.ardennes2.a2state import Ardennes2Data
from ardennes_qt.rules.ardennes2.phase_info import PhaseInfo, phase_info
from ardennes_qt.rules.ardennes2.tables import use_house_rules

# The action kinds: known when a saved game's log is read (imported then, or with the rules of play).
kinds_defined_in("ardennes_qt.rules.ardennes2.actions")


class Ardennes2:
    system = "ardennes2"

    def use_house_rules(self, house_rules: dict[str, str]) -> None:
        """Play with these rule tables (TOML text by table name) in place of the shipped ones."""
        use_house_rules(house_rules)

    def initial_state(self, content: Content, seed: int) -> GameState:
        return setup.initial_state(content, seed)

    def phase_info(self, content: Content, state: GameState) -> PhaseInfo:
        return phase_info(content, state)

    def rules_from_json(self, data, parse_hex) -> Ardennes2Data:
        return Ardennes2Data.from_json(data, parse_hex)

    def __getattr__(self, name: str):
        # Only what this class does not answer itself comes here: the rules of play's answers.
        if name.startswith("__"):
            raise AttributeError(name)
        from ardennes_qt.rules.ardennes2.play import RULES

        return getattr(RULES, name)
