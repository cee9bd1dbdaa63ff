"""One module per ``coursekit`` command; each exports ``command``."""
