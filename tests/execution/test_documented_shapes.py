"""Documented errors in every shape lessons print them: what verify then expects."""

from __future__ import annotations

import pytest

from coursekit.lessons.exceptions import read_output

FRAGMENT = """\
File ~/.venv/lib/python3.11/site-packages/torch/nn/functional.py:3104, in cross_entropy(x, y)
   3102 if size_average is not None:
-> 3104 return torch._C._nn.cross_entropy_loss(x, y)

IndexError: Target 2 is out of bounds."""

CELL_FRAGMENT = """\
Cell In[5], line 1
----> 1 trainer.train()

ValueError: expected sequence of length 43 at dim 1 (got 37)"""

IPYTHON_CHAINED = """\
---------------------------------------------------------------------------
KeyError                                  Traceback (most recent call last)
Cell In[3], line 2
----> 2 table['x']

KeyError: 'x'

The above exception was the direct cause of the following exception:

---------------------------------------------------------------------------
RuntimeError                              Traceback (most recent call last)
Cell In[3], line 4
----> 4 raise RuntimeError("lookup failed") from error

RuntimeError: lookup failed"""

PYTHON_CHAINED = """\
Traceback (most recent call last):
  File "train.py", line 3, in <module>
    load()
KeyError: 'a'

During handling of the above exception, another exception occurred:

Traceback (most recent call last):
  File "train.py", line 5, in <module>
    raise ValueError("bad")
ValueError: bad"""


@pytest.mark.parametrize(("text", "name", "message", "line"), [
    (FRAGMENT, "IndexError", "Target 2 is out of bounds.", 15),
    (CELL_FRAGMENT, "ValueError", "expected sequence of length 43 at dim 1 (got 37)", 14),
    (IPYTHON_CHAINED, "RuntimeError", "lookup failed", 25),
    (PYTHON_CHAINED, "ValueError", "bad", 21),
])
def test_each_shape_documents_its_last_exception(
    text: str, name: str, message: str, line: int,
) -> None:
    reading = read_output(text, 11)
    assert reading.exception is not None
    assert (reading.exception.name, reading.exception.message) == (name, message)
    assert reading.exception.line == line


@pytest.mark.parametrize("text", [
    "File name: reviews.csv\nsize: 3 MB",
    "Epoch 1: loss 0.5",
    "  File sizes\n-> 3 files",
])
def test_output_that_only_looks_like_frames_documents_nothing(text: str) -> None:
    assert read_output(text, 1).exception is None
