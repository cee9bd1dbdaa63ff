"""Which packages a pool pre-imports, read from the notebooks' code (no kernel)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from coursekit.config import ConfigError, Course
from coursekit.execution.plan.model import NotebookPlan, plan_notebook
from coursekit.execution.plan.settings import read_settings
from coursekit.execution.run.preimport import modules_to_preimport, notebook_imports, warmup_code

from .conftest import cell, expect, notebook


def _plan(*codes: str, skip_first: bool = False) -> NotebookPlan:
    cells = [cell(code, 10 * (n + 1), skip="needs a GPU" if skip_first and n == 0 else None)
             for n, code in enumerate(codes)]
    return plan_notebook(notebook(cells), "cpu", notebook="en/chapter1/1.ipynb")


def test_top_level_packages_in_order_of_first_use() -> None:
    plan = _plan(
        "import numpy as np\nfrom transformers.models import bert\nimport torch.nn, numpy",
        "from datasets import load_dataset\nimport transformers",
    )
    assert notebook_imports(plan) == ["numpy", "transformers", "torch", "datasets",
                                      "datasets:load_dataset"]


def test_names_imported_from_a_package_itself_are_read_ahead_too() -> None:
    # Read from a lazy package (transformers), a name loads what it needs; a name of a
    # submodule is that submodule's, whose import already loads it.
    plan = _plan("from transformers import pipeline, AutoTokenizer as Tok\n"
                 "from transformers.models import bert\nfrom numpy import *\n"
                 "from os import path")
    assert notebook_imports(plan) == ["transformers", "transformers:pipeline",
                                      "transformers:AutoTokenizer", "numpy"]


def test_the_standard_library_and_relative_imports_are_left_out() -> None:
    plan = _plan("import os, json\nfrom collections import Counter\nfrom . import local\n"
                 "from .models import x\nfrom __future__ import annotations\nimport yaml")
    assert notebook_imports(plan) == ["yaml"]


def test_imports_inside_blocks_count() -> None:
    plan = _plan("try:\n    import evaluate\nexcept ImportError:\n    pass\n"
                 "def f():\n    from accelerate import Accelerator\n")
    assert notebook_imports(plan) == ["evaluate", "accelerate", "accelerate:Accelerator"]


@pytest.mark.parametrize("change", [
    "os.environ['HF_HUB_OFFLINE'] = '1'",
    "os.environ.update(TOKENIZERS_PARALLELISM='false')",
    "sys.path.insert(0, 'src')",
    "os.chdir('data')",
    "warnings.filterwarnings('error')",
    "from dotenv import load_dotenv",
    "%env TF_CPP_MIN_LOG_LEVEL=3",
    "%",
    "!pip install transformers==4.0",
    "%%writefile helper.py\nimport torch",
    "print('a cell that does not parse",
])
def test_nothing_after_an_environment_change_is_pre_imported(change: str) -> None:
    plan = _plan(f"import numpy\n{change}\nimport torch", "import datasets")
    assert notebook_imports(plan) in (["numpy"], [])
    assert "torch" not in notebook_imports(plan)
    assert "datasets" not in notebook_imports(plan)


def test_harmless_magics_do_not_stop_the_reading() -> None:
    plan = _plan("%%time\nimport torch", "%matplotlib inline\nimport numpy",
                 "for _ in range(2):\n    %time import datasets")
    assert notebook_imports(plan) == ["torch", "numpy", "datasets"]


def test_skipped_cells_are_not_read() -> None:
    assert notebook_imports(_plan("import cupy", "import torch", skip_first=True)) == ["torch"]


def test_a_cell_expecting_an_error_still_counts() -> None:
    node = notebook([cell("import sklearn", 10,
                          errors=[expect("ModuleNotFoundError", "No module named 'sklearn'")])])
    plan = plan_notebook(node, "cpu", notebook="en/chapter1/1.ipynb")
    assert notebook_imports(plan) == ["sklearn"]


def test_only_packages_half_the_notebooks_import_are_pre_imported() -> None:
    plans = [_plan("import torch\nimport gradio"), _plan("import torch\nimport numpy"),
             _plan("import numpy\nimport torch"), _plan("import tensorflow")]
    assert modules_to_preimport(plans) == ("torch", "numpy")
    assert modules_to_preimport([]) == ()


@given(st.text())
def test_reading_imports_never_raises(code: str) -> None:
    assert isinstance(notebook_imports(_plan(code)), list)


def test_the_warm_up_is_one_statement_that_binds_no_name() -> None:
    import ast

    tree = ast.parse(warmup_code(["torch", "numpy"]))
    assert len(tree.body) == 1
    assert isinstance(tree.body[0], ast.Expr)  # an expression binds nothing


def _course(tmp_path: Path, verify_table: str) -> Course:
    (tmp_path / "coursekit.toml").write_text(f"[verify]\n{verify_table}\n", encoding="utf-8")
    return Course.open(tmp_path)


def test_the_setting_defaults_to_on_and_can_be_turned_off(tmp_path: Path) -> None:
    assert read_settings(_course(tmp_path, "timeout = 20")).preimport
    assert not read_settings(_course(tmp_path, "preimport = false")).preimport


def test_a_setting_that_is_not_a_boolean_is_a_config_error(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="`preimport` must be true or false, got 'no'"):
        read_settings(_course(tmp_path, 'preimport = "no"'))
