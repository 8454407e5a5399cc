"""Names for cached files: a checksum of what a cache was made from.

A cache file (a scenario's built content, the terrain's overview) is named after its
sources, so that a change to them names another file.  The name only has to change when
they do; nothing is kept secret or checked against tampering.  zlib's CRC-32 and Adler-32
together give 64 bits: two different sources share a name about once in 10^19.  (A hash
from ``hashlib`` would load OpenSSL, some 3 ms of every start, for nothing more.)
"""

from __future__ import annotations

import zlib


class Checksum:
    """The checksum of everything given to ``update``, in that order."""

    def __init__(self, data: bytes = b"") -> None:
        self._crc = 0
        self._adler = 1
        self.update(data)

    def update(self, data: bytes) -> None:
        self._crc = zlib.crc32(data, self._crc)
        self._adler = zlib.adler32(data, self._adler)

    def update_part(self, data: bytes) -> None:
        """``data`` as one of several parts: its length first, so that no two ways of
        cutting the same bytes into parts give the same checksum."""
        self.update(len(data).to_bytes(8, "little"))
        self.update(data)

    def hexdigest(self) -> str:
        """Sixteen hex digits."""
        return f"{self._crc:08x}{self._adler:08x}"
