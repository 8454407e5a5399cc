"""What a game adds to the editor, found through the ``ardennes_qt.editor`` entry-point group
(one entry per game id, naming an ``EditorPlugin``): its rule options as a scenario offers
them, and the checks of a map its rules make (terrain a road may not end in; its own words:
a KGP slope's marks, a steeple in a building).  A game with no plug-in gets the editor's own
checks and no rule options."""

from __future__ import annotations

from dataclasses import dataclass
from importlib.metadata import entry_points
from pathlib import Path
from typing import Callable, Protocol

from ardennes_qt.core.mapdata import MapData
from ardennes_qt.core.tableset import TableSet
from ardennes_qt.engine.systems import system_for
from ardennes_qt.store.editormodel import MAP_SCOPE, Module
from ardennes_qt.store.errors import ContentError

GROUP = "ardennes_qt.editor"


@dataclass(frozen=True)
class RuleOption:
    """One scenario option: its rule, its default, the values it may take (value -> what it
    means; empty for a yes/no option) and the scenarios that print their own."""

    name: str
    rule: str
    default: object
    choices: dict[str, str]
    scenarios: dict[str, object]


@dataclass(frozen=True)
class ScenarioTable:
    """A rule table with an entry per scenario, shown on the scenario tab as the rules read it:
    its heading, the table's name, how the scenario's entry is picked from the table's data,
    and the name of its "Edit as a house rule" button."""

    heading: str
    table: str
    entry: Callable[[dict, str], object]  # (the table's data, scenario id) -> what to show
    button: str = ""


class EditorPlugin(Protocol):
    def rule_options(self) -> dict[str, RuleOption]:
        """The options a scenario may set, by name."""
        ...

    def prohibited_terrain(self) -> dict[str, set[str]]:
        """Hex terrain each kind of movement may not enter, for the map's checks."""
        ...

    def scenario_tables(self) -> list[ScenarioTable]:
        """The rule tables with an entry per scenario, for the scenario tab."""
        ...

    def map_checks(self, m: MapData) -> list:
        """The game's own problems with a map (validation.Problem), beyond the editor's checks."""
        ...


class NoPlugin:
    def rule_options(self) -> dict[str, RuleOption]:
        return {}

    def prohibited_terrain(self) -> dict[str, set[str]]:
        return {}

    def scenario_tables(self) -> list[ScenarioTable]:
        return []

    def map_checks(self, m: MapData) -> list:
        return []


_LOADED: dict[str, EditorPlugin] = {}


def editor_plugin(system: str) -> EditorPlugin:
    found = _LOADED.get(system)
    if found is None:
        entry = next((ep for ep in entry_points(group=GROUP) if ep.name == system), None)
        found = _LOADED[system] = entry.load() if entry is not None else NoPlugin()
    return found


def check_house_rules(module: Module, origin: str) -> None:
    """ContentError unless every house rule of the module can stand for the table it
    replaces (TOML, shaped as that table), for a game an installed system plays."""
    try:
        system = system_for(module.system)
    except KeyError:
        return  # a game no installed system plays: its tables are not known here
    for (scope, table), text in module.house_rules.items():
        try:
            system.tables({table: text})
        except ValueError as exc:
            where = "the map's" if scope == MAP_SCOPE else f"scenario {scope}'s"
            raise ContentError(f"{where} {exc}", origin) from None


def shipped_tables(system: str) -> TableSet:
    """The rule tables a game ships (none for a game no installed system plays)."""
    try:
        return system_for(system).tables({})
    except KeyError:
        return TableSet(system, Path("/nonexistent"))
