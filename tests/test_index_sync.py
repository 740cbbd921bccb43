"""Reconcile: new/modified/deleted/moved, the embedding cache, skipped files, identity, crash repair."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import write_files

from jarvis.index import lexical
from jarvis.index.manifest import counts, open_store
from jarvis.index.sync import freshness, index_dir, reconcile
from jarvis.index.vectors import load_index
from jarvis.workspace import Workspace

FRAGMENT = """---
id: mem-20240501-090000-abc123
category: preferences
created: 2024-05-01
---
Prefers dark roast coffee, brewed in a moka pot.
"""


def test_reconcile_reports_new_modified_deleted_moved(ws: Workspace, embedder: object) -> None:
    write_files(ws, {"memory/2024-05-01.md": "# 2024-05-01\n\n- shipped the parser\n", "notes.md": "solo"})
    first = reconcile(ws, embedder=embedder)  # type: ignore[arg-type]
    assert "memory/2024-05-01.md" in first.new and "notes.md" in first.new
    (ws.root / "notes.md").write_text("solo, edited", encoding="utf-8")
    (ws.root / "memory/2024-05-01.md").rename(ws.root / "memory/2024-05-02.md")
    write_files(ws, {"memory/notes/preferences/coffee.md": FRAGMENT})
    (ws.root / "learnings/errors.md").unlink()
    second = reconcile(ws, embedder=embedder)  # type: ignore[arg-type]
    assert second.modified == ("notes.md",)
    assert second.moved == (("memory/2024-05-01.md", "memory/2024-05-02.md"),)
    assert second.new == ("memory/notes/preferences/coffee.md",)
    assert second.deleted == ("learnings/errors.md",)
    third = reconcile(ws, embedder=embedder)  # type: ignore[arg-type]
    assert not third.changed and third.chunks_embedded == 0
    assert not freshness(ws).stale


def test_rebuild_reuses_the_embedding_cache(ws: Workspace, embedder: object) -> None:
    write_files(ws, {f"memory/2024-01-{d:02d}.md": f"- day {d} note about topic {d}\n" for d in range(1, 6)})
    built = reconcile(ws, embedder=embedder)  # type: ignore[arg-type]
    assert built.chunks_embedded > 0
    rebuilt = reconcile(ws, embedder=embedder, rebuild=True)  # type: ignore[arg-type]
    assert rebuilt.full and rebuilt.chunks_embedded == 0
    assert rebuilt.chunks_total == built.chunks_total


def test_bad_files_are_skipped_with_a_warning_naming_them(
    ws: Workspace, embedder: object, tmp_path: Path
) -> None:
    (ws.root / "jarvis.toml").write_text("[index]\nmax_file_bytes = 5000\n", encoding="utf-8")
    outside = tmp_path / "secret.md"
    outside.write_text("outside text", encoding="utf-8")
    write_files(
        ws,
        {
            "memory/binary.md": b"\x00\x01\x02" * 100,
            "memory/latin1.md": "caf\xe9 notes".encode("latin-1"),
            "memory/huge.md": "x" * 6000,
            "memory/badfront.md": "---\nkey: [unclosed\n---\nbody about zebras\n",
            "memory/good.md": "- a perfectly good note about llamas\n",
        },
    )
    (ws.root / "memory/link.md").symlink_to(outside)
    ws = Workspace(ws.root)  # re-read jarvis.toml
    report = reconcile(ws, embedder=embedder)  # type: ignore[arg-type]
    text = "\n".join(report.skipped)
    for name in ("memory/binary.md", "memory/latin1.md", "memory/huge.md", "memory/link.md"):
        assert name in text
    assert any("memory/badfront.md" in w for w in report.warnings)
    assert "memory/good.md" in report.new and "memory/badfront.md" in report.new
    loaded = load_index(ws)
    assert loaded is not None
    assert "memory/good.md" in loaded.paths and "memory/badfront.md" in loaded.paths
    assert "memory/link.md" not in loaded.paths and "memory/binary.md" not in loaded.paths
    assert not freshness(ws).stale  # skipped files are remembered, not retried on every recall


def test_identity_change_triggers_a_visible_full_reembed(ws: Workspace, embedder: object) -> None:
    write_files(ws, {"memory/2024-05-01.md": "- one\n- two\n"})
    reconcile(ws, embedder=embedder)  # type: ignore[arg-type]
    (ws.root / "jarvis.toml").write_text('[index]\nchunk_unit = "section"\n', encoding="utf-8")
    ws = Workspace(ws.root)
    assert freshness(ws).identity_changed
    seen: list[tuple[int, int]] = []
    report = reconcile(ws, embedder=embedder, progress=lambda d, t: seen.append((d, t)))  # type: ignore[arg-type]
    assert report.full and "unit 'block' -> 'section'" in report.reason
    assert not report.new and not report.modified  # same files, re-embedded
    assert seen and seen[-1][0] == seen[-1][1]


def _consistent(ws: Workspace) -> None:
    conn = open_store(ws)
    try:
        _, n_chunks = counts(conn)
    finally:
        conn.close()
    opened = lexical.open_index(index_dir(ws))
    assert opened is not None
    assert opened[0].searcher().num_docs == n_chunks


@pytest.mark.slow
def test_sigkill_during_index_is_detected_and_repaired(ws: Workspace, embedder: object) -> None:
    files = {
        f"memory/2023-{m:02d}-{d:02d}.md": f"# day\n\n- word{m}x{d} alpha\n- beta {d}\n"
        for m in range(1, 13)
        for d in range(1, 29)
    }
    write_files(ws, files)
    reconcile(ws, embedder=embedder)  # warm embedding cache: the subprocess never loads the model
    env = {**os.environ, "JARVIS_AUTOSTART": "0"}
    cmd = [sys.executable, "-m", "jarvis", "-w", str(ws.root), "index", "--rebuild"]
    started = time.monotonic()
    subprocess.run(cmd, env=env, capture_output=True, check=True)  # how long a whole rebuild takes here
    duration = time.monotonic() - started
    landed = 0
    for fraction in (0.3, 0.45, 0.6, 0.75, 0.9):
        proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(fraction * duration)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        landed += proc.returncode == -signal.SIGKILL
        fresh = freshness(ws)
        loaded = load_index(ws)
        # Either consistent, or detected as behind (never served half-written).
        assert loaded is not None or fresh.lexical_behind
        reconcile(ws, embedder=embedder)  # type: ignore[arg-type]
        _consistent(ws)
        assert not freshness(ws).stale
        loaded = load_index(ws)
        assert loaded is not None
        assert sum(1 for p in loaded.paths if p.startswith("memory/2023-")) == 12 * 28 * 2
    assert landed >= 3  # the kills really landed while the rebuild was running
