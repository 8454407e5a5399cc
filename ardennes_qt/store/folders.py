"""Where the program keeps what it can make again (the cache folder), and the key that
signs the code it keeps there."""

from __future__ import annotations

import os
from pathlib import Path

KEY_SIZE = 32


def cache_dir() -> Path:
    """$ARDENNES_QT_CACHE, or the user's cache folder for ardennes-qt."""
    override = os.environ.get("ARDENNES_QT_CACHE")
    if override:
        return Path(override)
    import platformdirs  # only when there is no override

    return Path(platformdirs.user_cache_dir("ardennes-qt")) / "content"


def key_path() -> Path:
    """The code key's file: in the user's configuration folder, not the cache folder."""
    import platformdirs

    return Path(platformdirs.user_config_dir("ardennes-qt", appauthor=False)) / "code-key"


def code_key() -> bytes | None:
    """The key that signs the code the program keeps in the cache folder (store.record_code):
    whoever may write the cache folder - a shared or redirected one, another program - may
    not also sign what is there.  Random, made on the first start, readable by the user
    alone; None when it can be neither read nor made (then no code is kept)."""
    path = key_path()
    try:
        key = path.read_bytes()
        if len(key) == KEY_SIZE:
            return key
    except OSError:
        pass
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        key = os.urandom(KEY_SIZE)
        new = path.with_name(f".{path.name}.{os.getpid()}.new")
        fd = os.open(new, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "wb") as f:
            f.write(key)
        os.replace(new, path)
        return key
    except OSError:
        return None
