"""The ardennes-qt-editor command line.

    ardennes-qt-editor [FILE]                        open a module (.ardmod), or the shipped
                                                     Ardennes II map and scenarios
    ardennes-qt-editor [FILE] --screenshot out.png [--size 1600x1000] [--tab counters]
                       [--center B1.16] [--zoom 1.0] [--scenario 7.1]

With ``--screenshot`` the window is drawn offscreen into a PNG and the program exits.
A recovery file left by a session that ended without saving is offered back first.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

TABS = ("map", "counters", "scenarios", "rules")
SCREENSHOT_WAIT_S = 10.0


def parser() -> argparse.ArgumentParser:
    from ardennes_qt.app import version_line, window_size

    p = argparse.ArgumentParser(prog="ardennes-qt-editor",
                                description="The editor: maps, counters, scenarios and rule tables.")
    p.add_argument("file", nargs="?", help="a module (.ardmod) to open; the shipped Ardennes II by default")
    p.add_argument("--game", default="ardennes2",
                   help="without a module: the game whose shipped content opens (ardennes2, ardennes1994, asl_kgp, vv1944)")
    p.add_argument("--version", action="version", version=version_line("ardennes-qt-editor"))
    shot = p.add_argument_group("screenshot", "draw the window offscreen into a PNG file and exit")
    shot.add_argument("--screenshot", metavar="PNG", help="write the window to this PNG file and exit")
    shot.add_argument("--size", type=window_size, default=(1600, 1000), help="window size, e.g. 1600x1000")
    shot.add_argument("--tab", choices=TABS, default="map", help="the tab to show")
    shot.add_argument("--scenario", help="the scenario to show, e.g. 7.1")
    shot.add_argument("--center", metavar="HEX", help="centre the map on this hex, e.g. B1.16")
    shot.add_argument("--zoom", type=float, help="map zoom (1 shows a hex about 70 pixels wide)")
    return p


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(sys.argv[1:] if argv is None else argv)
    if args.screenshot and not os.environ.get("QT_QPA_PLATFORM"):
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
    from ardennes_qt.ui.pyside_start import quicker_module_check

    quicker_module_check()  # before PySide6 is imported: see ui.pyside_start
    from PySide6.QtCore import QCoreApplication
    from PySide6.QtWidgets import QApplication

    from ardennes_qt.desktop import EDITOR
    from ardennes_qt.store.errors import ContentError
    from ardennes_qt.ui.app_icon import application_icon
    from editor.document import EditorDocument
    from editor.editor_window import EditorWindow
    from editor.files import shipped_document
    from ardennes_qt.ui.qt_messages import quiet_qt_messages
    from editor.recovery import offer_recovery

    quiet_qt_messages()
    app = QApplication.instance() or QApplication([sys.argv[0]])
    QCoreApplication.setOrganizationName("ardennes-qt")
    QCoreApplication.setApplicationName("editor")
    app.setWindowIcon(application_icon(EDITOR))
    app.setDesktopFileName(EDITOR.command)  # Wayland finds the window's icon and name by it
    keep = not args.screenshot
    try:
        document = EditorDocument.open(Path(args.file), keep) if args.file else shipped_document(args.game, autosave=keep)
    except (ContentError, OSError) as exc:
        print(f"ardennes-qt-editor: {exc}", file=sys.stderr)
        return 2
    if keep:
        document = offer_recovery(document, any_module=not args.file)
    window = EditorWindow(document)
    if args.scenario and not window.show_scenario(args.scenario):
        print(f"ardennes-qt-editor: the module has no scenario '{args.scenario}'", file=sys.stderr)
        return 2
    window.show_tab(args.tab)
    if args.screenshot:
        return screenshot(app, window, Path(args.screenshot), args)
    window.show()
    return app.exec()


def screenshot(app, window, path: Path, args) -> int:
    from PySide6.QtCore import QEventLoop

    window.resize(*args.size)
    window.show()
    app.processEvents()
    window.canvas.fit_map()
    if args.zoom is not None or args.center:
        window.canvas.zoom_to(args.zoom if args.zoom is not None else window.canvas.zoom(), args.center)
    window.grab()
    deadline = time.monotonic() + SCREENSHOT_WAIT_S
    while window.canvas.terrain_item.pending and time.monotonic() < deadline:
        app.processEvents(QEventLoop.AllEvents, 20)
        time.sleep(0.005)
    image = window.grab()
    path.parent.mkdir(parents=True, exist_ok=True)
    ok = image.save(str(path), "PNG")
    window.document.close()
    window.hide()
    if not ok:
        print(f"ardennes-qt-editor: cannot write {path}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
