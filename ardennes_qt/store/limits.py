"""What a file may ask of the program, checked before any work is done on it: the size of
a map, how many counters, actions, lines of play and points, how long a text, how large
an image.  Each limit is far above anything the games need (Ardennes II's two sheets are
4,400 hexes, its campaign under 1,000 counters and a few thousand actions) and far below
what would hang the program or run it out of memory.
"""

from __future__ import annotations

from ardennes_qt.core.numbering import MAX_COLUMNS, MAX_HEXES, MAX_SHEETS  # noqa: F401 - a map's size, checked as it is read

MAX_COUNTERS = 20_000
MAX_FORMATIONS = 5_000
MAX_RECORDS = 200_000  # rows of any one table of a file
MAX_TEXT = 200_000  # characters of one text value (a scenario's printed rules run to a few thousand)
MAX_TEXT_FILE = 20_000_000  # bytes of one text file (the Ardennes II map's text is 300 kB)
MAX_TURN = 999
MAX_VP = 999
MAX_STEPS = 9
MAX_VALUE = 999  # any number printed on a counter
MAX_WITHIN = 99  # "within N hexes" of a set-up or an arrival
MAX_ACTIONS = 100_000  # actions of one line of play
MAX_LINES = 500  # lines of play in one game
MAX_SEED = 2**63 - 1
MAX_POINTS = 100_000  # points of one vector layer
MAX_COORDINATE = 1e7  # a vector layer's points and a backdrop's calibration, in hexes or pixels
MAX_IMAGE_SIDE = 30_000  # pixels
MAX_IMAGE_PIXELS = 200_000_000
MAX_IMAGE_BYTES = 400 * 1024 * 1024  # bytes of an image kept in a file (the largest scan the editor takes)


def read_text_file(path, origin: str | None = None) -> str:
    """The text of a file of the text form, or ContentError naming it: no such file, a
    folder in its place, larger than ``MAX_TEXT_FILE``, or not UTF-8 (with the line)."""
    from pathlib import Path

    from ardennes_qt.store.errors import ContentError

    path = Path(path)
    name = origin or path.name
    if not path.is_file():
        raise ContentError("there is no such file" if not path.exists() else "this is a folder, not a file", name)
    try:
        size = path.stat().st_size
        if size > MAX_TEXT_FILE:
            raise ContentError(f"the file is {size:,} bytes (at most {MAX_TEXT_FILE:,})", name)
        data = path.read_bytes()
    except OSError as exc:
        raise ContentError(f"cannot read the file ({exc.strerror or exc})", name) from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise ContentError(f"line {line} is not UTF-8 text (byte {data[exc.start]:#04x})", name) from None
