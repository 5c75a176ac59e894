"""Tournaments: games' results from JSON or spreadsheets, summed into standings, for any game.

Rows of points serve every game; a game scores rows of its own shape through
its :class:`~service.tournaments.scoring.RowScorer`. Pure Python plus
openpyxl; no web framework (the HTTP layer only adapts it).
"""
