"""Lesson code style: the Python of every lesson fence formatted by ruff or black.

:mod:`.settings` reads ``[tool.coursekit.format]``; :mod:`.ipython` keeps the lines
that IPython reads and Python does not out of the formatter's reach; :mod:`.engines`
formats many code texts in one batch; :mod:`.places` finds where each fence's code
lies in its file and writes formatted code back there; :mod:`.lessons` puts them
together over a course, for ``coursekit check`` (LES124) and ``coursekit fix lessons``.
"""
