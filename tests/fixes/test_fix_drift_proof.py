"""``coursekit fix drift`` proves its fixes by running them: in the venv's own
``python3`` kernel, on a stale API of a class that the lessons define themselves."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from coursekit.cli import main

pytestmark = pytest.mark.kernel

CONFIG = """\
source-language = "en"
kernels = { pt = "python3", tf = "python3" }

[verify]
timeout = 20

[translations]
bundled-stale-apis = false

[[translations.stale-apis]]
method = "greet"
rename = "hello"
reason = "was renamed"
use = "`.hello()`"
"""

TOCTREE = """- title: Chapter 1
  sections:
  - local: chapter1/1
    title: Proven
  - local: chapter1/2
    title: Not proven
"""

GREETER = """\
class Greeter:
    def hello(self):
        return "hi"


greeter = Greeter()
"""

PROVEN = f"""# Proven

```py
{GREETER}```

```py
print(greeter.greet())  # {{comment}}
```

```py
1 / 0
```
"""
"""The fix renames the call and the cell runs; the lesson then fails further on."""

NOT_PROVEN = f"""# Not proven

```py
{GREETER}```

```py
print(greeter.greet())  # {{comment}}
print(getattr(greeter, "greet")())
```
"""
"""The fix renames the call it sees; the name in a string still fails on the old API."""

COMMENTS = {"en": "say hello", "fr": "dire bonjour"}


def _lesson(language: str, number: int) -> Path:
    return Path("content", language, "chapter1", f"{number}.mdx")


def _course(root: Path) -> Path:
    for language, comment in COMMENTS.items():
        (root / "content" / language / "chapter1").mkdir(parents=True)
        (root / "content" / language / "_toctree.yml").write_text(TOCTREE, encoding="utf-8")
        for number, text in ((1, PROVEN), (2, NOT_PROVEN)):
            (root / _lesson(language, number)).write_text(text.format(comment=comment),
                                                          encoding="utf-8")
    (root / "coursekit.toml").write_text(CONFIG, encoding="utf-8")
    return root


def _read(root: Path, language: str, number: int) -> str:
    return (root / _lesson(language, number)).read_text("utf-8")


def test_a_fix_is_kept_only_where_its_cell_no_longer_raises_the_drift(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = _course(tmp_path)
    code = main(["fix", "drift", "--root", str(root), "--format", "json"])
    report = json.loads(capsys.readouterr().out)
    assert code == 1  # a fix reverted: the drift is still there
    for language, comment in COMMENTS.items():
        assert _read(root, language, 1) == PROVEN.format(comment=comment).replace(
            "greeter.greet()", "greeter.hello()")
        assert _read(root, language, 2) == NOT_PROVEN.format(comment=comment)
    proof = report["verified"]
    assert [(r["language"], r["path"], r["fence"]) for r in proof["reverted"]] == [
        ("en", "content/en/chapter1/2.mdx", 12), ("fr", "content/fr/chapter1/2.mdx", 12)]
    assert all(r["cell"] == "content/en/chapter1/2.mdx:12" and r["detail"].startswith(
        "`.greet()` was renamed") for r in proof["reverted"])
    causes = {n["lesson"]: n["next_cause"] for n in proof["notebooks"]}
    assert causes["content/en/chapter1/1.mdx"]["verdict"] == "unexpected-error"
    assert causes["content/en/chapter1/1.mdx"]["cell"] == "content/en/chapter1/1.mdx:16"
    assert "ZeroDivisionError" in causes["content/en/chapter1/1.mdx"]["detail"]
    assert proof["unverified"] == []
    left = [(f["language"], f["path"], f["fixed"]) for f in report["fixes"]]
    assert ("en", "content/en/chapter1/2.mdx", False) in left
    assert ("fr", "content/fr/chapter1/1.mdx", True) in left
    assert not (root / "build").exists()  # the runs were in a copy


def test_no_verify_writes_every_fix_unproven(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    root = _course(tmp_path)
    assert main(["fix", "drift", "--root", str(root), "--no-verify"]) == 0
    err = capsys.readouterr().err
    assert "verified" not in err
    for language, comment in COMMENTS.items():
        for number, text in ((1, PROVEN), (2, NOT_PROVEN)):
            assert _read(root, language, number) == text.format(comment=comment).replace(
                "greeter.greet()", "greeter.hello()")


FRAMEWORKS = f"""# Frameworks

```py
{GREETER}```

{{#if fw === 'pt'}}

```py
print(greeter.greet())
```

{{:else}}

```py
print(greeter.greet(), "tf")
```

{{/if}}
"""
"""A fix in each framework's block: only the PyTorch notebook has a kernel to run it."""


@pytest.mark.parametrize(("tf_kernel", "unverified"), [
    ("coursekit-no-such-kernel", True),
    ("python3", False),  # the clean counterpart: both notebooks run
])
def test_a_fix_in_a_notebook_that_did_not_run_is_said_unverified(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], tf_kernel: str,
        unverified: bool) -> None:
    (tmp_path / "content" / "en" / "chapter1").mkdir(parents=True)
    (tmp_path / "content" / "en" / "_toctree.yml").write_text(
        "- title: C\n  sections:\n  - local: chapter1/1\n    title: F\n", encoding="utf-8")
    (tmp_path / _lesson("en", 1)).write_text(FRAMEWORKS, encoding="utf-8")
    (tmp_path / "coursekit.toml").write_text(
        CONFIG.replace('tf = "python3"', f'tf = "{tf_kernel}"'), encoding="utf-8")
    code = main(["fix", "drift", "--root", str(tmp_path), "--format", "json"])
    report = json.loads(capsys.readouterr().out)
    assert code == 0
    assert _read(tmp_path, "en", 1) == FRAMEWORKS.replace("greeter.greet()", "greeter.hello()")
    said = [(u["path"], u["why"].split(":")[0]) for u in report["verified"]["unverified"]]
    assert said == ([("content/en/chapter1/1.mdx", "en/chapter1/1_tf.ipynb")]
                    if unverified else [])


OWN_BLOCK = """

```py
print(greeter.greet())  # {comment}
print(getattr(greeter, "greet")())
```
"""
"""A block of the translation's own: its fix leaves the old name in a string."""


@pytest.mark.parametrize("own", [True, False])
def test_a_translation_with_a_fixed_block_of_its_own_is_run_itself(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], own: bool) -> None:
    root = _course(tmp_path)
    if own:  # the clean counterpart: the translation's blocks are its source's
        with (root / _lesson("fr", 1)).open("a", encoding="utf-8") as lesson:
            lesson.write(OWN_BLOCK.format(comment="dire bonjour"))
    before = _read(root, "fr", 1)
    code = main(["fix", "drift", "--root", str(root), "--format", "json"])
    report = json.loads(capsys.readouterr().out)
    assert code == 1
    reverted = [(r["path"], r["cell"]) for r in report["verified"]["reverted"]]
    assert ("content/en/chapter1/2.mdx", "content/en/chapter1/2.mdx:12") in reverted
    assert _read(root, "en", 1) == PROVEN.format(comment="say hello").replace(
        "greeter.greet()", "greeter.hello()")
    lines = before.split("\n")
    fixed_first = "\n".join(lines[:len(lines) - 5]).replace(
        "greeter.greet()", "greeter.hello()") + "\n" + "\n".join(lines[len(lines) - 5:])
    if own:
        assert ("content/fr/chapter1/1.mdx", "content/fr/chapter1/1.mdx:21") in reverted
        assert _read(root, "fr", 1) == fixed_first  # the block of its own left as it was
    else:
        assert _read(root, "fr", 1) == before.replace("greeter.greet()", "greeter.hello()")
