"""What a failed cell needed from the network, read from what the guard refused, the
error's message, or the cell's shell commands."""

from __future__ import annotations

import pytest

from coursekit.execution.judge.network import HUB_LOGIN, needed, shell_fetch_files, shell_fetches


@pytest.mark.parametrize(("ename", "evalue", "wanted"), [
    ("ConnectionError", "Couldn't reach 'someone/speech' on the Hub (OfflineModeIsEnabled)",
     ["Hub repo someone/speech"]),
    ("FileNotFoundError", "Couldn't find a module script at /tmp/x/wer/wer.py. Module 'wer' "
                          "doesn't exist on the Hugging Face Hub either.", ["Hub repo wer"]),
    ("OfflineModeIsEnabled", "Cannot reach https://huggingface.co/api/models/org/asr-small/"
                             "revision/main: offline mode is enabled.", ["Hub repo org/asr-small"]),
    ("OfflineModeIsEnabled", "Cannot reach https://huggingface.co/oauth/device: offline mode",
     ["the network (the error names no host or Hub repo)"]),
    ("ValueError", "You must provide an api_key to work with auto API or log in with "
                   "`hf auth login`.", [HUB_LOGIN]),
    ("ValueError", "Token indices sequence length is longer than the specified maximum "
                   "sequence length for this model (600 > 512)", []),
    ("OpenAIError", "Missing credentials. Please pass an `api_key`, `workload_identity`, "
                    "`admin_api_key`, or set the `OPENAI_API_KEY` or `OPENAI_ADMIN_KEY` "
                    "environment variable.", ["an API key (OPENAI_API_KEY)"]),
    ("OpenAIError", "The api_key client option must be set either by passing api_key to the "
                    "client or by setting the OPENAI_API_KEY environment variable",
     ["an API key (OPENAI_API_KEY)"]),
    ("ValueError", "Failed to reach https://mermaid.ink API while trying to render your "
                   "graph after 1 retries.", ["host mermaid.ink"]),
    ("ConvergenceWarning", "Failed to reach convergence after 100 iterations", []),
    ("KeyError", "'train'", []),
    ("ValueError", "set the learning_rate environment variable first", []),
    ("ValueError", "couldn't convert string to float: 'a'", []),
])
def test_what_an_error_needed(ename: str, evalue: str, wanted: list[str]) -> None:
    assert needed([], ename, evalue) == wanted


def test_what_the_guard_refused_names_a_network_error() -> None:
    assert needed(["host api.example.com"], "URLError",
                  "<urlopen error [Errno -2] api.example.com: name resolution refused>") == [
        "host api.example.com"]


def test_a_background_refusal_does_not_make_an_unrelated_error_a_network_one() -> None:
    assert needed(["host telemetry.example.com"], "AttributeError",
                  "'list' object has no attribute 'dtype'") == []


def test_shell_downloads_name_their_hosts_and_files() -> None:
    code = ("!wget -q https://data.example.org/a/reviews.csv\n"
            "!curl -L https://files.example.com/x.zip -o archive.zip\n"
            "!pip install datasets\nprint('https://not.a.download/')")
    assert shell_fetches(code) == ["host data.example.org", "host files.example.com"]
    assert shell_fetch_files(code) == ["reviews.csv", "archive.zip"]
