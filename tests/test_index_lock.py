"""A stopped or slow index writer never hangs recall or `jarvis index` (real processes, real signals)."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager

from trust_helpers import env, run

from jarvis.workspace import Workspace

HOLD_INDEX_LOCK = """
import sys, time
from pathlib import Path
from jarvis.index.sync import index_lock
from jarvis.workspace import Workspace
with index_lock(Workspace(Path(sys.argv[1]))):
    print("locked", flush=True)
    time.sleep(120)
"""


@contextmanager
def stopped_index_writer(ws: Workspace) -> Iterator[int]:
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLD_INDEX_LOCK, str(ws.root)], stdout=subprocess.PIPE, text=True, env=env()
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "locked"
        os.kill(holder.pid, signal.SIGSTOP)
        yield holder.pid
    finally:
        os.kill(holder.pid, signal.SIGKILL)
        holder.wait()


def test_recall_answers_from_the_last_index_while_a_stopped_writer_holds_the_lock(ws: Workspace) -> None:
    run(ws.root, "remember", "The lab printer on floor 3 needs blue toner")
    run(ws.root, "index")
    (ws.root / "memory" / "notes" / "later.md").write_text("A later note about the garden shed\n")
    with stopped_index_writer(ws) as pid:
        recall = run(
            ws.root, "recall", "printer toner", check=False
        )  # 120 s subprocess timeout guards a hang
        assert recall.returncode == 0, recall.stderr
        assert "blue toner" in recall.stdout
        assert f"pid {pid}" in recall.stdout + recall.stderr and "stopped" in recall.stdout + recall.stderr
        doctor = run(ws.root, "doctor", check=False)
        assert doctor.returncode != 0 and f"kill -CONT {pid}" in doctor.stdout
        index = run(ws.root, "index", check=False)
        assert index.returncode != 0
        assert f"pid {pid}" in index.stderr and len(index.stderr.strip().splitlines()) == 1
    assert "garden shed" in run(ws.root, "recall", "garden shed").stdout  # catches up once it is gone


def test_recall_with_no_index_yet_says_who_holds_the_lock(ws: Workspace) -> None:
    shutil.rmtree(ws.state_dir / "index")  # `jarvis init` indexes; this is a workspace never indexed yet
    with stopped_index_writer(ws) as pid:
        recall = run(ws.root, "recall", "anything", check=False)
        assert recall.returncode != 0
        last = recall.stderr.strip().splitlines()[-1]  # (a first run may print the model's one-time export)
        assert last.startswith("error:") and f"pid {pid}" in last and "no complete index" in last
