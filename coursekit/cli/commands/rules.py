"""``coursekit rules``: the table of every rule code."""

from __future__ import annotations

import json

import click

from coursekit.rules import all_rules


@click.command("rules")
@click.option("--format", "fmt", type=click.Choice(["text", "json", "markdown"]), default="text")
def command(fmt: str) -> None:
    """Print every rule code with its severity and one line of explanation."""
    rules = all_rules()
    if fmt == "json":
        click.echo(json.dumps(
            [{"code": r.code, "name": r.name, "severity": r.severity.value, "summary": r.summary}
             for r in rules], indent=2,
        ))
    elif fmt == "markdown":
        click.echo("| code | name | severity | what it finds |\n| --- | --- | --- | --- |")
        for r in rules:
            click.echo(f"| `{r.code}` | {r.name} | {r.severity.value} | {r.summary} |")
    else:
        for r in rules:
            click.echo(f"{r.code}  {r.severity.value:<7}  {r.name}: {r.summary}")
