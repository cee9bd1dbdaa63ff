"""Datasets a lesson pushes while verification is offline, in the local hub of
``coursekit_localhub``: ``Dataset.push_to_hub`` and ``DatasetDict.push_to_hub`` write
Parquet files and a card there, and ``load_dataset`` of a repo the lesson pushed reads
them back, as a learner's reads what they pushed.
"""

from __future__ import annotations

import functools
import importlib
import inspect
import io
import os
from collections.abc import Callable, Iterable
from pathlib import Path
from types import ModuleType
from typing import Any


def _localhub() -> ModuleType:
    return importlib.import_module("coursekit_localhub")


PUSHED = ".coursekit-pushed"
"""Marks a dataset repo that the lesson pushed in this kernel (not a stand-in)."""


def _card(previous: Path | None, config: str, data_dir: str, splits: Iterable[str]) -> bytes:
    """The dataset card's ``configs`` table, as ``load_dataset`` reads it from a folder,
    with this push's config (re)written and the others kept."""
    import yaml

    configs: list[dict[str, Any]] = []
    if previous is not None and (previous / "README.md").is_file():
        text = (previous / "README.md").read_text(encoding="utf-8")
        if text.startswith("---\n") and "\n---" in text[4:]:
            header = yaml.safe_load(text[4:text.index("\n---", 4)]) or {}
            configs = [c for c in header.get("configs", []) if isinstance(c, dict)]
    entry = next((c for c in configs if c.get("config_name") == config), None)
    if entry is None:
        entry = {"config_name": config, "data_files": []}
        configs.append(entry)
    files = {f["split"]: f["path"] for f in entry.get("data_files", [])}
    files.update({split: f"{data_dir}/{split}-*" for split in splits})
    entry["data_files"] = [{"split": s, "path": p} for s, p in files.items()]
    header_text = yaml.safe_dump({"configs": configs}, sort_keys=False)
    return f"---\n{header_text}---\n".encode()


def _snapshot(folder: Path, branch: str = "main") -> Path | None:
    ref = folder / "refs" / branch
    if not ref.is_file():
        return None
    snapshot = folder / "snapshots" / ref.read_text().strip()
    return snapshot if snapshot.is_dir() else None


def push_dataset(splits: dict[str, Any], repo_id: str, config_name: str = "default",
                 data_dir: str | None = None, revision: str | None = None,
                 commit_message: str | None = None) -> Any:
    """Write each split as one Parquet file, and the card, into the local hub repo."""
    hub = importlib.import_module("huggingface_hub")
    full = _localhub().full_id(repo_id)
    folder = _localhub().repo_folder(full, "dataset")
    data_dir = data_dir or (config_name if config_name != "default" else "data")
    previous = _snapshot(folder, revision or "main") if folder.is_dir() else None
    operations: list[Any] = []
    for split, dataset in splits.items():
        if previous is not None:
            operations += [hub.CommitOperationDelete(path_in_repo=str(p.relative_to(previous)))
                           for p in sorted((previous / data_dir).glob(f"{split}-*"))]
        buffer = io.BytesIO()
        dataset.to_parquet(buffer)
        operations.append(hub.CommitOperationAdd(
            path_in_repo=f"{data_dir}/{split}-00000-of-00001.parquet",
            path_or_fileobj=buffer.getvalue()))
    operations.append(hub.CommitOperationAdd(
        path_in_repo="README.md", path_or_fileobj=_card(previous, config_name, data_dir, splits)))
    info = hub.HfApi().create_commit(full, operations=operations, repo_type="dataset",
                                     revision=revision,
                                     commit_message=commit_message or "Upload dataset")
    (folder / PUSHED).touch()
    return info


def _push_method(original: Callable[..., Any], *, single: bool) -> Callable[..., Any]:
    """A ``push_to_hub`` of ``Dataset`` (``single``) or ``DatasetDict`` that writes to the
    local hub: the library's own asks the Hub API what the repo holds, which offline it
    cannot. Its arguments are bound to the library's signature, so that a keyword the
    library does not take raises as it would."""
    signature = inspect.signature(original)

    @functools.wraps(original)
    def push(*args: Any, **kwargs: Any) -> Any:
        bound = signature.bind(*args, **kwargs)
        bound.apply_defaults()
        given = bound.arguments
        dataset = given["self"]
        if single:
            split = given.get("split") or (
                str(dataset.split) if dataset.split is not None else "train")
            splits = {split: dataset}
        else:
            splits = dict(dataset)
        return push_dataset(splits, given["repo_id"], given.get("config_name") or "default",
                            given.get("data_dir"), given.get("revision"),
                            given.get("commit_message"))

    return push


def patch_dataset_push(module: ModuleType) -> None:
    module.Dataset.push_to_hub = _push_method(module.Dataset.push_to_hub, single=True)


def patch_dataset_dict_push(module: ModuleType) -> None:
    module.DatasetDict.push_to_hub = _push_method(module.DatasetDict.push_to_hub, single=False)


def pushed_dataset(path: Any, revision: str | None = None) -> Path | None:
    """The local snapshot of a dataset repo the lesson pushed, for ``load_dataset``."""
    if not isinstance(path, str) or path.count("/") != 1 or os.path.exists(path):
        return None
    folder = _localhub().repo_folder(path, "dataset")
    if not (folder / PUSHED).is_file():
        return None
    return _snapshot(folder, revision or "main")


def patch_dataset_load(module: ModuleType) -> None:
    """``load_dataset("user/name")`` of a pushed dataset reads the local snapshot, as a
    learner's reads what they pushed."""
    for name in ("load_dataset", "load_dataset_builder"):
        original = getattr(module, name, None)
        if callable(original):
            setattr(module, name, _from_local_hub(original))


def _from_local_hub(load: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(load)
    def loaded(path: Any, *args: Any, **kwargs: Any) -> Any:
        snapshot = pushed_dataset(path, kwargs.get("revision"))
        if snapshot is not None:
            kwargs.pop("revision", None)
            return load(str(snapshot), *args, **kwargs)
        return load(path, *args, **kwargs)

    return loaded
