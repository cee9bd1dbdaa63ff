"""Block rules of the course MDX dialect, one per file, registered by ``markdown.py``."""
