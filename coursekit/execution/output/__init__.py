"""Output: executed notebooks and the summary table of a verification."""
