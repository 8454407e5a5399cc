"""The rules an Ardennes II game keeps from when it was saved, where this program has since
changed a default: an old saved game goes on as it was played, and its log still replays to
its position (``store.migrations.kept_house_rules`` asks for them when it opens the file).

- Odds rounding (series.toml [odds] rounding): games saved in the saved-game format 3 or
  earlier were played with odds rounded in the defender's favour; the default is now the
  rounding of the designer's worked example (to the nearest column).  Such a game keeps the
  old rounding as a house rule of its own, which the game's rule tables show.
- The set-up's DG markers (options.toml [setup_dg]): games saved in the same formats had them
  cleared by the first Pre-Turn's DG Recovery (3.4 as printed); the default now keeps them
  through the scenario's first turn.  Such a game keeps the old default as a house rule.
"""

from __future__ import annotations

import re
from typing import Mapping

from ardennes_qt.rules.ardennes2.tables import TABLES

ROUNDING_CHANGED_AFTER_FORMAT = 3  # the last saved-game format written with "defender" as the default

KEPT_ROUNDING_REASON = '''rounding_reason = """This game was begun when odds were rounded in the defender's \\
favour (the usual SCS practice), and keeps that rounding so that it plays on as it was played.  The \\
designer's worked example rounds to the nearest column (14 against 5 is 3:1): new games do."""'''


SETUP_DG_CHANGED_AFTER_FORMAT = 3  # the last saved-game format written with the set-up's DG cleared in Turn 1


def kept_rules(saved_format: int, house_rules: Mapping[str, str]) -> dict[str, str]:
    """The house rules (TOML text by table name) a game saved in ``saved_format`` keeps; none
    for a table the game already has a house rule of."""
    kept = {}
    if saved_format <= ROUNDING_CHANGED_AFTER_FORMAT and "series" not in house_rules:
        kept["series"] = defender_rounding((TABLES / "series.toml").read_text(encoding="utf-8"))
    if saved_format <= SETUP_DG_CHANGED_AFTER_FORMAT and "options" not in house_rules:
        kept["options"] = set_up_dg_cleared((TABLES / "options.toml").read_text(encoding="utf-8"))
    return kept


def set_up_dg_cleared(options_text: str) -> str:
    """The options table with the set-up's DG markers cleared in the first Pre-Turn, saying why."""
    head, found, rest = options_text.partition("[setup_dg]\n")
    if not found:
        return options_text
    kept = rest.replace('default = "first_turn"', 'default = "pre_turn"  # kept: this game was begun when the '
                        "first Pre-Turn cleared the set-up's DG markers", 1)
    return head + found + kept


def defender_rounding(series_text: str) -> str:
    """The series table with odds rounded in the defender's favour, saying why."""
    text = re.sub(r'^rounding = "[a-z_]*"', 'rounding = "defender"', series_text, count=1, flags=re.M)
    return re.sub(r'^rounding_reason = """.*?"""', lambda _: KEPT_ROUNDING_REASON, text, count=1, flags=re.M | re.S)
