"""Which notebook code may load from the Hub (and so needs stand-ins), and which cannot."""

from __future__ import annotations

import pytest

from coursekit.standins.code_needs import may_use_hub

NEEDS = [
    "from transformers import AutoModel\nmodel = AutoModel.from_pretrained(name)",
    "import datasets",
    "raw = load_dataset('glue', 'mrpc')",
    "checkpoint = 'bert-base-uncased'",
    "import my_helpers  # a course module: it may load anything",
    "!python run_glue.py --model_name_or_path bert-base-uncased",
    "%run train.py",
    "%%bash\npython train.py",
    "import os\nos.system('python train.py')",
    "import subprocess",
    "from importlib import import_module\nimport_module('trans' + 'formers')",
    "exec(open('setup.py').read())",
]
NEEDS_NOTHING = [
    "x = 2\nprint(x * 21)",
    "import numpy as np\nimport torch\nprint(torch.tensor(np.ones(3)).sum())",
    "%matplotlib inline\nimport matplotlib.pyplot as plt",
    "!pip install numpy",
    "model.eval()  # a method, not Python's eval",
    "import json, os\nprint(os.getcwd(), json.dumps({}))",
    "def broken(:\n    load_dataset('glue')  # never runs: the cell does not parse",
]


@pytest.mark.parametrize("code", NEEDS)
def test_code_that_may_reach_the_hub_needs_standins(code: str) -> None:
    assert may_use_hub(["x = 1", code]) is True


@pytest.mark.parametrize("code", NEEDS_NOTHING)
def test_code_that_cannot_reach_the_hub_needs_none(code: str) -> None:
    assert may_use_hub(["x = 1", code]) is False


def test_a_checkpoint_named_in_one_cell_and_loaded_in_another_is_a_need() -> None:
    assert may_use_hub(["name = 'distilbert-base-uncased'",
                        "tok = AutoTokenizer.from_pretrained(name)"]) is True
