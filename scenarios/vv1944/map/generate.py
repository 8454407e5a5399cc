"""Regenerate the text form of the representative map of Ardennes 1944 (Vae Victis 48) from its vector source.

    python scenarios/vv1944/map/generate.py [source.toml] -o map.txt

The output is required; the shipped map text is ``map.txt`` beside the source (a test holds it
equal to what this writes).

The generator is ``ardennes_qt.core.mapgen``; this command lives outside the package because it
also needs the text form from ``ardennes_qt.store``, and core may not import store (the "Layers
point down" contract).  tests/core/test_map_vv1944.py generates it into a temporary folder and checks it.
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
    parser.add_argument("-o", "--output", type=Path, required=True, help="the map text file to write")
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
