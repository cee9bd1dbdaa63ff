"""What a cell needed from the network, which verification keeps offline.

The offline guard (:mod:`coursekit.execution.run.network`) notes, per cell, each host
and Hub repo it refused. A cell that failed for want of them gets the verdict
``needs-network``, named after what it needed. Shell escapes (``!wget URL``) are not
Python, so a cell that fetches a URL with one is judged on its code.
"""

from __future__ import annotations

import re
from pathlib import PurePosixPath
from urllib.parse import urlsplit

_FETCHERS = re.compile(
    r"^\s*!\s*(?:wget|curl|git\s+clone|git\s+lfs|huggingface-cli\s+download|hf\s+download"
    r"|pip\s+download)\b.*",
    re.MULTILINE,
)
_OUTPUT_NAME = re.compile(r"\s-(?:O|o|-output(?:-document)?=?)\s*['\"]?([^\s'\"]+)")
_URL = re.compile(r"(?:https?|ftp)://[^\s'\"<>)]+")
_HUB_MESSAGES = (
    re.compile(r"Couldn't reach '([^']+)' on the Hub"),
    re.compile(r"Module '([^']+)' doesn't exist on the Hugging Face Hub"),
    re.compile(r"https://huggingface\.co/api/(?:models|datasets|spaces)/([\w.-]+/[\w.-]+)"),
    re.compile(r"https://huggingface\.co/(?:datasets/|spaces/)?([\w.-]+/[\w.-]+)/resolve/"),
    re.compile(r"couldn't connect to '[^']+' to load (?:this file|the files)[^.]*?for '([^']+)'"),
    re.compile(r"Can't load [a-z ]+ for '([^']+)'"),
)
_NETWORK_HINTS = re.compile(
    r"couldn't connect|offline mode|OfflineModeIsEnabled|outgoing traffic has been disabled"
    r"|Couldn't reach|name resolution|Failed to resolve|Max retries exceeded"
    r"|Connection ?refused|Network is unreachable|network access"
    r"|doesn't exist on the Hugging Face Hub|Failed to reach https?://",
    re.IGNORECASE,
)


_LOGIN_MESSAGES = re.compile(
    r"must provide an api_key|log in with `(?:hf auth|huggingface-cli) login`"
    r"|Invalid user token|You are not authenticated|Token is required",
    re.IGNORECASE,
)
"""What the Hub's clients raise for want of a token: offline, no learner token is set."""

HUB_LOGIN = "a Hub token (hf auth login, or HF_TOKEN)"

_KEY_VARIABLE = re.compile(
    r"(?:set|setting|export)(?: the)? `?(?P<variable>[A-Z][A-Z0-9_]*(?:API_KEY|TOKEN))`?"
    r"(?:[^.]{0,60}?)? environment variable")
"""A client of a hosted model (OpenAI, Anthropic, ...) that finds no key offline, where
no learner's key is set, says which variable would hold it."""


def shell_fetches(code: str) -> list[str]:
    """Hosts a cell's shell escapes download from (``!wget https://host/file``)."""
    hosts: list[str] = []
    for line in _FETCHERS.finditer(code):
        for url in _URL.findall(line.group(0)):
            host = urlsplit(url).hostname
            if host and f"host {host}" not in hosts:
                hosts.append(f"host {host}")
    return hosts


def shell_fetch_files(code: str) -> list[str]:
    """Names of the files a cell's shell escapes download (``-O name``, else the URL's)."""
    files: list[str] = []
    for line in _FETCHERS.finditer(code):
        text = line.group(0)
        named = _OUTPUT_NAME.search(text)
        if named is not None:
            files.append(PurePosixPath(named.group(1)).name)
            continue
        for url in _URL.findall(text):
            name = PurePosixPath(urlsplit(url).path).name
            if name:
                files.append(name)
    return files


def looks_like_network(ename: str, evalue: str) -> bool:
    """Whether an error reads like a refused connection or an offline Hub look-up."""
    return bool(_NETWORK_HINTS.search(f"{ename}: {evalue}")) or ename in (
        "OfflineModeIsEnabled", "LocalEntryNotFoundError", "NetworkRefusedError",
        "ConnectionError", "ConnectTimeout", "NameResolutionError",
    )


def hub_ids_in(evalue: str) -> list[str]:
    """Hub repo ids an error message names as unreachable."""
    found: list[str] = []
    for pattern in _HUB_MESSAGES:
        for repo in pattern.findall(evalue):
            if f"Hub repo {repo}" not in found:
                found.append(f"Hub repo {repo}")
    return found


_MISSING_URL = re.compile(r"(?:Unable to find|No such file or directory:?|"
                          r"Couldn't find (?:a )?file at|not found:?)\s*'?"
                          r"((?:https?|ftp)://[^\s'\"<>)]+)")
"""A file the cell asked for by URL that a library looked for locally instead: offline,
``datasets`` resolves an ``https`` ``data_files`` entry to no file."""


def missing_urls(ename: str, evalue: str) -> list[str]:
    """Hosts of the URLs that a ``FileNotFoundError`` says could not be found."""
    if ename != "FileNotFoundError":
        return []
    hosts: list[str] = []
    for url in _MISSING_URL.findall(evalue):
        host = urlsplit(url).hostname
        if host and f"host {host}" not in hosts:
            hosts.append(f"host {host}")
    return hosts


_PLACEHOLDER_OWNER = re.compile(r"(?i)your|user[-_]?name|<|>|\{|xxx|\.\.\.")
"""A repo owner written for the reader to replace (``your-username``, ``<user>``)."""


def placeholder_repos(targets: list[str]) -> list[str]:
    """The repo ids among ``targets`` (``Hub model your-username/x``) whose owner is a
    placeholder; empty unless every target is such a repo."""
    repos = [t.split(" ", 2)[-1] for t in targets if t.startswith("Hub ")]
    if not repos or len(repos) != len(targets):
        return []
    if all("/" in r and _PLACEHOLDER_OWNER.search(r.split("/", 1)[0]) for r in repos):
        return repos
    return []


def needed(refused: list[str], ename: str, evalue: str) -> list[str]:
    """What a failed cell needed from the network, or nothing when it failed otherwise.

    Refusals count only when the error reads like one: libraries also reach out in the
    background (usage statistics, update checks), and a cell that then fails for a
    reason of its own does not need the network."""
    if _LOGIN_MESSAGES.search(evalue):
        return [*refused, HUB_LOGIN]
    if (key := _KEY_VARIABLE.search(evalue)) is not None:
        return [*refused, f"an API key ({key['variable']})"]
    if not looks_like_network(ename, evalue):
        return missing_urls(ename, evalue)
    return refused or hub_ids_in(evalue) or _hosts_named(evalue) or [
        "the network (the error names no host or Hub repo)"]


def _hosts_named(evalue: str) -> list[str]:
    """The hosts of the URLs a network error names, but the Hub's (its repos are named
    by :func:`hub_ids_in`, or not at all)."""
    hosts: list[str] = []
    for url in _URL.findall(evalue):
        host = urlsplit(url).hostname
        if host and host != "huggingface.co" and f"host {host}" not in hosts:
            hosts.append(f"host {host}")
    return hosts
