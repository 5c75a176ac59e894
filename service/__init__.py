"""24 Kings referee service: the rules engine (``service.kings``) and its HTTP adapter."""
