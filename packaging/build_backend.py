"""The build backend: setuptools, carrying the shipped content into the package.

The shipped content lives at the top of the repository, ``scenarios/<system>/``, where it
is reviewed as text; an installed program finds it inside its package, as
``ardennes_qt/scenarios/<system>/`` (``ardennes_qt.store.shipped``).  Every folder under
``scenarios/`` is carried, whatever game it holds: ``build_py`` copies them into the
built package (so into the wheel) and ``sdist`` lists them (so a wheel built from the
sdist has them too).  An editable install needs neither: it runs the checkout, which
finds ``scenarios/`` beside the package.

pyproject.toml names this module (``build-backend``, with ``backend-path``) and its two
commands (``[tool.setuptools.cmdclass]``).
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from setuptools.build_meta import *  # noqa: F403 - the PEP 517 hooks, unchanged
from setuptools.command.build_py import build_py
from setuptools.command.sdist import sdist

SOURCE = "scenarios"  # beside pyproject.toml
TARGET = os.path.join("ardennes_qt", "scenarios")  # inside the built package


def content_files(root: str = ".") -> list[str]:
    """Every file of every ``scenarios/<system>/`` folder, relative to ``scenarios/``
    (hidden files and Python's byte-code caches left out)."""
    base = Path(root) / SOURCE
    names = (p.relative_to(base) for p in base.glob("*/**/*") if p.is_file())
    return sorted(n.as_posix() for n in names
                  if not any(part.startswith(".") or part == "__pycache__" for part in n.parts))


class BuildPyWithContent(build_py):
    """``build_py``, then the shipped content copied afresh into the built package."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return
        target = os.path.join(self.build_lib, TARGET)
        shutil.rmtree(target, ignore_errors=True)  # a file gone from scenarios/ is gone from the build
        for name in content_files():
            self.mkpath(os.path.dirname(os.path.join(target, name)))
            self.copy_file(os.path.join(SOURCE, name), os.path.join(target, name))


class SdistWithContent(sdist):
    """``sdist``, listing with the sources the shipped content, this backend (a wheel is
    built from the sdist with it) and the change log."""

    def make_distribution(self) -> None:
        self.filelist.extend(os.path.join(SOURCE, name) for name in content_files())
        here = Path(__file__).resolve().parent
        for name in ("build_backend.py", "CHANGELOG.md"):
            if (here / name).is_file():
                self.filelist.append(os.path.relpath(here / name))
        super().make_distribution()
