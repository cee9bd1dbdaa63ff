"""Rows generated from a declared schema, with the ``datasets`` features it declares.

A feature is written in the catalog as ``"string"`` (or ``"string:<kind>"`` for the
kind of text: sentence (in the configuration's language where it names one the corpus
speaks), speaker (ids shared unevenly, see ``speakers.py``), paragraph, article (60 to
420 words, as long as real contexts and news articles), review, long-review (40 to 500
words), question, title, word, upper, code, id, index, path, lang, email), a numeric
dtype (``"int64"``, ``"float32"``, ``"bool"``...),
``{"class_label": [names]}``, ``{"sequence": feature}`` (``"like": column`` for one
value per item of another sequence, ``"length": n`` for a fixed length),
``{"translation": [languages]}``, ``{"squad_answers": column}`` (an answer span that
really is at ``answer_start`` in that column), ``{"audio": sampling_rate}``,
``{"image": [width, height]}``, or a table of named sub-features.
"""

from __future__ import annotations

import functools
import importlib.util
import random
import struct
import zlib
from typing import Any

from . import corpus, speakers

WORDS = sorted({w.strip(".,!?") for line in corpus.training_text(lines=300) for w in line.split()
                if w.strip(".,!?").isalpha()})
POSITIVE = ["great", "wonderful", "loved", "excellent", "recommended"]
NEGATIVE = ["terrible", "awful", "boring", "waste", "hated"]


@functools.cache
def audio_decodes() -> bool:
    """Whether ``datasets`` can decode an ``Audio`` column in this kernel: torchcodec is
    installed and loads the system's FFmpeg libraries (importing it loads them).

    When it can, audio columns are real ``Audio`` features holding WAV files, which
    decode as the real datasets' do (an array of float32 samples, the sampling rate,
    resampled by ``cast_column``). When it cannot, a real audio dataset fails to decode
    in this kernel; the stand-in then holds the decoded form, a dict with the samples."""
    if importlib.util.find_spec("torchcodec") is None:
        return False
    try:
        importlib.import_module("torchcodec.decoders")
    except Exception:  # any failure to load FFmpeg means no decoding
        return False
    return True


def feature(spec: Any) -> Any:
    import datasets  # type: ignore[import-not-found, import-untyped, unused-ignore]

    if isinstance(spec, str):
        dtype = spec.split(":", 1)[0]
        return datasets.Value(dtype)
    if "class_label" in spec:
        return datasets.ClassLabel(names=list(spec["class_label"]))
    if "sequence" in spec:
        inner = feature(spec["sequence"])
        length = spec.get("length", -1)
        return datasets.Sequence(inner, length=length) if length != -1 else datasets.Sequence(inner)
    if "translation" in spec:
        return datasets.Translation(languages=list(spec["translation"]))
    if "squad_answers" in spec:
        return datasets.Sequence({"text": datasets.Value("string"),
                                  "answer_start": datasets.Value("int32")})
    if "audio" in spec:
        if audio_decodes():
            return datasets.Audio(sampling_rate=int(spec["audio"]))
        return {"array": datasets.Sequence(datasets.Value("float32")),
                "path": datasets.Value("string"), "sampling_rate": datasets.Value("int64")}
    if "image" in spec:
        return datasets.Image()
    return {name: feature(sub) for name, sub in spec.items()}


def features(specs: dict[str, Any]) -> Any:
    import datasets

    return datasets.Features({name: feature(spec) for name, spec in specs.items()})


def _text(kind: str, rng: random.Random, row: int, label: str | None) -> str:
    if kind in ("sentence", ""):
        return corpus.sentence(rng)
    if kind == "paragraph":
        return corpus.paragraph(rng, 6)
    if kind == "article":
        return corpus.article(rng)
    if kind in ("review", "long-review"):
        text = corpus.paragraph(rng, 3) if kind == "review" else corpus.article(rng, 40, 500)
        if label is not None:
            lowered = label.lower()
            bad = lowered.startswith(("neg", "1", "2", "sad", "anger", "fear"))
            text = f"{rng.choice(NEGATIVE if bad else POSITIVE).capitalize()}. {text}"
        return text
    if kind == "question":
        return f"What did {rng.choice(corpus.SUBJECTS).lower()} {rng.choice(corpus.VERBS)}?"
    if kind == "title":
        return " ".join(rng.choice(WORDS).capitalize() for _ in range(rng.randint(1, 4)))
    if kind == "word":
        return rng.choice(WORDS)
    if kind == "upper":
        return corpus.sentence(rng).upper().strip(".!?")
    if kind == "code":
        return corpus.code(rng)
    if kind == "id":
        return f"{rng.getrandbits(48):012x}"
    if kind == "index":
        return str(row)
    if kind == "path":
        return f"data/{row:05d}.wav"
    if kind == "lang":
        return "en"
    if kind == "email":
        return f"{rng.choice(WORDS).lower()}.{rng.choice(WORDS).lower()}@example.org"
    raise ValueError(f"unknown text kind {kind!r}")


def _wav_array(rng: Any, rate: int) -> Any:
    import numpy as np  # type: ignore[import-not-found, import-untyped, unused-ignore]

    seconds = float(rng.uniform(0.5, 1.5))
    t = np.arange(int(seconds * rate)) / rate
    tone = 0.3 * np.sin(2 * np.pi * float(rng.uniform(110, 880)) * t)
    return (tone + rng.normal(0, 0.02, t.shape)).astype("float32")


def _wav_bytes(array: Any, rate: int) -> bytes:
    import io
    import wave

    import numpy as np

    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(rate)
        out.writeframes((np.clip(array, -1, 1) * 32767).astype("<i2").tobytes())
    return buffer.getvalue()


def _png(width: int, height: int, rng: random.Random) -> bytes:
    """An RGB PNG of one random colour with a lighter square, written without Pillow."""
    base = [rng.randrange(256) for _ in range(3)]
    light = [min(255, c + 80) for c in base]
    rows = []
    for y in range(height):
        row = bytearray([0])
        for x in range(width):
            inside = width // 4 <= x < 3 * width // 4 and height // 4 <= y < 3 * height // 4
            row += bytes(light if inside else base)
        rows.append(bytes(row))
    raw = zlib.compress(b"".join(rows), 9)

    def chunk(tag: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + tag + data
                + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", raw) + chunk(
        b"IEND", b"")


class RowMaker:
    """Values of one split of ``total`` rows; ``rng`` drives text and labels, ``np_rng``
    sampled signals. ``language``: the configuration's language, for sentences (spoken
    in it where the corpus has it). ``audio``: a folder and a block size, to write the
    audio of the first ``block`` rows there once and have every row refer to one of them
    by path (a long split of a speech dataset costs its small columns only)."""

    def __init__(self, seed: str, total: int = 0, language: str = "",
                 audio: tuple[Any, int] | None = None) -> None:
        import numpy as np

        self.rng = random.Random(seed)
        self.np_rng = np.random.default_rng(zlib.crc32(seed.encode("utf-8")))
        self.total = total
        self.language = language
        self.audio = audio

    def _string(self, kind: str, row: int, label: str | None) -> str:
        if kind == "speaker":
            return speakers.speaker(self.rng, self.total)
        if kind == "sentence" and self.language:
            spoken = corpus.spoken(self.rng, self.language)
            if spoken is not None:
                return spoken
        return _text(kind, self.rng, row, label)

    def _audio(self, rate: int, row: int) -> dict[str, Any]:
        if self.audio is not None and audio_decodes():
            folder, block = self.audio
            path = folder / f"{row % block:05d}.wav"
            if row < block:
                folder.mkdir(parents=True, exist_ok=True)
                path.write_bytes(_wav_bytes(_wav_array(self.np_rng, rate), rate))
            return {"bytes": None, "path": str(path)}
        array = _wav_array(self.np_rng, rate)
        if audio_decodes():
            return {"bytes": _wav_bytes(array, rate), "path": f"{row:05d}.wav"}
        return {"array": array.tolist(), "path": f"{row:05d}.wav", "sampling_rate": rate}

    def value(self, spec: Any, row: int, done: dict[str, Any], label: str | None) -> Any:
        rng = self.rng
        if isinstance(spec, str):
            dtype, _, kind = spec.partition(":")
            if dtype == "string":
                return self._string(kind, row, label)
            if dtype == "bool":
                return rng.random() < 0.5
            if dtype.startswith("float"):
                return round(rng.uniform(0, 10), 3)
            return rng.randint(0, 100)
        if "class_label" in spec:
            return rng.randrange(len(spec["class_label"]))
        if "sequence" in spec:
            if "length" in spec:
                n = int(spec["length"])
                if spec["sequence"].startswith("float"):
                    return self.np_rng.normal(0, 0.1, n).astype("float32").tolist()
            elif "like" in spec:
                n = len(done[spec["like"]])
            else:
                n = rng.randint(4, 14)
            return [self.value(spec["sequence"], row, done, label) for _ in range(n)]
        if "translation" in spec:
            first, *others = spec["translation"]
            out = {first: corpus.sentence(rng)}
            out.update({lang: corpus.foreign(rng, lang) for lang in others})
            return out
        if "squad_answers" in spec:
            context = str(done[spec["squad_answers"]])
            answer = rng.choice([o for o in corpus.OBJECTS if o in context] or [context.split()[0]])
            # Any occurrence: in a long context the answer may lie in a later window.
            starts = [i for i in range(len(context)) if context.startswith(answer, i)]
            return {"text": [answer], "answer_start": [rng.choice(starts)]}
        if "audio" in spec:
            return self._audio(int(spec["audio"]), row)
        if "image" in spec:
            width, height = spec["image"]
            return {"bytes": _png(int(width), int(height), rng), "path": f"{row:05d}.png"}
        return {name: self.value(sub, row, done, label) for name, sub in spec.items()}


def rows(specs: dict[str, Any], count: int, seed: str, *, language: str = "",
         audio: tuple[Any, int] | None = None) -> dict[str, list[Any]]:
    """``count`` rows of every column, deterministic for one seed (see :class:`RowMaker`)."""
    maker = RowMaker(seed, count, language, audio)
    columns: dict[str, list[Any]] = {name: [] for name in specs}
    label_column = next((n for n, s in specs.items()
                         if isinstance(s, dict) and "class_label" in s), None)
    # Generated in dependency order: labels first (texts may depend on them), then
    # plain columns, then columns derived from others.
    order = sorted(specs, key=lambda n: (n != label_column, _derived(specs[n])))
    for row in range(count):
        done: dict[str, Any] = {}
        label = None
        for name in order:
            done[name] = maker.value(specs[name], row, done, label)
            if name == label_column:
                label = specs[name]["class_label"][done[name]]
        for name in specs:
            columns[name].append(done[name])
    return columns


def _derived(spec: Any) -> bool:
    return isinstance(spec, dict) and ("like" in spec or "squad_answers" in spec)
