"""What the bundle leaves out of what PySide6's hooks collect: the Qt plugins the program
never loads and Qt's translations (the program speaks English only), then, on Linux,
every library that nothing left in the bundle links against.

Kept: the platforms a desktop runs (xcb, wayland, and offscreen for the smoke test;
windows and cocoa elsewhere), the desktop portal's file dialogs, printing, input methods.
PNG is read by Qt itself: no image-format plugin is needed.
"""

from __future__ import annotations

import sys
from pathlib import PurePath

# Plugin folders left out whole, and single plugins (their names without "lib" and suffix).
UNUSED_GROUPS = {"egldeviceintegrations", "generic", "imageformats", "iconengines", "sqldrivers", "tls",
                 "networkinformation", "qmltooling", "vectorimageformats"}
UNUSED_PLUGINS = {
    "platforms": ("qeglfs", "qlinuxfb", "qminimal", "qminimalegl", "qvkkhrdisplay", "qvnc", "qdirect2d"),
    # GTK's theme would load the system's GTK against the GLib bundled here; the portal gives native dialogs.
    "platformthemes": ("qgtk3",),
    "wayland-decoration-client": ("adwaita",),  # the one that needs QtSvg; bradient draws the title bars
}


def unused(dest: str) -> bool:
    parts = PurePath(dest).parts
    if "PySide6" not in parts:
        return False
    if "translations" in parts:
        return True
    if "plugins" not in parts[:-1]:
        return False
    group = parts[parts.index("plugins") + 1]
    name = PurePath(parts[-1]).name.split(".")[0].removeprefix("lib")
    return group in UNUSED_GROUPS or name in UNUSED_PLUGINS.get(group, ())


def _is_root(dest: str) -> bool:
    """A binary something loads by name, not by linking: a Python extension module, a Qt plugin, libpython."""
    name = PurePath(dest).name
    return (".cpython-" in name or ".abi3." in name or "lib-dynload" in PurePath(dest).parts
            or "plugins" in PurePath(dest).parts or name.startswith("libpython"))


def linked_only(binaries: list) -> list:
    """``binaries`` less the libraries no root reaches through the libraries it links (Linux)."""
    from PyInstaller.depend.bindepend import get_imports

    by_name = {PurePath(dest).name: (dest, src, kind) for dest, src, kind in binaries}
    reached, todo = set(), [PurePath(dest).name for dest, _, _ in binaries if _is_root(dest)]
    while todo:
        name = todo.pop()
        if name in reached or name not in by_name:
            continue
        reached.add(name)
        todo += [PurePath(needed).name for needed, _ in get_imports(by_name[name][1])]
    return [entry for entry in binaries if PurePath(entry[0]).name in reached]


def slim(analysis) -> None:
    analysis.binaries = [entry for entry in analysis.binaries if not unused(entry[0])]
    analysis.datas = [entry for entry in analysis.datas if not unused(entry[0])]
    if sys.platform.startswith("linux"):
        analysis.binaries = linked_only(analysis.binaries)
    kept = {PurePath(dest) for dest, _, _ in analysis.binaries} | {PurePath(dest) for dest, _, _ in analysis.datas}
    # A link PyInstaller makes to a library left out would point at nothing.
    analysis.datas = [(dest, src, kind) for dest, src, kind in analysis.datas
                      if kind != "SYMLINK" or PurePath(src) in kept]
