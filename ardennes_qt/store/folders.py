"""Where the program keeps what it can make again: the cache folder."""

from __future__ import annotations

import os
from pathlib import Path


def cache_dir() -> Path:
    """$ARDENNES_QT_CACHE, or the user's cache folder for ardennes-qt."""
    override = os.environ.get("ARDENNES_QT_CACHE")
    if override:
        return Path(override)
    import platformdirs  # only when there is no override

    return Path(platformdirs.user_cache_dir("ardennes-qt")) / "content"
