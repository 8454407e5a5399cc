"""Each game's additions to the editor, one package per game, found by entry point."""
