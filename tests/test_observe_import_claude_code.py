"""Claude Code transcripts: what is the person's own words and what is Claude Code's machinery."""

from __future__ import annotations

import json
from pathlib import Path

from jarvis.observe.importers import read_transcript

BASE = {
    "isSidechain": False,
    "userType": "external",
    "cwd": "/home/ana/src/checkout",
    "sessionId": "5d0c",
    "version": "1.0.83",
}


def line(**fields: object) -> str:
    return json.dumps({**BASE, **fields})


def test_compaction_summary_and_harness_lines_are_not_the_persons_words(tmp_path: Path) -> None:
    path = tmp_path / "5d0c.jsonl"
    path.write_text(
        "\n".join(
            [
                line(
                    type="user",
                    message={"role": "user", "content": "I live in Lisbon now."},
                    timestamp="2026-11-20T10:00:00Z",
                ),
                line(
                    type="system",
                    subtype="compact_boundary",
                    content="Conversation compacted",
                    compactMetadata={"trigger": "manual", "preTokens": 181725},
                    timestamp="2026-11-20T10:30:00Z",
                ),
                line(
                    type="user",
                    isCompactSummary=True,
                    isVisibleInTranscriptOnly=True,
                    message={
                        "role": "user",
                        "content": "This session is being continued from a previous conversation. The user prefers npm.",
                    },
                    timestamp="2026-11-20T10:30:01Z",
                ),
                line(
                    type="user",
                    message={"role": "user", "content": "[Request interrupted by user for tool use]"},
                    timestamp="2026-11-20T10:31:00Z",
                ),
                line(
                    type="user",
                    message={
                        "role": "user",
                        "content": "<task-notification><result>done</result></task-notification>",
                    },
                    timestamp="2026-11-20T10:32:00Z",
                ),
                line(
                    type="user",
                    message={"role": "user", "content": "We use pnpm here, never npm."},
                    timestamp="2026-11-20T10:33:00Z",
                ),
            ]
        )
        + "\n",
        encoding="utf-8",
    )
    fmt, events, skipped = read_transcript(path)
    assert fmt == "claude-code" and skipped == 0
    said = [(e.type, e.role, e.text) for e in events]
    assert said == [
        ("message", "user", "I live in Lisbon now."),
        (
            "compaction",
            "",
            "This session is being continued from a previous conversation. The user prefers npm.",
        ),
        ("message", "user", "We use pnpm here, never npm."),
    ]
    assert [e.ts for e in events] == ["2026-11-20T10:00:00Z", "2026-11-20T10:30:01Z", "2026-11-20T10:33:00Z"]


def test_a_transcript_opening_with_a_file_history_snapshot_is_recognised(tmp_path: Path) -> None:
    path = tmp_path / "9e41.jsonl"
    snapshot = {
        "type": "file-history-snapshot",
        "messageId": "0b7a5c1e-2f4d-4e8a-9a61-3c2d5e7f9012",
        "snapshot": {
            "messageId": "0b7a5c1e-2f4d-4e8a-9a61-3c2d5e7f9012",
            "trackedFileBackups": {},
            "timestamp": "2026-11-21T09:00:00.000Z",
        },
        "isSnapshotUpdate": False,
    }
    user = line(
        type="user",
        message={"role": "user", "content": "My editor is neovim."},
        timestamp="2026-11-21T09:00:02Z",
    )
    path.write_text(json.dumps(snapshot) + "\n" + user + "\n", encoding="utf-8")
    fmt, events, skipped = read_transcript(path)
    assert (fmt, skipped) == ("claude-code", 0)
    assert [(e.role, e.text) for e in events] == [("user", "My editor is neovim.")]
