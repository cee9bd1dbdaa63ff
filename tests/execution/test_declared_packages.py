"""needs-packages: an import error of a package the lesson or the course declares."""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest

from coursekit.execution.judge.verdicts import cell_verdict, judge_cells
from coursekit.execution.plan.declared import (
    Declaration,
    DeclaredPackages,
    asked_for,
    course_declarations,
    lesson_declarations,
    provides,
    requirement_name,
)
from coursekit.execution.plan.model import NotebookPlan, plan_notebook
from coursekit.execution.results import CellRun, RunStatus, Verdict

from .conftest import cell, notebook, write_course

MISSING_GRADIO = ("ModuleNotFoundError", "No module named 'gradio'")


@pytest.mark.parametrize(("ename", "evalue", "wanted"), [
    ("ModuleNotFoundError", "No module named 'librosa.display'", "librosa"),
    ("ImportError", "To support decoding audio data, please install 'torchcodec'.",
     "torchcodec"),
    ("ImportError", "\nWav2Vec2 requires the torchaudio library but it was not found in "
     "your environment.", "torchaudio"),
    ("RuntimeError", "TensorBoardCallback requires tensorboard to be installed. Either "
     "update your PyTorch version or install tensorboardX.", "tensorboard"),
    ("RuntimeError", "the sampler requires the weights library to be set first", None),
    ("RuntimeError", "numpy is required for this", None),
    ("ImportError", "You must install package `ddgs` to run this tool: for instance run "
     "`pip install ddgs`.", "ddgs"),
    ("ImportError", "Could not import ddgs python package. Please install it with `pip "
     "install -U ddgs`.", "ddgs"),
    ("ImportError", "To use this loader, please install it with: pip install --upgrade "
     "pypdf", "pypdf"),
    ("ImportError", "cannot import name 'x' from 'y'", None),
    ("ImportError", "please install it first", None),  # names nothing to install
    ("ValueError", "No module named 'gradio'", None),
])
def test_what_an_import_error_asks_for(ename: str, evalue: str, wanted: str | None) -> None:
    assert asked_for(ename, evalue) == wanted


@pytest.mark.parametrize(("requirement", "module", "wanted"), [
    ("gradio", "gradio", True),
    ("gradio==4.0", "gradio", True),
    ("text-unidecode==1.3", "text_unidecode", True),
    ("pyannote.audio", "pyannote", True),
    ("scikit-learn>=1", "sklearn", True),
    ("datasets[audio]", "datasets", True),
    ("librosa", "torchaudio", False),
    ("gradio-client", "gradio", False),
    ("grad", "gradio", False),
])
def test_which_requirement_provides_a_module(requirement: str, module: str,
                                             wanted: bool) -> None:
    assert provides(requirement, module) is wanted


def _install_cells() -> list[object]:
    own = cell("!pip install --upgrade pyannote.audio librosa", 24,
               "chapters/en/chapter7/meeting.mdx", skip="installs packages")
    built = nbformat.v4.new_code_cell("!pip install gradio librosa")
    return [built, own]


def test_the_lessons_own_install_line_is_named_before_the_builders_cell() -> None:
    found = {d.requirement: d.where for d in lesson_declarations(_install_cells())}
    assert found == {
        "pyannote.audio": "the lesson's `pip install` at chapters/en/chapter7/meeting.mdx:24",
        "librosa": "the lesson's `pip install` at chapters/en/chapter7/meeting.mdx:24",
        "gradio": "the notebook's install cell, from the lesson's imports",
    }


def _run(ename: str, evalue: str) -> CellRun:
    return CellRun(RunStatus.ERROR, ename=ename, evalue=evalue)


def _plan(code: str = "import gradio as gr") -> NotebookPlan:
    return plan_notebook(notebook([cell(code, 30), cell("demo = gr.Interface()", 40)]),
                         "cpu", notebook="en/chapter1/1.ipynb")


def test_a_declared_package_the_kernel_lacks_needs_packages() -> None:
    packages = DeclaredPackages(tuple(lesson_declarations(_install_cells())))
    plan = _plan()
    verdict, detail = cell_verdict(plan.cells[0], _run(*MISSING_GRADIO), packages=packages)
    assert verdict is Verdict.NEEDS_PACKAGES
    assert detail.startswith("needs `gradio` (the notebook's install cell")
    [first, then] = judge_cells(plan, [_run(*MISSING_GRADIO),
                                       _run("NameError", "name 'gr' is not defined")],
                                0.0, packages=packages)
    assert "--install-lesson-requirements" in first.hint
    assert "[tool.coursekit.kernels.pt]" in first.hint
    assert then.cause == first.index


@pytest.mark.parametrize(("code", "raised", "pip"), [
    ("import gradio as gr", "gradio", "gradio"),
    ("from sklearn.metrics import f1_score", "sklearn", "scikit-learn"),
    # No table knows it: the index's name is the module's own.
    ("import argilla as rg", "argilla", "argilla"),
])
def test_an_undeclared_package_the_cell_imports_is_a_need_named_by_its_pip_name(
        code: str, raised: str, pip: str) -> None:
    packages = DeclaredPackages((Declaration("librosa", "the lesson's `pip install` at x:1"),))
    [result, _] = judge_cells(
        _plan(code), [_run("ModuleNotFoundError", f"No module named '{raised}'"),
                      CellRun(RunStatus.OK)], 0.0, packages=packages)
    assert result.verdict is Verdict.NEEDS_PACKAGES
    assert result.detail.startswith(f"needs `{pip}` (the cell imports it")
    assert f"add `{pip}` to the lesson's `pip install` line" in result.hint


def test_a_module_the_kernels_package_lacks_is_the_lessons_stale_import() -> None:
    """The clean counterpart: ``transformers`` is in the kernel; its old module is not."""
    run = _run("ModuleNotFoundError", "No module named 'transformers.old_module'")
    [result, _] = judge_cells(_plan("from transformers.old_module import Thing"),
                              [run, CellRun(RunStatus.OK)], 0.0)
    assert result.verdict is Verdict.UNEXPECTED_ERROR
    assert "has no module `transformers.old_module`" in result.hint


def test_a_later_import_of_the_same_missing_package_is_not_reached() -> None:
    """One need, one finding: the cells after the first that lack it go back to it."""
    plan = plan_notebook(notebook([cell("import argilla as rg", 10),
                                   cell("from argilla import Dataset", 20),
                                   cell("import gradio", 30)]), "cpu",
                         notebook="en/chapter1/1.ipynb")
    first, again, other = judge_cells(plan, [
        _run("ModuleNotFoundError", "No module named 'argilla'"),
        _run("ModuleNotFoundError", "No module named 'argilla'"),
        _run(*MISSING_GRADIO)], 0.0)
    assert first.verdict is Verdict.NEEDS_PACKAGES
    assert (again.verdict, again.cause) == (Verdict.NOT_REACHED, first.index)
    assert "the kernel lacks `argilla` for this cell too" in again.detail
    assert (other.verdict, other.cause) == (Verdict.NEEDS_PACKAGES, None)


@pytest.mark.parametrize(("ename", "evalue", "program"), [
    ("OSError", "Looks like you do not have git-lfs installed, please install. You can "
     "install from https://git-lfs.github.com/.", "git-lfs"),
    ("FileNotFoundError", "[Errno 2] No such file or directory: 'git-lfs'", "git-lfs"),
    ("ValueError", "ffmpeg was not found but is required to load audio files from filename",
     "FFmpeg"),
    ("RuntimeError", "Failed to find C compiler. Please specify via CC environment variable.",
     "C compiler"),
])
def test_a_missing_program_is_a_named_need(ename: str, evalue: str, program: str) -> None:
    plan = _plan("repo = Repository('model', clone_from='user/model')")
    [result, _] = judge_cells(plan, [_run(ename, evalue), CellRun(RunStatus.OK)], 0.0)
    assert result.verdict is Verdict.NEEDS_PACKAGES
    assert result.detail.startswith(f"needs `{program}` (")
    assert "apt-get install" in result.hint or "CC" in result.hint


def test_an_error_that_names_no_program_stays_the_lessons() -> None:
    plan = _plan("repo = Repository('model', clone_from='user/model')")
    other = _run("OSError", "[Errno 2] No such file or directory: 'model/config.json'")
    [result, _] = judge_cells(plan, [other, CellRun(RunStatus.OK)], 0.0)
    assert result.verdict is Verdict.UNEXPECTED_ERROR


def test_an_installed_package_that_still_does_not_import_is_a_failure() -> None:
    packages = DeclaredPackages((Declaration("gradio", "x"),), installing=True)
    verdict, _ = cell_verdict(_plan().cells[0], _run(*MISSING_GRADIO), packages=packages)
    assert verdict is Verdict.UNEXPECTED_ERROR


def test_a_package_that_cannot_be_installed_says_why() -> None:
    [declared] = course_declarations(["torchaudio"], "pt")
    packages = DeclaredPackages((Declaration(declared.requirement, declared.where, True,
                                             "No matching distribution found for torchaudio"),),
                                installing=True)
    [result, _] = judge_cells(
        _plan("import torchaudio"),
        [_run("ModuleNotFoundError", "No module named 'torchaudio'"), CellRun(RunStatus.OK)],
        0.0, packages=packages)
    assert result.verdict is Verdict.NEEDS_PACKAGES
    assert "cannot be installed for this kernel: No matching distribution" in result.detail
    assert "[tool.coursekit.kernels.pt] packages" in result.detail
    assert "pin a version" in result.hint


def test_a_package_a_library_asks_for_is_needed_and_named() -> None:
    plan = _plan("classifier(sample)")
    asked = _run("ImportError", "torchaudio is required to resample audio samples in "
                                "AudioClassificationPipeline.")
    [result, _] = judge_cells(plan, [asked, CellRun(RunStatus.OK)], 0.0)
    assert result.verdict is Verdict.NEEDS_PACKAGES
    assert "a library the cell calls asks for it" in result.detail
    assert "EXE208" in result.hint
    # Raised inside a library the cell imports from, for a module it does not import.
    inner = _run("ModuleNotFoundError", "No module named 'soundfile'")
    verdict, _ = cell_verdict(_plan("from datasets import Audio").cells[0], inner)
    assert verdict is Verdict.NEEDS_PACKAGES


def test_a_callback_that_asks_for_a_package_is_a_need_and_other_runtime_errors_fail() -> None:
    plan = _plan("trainer = Trainer(model, args)")
    asked = _run("RuntimeError", "TensorBoardCallback requires tensorboard to be installed. "
                                 "Either update your PyTorch version or install tensorboardX.")
    [result, _] = judge_cells(plan, [asked, CellRun(RunStatus.OK)], 0.0)
    assert result.verdict is Verdict.NEEDS_PACKAGES
    assert "needs `tensorboard`" in result.detail
    other = _run("RuntimeError", "Expected all tensors to be on the same device")
    [result, _] = judge_cells(plan, [other, CellRun(RunStatus.OK)], 0.0)
    assert result.verdict is Verdict.UNEXPECTED_ERROR


def test_the_finding_reads_the_same_in_every_format() -> None:
    import io
    import json

    from coursekit.execution.judge.diagnose import notebook_diagnostics
    from coursekit.report.junit import render_junit
    from coursekit.report.sarif import sarif_log
    from coursekit.report.text import render_text

    packages = DeclaredPackages(tuple(lesson_declarations(_install_cells())))
    plan = _plan()
    cells = judge_cells(plan, [_run(*MISSING_GRADIO),
                               _run("NameError", "name 'gr' is not defined")], 0.0,
                        packages=packages)
    [root, consequence] = notebook_diagnostics(plan, cells, {})
    assert (root.rule, root.severity.value, root.line) == ("EXE108", "warning", 30)
    assert consequence.rule == "EXE105"
    text, junit = io.StringIO(), io.StringIO()
    render_text([root], text, "coursekit verify")
    assert "EXE108" in text.getvalue() and "--install-lesson-requirements" in text.getvalue()
    render_junit([root], junit, "verify")
    assert '<skipped message="[en/pt] needs `gradio`' in junit.getvalue()
    [result] = sarif_log([root], "coursekit verify")["runs"][0]["results"]
    assert (result["ruleId"], result["level"]) == ("EXE108", "warning")
    assert "--install-lesson-requirements" in json.dumps(result)


def test_torchcodec_without_ffmpeg_names_the_system_libraries() -> None:
    # The first line torchcodec raises when FFmpeg's libraries are missing.
    raised = ("Could not load libtorchcodec. Likely causes:\n"
              "  1. FFmpeg is not properly installed in your environment.")
    plan = plan_notebook(notebook([cell("sample = dataset[0]['audio']", 10)]), "cpu",
                         notebook="en/chapter1/1.ipynb")
    run = CellRun(RunStatus.ERROR, ename="RuntimeError", evalue=raised)
    verdict, detail = cell_verdict(plan.cells[0], run, packages=DeclaredPackages())
    assert verdict is Verdict.NEEDS_PACKAGES
    assert "needs `FFmpeg`" in detail
    [result] = judge_cells(plan, [run], 0.01, packages=DeclaredPackages())
    assert "apt-get install ffmpeg" in result.hint
    # The clean counterpart: another RuntimeError of the cell stays the lesson's.
    other = CellRun(RunStatus.ERROR, ename="RuntimeError", evalue="shape mismatch")
    assert cell_verdict(plan.cells[0], other)[0] is Verdict.UNEXPECTED_ERROR


NAMESPACE_CODE = ("from llama_index.core.tools import FunctionTool\n"
                  "from llama_index.llms.huggingface_api import HuggingFaceInferenceAPI\n")


@pytest.mark.parametrize(("requirement", "code", "wanted"), [
    ("llama-index-core", NAMESPACE_CODE, True),
    ("llama-index-llms-huggingface-api", NAMESPACE_CODE, True),
    ("llama-index-core", "import llama_index\n", False),
    ("llama-index-embeddings-openai", NAMESPACE_CODE, False),
    ("llama-index-core", "from other.core import x\n", False),
])
def test_a_part_of_a_namespace_package_provides_it_to_code_that_imports_that_part(
        requirement: str, code: str, wanted: bool) -> None:
    packages = DeclaredPackages((Declaration(requirement, "the lesson's `pip install` at x:1"),))
    found = packages.missing("ModuleNotFoundError", "No module named 'llama_index'", code)
    assert (found is not None and found.requirement == requirement) is wanted


URL_LINE = "!pip install git+https://github.com/example/speechkit.git@main\n"


@pytest.mark.parametrize(("code", "wanted"), [
    (URL_LINE + "from speechkit import Pipeline\n", "speechkit"),
    ("!pip install speechkit\nfrom speechkit import Pipeline\n", None),
    ("from speechkit import Pipeline\n", None),
])
def test_a_package_installed_from_a_url_is_a_need_offline(code: str, wanted: str | None) -> None:
    node = notebook([cell(code, 30)])
    plan = plan_notebook(node, "cpu", notebook="en/chapter1/1.ipynb")
    packages = DeclaredPackages(tuple(lesson_declarations(node.cells)))
    [result] = judge_cells(plan, [_run("ModuleNotFoundError", "No module named 'speechkit'")],
                           0.0, packages=packages)
    if wanted is None:  # declared from an index, or not at all: as before
        assert result.verdict is not Verdict.NEEDS_PACKAGES or "URL" not in result.detail
        return
    assert result.verdict is Verdict.NEEDS_PACKAGES
    assert result.detail.startswith(f"needs `{wanted}` (the lesson's `pip install` at")
    assert "installs from a URL" in result.detail
    assert "publish `speechkit`" in result.hint


@pytest.mark.parametrize(("requirement", "name"), [
    ("git+https://github.com/example/speechkit", "speechkit"),
    ("git+https://github.com/example/speechkit.git@v1#egg=speechkit", "speechkit"),
    ("https://example.org/wheels/speechkit-1.0-py3-none-any.whl", "speechkit"),
    ("speechkit>=1", "speechkit"),
])
def test_the_name_of_a_url_requirement(requirement: str, name: str) -> None:
    assert requirement_name(requirement) == name


def test_a_url_requirement_stays_one_offline_through_the_kernels_declarations(
        tmp_path: Path) -> None:
    """What a run's kernel was asked to have keeps why a requirement cannot be had: a
    `pip install git+URL` is not told to be fetched with --install-lesson-requirements."""
    from coursekit.execution.run.packages import Overlays

    node = notebook([cell(URL_LINE + "from speechkit import Pipeline\n", 30)])
    course = write_course(tmp_path, {"en/chapter1/1.ipynb": node})
    packages = Overlays(course, lesson_requirements=False).declared("pt", node, None)
    plan = plan_notebook(node, "cpu", notebook="en/chapter1/1.ipynb")
    [result] = judge_cells(plan, [_run("ModuleNotFoundError", "No module named 'speechkit'")],
                           0.0, packages=packages)
    assert result.verdict is Verdict.NEEDS_PACKAGES
    assert "installs from a URL" in result.detail
    assert "publish `speechkit`" in result.hint


@pytest.mark.parametrize(("requirement", "declared"), [
    ("frobnitz-lib[fast]>=2.0", True), ("python-frobnitz==1.2", True),
    ("librosa", False), ("frobnitzer-tools", False),
])
def test_an_import_the_lessons_own_unmapped_requirement_is_named_after_is_that_need(
        requirement: str, declared: bool) -> None:
    """`!pip install frobnitz-lib` then `import frobnitz`: the lesson declares it (no table
    knows the package), and is not told to add `frobnitz` to its install line."""
    packages = DeclaredPackages((Declaration(requirement, "the lesson's `pip install` at x:1"),))
    [result, _] = judge_cells(
        _plan("import frobnitz"), [_run("ModuleNotFoundError", "No module named 'frobnitz'"),
                                   CellRun(RunStatus.OK)], 0.0, packages=packages)
    assert result.verdict is Verdict.NEEDS_PACKAGES
    name = requirement.split("[")[0].split("=")[0]
    if declared:
        assert result.detail.startswith(f"needs `{name}` (the lesson's `pip install` at x:1)")
        assert "--install-lesson-requirements" in result.hint
    else:
        assert result.detail.startswith("needs `frobnitz` (the cell imports it")
