"""Modules for the editor's tests: the small test content as a module, the shipped system."""

from __future__ import annotations

import copy
from functools import lru_cache

from ardennes_qt.store.contenttext import module_from_folder
from ardennes_qt.store.countertext import SeedFormation
from ardennes_qt.store.editormodel import Module
from ardennes_qt.store.library import scenarios_root
from tests.builders import small_content


def small_module() -> Module:
    content = small_content()
    formations = {code: SeedFormation(**f.__dict__) for code, f in content.formations.items()}
    return Module("ardennes2", content.map, formations, content.counters, {content.scenario.id: content.scenario})


@lru_cache(maxsize=None)
def _shipped_sources(system: str = "ardennes2") -> Module:
    return module_from_folder(scenarios_root() / system)


def shipped_module(system: str = "ardennes2") -> Module:
    """A fresh copy of a shipped module, Ardennes II by default (read once, copied per test)."""
    return copy.deepcopy(_shipped_sources(system))
