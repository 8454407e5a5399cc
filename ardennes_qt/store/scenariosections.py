"""The sections a game's scenario files (and its ooa.toml) carry for its own rules, read by
the game's declaration (``core.scenario.ScenarioSection``): each ``[[name]]`` entry is
checked key by key against its fields' kinds and kept as a plain dict, in the file's
order, for the scenario's ``extras``; a key the game does not declare is an error, not
dropped.  Declared for a section the program reads itself (``setup``, ``arrival``), the
fields are the keys the game adds to its entries, kept beside the units each entry names.
"""

from __future__ import annotations

from ardennes_qt.core.numbering import HexIdError, Numbering
from ardennes_qt.core.scenario import EntryField, ScenarioSection
from ardennes_qt.store.errors import ContentError

# The keys the program reads itself in the entries of its own sections.
OWN_KEYS = {
    "setup": {"side", "hex", "printed", "units", "step_loss", "hidden", "emplaced"},
    "arrival": {"turn", "side", "where", "units", "note"},
}


def game_sections(sections: tuple[ScenarioSection, ...], file: str) -> tuple[ScenarioSection, ...]:
    """The game's own sections of one kind of file ("scenario" or "ooa")."""
    return tuple(s for s in sections if s.file == file and s.name not in OWN_KEYS)


def own_section(sections: tuple[ScenarioSection, ...], name: str) -> ScenarioSection | None:
    """The keys the game adds to the entries of the program's own section ``name``."""
    return next((s for s in sections if s.name == name and name in OWN_KEYS), None)


class SectionReader:
    """Reads a game's entries of one file, with errors that name the file and the entry."""

    def __init__(self, file_name: str, counters, formations, numbering: Numbering, sides: tuple[str, ...]) -> None:
        self.file_name, self.counters, self.formations = file_name, counters, formations
        self.numbering, self.sides = numbering, sides

    def section(self, doc: dict, section: ScenarioSection) -> list[dict]:
        found = doc.get(section.name, [])
        self._check(isinstance(found, list) and all(isinstance(e, dict) for e in found),
                    f"'{section.name}' must be a list of [[{section.name}]] entries")
        return [self.entry(entry, section, f"[[{section.name}]] #{i}") for i, entry in enumerate(found, 1)]

    def entry(self, entry: dict, section: ScenarioSection, where: str, own: set[str] = frozenset()) -> dict:
        """The entry's values of the game's fields (and of the keys it does not name, where
        the section takes ``others``), typed; the program's ``own`` keys left out."""
        out: dict[str, object] = {}
        for f in section.fields:
            self._check(f.name in entry or not f.required, f"lacks '{f.name}'", where)
        for key, value in entry.items():
            if key in own:
                continue
            f = section.entry_field(key)
            if f is None:
                self._check(bool(section.others), f"'{key}' is not a key of [[{section.name}]]", where)
                f = EntryField(key, section.others)
            out[key] = self.value(f, value, where)
        return out

    def value(self, f: EntryField, value: object, where: str) -> object:
        kind, name = f.kind, f.name
        if kind == "int":
            self._check(isinstance(value, int) and not isinstance(value, bool), f"'{name}' must be a whole number", where)
        elif kind == "bool":
            self._check(isinstance(value, bool), f"'{name}' must be true or false", where)
        elif kind in ("text", "side", "formation", "hex"):
            self._check(isinstance(value, str), f"'{name}' must be text", where)
            self._check(kind != "side" or value in self.sides, f"'{name}' '{value}' is not a side", where)
            self._check(kind != "formation" or value in self.formations,
                        f"'{name}' '{value}' is not a formation of formations.csv", where)
            if kind == "hex":
                self._hex(value, where)
        else:  # a list
            self._check(isinstance(value, list) and all(isinstance(v, str) for v in value), f"'{name}' must be a list of texts", where)
            if kind == "ids":
                unknown = [v for v in value if v not in self.counters]
                self._check(not unknown, f"'{name}': no counter {', '.join(map(repr, unknown))} in counters.csv", where)
            if kind == "hexes":
                for v in value:
                    self._hex(v, where)
            return list(value)
        return value

    def _hex(self, text: str, where: str) -> None:
        try:
            self.numbering.parse(text)
        except HexIdError as exc:
            raise ContentError(str(exc), f"{self.file_name}, {where}") from None

    def _check(self, ok: bool, message: str, where: str = "") -> None:
        if not ok:
            raise ContentError(message, f"{self.file_name}{', ' + where if where else ''}")


def placed_units(extras: dict, sections: tuple[ScenarioSection, ...]) -> list[str]:
    """The counters a game's own sections set up (a division placed over two hexes)."""
    return [u for s in sections if s.places_units for entry in extras.get(s.name, ()) for u in entry.get("units", ())]
