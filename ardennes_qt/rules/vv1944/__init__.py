"""Vae Victis *Ardennes 1944* (VV 48, seed 004): its schema (``schema.py``), tables (``tables/``)
and rules of play: the set-up, the sequence of play with initiative and alternating activation
sequences, Action Points, command and movement (``ruleset.py`` is the entry point).  Its combat
rules (7, 9.5) are pure functions on a plain combat (``combat_model.py``): strengths, odds, column
shifts, die modifiers, results and their chances, supports, losses, C3I and SNAFUs; they are not
played on the table yet, and ``play.py`` says where attacks plug in."""
