"""The GLUE-shaped generator: deterministic, with GLUE's columns, labels and splits."""

from __future__ import annotations

from coursekit.standins.builder import glue


def test_same_seed_same_rows_other_seed_other_rows() -> None:
    split = glue.SPLITS["mrpc"][0]
    assert glue.rows("mrpc", split, 7) == glue.rows("mrpc", split, 7)
    assert glue.rows("mrpc", split, 7) != glue.rows("mrpc", split, 8)


def test_columns_labels_and_test_splits() -> None:
    for config, splits in glue.SPLITS.items():
        for split in splits:
            columns = glue.rows(config, split, 7)
            assert list(columns) == [*glue.COLUMNS[config], "label", "idx"]
            assert columns["idx"] == list(range(split.rows))
            labels = set(columns["label"])
            if split.labelled:
                assert labels == set(range(len(glue.LABELS[config]))), (config, split.name)
            else:
                assert labels == {-1}


def test_sentences_vary_in_length() -> None:
    columns = glue.rows("mrpc", glue.SPLITS["mrpc"][0], 7)
    lengths = {len(str(s).split()) for s in columns["sentence1"]}
    assert len(lengths) >= 5
