"""``coursekit kernels``: install, register and list the lesson kernels."""

from __future__ import annotations

import time
from pathlib import Path

import click

from coursekit.cli.options import EXIT_CLEAN, EXIT_FINDINGS, guarded, open_course, root_option
from coursekit.config.values import KERNEL_NAME
from coursekit.kernels import FRAMEWORKS, KernelError, framework, install_kernel, kernel_status
from coursekit.kernels.audio import audio_backend
from coursekit.kernels.environment import Environment
from coursekit.kernels.ffmpeg import ffmpeg_status
from coursekit.kernels.kernelspec import shadowed_by, spec_dir
from coursekit.kernels.register import inspect_for_registration, register_kernel, spec_metadata
from coursekit.shown import shown


@click.group("kernels")
def command() -> None:
    """Install and list the PyTorch and TensorFlow lesson kernels."""


@command.command("install")
@root_option
@click.option("--framework", "frameworks", multiple=True, type=click.Choice(sorted(FRAMEWORKS)),
              help="Only this framework (repeatable). Default: the course's frameworks.")
@click.option("--prefix", type=click.Path(file_okay=False, path_type=Path),
              help="Folder for the environments (one subfolder per framework). "
                   "Default: $COURSEKIT_HOME/kernels, else ~/.cache/coursekit/kernels.")
@click.option("--force", is_flag=True, help="Install again even when the pins are satisfied.")
@click.option("--verbose", "-v", is_flag=True, help="Show pip's output.")
@guarded
def install(
    root: Path, frameworks: tuple[str, ...], prefix: Path | None, force: bool, verbose: bool,
) -> int:
    """Create each kernel's environment from its pinned requirements and register it."""
    course = open_course(root)
    status = EXIT_CLEAN
    for fw in frameworks or course.config.frameworks:
        name = course.config.kernels.get(fw, f"coursekit-{fw}")
        started = time.monotonic()
        click.echo(f"{name}: installing the {fw} kernel ...", err=True)
        try:
            info = install_kernel(
                fw, name=name, prefix=prefix / fw if prefix else None, force=force,
                progress=(lambda line: click.echo(f"  {line}", err=True)) if verbose else None,
            )
        except KernelError as exc:
            click.echo(f"{name}: failed: {exc}\n{exc.output}", err=True)
            status = EXIT_FINDINGS
            continue
        verb = "installed" if info.installed else "already current"
        click.echo(f"{name}: {verb} in {time.monotonic() - started:.0f}s: {info.prefix} "
                   f"(kernelspec {info.spec_dir})")
        status = max(status, _report_shadow(name))
        if _decodes_audio(fw):
            _report_audio(name, info.python)
    return status


def _report_shadow(name: str) -> int:
    """A warning, and exit 1, where Jupyter finds another kernelspec of that name first:
    ``verify`` would start that one, not the kernel coursekit installed."""
    other = shadowed_by(name)
    if other is None:
        return EXIT_CLEAN
    click.echo(f"{name}: warning: Jupyter finds the kernelspec {other} first (JUPYTER_PATH "
               f"or a user's kernels), and verify would start it instead of "
               f"{spec_dir(name)}: remove it, or give the course's kernel another name "
               "in [tool.coursekit.kernels]", err=True)
    return EXIT_FINDINGS


def _decodes_audio(framework_name: str) -> bool:
    """Whether the kernel's pins include the audio backend (torchcodec)."""
    return "torchcodec" in framework(framework_name).pins()


def _report_audio(name: str, python: Path) -> None:
    """Say whether the kernel decodes audio; a warning, with what to install, when not."""
    backend = audio_backend(python)
    if backend.decodes:
        click.echo(f"{name}: {backend.describe()}")
    else:
        click.echo(f"{name}: warning: {backend.describe()}; lessons that read or cast "
                   "audio columns will fail", err=True)


def _kernel_name(value: str | None) -> str | None:
    """``--name`` as Jupyter takes a kernelspec name: the folder it is written to is
    named after it, so ``../x`` would leave Jupyter's kernel folder and ``a b`` make a
    kernelspec that Jupyter passes over."""
    if value is None or KERNEL_NAME.fullmatch(value):
        return value
    raise click.BadParameter(f"{shown(value)} is no kernelspec name: at most 100 letters, "
                             "digits, `.`, `_`, `-`", param_hint="'--name'")


@command.command("register")
@click.argument("framework_name", metavar="FRAMEWORK", type=click.Choice(sorted(FRAMEWORKS)))
@click.option("--python", "python", required=True,
              type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="The interpreter of an environment that already has the framework "
                   "and transformers.")
@click.option("--wheels", type=click.Path(exists=True, file_okay=False, path_type=Path),
              help="Local wheel folder for what the kernel needs and the environment lacks "
                   "(installed without an index; nothing installed is replaced).")
@click.option("--name", callback=lambda _c, _p, value: _kernel_name(value),
              help="Kernelspec name. Default: the course's kernel for FRAMEWORK.")
@root_option
@click.option("--dry-run", is_flag=True,
              help="Only show the environment and what registering it would install.")
@click.option("--verbose", "-v", is_flag=True, help="Show pip's output.")
@guarded
def register(
    framework_name: str, python: Path, wheels: Path | None, name: str | None, root: Path,
    dry_run: bool, verbose: bool,
) -> int:
    """Make an existing interpreter the FRAMEWORK (pt or tf) lesson kernel."""
    course = open_course(root)
    name = name or course.config.kernels.get(framework_name, f"coursekit-{framework_name}")
    if dry_run:
        return _dry_run(framework_name, python, name)
    try:
        kernel = register_kernel(
            framework_name, python, name=name, wheels=wheels,
            progress=(lambda line: click.echo(f"  {line}", err=True)) if verbose else None,
        )
    except KernelError as exc:
        click.echo(f"{name}: not registered: {exc}\n{exc.output}".rstrip(), err=True)
        return EXIT_FINDINGS
    added = f"installed {', '.join(kernel.installed)}" if kernel.installed else "installed nothing"
    click.echo(f"{name}: {_describe(kernel.environment, framework_name)}; {added}; "
               f"kernelspec {kernel.spec_dir}")
    return _report_shadow(name)


def _describe(env: Environment, framework_name: str) -> str:
    meta = spec_metadata(env, framework(framework_name))
    return (f"{env.python} (Python {env.version}, {meta['framework_version']}, "
            f"transformers=={meta['transformers']}, CUDA {meta['cuda']}"
            f"{' on ' + env.gpu if env.gpu else ''})")


def _dry_run(framework_name: str, python: Path, name: str) -> int:
    try:
        env, missing = inspect_for_registration(framework_name, python)
    except KernelError as exc:
        click.echo(f"{name}: cannot be registered: {exc}", err=True)
        return EXIT_FINDINGS
    click.echo(f"{name}: {_describe(env, framework_name)}; would install "
               f"{', '.join(missing) or 'nothing'}")
    return EXIT_CLEAN


@command.command("list")
@root_option
@guarded
def list_kernels(root: Path) -> int:
    """Show each configured kernel, its environment and whether it is current."""
    course = open_course(root)
    for fw in course.config.frameworks:
        info = kernel_status(course.config.kernels.get(fw, f"coursekit-{fw}"), fw)
        click.echo(f"{info.name:<16} {info.framework:<3} {info.state.value:<8} {info.prefix}")
        _report_shadow(info.name)
        if _decodes_audio(fw):
            system = ffmpeg_status()
            if not system.libraries:
                click.echo(f"{info.name}: warning: {system.describe()}; lessons that read or "
                           "cast audio columns will fail", err=True)
    return EXIT_CLEAN
