"""A course checkout and its configuration.

Configuration comes from ``[tool.coursekit]`` in the course's ``pyproject.toml`` or
from ``coursekit.toml`` at the course root; every key has a default, so a course
without configuration works. Keys are written with dashes in TOML
(``source-language``) and read with underscores. The steps are apart:

- :mod:`~coursekit.config.reading`: the file, its coursekit table and the line of
  each key (:mod:`~coursekit.config.key_lines`), and what kept it from being read;
- :mod:`~coursekit.config.values` and :mod:`~coursekit.config.rule_choice`: the
  top-level values checked into a :class:`~coursekit.config.model.Config`, each bad
  one a problem located by its keys;
- :mod:`~coursekit.config.check`: every problem of every table as ``CFG001`` findings
  (each area table is checked from the area's schema);
- :mod:`~coursekit.config.course`: the course's layout (lesson and subtitle folders,
  languages, lesson files).
"""

from coursekit.config.course import CONTENT_DIRS, LESSON_SUFFIXES, Course
from coursekit.config.load import load_config
from coursekit.config.model import SECTIONS, Config, ConfigError, ConfigProblem
from coursekit.config.values import is_language_tag

__all__ = ["CONTENT_DIRS", "LESSON_SUFFIXES", "SECTIONS", "Config", "ConfigError",
           "ConfigProblem", "Course", "is_language_tag", "load_config"]
