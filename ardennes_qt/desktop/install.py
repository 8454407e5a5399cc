"""``ardennes-qt install-desktop``: register the program with the user's Linux desktop.

A program installed with pipx or unpacked from a bundle is not known to the desktop: this
puts its two ``.desktop`` files (running the commands where they are now), its icons
and its MIME types into the user's data folder (``$XDG_DATA_HOME``, ~/.local/share), so
the programs are in the menus and a saved game or an editor module opened from the file
manager opens in the right one.  ``--uninstall`` takes them away again.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
from pathlib import Path

from ardennes_qt.desktop import APPLICATIONS, HERE, ICON_SIZES, ICONS, icon_png

MIME_FILE = "ardennes-qt.xml"


def data_home() -> Path:
    return Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")


def program_folder() -> Path:
    """Where the running command is, and its sibling beside it (a bundle's folder, a venv's bin)."""
    running = Path(sys.executable if getattr(sys, "frozen", False) else sys.argv[0])
    return running.absolute().parent


def installed_files(home: Path) -> list[Path]:
    files = [home / "mime" / "packages" / MIME_FILE]
    for application in APPLICATIONS:
        name = application.command
        files.append(home / "applications" / f"{name}.desktop")
        files.append(home / "icons" / "hicolor" / "scalable" / "apps" / f"{name}.svg")
        files += [home / "icons" / "hicolor" / f"{n}x{n}" / "apps" / f"{name}.png" for n in ICON_SIZES]
    return files


def desktop_entry(application, folder: Path) -> str:
    """The shipped .desktop file, running the command found in ``folder``."""
    command = str(folder / application.command)
    quoted = f'"{command}"' if " " in command else command
    lines = []
    for line in (HERE / f"{application.command}.desktop").read_text(encoding="utf-8").splitlines():
        if line.startswith("Exec="):
            line = f"Exec={quoted} %f"
        elif line.startswith("TryExec="):
            line = f"TryExec={command}"
        lines.append(line)
    return "\n".join(lines) + "\n"


def install(home: Path, folder: Path) -> list[Path]:
    missing = [a.command for a in APPLICATIONS if not (folder / a.command).is_file()]
    if missing:
        raise FileNotFoundError(f"{', '.join(missing)} not found in {folder}")
    written = []
    for application in APPLICATIONS:
        name = application.command
        entry = home / "applications" / f"{name}.desktop"
        entry.parent.mkdir(parents=True, exist_ok=True)
        entry.write_text(desktop_entry(application, folder), encoding="utf-8")
        written.append(entry)
        copies = [(ICONS / f"{name}.svg", home / "icons" / "hicolor" / "scalable" / "apps" / f"{name}.svg")]
        copies += [(icon_png(application, n), home / "icons" / "hicolor" / f"{n}x{n}" / "apps" / f"{name}.png")
                   for n in ICON_SIZES]
        for source, target in copies:
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, target)
            written.append(target)
    mime = home / "mime" / "packages" / MIME_FILE
    mime.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(HERE / MIME_FILE, mime)
    written.append(mime)
    _refresh(home)
    return written


def uninstall(home: Path) -> list[Path]:
    removed = [path for path in installed_files(home) if path.is_file()]
    for path in removed:
        path.unlink()
    _refresh(home)
    return removed


def _refresh(home: Path) -> None:
    """The desktop's caches of MIME types and of which program opens them, where its tools are."""
    for tool, folder in (("update-mime-database", home / "mime"), ("update-desktop-database", home / "applications")):
        if shutil.which(tool) and folder.is_dir():
            subprocess.run([tool, str(folder)], capture_output=True)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="ardennes-qt install-desktop",
        description="Add ardennes-qt and its editor to the Linux desktop's menus and file associations "
        "(for the user: ~/.local/share), running the programs where they are now.",
    )
    parser.add_argument("--uninstall", action="store_true", help="take them away again")
    args = parser.parse_args(argv)
    if not sys.platform.startswith("linux"):
        print("ardennes-qt: install-desktop is for Linux desktops; on Windows and macOS the bundle's "
              "installer or the Finder registers the programs", file=sys.stderr)
        return 2
    home = data_home()
    if args.uninstall:
        print(f"removed {len(uninstall(home))} files from {home}")
        return 0
    try:
        written = install(home, program_folder())
    except OSError as exc:
        print(f"ardennes-qt: cannot install the desktop files: {exc}", file=sys.stderr)
        return 1
    print(f"wrote {len(written)} files into {home}: ardennes-qt and its editor are in the menus, "
          f"and open saved games and editor modules")
    return 0
