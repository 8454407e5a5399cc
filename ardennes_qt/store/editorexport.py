"""Exporting a module's text form into a folder, planned before anything is written.

The plan says which files the export adds, which it replaces (their text in the folder
differs: a hand edit there would be lost, so the editor asks first) and which it leaves
as they are; what stays only in the module file (vector layers, the backdrop, house
rules, rule options); and what the folder holds that a reader should know about: a
scenario file the module no longer has (it would be read back as a scenario), a map
that a generator script makes, set-up lines written into their formation's block.
Carrying the plan out writes each new or changed file atomically, nothing else.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ardennes_qt.store.atomic import write_text_atomic
from ardennes_qt.store.contenttext import MAP_FILE, OOA_FILE, left_out, module_texts
from ardennes_qt.store.editormodel import Module
from ardennes_qt.store.editorscenario import USER

MAP_GENERATOR = "map/generate.py"


@dataclass(frozen=True)
class ExportPlan:
    """What exporting a module into a folder would do: the files it adds, replaces and leaves as
    they are, what stays in the module only, and notes for the reader."""

    folder: Path
    texts: dict[str, str]  # path in the folder -> the text it gets
    new: tuple[str, ...]
    replaced: tuple[str, ...]
    unchanged: tuple[str, ...]
    kept_in_module: tuple[str, ...]  # what the text form has no place for
    notes: tuple[str, ...]

    @property
    def written(self) -> tuple[str, ...]:
        return self.new + self.replaced


def plan_export(module: Module, folder: Path) -> ExportPlan:
    folder = Path(folder)
    texts = module_texts(module)
    new, replaced, unchanged = [], [], []
    for name, text in texts.items():
        path = folder / name
        if not path.is_file():
            new.append(name)
        elif path.read_text(encoding="utf-8") != text:
            replaced.append(name)
        else:
            unchanged.append(name)
    return ExportPlan(folder, texts, tuple(new), tuple(replaced), tuple(unchanged), tuple(left_out(module)),
                      tuple(_notes(module, folder, texts, replaced)))


def carry_out(plan: ExportPlan) -> None:
    for name in plan.written:
        write_text_atomic(plan.folder / name, plan.texts[name])


def _notes(module: Module, folder: Path, texts: dict[str, str], replaced: list[str]) -> list[str]:
    out = []
    for path in sorted(folder.glob("*.toml")):
        if path.name not in texts and path.name != OOA_FILE:
            out.append(f"{path.name} is in the folder but the module has no scenario {path.stem}: it is left "
                       "as it is, and would be read back as a scenario (delete it if the scenario is gone).")
    if MAP_FILE in replaced and (folder / MAP_GENERATOR).is_file():
        out.append(f"{MAP_FILE} here is made by {MAP_GENERATOR} from map/source.toml: running that again "
                   "would replace the exported map.")
    set_up_here = sorted({key.split("/setup/")[0] for key, source in module.provenance.items()
                          if "/setup/" in key and source == USER})
    if set_up_here:
        out.append(f"Counters set up in the editor ({', '.join(set_up_here)}) are written in their formation's "
                   "block of the set-up, as the printed listings group them; within a block the order is kept.")
    return out
