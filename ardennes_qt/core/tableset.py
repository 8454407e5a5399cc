"""A game's rule tables: the shipped data files of its rule system, with the house rules
its content carries in their place, and what the rules work out from them.

Each game has its own ``TableSet`` (``RuleSystem.tables(house_rules)``): two open games,
or a game and the overlay thread working on a snapshot of it, never share one.  The
rules read their tables through the set *in use* (``TableSet.in_use()``), which the
session puts in place around every question it asks them; the set in use is a context
variable, so each thread (and each asyncio task) sees its own.  Rules asked with no set
in use (a test calling a rules function directly) read the shipped tables.
"""

from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterator, Mapping, TypeVar

T = TypeVar("T")


def read_toml(text: str) -> dict:
    import tomllib  # when a table is first read: a new game's opening needs none

    return tomllib.loads(text)


@dataclass(frozen=True)
class RuleTable:
    """One rule table as a player or a script reads it: its rows (the document), where it comes
    from, and the rule it stands for."""

    name: str
    title: str  # the table's first line: what it is and the rule it stands for
    rows: dict  # the table's document, as the rules read it
    source: str  # "shipped", or "house rule" where the game's content replaces it
    provisional: tuple[tuple[str, str], ...]  # (part, reason) of each part no document prints

    @property
    def estimated(self) -> bool:
        return bool(self.provisional)


def provisional_parts(document: dict, where: str = "") -> list[tuple[str, str]]:
    """Every part of a table marked ``provisional = true``, the whole first, with its reason."""
    out = []
    if document.get("provisional") is True:
        out.append((where or "the whole table", " ".join(str(document.get("reason", "")).split())))
    for key, value in document.items():
        if isinstance(value, dict):
            out.extend(provisional_parts(value, f"{where}.{key}" if where else str(key)))
    return out


def table_part(name: str, section: str = "") -> str:
    """A rule table, or a part of one, as the player finds it in the editor's rule tables:
    "the supply table, enemy units block"."""
    where = f"the {name.replace('_', ' ')} table"
    return f"{where}, {section.replace('_', ' ')}" if section else where


class TableSet:
    """One game's rule tables by name: a house rule's document where the content replaces the
    table, the shipped one otherwise; and a cache of what is derived from them.  Called, it
    lists them all: ``session.tables()`` -> {name: RuleTable}."""

    def __init__(self, system: str, folder: Path, house_rules: Mapping[str, str] = (), shipped: TableSet | None = None) -> None:
        """``house_rules``: TOML text by table name.  Raises ValueError naming a table whose
        text is not valid TOML.  ``shipped``: the system's set without house rules, whose
        documents are shared rather than read again."""
        self.system = system
        self.folder = folder
        self._shipped = shipped
        self._documents: dict[str, dict] = {}
        self._derived: dict[Callable, dict] = {}
        self.house_rules = dict(house_rules)
        if self.house_rules:
            import tomllib  # a game without house rules opens without the TOML reader
        for name, text in self.house_rules.items():
            try:
                self._documents[name] = tomllib.loads(text)
            except tomllib.TOMLDecodeError as exc:
                raise ValueError(f"the house rule for {name} is not valid TOML: {exc}") from None
            except RecursionError:
                raise ValueError(f"the house rule for {name} nests too deeply to be read") from None
            if shipped is not None:
                self._check_shape(name, self._documents[name])

    def _check_shape(self, name: str, document: dict) -> None:
        """ValueError unless a house rule has the shape of the table it replaces: the rules
        read it as they read that one, and a value of another kind would stop a game later."""
        try:
            shipped = self.shipped_table(name)
        except OSError:
            raise ValueError(f"there is a house rule for {name}, a table this game does not have") from None
        problem = shape_problem(document, shipped)
        if problem:
            raise ValueError(f"the house rule for {name} is not shaped as the table it replaces: {problem}")

    def names(self) -> list[str]:
        """Every table the system ships."""
        return sorted(p.stem for p in self.folder.glob("*.toml"))

    def __call__(self) -> dict[str, RuleTable]:
        """Every rule table of the game by name, with its rows, where it comes from and its rule."""
        out = {}
        for name in self.names():
            rows = self.table(name)
            first = next((line for line in self.shipped_text(name).splitlines() if line.strip()), "")
            out[name] = RuleTable(name, first.lstrip("# ").strip(), rows,
                                  "house rule" if name in self.house_rules else "shipped", tuple(provisional_parts(rows)))
        return out

    def table(self, name: str) -> dict:
        """A rule table as data: the house rule in play for it, or the shipped one."""
        found = self._documents.get(name)
        if found is None:
            if self._shipped is not None and name not in self.house_rules:
                return self._shipped.table(name)
            found = self._documents[name] = self.shipped_table(name)
        return found

    def shipped_table(self, name: str) -> dict:
        if self._shipped is not None:
            return self._shipped.shipped_table(name)
        return read_toml(self.shipped_text(name))

    def shipped_text(self, name: str) -> str:
        return (self.folder / f"{name}.toml").read_text(encoding="utf-8")

    def derived(self, function: Callable[..., T], *args: Any) -> T:
        """``function(*args)`` worked out once for this set of tables."""
        cache = self._derived.setdefault(function, {})
        try:
            return cache[args]
        except KeyError:
            value = cache[args] = function(*args)
            return value

    @contextmanager
    def in_use(self) -> Iterator[TableSet]:
        """The rules read this set for the time of the ``with`` block (in this thread)."""
        token = _IN_USE.set(self)
        try:
            yield self
        finally:
            _IN_USE.reset(token)


_IN_USE: ContextVar[TableSet | None] = ContextVar("tables_in_use", default=None)


def shape_problem(value, shipped, where: str = "") -> str:
    """What keeps ``value`` from having ``shipped``'s shape, or "": where both have a part, a
    table where it has a table, a list as long where it has a list, a value where it has a
    value (a house rule may give only some parts, or parts of its own)."""
    at = where or "the table"
    if isinstance(shipped, dict):
        if not isinstance(value, dict):
            return f"{at} is not a table"
        for key, part in shipped.items():
            problem = shape_problem(value[key], part, f"{where}.{key}" if where else key) if key in value else ""
            if problem:
                return problem
        return ""
    if isinstance(shipped, list):
        if not isinstance(value, list) or len(value) != len(shipped):
            return f"{at} is not a list of {len(shipped)}"
        for i, (item, part) in enumerate(zip(value, shipped)):
            problem = shape_problem(item, part, f"{at}[{i}]")
            if problem:
                return problem
        return ""
    # A value may change kind (a cost of 6 where the table says "P", prohibited): a value, not a table or a list.
    return f"{at} is {type(value).__name__}, not a value" if isinstance(value, (dict, list)) else ""


class SystemTables:
    """A rule system's way to its tables: the set in use if it is this system's, else the
    shipped set; and ``cached``, the decorator for what is worked out from them."""

    def __init__(self, system: str, folder: Path) -> None:
        self.system = system
        self.folder = folder
        self._shipped: TableSet | None = None

    @property
    def shipped(self) -> TableSet:
        if self._shipped is None:
            self._shipped = TableSet(self.system, self.folder)
        return self._shipped

    def with_house_rules(self, house_rules: Mapping[str, str]) -> TableSet:
        """A game's own set: the house rules over the shipped tables (the shipped set itself
        when there are none)."""
        if not house_rules:
            return self.shipped
        return TableSet(self.system, self.folder, house_rules, shipped=self.shipped)

    def current(self) -> TableSet:
        tables = _IN_USE.get()
        return tables if tables is not None and tables.system == self.system else self.shipped

    def table(self, name: str) -> dict:
        return self.current().table(name)

    def cached(self, function: Callable[..., T]) -> Callable[..., T]:
        """Work ``function`` out once per set of tables (its arguments must be hashable)."""

        def from_tables(*args):
            return self.current().derived(function, *args)

        from_tables.__name__ = function.__name__
        from_tables.__doc__ = function.__doc__
        from_tables.__wrapped__ = function
        return from_tables


class Bound:
    """A capability of a rule system, each of its methods answered with one game's tables in
    use: what ``Session.capability`` hands out, so the caller need not put them in place."""

    def __init__(self, target: object, tables: TableSet) -> None:
        self._target = target
        self._tables = tables

    def __getattr__(self, name: str):
        found = getattr(self._target, name)
        if not callable(found):
            return found
        tables = self._tables

        def asked(*args, **kwargs):
            with tables.in_use():
                return found(*args, **kwargs)

        asked.__name__ = name
        asked.__doc__ = found.__doc__
        return asked
