"""coursekit: check, build and verify multilingual course content."""

__version__ = "0.1.0"
