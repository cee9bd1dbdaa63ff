"""Core rules of the course MDX dialect, run on the block tokens."""
