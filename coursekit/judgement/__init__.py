"""What a command decided about a course's notebooks, as typed values.

``verify`` judges the notebooks it runs; ``check`` shows the scenarios its lessons
document, not run. Both give :class:`~coursekit.judgement.model.NotebookJudgement`
values, which every reporter (text, JSON, JUnit, SARIF, HTML) renders; a stored JSON
report is read back into them once, at the boundary (:mod:`coursekit.judgement.stored`).
"""
