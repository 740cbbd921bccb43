"""The whole secrets table through every path that can reach git; nothing of it survives there."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from conftest import CliFn
from test_redact import SECRETS as BASE
from test_redact_formats import NEW_SECRETS
from test_redact_paths import everything_git_holds

from jarvis.agent.tools import Toolbox
from jarvis.serve.autocommit import commit_hand_edits
from jarvis.workspace import Workspace


def _needle(text: str, secret: str) -> str:
    """What to look for in git: short values (PINs) with the words before them, or any hex sha matches."""
    if len(secret) >= 8:
        return secret
    at = text.index(secret)
    return text[max(0, at - 8) : at + len(secret)]


TABLE = [(text, _needle(text, secret)) for _, text, _, secret in BASE] + [
    (text, _needle(text, secret)) for _, text, secret in NEW_SECRETS
]
ALL = "\n\n".join(text for text, _ in TABLE)  # one paragraph each: no secret swallows the next


def assert_no_secret(root: Path) -> None:
    held = everything_git_holds(root)
    leaked = [secret for _, secret in TABLE if secret in held]
    assert not leaked, f"{len(leaked)} of {len(TABLE)} secrets reached git: {[s[:8] for s in leaked]}"


def test_table_is_large_enough() -> None:
    assert len(TABLE) >= 60


def test_remember_text(ws: Workspace, cli: CliFn) -> None:
    assert cli("remember", ALL, workspace=ws).exit_code == 0
    assert_no_secret(ws.root)


def test_tool_write_tags_and_type(ws: Workspace) -> None:
    tools = Toolbox(ws, record=False)
    for i, (text, _) in enumerate(TABLE):
        tools.memory_write(f"credential number {i} was rotated", tags=[text], type=text)
    assert_no_secret(ws.root)


def test_proposal_section_and_rationale(ws: Workspace) -> None:
    tools = Toolbox(ws, record=False)
    for i, (text, _) in enumerate(TABLE):
        tools.propose_memory_change("MEMORY.md", section=text, text=f"Rotate credential {i}", rationale=text)
    assert_no_secret(ws.root)


def test_transcript_text(ws: Workspace, cli: CliFn, tmp_path: Path) -> None:
    talk = tmp_path / "talk.txt"
    talk.write_text("".join(f"User: Remember that {text}\n\n" for text, _ in TABLE), encoding="utf-8")
    assert cli("observe", "--import", str(talk), workspace=ws).exit_code == 0
    assert_no_secret(ws.root)


def test_log_fields(ws: Workspace, cli: CliFn) -> None:
    for text, _ in TABLE:
        line = " ".join(text.split())  # a log entry is one line
        result = cli("log", "--reason", line, "--", "rotate", line, line, workspace=ws)
        assert result.exit_code == 0, result.output
    assert_no_secret(ws.root)


def test_autocommit_of_a_hand_edit(ws: Workspace) -> None:
    (ws.root / "memory" / "pasted.md").write_text(ALL)
    for i, (text, _) in enumerate(TABLE):
        (ws.root / "memory" / f"one-{i}.md").write_text(text + "\n")
    commit_hand_edits(ws, min_age_s=0.0, pause_s=0.0)
    assert_no_secret(ws.root)


@pytest.mark.parametrize("flag", ["--redact"])
def test_adopt(cli: CliFn, tmp_path: Path, flag: str) -> None:
    vault = tmp_path / "vault"
    vault.mkdir()
    for i, (text, _) in enumerate(TABLE):
        (vault / f"note-{i}.md").write_text(f"# Note {i}\n\n{text}\n")
    assert cli("init", "--adopt", flag, str(vault)).exit_code == 0
    assert (
        "note-0.md"
        in subprocess.run(["git", "-C", str(vault), "ls-files"], capture_output=True, text=True).stdout
    )
    assert_no_secret(vault)
