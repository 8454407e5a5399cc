"""Which terrain applies, clause by clause (1.3 Multiple Terrain Types, TEC, 3.5)."""

from __future__ import annotations

from typing import Iterable

from ardennes_qt.rules.ardennes2.tables import OTHER_TERRAIN, terrain_chart

# Terrain that stands for itself; a hex holding only "other terrain" features (a lone
# village, a Point of Interest) is open country under them.
BASE_TERRAIN = "open"


def _hex_rows(terrain: Iterable[str]):
    chart = terrain_chart()
    rows = [chart.hexes[t] for t in terrain if t in chart.hexes]
    if not any(row.cost["leg"] != OTHER_TERRAIN for row in rows):
        rows.append(chart.hexes[BASE_TERRAIN])
    return rows


def hex_entry_cost(terrain: Iterable[str], ma_type: str) -> tuple[int | None, str]:
    """1.3a Movement: the single hex terrain with the greatest MP cost (half MPs; None = P)."""
    worst: tuple[int | None, str] | None = None
    for row in _hex_rows(terrain):
        cost = row.cost[ma_type]
        if cost == OTHER_TERRAIN:
            continue
        if cost is None:
            return None, row.name
        if worst is None or cost > worst[0]:
            worst = (cost, row.name)
    return worst


def hexside_crossing_cost(features: Iterable[str], ma_type: str) -> tuple[int, str] | tuple[None, str]:
    """TEC hexside terrain: the MP added to cross (half MPs), or None when Prohibited."""
    chart = terrain_chart()
    worst = (0, "")
    for name in features:
        row = chart.hexsides.get(name)
        if row is None:
            continue
        cost = row.cost[ma_type]
        if cost is None:
            return None, name
        if cost > worst[0]:
            worst = (cost, name)
    return worst


def defender_hex_shift(terrain: Iterable[str], defender_side: str) -> tuple[int, str]:
    """1.3b Combat: the single hex terrain giving the defender the greatest shift.

    West Wall hexes help German units only (1.3 The West Wall).
    """
    best = (0, "")
    for row in _hex_rows(terrain):
        if row.shift_only_for and row.shift_only_for != defender_side:
            continue
        if row.shift > best[0]:
            best = (row.shift, row.name)
    return best


def hexside_attack_shift(features: Iterable[str]) -> tuple[int, str]:
    """TEC hexside terrain: the shift for one attacking stack attacking across it."""
    chart = terrain_chart()
    best = (0, "")
    for name in features:
        row = chart.hexsides.get(name)
        if row is not None and row.shift > best[0]:
            best = (row.shift, name)
    return best


def barrage_success_roll(terrain: Iterable[str]) -> tuple[tuple[int, int] | None, tuple[int, int] | None, str]:
    """3.5: with several terrain types, the most difficult Barrage Success Roll applies.

    Returns (Half range, Full range, terrain name).  Harder means a higher lowest roll that
    places any marker, then a higher lowest roll that places a Full marker.
    """
    def difficulty(row):
        lowest_any = min(r[0] for r in (row.barrage_half, row.barrage_full) if r)
        return lowest_any, row.barrage_full[0]

    rows = [row for row in _hex_rows(terrain) if row.barrage_full]
    hardest = max(rows, key=difficulty)
    return hardest.barrage_half, hardest.barrage_full, hardest.name
