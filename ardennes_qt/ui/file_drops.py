"""A file dragged from the desktop onto a window: the table opens a game dropped on it, the
editor a module, each the way File ▸ Open does (one error path for every way in)."""

from __future__ import annotations

from pathlib import Path


def dropped_file(event) -> Path | None:
    """The local file a drag carries (the first, if it carries several), or None."""
    mime = event.mimeData()
    if not mime.hasUrls():
        return None
    files = [url.toLocalFile() for url in mime.urls() if url.isLocalFile()]
    return Path(files[0]) if files else None


def take_file_drag(event) -> None:
    """Accept a drag that carries a file (the drop opens it)."""
    if dropped_file(event) is not None:
        event.acceptProposedAction()
