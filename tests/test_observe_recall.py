"""The cross-session test: observe offline in one process, recall in a new one."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from jarvis.workspace import Workspace

TRANSCRIPT = """User: Hi! Quick intro: my cat's name is Whiskerino and she sleeps all day.
Assistant: Whiskerino is a great name. I'll book your dentist for Tuesday, as usual.
User: No, that's wrong. My dentist appointments are always on Thursday afternoons.
Assistant: Noted. Anything else?
User: I prefer aisle seats on long flights.
User: Let me also tell you about the weather, it rained all week and the garden is soaked.
"""


@pytest.fixture(scope="session")
def cache_home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One derived-model cache for every recall subprocess of the test session."""
    return tmp_path_factory.mktemp("xdg-cache")


def recall(ws: Workspace, cache_home: Path, query: str) -> list[dict[str, Any]]:
    env = {**os.environ, "XDG_CACHE_HOME": str(cache_home), "JARVIS_AUTOSTART": "0"}
    proc = subprocess.run(
        [sys.executable, "-m", "jarvis", "-w", str(ws.root), "recall", query, "--json", "--no-record"],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr
    hits: list[dict[str, Any]] = json.loads(proc.stdout)["hits"]
    return hits


@pytest.mark.slow
def test_observed_facts_are_recalled_first_by_a_new_process(
    ws: Workspace, cli: Any, embedder: Any, tmp_path: Path, cache_home: Path
) -> None:
    path = tmp_path / "first-session.txt"
    path.write_text(TRANSCRIPT, encoding="utf-8")
    result = cli("observe", "--import", str(path), workspace=ws)
    assert result.exit_code == 0, result.output
    assert "3 allowed" in result.output

    cat = recall(ws, cache_home, "what is my cat called")
    assert cat[0]["path"].startswith("memory/notes/")
    assert "The user's cat is named Whiskerino" in cat[0]["text"]

    seat = recall(ws, cache_home, "which seat do I like on a plane")
    assert "aisle seats" in seat[0]["text"] and seat[0]["path"].startswith("memory/notes/preferences/")

    dentist = recall(ws, cache_home, "when is my dentist appointment")
    assert dentist[0]["path"].startswith("memory/notes/")
    assert (
        "Correction: The user's dentist appointments are always on Thursday afternoons" in dentist[0]["text"]
    )
