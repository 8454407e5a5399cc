"""The desktop files: icons of every size, Linux files that validate and agree with the
file types the programs open, and install-desktop registering both programs."""

from __future__ import annotations

import configparser
import shutil
import struct
import subprocess

import pytest
from PySide6.QtGui import QImage

from ardennes_qt.desktop import APPLICATIONS, EDITOR, FILE_TYPES, HERE, ICON_SIZES, ICONS, TABLE, icon_png
from ardennes_qt.desktop.install import install, installed_files, uninstall


def needs(tool: str) -> str:
    path = shutil.which(tool)
    if not path:
        pytest.skip(f"{tool} is not installed (python3 packaging/bootstrap.py test installs it)")
    return path


def desktop_entry(text: str) -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str
    parser.read_string(text)
    return parser["Desktop Entry"]


def test_every_icon_size_is_there_and_square(qapp):
    for application in APPLICATIONS:
        for size in ICON_SIZES:
            image = QImage(str(icon_png(application, size)))
            assert (image.width(), image.height()) == (size, size)
            assert image.hasAlphaChannel() and image.pixelColor(0, 0).alpha() == 0  # drawn on transparency
        assert (ICONS / f"{application.command}.svg").read_text().lstrip().startswith("<?xml")


def test_the_windows_and_macos_icon_files_hold_pngs(qapp):
    for application in APPLICATIONS:
        ico = (ICONS / f"{application.command}.ico").read_bytes()
        reserved, kind, count = struct.unpack_from("<HHH", ico)
        assert (reserved, kind) == (0, 1) and count >= 6
        sizes = set()
        for i in range(count):
            width, _, _, _, _, _, length, offset = struct.unpack_from("<BBBBHHII", ico, 6 + 16 * i)
            image = QImage.fromData(ico[offset:offset + length], "PNG")
            assert image.width() == (width or 256)
            sizes.add(image.width())
        assert {16, 32, 48, 256} <= sizes
        icns = (ICONS / f"{application.command}.icns").read_bytes()
        assert icns[:4] == b"icns" and struct.unpack_from(">I", icns, 4)[0] == len(icns)
        at, kinds = 8, set()
        while at < len(icns):
            kind, length = icns[at:at + 4], struct.unpack_from(">I", icns, at + 4)[0]
            assert not QImage.fromData(icns[at + 8:at + length], "PNG").isNull()
            kinds.add(kind)
            at += length
        assert {b"ic07", b"ic08", b"ic09", b"ic10"} <= kinds


def test_each_program_s_desktop_file_names_the_types_it_opens():
    for application in APPLICATIONS:
        entry = desktop_entry((HERE / f"{application.command}.desktop").read_text())
        assert entry["Icon"] == application.command and entry["Exec"] == f"{application.command} %f"
        assert set(filter(None, entry["MimeType"].split(";"))) == {t.mime for t in FILE_TYPES
                                                                   if t.application == application}
    mime = (HERE / "ardennes-qt.xml").read_text()
    for file_type in FILE_TYPES:
        assert f'<mime-type type="{file_type.mime}">' in mime and f'<glob pattern="*{file_type.suffix}"' in mime
    assert {t.application for t in FILE_TYPES} == {TABLE, EDITOR}


def test_the_linux_files_validate():
    validate = needs("desktop-file-validate")
    for application in APPLICATIONS:
        result = subprocess.run([validate, HERE / f"{application.command}.desktop"], capture_output=True, text=True)
        assert result.returncode == 0 and not result.stdout.strip(), result.stdout
    result = subprocess.run([needs("appstreamcli"), "validate", "--no-net", HERE / "ardennes-qt.metainfo.xml"],
                            capture_output=True, text=True)
    errors = [line for line in result.stdout.splitlines() if line.startswith("E:")]
    assert not errors, result.stdout


def test_install_desktop_registers_both_programs_and_their_files(tmp_path):
    needs("update-mime-database")
    needs("update-desktop-database")
    programs = tmp_path / "the programs"  # a folder with a space, as a bundle may be unpacked into
    programs.mkdir()
    for application in APPLICATIONS:
        (programs / application.command).write_text("#!/bin/sh\n")
    home = tmp_path / "share"
    install(home, programs)
    for application in APPLICATIONS:
        entry = desktop_entry((home / "applications" / f"{application.command}.desktop").read_text())
        assert entry["Exec"] == f'"{programs / application.command}" %f'
        assert entry["TryExec"] == str(programs / application.command)
    for file_type in FILE_TYPES:
        assert (home / "mime" / f"{file_type.mime}.xml").is_file()  # the MIME database knows the type
    opened_by = (home / "applications" / "mimeinfo.cache").read_text()
    for file_type in FILE_TYPES:
        assert f"{file_type.mime}={file_type.application.command}.desktop;" in opened_by
    assert all(path.is_file() for path in installed_files(home))
    uninstall(home)
    assert not any(path.exists() for path in installed_files(home))


def test_install_desktop_says_plainly_when_the_programs_are_not_beside_it(tmp_path):
    with pytest.raises(FileNotFoundError, match="ardennes-qt, ardennes-qt-editor not found in"):
        install(tmp_path / "share", tmp_path)
