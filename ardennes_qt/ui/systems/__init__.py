"""Each game's additions to the table, one package per game, found by entry point."""
