"""The Campaign dock's panel: the campaign's step now in large words with its rule and what to do,
who acts and what is waited for, the step's place in the sequence, what may be done as buttons
(a roll with the program's dice or the player's own, "done at the table", an answer picked from
a list), the purchases on offer with their cost and limits, and the last roll with every modifier
and its reason.  It shows what the rules word (``core.system.CampaignStep``) and decides nothing."""

from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox, QFrame, QGridLayout, QHBoxLayout, QLabel, QPushButton, QScrollArea, QTreeWidget, QTreeWidgetItem,
    QVBoxLayout, QWidget,
)

from ardennes_qt.core.actions import Action
from ardennes_qt.core.system import CampaignOption, CampaignRoll, CampaignStep

TITLE_PT = 15
BUTTON_WORDS = {"purchase": "Buy", "answer": "Choose", "tally": "Count", "roll": "Roll", "confirm": "Go on"}


def roll_words(roll: CampaignRoll) -> str:
    """The last roll as rich text: who, the table, the dice, every modifier and the result."""
    kind = "DR" if len(roll.dice) == 2 else "dr"
    dice = "+".join(str(d) for d in roll.dice)
    whose = "own dice" if roll.own else "the program's dice"
    lines = [f"<b>{escape(roll.who)}: {escape(roll.table)}</b> ({escape(roll.rule)})",
             f"{kind} {dice} ({whose})"]
    lines += [f"&nbsp;&nbsp;{value:+d} {escape(reason)} ({escape(rule)})" for value, reason, rule in roll.modifiers]
    if not roll.modifiers:
        lines.append("&nbsp;&nbsp;no modifier applies")
    lines.append(f"Final {roll.final}: <b>{escape(roll.result)}</b>")
    return "<br>".join(lines)


class CampaignPanel(QWidget):
    chosen = Signal(object)  # an Action to apply
    rollAsked = Signal(object)  # a CampaignOption: the player gives his own roll or modifiers

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.step: CampaignStep | None = None
        self.where = QLabel()
        self.where.setStyleSheet("color: #555;")
        self.title = QLabel()
        font = self.title.font()
        font.setPointSize(TITLE_PT)
        font.setBold(True)
        self.title.setFont(font)
        self.title.setWordWrap(True)
        self.words = self._wrapped()
        self.at_table = self._wrapped()
        self.at_table.setStyleSheet("font-style: italic; color: #6a4a00;")
        self.waiting = self._wrapped()
        self.sequence = self._wrapped()
        self.sequence.setStyleSheet("color: #555;")
        self.options = QVBoxLayout()  # rolls, answers, counts
        self.options.setSpacing(4)
        self.confirms = QVBoxLayout()  # "finished", "done at the table": after the purchases
        self.confirms.setSpacing(4)
        self.purchases = QTreeWidget()
        self.purchases.setHeaderLabels(["Reinforcement Group", "Cost and limits"])
        self.purchases.setRootIsDecorated(True)
        self.purchases.setMinimumHeight(160)
        self.purchases.currentItemChanged.connect(self._purchase_picked)
        self.variant = QComboBox()
        self.buy = QPushButton("Buy")
        self.buy.clicked.connect(self._buy)
        buying = QHBoxLayout()
        buying.addWidget(self.variant, 1)
        buying.addWidget(self.buy)
        self.purchase_box = QWidget()
        box = QVBoxLayout(self.purchase_box)
        box.setContentsMargins(0, 0, 0, 0)
        box.addWidget(QLabel("<b>Purchases</b>"))
        box.addWidget(self.purchases)
        box.addLayout(buying)
        self.last_roll = self._wrapped()
        self.last_roll.setFrameShape(QFrame.StyledPanel)
        self.last_roll.setTextFormat(Qt.RichText)

        inner = QWidget()
        column = QVBoxLayout(inner)
        for widget in (self.where, self.title, self.words, self.at_table, self.waiting, self.sequence):
            column.addWidget(widget)
        column.addWidget(QLabel("<b>Last roll</b>"))  # what just happened, above what to do next
        column.addWidget(self.last_roll)
        column.addLayout(self.options)
        column.addWidget(self.purchase_box)
        column.addLayout(self.confirms)
        column.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.NoFrame)
        scroll.setWidget(inner)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(scroll)

    @staticmethod
    def _wrapped() -> QLabel:
        label = QLabel()
        label.setWordWrap(True)
        label.setTextInteractionFlags(Qt.TextSelectableByMouse)
        return label

    # --- showing ---------------------------------------------------------------------------

    def show_step(self, step: CampaignStep | None) -> None:
        self.step = step
        if step is None:
            self.title.setText("No campaign")
            for label in (self.where, self.words, self.at_table, self.waiting, self.sequence, self.last_roll):
                label.setText("")
            self._fill_options(())
            return
        acting = " and ".join(step.acting)
        self.where.setText(f"{step.date}" + (f" · {acting} to act" if acting and not step.over else ""))
        self.title.setText(f"{step.rule} {step.name}" if step.rule[:1].isdigit() else step.name)
        self.words.setText(step.words)
        self.at_table.setText(f"At the table: {step.at_table}" if step.at_table else "")
        self.at_table.setVisible(bool(step.at_table))
        waiting = "".join(f"<li>{escape(w)}</li>" for w in step.waiting)
        self.waiting.setText(f"Waiting for:<ul style='margin: 0'>{waiting}</ul>" if waiting else "")
        self.waiting.setVisible(bool(waiting))
        self.sequence.setText(" · ".join(f"<b>{escape(rule)}</b>" if rule == step.rule else escape(rule)
                                         for rule, _ in step.sequence))
        self.sequence.setToolTip("\n".join(f"{rule} {name}" for rule, name in step.sequence))
        self._fill_options(step.options)
        self.last_roll.setText(roll_words(step.last_roll) if step.last_roll else "No roll yet.")

    def _fill_options(self, options: tuple[CampaignOption, ...]) -> None:
        for layout in (self.options, self.confirms):
            while layout.count():
                item = layout.takeAt(0)
                if item.widget() is not None:
                    item.widget().deleteLater()
        for option in options:
            if option.kind != "purchase":
                (self.confirms if option.kind == "confirm" else self.options).addWidget(self._option_row(option))
        self._fill_purchases([o for o in options if o.kind == "purchase"])

    def _option_row(self, option: CampaignOption) -> QWidget:
        row = QFrame()
        row.setFrameShape(QFrame.StyledPanel)
        grid = QGridLayout(row)
        grid.setContentsMargins(6, 4, 6, 4)
        who = f"{option.side}: " if option.side else ""
        label = QLabel(f"<b>{escape(who)}</b>{escape(option.label)}")
        label.setWordWrap(True)
        if option.detail:
            label.setToolTip(option.detail)
        grid.addWidget(label, 0, 0, 1, 3)
        buttons = QHBoxLayout()
        if option.dice and len(option.variants) == 1:
            action = option.variants[0][1]
            roll = QPushButton("Roll the dice")
            roll.setToolTip("The program's dice; every modifier it knows is applied" +
                            ("" if not option.facts else " (say first what applies at the table: 'My roll…')"))
            roll.clicked.connect(lambda _=False, a=action: self.chosen.emit(a))
            own = QPushButton("My roll…" if not option.facts else "Modifiers / my roll…")
            own.setToolTip("Enter the dice rolled at the table, and the modifiers that apply there")
            own.clicked.connect(lambda _=False, o=option: self.rollAsked.emit(o))
            buttons.addWidget(roll)
            buttons.addWidget(own)
        elif len(option.variants) == 1:
            words, action = option.variants[0]
            button = QPushButton(words.capitalize())
            button.setToolTip(action.describe())
            button.clicked.connect(lambda _=False, a=action: self.chosen.emit(a))
            buttons.addWidget(button)
        else:
            pick = QComboBox()
            for words, action in option.variants:
                pick.addItem(words, action)
            go = QPushButton(BUTTON_WORDS.get(option.kind, "Choose"))
            go.clicked.connect(lambda _=False, p=pick: self._pick(p))
            buttons.addWidget(pick, 1)
            buttons.addWidget(go)
        buttons.addStretch(0)
        grid.addLayout(buttons, 1, 0, 1, 3)
        if option.detail and option.kind in ("roll", "confirm", "answer"):
            detail = QLabel(option.detail)
            detail.setWordWrap(True)
            detail.setStyleSheet("color: #555;")
            grid.addWidget(detail, 2, 0, 1, 3)
        return row

    def _pick(self, pick: QComboBox) -> None:
        action = pick.currentData()
        if isinstance(action, Action):
            self.chosen.emit(action)

    def _fill_purchases(self, options: list[CampaignOption]) -> None:
        self.purchases.clear()
        self.purchase_box.setVisible(bool(options))
        sides: dict[str, QTreeWidgetItem] = {}
        for option in options:
            side = sides.get(option.side)
            if side is None:
                side = sides[option.side] = QTreeWidgetItem(self.purchases, [option.side or "Either side", ""])
                side.setFirstColumnSpanned(True)
                side.setExpanded(True)
            item = QTreeWidgetItem(side, [option.label, option.detail])
            item.setToolTip(0, option.label)
            item.setToolTip(1, option.detail)
            item.setData(0, Qt.UserRole, option)
        self.purchases.resizeColumnToContents(0)
        first = self.purchases.topLevelItem(0)
        if first is not None and first.childCount():
            self.purchases.setCurrentItem(first.child(0))
        self._purchase_picked(self.purchases.currentItem())

    def _purchase_picked(self, item: QTreeWidgetItem | None) -> None:
        self.variant.clear()
        option = item.data(0, Qt.UserRole) if item is not None else None
        if isinstance(option, CampaignOption):
            for words, action in option.variants:
                self.variant.addItem(words, action)
        self.buy.setEnabled(self.variant.count() > 0)
        # "Buy RG V2": the RG's ID, its Group Type in the list beside it
        self.buy.setText("Buy " + " ".join(option.label.split()[:2]) if isinstance(option, CampaignOption) else "Buy")

    def _buy(self) -> None:
        action = self.variant.currentData()
        if isinstance(action, Action):
            self.chosen.emit(action)
