"""The planning overlays on the table: what the overlays' buttons (``overlay_buttons``: the
tool bar and the menu of checkable overlays, remembered between runs) show - one map item
that draws those checked (``overlay_layer``) - and what each says about the hex under the
pointer in the status bar.

Overlays are worked out again whenever the engine announces a change, on a snapshot in
a thread (``overlay_worker``); the threat map, a movement search per unit, shows its
progress in the status bar meanwhile.  The table never waits for them.  One thread works
at a time: a change stops it at its next report, and what it was doing joins the next.

An overlay turned off keeps its answer while the position stays the same, so turning it
on again only paints; the picture of those shown is always painted by the thread, the
old one shown until the new one is ready (never painted on the window's own thread).
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt, QTimer
from PySide6.QtGui import QAction

from ardennes_qt.core.outcome import Changes, LogLine
from ardennes_qt.core.planning import OverlayKind
from ardennes_qt.core.system import Overlays as OverlaysCapability
from ardennes_qt.engine.session import Session
from ardennes_qt.ui import game_files
from ardennes_qt.ui.overlay_buttons import SETTINGS_KEY, OverlayButtons, game_overlays, shortcut
from ardennes_qt.ui.overlay_layer import OverlayLayer, view_now
from ardennes_qt.ui.overlay_worker import OverlayJob

if TYPE_CHECKING:
    from ardennes_qt.ui.map_view import MapView

PROVISIONAL = "#b26a00"
OVERLAY_Z = 0.5  # over the terrain, under the town names (NAMES_Z) and the counters


class Overlays(QObject):
    def __init__(self, window, buttons: OverlayButtons) -> None:
        """``buttons``: the window's, one per overlay (checked as the player left them)."""
        super().__init__(window)
        self.window = window
        self.session: Session | None = None
        self.view: MapView | None = None
        self.buttons = buttons
        self._settings = game_files.settings()  # kept: it writes to disk once in a while, not on every toggle
        self._connect_buttons()
        self.layer: OverlayLayer | None = None
        self.provisional: dict[str, tuple[tuple[str, str], ...]] = {}  # overlay key -> (where, why)
        self.answers: dict[str, object] = {}
        self._shapes: dict[str, tuple] = {}  # overlay key -> (strokes, labels) drawing its answer
        self._state_of: dict[str, object] = {}  # overlay key -> the game state its answer is of
        self._repaint = False  # the picture is to be painted anew, nothing to work out
        self.progress = buttons.progress
        self._job: OverlayJob | None = None
        self._jobs = 0
        self._pending: set[str] = set()  # overlay keys to work out next
        self._again = QTimer(self)
        self._again.setSingleShot(True)
        self._again.timeout.connect(self._start)
        self._unfollow = None

    # --- following the game on the table -----------------------------------------------------

    @property
    def actions(self) -> dict[str, QAction]:
        return self.buttons.actions

    @property
    def kinds(self) -> tuple[OverlayKind, ...]:
        return self.buttons.kinds

    def _connect_buttons(self) -> None:
        for kind in self.kinds:
            self.actions[kind.key].toggled.connect(lambda on, k=kind: self._toggled(k, on))

    def follow(self, session: Session, view: MapView) -> None:
        if self.session is not None:
            self.session.unsubscribe(self._changed)
        if self._job is not None:
            self._job.stop()
        self.session, self.view = session, view
        session.subscribe(self._changed)
        if self._unfollow is None:
            # Deleted with its window (the game may live on): hear of the game no more.
            self._unfollow = self.destroyed.connect(lambda *_, o=self: o._forget_session())
        view.hovered.connect(self._hovered)
        if self.buttons.show_kinds(game_overlays(session)):
            self._connect_buttons()
        self.layer = OverlayLayer(view.terrain.size, OVERLAY_Z, [k.key for k in self.kinds])
        view.scene().addItem(self.layer)
        self.provisional = {k.key: k.provisional for k in self.kinds}
        for index, kind in enumerate(self.kinds):
            action = self.actions[kind.key]
            action.setStatusTip(kind.tip)
            action.setToolTip(tooltip(kind, shortcut(index)))
        self.answers, self._shapes, self._state_of = {}, {}, {}
        self.recompute()

    def _forget_session(self) -> None:
        if self.session is not None:
            self.session.unsubscribe(self._changed)
            self.session = None

    def _changed(self, changes: Changes, log: tuple[LogLine, ...]) -> None:
        if not changes.empty and self.shown():
            self.recompute()

    def shown(self) -> list[OverlayKind]:
        return [k for k in self.kinds if self.actions[k.key].isChecked() and self.actions[k.key].isEnabled()]

    @property
    def busy(self) -> bool:
        """Overlays are being worked out, or are about to be."""
        return self._job is not None or bool(self._pending) or self._repaint or self._again.isActive()

    # --- working out and drawing ----------------------------------------------------------------

    def recompute(self) -> None:
        """Work out every overlay shown again: the game changed (what is under way is stale)."""
        if self._job is not None:
            self._job.stop()
        shown = {k.key for k in self.shown()}
        for key in [key for key in self.answers if key not in shown]:  # answers of an old position
            self._forget(key)
        self._pending |= shown
        self._again.start(0)  # once for a burst of changes

    def _add(self, kind: OverlayKind) -> None:
        """Work out one more overlay on the game as it is (what is under way stays good)."""
        self._pending.add(kind.key)
        self._again.start(0)

    def _start(self) -> None:
        if self._job is not None or self.session is None:
            return  # the thread at work starts the next job when it ends (_finished)
        if not self.view.has_painted and self.view.isVisible():
            # The table's first frame comes first: a thread at work now would hold it up.
            self.view.firstPainted.connect(self._start, Qt.SingleShotConnection)
            return
        shown = self.shown()
        kinds = [k for k in shown if k.key in self._pending]
        self._pending.clear()
        if not kinds and not self._repaint:
            self.progress.hide()
            return
        self._repaint = False  # every job paints the picture of all those shown
        self._jobs += 1
        fresh = {k.key for k in kinds}
        kept = {key: drawn for key, drawn in self._shapes.items() if key not in fresh and drawn is not None
                and self.actions[key].isChecked()}
        order = [k.key for k in shown]
        job = OverlayJob(self._jobs, self.session.capability(OverlaysCapability), self.session.content,
                         self.session.state, kinds, self.view.terrain, kept, order, view_now(self.view))
        # Bound methods only: should this object be deleted while the job runs, Qt drops
        # these connections, and the job (kept by overlay_worker until its thread ends) stops.
        job.progressed.connect(self._progressed)
        job.computed.connect(self._computed)
        job.ended.connect(self._finished)
        self.destroyed.connect(job.stop)
        self._job = job
        job.begin()

    def _progressed(self, number: int, title: str, done: int, of: int) -> None:
        if self._job is None or number != self._job.number or self._job.stopped:
            return
        self.progress.setRange(0, max(of, 1))
        self.progress.setValue(done)
        self.progress.setFormat(f"{title}: %v of %m units")
        self.progress.setVisible(done < of)

    def _computed(self, number: int, answers: dict, picture) -> None:
        job = self._job
        if job is None or number != job.number or job.stopped:
            return
        self.progress.hide()
        for key, (answer, shapes) in answers.items():
            self.answers[key] = answer
            self._shapes[key] = shapes
            self._state_of[key] = job.state
        painted = set(job.kept) | {key for key, (_, drawn) in answers.items() if drawn is not None}
        if painted == set(self._drawn()):
            self._draw(picture)
        else:  # turned on or off meanwhile: the old picture until the thread paints the new one
            self._draw(keep=True)
            self._repaint_soon()

    def _finished(self, job: OverlayJob) -> None:
        if job is self._job:
            self._job = None
        if self._pending or self._repaint:
            self._start()

    def _drawn(self) -> dict[str, tuple]:
        """The shapes of every overlay shown that has them."""
        return {k.key: self._shapes[k.key] for k in self.shown() if self._shapes.get(k.key) is not None}

    def _draw(self, picture=None, keep: bool = False) -> None:
        if self.layer is not None:
            self.layer.show_shapes(self._drawn(), picture, keep=keep)

    def _repaint_soon(self) -> None:
        """Have the thread paint the picture of the overlays shown (nothing to work out)."""
        self._repaint = True
        self._again.start(0)

    def _forget(self, key: str) -> None:
        self.answers.pop(key, None)
        self._shapes.pop(key, None)
        self._state_of.pop(key, None)

    def _toggled(self, kind: OverlayKind, on: bool) -> None:
        self._settings.setValue(SETTINGS_KEY, self.buttons.shown())
        if not on:
            self._pending.discard(kind.key)
            self._draw(keep=True)
            self._repaint_soon()
            return
        self.window.show_message(f"{kind.title}: working it out…" if kind.slow and not self._known(kind.key) else kind.title)
        if self._known(kind.key):  # worked out on this very position: only painted anew
            self._draw(keep=True)
            self._repaint_soon()
        else:
            self._add(kind)

    def _known(self, key: str) -> bool:
        """The overlay's answer is of the game as it is now."""
        return (self.session is not None and self._shapes.get(key) is not None
                and self._state_of.get(key) is self.session.state)

    def stop(self) -> None:
        """Stop any work (the window is closing); wait for the threads to end."""
        self._pending.clear()
        self._again.stop()
        if self._job is not None:
            self._job.stop()
            self._job.wait()

    # --- the hex under the pointer ------------------------------------------------------------

    def hover_words(self, hex_id: str) -> str:
        words = []
        for kind in self.shown():
            answer = self.answers.get(kind.key)
            if answer is not None and hex_id:
                text = answer.says(hex_id)
                if text and self.provisional.get(kind.key):
                    tables = sorted({where.partition(",")[0] for where, _ in self.provisional[kind.key]})
                    text += f" (≈ provisional choices: {', '.join(tables)})"
                if text:
                    words.append(text)
        return " · ".join(words)

    def _hovered(self, hex_id: str, unit_id: str) -> None:
        words = self.hover_words(hex_id)
        if words:
            label = self.window.hover_label
            label.setText(f"{label.text()} · {words}")


def tooltip(kind: OverlayKind, keys: str = "") -> str:
    """The overlay's button tooltip: what it shows, and the provisional choices it rests on."""
    text = f"<b>{kind.title}</b>{f' ({keys})' if keys else ''}<br>{kind.tip}"
    provisional = kind.provisional
    if provisional:
        lines = "".join(f"<li><b>{escape(where)}</b>: {escape(why)}</li>" for where, why in provisional)
        text += f"<p style='color:{PROVISIONAL}'>≈ Rests on provisional choices (house rules may change them):</p><ul>{lines}</ul>"
    return text

