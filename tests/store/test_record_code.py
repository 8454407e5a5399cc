"""The record classes' compiled methods kept between runs (store/record_code.py)."""

from __future__ import annotations

import dataclasses
import sys
from dataclasses import dataclass, field

import pytest

from ardennes_qt.store.record_code import (
    FILE_MARK,
    RecordCode,
    keep_record_code,
    read_code_file,
    stop_keeping_record_code,
)

KEY = bytes(range(32))  # the user's key: made on a first start, kept outside the cache folder


def make_records():
    """Record classes of every kind the program uses: frozen, ordered, with defaults."""

    @dataclass(frozen=True, order=True)
    class Step:
        hex: str
        cost: float = 1.0
        reasons: tuple[str, ...] = ()

    @dataclass
    class Pile:
        hex: str
        units: list[str] = field(default_factory=list)

    return Step, Pile


def behaviour(Step, Pile) -> list:
    step = Step("B1.16", 2.0, ("road",))
    pile = Pile("A38.16")
    pile.units.append("101A/501")
    with pytest.raises(dataclasses.FrozenInstanceError):
        step.cost = 3.0
    return [repr(step), step == Step("B1.16", 2.0, ("road",)), step < Step("B1.17"), hash(step) == hash(Step("B1.16", 2.0, ("road",))),
            repr(pile), pile == Pile("A38.16", ["101A/501"]), Pile("x").units is not Pile("x").units]


@pytest.fixture
def kept(tmp_path):
    stop_keeping_record_code()  # a run of the table command in this process leaves none behind, but be sure
    yield tmp_path
    stop_keeping_record_code()


def test_records_made_with_kept_code_behave_as_records_compiled_by_python(kept):
    plain = behaviour(*make_records())
    keep_record_code(kept, KEY)
    assert behaviour(*make_records()) == plain


def test_the_next_start_compiles_nothing_that_was_kept(kept):
    first = keep_record_code(kept, KEY)
    make_records()
    assert first.compiled > 0
    stop_keeping_record_code()  # saves
    path = kept / f"records-{sys.implementation.cache_tag}.bin"
    assert path.read_bytes().startswith(FILE_MARK)
    second = keep_record_code(kept, KEY)
    Step, Pile = make_records()
    assert second.compiled == 0
    assert Step("B1.16").cost == 1.0
    assert not second.save()  # nothing new: the file is not written again


def test_python_compiles_by_itself_again_once_code_is_no_longer_kept(kept):
    keep_record_code(kept, KEY)
    assert "exec" in vars(dataclasses)
    stop_keeping_record_code()
    assert "exec" not in vars(dataclasses)
    Step, _ = make_records()
    assert Step("A1.01") < Step("A1.02")


@pytest.mark.parametrize("damage", [
    b"",
    b"not a record code file",
    FILE_MARK + b"\x00\x01garbage",  # cut short or overwritten
    b"\x00\x00\r\n" + FILE_MARK[4:],  # another Python version's file
])
def test_a_damaged_or_foreign_file_is_set_aside_and_a_good_one_written(kept, damage):
    path = kept / f"records-{sys.implementation.cache_tag}.bin"
    path.write_bytes(damage + b"\x00" * 8)
    assert read_code_file(path, key=KEY) == {}
    code = keep_record_code(kept, KEY)
    plain = behaviour(*make_records())
    assert code.compiled > 0
    stop_keeping_record_code()
    assert len(read_code_file(path, key=KEY)) == len(code.used)
    keep_record_code(kept, KEY)
    assert behaviour(*make_records()) == plain


def test_a_file_that_would_grow_past_its_bound_keeps_only_what_the_last_run_used(tmp_path, monkeypatch):
    import ardennes_qt.store.record_code as record_code

    path = tmp_path / "records.bin"
    code = RecordCode(path, key=KEY)
    for n in range(5):
        code.code_of(f"x{n} = {n}")
    code.save()
    monkeypatch.setattr(record_code, "MOST_KEPT", 6)
    later = RecordCode(path, key=KEY)
    later.code_of("x0 = 0")
    later.code_of("y = 1")
    later.code_of("z = 2")  # 7 in all: over the bound
    later.save()
    assert sorted(read_code_file(path, key=KEY)) == ["x0 = 0", "y = 1", "z = 2"]


def test_a_folder_that_cannot_be_written_leaves_the_program_working(tmp_path):
    blocked = tmp_path / "file-not-folder"
    blocked.write_text("")
    code = RecordCode(blocked / "records.bin", key=KEY)
    namespace: dict = {}
    code.exec("def f():\n return 7", namespace)
    assert namespace["f"]() == 7
    assert not code.save()


def test_code_kept_with_its_file_name_and_flags_is_what_compile_makes(tmp_path):
    import __future__

    from ardennes_qt.store.record_code import KeptCode

    source = b"def f(x: NotDefinedAnywhere) -> int:\n    return 7\n"
    flags = __future__.annotations.compiler_flag
    path = tmp_path / "support.bin"
    first = KeptCode(path, b"mark\n", key=KEY)
    code = first.code_of(source, "support/module.py", flags)
    assert first.compiled == 1 and first.save()
    later = KeptCode(path, b"mark\n", key=KEY)
    kept = later.code_of(source, "support/module.py", flags)
    assert later.compiled == 0 and kept == code
    assert kept == compile(source, "support/module.py", "exec", flags, dont_inherit=True)
    namespace: dict = {}
    exec(kept, namespace)  # the annotation is not evaluated: the flag came back with the code
    assert namespace["f"](1) == 7 and namespace["f"].__code__.co_filename == "support/module.py"
    # The same text under another name, or without the flag, is other code.
    assert later.code_of(source, "other.py", flags).co_filename == "other.py" and later.compiled == 1
    assert KeptCode(path, b"another mark\n", key=KEY).kept == {}


def test_keeping_only_what_a_run_used_drops_what_it_did_not(tmp_path):
    from ardennes_qt.store.record_code import KeptCode

    path = tmp_path / "support.bin"
    first = KeptCode(path, b"mark\n", key=KEY)
    first.code_of(b"a = 1", "a.py")
    first.code_of(b"b = 2", "b.py")
    first.save(only_used=True)
    later = KeptCode(path, b"mark\n", key=KEY)
    later.code_of(b"a = 1", "a.py")
    assert later.compiled == 0
    assert not later.save()  # kept on: nothing new, and only_used not asked
    assert later.save(only_used=True)  # b.py was not used: written without it
    assert [key[0] for key in KeptCode(path, b"mark\n", key=KEY).kept] == ["a.py"]
    # A run that used none of it (a PySide6 that loads its support another way) keeps none.
    assert KeptCode(path, b"mark\n", key=KEY).save(only_used=True) and KeptCode(path, b"mark\n", key=KEY).kept == {}


# --- code from the cache folder runs only if the program wrote it ---------------------------------


def planted(path, mark: bytes, source: str, signature: bytes) -> None:
    """A file in the cache folder whose code for ``source`` does something else: writes a
    marker file."""
    import marshal

    from ardennes_qt.store.record_code import SIGNATURE_SIZE

    evil = compile(f"open({str(path.parent / 'ran')!r}, 'w').write('planted')", "<string>", "exec")
    body = marshal.dumps({source: evil})
    path.write_bytes(mark + signature[:SIGNATURE_SIZE].ljust(SIGNATURE_SIZE, b"\0") + body)


@pytest.mark.parametrize("signature", [b"", b"\x00" * 32, b"forged"])
def test_code_planted_in_the_cache_folder_is_not_run(tmp_path, signature):
    from ardennes_qt.store.record_code import KeptCode

    path = tmp_path / "records.bin"
    planted(path, b"mark\n", "x = 1", signature)
    code = KeptCode(path, b"mark\n", key=KEY)
    assert code.kept == {}
    namespace: dict = {}
    exec(code.code_of("x = 1"), namespace)
    assert namespace["x"] == 1 and not (tmp_path / "ran").exists()


def test_a_kept_file_changed_after_it_was_signed_is_not_run(tmp_path):
    from ardennes_qt.store.record_code import SIGNATURE_SIZE, KeptCode

    path = tmp_path / "records.bin"
    first = KeptCode(path, b"mark\n", key=KEY)
    first.code_of("x = 1")
    assert first.save()
    data = path.read_bytes()
    signature = data[len(b"mark\n"):len(b"mark\n") + SIGNATURE_SIZE]
    planted(path, b"mark\n", "x = 1", signature)  # the program's signature, over other code
    assert KeptCode(path, b"mark\n", key=KEY).kept == {}
    path.write_bytes(data)
    assert list(KeptCode(path, b"mark\n", key=KEY).kept) == ["x = 1"]
    assert KeptCode(path, b"mark\n", key=bytes(32)).kept == {}  # another user's key


def test_without_a_key_nothing_is_kept_and_python_compiles_by_itself(tmp_path):
    from ardennes_qt.store.record_code import KeptCode

    code = KeptCode(tmp_path / "records.bin", b"mark\n", key=None)
    assert code.code_of("x = 1") is not None and not code.save()
    assert not (tmp_path / "records.bin").exists()


def test_the_key_lives_outside_the_cache_folder_readable_by_the_user_alone(tmp_path, monkeypatch):
    import os
    import stat

    from ardennes_qt.store import folders

    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("ARDENNES_QT_CACHE", str(tmp_path / "cache"))
    key = folders.code_key()
    assert len(key) == 32 and folders.code_key() == key
    path = folders.key_path()
    assert tmp_path / "config" in path.parents and folders.cache_dir() not in path.parents
    if os.name == "posix":
        assert stat.S_IMODE(path.stat().st_mode) == 0o600
