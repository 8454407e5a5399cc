"""Edits left in a recovery file by a session that ended without saving (a crash, a
killed process) are offered back when the same module is opened again."""

from __future__ import annotations

import time
from pathlib import Path

from PySide6.QtWidgets import QMessageBox

from ardennes_qt.store.editorfile import read_module
from ardennes_qt.store.errors import ContentError
from ardennes_qt.store.sqlitefile import remove_database
from editor.document import EditorDocument, recovery_for
from editor.plugins import check_house_rules


def recovered(document: EditorDocument) -> EditorDocument | None:
    """The document as its recovery file has it (unsaved, so dirty), or None if there is none."""
    path = recovery_for(document.path, document.module.system)
    if path is None:
        return None
    try:
        module = read_module(path)
        check_house_rules(module, path.name)
    except ContentError:
        return None
    restored = EditorDocument(module, document.path, document.autosave_enabled)
    restored.undo_stack.resetClean()  # the recovered edits are not saved yet
    return restored


def offer_recovery(document: EditorDocument) -> EditorDocument:
    path = recovery_for(document.path, document.module.system)
    if path is None:
        return document
    when = time.strftime("%d %b %H:%M", time.localtime(path.stat().st_mtime))
    answer = QMessageBox.question(
        None,
        "Recover unsaved edits?",
        f"{document.title} has edits from {when} that were never saved (the editor did not close normally). "
        "Bring them back?",
        QMessageBox.Yes | QMessageBox.No,
        QMessageBox.Yes,
    )
    if answer == QMessageBox.Yes:
        restored = recovered(document)
        if restored is not None:
            return restored
    else:
        remove_database(Path(path))
    return document
