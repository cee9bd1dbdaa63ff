"""Write a repository into the Hugging Face hub cache layout, as a download would.

``hub/<type>s--<org>--<name>/refs/main`` holds the commit; ``snapshots/<commit>/``
holds links to ``blobs/<sha256>``. The commit is derived from the content, so the
same files always give the same tree.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path


def repo_folder(hf_home: Path, repo_id: str, repo_type: str = "model") -> Path:
    return hf_home / "hub" / f"{repo_type}s--{repo_id.replace('/', '--')}"


def publish(hf_home: Path, repo_id: str, files: dict[str, bytes], repo_type: str = "model",
            revisions: list[str] | tuple[str, ...] = ()) -> str:
    """Store ``files`` (name -> content) as the ``main`` revision, and under each of
    ``revisions`` (the pinned revision of a pipeline default); return the commit."""
    digests = {name: hashlib.sha256(data).hexdigest() for name, data in files.items()}
    listing = "\n".join(f"{name} {digest}" for name, digest in sorted(digests.items()))
    commit = hashlib.sha1(listing.encode("utf-8"), usedforsecurity=False).hexdigest()
    root = repo_folder(hf_home, repo_id, repo_type)
    snapshot = root / "snapshots" / commit
    snapshot.mkdir(parents=True, exist_ok=True)
    (root / "blobs").mkdir(exist_ok=True)
    for name, data in sorted(files.items()):
        blob = root / "blobs" / digests[name]
        if not blob.exists():
            blob.write_bytes(data)
        link = snapshot / name
        link.parent.mkdir(parents=True, exist_ok=True)
        if link.is_symlink() or link.exists():
            link.unlink()
        os.symlink(os.path.relpath(blob, link.parent), link)
    (root / "refs").mkdir(exist_ok=True)
    for ref in ("main", *revisions):
        (root / "refs" / ref).write_text(commit, encoding="utf-8")
    return commit
