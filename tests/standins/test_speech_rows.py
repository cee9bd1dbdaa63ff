"""Speech stand-ins whose rows a lesson's plausible filters keep, as the real data's.

A lesson keeps the speakers with 100 to 400 recordings: on a block of 32 rows (the
planted case) no speaker has that many and the split is emptied; at the real length,
with speakers sharing rows unevenly, about half the rows are kept. Transcripts of a
Dutch configuration carry the letters of Dutch, which a lesson gathers into a vocabulary."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from coursekit.config import Course
from coursekit.standins import StandinEnv, prepare

from ..kernel_skip import ffmpeg_or_skip, kernel_or_skip

Runner = Callable[[str, StandinEnv, str], dict[str, object]]

FILTERS = '''
import json
from collections import defaultdict
from datasets import load_dataset
out = {}
dataset = load_dataset("qmeeus/voxpopuli", "nl", split="train")
counts = defaultdict(int)
for speaker in dataset["speaker_id"]:
    counts[speaker] += 1
kept = dataset.filter(lambda s: 100 <= counts[s] <= 400, input_columns=["speaker_id"])
out["rows"] = [len(dataset), len(kept), len(set(kept["speaker_id"]))]
out["letters"] = sorted({c for c in " ".join(dataset["text"][:500]) if not c.isascii()})
last = dataset[len(dataset) - 1]["audio"].get_all_samples()
out["audio"] = [last.sample_rate, last.data.shape[-1] > 4000]
print(json.dumps(out))
'''


def _standins(tmp: Path, rows: str) -> StandinEnv:
    kernel_or_skip("pt")
    ffmpeg_or_skip()
    tmp.mkdir()
    (tmp / "pyproject.toml").write_text(
        '[tool.coursekit.standins.datasets."qmeeus/voxpopuli"]\n'
        f'schema = "voxpopuli_text"\nconfigs = ["nl"]\nrows = "{rows}"\n', encoding="utf-8")
    return prepare(Course.open(tmp), "pt", ids={("datasets", "qmeeus/voxpopuli")})


@pytest.mark.torch
@pytest.mark.slow
def test_a_speaker_filter_keeps_rows_at_the_real_length(
        tmp_path: Path, run_in_kernel: Runner) -> None:
    planted = run_in_kernel("pt", _standins(tmp_path / "block", "block"), FILTERS)
    assert planted["rows"] == [32, 0, 0]

    clean = run_in_kernel("pt", _standins(tmp_path / "real", "real"), FILTERS)
    rows, letters = clean["rows"], clean["letters"]
    assert isinstance(rows, list) and isinstance(letters, list)
    total, kept, speakers = rows
    assert total == 20968
    assert 0.3 * total < kept < 0.7 * total
    assert 30 <= speakers <= 80
    assert {"ë", "ï", "ö", "ü"} <= set(letters)
    assert clean["audio"] == [16000, True]
