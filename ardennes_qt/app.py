"""The ardennes-qt command line.

    ardennes-qt [SAVEFILE]                   open the table (a new 7.1 game by default)
    ardennes-qt --scenario ardennes2/7.1 [--seed N] --screenshot out.png [--size 1600x1000]
                [--center B1.16] [--zoom 1.0]
    ardennes-qt --scenario ardennes2/7.4 --autoplay random --seed 1 [--until-turn N] [--screenshot end.png]
    ardennes-qt print-setup ardennes2/7.3 -o setup.pdf [--paper A4|Letter] [--landscape]
    ardennes-qt print-setup ardennes2/7.3 --format text [-o setup.txt]
    ardennes-qt install-desktop [--uninstall]    the menus and file associations of a Linux desktop

Qt is imported only once a window is wanted, so the command line stays quick and
scripts can import this module without a display.  Commands other than the table
(a first word such as ``print-setup``) are looked up in ``COMMANDS``.
"""

from __future__ import annotations

import argparse
import gc
import os
import re
import sys
from typing import Callable

DEFAULT_SCENARIO = "ardennes2/7.1"

# Further commands by their first word: name -> function of the remaining arguments,
# returning the exit status.  The table is what runs when no command word is given.
COMMANDS: dict[str, Callable[[list[str]], int]] = {}


def version_line(program: str) -> str:
    from ardennes_qt import __version__

    return f"{program} {__version__}"


def window_size(text: str) -> tuple[int, int]:
    m = re.fullmatch(r"\s*(\d+)\s*[xX]\s*(\d+)\s*", text)
    if not m or int(m.group(1)) < 200 or int(m.group(2)) < 150:
        raise argparse.ArgumentTypeError(f"'{text}' is not a window size like 1600x1000 (at least 200x150)")
    return int(m.group(1)), int(m.group(2))


OTHER_COMMANDS = """other commands (each has its own --help):
  ardennes-qt print-setup SCENARIO -o setup.pdf
                       a scenario's setup sheet as a PDF, or as text with --format text
  ardennes-qt install-desktop [--uninstall]
                       the program's menu entries and file types on a Linux desktop

A game made in the editor (an .ardmod module) opens like a saved game:
  ardennes-qt mygame.ardmod [--scenario ID]   a new game of its scenario ID, or of its first"""


def table_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="ardennes-qt",
        description="The table: a hex map with counters for the 1944 Ardennes board wargames.",
        epilog=OTHER_COMMANDS,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("savefile", nargs="?", help="a saved game (.ardennes), or a module made in the editor "
                        "(.ardmod), to open")
    parser.add_argument("--version", action="version", version=version_line("ardennes-qt"))
    parser.add_argument("--scenario", help=f"start a new game of this scenario (default {DEFAULT_SCENARIO}); "
                        "with a module, one of its scenarios")
    parser.add_argument("--seed", type=int, help="dice seed of a new game (default: a random one)")
    shot = parser.add_argument_group("screenshot", "render the window offscreen to a PNG file and exit")
    shot.add_argument("--screenshot", metavar="PNG", help="write the window to this PNG file and exit")
    shot.add_argument("--size", type=window_size, default=(1600, 1000), help="window size, e.g. 1600x1000")
    shot.add_argument("--center", metavar="HEX", help="centre the map on this hex, e.g. B1.16")
    shot.add_argument("--zoom", type=float, help="map zoom: 1 shows counters about 50 pixels wide (default: whole map)")
    auto = parser.add_argument_group("autoplay", "play the game through the table with random legal choices\n"
                                     "(seeded by --seed); with --screenshot, write the end of the scenario")
    auto.add_argument("--autoplay", choices=("random",), help="the player: random legal actions")
    auto.add_argument("--until-turn", type=int, metavar="N", help="stop when turn N begins (default: play to the end); "
                      "a scenario may start past turn 1 (7.4 starts on turn 3)")
    return parser


def print_setup_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="ardennes-qt print-setup",
        description="Write a scenario's setup sheet, with no window: a PDF (fonts embedded, text "
        "selectable) or plain text.",
    )
    parser.add_argument("scenario", help="a shipped scenario, e.g. ardennes2/7.3")
    parser.add_argument("-o", "--output", metavar="FILE", help="the file to write (a PDF needs one; text goes to "
                        "standard output without)")
    parser.add_argument("--format", choices=("pdf", "text"), default="pdf", help="pdf (default) or text")
    parser.add_argument("--paper", choices=("A4", "Letter"), default="A4", help="paper size of the PDF (default A4)")
    parser.add_argument("--landscape", action="store_true", help="landscape pages (default portrait)")
    return parser


def print_setup(argv: list[str]) -> int:
    parser = print_setup_parser()
    args = parser.parse_args(argv)
    if args.format == "pdf" and not args.output:
        parser.error("a PDF needs a file: -o setup.pdf (or --format text for standard output)")
    from ardennes_qt.store.errors import ContentError
    from ardennes_qt.store.library import load_content

    try:
        content = load_content(args.scenario)
    except ContentError as exc:
        print(f"ardennes-qt: {exc}", file=sys.stderr)
        return 2
    try:
        if args.format == "text":
            return _write_setup_text(content, args.output)
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        from PySide6.QtGui import QGuiApplication

        from ardennes_qt.ui.printing import export_setup_pdf

        app = QGuiApplication.instance() or QGuiApplication([sys.argv[0]])  # noqa: F841 - fonts need it
        export_setup_pdf(content, args.output, args.paper, "landscape" if args.landscape else "portrait")
    except OSError as exc:
        print(f"ardennes-qt: cannot write {args.output}: {exc.strerror or exc}", file=sys.stderr)
        return 1
    return 0


def _write_setup_text(content, output: str | None) -> int:
    from pathlib import Path

    from ardennes_qt.engine.setup_sheet import setup_sheet
    from ardennes_qt.engine.setup_sheet_text import setup_sheet_text
    from ardennes_qt.store.atomic import write_text_atomic

    text = setup_sheet_text(setup_sheet(content))
    if output:
        write_text_atomic(Path(output), text)
    else:
        sys.stdout.write(text)
    return 0


def install_desktop(argv: list[str]) -> int:
    from ardennes_qt.desktop.install import main as install_main

    return install_main(argv)


COMMANDS["print-setup"] = print_setup
COMMANDS["install-desktop"] = install_desktop


def hold_collection() -> None:
    """Opening the table makes a few hundred thousand objects and almost no garbage: the
    cyclic collector would walk them over and over (some 50 ms of the start on a small
    machine).  It is held off until the table's first frame is up (``launch.resume_collection``)."""
    gc.disable()


def quick_start() -> None:
    """What opening the table does before it imports the program's own modules: hold the
    collector, use the record classes' methods compiled on an earlier run
    (``store.record_code``; saved by ``finish``), load PySide6's support modules from their
    code kept on an earlier run (``ui.pyside_start``; both only from files signed with the
    user's key, ``folders.code_key``), and have PySide6 check each module the quick way."""
    from ardennes_qt.store.folders import cache_dir, code_key
    from ardennes_qt.store.record_code import keep_record_code
    from ardennes_qt.ui.pyside_start import import_shiboken, quicker_module_check

    hold_collection()
    folder, key = cache_dir(), code_key()
    keep_record_code(folder, key)
    import_shiboken(folder, key)
    quicker_module_check()


def finish() -> None:
    """Once the table is closed: the collector back on, the record code kept for the next start."""
    from ardennes_qt.store.record_code import stop_keeping_record_code

    gc.enable()
    stop_keeping_record_code()


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    if argv and argv[0] in COMMANDS:
        return COMMANDS[argv[0]](argv[1:])
    args = table_parser().parse_args(argv)
    if args.until_turn is not None and not args.autoplay:
        table_parser().error("--until-turn goes with --autoplay")
    if args.screenshot and not os.environ.get("QT_QPA_PLATFORM"):
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
    quick_start()
    try:
        from ardennes_qt.ui.launch import run_table

        return run_table(args, DEFAULT_SCENARIO)
    finally:
        finish()  # whatever way the table closed, or failed to open


if __name__ == "__main__":
    sys.exit(main())
