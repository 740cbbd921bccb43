"""A status flip changes one frontmatter line and nothing else; observe plans under the lock."""

from __future__ import annotations

import subprocess
from datetime import datetime
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st
from trust_helpers import check_trust, env, git, jarvis_argv

from jarvis.fragment import parse_fragment, render_fragment, splice_frontmatter
from jarvis.fsutil import decode_text
from jarvis.reflect.maintain import maintain
from jarvis.workspace import Workspace

NOW = datetime.fromisoformat("2026-11-22T10:00:00+00:00")

BODY = st.lists(
    st.sampled_from([*"abc XYZ é✓\t-#*", "\r\n", "\n", "\x00", "日本"]), min_size=1, max_size=60
).map("".join)


@settings(max_examples=150, deadline=None)
@given(
    body=BODY,
    bom=st.booleans(),
    crlf=st.booleans(),
    extra=st.sampled_from(["", "tags: [a, b]\n", "# a comment of mine\n", "custom_key: kept\n"]),
)
def test_a_status_flip_changes_only_that_line(body: str, bom: bool, crlf: bool, extra: str) -> None:
    front = f"id: mem-20260101-000000-abcdef\nstatus: active\n{extra}"
    text = f"---\n{front}---\n{body}"
    if crlf:
        text = text.replace("\r\n", "\n").replace("\n", "\r\n")
    raw = (b"\xef\xbb\xbf" if bom else b"") + text.encode("utf-8")
    decoded, _ = decode_text(raw, "x.md")
    fragment = parse_fragment(decoded, "x.md")
    out = splice_frontmatter(
        raw, render_fragment(fragment.__class__(**{**fragment.__dict__, "status": "stale"}))
    )
    before, after = raw.split(b"\n"), out.split(b"\n")
    changed = [(a, b) for a, b in zip(before, after, strict=False) if a != b]
    assert len(before) == len(after), (raw, out)
    assert len(changed) == 1 and b"status: stale" in changed[0][1]
    assert out.startswith(b"\xef\xbb\xbf") == bom


def test_maintain_keeps_crlf_bom_and_nul_bytes(ws: Workspace) -> None:
    rel = "memory/notes/projects/old-note.md"
    raw = (
        b"\xef\xbb\xbf---\r\nid: mem-20250101-000000-abcdef\r\ncreated: 2025-01-01T00:00:00+00:00\r\n"
        b"# written on Windows\r\n---\r\nAn old note\x00 about the blog\r\nsecond line\r\n"
    )
    path = ws.root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(raw)
    git(ws.root, "add", rel)
    git(ws.root, "-c", "user.name=p", "-c", "user.email=p@p", "commit", "-qm", "a windows note")
    result = maintain(ws, now=NOW)
    assert rel in result.changed
    expected = raw.replace(b"# written on Windows\r\n---", b"# written on Windows\r\nstatus: archived\r\n---")
    assert path.read_bytes() == expected  # one line added, in the file's own line ending; all else kept


def test_two_observers_at_once_never_overwrite_each_other(ws: Workspace, tmp_path: Path) -> None:
    talks = []
    for i in range(4):  # same first line: the same slug for every fact
        talk = tmp_path / f"talk-{i}.txt"
        talk.write_text(f"User: Remember that the build server is in rack {10 + i}.\n", encoding="utf-8")
        talks.append(talk)
    procs = [
        subprocess.Popen(
            jarvis_argv(ws.root, "observe", "--import", str(t)), env=env(), stderr=subprocess.PIPE
        )
        for t in talks
    ]
    for proc in procs:
        assert proc.wait(timeout=120) == 0, proc.stderr.read() if proc.stderr else ""
    bodies = "\n".join(p.read_text() for p in ws.notes_dir.rglob("*.md"))
    for i in range(4):
        assert f"rack {10 + i}" in bodies
    check_trust(ws.root)
