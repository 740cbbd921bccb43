"""Offline end to end: session -> observe -> reflect -> review accept -> recall finds the bullet."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

from jarvis.index.recall import recall
from jarvis.workspace import Workspace

TRANSCRIPT = """User: Remember that the spare house key is under the blue flowerpot by the shed.
Assistant: Got it, I'll remember where the spare key is.
User: Thanks. It rained all week, by the way.
"""


def test_session_to_recall_through_review(ws: Workspace, cli: Any, embedder: Any, tmp_path: Path) -> None:
    transcript = tmp_path / "session.txt"
    transcript.write_text(TRANSCRIPT, encoding="utf-8")
    observed = cli("observe", "--import", str(transcript), workspace=ws)
    assert observed.exit_code == 0, observed.output

    reflected = cli("reflect", "--offline", "--json", workspace=ws)
    assert reflected.exit_code == 0, reflected.output
    verdicts = json.loads(reflected.output)["verdicts"]
    [key] = [v for v in verdicts if "flowerpot" in v["text"]]
    assert key["action"] == "human" and key["fragments"] and key["target"] == "MEMORY.md"
    head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=ws.root, capture_output=True, text=True).stdout
    assert "flowerpot" not in ws.memory_md.read_text(encoding="utf-8")  # nothing lands unseen

    accepted = cli("review", "accept", key["id"], workspace=ws)
    assert accepted.exit_code == 0, accepted.output
    log = subprocess.run(["git", "log", "-1", "--format=%s%n%P"], cwd=ws.root, capture_output=True, text=True)
    subject, parent = log.stdout.splitlines()
    assert subject.startswith(f"promote: {key['section']}: ") and f"(proposal {key['id']})" in subject
    assert parent == head.strip()
    assert "flowerpot" in ws.memory_md.read_text(encoding="utf-8")

    hits = recall(
        ws, "where is the spare house key", embedder=embedder, path_glob="MEMORY.md", record=False
    ).hits
    assert hits and hits[0].path == "MEMORY.md" and "blue flowerpot" in hits[0].text
