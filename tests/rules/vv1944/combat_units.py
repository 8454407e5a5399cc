"""Small combats to test the Ardennes 1944 combat rules on."""

from __future__ import annotations

from ardennes_qt.rules.vv1944.combat_model import Combat, Fighter


def unit(uid: str, side: str = "German", type: str = "infantry", strength: int = 6, quality: int = 4, steps: int = 2,
         **more) -> Fighter:
    nationality = more.pop("nationality", "German" if side == "German" else "US")
    return Fighter(uid, side, type, strength, quality, steps, nationality=nationality, **more)


def us(uid: str, **more) -> Fighter:
    return unit(uid, "Allied", **more)


def combat(attackers, defenders, attack_type: str = "normal", **more) -> Combat:
    return Combat(attack_type, tuple(attackers), tuple(defenders), **more)
