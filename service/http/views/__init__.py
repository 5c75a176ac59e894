"""One blueprint per area of the API."""
