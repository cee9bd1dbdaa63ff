"""The names that built notebooks' install cells give pip, checked against the index.

    .venv/bin/python bench/install_names.py build/notebooks [more folders...]
    .venv/bin/python bench/install_names.py build/notebooks --offline   # list only

Only the install cell coursekit computes is read (the lesson's own ``pip install``
cells are the author's words). Each distinct name is asked of the package index
once, with ``pip index versions``; a name the index does not serve is one the
install cell must not write.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from pathlib import Path

from coursekit.notebooks.metadata import INSTALL_TAG
from coursekit.notebooks.requirements import canonical, requirement_name


def computed_names(folder: Path) -> dict[str, int]:
    """Distinct distribution names of the computed install cells, with their counts."""
    found: dict[str, int] = {}
    for path in sorted(folder.rglob("*.ipynb")):
        for cell in json.loads(path.read_bytes())["cells"]:
            metadata = cell.get("metadata", {})
            if INSTALL_TAG not in metadata.get("tags", []) or "coursekit" in metadata:
                continue
            source = "".join(cell["source"])
            for word in re.sub(r"^!pip install\s+", "", source).split():
                name = requirement_name(word)
                if name is not None:
                    found[name] = found.get(name, 0) + 1
    return found


def served(name: str) -> bool:
    done = subprocess.run(
        [sys.executable, "-m", "pip", "index", "versions", name, "--disable-pip-version-check"],
        capture_output=True, text=True, timeout=120, check=False,
    )
    return done.returncode == 0 and canonical(name) in canonical(done.stdout.split("(")[0])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folders", nargs="+", type=Path)
    parser.add_argument("--offline", action="store_true", help="list the names, ask nothing")
    args = parser.parse_args()
    names: dict[str, int] = {}
    for folder in args.folders:
        for name, count in computed_names(folder).items():
            names[name] = names.get(name, 0) + count
    missing = []
    for name in sorted(names, key=str.lower):
        state = "" if args.offline else ("served" if served(name) else "NOT SERVED")
        if state == "NOT SERVED":
            missing.append(name)
        print(f"{name:45} {names[name]:5}  {state}")
    print(f"{len(names)} distinct names, {sum(names.values())} in install cells"
          + ("" if args.offline else f", {len(missing)} not served by the index"))
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
