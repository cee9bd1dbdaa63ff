from __future__ import annotations

from coursekit.execution.drift import compare_output, output_text


def test_numbers_within_tolerance_are_no_drift() -> None:
    assert compare_output("loss: 0.6931", "loss: 0.6935\n", 0.01) is None


def test_numbers_beyond_tolerance_are_drift() -> None:
    drift = compare_output("loss: 0.6931", "loss: 1.2000", 0.01)
    assert drift is not None
    assert "0.6931" in drift
    assert "1.2000" in drift


def test_truncated_documentation_matches_a_longer_output() -> None:
    assert compare_output("{'a': 1, ...", "{'a': 1, 'b': 2}", 0.01) is None
    assert compare_output("{'a': 1}", "{'a': 1, 'b': 2}", 0.01) is not None


def test_stderr_is_not_part_of_the_output() -> None:
    outputs = [
        {"output_type": "stream", "name": "stderr", "text": "warning\n"},
        {"output_type": "stream", "name": "stdout", "text": "3\n"},
        {"output_type": "execute_result", "data": {"text/plain": "'x'"}},
    ]
    assert output_text(outputs) == "3\n\n'x'"
