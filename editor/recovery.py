"""Edits left in a recovery file by a session that ended without saving (a crash, a
killed process) are offered back on the next start: those of the module opened, or, when
the editor starts on no file, the newest left of any module (each copy says which file it
recovers)."""

from __future__ import annotations

import os
import time
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtWidgets import QMessageBox

from ardennes_qt.store.editorautosave import recovery_of
from ardennes_qt.store.editorfile import read_module
from ardennes_qt.store.editormodel import SUFFIX
from ardennes_qt.store.errors import ContentError
from ardennes_qt.store.sqlitefile import remove_database
from editor.document import EditorDocument, recovery_folder, recovery_for
from editor.plugins import check_house_rules


@dataclass(frozen=True)
class LeftEdits:
    """A recovery copy newer than the module file it recovers (None: a module never saved)."""

    path: Path
    module_path: Path | None
    modified: float


def left_edits() -> list[LeftEdits]:
    """Every recovery copy that says which module it recovers and is newer than that file, newest first."""
    found = []
    for path in recovery_folder().glob(f"*{SUFFIX}"):
        of = recovery_of(path)
        if of is None:
            continue
        module_path = Path(of) if of else None
        try:
            modified = path.stat().st_mtime
            if module_path is not None and module_path.is_file() and os.path.getmtime(module_path) > modified:
                continue
        except OSError:
            continue
        found.append(LeftEdits(path, module_path, modified))
    return sorted(found, key=lambda left: left.modified, reverse=True)


def recovered(document: EditorDocument) -> EditorDocument | None:
    """The document as its recovery file has it (unsaved, so dirty), or None if there is none."""
    path = recovery_for(document.path, document.module.system)
    return None if path is None else recovered_from(path, document.path, document.autosave_enabled)


def recovered_from(path: Path, module_path: Path | None, autosave: bool = True) -> EditorDocument | None:
    """The module as the recovery copy ``path`` has it, to be saved to ``module_path``; None if it cannot be read."""
    try:
        module = read_module(path)
        check_house_rules(module, path.name)
    except ContentError:
        return None
    restored = EditorDocument(module, module_path, autosave)
    restored.undo_stack.resetClean()  # the recovered edits are not saved yet
    return restored


def offer_recovery(document: EditorDocument, any_module: bool = False) -> EditorDocument:
    """Offer back the edits a crash left of ``document``'s module - or, ``any_module`` (the
    editor started on no file), the newest left of any module."""
    path, module_path = recovery_for(document.path, document.module.system), document.path
    title = document.title
    if path is None and any_module:
        left = left_edits()
        if left:
            path, module_path = left[0].path, left[0].module_path
            title = module_path.name if module_path else "A module never saved"
    if path is None:
        return document
    when = time.strftime("%d %b %H:%M", time.localtime(path.stat().st_mtime))
    answer = QMessageBox.question(
        None,
        "Recover unsaved edits?",
        f"{title} has edits from {when} that were never saved (the editor did not close normally). "
        "Bring them back?",
        QMessageBox.Yes | QMessageBox.No,
        QMessageBox.Yes,
    )
    if answer == QMessageBox.Yes:
        restored = recovered_from(path, module_path, document.autosave_enabled)
        if restored is not None:
            return restored
    else:
        remove_database(Path(path))
    return document
