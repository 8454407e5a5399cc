#!/usr/bin/env python3
"""Set everything up on a fresh machine and run the table, the editor or the tests.

    python3 packaging/bootstrap.py table      # open the table on the Ardennes II campaign
    python3 packaging/bootstrap.py test       # run the test suite
    python3 packaging/bootstrap.py editor     # open the editor
    python3 packaging/bootstrap.py bench      # run the benchmarks (prints figures)
    python3 packaging/bootstrap.py bundle     # build the bundle for this system and smoke-test it

Needs only Python 3.11+ and git.  Creates ``.venv`` in the checkout, installs the
Python packages into it, and installs the Qt runtime's system libraries with apt-get
when they are missing (as root, or through sudo).
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PYTHON = BIN / ("python.exe" if os.name == "nt" else "python")

# Debian packages: what the Qt offscreen/xcb platforms link against, and the tools tests use.
# (library file or path that proves it is there, package)
OFFSCREEN = [
    ("libEGL.so.1", "libegl1"),
    ("libGL.so.1", "libgl1"),
    ("libxkbcommon.so.0", "libxkbcommon0"),
    ("libfontconfig.so.1", "libfontconfig1"),
    ("libdbus-1.so.3", "libdbus-1-3"),
    ("libglib-2.0.so.0", "libglib2.0-0"),
    ("/usr/share/fonts/truetype/dejavu", "fonts-dejavu-core"),
]
WINDOW = [
    ("libxkbcommon-x11.so.0", "libxkbcommon-x11-0"),
    ("libX11-xcb.so.1", "libx11-xcb1"),
    ("libxcb-cursor.so.0", "libxcb-cursor0"),
    ("libxcb-icccm.so.4", "libxcb-icccm4"),
    ("libxcb-keysyms.so.1", "libxcb-keysyms1"),
    ("libxcb-image.so.0", "libxcb-image0"),
    ("libxcb-randr.so.0", "libxcb-randr0"),
    ("libxcb-render-util.so.0", "libxcb-render-util0"),
    ("libxcb-shape.so.0", "libxcb-shape0"),
    ("libxcb-xfixes.so.0", "libxcb-xfixes0"),
    ("libxcb-xinerama.so.0", "libxcb-xinerama0"),
    ("libxcb-xkb.so.1", "libxcb-xkb1"),
    ("libxcb-util.so.1", "libxcb-util1"),
]
TEST_TOOLS = [("/usr/bin/pdftotext", "poppler-utils"), ("/usr/bin/pdftoppm", "poppler-utils"),
              # checking the desktop files and registering them
              ("/usr/bin/desktop-file-validate", "desktop-file-utils"), ("/usr/bin/appstreamcli", "appstream"),
              ("/usr/bin/update-mime-database", "shared-mime-info")]


def say(text: str) -> None:
    print(f"[bootstrap] {text}", flush=True)


def run(cmd: list[str], **kw) -> int:
    return subprocess.call(cmd, **kw)


def _installed_libraries() -> str:
    try:
        return subprocess.run(["ldconfig", "-p"], capture_output=True, text=True).stdout
    except OSError:
        return ""


def missing_packages(wanted: list[tuple[str, str]]) -> list[str]:
    libraries = _installed_libraries()
    missing = []
    for proof, package in wanted:
        present = Path(proof).exists() if proof.startswith("/") else proof in libraries
        if not present and package not in missing:
            missing.append(package)
    return missing


def install_system_packages(wanted: list[tuple[str, str]]) -> None:
    if not sys.platform.startswith("linux") or not shutil.which("apt-get"):
        return
    packages = missing_packages(wanted)
    if not packages:
        return
    prefix = [] if os.geteuid() == 0 else (["sudo", "-n"] if shutil.which("sudo") else None)
    command = "apt-get install -y --no-install-recommends " + " ".join(packages)
    if prefix is None:
        say(f"missing system packages; please run as root: {command}")
        return
    say(f"installing system packages: {' '.join(packages)}")
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    install = prefix + ["apt-get", "install", "-y", "--no-install-recommends", *packages]
    if run(install, env=env, stdout=subprocess.DEVNULL) != 0:
        run(prefix + ["apt-get", "update", "-q"], env=env, stdout=subprocess.DEVNULL)
        if run(install, env=env, stdout=subprocess.DEVNULL) != 0:
            say(f"could not install system packages; please run: {command}")


def ensure_venv(extras: str) -> None:
    """Create .venv and install the project (editable) with ``extras``; skip when up to date."""
    if not PYTHON.exists():
        say(f"creating {VENV}")
        venv.EnvBuilder(with_pip=True).create(VENV)
    stamp = VENV / f".installed-{extras or 'base'}"
    digest = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    if stamp.exists() and stamp.read_text() == digest:
        return
    target = f"{ROOT}[{extras}]" if extras else str(ROOT)
    say(f"installing Python packages ({extras or 'base'})")
    quiet = ["-q"] if os.environ.get("CI") else []
    if run([str(PYTHON), "-m", "pip", "install", *quiet, "--disable-pip-version-check", "-e", target]) != 0:
        sys.exit("[bootstrap] pip install failed")
    stamp.write_text(digest)


def run_tests(args: list[str]) -> int:
    install_system_packages(OFFSCREEN + TEST_TOOLS)
    ensure_venv("test")
    env = {**os.environ, "QT_QPA_PLATFORM": os.environ.get("QT_QPA_PLATFORM", "offscreen")}
    code = run([str(PYTHON), "-m", "pytest", *args], cwd=ROOT, env=env)
    if code == 5:  # pytest found no tests: nothing failed
        say("no tests were collected")
        return 0
    return code


def run_app(module: str, args: list[str]) -> int:
    install_system_packages(OFFSCREEN + WINDOW)
    ensure_venv("")
    if sys.platform.startswith("linux") and not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        if "--screenshot" not in args:
            say("no display found (DISPLAY is not set): the window needs a desktop session, or xvfb-run")
    return run([str(PYTHON), "-m", module, *args], cwd=ROOT)


def folder_size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink())


def build_bundle(args: list[str]) -> int:
    """PyInstaller's folder for this system in dist/ (dist/ardennes-qt, or dist/ardennes-qt.app
    on macOS), then its smoke test."""
    # PyInstaller takes the window system's libraries from this machine: they must be here.
    install_system_packages(OFFSCREEN + WINDOW + TEST_TOOLS)
    ensure_venv("test,bundle")
    spec = ROOT / "packaging" / "bundle" / "ardennes-qt.spec"
    say("building the bundle (a minute or two)")
    build = [str(PYTHON), "-m", "PyInstaller", "--noconfirm", "--clean", "--log-level", "WARN",
             "--distpath", str(ROOT / "dist"), "--workpath", str(ROOT / "build" / "pyinstaller"), str(spec), *args]
    if run(build, cwd=ROOT) != 0:
        return 1
    built = ROOT / "dist" / ("ardennes-qt.app" if sys.platform == "darwin" else "ardennes-qt")
    say(f"built {built}: {folder_size(built) / 2**20:.0f} MB")
    env = {**os.environ, "QT_QPA_PLATFORM": os.environ.get("QT_QPA_PLATFORM", "offscreen"),
           "ARDENNES_QT_BUNDLE": str(ROOT / "dist" / "ardennes-qt")}
    say("smoke test of the bundle")
    return run([str(PYTHON), "-m", "pytest", "-q", "-m", "slow", "tests/install/test_bundle.py"], cwd=ROOT, env=env)


def main(argv: list[str]) -> int:
    if sys.version_info < (3, 11):
        sys.exit("[bootstrap] Python 3.11 or newer is needed")
    command, rest = (argv[0], argv[1:]) if argv else ("table", [])
    if command == "test":
        return run_tests(rest)
    if command == "table":
        return run_app("ardennes_qt", rest)
    if command == "editor":
        return run_app("editor", rest)
    if command == "bench":
        install_system_packages(OFFSCREEN)
        ensure_venv("test")
        env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
        benches = sorted((ROOT / "tests" / "benchmarks").glob("bench_*.py"))
        return max([run([str(PYTHON), str(b), *rest], cwd=ROOT, env=env) for b in benches] or [0])
    if command == "bundle":
        return build_bundle(rest)
    sys.exit(f"[bootstrap] unknown command '{command}' (table, editor, test, bench, bundle)")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
