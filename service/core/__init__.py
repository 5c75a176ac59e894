"""Game-free parts of the referee: cards and packs, problems, verdicts, and the interface every game implements.

Nothing here knows a game's rules, and nothing here imports Flask.
"""
