"""The command every shipped game's ``scenarios/<game>/map/generate.py`` runs: the game's vector
source (``source.toml``) through the vector-to-hex generator (``core.mapgen``) into the map's text
form (``map.txt`` beside it, or ``-o``).  It lives in the store because it writes the text form,
and the generator in core may not import the store."""

from __future__ import annotations

import argparse
import sys
import tomllib
from pathlib import Path

from ardennes_qt.core.mapgen import MapSourceError, generate, read_source
from ardennes_qt.store.maptext import write_map


def regenerate(argv: list[str] | None, folder: Path, description: str) -> int:
    """Write the map text of the source in ``folder``; 1 with the reason on stderr when the
    source cannot be read."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("source", type=Path, nargs="?", default=folder / "source.toml", help="the vector source (TOML)")
    parser.add_argument("-o", "--output", type=Path, default=folder / "map.txt", help="the map text file to write")
    args = parser.parse_args(argv)
    try:
        m = generate(read_source(args.source))
    except KeyError as exc:
        print(f"{args.source}: an entry lacks the key {exc}", file=sys.stderr)
        return 1
    except (MapSourceError, tomllib.TOMLDecodeError) as exc:
        print(f"{args.source}: {exc}", file=sys.stderr)
        return 1
    write_map(m, args.output)
    return 0
