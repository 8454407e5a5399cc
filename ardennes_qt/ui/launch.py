"""Starting the table from the command line: the Qt application, the first game,
and the offscreen screenshot."""

from __future__ import annotations

import argparse
import gc
import random
import sys
from pathlib import Path

from PySide6.QtCore import QCoreApplication, Qt, QTimer
from PySide6.QtWidgets import QApplication

from ardennes_qt.desktop import TABLE
from ardennes_qt.engine.session import Session
from ardennes_qt.store.errors import ContentError
from ardennes_qt.ui import game_files
from ardennes_qt.ui.app_icon import application_icon
from ardennes_qt.ui.game_files import APP_NAME
from ardennes_qt.ui.quiet_collection import quiet_collection
from ardennes_qt.ui.screenshot import screenshot
from ardennes_qt.ui.table_window import TableWindow

RESUME_COLLECTION_MS = 5000  # the collector runs again by then, first frame or not


def application() -> QApplication:
    from ardennes_qt.ui.qt_messages import quiet_qt_messages

    quiet_qt_messages()
    app = QApplication.instance() or QApplication([sys.argv[0]])
    QCoreApplication.setOrganizationName(APP_NAME)
    QCoreApplication.setApplicationName("table")
    app.setWindowIcon(application_icon(TABLE))
    app.setDesktopFileName(TABLE.command)  # Wayland finds the window's icon and name by it
    quiet_collection(app)  # full collections at quiet moments, short waits for the interpreter
    return app


def resume_collection(window: TableWindow) -> None:
    """Let the garbage collector run again (held off while the table opened, see
    ``app.hold_collection``) once ``window`` has shown its first frame."""
    if not gc.isenabled():
        window.view.firstPainted.connect(gc.enable, Qt.SingleShotConnection)
        QTimer.singleShot(RESUME_COLLECTION_MS, gc.enable)


def first_session(args: argparse.Namespace, default_scenario: str) -> tuple[Session, str]:
    """The game to open, and why the file could not be opened if it could not.

    A file that cannot be opened gives way to a new game (and the message); a scenario
    that does not exist raises ContentError.
    """
    from ardennes_qt.engine.opening import new_game, open_file  # opening a file only
    from ardennes_qt.store.editorfile import is_module_file
    from ardennes_qt.ui.file_questions import open_game_file

    seed = args.seed if args.seed is not None else random.randrange(1, 1_000_000)
    if args.savefile and (not args.scenario or is_module_file(Path(args.savefile))):
        # A saved game, or an editor module: a new game of the scenario named (by its id, or
        # system/id), or its first.  A run with no one to ask (a screenshot, autoplay) asks nothing.
        asked = not (args.screenshot or args.autoplay)
        try:
            if asked:
                session = open_game_file(None, args.savefile, args.scenario, seed)
            else:
                session = open_file(args.savefile, args.scenario, seed)
        except ContentError as exc:
            return new_game(default_scenario, seed), str(exc)
        if session is not None:
            return session, ""
    return new_game(args.scenario or default_scenario, seed), ""


def unfinished_or(session: Session, args: argparse.Namespace) -> tuple[Session, str]:
    """The game the last run was playing when it stopped without closing, if the player
    wants it back (asked only when no file was named, or the game was last saved to the
    one named); else ``session``.  Also why it could not be brought back, if it could not."""
    from ardennes_qt.ui import file_questions

    game = game_files.unfinished_game()
    if game is None:
        return session, ""
    if args.savefile and (game.saved_file is None or Path(args.savefile).resolve() != game.saved_file.resolve()):
        return session, ""
    if not file_questions.restore_unfinished(None, game):
        return session, ""
    try:
        return game_files.restored(game), ""
    except ContentError as exc:
        return session, str(exc)


def run_table(args: argparse.Namespace, default_scenario: str) -> int:
    app = application()
    try:
        session, error = first_session(args, default_scenario)
    except ContentError as exc:
        print(f"ardennes-qt: {exc}", file=sys.stderr)
        return 2
    if not (args.screenshot or args.autoplay):
        session, not_restored = unfinished_or(session, args)
        error = error or not_restored
    if args.autoplay:
        from ardennes_qt.ui.autoplay_run import run_autoplay

        gc.enable()  # a whole game is played: garbage from the start on
        window = TableWindow(session, autosave=False, remember_layout=False)
        shot = Path(args.screenshot) if args.screenshot else None
        return run_autoplay(app, window, args.until_turn, shot, args.size, args.center, args.zoom)
    if args.screenshot:
        if error:
            print(f"ardennes-qt: {error}", file=sys.stderr)
            return 1
        window = TableWindow(session, autosave=False, remember_layout=False, staged=True)
        resume_collection(window)
        return screenshot(app, window, Path(args.screenshot), args.size, args.center, args.zoom)
    window = TableWindow(session, staged=True)  # the map on screen first, the panels a moment after
    resume_collection(window)
    window.show()
    if error:
        name = Path(args.savefile).name if args.savefile else "The last game"
        window.report_error("Cannot open the game", f"{name} could not be opened.",
                            f"{error}\n\n{session.content.scenario.title} is on the table instead.")
    return app.exec()
