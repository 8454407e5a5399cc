"""Errors the store raises for input it cannot use; the message is meant for the user."""

from __future__ import annotations


class ContentError(ValueError):
    """A malformed content or save file.  ``where`` names the file and line."""

    def __init__(self, message: str, where: str = "") -> None:
        self.where = where
        super().__init__(f"{where}: {message}" if where else message)


class NotASaveFile(ContentError):
    """The file is not an ardennes-qt game (a foreign or broken file)."""
