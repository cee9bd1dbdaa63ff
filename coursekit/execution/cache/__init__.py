"""Caching: kernel runs stored by a key of everything they depend on, and merged."""
