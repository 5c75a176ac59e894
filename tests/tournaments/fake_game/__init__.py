"""A game that exists only for the tests: its package has a ``tournament`` module, as a real game's would."""
