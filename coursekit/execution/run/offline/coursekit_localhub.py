"""The local hub: where a lesson's Hub writes go while verification is offline.

A learner runs ``notebook_login()``, ``create_repo(...)``, ``model.push_to_hub(...)``
and then ``from_pretrained`` of the repo they pushed. Offline, the writes land in a
Hub cache of the kernel's own (the stand-ins' cache, linked entry by entry, plus
what the lesson pushes), laid out as the libraries read it, so that later load works.
Logging in does nothing and says so; ``whoami()`` answers for a local user. Pushed
datasets are ``coursekit_localdatasets``'.
"""

from __future__ import annotations

import functools
import hashlib
import inspect
import io
import os
import shutil
import sys
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from types import ModuleType
from typing import Any

USER = "learner"
HUB_FOLDER = ".coursekit-hub"
"""In the kernel's scratch working folder, which goes away with the kernel."""


_shared: list[Path] = []
"""The stand-ins' Hub cache, as the first :func:`prepare` found it."""


def prepare() -> Path:
    """Make the kernel's Hub cache: a link to each entry of the stand-ins' cache."""
    if not _shared:
        _shared.append(Path(os.environ.get("HF_HUB_CACHE") or Path(
            os.environ.get("HF_HOME") or Path.home() / ".cache" / "huggingface") / "hub"))
    shared = _shared[0]
    local = Path.cwd() / HUB_FOLDER
    local.mkdir(exist_ok=True)
    if shared.is_dir() and shared.resolve() != local.resolve():
        for entry in shared.iterdir():
            link = local / entry.name
            if not link.exists() and not link.is_symlink():
                link.symlink_to(entry, target_is_directory=entry.is_dir())
    os.environ["HF_HUB_CACHE"] = str(local)
    return local


def relocate() -> Path:
    """In a kernel forked from a process that prepared its own hub (see coursekit's
    ``zygote``): a hub of this kernel's own, in its working folder, and huggingface_hub's
    cache path, which that library read on import, pointed at it."""
    local = prepare()
    constants = sys.modules.get("huggingface_hub.constants")
    if constants is not None:
        setattr(constants, "HF_HUB_CACHE", str(local))  # noqa: B010  (a module read at run time)
    return local


def repo_folder(repo_id: str, repo_type: str | None) -> Path:
    kind = (repo_type or "model") + "s"
    return Path(os.environ["HF_HUB_CACHE"]) / f"{kind}--{repo_id.replace('/', '--')}"


def full_id(repo_id: str) -> str:
    return repo_id if "/" in repo_id else f"{USER}/{repo_id}"


def whoami(*_: Any, **__: Any) -> dict[str, Any]:
    return {"type": "user", "name": USER, "fullname": "Local learner", "orgs": [],
            "auth": {"type": "access_token", "accessToken": {"role": "write"}}}


def login(*_: Any, **__: Any) -> None:
    print("coursekit: offline verification, no login needed: "
          "Hub writes go to a local hub in the kernel")


def create_repo(module: ModuleType) -> Callable[..., Any]:
    def create(_self: Any, repo_id: str, *_: Any, repo_type: str | None = None,
               **__: Any) -> Any:
        full = full_id(repo_id)
        folder = repo_folder(full, repo_type)
        if folder.is_symlink():  # a stand-in: a push must not write into the shared set
            target = folder.resolve()
            folder.unlink()
            shutil.copytree(target, folder, symlinks=True)
        (folder / "refs").mkdir(parents=True, exist_ok=True)
        (folder / "snapshots").mkdir(exist_ok=True)
        prefix = "" if repo_type in (None, "model") else f"{repo_type}s/"
        url = f"https://huggingface.co/{prefix}{full}"
        try:
            return module.RepoUrl(url)
        except Exception:  # an older or newer RepoUrl: the URL is what callers read
            return url

    return create


def _content(source: Any) -> bytes:
    if isinstance(source, bytes):
        return source
    if isinstance(source, str | os.PathLike):
        return Path(source).read_bytes()
    if isinstance(source, io.IOBase) or hasattr(source, "read"):
        data = source.read()
        return data if isinstance(data, bytes) else str(data).encode()
    raise TypeError(f"cannot upload {type(source).__name__}")


def create_commit(module: ModuleType, create: Callable[..., Any]) -> Callable[..., Any]:
    def commit(self: Any, repo_id: str, operations: Iterable[Any], *_: Any,
               commit_message: str = "", repo_type: str | None = None,
               revision: str | None = None, **__: Any) -> Any:
        full = full_id(repo_id)
        create(self, full, repo_type=repo_type)
        folder = repo_folder(full, repo_type)
        branch = revision or "main"
        ref = folder / "refs" / branch
        previous = folder / "snapshots" / ref.read_text().strip() if ref.exists() else None
        sha = hashlib.sha1(f"{full}{branch}{time.time_ns()}".encode()).hexdigest()
        snapshot = folder / "snapshots" / sha
        if previous is not None and previous.is_dir():
            shutil.copytree(previous, snapshot)
        snapshot.mkdir(parents=True, exist_ok=True)
        for operation in operations:
            path = snapshot / str(operation.path_in_repo)
            if type(operation).__name__ == "CommitOperationDelete":
                if path.is_dir():
                    shutil.rmtree(path)
                else:
                    path.unlink(missing_ok=True)
            elif hasattr(operation, "path_or_fileobj"):
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_bytes(_content(operation.path_or_fileobj))
        ref.parent.mkdir(parents=True, exist_ok=True)
        ref.write_text(sha)
        prefix = "" if repo_type in (None, "model") else f"{repo_type}s/"
        url = f"https://huggingface.co/{prefix}{full}/commit/{sha}"
        try:
            return module.CommitInfo(commit_url=url, commit_message=commit_message,
                                     commit_description="", oid=sha, pr_url=None)
        except Exception:  # another CommitInfo signature: the URL is what callers read
            return url

    return commit


def _as_strict_as(original: Callable[..., Any],
                  replacement: Callable[..., Any]) -> Callable[..., Any]:
    """``replacement`` taking only the arguments ``original`` takes: a keyword the
    library removed raises here as it would there."""
    signature = inspect.signature(original)

    @functools.wraps(original)
    def strict(*args: Any, **kwargs: Any) -> Any:
        try:
            signature.bind(*args, **kwargs)
        except TypeError as exc:
            raise TypeError(f"{original.__qualname__}() {exc}") from None
        return replacement(*args, **kwargs)

    return strict


def patch_hf_api(module: ModuleType) -> None:
    """Send ``HfApi``'s writes (and the module's functions bound to its instance) here."""
    api_class = module.HfApi
    create = create_repo(module)
    api_class.create_repo = _as_strict_as(api_class.create_repo, create)
    api_class.create_commit = _as_strict_as(api_class.create_commit,
                                            create_commit(module, create))
    api_class.whoami = lambda self, *a, **k: whoami()
    instance = getattr(module, "api", None)
    if instance is not None:
        for name in ("create_repo", "create_commit", "upload_file", "upload_folder", "whoami"):
            if hasattr(module, name):
                setattr(module, name, getattr(instance, name))


def patch_login(module: ModuleType) -> None:
    for name in ("login", "notebook_login", "interpreter_login"):
        if hasattr(module, name):
            setattr(module, name, login)
