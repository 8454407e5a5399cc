"""Regenerate the representative Ardennes II map's text form from its vector source.

    python scenarios/ardennes2/map/generate.py [source.toml] [-o map.txt]

The command is ``ardennes_qt.store.mapsource.regenerate``, shared by every shipped game's map;
tests/core/test_mapgen.py fails when map.txt and the source drift apart.
"""

import sys
from pathlib import Path

from ardennes_qt.store.mapsource import regenerate

HERE = Path(__file__).resolve().parent


def main(argv: list[str] | None = None) -> int:
    return regenerate(argv, HERE, __doc__.splitlines()[0])


if __name__ == "__main__":
    sys.exit(main())
