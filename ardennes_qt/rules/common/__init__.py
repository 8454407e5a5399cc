"""Rules machinery shared by the games (dice, odds-ratio combat tables): it knows no game, and
no game's rules are imported here."""
