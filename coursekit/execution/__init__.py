"""Executing notebooks and judging what happened: ``coursekit verify``.

``verify.py`` composes the stages, one package each: ``plan``, ``run``, ``cache``,
``judge`` and ``output``; ``results.py`` holds the values they pass along.
"""
