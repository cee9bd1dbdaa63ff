"""Lesson sources (the course MDX dialect): the model and its parser."""
