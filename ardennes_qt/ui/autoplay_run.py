"""Playing a whole game through the table, with random legal choices: the engine's random
player picks each action, and the table carries it out the way a player's hand would -
a move or a placement is a drop on the hex (``window.move_units``), Next Phase is the
phase bar's action, and everything else (attacks, barrages, the answers to Decisions)
goes through ``window.apply``, where the dialogs' and prompts' buttons end up.

Each action the table took is checked against the one chosen, so a table that carried
out something else (or nothing) stops the run with the reason.  The rules are enforced
for the run without touching the game's saved setting.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Callable

from PySide6.QtCore import QCoreApplication

from ardennes_qt.core.actions import Action, MoveUnits
from ardennes_qt.engine.autoplay import RandomPlayer
from ardennes_qt.ui.counter_moves import PLACE_KIND
from ardennes_qt.ui.phase_bar import END_PHASE
from ardennes_qt.ui.rules_assistance import ENFORCE
from ardennes_qt.ui.screenshot import grab_settled

if TYPE_CHECKING:
    from ardennes_qt.ui.table_window import TableWindow

EVENTS_EVERY = 1  # let the window redraw after this many actions (as a player would see it)


class TableAutoplayError(RuntimeError):
    """The table did not carry out the action the random player chose."""


class TableAutoplay:
    def __init__(self, window: TableWindow, rng: random.Random) -> None:
        self.window = window
        self.player = RandomPlayer(rng)
        window.play.assistance.set_mode(ENFORCE, remember=False)

    def carry_out(self, action: Action) -> None:
        """Do ``action`` the way the table's own controls do it."""
        window = self.window
        if isinstance(action, MoveUnits) or action.kind == PLACE_KIND:
            window.move_units(action.units, action.to)
        elif action.kind == END_PHASE:
            window.phase_bar.end_phase.trigger()
        else:
            window.apply(action, tuple(getattr(action, "units", ())))

    def step(self, done_in_phase: int = 0) -> bool:
        """One action; False when there is none left (the game is over)."""
        session = self.window.session
        action = self.player.choose(session, done_in_phase)
        if action is None:
            return False
        before = session.history_position
        self.carry_out(action)
        taken = session.action_log()[before:]
        if taken != [action]:
            info = session.phase()
            raise TableAutoplayError(f"Turn {info.turn} {info.name}: the table was to {action.describe()}, "
                                     f"but did {', '.join(a.describe() for a in taken) or 'nothing'}"
                                     f" ({self.window.statusBar().currentMessage()})")
        return True

    def play(self, until_turn: int | None = None, max_actions: int = 100_000,
             progress: Callable[[int], None] | None = None) -> int:
        """Play until the game is over (or ``until_turn`` begins); the number of actions taken."""
        session = self.window.session
        taken = in_phase = 0
        key = (session.state.turn, session.state.phase)
        while taken < max_actions and (until_turn is None or session.state.turn < until_turn) and self.step(in_phase):
            taken += 1
            new_key = (session.state.turn, session.state.phase)
            in_phase = in_phase + 1 if new_key == key else 0
            key = new_key
            if taken % EVENTS_EVERY == 0:
                QCoreApplication.processEvents()
                if progress is not None:
                    progress(taken)
        return taken


def played_words(scenario: str, first_turn: int, until_turn: int | None, taken: int, turn: int) -> str:
    """What an autoplay run did, saying so when the scenario began past the turn asked to stop at."""
    words = f"{taken} actions played, turn {turn}"
    if until_turn is not None and until_turn <= first_turn:
        return f"{scenario} starts on turn {first_turn}, so --until-turn {until_turn} stops before any play: {words}"
    return words


def end_screen(window: TableWindow):
    """The end-of-scenario summary over the table, or the table itself (with the phase report
    giving the result) where there is no summary."""
    try:
        from ardennes_qt.ui.scenario_end import show_scenario_end
    except ImportError:
        return window
    return show_scenario_end(window)


def run_autoplay(app, window: TableWindow, until_turn: int | None, shot: Path | None, size, center, zoom) -> int:
    """The ``--autoplay random`` command: play the game through the table, seeded by the game's
    own seed; then write the screen to ``shot`` (the end of the scenario once the game is
    over, else the table) or leave the window open."""
    window.resize(*size)
    window.show()
    app.processEvents()
    session = window.session
    first_turn = session.state.turn

    def progress(taken: int) -> None:
        window.show_message(f"Autoplay: {taken} actions played, Turn {session.state.turn}")

    try:
        taken = TableAutoplay(window, random.Random(session.seed)).play(until_turn, progress=progress)
    except TableAutoplayError as exc:
        print(f"ardennes-qt: autoplay stopped: {exc}", file=sys.stderr)
        return 1
    info = session.phase()
    print("ardennes-qt: " + played_words(session.content.scenario.id, first_turn, until_turn, taken, info.turn)
          + (f": {session.victory().result}" if info.game_over else ""), file=sys.stderr)
    window.play.dismiss_notes()  # the last Next Phase's note would hide the map
    screen = end_screen(window) if info.game_over else window
    if shot is None:
        return app.exec()
    if screen is window and (zoom is not None or center):
        window.view.zoom_to(zoom if zoom is not None else window.view.zoom(), center)
    return grab_settled(app, window, screen, shot)
