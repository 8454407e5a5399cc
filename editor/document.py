"""The document: one module being edited, its undo stack, its file and its recovery copy.

Every edit is a swap.  ``swap(edits)`` puts records in place, table by table, and
returns the records it replaced, so undoing is the same swap again (commands.py).
Tables are the module's dictionaries by name:

    hexes hexsides roads bridges plungers places entry_areas friendly_edges   (the map)
    map_info (id, title, source, notes)   ooa (ooa, ooa_notes)
    formations counters scenarios layers backdrop house_rules provenance sources

A value of ``None`` takes a record out.  For the tables whose order is kept (counters,
formations, scenarios, layers) an edit may carry ``ORDER``, the keys in their new order;
a swap hands back the order before, so an undone deletion goes back to its place.

After each swap the document says what changed (``changed``, a ``Change``) and views
redraw only that.  Every change is written to a recovery file at most
``AUTOSAVE_AFTER_MS`` after the first edit not yet written, however fast edits follow
it (one small transaction), so a crash loses at most that moment's edits; saving writes
the module atomically and drops the recovery file.
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass
from pathlib import Path

import platformdirs
from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtGui import QUndoStack

from ardennes_qt.core.hexgrid import Hex, Hexside
from ardennes_qt.core.rasterize import MapPlane
from ardennes_qt.store.editorautosave import MAP_KEYED, ModuleAutosave
from ardennes_qt.store.editorfile import read_module, write_module
from ardennes_qt.store.editormodel import SUFFIX, Module
from ardennes_qt.store.sqlitefile import remove_database

ORDER = "__order__"
ORDERED = ("counters", "formations", "scenarios", "layers")
AUTOSAVE_AFTER_MS = 400
APP_NAME = "ardennes-qt"


@dataclass(frozen=True)
class Change:
    """What one swap changed: table name -> the keys of the records that changed."""

    tables: dict[str, frozenset]
    hexes: frozenset[Hex] = frozenset()  # map hexes whose drawing changed inside them
    sides: frozenset[Hexside] = frozenset()  # hexsides whose line or bridge changed: drawn along the side only

    @property
    def redrawn(self) -> frozenset[Hex]:
        """Every hex whose drawing is to be gathered again: those a changed side belongs to too."""
        return self.hexes.union(*(side.hexes for side in self.sides))

    def touches(self, *names: str) -> bool:
        return any(name in self.tables for name in names)

    def keys(self, name: str) -> frozenset:
        return self.tables.get(name, frozenset())


class _Attributes:
    """Some attributes of an object seen as a table, for swapping like the rest."""

    def __init__(self, owner, names: tuple[str, ...]) -> None:
        self.owner = owner
        self.names = names

    def get(self, key):
        return getattr(self.owner, key)

    def __setitem__(self, key, value) -> None:
        if key not in self.names:
            raise KeyError(key)
        setattr(self.owner, key, value)

    def pop(self, key, default=None):
        raise KeyError(f"{key} cannot be taken out")


SIDE_DRAWN = ("hexsides", "bridges")  # a line or a bridge mark on the side, nothing inside the hexes


def _hexes_drawing(key, old, new) -> set[Hex]:
    """The hexes that draw a map record, before and after it changed."""
    if isinstance(key, Hex):
        return {key}
    if isinstance(key, Hexside):
        return set(key.hexes)  # a road: each hex draws its half, from the centre to the side
    out = set()
    for value in (old, new):
        if isinstance(value, Hex):
            out.add(value)  # a plunger
        elif value is not None and hasattr(value, "hexes"):
            out.update(value.hexes)  # an entry area
    return out


def recovery_folder() -> Path:
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)) / "editor-recovery"


def recovery_path(path: Path | None, system: str) -> Path:
    """Where the recovery copy of a module lives: one per file (or per unsaved system)."""
    key = str(Path(path).resolve()) if path else f"unsaved {system}"
    digest = hashlib.sha1(key.encode()).hexdigest()[:12]
    stem = Path(path).stem if path else f"{system}-unsaved"
    return recovery_folder() / f"{stem}-{digest}{SUFFIX}"


class EditorDocument(QObject):
    changed = Signal(object)  # Change
    stateChanged = Signal()  # the file name or the dirty flag changed

    def __init__(self, module: Module, path: Path | None = None, autosave: bool = True) -> None:
        super().__init__()
        self.module = module
        self.path = Path(path) if path else None
        self.undo_stack = QUndoStack(self)
        self.undo_stack.cleanChanged.connect(self._clean_changed)
        self.autosave_enabled = autosave
        self._recovery: ModuleAutosave | None = None
        self._pending: dict[str, set | None] = {}
        self._plane: MapPlane | None = None
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(AUTOSAVE_AFTER_MS)
        self._timer.timeout.connect(self.flush_recovery)

    def _clean_changed(self, _clean: bool) -> None:
        self.stateChanged.emit()

    # --- tables and swaps -------------------------------------------------------------------

    def table(self, name: str):
        if name in MAP_KEYED:
            return getattr(self.module.map, name)
        if name == "map_info":
            return _Attributes(self.module.map, ("id", "title", "source", "notes"))
        if name == "ooa":
            return _Attributes(self.module, ("ooa", "ooa_notes"))
        return getattr(self.module, name)

    def swap(self, edits: dict[str, dict]) -> dict[str, dict]:
        """Put ``edits`` in place; returns what they replaced (swapping that back undoes them)."""
        before: dict[str, dict] = {}
        changed: dict[str, frozenset] = {}
        hexes: set[Hex] = set()
        sides: set[Hexside] = set()
        for name, values in edits.items():
            store = self.table(name)
            previous = {}
            for key, value in values.items():
                if key == ORDER:
                    continue
                previous[key] = store.get(key)
                if name in SIDE_DRAWN:
                    sides.add(key)
                elif name in MAP_KEYED:
                    hexes.update(_hexes_drawing(key, previous[key], value))
                if value is None:
                    store.pop(key, None)
                else:
                    store[key] = value
            if ORDER in values:
                previous[ORDER] = list(store)
                reordered = {k: store[k] for k in values[ORDER] if k in store}
                reordered.update(store)
                store.clear()
                store.update(reordered)
            before[name] = previous
            changed[name] = frozenset(k for k in values if k != ORDER)
        change = Change(changed, frozenset(hexes), frozenset(sides))
        self._note(change)
        self.changed.emit(change)
        return before

    def push(self, command) -> None:
        self.undo_stack.push(command)

    @property
    def plane(self) -> MapPlane:
        """The map's hexes and hexsides as shapes, for rasterizing vector layers."""
        if self._plane is None or self._plane.numbering != self.module.map.numbering:
            self._plane = MapPlane(self.module.map.numbering)
        return self._plane

    # --- file ---------------------------------------------------------------------------------

    @property
    def dirty(self) -> bool:
        return not self.undo_stack.isClean()

    @property
    def title(self) -> str:
        return self.path.name if self.path else f"{self.module.map.title} (not saved)"

    @classmethod
    def open(cls, path: Path, autosave: bool = True) -> EditorDocument:
        """Open a module file; ContentError (with a message for the user) on a bad file."""
        from editor.plugins import check_house_rules

        module = read_module(path)
        check_house_rules(module, Path(path).name)
        return cls(module, path, autosave)

    def save(self, path: Path | None = None) -> Path:
        """Save atomically (to ``path``, or where the module came from)."""
        target = Path(path or self.path)
        if target.suffix != SUFFIX:
            target = target.with_name(target.name + SUFFIX)
        write_module(target, self.module)
        old_recovery = self.recovery_path()
        self.path = target
        self.undo_stack.setClean()
        self._drop_recovery(old_recovery)
        self.stateChanged.emit()
        return target

    # --- recovery ------------------------------------------------------------------------------

    def recovery_path(self) -> Path:
        return recovery_path(self.path, self.module.system)

    def _note(self, change: Change) -> None:
        if not self.autosave_enabled:
            return
        for name, keys in change.tables.items():
            if name in MAP_KEYED:
                pending = self._pending.setdefault(name, set())
                if pending is not None:
                    pending.update(keys)
            else:
                self._pending[name] = None
        if not self._timer.isActive():  # counted from the first edit not written: a steady run of edits is still written
            self._timer.start()

    def flush_recovery(self) -> None:
        """Bring the recovery file up to date with every edit so far."""
        self._timer.stop()
        if not self._pending:
            return
        pending, self._pending = self._pending, {}
        if self._recovery is None:
            self._recovery = ModuleAutosave(self.recovery_path(), self.module, self.path)
        else:
            self._recovery.sync(self.module, pending)

    def _drop_recovery(self, path: Path) -> None:
        self._timer.stop()
        self._pending = {}
        if self._recovery is not None:
            self._recovery.discard()
            self._recovery = None
        remove_database(path)

    def close(self) -> None:
        """Leave the recovery file only if there are unsaved edits in it."""
        if self.dirty:
            self.flush_recovery()
            if self._recovery is not None:
                self._recovery.close()
                self._recovery = None
        else:
            self._drop_recovery(self.recovery_path())


def recovery_for(path: Path | None, system: str) -> Path | None:
    """A recovery file left by a session that did not save, if it is newer than the file."""
    candidate = recovery_path(path, system)
    if not candidate.is_file():
        return None
    if path and Path(path).is_file() and os.path.getmtime(path) > os.path.getmtime(candidate):
        return None
    return candidate
