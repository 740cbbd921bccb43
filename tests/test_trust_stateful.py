"""Random interleavings of jarvis writes, a person's hand edits and crashes (hypothesis, stateful).

Invariants after every step: no committed fact is lost, a person's uncommitted edit is never
overwritten or committed by jarvis, the git index is never left dirty by jarvis, and the
workspace stays writable.
"""

from __future__ import annotations

import subprocess
import tempfile
from pathlib import Path

from click.testing import CliRunner
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule

from jarvis.cli import main
from jarvis.errors import UncommittedEdit
from jarvis.gitstore import GitStore
from jarvis.notes import forget, remember
from jarvis.transaction import Transaction
from jarvis.workspace import Workspace

WORDS = st.sampled_from(["alpha", "Budget", "deploy", "Lisbon", "port 5433", "tea", "Q3", "notes"])


def _git(root: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(root), *args], capture_output=True, text=True, check=True).stdout


class GitStoreMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.tmp = tempfile.TemporaryDirectory()
        root = Path(self.tmp.name) / "ws"
        result = CliRunner().invoke(main, ["init", str(root)], catch_exceptions=False, obj={})
        assert result.exit_code == 0, result.output
        self.ws = Workspace(root.resolve())
        self.committed: dict[str, str] = {}  # fragment id -> its text
        self.hand_edits: dict[str, bytes] = {}  # rel -> what the person wrote (uncommitted)

    def teardown(self) -> None:
        self.tmp.cleanup()

    @rule(words=st.lists(WORDS, min_size=1, max_size=4), n=st.integers(0, 3))
    def remember_fact(self, words: list[str], n: int) -> None:
        text = "Shared first line\n" + " ".join(words) + f" #{n}"
        try:
            res = remember(self.ws, text)
        except UncommittedEdit:
            assert any(rel.startswith("memory/2") for rel in self.hand_edits)  # only the daily log blocks
            return
        if not res.duplicate:
            self.committed[res.id] = res.rel

    @rule(data=st.data())
    def hand_edit(self, data: st.DataObject) -> None:
        rels = sorted({*self.committed.values(), "MEMORY.md"})
        rel = data.draw(st.sampled_from(rels))
        path = self.ws.root / rel
        if not path.exists():
            return
        text = path.read_bytes() + data.draw(
            st.sampled_from([b"my note\n", b"edited by hand\r\n", "ü ✓\n".encode()])
        )
        path.write_bytes(text)
        self.hand_edits[rel] = text

    @rule()
    def person_commits(self) -> None:
        if self.hand_edits:
            _git(self.ws.root, "add", "-A", "--", *self.hand_edits)
            _git(self.ws.root, "-c", "user.name=p", "-c", "user.email=p@p", "commit", "-qm", "mine")
            self.hand_edits.clear()

    @rule(data=st.data())
    def forget_one(self, data: st.DataObject) -> None:
        clean = [i for i, rel in self.committed.items() if rel not in self.hand_edits]
        if not clean:
            return
        ident = data.draw(st.sampled_from(sorted(clean)))
        try:
            forget(self.ws, ident)
        except UncommittedEdit:
            return
        del self.committed[ident]

    @rule(steps=st.integers(1, 2), phase=st.sampled_from(["writing", "committing"]))
    def crash_mid_write(self, steps: int, phase: str) -> None:
        """What a SIGKILL leaves: a journal and written files, no commit (the lock dies with the process)."""
        from jarvis.transaction import blob_id, write_journal

        store = GitStore(self.ws.root)
        with store.lock():
            tx = Transaction(store, store.head())
            try:
                tx.create("memory/notes/projects/crashed.md", "---\nid: mem-20260101-000000-000001\n---\nx\n")
                if steps > 1:
                    tx.write("USER.md", (tx.read("USER.md") or "") + "- half-written line\n")
            except UncommittedEdit:
                return
            if phase == "committing":
                entries = {
                    r: {"before": blob_id(tx.claimed[r]), "after": blob_id(a)} for r, a in tx.after.items()
                }
                write_journal(store, tx.head, phase, entries, "remember: crashed")

    @invariant()
    def nothing_lost_nothing_overwritten(self) -> None:
        root = self.ws.root
        head_files = set(_git(root, "ls-tree", "-r", "--name-only", "HEAD").splitlines())
        for rel in self.committed.values():
            assert rel in head_files, f"{rel} was committed and is gone"
        for rel, text in self.hand_edits.items():
            assert (root / rel).read_bytes() == text, f"{rel}: the person's edit was changed"
            assert rel in _git(root, "status", "--porcelain"), f"{rel}: the person's edit was committed"

    @invariant()
    def index_is_clean(self) -> None:
        assert _git(self.ws.root, "diff", "--cached", "--name-only") == ""


GitStoreMachine.TestCase.settings = settings(
    max_examples=25,
    stateful_step_count=10,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
TestGitStore = GitStoreMachine.TestCase
