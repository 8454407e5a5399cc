"""Choosing an attack: the defending hex (the hexes the rules open to an attack now are
listed), the units that may attack it - each ticked or not - and, for an Overrun, the
stack's road route with its cost and the hex it attacks from.  Every list comes from
the engine; ``changed`` tells the combat dialog to ask for the odds again."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QListWidget, QListWidgetItem, QVBoxLayout, QWidget

from ardennes_qt.engine.session import Session
from ardennes_qt.ui.decision_words import unit_label

OVERRUN_AFTER = ("No advance after an Overrun: if the defender's hex is emptied the stack enters it at no "
                 "MP cost, and may move on with what is left of its MA (3.3).")


def attackable_hexes(session: Session) -> list[str]:
    """The hexes the rules open to an attack now: the defenders of their attack families."""
    return sorted({family.hex for family in session.choices() if family.kind == "attack" and family.actions()})


class AttackChoice(QWidget):
    changed = Signal()

    def __init__(self, session_of, wanted=(), overrun_units=(), parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session_of = session_of  # the game on the table, asked afresh each time
        self.wanted = tuple(wanted)
        self.overrun = tuple(overrun_units)
        self.defender = QComboBox()
        self.defender.setToolTip("The enemy hex to attack: the hexes open to an attack now are listed")
        self.defender.currentTextChanged.connect(lambda _text: self._defender_changed())
        self.heading = QLabel()
        self.heading.setWordWrap(True)
        self.attackers = QListWidget()
        self.attackers.setToolTip("Tick the units that attack (Space ticks the one selected)")
        self.attackers.setWordWrap(True)
        self.attackers.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        self.attackers.itemChanged.connect(lambda _item: self.changed.emit())
        self.route = QLabel()
        self.route.setWordWrap(True)
        self.attackers.setMaximumHeight(110)
        defender_label, self.attackers_label = QLabel("&Defender:"), QLabel("Attac&kers:")
        defender_label.setBuddy(self.defender)
        self.attackers_label.setBuddy(self.attackers)
        defender_row = QHBoxLayout()
        defender_row.addWidget(defender_label)
        defender_row.addWidget(self.defender, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(defender_row)
        for widget in (self.heading, self.attackers_label, self.attackers, self.route):
            layout.addWidget(widget)

    def defender_hex(self) -> str:
        return self.defender.currentText().split(" ", 1)[0]

    def fill(self, wanted_hex: str) -> None:
        """The hexes the rules open to an attack now, and the one asked for in any case."""
        session = self.session_of()
        hexes = [] if self.overrun else attackable_hexes(session)
        if wanted_hex and wanted_hex not in hexes:
            hexes.insert(0, wanted_hex)
        self.defender.blockSignals(True)
        self.defender.clear()
        for h in hexes:
            self.defender.addItem(f"{h} {session.hex_info(h)['name']}".strip())
        self.defender.setCurrentIndex(hexes.index(wanted_hex) if wanted_hex in hexes else 0)
        self.defender.setEnabled(not self.overrun and len(hexes) > 1)
        self.defender.blockSignals(False)
        self._defender_changed()

    def _defender_changed(self) -> None:
        session, hex_id = self.session_of(), self.defender_hex()
        stack = session.stack_at(hex_id) if hex_id else []
        terrain = ", ".join(t.replace("_", " ") for t in session.hex_info(hex_id)["terrain"]) if hex_id else ""
        defenders = "; ".join(unit_label(session, u.id) for u in stack) or "nobody"
        self.heading.setText(f"<b>{hex_id}</b> {terrain}<br>{defenders}" if hex_id else "No enemy hex to attack now.")
        self.fill_attackers()

    def fill_attackers(self) -> None:
        session, hex_id = self.session_of(), self.defender_hex()
        if self.overrun:
            stacks = {session.unit(self.overrun[0]).hex: self.overrun}
        else:
            stacks = session.attackers(hex_id) if hex_id else {}
        self.attackers.blockSignals(True)
        self.attackers.clear()
        for from_hex, ids in stacks.items():
            for uid in ids:
                item = QListWidgetItem(f"{unit_label(session, uid)} — from {from_hex}")
                item.setData(Qt.UserRole, uid)
                if not self.overrun:
                    item.setFlags(item.flags() | Qt.ItemIsUserCheckable)
                    item.setCheckState(Qt.Checked if not self.wanted or uid in self.wanted else Qt.Unchecked)
                self.attackers.addItem(item)
        if not stacks:
            self.attackers.addItem("No unit may attack this hex now")
        self.attackers.blockSignals(False)
        self.changed.emit()

    def chosen_attackers(self) -> tuple[str, ...]:
        out = []
        for i in range(self.attackers.count()):
            item = self.attackers.item(i)
            uid = item.data(Qt.UserRole)
            if uid and (self.overrun or item.checkState() == Qt.Checked):
                out.append(uid)
        return tuple(out)

    def launch(self) -> str | None:
        """An Overrun attacks from the last hex of its road route (3.3); None for an attack,
        or an overrun with no road open to it (the rules say why when it is tried)."""
        if not self.overrun:
            return None
        hex_id = self.defender_hex()
        route = self.session_of().overrun_routes(self.overrun).get(hex_id)
        if not route:
            self.route.setText(f"No road route into {hex_id} is open to this stack now: Overrun asks the rules why.")
            return None
        self.route.setText(
            "Road route: " + " › ".join(step.hex for step in route[:-1]) + f", then the overrun into {route[-1].hex}: "
            f"{route[-1].mp} MP in all (" + "; ".join(f"+{mp} {reason}, {rule}" for mp, reason, rule in route[-1].reasons)
            + ").  " + OVERRUN_AFTER)
        return route[-2].hex

    def set_live(self, live: bool) -> None:
        """Once the combat is made its attackers and defender stay as they are (the odds
        beside list the attackers): the list gives its room to the combat's Decisions."""
        for widget in (self.attackers, self.attackers_label, self.route):
            widget.setVisible(not live)
        self.defender.setEnabled(not live and not self.overrun and self.defender.count() > 1)
