"""ASL *Kampfgruppe Peiper* (Chapter P): the ground of its maps and line of sight across levels,
slopes and pine woods, each step explained with the rule behind it.

The seed is a module supplement to the ASL rulebook, which the program does not have: what
chapter P prints (pine woods, slopes, stream-hex vegetation, the two-story house, steeples,
hillside walls) is followed as printed; what it leans on from the rulebook (how a line is drawn,
obstacle heights, blind hexes, hindrances) is a stated provisional rule in ``tables/los.toml``,
and every answer that rests on one says so.
"""
