"""Tournaments: games' results from JSON or spreadsheets, summed into standings.

Pure Python plus openpyxl; no web framework (the HTTP layer only adapts it).
"""
