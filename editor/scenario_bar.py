"""The scenario bar above the map: which scenario the map, the order of battle and the
scenarios tab show (or the map alone), new and deleted scenarios, and "Play this
scenario", which opens the table on it."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QInputDialog, QLabel, QToolBar

from ardennes_qt.store.editorscenario import new_scenario
from editor.commands import EditScenario
from editor.document import ORDER

MAP_ONLY = "— the map alone —"


class ScenarioBar(QToolBar):
    def __init__(self, window) -> None:
        super().__init__("Scenario")
        self.setObjectName("scenarioBar")
        self.window = window
        self.document = None
        self._filling = False
        self.addWidget(QLabel(" Scenario "))
        self.combo = QComboBox()
        self.combo.setMinimumContentsLength(28)
        self.combo.activated.connect(lambda *_: window.show_scenario(self.combo.currentData()))
        self.addWidget(self.combo)
        self.addAction("New…", self._new_dialog)
        self.addAction("Delete", self.delete)
        self.addSeparator()
        self.play = self.addAction("Play this scenario ▶", window.play_scenario)
        self.play.setToolTip("Open the table on a new game of this scenario, as it stands here")

    def follow(self, document) -> None:
        self.document = document
        document.changed.connect(lambda change: self.refresh() if change.touches("scenarios") else None)
        self.refresh()

    def refresh(self) -> None:
        self._filling = True
        current = self.window.scenario_id
        self.combo.clear()
        self.combo.addItem(MAP_ONLY, None)
        for sid, s in self.document.module.scenarios.items():
            self.combo.addItem(f"{sid} {s.title}", sid)
        self.combo.setCurrentIndex(max(self.combo.findData(current), 0))
        self._filling = False

    def show_scenario(self, scenario_id) -> None:
        self.combo.setCurrentIndex(max(self.combo.findData(scenario_id), 0))
        self.play.setEnabled(scenario_id is not None)

    def _new_dialog(self) -> None:
        scenario_id, ok = QInputDialog.getText(self, "New scenario", "Scenario id (e.g. 7.7):")
        if ok:
            self.add(scenario_id, scenario_id)

    def add(self, scenario_id: str, title: str) -> bool:
        try:
            scenario = new_scenario(self.document.module, scenario_id, title)
        except ValueError as exc:
            self.window.show_message(f"Cannot add the scenario: {exc}.")
            return False
        self.document.push(EditScenario(self.document, {"scenarios": {scenario.id: scenario}},
                                        f"New scenario {scenario.id}"))
        self.window.show_scenario(scenario.id)
        return True

    def delete(self) -> None:
        sid = self.window.scenario_id
        if sid is None:
            return
        borrowers = [k for k, s in self.document.module.scenarios.items() if s.options.get("setup_from") == sid]
        if borrowers:
            self.window.show_message(f"Scenario {sid} cannot be deleted: {', '.join(borrowers)} use its set-up.")
            return
        order = [k for k in self.document.module.scenarios if k != sid]
        self.document.push(EditScenario(self.document, {"scenarios": {sid: None, ORDER: order}},
                                        f"Delete scenario {sid}"))
        self.window.show_scenario(order[0] if order else None)
