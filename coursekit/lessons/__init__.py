"""Lesson sources (the course MDX dialect): the model and its parser.

Entry points: :func:`coursekit.lessons.parse.parse_lesson` (text or bytes to a
``Lesson``), :func:`coursekit.lessons.load.load_lesson` / ``load_lessons`` (files
of a course), :func:`coursekit.lessons.toctree.load_toctree` / ``check_toctree``,
and :func:`coursekit.lessons.check.check_lesson_syntax` (every syntax finding).
The dialect is read by markdown-it block rules in ``dialect_block/``;
``block_builder.py`` turns their tokens into the model of ``model.py``, with output
fences attached to their code by ``output_attachment.py``; ``python.py`` reads the
Python of each code block once (``ipython_lines.py``, ``python_names.py``,
``python_tokens.py``).
"""
