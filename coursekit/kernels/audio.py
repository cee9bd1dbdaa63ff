"""Whether a kernel can decode audio: its torchcodec loads the system's FFmpeg.

``datasets`` (5.x) decodes and encodes ``Audio`` columns only through torchcodec,
so a lesson that casts or reads an audio column needs both. The kernel's own
interpreter is asked (importing torchcodec loads FFmpeg there), so the answer is
what a lesson will see.
"""

from __future__ import annotations

import json
import subprocess
from dataclasses import dataclass
from pathlib import Path

from coursekit.kernels.ffmpeg import FFmpegStatus, ffmpeg_status

_SCRIPT = r"""
import importlib.util as iu, json
out = {"installed": iu.find_spec("torchcodec") is not None, "version": "", "ffmpeg": None,
       "error": ""}
if out["installed"]:
    try:
        import torchcodec
        from torchcodec._core import ops
        out["version"] = str(torchcodec.__version__)
        out["ffmpeg"] = int(getattr(ops, "ffmpeg_major_version", 0)) or None
    except Exception as exc:
        lines = str(exc).strip().splitlines()
        out["error"] = f"{type(exc).__name__}: {lines[0] if lines else ''}".strip()
print(json.dumps(out))
"""


@dataclass(frozen=True, slots=True)
class AudioBackend:
    """What a kernel's interpreter answered about torchcodec."""

    installed: bool
    version: str = ""
    ffmpeg: int | None = None
    """The FFmpeg major version torchcodec loaded."""
    error: str = ""
    """Why torchcodec did not load (or why the interpreter did not answer)."""

    @property
    def decodes(self) -> bool:
        return self.installed and not self.error

    def describe(self, system: FFmpegStatus | None = None) -> str:
        """One line: what decodes audio, or why nothing does and what to install."""
        if self.decodes:
            with_ffmpeg = f" with FFmpeg {self.ffmpeg}" if self.ffmpeg else ""
            return f"audio decoding: torchcodec {self.version}{with_ffmpeg}"
        if not self.installed and self.error:
            return f"audio decoding could not be checked: {self.error}"
        if not self.installed:
            return ("audio cannot be decoded: torchcodec is not installed in this kernel "
                    "(`datasets` decodes Audio columns with it)")
        system = system if system is not None else ffmpeg_status()
        cause = system.describe() if not system.libraries else self.error
        return f"audio cannot be decoded: torchcodec does not load: {cause}"


def audio_backend(python: Path, timeout: float = 300) -> AudioBackend:
    """Ask the kernel's interpreter ``python`` whether torchcodec loads."""
    try:
        done = subprocess.run([str(python), "-c", _SCRIPT], capture_output=True, text=True,
                              timeout=timeout, check=False)
        answer = json.loads(done.stdout.strip().splitlines()[-1])
    except (OSError, subprocess.TimeoutExpired, ValueError, IndexError) as exc:
        return AudioBackend(installed=False, error=f"{python} did not answer: {exc}")
    return AudioBackend(installed=bool(answer.get("installed")),
                        version=str(answer.get("version", "")),
                        ffmpeg=answer.get("ffmpeg"), error=str(answer.get("error", "")))
