"""The code a cached picture was drawn by, as the picture's cache key takes it: a change
to the drawing names another cache file.

A module's source text where it has one; in a bundle, which keeps compiled code only,
the compiled code (the same for the same build).
"""

from __future__ import annotations

import importlib.util
import marshal

from ardennes_qt.store.checksum import Checksum


def add_drawing_code(digest: Checksum, package: str, modules: tuple[str, ...]) -> None:
    for name in modules:
        digest.update_part(module_code(f"{package}.{name}"))


def module_code(module: str) -> bytes:
    loader = importlib.util.find_spec(module).loader
    source = loader.get_source(module)
    return source.encode("utf-8") if source is not None else marshal.dumps(loader.get_code(module))
