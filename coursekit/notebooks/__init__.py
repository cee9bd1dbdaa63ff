"""From the lesson model to Jupyter notebooks.

- :func:`coursekit.notebooks.convert.lesson_to_notebooks`: one parsed lesson to its
  notebooks, ``(framework, path under <build>/notebooks, NotebookNode)``.
- :func:`coursekit.notebooks.build.build_course`: every lesson of a course, written
  incrementally under ``<build>/notebooks`` with a manifest of content hashes.
- :mod:`coursekit.notebooks.metadata`: the ``coursekit`` metadata that ``verify`` reads.

The flow: ``lesson_files`` (lesson files, stamps and hashes) -> ``convert`` (named by
``naming``; ``head_cells``, the title and install cells, with ``requirements`` and
``distributions``; ``lesson_cells``, one per block, from ``cells``, ``outputs``,
``expectations``, ``shell``; ``quiz`` pages left out; ``settings`` of
``[tool.coursekit.notebooks]``) -> ``serialize`` (nbformat's JSON layout), with
``paired_text`` for jupytext -> ``build`` (``manifest``; ``output_files``, the atomic
writes and proven removals; ``build_result``).
``compare`` pairs a build with a course's published notebooks.
"""
