"""From the lesson model to Jupyter notebooks.

- :func:`coursekit.notebooks.convert.lesson_to_notebooks`: one parsed lesson to its
  notebooks, ``(framework, path under <build>/notebooks, NotebookNode)``.
- :func:`coursekit.notebooks.build.build_course`: every lesson of a course, written
  incrementally under ``<build>/notebooks`` with a manifest of content hashes.
- :mod:`coursekit.notebooks.metadata`: the ``coursekit`` metadata that ``verify`` reads.

The flow: ``sources`` (lesson files and hashes) -> ``convert`` (cells from
``cells``, ``outputs``, ``expectations``, ``requirements`` with ``distributions``,
``shell``; ``quiz`` pages left out; ``settings`` of ``[tool.coursekit.notebooks]``) ->
``serialize`` (nbformat's JSON layout) -> ``build`` (manifest, atomic writes).
``compare`` pairs a build with a course's published notebooks.
"""
