"""Code that runs inside lesson kernels: this folder goes on their ``PYTHONPATH``."""
