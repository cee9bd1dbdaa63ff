"""The check cache: a second run judges only what changed, and never trusts a bad entry."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from coursekit.cache import CACHE_DIR
from coursekit.cache.diagnostic_json import diagnostics_from_json
from coursekit.checks import Area, check_course
from coursekit.cli import main
from coursekit.config import Course
from tests.counting import count_calls

BUNDLED = Path(__file__).resolve().parents[2]
SOURCE = "content/en/chapter3/4.mdx"
TRANSLATION = "content/fr/chapter3/4.mdx"
_MISSING = object()


@pytest.fixture
def parsed(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """The lessons parsed, by path, counted."""
    return count_calls(monkeypatch, "coursekit.lessons.load.parse_lesson",
                       lambda *args, path, **kwargs: path)


def _findings(root: Path, cache: bool = True) -> list[str]:
    report = check_course(Course.open(root), [Area.LESSONS], cache=cache)
    return sorted(repr(d) for d in report.diagnostics)


def _lessons(root: Path) -> list[str]:
    return sorted(p.relative_to(root).as_posix() for p in (root / "content").rglob("*.mdx"))


def test_a_second_run_parses_nothing_and_finds_the_same(root: Path, parsed: Counter[str]) -> None:
    plain = _findings(root, cache=False)
    parsed.clear()
    assert _findings(root) == plain
    assert sorted(parsed) == _lessons(root)
    parsed.clear()
    assert _findings(root) == plain
    assert parsed == Counter()
    assert (root / "build" / CACHE_DIR / ".gitignore").read_text().strip().endswith("*")


def test_a_changed_source_lesson_is_judged_again_with_its_translations_only(
    root: Path, parsed: Counter[str],
) -> None:
    _findings(root)
    lesson = root / SOURCE
    lesson.write_text(lesson.read_text(encoding="utf-8") + "\nOne more line.\n",
                      encoding="utf-8")
    parsed.clear()
    found = _findings(root)
    assert sorted(parsed) == [SOURCE, *(SOURCE.replace("/en/", f"/{lang}/")
                                        for lang in ("fr", "it", "zh-CN"))]
    assert found == _findings(root, cache=False)


def test_a_changed_translation_brings_its_new_findings(root: Path, parsed: Counter[str]) -> None:
    before = _findings(root)
    lesson = root / TRANSLATION
    lesson.write_text(lesson.read_text(encoding="utf-8") + "\n```py\nnever_closed()\n",
                      encoding="utf-8")
    parsed.clear()
    after = _findings(root)
    assert sorted(parsed) == [SOURCE, TRANSLATION]
    assert after != before
    assert any("LES103" in d and TRANSLATION in d for d in after)
    assert after == _findings(root, cache=False)


def test_a_configuration_change_judges_everything_again(root: Path, parsed: Counter[str]) -> None:
    _findings(root)
    config = root / "pyproject.toml"
    config.write_text(config.read_text(encoding="utf-8").replace(
        '[tool.coursekit.verify]', '[tool.coursekit.translations]\nignore-changes = []\n\n'
        '[tool.coursekit.verify]'), encoding="utf-8")
    parsed.clear()
    found = _findings(root)
    assert sorted(parsed) == _lessons(root)
    assert found == _findings(root, cache=False)


@pytest.mark.parametrize("damage", [
    b"", b"{not json", b'{"format": 1, "entries": []}',
    b'{"format": 1, "entries": {"KEY": {"diagnostics": "not a list"}}}',
    b"[" * 100_000,  # nested deeper than the JSON reader recurses
])
def test_a_damaged_cache_file_is_a_miss_never_an_answer(
    root: Path, parsed: Counter[str], damage: bytes,
) -> None:
    plain = _findings(root, cache=False)
    _findings(root)
    for shard in (root / "build" / CACHE_DIR).glob("*/*.json"):
        data = json.loads(shard.read_bytes())
        key = next(iter(data["entries"]))
        shard.write_bytes(damage.replace(b"KEY", key.encode()))
    parsed.clear()
    assert _findings(root) == plain
    assert parsed  # judged again, not taken from what was damaged
    parsed.clear()
    assert _findings(root) == plain
    assert parsed == Counter()  # and cached again


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_fifo_in_a_shards_place_is_a_miss_and_left_alone(
    root: Path, parsed: Counter[str],
) -> None:
    plain = _findings(root, cache=False)
    _findings(root)
    shards = list((root / "build" / CACHE_DIR).glob("*/*.json"))
    for shard in shards:
        shard.unlink()
        os.mkfifo(shard)
    parsed.clear()
    assert _findings(root) == plain  # read around, never waited on
    assert parsed
    assert all(shard.is_fifo() for shard in shards)


def test_an_entry_of_the_wrong_shape_is_judged_again(root: Path) -> None:
    plain = _findings(root, cache=False)
    _findings(root)
    for shard in (root / "build" / CACHE_DIR).glob("pair/*.json"):
        data = json.loads(shard.read_bytes())
        data["entries"] = {k: {"diagnostics": [{"rule": "TRN999"}]} for k in data["entries"]}
        shard.write_text(json.dumps(data), encoding="utf-8")
    assert _findings(root) == plain


_RUN = (
    "import sys; from pathlib import Path; from coursekit.config import Course; "
    "from coursekit.checks import check_course; "
    "r = check_course(Course.open(Path(sys.argv[1])), cache=True); "
    "print(len(r.diagnostics))"
)


def test_concurrent_runs_leave_a_cache_that_reads_back(root: Path, parsed: Counter[str]) -> None:
    env = {**os.environ, "PYTHONPATH": str(BUNDLED)}
    runs = [subprocess.Popen([sys.executable, "-c", _RUN, str(root)], env=env,
                             stdout=subprocess.PIPE, text=True) for _ in range(3)]
    outputs = {run.communicate(timeout=300)[0].strip() for run in runs}
    assert [run.returncode for run in runs] == [0, 0, 0]
    assert len(outputs) == 1
    for shard in (root / "build" / CACHE_DIR).glob("*/*.json"):
        assert json.loads(shard.read_bytes())["entries"]
    assert not list((root / "build" / CACHE_DIR).glob("*/.*.tmp"))
    parsed.clear()
    assert _findings(root) == _findings(root, cache=False)
    assert set(parsed.values()) == {1}  # only the run without the cache parsed


def test_no_cache_writes_nothing_and_reports_the_same(
    root: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["check", "lessons", "--root", str(root), "--format", "json"]
    main([*args, "--no-cache"])
    plain = capsys.readouterr().out
    assert not (root / "build").exists()
    main(args)
    assert capsys.readouterr().out == plain
    assert (root / "build" / CACHE_DIR).is_dir()
    main(args)
    assert capsys.readouterr().out == plain


def test_a_linked_cache_folder_is_never_written_through(root: Path, tmp_path: Path) -> None:
    elsewhere = tmp_path.parent / f"{tmp_path.name}-elsewhere"
    elsewhere.mkdir()
    (root / "build").mkdir()
    (root / "build" / CACHE_DIR).symlink_to(elsewhere, target_is_directory=True)
    assert _findings(root) == _findings(root, cache=False)
    assert list(elsewhere.iterdir()) == []


_WRONG_FIELDS = {
    "unknown severity": {"severity": "warn"}, "count not a number": {"count": "many"},
    "count zero": {"count": 0}, "message null": {"message": None}, "path null": {"path": None},
    "unknown field": {"bogus": 1}, "missing message": {"message": _MISSING},
    "folded a word": {"folded": "yes"}, "folded a number": {"folded": 1},
    "line a string": {"line": "3"}, "line a boolean": {"line": True},
    "excess a string": {"excess": "x"},
}


def _damage_findings(root: Path, change: dict[str, object]) -> set[str]:
    """Apply ``change`` to every stored finding; the kinds of entry that had one."""
    kinds = set()
    for shard in (root / "build" / CACHE_DIR).glob("*/*.json"):
        data = json.loads(shard.read_bytes())
        for entry in data["entries"].values():
            for finding in entry.get("diagnostics", []):
                finding.update(change)
                for name in [k for k, v in change.items() if v is _MISSING]:
                    del finding[name]
                kinds.add(shard.parent.name)
        shard.write_text(json.dumps(data, default=str), encoding="utf-8")
    return kinds


def _stored_findings_read_back(root: Path) -> bool:
    for shard in (root / "build" / CACHE_DIR).glob("*/*.json"):
        for entry in json.loads(shard.read_bytes())["entries"].values():
            diagnostics_from_json(entry.get("diagnostics", []))
    return True


@pytest.fixture
def unclosed(root: Path) -> Path:
    """The course with a parser finding in a lesson (LES103), so that a lesson's
    record stores one as the comparison of sections does."""
    lesson = root / TRANSLATION
    lesson.write_text(lesson.read_text(encoding="utf-8") + "\n```py\nnever_closed()\n",
                      encoding="utf-8")
    return root


@pytest.mark.parametrize("change", list(_WRONG_FIELDS.values()), ids=list(_WRONG_FIELDS))
def test_a_finding_with_a_wrong_field_is_judged_again_and_replaced(
    unclosed: Path, parsed: Counter[str], change: dict[str, object],
) -> None:
    plain = _findings(unclosed, cache=False)
    _findings(unclosed)
    assert _damage_findings(unclosed, change) == {"lesson", "pair", "sections"}
    parsed.clear()
    assert _findings(unclosed) == plain
    assert sorted(parsed) == [SOURCE, TRANSLATION]  # judged again, not taken from what was damaged
    assert _stored_findings_read_back(unclosed)  # and overwritten with a good entry
    parsed.clear()
    assert _findings(unclosed) == plain
    assert parsed == Counter()


def test_findings_read_back_unchanged_are_still_trusted(
    unclosed: Path, parsed: Counter[str],
) -> None:
    plain = _findings(unclosed, cache=False)
    _findings(unclosed)
    assert _damage_findings(unclosed, {}) == {"lesson", "pair", "sections"}
    parsed.clear()
    assert _findings(unclosed) == plain
    assert parsed == Counter()


def test_a_lesson_record_of_the_wrong_shape_is_judged_again(
    root: Path, parsed: Counter[str],
) -> None:
    plain = _findings(root, cache=False)
    _findings(root)
    for shard in (root / "build" / CACHE_DIR).glob("lesson/*.json"):
        data = json.loads(shard.read_bytes())
        for entry in data["entries"].values():
            entry["error"] = 5
        shard.write_text(json.dumps(data), encoding="utf-8")
    parsed.clear()
    assert _findings(root) == plain
    assert sorted(parsed) == _lessons(root)


def test_a_lesson_edited_during_a_run_is_stored_as_the_bytes_its_key_names(root: Path) -> None:
    from coursekit.cache import CheckCache
    from coursekit.cache.lesson_run import LessonRun
    from coursekit.corpus import Corpus

    lesson = root / SOURCE
    before = lesson.read_text(encoding="utf-8")
    lesson.write_text(before.replace("# ", "## ", 1), encoding="utf-8")  # no title: LES117
    course = Course.open(root)
    run = LessonRun(Corpus(course), CheckCache.of(course))
    run.files("en")
    assert run.identity(lesson) is not None  # the key is made of the untitled bytes
    lesson.write_text(before, encoding="utf-8")  # the author fixes it meanwhile
    untitled = [d.rule for d in run.diagnostics(lesson)]
    assert "LES117" in untitled  # what was parsed is what the key names
    run.cache.flush()
    # The next run reads the fixed lesson under its own key: no stale finding.
    assert not any(SOURCE in f and "LES117" in f for f in _findings(root))
