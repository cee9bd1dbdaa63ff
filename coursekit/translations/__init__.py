"""Translation checks: a translated lesson against its source-language lesson.

Entry points: :func:`coursekit.translations.check.check_translations` and
:func:`coursekit.translations.check.coverage`.
"""
