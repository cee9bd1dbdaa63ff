"""Stand-ins at their real widths: the real architecture, for verification to compare.

A stand-in is its real architecture shrunk in width and depth; its repo carries the
real values of the keys that shrank (``coursekit-real-widths.json``). Verification
runs a notebook a second time with :func:`switch_on` when a documented error did not
show on stand-ins (or another showed in its place) so as to tell which the real
architecture raises: every stand-in model the lesson loads is then built from its
configuration with those keys set back, with random weights (no download), in PyTorch or
TensorFlow. A model over :data:`LIMIT` parameters is loaded as the stand-in still, and
is not counted.
"""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType
from typing import Any

WIDTHS_FILE = "coursekit-real-widths.json"
LIMIT = 400_000_000
"""Parameters: about 1.6 GB in float32, built in seconds on a CPU."""
_on: list[bool] = []
_widened: list[str] = []
_too_large: list[str] = []
_failed: list[str] = []


def switch_on() -> bool:
    """Load the stand-ins at their real widths from now on, in this kernel."""
    _on.append(True)
    return True


def widened() -> list[str]:
    """The stand-ins loaded at their real widths so far."""
    return list(_widened)


def too_large() -> list[str]:
    """The stand-ins left shrunk: their real architecture is over :data:`LIMIT`."""
    return list(_too_large)


def failed() -> list[str]:
    """The stand-ins left shrunk: their real architecture could not be built here."""
    return list(_failed)


def _real_widths(name: Any, revision: Any) -> dict[str, Any] | None:
    if not isinstance(name, str) or Path(name).exists():
        return None
    try:
        from huggingface_hub import try_to_load_from_cache  # type: ignore[import-not-found, unused-ignore]
    except ImportError:
        return None
    found = try_to_load_from_cache(name, WIDTHS_FILE,
                                   revision=revision if isinstance(revision, str) else None)
    if not isinstance(found, str):
        return None
    data = json.loads(Path(found).read_text("utf-8"))
    return data if isinstance(data, dict) else None


def _parameters(model_class: Any, config: Any) -> int:
    import torch  # type: ignore[import-not-found, unused-ignore]

    with torch.device("meta"):
        model = model_class._from_config(config)
    return sum(p.numel() for p in model.parameters())


def _config(model_class: Any, name: str, widths: dict[str, Any], kwargs: dict[str, Any]) -> Any:
    config = kwargs.get("config")
    if config is None or isinstance(config, str):
        options = {k: v for k, v in kwargs.items() if k != "config"}
        config = model_class.config_class.from_pretrained(name, **options)
    return _with_widths(config, widths)


def _with_widths(config: Any, widths: dict[str, Any]) -> Any:
    """``config`` made anew with the real widths, so that what its class derives from
    the depth (Qwen2's ``layer_types``, one per layer) is derived again: a list as long
    as a shrunk depth is left to the class."""
    depths = {value for key, value in config.to_dict().items()
              if key in widths and isinstance(value, int) and value != widths[key]}
    kept = {key: value for key, value in config.to_dict().items()
            if key not in widths and not (isinstance(value, list) and len(value) in depths)}
    return type(config)(**kept, **widths)


def _generation(model: Any, name: str) -> None:
    try:
        from transformers import GenerationConfig  # type: ignore[import-not-found, unused-ignore]

        model.generation_config = GenerationConfig.from_pretrained(name)
    except (OSError, ValueError, ImportError):
        pass  # a model that does not generate


def _widen_torch(model_class: Any, name: str, config: Any) -> Any:
    if _parameters(model_class, config) > LIMIT:
        _too_large.append(name)
        return None
    model = model_class._from_config(config)
    _generation(model, name)
    model.eval()
    return model


def _widen_tensorflow(model_class: Any, name: str, config: Any) -> Any:
    """TensorFlow has no meta device: the size is that of PyTorch's twin of the class
    (the TensorFlow kernel has torch too); without one, the model is not widened."""
    import transformers  # type: ignore[import-not-found, unused-ignore]

    twin = getattr(transformers, model_class.__name__.removeprefix("TF"), None)
    if twin is None or _parameters(twin, config) > LIMIT:
        _too_large.append(name)
        return None
    model = model_class(config)
    model(model.dummy_inputs)
    _generation(model, name)
    return model


_BUILDERS = {"PreTrainedModel": _widen_torch, "TFPreTrainedModel": _widen_tensorflow}


def patch_models(module: ModuleType) -> None:
    """Wrap ``from_pretrained`` of the base model class of ``transformers.modeling_utils``
    (PyTorch) or ``transformers.modeling_tf_utils`` (TensorFlow)."""
    for base_name, build in _BUILDERS.items():
        base = getattr(module, base_name, None)
        if base is not None:
            _wrap(base, build)


def _built(build: Any, cls: Any, name: str, widths: dict[str, Any],
           kwargs: dict[str, Any]) -> Any:
    """The model at its real widths, or ``None``: a real architecture that cannot be built
    here leaves the stand-in in its place, never an error of the lesson's."""
    try:
        return build(cls, name, _config(cls, name, widths, kwargs))
    except Exception:
        _failed.append(name)
        return None


def _wrap(base: Any, build: Any) -> None:
    original = base.__dict__["from_pretrained"].__func__

    def from_pretrained(cls: Any, name: Any, *args: Any, **kwargs: Any) -> Any:
        if _on and not args:
            widths = _real_widths(name, kwargs.get("revision"))
            model = _built(build, cls, name, widths, kwargs) if widths is not None else None
            if model is not None:
                _widened.append(name)
                return model
        return original(cls, name, *args, **kwargs)

    from_pretrained.__doc__ = original.__doc__
    base.from_pretrained = classmethod(from_pretrained)
