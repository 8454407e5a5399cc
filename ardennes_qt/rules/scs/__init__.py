"""What the Standard Combat Series gives both of its games here, Ardennes II and The Ardennes
(1994): combat strengths with their modifiers, raw odds rounded by the series rule, the odds
report, the Combat Results Table's result codes, a route's steps counted in half MPs.  Each
game reads its own series rules (``series.toml``) and words; nothing here knows either game,
and no game is imported here."""
