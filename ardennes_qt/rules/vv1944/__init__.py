"""Vae Victis *Ardennes 1944* (VV 48): the game's rules.  Its schema (``schema.py``): what its
counters, formations and scenarios carry, for the store to read ``scenarios/vv1944/``.  Its combat
rules (7, 9.5), pure functions on a plain combat (``combat_model.py``): strengths, odds, column
shifts, die modifiers, results and their chances, supports, losses, C3I and SNAFUs.  The game is
not registered as a rule system yet."""
