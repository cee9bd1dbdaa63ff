"""Output: executed notebooks, the summary table and the JSON document of a verification."""
