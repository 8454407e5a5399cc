"""The editor's menus and what they do with files: open, save, save as, export the
text form (asking before it replaces text that differs, then saying what the text form
cannot hold), and the question before unsaved edits are dropped.  A file that cannot
be opened leaves the module in the window as it was."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QFileDialog, QMessageBox

from ardennes_qt.store.contenttext import module_from_folder
from ardennes_qt.store.editorexport import carry_out, plan_export
from ardennes_qt.store.editormodel import SUFFIX
from ardennes_qt.store.errors import ContentError
from ardennes_qt.store.library import scenarios_root
from editor.document import EditorDocument

FILE_FILTER = f"Ardennes modules (*{SUFFIX});;All files (*)"


class Menus:
    """The menu bar; ``follow`` points Undo and Redo at a new document's stack."""

    def __init__(self, window) -> None:
        self.window = window
        bar = window.menuBar()
        self.file = bar.addMenu("&File")
        self.edit = bar.addMenu("&Edit")
        self.view = bar.addMenu("&View")
        self._add(self.file, "&New map…", QKeySequence.New, lambda: window.new_map())
        self._add(self.file, "&Open…", QKeySequence.Open, lambda: open_dialog(window))
        for system, title in shipped_games():
            self._add(self.file, f"Open the shipped {title}", None, lambda _=False, s=system: open_shipped(window, s))
        self.file.addSeparator()
        self._add(self.file, "&Save", QKeySequence.Save, lambda: save(window))
        self._add(self.file, "Save &as…", QKeySequence.SaveAs, lambda: save_as(window))
        self._add(self.file, "&Export the text form…", None, lambda: export_dialog(window))
        self.file.addSeparator()
        self._add(self.file, "&Print setup sheet…", QKeySequence.Print, lambda: window.print_sheet())
        self._add(self.file, "Export setup sheet as P&DF…", None, lambda: window.export_sheet())
        self.file.addSeparator()
        self._add(self.file, "&Quit", QKeySequence.Quit, window.close)
        self.undo: QAction | None = None
        self.redo: QAction | None = None
        self._add(self.view, "Zoom &in", QKeySequence.ZoomIn, lambda: window.canvas.zoom_by(1.25))
        self._add(self.view, "Zoom &out", QKeySequence.ZoomOut, lambda: window.canvas.zoom_by(0.8))
        self._add(self.view, "&Fit the map", QKeySequence("0"), lambda: window.canvas.fit_map())
        self.view.addSeparator()
        for dock in window.docks.values():
            self.view.addAction(dock.toggleViewAction())

    def _add(self, menu, text: str, shortcut, slot) -> QAction:
        action = QAction(text, self.window)
        if shortcut is not None:
            action.setShortcut(shortcut)
        action.triggered.connect(slot)
        menu.addAction(action)
        return action

    def follow(self, document: EditorDocument) -> None:
        for action in (self.undo, self.redo):
            if action is not None:
                action.deleteLater()
        self.edit.clear()
        self.undo = document.undo_stack.createUndoAction(self.window, "&Undo")
        self.undo.setShortcuts(QKeySequence.Undo)
        self.redo = document.undo_stack.createRedoAction(self.window, "&Redo")
        redo_keys = QKeySequence.keyBindings(QKeySequence.Redo)
        self.redo.setShortcuts(redo_keys + [k for k in [QKeySequence("Ctrl+Y")] if k not in redo_keys])
        self.edit.addAction(self.undo)
        self.edit.addAction(self.redo)


def build_menus(window) -> Menus:
    return Menus(window)


# --- unsaved edits ---------------------------------------------------------------------------------


def may_close(window) -> bool:
    """Ask before dropping unsaved edits: Save, Discard or Cancel."""
    document = window.document
    if document is None or not document.dirty:
        return True
    answer = QMessageBox.question(
        window,
        "Unsaved edits",
        f"{document.title} has edits that are not saved. Save them?",
        QMessageBox.Save | QMessageBox.Discard | QMessageBox.Cancel,
        QMessageBox.Save,
    )
    if answer == QMessageBox.Save:
        return save(window)
    return answer == QMessageBox.Discard


# --- files -----------------------------------------------------------------------------------------


def open_dialog(window) -> None:
    path, _ = QFileDialog.getOpenFileName(window, "Open a module", "", FILE_FILTER)
    if path:
        open_path(window, Path(path))


def open_path(window, path: Path) -> bool:
    if not may_close(window):
        return False
    try:
        document = EditorDocument.open(path)
    except (ContentError, OSError) as exc:
        window.report_error("Cannot open the module", f"{Path(path).name} could not be opened.",
                            f"{exc}\n\nThe module in the editor is unchanged.")
        return False
    window.set_document(document)
    window.show_message(f"Opened {path}")
    return True


def shipped_document(system: str = "ardennes2", autosave: bool = True) -> EditorDocument:
    """The shipped content of a rule system (its text under scenarios/), not yet saved anywhere."""
    return EditorDocument(module_from_folder(scenarios_root() / system), None, autosave)


def shipped_games() -> list[tuple[str, str]]:
    """(game id, its title) of every installed game whose content ships, Ardennes II first."""
    from ardennes_qt.engine.systems import known_systems, system_for
    from ardennes_qt.store.library import systems

    games = [g for g in systems() if g in known_systems()]
    games.sort(key=lambda g: g != "ardennes2")
    return [(g, system_for(g).schema().title) for g in games]


def open_shipped(window, system: str = "ardennes2") -> None:
    if may_close(window):
        window.set_document(shipped_document(system))


def save(window) -> bool:
    document = window.document
    if document.path is None:
        return save_as(window)
    return _write(window, document.path)


def save_as(window) -> bool:
    path, _ = QFileDialog.getSaveFileName(window, "Save the module as", str(window.document.path or ""), FILE_FILTER)
    return bool(path) and _write(window, Path(path))


def _write(window, path: Path) -> bool:
    try:
        saved = window.document.save(path)
    except OSError as exc:
        window.report_error("Cannot save the module", f"{Path(path).name} could not be written.",
                            f"{exc}\n\nNothing is lost: the edits are still in the editor.")
        return False
    window.show_message(f"Saved {saved}")
    return True


def export_dialog(window) -> None:
    folder = QFileDialog.getExistingDirectory(window, "Export the text form into a folder")
    if folder:
        export_to(window, Path(folder) / window.document.module.system)


def export_to(window, folder: Path) -> bool:
    """Write the text form into ``folder``: files whose text there differs are replaced
    only after a yes; then a report says what was written and what the text form cannot
    hold (kept in the module file, which is offered to be saved if it is not)."""
    try:
        plan = plan_export(window.document.module, folder)
    except (OSError, UnicodeDecodeError, KeyError, ValueError) as exc:
        window.report_error("Cannot export", f"The text form could not be made for {folder}.", str(exc))
        return False
    if plan.replaced and not _may_replace(window, plan):
        window.show_message("Nothing exported.")
        return False
    try:
        carry_out(plan)
    except OSError as exc:
        window.report_error("Cannot export", f"The text form could not be written to {folder}.",
                            f"{exc}\n\nFiles written before the failure are complete; the others are unchanged.")
        return False
    _report_export(window, plan)
    return True


def _may_replace(window, plan) -> bool:
    names = ", ".join(plan.replaced)
    answer = QMessageBox.question(
        window, "Replace files?",
        f"{len(plan.replaced)} file(s) in {plan.folder} hold other text than the module's and would be "
        f"replaced: {names}.\n\nA change made to them by hand would be lost. Replace them?",
        QMessageBox.Yes | QMessageBox.Cancel, QMessageBox.Cancel)
    return answer == QMessageBox.Yes


def _files(n: int) -> str:
    return f"{n} file" if n == 1 else f"{n} files"


def _report_export(window, plan) -> None:
    document = window.document
    if plan.written:
        same = f"; {len(plan.unchanged)} already as they were" if plan.unchanged else ""
        done = f"wrote {_files(len(plan.written))} ({', '.join(plan.written)}){same}"
    else:
        done = f"the {_files(len(plan.unchanged))} there were already as the module has them"
    parts = []
    unsaved = document.path is None or document.dirty
    if plan.kept_in_module:
        kept = "\n".join(f"• {item}" for item in plan.kept_in_module)
        where = ("Save the module to keep them: until then they are only in this session and its recovery copy."
                 if unsaved else f"They are kept in {document.path.name}.")
        parts.append(f"Not in the text form, kept only in the module file:\n{kept}\n{where}")
    parts += plan.notes
    box = QMessageBox(QMessageBox.Information, "Text form exported", f"Exported to {plan.folder}: {done}.",
                      QMessageBox.Ok, window)
    box.setInformativeText("\n\n".join(parts))
    if plan.kept_in_module and unsaved:
        box.addButton("Save the module…", QMessageBox.AcceptRole).clicked.connect(lambda: save(window))
    box.open()
    window.export_report = box
    window.show_message(f"Exported the text form to {plan.folder}.")
