"""Ardennes II at the table: the barrage dialog (one gun or a US Air Strike, its spotter and
the chances of a Half and a Full marker, 3.5), Air Supply placement (2.2, 3.7) and blowing
bridges from the map (3.8)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtGui import QAction

from ardennes_qt.ui.systems.ardennes2.air_dialog import AirSupplyDialog, AirSupplyPlacement
from ardennes_qt.ui.systems.ardennes2.bridge_menu import bridge_entries
from ardennes_qt.ui.systems.ardennes2.legend import LEGEND
from ardennes_qt.ui.table_plugins import MenuEntry, TableContext

if TYPE_CHECKING:
    from ardennes_qt.ui.map_view import MapView
    from ardennes_qt.ui.systems.ardennes2.barrage_dialog import BarrageDialog


class Ardennes2Table:
    kinds = frozenset({"barrage", "air_strike", "air_supply", "blow_bridge"})
    legend = LEGEND

    def __init__(self, context: TableContext) -> None:
        self.context = context
        self.air_supply = AirSupplyPlacement(context)
        self.barrage: BarrageDialog | None = None
        self.air_supply_dialog: AirSupplyDialog | None = None

    def game_entries(self) -> list[MenuEntry]:
        return [
            MenuEntry("&Barrage…", lambda: self.open_barrage(self._selected_artillery()), "Ctrl+B",
                      "Fire artillery (or a US Air Strike) at a hex, with the chances before the roll"),
            MenuEntry("Place Air &Supply…", self.open_air_supply, "",
                      "Air Supply Allocation: place an Air Strike supply side up"),
        ]

    def _selected_artillery(self) -> str:
        unit = self.context.selected_unit()
        return unit if unit and self.context.session.unit(unit).artillery else ""

    def open_barrage(self, artillery: str = "", target: str = "") -> BarrageDialog:
        from ardennes_qt.ui.systems.ardennes2.barrage_dialog import BarrageDialog  # when first opened

        self.context.dismiss(self.barrage)
        self.barrage = BarrageDialog(self.context, artillery, target)
        return self.context.show_dialog(self.barrage, target)

    def open_air_supply(self) -> AirSupplyDialog:
        self.context.dismiss(self.air_supply_dialog)
        self.air_supply_dialog = AirSupplyDialog(self.context)
        return self.context.show_dialog(self.air_supply_dialog, "")

    def context_entries(self, hex_id: str, unit_id: str) -> list[QAction]:
        session = self.context.session
        entries = bridge_entries(self.context, hex_id, unit_id)

        def entry(text: str, slot, tip: str) -> None:
            action = QAction(text, self.context.widget)
            action.setToolTip(tip)
            action.triggered.connect(slot)
            entries.append(action)

        if unit_id and session.unit(unit_id).artillery:
            entry(f"&Barrage with {session.unit(unit_id).name}…", lambda: self.open_barrage(unit_id),
                  "Pick a target: the range, the spotters and the chances show before the roll")
        stack = session.stack_at(hex_id)
        kinds = {family.kind for family in session.choices()}
        if stack and kinds & {"barrage", "air_strike"} and stack[0].side != session.phase().acting:
            entry("Barrage &this hex…", lambda: self.open_barrage("", hex_id),
                  "The guns (and Air Strikes) that may fire at it now, with the chances")
        return entries

    def attach(self, view: MapView) -> None:
        for dialog in (self.barrage, self.air_supply_dialog):
            self.context.dismiss(dialog)
        self.barrage = self.air_supply_dialog = None
        self.air_supply.attach(view)

    def close(self) -> None:
        for dialog in (self.barrage, self.air_supply_dialog):
            self.context.dismiss(dialog)
        self.barrage = self.air_supply_dialog = None
        self.air_supply.detach()
