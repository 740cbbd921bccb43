"""The few text rules that indexing and printing results share (stdlib `re` only, cheap to import)."""

from __future__ import annotations

import re

WORD = re.compile(r"\w+", re.UNICODE)
COMMENT = re.compile(r"<!--.*?-->", re.S)  # HTML comments: invisible in rendered markdown


def query_terms(text: str) -> list[str]:
    return [w.lower() for w in WORD.findall(text)]
