"""Judging: a kernel run against the lesson's expectations, as verdicts and findings."""
