"""Repairs of drifted APIs in lesson code, from the stale-API table (``coursekit fix drift``).

:mod:`.edits` makes the text edits that repair one use; :mod:`.code` fixes one code
text by the entries' tiers and undoes a fix that does not parse; :mod:`.lessons` puts
them together over a course's lessons in every language.

Documented errors that ``verify`` proved drifted (``coursekit fix errors``): :mod:`.proven`
says which a report proves, :mod:`.outputs` rewrites one output fence, :mod:`.errors`
updates them over the source lessons and their translations.
"""
