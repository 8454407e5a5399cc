"""Cache files are named by a checksum of their sources (``store.checksum``)."""

from __future__ import annotations

import subprocess
import sys

from ardennes_qt.store.checksum import Checksum


def checksum(*parts: bytes) -> str:
    c = Checksum()
    for part in parts:
        c.update_part(part)
    return c.hexdigest()


def test_the_same_sources_give_the_same_name_in_every_run():
    code = "from ardennes_qt.store.checksum import Checksum; c = Checksum(b'map'); c.update_part(b'A1.01'); " \
           "print(c.hexdigest())"
    runs = {subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60).stdout.strip()
            for _ in range(2)}
    expected = Checksum(b"map")
    expected.update_part(b"A1.01")
    assert runs == {expected.hexdigest()}
    assert len(expected.hexdigest()) == 16 and int(expected.hexdigest(), 16) >= 0


def test_any_change_to_the_sources_gives_another_name():
    base = checksum(b"terrain.toml", b"[woods]\ncost = 2\n", b"map.txt", b"A1.01 woods\n")
    changed = [
        checksum(b"terrain.toml", b"[woods]\ncost = 3\n", b"map.txt", b"A1.01 woods\n"),  # one digit
        checksum(b"terrain.toml", b"[woods]\ncost = 2\n", b"map.txt", b"A1.01 woods\n", b""),  # one more part
        checksum(b"terrain.toml", b"[woods]\ncost = 2\n", b"map.txt", b"A1.01 wodos\n"),  # two letters swapped
        checksum(b"terrain.tom", b"l[woods]\ncost = 2\n", b"map.txt", b"A1.01 woods\n"),  # the same bytes cut elsewhere
    ]
    assert base not in changed and len(set(changed)) == len(changed)


def test_a_checksum_in_one_piece_is_the_checksum_of_its_pieces():
    whole = Checksum(b"Bastogne B1.16")
    pieces = Checksum(b"Bastogne ")
    pieces.update(b"B1.16")
    assert whole.hexdigest() == pieces.hexdigest() != Checksum(b"Bastogne B1.17").hexdigest()
