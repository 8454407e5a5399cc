"""The game engine: sessions of play over a rule system.  ``from ardennes_qt.engine import Session``."""

from ardennes_qt.core.actions import MoveUnits, SendToDeadPile
from ardennes_qt.core.outcome import Refused
from ardennes_qt.engine.session import Session

__all__ = ["Session", "MoveUnits", "SendToDeadPile", "Refused"]
