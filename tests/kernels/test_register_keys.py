"""What a registered environment shares with the built-in kernel, decided from versions."""

from __future__ import annotations

from pathlib import Path

from coursekit.kernels import framework
from coursekit.kernels.environment import Environment
from coursekit.kernels.register import changed_versions, constraints, missing_needs, standins_key


def _env(**overrides: str) -> Environment:
    pins = {**framework("pt").pins(), **overrides}
    return Environment(python=Path("/env/bin/python"), version="3.11.9", prefix=Path("/env"),
                       distributions=pins)


def test_a_cuda_build_of_the_pinned_versions_shares_the_builtin_standins() -> None:
    pt = framework("pt")
    torch = pt.pins()["torch"]
    assert standins_key(_env(torch=f"{torch}+cu128"), pt) == pt.requirements_hash()
    assert standins_key(_env(torch=f"{torch}+cpu"), pt) == pt.requirements_hash()


def test_other_versions_get_standins_of_their_own() -> None:
    pt = framework("pt")
    other = _env(transformers="5.0.0")
    assert standins_key(other, pt) == other.fingerprint() != pt.requirements_hash()


def test_every_installed_distribution_is_held_and_any_change_is_named() -> None:
    before = _env()
    held = constraints(before).splitlines()
    torch = before.distributions["torch"]
    assert f"torch=={torch}" in held
    assert len(held) == len(before.distributions)
    after = Environment(python=before.python, version=before.version, prefix=before.prefix,
                        distributions={**before.distributions, "torch": "99.0"})
    del after.distributions["accelerate"]
    assert changed_versions(before, after) == [
        f"accelerate {before.distributions['accelerate']} -> removed", f"torch {torch} -> 99.0"]


def test_only_absent_needs_are_installed() -> None:
    env = _env()
    del env.distributions["evaluate"]
    assert missing_needs(env, "pt") == ["evaluate"]
    assert missing_needs(env, "tf") == ["tf-keras", "evaluate"]
