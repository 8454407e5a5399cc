"""The wheel and the sdist carry the shipped content, and the installed program runs.

The sdist is built with the project's own build backend (the PEP 517 hooks, as pip and
``build`` call them), the wheel is built from the unpacked sdist by pip, and the wheel is
installed into a new virtual environment.  That environment gets the program's
dependencies from the environment running the tests (a ``.pth`` file naming its
site-packages) instead of downloading them: what is checked is the wheel, not PyPI.
The installed commands then run from a folder outside the checkout.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import zipfile
from pathlib import Path

import pytest

from ardennes_qt import __version__
from ardennes_qt.store.library import list_scenarios
from tests.install.programs import ROOT, SCENARIO, assert_a_picture, expected_setup_text, run

NOT_SOURCES = shutil.ignore_patterns(".git", ".venv", "build", "dist", "*.egg-info", "__pycache__", ".pytest_cache",
                                     ".hypothesis", "out", "bundle")


def shipped_files() -> list[str]:
    """Every file under scenarios/<system>/ in the checkout, relative to scenarios/."""
    base = ROOT / "scenarios"
    names = [p.relative_to(base) for p in base.glob("*/**/*") if p.is_file()]
    return sorted(n.as_posix() for n in names if not any(part.startswith(".") or part == "__pycache__"
                                                         for part in n.parts))


def build(*command, cwd: Path) -> str:
    result = subprocess.run([sys.executable, *command], cwd=cwd, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    return result.stdout


@pytest.fixture(scope="module")
def dists(tmp_path_factory) -> tuple[Path, Path]:
    """(sdist, wheel): the sdist made from a copy of the checkout, the wheel from the sdist."""
    tmp = tmp_path_factory.mktemp("dists")
    shutil.copytree(ROOT, tmp / "checkout", ignore=NOT_SOURCES)
    hook = "import sys; sys.path.insert(0, 'packaging'); import build_backend; print(build_backend.build_sdist(sys.argv[1]))"
    sdist = tmp / build("-c", hook, tmp, cwd=tmp / "checkout").strip().splitlines()[-1]
    with tarfile.open(sdist) as tar:
        tar.extractall(tmp / "unpacked", filter="data")
    (source,) = (tmp / "unpacked").iterdir()
    build("-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation", "--no-index", "-w", tmp, source, cwd=tmp)
    (wheel,) = tmp.glob("*.whl")
    return sdist, wheel


@pytest.fixture(scope="module")
def venv(dists, tmp_path_factory) -> Path:
    """A new virtual environment with the wheel installed; its bin (Scripts) folder."""
    env = tmp_path_factory.mktemp("venv") / "env"
    build("-m", "venv", "--without-pip", env, cwd=env.parent)
    scripts = env / ("Scripts" if sys.platform == "win32" else "bin")
    python = scripts / ("python.exe" if sys.platform == "win32" else "python")
    build("-m", "pip", "--python", python, "install", "-q", "--no-deps", "--no-index", dists[1], cwd=env.parent)
    site = Path(subprocess.check_output([python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                                        text=True).strip())
    ours = {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}
    (site / "dependencies-of-the-tests.pth").write_text("\n".join(sorted(ours)) + "\n")
    return scripts


def test_the_wheel_and_the_sdist_carry_every_shipped_folder(dists):
    sdist, wheel = dists
    expected = shipped_files()
    assert any(name.endswith("map/map.txt") for name in expected)
    with zipfile.ZipFile(wheel) as z:
        in_wheel = sorted(n.removeprefix("ardennes_qt/scenarios/") for n in z.namelist()
                          if n.startswith("ardennes_qt/scenarios/"))
        assert any(n.startswith("ardennes_qt/rules/") and n.endswith(".toml") for n in z.namelist())  # rule tables
        assert f"Version: {__version__}" in z.read(f"ardennes_qt-{__version__}.dist-info/METADATA").decode()
    assert in_wheel == expected
    with tarfile.open(sdist) as tar:
        top = f"ardennes_qt-{__version__}/scenarios/"
        in_sdist = sorted(n.removeprefix(top) for n in tar.getnames() if n.startswith(top) and tar.getmember(n).isfile())
    assert in_sdist == expected


def test_the_installed_program_knows_every_shipped_scenario(venv, tmp_path):
    python = next(venv.glob("python*"))
    # the engine, as the program loads it, tells the store how to read each game's own columns
    probe = ("import json, ardennes_qt, ardennes_qt.engine; "
             "from ardennes_qt.store.library import list_scenarios, scenarios_root; "
             "print(json.dumps([ardennes_qt.__file__, str(scenarios_root()), list_scenarios()]))")
    result = run([python, "-c", probe], tmp_path)
    assert result.returncode == 0, result.stderr
    package, content, scenarios = json.loads(result.stdout)
    env = venv.parent
    assert Path(package).is_relative_to(env) and Path(content).is_relative_to(env)  # not the checkout's
    assert [tuple(s) for s in scenarios] == list_scenarios()


def test_the_installed_command_prints_a_setup_sheet_from_another_folder(venv, tmp_path):
    result = run([venv / "ardennes-qt", "print-setup", SCENARIO, "--format", "text"], tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout == expected_setup_text()
    pdf = tmp_path / "sheet.pdf"
    result = run([venv / "ardennes-qt", "print-setup", SCENARIO, "-o", pdf], tmp_path)
    assert result.returncode == 0, result.stderr
    assert pdf.read_bytes().startswith(b"%PDF")


def test_the_installed_commands_say_their_version_and_refuse_bad_input_plainly(venv, tmp_path):
    for program in ("ardennes-qt", "ardennes-qt-editor"):
        result = run([venv / program, "--version"], tmp_path)
        assert (result.returncode, result.stdout.strip()) == (0, f"{program} {__version__}")
    result = run([venv / "ardennes-qt", "print-setup", "nosuchgame/1", "--format", "text"], tmp_path)
    assert result.returncode == 2
    assert "there is no rule system 'nosuchgame' (known: " in result.stderr and "Traceback" not in result.stderr


def test_the_installed_program_registers_itself_with_the_desktop(venv, tmp_path):
    result = run([venv / "ardennes-qt", "install-desktop"], tmp_path)
    assert result.returncode == 0, result.stderr
    entry = (tmp_path / "data" / "applications" / "ardennes-qt-editor.desktop").read_text()
    assert f"\nExec={venv / 'ardennes-qt-editor'} %f\n" in entry


def test_the_installed_table_and_editor_open(venv, tmp_path):
    for program in ("ardennes-qt", "ardennes-qt-editor"):
        shot = tmp_path / f"{program}.png"
        result = run([venv / program, "--screenshot", shot, "--size", "1400x900"], tmp_path)
        assert result.returncode == 0, result.stderr
        assert_a_picture(shot, (1400, 900))


def test_the_program_imported_from_the_zipped_wheel_finds_its_content(dists, tmp_path):
    # Not on disk, the content is copied once into the cache folder and read from there.
    script = ("import sys; sys.path.insert(0, sys.argv[1]); from ardennes_qt.app import main; "
              "sys.exit(main(['print-setup', sys.argv[2], '--format', 'text']))")
    result = run([sys.executable, "-c", script, dists[1], SCENARIO], tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout == expected_setup_text()
    assert [p.name.startswith("scenarios-") for p in (tmp_path / "cache").iterdir() if p.is_dir()] == [True]
