"""The program on the desktop: its two applications, the files each opens, and the
desktop files that tell the system so.

The same facts feed the Linux files beside this module (a ``.desktop`` file per
application, the MIME types, the AppStream metainfo), the macOS application bundle's
Info.plist (``packaging/bundle``), and ``ardennes-qt install-desktop``
(``desktop.install``), which registers an installed program or a bundle with the user's
desktop.  No Qt here: the bundle's spec reads it at build time.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ardennes_qt.store.editormodel import SUFFIX as MODULE_SUFFIX
from ardennes_qt.store.gamefile import SUFFIX as GAME_SUFFIX

HERE = Path(__file__).resolve().parent
ICONS = HERE / "icons"
ICON_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
IDENTIFIER = "io.github.ardennes-qt"  # the macOS bundle identifier, the root of the file types'


@dataclass(frozen=True)
class Application:
    command: str  # the command, the executable, the icon's and the .desktop file's name
    title: str


@dataclass(frozen=True)
class FileType:
    suffix: str
    mime: str
    uti: str  # macOS Uniform Type Identifier
    description: str
    application: Application


TABLE = Application("ardennes-qt", "ardennes-qt")
EDITOR = Application("ardennes-qt-editor", "ardennes-qt Editor")
APPLICATIONS = (TABLE, EDITOR)
FILE_TYPES = (
    FileType(GAME_SUFFIX, "application/x-ardennes-qt-game", f"{IDENTIFIER}.game", "ardennes-qt saved game", TABLE),
    FileType(MODULE_SUFFIX, "application/x-ardennes-qt-module", f"{IDENTIFIER}.module", "ardennes-qt editor module",
             EDITOR),
)


def icon_png(application: Application, size: int) -> Path:
    return ICONS / f"{application.command}-{size}.png"
