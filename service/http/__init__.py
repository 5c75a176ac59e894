"""The HTTP adapter: Flask blueprints that validate, call the engine, and answer JSON."""
