"""Vae Victis *Ardennes 1944* (VV 48): the game's rules, to come.  For now its schema alone
(``schema.py``): what its counters, formations and scenarios carry, for the store to read
``scenarios/vv1944/``.  The game is not registered as a rule system yet."""
