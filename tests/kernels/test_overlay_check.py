"""What an overlay install added must import in the kernel, or it is taken out again."""

from __future__ import annotations

import sys
from pathlib import Path

from coursekit.kernels.overlay_check import (
    distributions,
    load_problem,
    remove,
    top_level_modules,
)


def _install(site: Path, dist: str, files: dict[str, str], top_level: str | None = None) -> None:
    """Lay out a distribution as pip does: its files and a RECORD that lists them."""
    info = site / f"{dist}.dist-info"
    info.mkdir(parents=True)
    for relpath, text in files.items():
        (site / relpath).parent.mkdir(parents=True, exist_ok=True)
        (site / relpath).write_text(text, encoding="utf-8")
    listed = [*files, f"{dist}.dist-info/METADATA", f"{dist}.dist-info/RECORD"]
    (info / "METADATA").write_text(f"Name: {dist}\n", encoding="utf-8")
    if top_level is not None:
        (info / "top_level.txt").write_text(top_level, encoding="utf-8")
        listed.append(f"{dist}.dist-info/top_level.txt")
    (info / "RECORD").write_text("".join(f"{p},,\n" for p in listed), encoding="utf-8")


def _site(tmp_path: Path) -> Path:
    site = tmp_path / "prefix" / "lib" / "python3.11" / "site-packages"
    site.mkdir(parents=True)
    return site


def test_a_compiled_part_that_does_not_load_is_named_and_removed(tmp_path: Path) -> None:
    site = _site(tmp_path)
    _install(site, "goodpkg_ck-1.0", {"goodpkg_ck/__init__.py": "VALUE = 1\n"})
    before = distributions(site)
    _install(site, "audio_effects_ck-0.12.0", {
        "audio_effects_ck/__init__.py": "import audiokit_ck\n"}, top_level="audio_effects_ck\n")
    _install(site, "audiokit_ck-2.11.0", {
        "audiokit_ck/__init__.py":
            "raise OSError('Could not load this library: /site/audiokit_ck/lib/_ext.so')\n",
        "audiokit_ck/io.py": "",
    }, top_level="audiokit_ck\n")
    added = distributions(site) - before
    assert added == {"audiokit_ck-2.11.0.dist-info", "audio_effects_ck-0.12.0.dist-info"}
    why = load_problem(Path(sys.executable), site, added)
    assert why == ("it installs audiokit_ck 2.11.0, which does not load with the kernel's "
                   "packages (`import audiokit_ck`: OSError: Could not load this library: "
                   "/site/audiokit_ck/lib/_ext.so)")
    remove(site, added)
    assert sorted(p.name for p in site.iterdir()) == ["goodpkg_ck", "goodpkg_ck-1.0.dist-info"]


def test_packages_that_import_are_kept(tmp_path: Path) -> None:
    site = _site(tmp_path)
    _install(site, "goodpkg_ck-1.0", {"goodpkg_ck/__init__.py": "VALUE = 1\n",
                                     "goodpkg_ck_single.py": "", "tests/__init__.py": "1/0\n"})
    assert top_level_modules(site, "goodpkg_ck-1.0.dist-info") == [
        "goodpkg_ck", "goodpkg_ck_single"]
    assert load_problem(Path(sys.executable), site, distributions(site)) is None
