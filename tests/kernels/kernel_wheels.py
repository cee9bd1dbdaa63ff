"""Tiny real wheels, written by hand, that stand for heavy distributions in tests."""

from __future__ import annotations

import base64
import hashlib
import zipfile
from collections.abc import Mapping, Sequence
from pathlib import Path


def _digest(data: bytes) -> str:
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def write_wheel(
    folder: Path, name: str, version: str, *, requires: Sequence[str] = (),
    files: Mapping[str, str] | None = None,
) -> Path:
    """A pure-Python wheel ``name-version`` holding ``files`` (path -> text)."""
    stem = name.replace("-", "_")
    dist_info = f"{stem}-{version}.dist-info"
    metadata = "".join([
        "Metadata-Version: 2.1\n", f"Name: {name}\n", f"Version: {version}\n",
        *(f"Requires-Dist: {r}\n" for r in requires),
    ])
    contents = {
        **(files if files is not None else {f"{stem}/__init__.py": f"__version__ = {version!r}\n"}),
        f"{dist_info}/METADATA": metadata,
        f"{dist_info}/WHEEL": "Wheel-Version: 1.0\nGenerator: tests\nRoot-Is-Purelib: true\n"
                              "Tag: py3-none-any\n",
    }
    record = [f"{path},{_digest(text.encode())},{len(text.encode())}"
              for path, text in contents.items()]
    record.append(f"{dist_info}/RECORD,,")
    contents[f"{dist_info}/RECORD"] = "\n".join(record) + "\n"
    folder.mkdir(parents=True, exist_ok=True)
    wheel = folder / f"{stem}-{version}-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as archive:
        for path, text in contents.items():
            archive.writestr(path, text)
    return wheel


FAKE_TORCH = """\
import types

__version__ = "{version}"
version = types.SimpleNamespace(cuda=None)


class cuda:
    @staticmethod
    def is_available():
        return False
"""


def fake_torch(folder: Path, version: str) -> Path:
    """A ``torch`` that reports its version and no CUDA device, as a CPU build does."""
    return write_wheel(folder, "torch", version,
                       files={"torch/__init__.py": FAKE_TORCH.format(version=version)})
