"""The reviewable text form of a map: one line per feature, sorted, diffable.

    map ardennes2 "Ardennes II (representative map)"
    numbering scs sheets=A,B columns=40 rows=0-54
    source representative
    edge east German
    hex B1.16 city woods
    hex StJ19 stone_building steeple level=4 floors=1
    place B1.16 "Bastogne" vp=5
    side B1.16 NE stream name="Wiltz"
    side StJ6 SE crest slope=StJ6
    road B1.16 N road
    bridge B1.16 NE plunger=P3
    plunger P3 B2.17
    entry A German B40.50 B40.51 B40.52

Hexes not listed are open, at level 0.  A map with hills gives a hex its base level
(``level=``, below 0 for a stream bed) and a building its Locations above ground level
(``floors=``); a slope hexside names the hex its hash marks are drawn in (``slope=``; a
slope needs no other feature).  Any line may end with ``source=...`` where it differs
from the file's ``source``.  ``#`` starts a comment.
"""

from __future__ import annotations

import shlex
from pathlib import Path

from ardennes_qt.core.hexgrid import Direction, Hex, Hexside
from ardennes_qt.core.mapdata import (
    EDGES,
    HEX_TERRAIN,
    HEXSIDE_FEATURES,
    ROAD_KINDS,
    Bridge,
    EntryArea,
    HexRecord,
    HexsideRecord,
    MapData,
    Place,
    RoadLink,
)
from ardennes_qt.core.numbering import HexIdError, Numbering, numbering_from_text
from ardennes_qt.store.errors import ContentError
from ardennes_qt.store.limits import MAX_VP, read_text_file


MAX_LINE = 20_000  # characters: an entry area of two thousand hexes
MAX_LEVEL = 99  # a hex's base level, up or down


def read_map(path: Path, origin: str | None = None) -> MapData:
    """The map in a text file; ``origin`` names it in messages (its path by default)."""
    origin = origin or str(path)
    return parse_map(read_text_file(Path(path), origin), origin)


def parse_map(text: str, origin: str = "map") -> MapData:
    reader = _MapReader(origin)
    for number, line in enumerate(text.splitlines(), start=1):
        reader.line(number, line)
    return reader.finish()


class _MapReader:
    def __init__(self, origin: str) -> None:
        self.origin = origin
        self.map: MapData | None = None
        self.where = origin
        self.pending_numbering: Numbering | None = None
        self.header: tuple[str, str] | None = None
        self.default_source = "representative"

    def fail(self, message: str) -> ContentError:
        return ContentError(message, self.where)

    def line(self, number: int, raw: str) -> None:
        self.where = f"{self.origin}, line {number}"
        if len(raw) > MAX_LINE:  # shlex takes time that grows with the square of a line's length
            raise self.fail(f"the line is {len(raw):,} characters long (at most {MAX_LINE:,})")
        try:
            tokens = shlex.split(raw, comments=True)
        except ValueError as exc:
            raise self.fail(f"cannot read this line ({exc})") from None
        if not tokens:
            return
        keyword, args = tokens[0], tokens[1:]
        options = {}
        while args and "=" in args[-1]:
            key, value = args.pop().split("=", 1)
            options[key] = value
        handler = getattr(self, f"_{keyword}", None)
        if handler is None:
            raise self.fail(f"unknown line kind '{keyword}'")
        if keyword not in ("map", "numbering", "source") and self.map is None:
            raise self.fail("the file must start with 'map' and 'numbering' lines")
        try:
            handler(args, options)
        except HexIdError as exc:
            raise self.fail(str(exc)) from None

    def _source_of(self, options: dict[str, str]) -> str:
        return options.pop("source", self.default_source)

    def _map(self, args, options) -> None:
        if len(args) != 2:
            raise self.fail('expected: map <id> "<title>"')
        self.header = (args[0], args[1])
        self._start()

    def _numbering(self, args, options) -> None:
        text = " ".join(args + [f"{k}={v}" for k, v in options.items()])
        try:
            self.pending_numbering = numbering_from_text(text)
        except ValueError as exc:
            raise self.fail(str(exc)) from None
        self._start()

    def _source(self, args, options) -> None:
        if len(args) != 1:
            raise self.fail("expected: source <provenance>")
        self.default_source = args[0]
        if self.map is not None:
            self.map.source = args[0]

    def _start(self) -> None:
        if self.header and self.pending_numbering and self.map is None:
            self.map = MapData(self.header[0], self.header[1], self.pending_numbering, self.default_source)

    def _hex(self, args, options) -> None:
        if len(args) < 2:
            raise self.fail("expected: hex <hex id> <terrain> [<terrain>...] [level=<n>] [floors=<n>]")
        h = self._hex_id(args[0])
        unknown = [t for t in args[1:] if t not in HEX_TERRAIN]
        if unknown:
            raise self.fail(f"unknown terrain {', '.join(unknown)} (known: {', '.join(HEX_TERRAIN)})")
        level = self._int(options.pop("level", "0"), "level")
        floors = self._int(options.pop("floors", "0"), "floors")
        if not -MAX_LEVEL <= level <= MAX_LEVEL or not 0 <= floors <= MAX_LEVEL:
            raise self.fail(f"a level is a whole number from -{MAX_LEVEL} to {MAX_LEVEL}, floors from 0")
        self.map.hexes[h] = HexRecord(frozenset(args[1:]), self._source_of(options), level, floors)

    def _place(self, args, options) -> None:
        if len(args) != 2:
            raise self.fail('expected: place <hex id> "<name>" [vp=<n>]')
        h = self._hex_id(args[0])
        vp = self._int(options.pop("vp", "0"), "vp")
        if not 0 <= vp <= MAX_VP:
            raise self.fail(f"vp={vp}: a place's VP is a whole number from 0 to {MAX_VP}")
        self.map.places[h] = Place(args[1], vp, self._source_of(options))

    def _side(self, args, options) -> None:
        if len(args) < 3 and not (len(args) == 2 and "slope" in options):
            raise self.fail("expected: side <hex id> <direction> <feature> [<feature>...] [slope=<hex id>]")
        side = self._hexside(args[0], args[1])
        unknown = [f for f in args[2:] if f not in HEXSIDE_FEATURES]
        if unknown:
            raise self.fail(f"unknown hexside feature {', '.join(unknown)} (known: {', '.join(HEXSIDE_FEATURES)})")
        name = options.pop("name", "")
        slope = None
        if "slope" in options:
            slope = self._hex_id(options.pop("slope"))
            if slope not in side.hexes:
                raise self.fail(f"the slope's hash marks must be in one of the two hexes of the side, not {self.map.hex_id(slope)}")
        self.map.hexsides[side] = HexsideRecord(frozenset(args[2:]), name, self._source_of(options), slope)

    def _road(self, args, options) -> None:
        if len(args) != 3 or args[2] not in ROAD_KINDS:
            raise self.fail(f"expected: road <hex id> <direction> {'|'.join(ROAD_KINDS)}")
        self.map.roads[self._hexside(args[0], args[1])] = RoadLink(args[2], self._source_of(options))

    def _bridge(self, args, options) -> None:
        if len(args) != 2:
            raise self.fail("expected: bridge <hex id> <direction> [built=<date>] [plunger=<id>]")
        side = self._hexside(args[0], args[1])
        self.map.bridges[side] = Bridge(options.pop("built", ""), options.pop("plunger", ""), self._source_of(options))

    def _plunger(self, args, options) -> None:
        if len(args) != 2:
            raise self.fail("expected: plunger <id> <hex id>")
        self.map.plungers[args[0]] = self._hex_id(args[1])

    def _entry(self, args, options) -> None:
        if len(args) < 3:
            raise self.fail("expected: entry <letter> <side> <hex id> [<hex id>...]")
        letter, side = args[0], args[1]
        hexes = frozenset(self._hex_id(a) for a in args[2:])
        self.map.entry_areas[letter] = EntryArea(letter, side, hexes, self._source_of(options))

    def _edge(self, args, options) -> None:
        if len(args) != 2 or args[0] not in EDGES:
            raise self.fail(f"expected: edge <{'|'.join(EDGES)}> <side>")
        self.map.friendly_edges[args[0]] = args[1]

    def _note(self, args, options) -> None:
        self.map.notes.append(" ".join(args))

    def _hex_id(self, text: str) -> Hex:
        return self.map.parse(text)

    def _hexside(self, hex_text: str, direction_text: str) -> Hexside:
        try:
            direction = Direction[direction_text.upper()]
        except KeyError:
            raise self.fail(f"'{direction_text}' is not a direction (N, NE, SE, S, SW, NW)") from None
        return Hexside.of(self._hex_id(hex_text), direction)

    def _int(self, text: str, what: str) -> int:
        try:
            return int(text)
        except ValueError:
            raise self.fail(f"{what} must be a whole number, not '{text}'") from None

    def finish(self) -> MapData:
        if self.map is None:
            raise ContentError("the file has no 'map' and 'numbering' lines", self.origin)
        for side, bridge in self.map.bridges.items():
            if bridge.plunger and bridge.plunger not in self.map.plungers:
                raise ContentError(f"bridge at {self._side_text(side)} names plunger '{bridge.plunger}', which has no 'plunger' line", self.origin)
        return self.map

    def _side_text(self, side: Hexside) -> str:
        return _side_ref(self.map, side)


def _side_ref(m: MapData, side: Hexside) -> str:
    return " ".join(m.side_ref(side))


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _src(source: str, default: str) -> str:
    return "" if source == default else f" source={shlex.quote(source)}"


def format_map(m: MapData) -> str:
    index = m.numbering.index
    default = m.source
    out = [
        f"map {m.id} {_quote(m.title)}",
        f"numbering {m.numbering.to_text()}",
        f"source {m.source}",
    ]
    out += [f"note {_quote(n)}" for n in m.notes]
    out += [f"edge {edge} {m.friendly_edges[edge]}" for edge in EDGES if edge in m.friendly_edges]

    def side_key(item):
        side = item[0]
        a, b = side.hexes
        on = a if m.contains(a) else b
        return index(on), side.direction

    out.append("")
    for h in sorted(m.hexes, key=index):
        record = m.hexes[h]
        if record.terrain == frozenset({"open"}) and record.source == default and not (record.level or record.floors):
            continue
        terrain = " ".join(t for t in HEX_TERRAIN if t in record.terrain)
        level = f" level={record.level}" if record.level else ""
        floors = f" floors={record.floors}" if record.floors else ""
        out.append(f"hex {m.hex_id(h)} {terrain}{level}{floors}{_src(record.source, default)}")
    out.append("")
    for h in sorted(m.places, key=index):
        p = m.places[h]
        vp = f" vp={p.vp}" if p.vp else ""
        out.append(f"place {m.hex_id(h)} {_quote(p.name)}{vp}{_src(p.source, default)}")
    out.append("")
    for side, record in sorted(m.hexsides.items(), key=side_key):
        features = "".join(f" {f}" for f in HEXSIDE_FEATURES if f in record.features)
        name = f" name={shlex.quote(record.name)}" if record.name else ""
        slope = f" slope={m.hex_id(record.slope)}" if record.slope is not None else ""
        out.append(f"side {_side_ref(m, side)}{features}{name}{slope}{_src(record.source, default)}")
    out.append("")
    for side, link in sorted(m.roads.items(), key=side_key):
        out.append(f"road {_side_ref(m, side)} {link.kind}{_src(link.source, default)}")
    out.append("")
    for plunger in sorted(m.plungers):
        out.append(f"plunger {plunger} {m.hex_id(m.plungers[plunger])}")
    for side, bridge in sorted(m.bridges.items(), key=side_key):
        built = f" built={bridge.built}" if bridge.built else ""
        plunger = f" plunger={bridge.plunger}" if bridge.plunger else ""
        out.append(f"bridge {_side_ref(m, side)}{built}{plunger}{_src(bridge.source, default)}")
    out.append("")
    for letter in sorted(m.entry_areas):
        area = m.entry_areas[letter]
        hexes = " ".join(m.hex_id(h) for h in sorted(area.hexes, key=index))
        out.append(f"entry {letter} {area.side} {hexes}{_src(area.source, default)}")
    return "\n".join(out) + "\n"


def write_map(m: MapData, path: Path) -> None:
    from ardennes_qt.store.atomic import write_text_atomic

    write_text_atomic(Path(path), format_map(m))
