"""A campaign roll as made at the table: the modifiers the player states about the unit or
Location (those the program knows it applies itself), and the dice - the program's, or the
player's own as rolled."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox, QDialog, QDialogButtonBox, QFormLayout, QHBoxLayout, QLabel, QRadioButton, QSpinBox, QVBoxLayout,
    QWidget,
)

from ardennes_qt.core.system import CampaignOption

DICE = {"2d6": 2, "dr": 1}


class CampaignRollDialog(QDialog):
    def __init__(self, option: CampaignOption, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.option = option
        self.setWindowTitle(option.label)
        column = QVBoxLayout(self)
        heading = QLabel(f"<b>{option.side + ': ' if option.side else ''}{option.label}</b>"
                         + (f"<br>{option.detail}" if option.detail else ""))
        heading.setWordWrap(True)
        column.addWidget(heading)
        self.facts: dict[str, QCheckBox | QSpinBox] = {}
        if option.facts:
            column.addWidget(QLabel("What applies at the table (the program applies the others itself):"))
            form = QFormLayout()
            for fact in option.facts:
                if fact.detail == "counted":
                    count = QSpinBox()
                    count.setRange(0, 20)
                    form.addRow(f"{fact.label} ({fact.rule}), how many:", count)
                    self.facts[fact.id] = count
                else:
                    box = QCheckBox(f"{fact.label} ({fact.rule})")
                    form.addRow(box)
                    self.facts[fact.id] = box
            column.addLayout(form)
        self.programs = QRadioButton("Roll with the program's dice")
        self.own = QRadioButton("My own roll:")
        self.programs.setChecked(True)
        column.addWidget(self.programs)
        dice_row = QHBoxLayout()
        dice_row.addWidget(self.own)
        self.dice: list[QSpinBox] = []
        for _ in range(DICE.get(option.dice, 1)):
            die = QSpinBox()
            die.setRange(1, 6)
            die.valueChanged.connect(lambda _=0: self.own.setChecked(True))
            dice_row.addWidget(die)
            self.dice.append(die)
        dice_row.addStretch(1)
        column.addLayout(dice_row)
        buttons = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel)
        buttons.button(QDialogButtonBox.Ok).setText("Roll")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        column.addWidget(buttons)

    def rolled_dice(self) -> tuple[int, ...]:
        """The player's own dice, or () for the program's."""
        return tuple(d.value() for d in self.dice) if self.own.isChecked() else ()

    def stated_facts(self) -> tuple[str, ...]:
        facts = []
        for fact, widget in self.facts.items():
            if isinstance(widget, QSpinBox):
                if widget.value():
                    facts.append(f"{fact}={widget.value()}" if widget.value() > 1 else fact)
            elif widget.isChecked():
                facts.append(fact)
        return tuple(facts)
