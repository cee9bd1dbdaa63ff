"""A ``<Tip>`` that holds framework blocks shows, in each framework's notebook, only the
branch of that framework (``build --with-prose``)."""

from __future__ import annotations

from coursekit.lessons.model import Admonition, Framework
from coursekit.notebooks.cells import block_markdown

TIP = Admonition(line=3, kind="TIP", text=(
    "Either way:\n\n{#if fw === 'pt'}\n\nIn PyTorch, `import torch`.\n\n{:else}\n\n"
    "In TensorFlow, `import tensorflow as tf`.\n\n{/if}\n\nThen train."))


def test_each_notebook_shows_its_own_branch_of_a_tip() -> None:
    tf = block_markdown(TIP, Framework.TF) or ""
    assert "import tensorflow" in tf and "Then train." in tf and "Either way:" in tf
    assert "torch" not in tf and "{" not in tf
    pt = block_markdown(TIP, Framework.PT) or ""
    assert "import torch" in pt and "tensorflow" not in pt and "{" not in pt


def test_a_tip_without_framework_blocks_is_shown_whole() -> None:
    plain = Admonition(line=3, kind="TIP", text="Use a `dict` {like this} here.")
    assert block_markdown(plain, Framework.TF) == block_markdown(plain, Framework.PT) == (
        "> **Tip**\n>\n> Use a `dict` {like this} here.")
