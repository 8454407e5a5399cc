"""The Decision the game waits for - who must decide what, per the engine - and its answers.

``DecisionPrompt`` follows the game: when a Decision is pending it lists the engine's
legal answers, marks the hexes that answer it on the map (where a retreat may end, where
an advance may go, a Bug Out's destinations) and takes a click or a drop on one of them.
``DecisionPanel`` shows it with buttons and a list, so every answer is also reachable by
keyboard; the table keeps one in a dock and the combat dialog shows another.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QPointF, Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from ardennes_qt.ui.decision_words import (
    Answer,
    DecisionView,
    describe_decision,
    drop_answers,
    family_units,
    family_words,
)
from ardennes_qt.ui.hex_marks import CHOICE, CHOSEN, HexMarks, add_marks, remove_marks

if TYPE_CHECKING:
    from ardennes_qt.ui.map_view import MapView
    from ardennes_qt.ui.table_face import TableFace

NOTHING_WAITS = ("No decision waits.  When the game needs one from a player - losses, a retreat, "
                 "an advance... - it appears here.")


class DecisionPrompt(QObject):
    changed = Signal()  # another Decision, or none
    picked = Signal()  # the picks narrowed to a hex, or one chosen

    def __init__(self, window: TableFace) -> None:
        super().__init__(window)
        self.window = window
        self.view: DecisionView | None = None
        self.filter_hex = ""  # picks narrowed to one hex after a click there
        self.families: list = []  # the answers' families when there are several (one per unit to place)
        self.family = ""  # the label of the family offered
        self.chosen: Answer | None = None
        self._choices: HexMarks | None = None
        self._route: HexMarks | None = None
        self._session = None  # the game followed

    def attach(self, map_view: MapView) -> None:
        """Follow the game on a new map view (a new or opened game)."""
        remove_marks(self._choices, self._route)
        self._choices = add_marks(map_view.scene(), map_view.terrain, CHOICE)
        self._route = add_marks(map_view.scene(), map_view.terrain, CHOSEN)
        map_view.hexClicked.connect(self._clicked)
        map_view.hovered.connect(self._hovered)
        if self._session is not None:
            self._session.unsubscribe(self._changed)
        self._session = self.window.session
        self._session.subscribe(self._changed)
        self.refresh()

    def _changed(self, changes, log) -> None:
        self.refresh()

    # --- following the game -------------------------------------------------------------------

    def refresh(self) -> None:
        session = self.window.session
        decision = session.decision()
        self.view = describe_decision(session, decision, self._answers()) if decision else None
        self.filter_hex = ""
        self.chosen = None
        self._show_marks()
        self.changed.emit()

    def _answers(self) -> list:
        """The engine's answers; of one family at a time when there are several (the units of
        the XVIII Abn Corps, each with hundreds of hexes): only that family is worked out."""
        families = self.window.session.choices()
        self.families = families if len(families) > 1 else []
        labels = [f.label for f in self.families]
        if self.family not in labels:  # that unit is placed: the next one
            self.family = labels[0] if labels else ""
        offered = [f for f in families if not self.family or f.label == self.family]
        return [a for f in offered for a in f.actions()]

    def offer_family(self, label: str) -> None:
        self.family = label
        self.refresh()

    def _picks_at(self, hex_id: str) -> list[Answer]:
        return self.view.picks_at(hex_id) if self.view is not None else []

    def _show_marks(self) -> None:
        picks = self.view.picks if self.view is not None else ()
        counts: dict[str, int] = {}
        for p in picks:
            counts[p.hex] = counts.get(p.hex, 0) + 1
        for button in self.view.buttons if self.view else ():
            for uid in button.units:  # the units a button names (a step loss): their hexes too
                counts.setdefault(self.window.session.unit(uid).hex, 1)
        self._choices.show_hexes(counts, labels={h: f"×{n}" for h, n in counts.items() if n > 1})
        chosen = self.chosen
        self._route.show_hexes((chosen.hex,) if chosen else (), routes=(chosen.route,) if chosen and chosen.route else ())

    def shown_picks(self) -> list[Answer]:
        if self.view is None:
            return []
        return self._picks_at(self.filter_hex) if self.filter_hex else list(self.view.picks)

    # --- answering ------------------------------------------------------------------------------

    def answer(self, answer: Answer) -> bool:
        return self.window.apply(answer.action, answer.units)

    def choose(self, answer: Answer | None) -> None:
        """Show one pick's route on the map before it is taken."""
        self.chosen = answer
        self._show_marks()
        self.picked.emit()

    def narrow_to(self, hex_id: str) -> None:
        self.filter_hex = hex_id
        picks = self.shown_picks()
        self.choose(picks[0] if picks else None)

    def _clicked(self, hex_id: str, unit_id: str, modifiers) -> None:
        if self.view is None:
            return
        picks = self._picks_at(hex_id)
        naming = [b for b in self.view.buttons if unit_id and b.units == (unit_id,)]
        if len(picks) == 1:
            self.answer(picks[0])
        elif picks:
            self.narrow_to(hex_id)
        elif len(naming) == 1:  # clicking the counter that takes a step loss
            self.answer(naming[0])

    def _hovered(self, hex_id: str, unit_id: str) -> None:
        picks = self._picks_at(hex_id) if hex_id else []
        if len(picks) == 1:
            self.window.show_message(f"{picks[0].label}: click to take it")
        elif picks:
            self.window.show_message(f"{picks[0].label}, or {len(picks) - 1} more: click to list them")

    def take_drop(self, units, hex_id: str) -> bool:
        """A drop that answers the Decision (an advance, a Bug Out...): True when used."""
        if self.view is None:
            return False
        found = drop_answers(self.view, units, hex_id)
        session = self.window.session
        other = next((f.label for f in self.families if set(family_units(session, f.label)) == set(units)), "")
        if not found and other and other != self.family:  # a unit of another family: offer it
            self.offer_family(other)
            found = drop_answers(self.view, units, hex_id)
        if len(found) == 1:
            self.answer(found[0])
        elif found:
            self.narrow_to(hex_id)
        return bool(found)

    def focus_hex(self) -> str:
        """Where the map should look for this Decision."""
        if self.view is None:
            return ""
        if self.chosen is not None:
            return self.chosen.hex
        return self.view.picks[0].hex if self.view.picks else ""


class DecisionPanel(QWidget):
    """The pending Decision as words, buttons and a list of hexes; empty when none waits."""

    def __init__(self, prompt: DecisionPrompt, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.prompt = prompt
        self.title = QLabel()
        self.title.setWordWrap(True)
        self.title.setStyleSheet("font-weight: bold")
        self.details = QLabel()
        self.details.setWordWrap(True)
        for label in (self.title, self.details):
            label.setSizePolicy(QSizePolicy.Preferred, QSizePolicy.Maximum)
        self.buttons_row = QHBoxLayout()
        self.pick_prompt = QLabel()
        self.pick_prompt.setWordWrap(True)
        self.subject = QComboBox()
        self.subject.setToolTip("The unit whose hexes the map and the list offer")
        self.subject.activated.connect(lambda i: self.prompt.offer_family(self.subject.itemData(i)))
        self.subject_label = QLabel("&Unit:")
        self.subject_label.setBuddy(self.subject)
        subject_row = QHBoxLayout()
        subject_row.addWidget(self.subject_label)
        subject_row.addWidget(self.subject, 1)
        self.picks = QListWidget()
        self.picks.setToolTip("Enter or double-click takes the answer; the map shows its route")
        self.picks.setWordWrap(True)
        self.picks.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        self.picks.setMinimumHeight(60)
        self.picks.currentItemChanged.connect(self._current_changed)
        self.picks.itemActivated.connect(lambda item: self.prompt.answer(item.data(Qt.UserRole)))
        self.take = QPushButton("&Take this one")
        self.take.clicked.connect(self._take_current)
        self.show_on_map = QPushButton("Show on &map")
        self.show_on_map.clicked.connect(self._show_on_map)
        pick_row = QHBoxLayout()
        pick_row.addWidget(self.take)
        pick_row.addWidget(self.show_on_map)
        pick_row.addStretch(1)
        layout = QVBoxLayout(self)
        for widget in (self.title, self.details):
            layout.addWidget(widget)
        layout.addLayout(self.buttons_row)
        layout.addWidget(self.pick_prompt)
        layout.addLayout(subject_row)
        layout.addWidget(self.picks, 4)
        layout.addLayout(pick_row)
        layout.addStretch(1)
        self.answer_buttons: list[QPushButton] = []
        prompt.changed.connect(self.show_decision)
        prompt.picked.connect(self._fill_picks)
        self.show_decision()

    def show_decision(self) -> None:
        view = self.prompt.view
        for button in self.answer_buttons:
            self.buttons_row.removeWidget(button)
            button.hide()  # at once: deleteLater waits for the event loop
            button.deleteLater()
        self.answer_buttons = []
        self.title.setText(f"{view.title} ({view.rule})" if view else "")
        self.details.setText("\n".join(view.lines) if view else NOTHING_WAITS)
        self.title.setVisible(view is not None)
        if view is not None:
            for i, answer in enumerate(view.buttons):
                button = QPushButton(f"&{i + 1} {answer.label}" if i < 9 else answer.label)
                button.clicked.connect(lambda _=False, a=answer: self.prompt.answer(a))
                self.buttons_row.addWidget(button)
                self.answer_buttons.append(button)
        self._fill_subjects()
        self._fill_picks()

    def _fill_subjects(self) -> None:
        prompt = self.prompt
        labels = [f.label for f in prompt.families] if prompt.view is not None else []
        self.subject.clear()
        for label in labels:
            self.subject.addItem(family_words(prompt.window.session, label), label)
        if prompt.family in labels:
            self.subject.setCurrentIndex(labels.index(prompt.family))
        self.subject.setVisible(bool(labels))
        self.subject_label.setVisible(bool(labels))

    def _fill_picks(self) -> None:
        shown = self.prompt.shown_picks()
        self.picks.blockSignals(True)
        self.picks.clear()
        for answer in shown:
            item = QListWidgetItem(answer.label)
            item.setData(Qt.UserRole, answer)
            self.picks.addItem(item)
            if answer == self.prompt.chosen:
                self.picks.setCurrentItem(item)
        self.picks.blockSignals(False)
        view = self.prompt.view
        self.pick_prompt.setText(view.pick_prompt if view else "")
        for widget in (self.pick_prompt, self.picks, self.take, self.show_on_map):
            widget.setVisible(bool(shown))
        self.take.setEnabled(self.prompt.chosen is not None)

    def _current_changed(self, item: QListWidgetItem | None, _previous) -> None:
        if item is not None:
            self.prompt.choose(item.data(Qt.UserRole))

    def _take_current(self) -> None:
        if self.prompt.chosen is not None:
            self.prompt.answer(self.prompt.chosen)

    def _show_on_map(self) -> None:
        hex_id = self.prompt.focus_hex()
        view = self.prompt.window.view
        if hex_id and view is not None:
            view.centerOn(QPointF(*view.terrain.layout.centre(view.terrain.map.parse(hex_id))))
