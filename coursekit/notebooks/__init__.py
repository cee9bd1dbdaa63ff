"""From the lesson model to Jupyter notebooks."""
