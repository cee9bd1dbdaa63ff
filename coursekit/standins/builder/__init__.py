"""Stand-in builders, run inside a lesson kernel's environment.

This package imports nothing from coursekit: the kernel environment has torch or
TensorFlow, transformers, datasets and evaluate but not coursekit, so it is run as
``python -m builder JOB.json`` with its parent folder on ``PYTHONPATH``.
"""
