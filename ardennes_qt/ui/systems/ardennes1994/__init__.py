"""The Ardennes (1994) at the table: the barrage dialog (any guns and US Air Points together,
with the Barrage Table's column, shifts and chances before the roll, 1.10, 3.2c) and the
von der Heydte Drop Marker placed from the map (2.2).  Reserve markers, artillery and
engineer modes, Greif Teams opening, bridges blown or repaired, captured dumps blown and
units leaving the map are on the map's menu where they are about a hex or a unit (the
table's ``rule_actions_menu``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtGui import QAction

from ardennes_qt.ui.systems.ardennes1994.legend import LEGEND
from ardennes_qt.ui.table_plugins import MenuEntry, TableContext

if TYPE_CHECKING:
    from ardennes_qt.ui.map_view import MapView
    from ardennes_qt.ui.systems.ardennes1994.barrage_dialog import BarrageDialog


class Ardennes1994Table:
    kinds = frozenset({"barrage", "drop"})
    legend = LEGEND

    def __init__(self, context: TableContext) -> None:
        self.context = context
        self.barrage: BarrageDialog | None = None

    def game_entries(self) -> list[MenuEntry]:
        return [MenuEntry("&Barrage…", lambda: self.open_barrage("", self._selected_gun()), "Ctrl+B",
                          "Fire guns (and US Air Points) together at a hex, with the chances before the roll")]

    def _selected_gun(self) -> str:
        unit = self.context.selected_unit()
        return unit if unit and self.context.session.unit(unit).artillery else ""

    def open_barrage(self, target: str = "", gun: str = "") -> BarrageDialog:
        from ardennes_qt.ui.systems.ardennes1994.barrage_dialog import BarrageDialog  # when first opened

        self.context.dismiss(self.barrage)
        self.barrage = BarrageDialog(self.context, target, gun)
        return self.context.show_dialog(self.barrage, target)

    def context_entries(self, hex_id: str, unit_id: str) -> list[QAction]:
        session = self.context.session
        entries: list[QAction] = []

        def entry(text: str, slot, tip: str) -> None:
            action = QAction(text, self.context.widget)
            action.setToolTip(tip)
            action.triggered.connect(slot)
            entries.append(action)

        families = session.choices()
        if any(f.kind == "barrage" and f.hex == hex_id for f in families):
            entry("Barrage &this hex…", lambda: self.open_barrage(hex_id),
                  "The guns (and Air Points) that may fire at it now, with the chances")
        elif unit_id and any(f.kind == "barrage" and unit_id in f.units for f in families):
            entry(f"&Barrage with {session.unit(unit_id).name}…", lambda: self.open_barrage("", unit_id),
                  "Pick a target: the guns that may join and the chances show before the roll")
        for family in families:
            if family.kind != "drop":
                continue
            for action in family.actions():
                if getattr(action, "hex", "") == hex_id:
                    entry("Place the von der Heydte &Drop Marker here", lambda _=False, a=action: self.context.apply(a),
                          "Operation Stösser: where the paratroops will drop (2.2)")
        return entries

    def attach(self, view: MapView) -> None:
        self.context.dismiss(self.barrage)
        self.barrage = None

    def close(self) -> None:
        self.context.dismiss(self.barrage)
        self.barrage = None
