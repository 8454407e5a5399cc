"""Regenerate the text form of the representative map of Kampfgruppe Peiper from its vector source.

    python scenarios/asl_kgp/map/generate.py [source.toml] [-o map.txt]

The generator is ``ardennes_qt.core.mapgen``; this command lives outside the package because it
also needs the text form from ``ardennes_qt.store``, and core may not import store (the "Layers
point down" contract).  tests/rules/asl_kgp/test_maps.py fails when map.txt and the source drift apart.
"""

import argparse
import sys
import tomllib
from pathlib import Path

from ardennes_qt.core.mapgen import MapSourceError, generate, read_source
from ardennes_qt.store.maptext import write_map

HERE = Path(__file__).resolve().parent


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("source", type=Path, nargs="?", default=HERE / "source.toml", help="the vector source (TOML)")
    parser.add_argument("-o", "--output", type=Path, default=HERE / "map.txt", help="the map text file to write")
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


if __name__ == "__main__":
    sys.exit(main())
