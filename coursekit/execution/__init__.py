"""Executing notebooks and judging what happened: ``coursekit verify``."""
