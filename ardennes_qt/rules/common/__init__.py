"""Rules machinery shared by the games (dice, odds-ratio combat tables, the cheapest-route
search over a map's hex indexes, requirement checks with their verdict, the Decision a game
waits for, an overlay's hover words worded with the game's tables and how a side's supply is
drawn): it knows no game, and no game's rules are imported here."""
