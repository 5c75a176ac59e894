"""marshmallow schemas of the HTTP API: they validate requests and generate openapi.yaml.

Request schemas refuse unknown fields.  Response schemas document what the
views return; the views serialise the engine's own ``to_dict`` output.
"""
