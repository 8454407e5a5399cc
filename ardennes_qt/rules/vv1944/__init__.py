"""Vae Victis *Ardennes 1944* (VV 48, seed 004): its schema (``schema.py``), tables (``tables/``)
and rules of play: the set-up, the sequence of play with initiative and alternating activation
sequences, Action Points, command and movement (``ruleset.py`` is the entry point).  Combat (7)
is not played by these rules yet; ``play.py`` says where attacks plug in."""
