"""Where the shipped content (the text under ``scenarios/<system>/``) is.

In order: the folder ``$ARDENNES_QT_SCENARIOS`` names; the content installed with the
package (``ardennes_qt/scenarios``, where a wheel or a bundle puts it); and the
``scenarios/`` folder of a checkout, beside the package.  The readers want a folder on
disk: content that is not on disk (the package imported from a zip) is read through
``importlib.resources`` and copied once into the cache folder, under a name made from
its bytes.  ``importlib.resources`` is imported only then: it costs some 15 ms of a start.
"""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from ardennes_qt.store.checksum import Checksum
from ardennes_qt.store.folders import cache_dir

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

INSTALLED = "scenarios"  # the folder inside the package that a wheel or a bundle carries


def scenarios_root() -> Path:
    """The folder of shipped content: $ARDENNES_QT_SCENARIOS, the installed package's, or the checkout's."""
    override = os.environ.get("ARDENNES_QT_SCENARIOS")
    if override:
        return Path(override)
    package = Path(__file__).resolve().parents[1]
    if (package / INSTALLED).is_dir():
        return package / INSTALLED
    if not package.is_dir():  # imported from a zip
        copied = _zipped_content()
        if copied is not None:
            return copied
    return package.parent / "scenarios"


@lru_cache(maxsize=1)
def _zipped_content() -> Path | None:
    from importlib.resources import files

    content = files("ardennes_qt") / INSTALLED
    return _on_disk(content) if content.is_dir() else None


def _files(folder: Traversable, prefix: str = "") -> list[tuple[str, Traversable]]:
    out = []
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if entry.is_dir():
            out += _files(entry, f"{prefix}{entry.name}/")
        else:
            out.append((prefix + entry.name, entry))
    return out


def _on_disk(content: Traversable) -> Path:
    """A copy of ``content`` on disk, in the cache folder: made once for the same bytes."""
    import shutil
    import tempfile

    parts = [(name, entry.read_bytes()) for name, entry in _files(content)]
    digest = Checksum(b"shipped content")
    for name, data in parts:
        digest.update_part(name.encode())
        digest.update_part(data)
    target = cache_dir() / f"scenarios-{digest.hexdigest()}"
    if target.is_dir():
        return target
    target.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix="scenarios-", dir=target.parent))
    for name, data in parts:
        (staging / name).parent.mkdir(parents=True, exist_ok=True)
        (staging / name).write_bytes(data)
    try:
        staging.rename(target)
    except OSError:  # another run made it first
        shutil.rmtree(staging, ignore_errors=True)
    return target
