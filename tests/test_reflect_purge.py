"""`jarvis forget QUERY --purge-history`: the text is in no object reachable from any ref afterwards."""

from __future__ import annotations

import subprocess

from jarvis.gitstore import GitStore
from jarvis.notes import remember
from jarvis.reflect.proposals import create_branch, list_open, make_proposal
from jarvis.reflect.purge import forget_and_purge
from jarvis.reflect.review import accept
from jarvis.workspace import Workspace

# words no redaction rule takes (capital groups like "7391-ALPHA-ZULU" are redacted as a code, adr/0114), so they
# reach git and only a purge takes them out
SECRET = "heron-7391-quay"


def git(ws: Workspace, *args: str) -> str:
    return subprocess.run(["git", *args], cwd=ws.root, check=True, capture_output=True, text=True).stdout


def everywhere(ws: Workspace) -> str:
    """Every commit's patch and message, plus a grep of every revision's tree."""
    text = git(ws, "log", "--all", "-p", "--format=%H%n%B")
    revs = git(ws, "rev-list", "--all").split()
    grep = subprocess.run(
        ["git", "grep", "-I", "-F", SECRET, *revs], cwd=ws.root, capture_output=True, text=True
    )
    assert grep.returncode in (0, 1), grep.stderr
    return text + grep.stdout


def test_purge_history_erases_the_text_from_every_reachable_object(ws: Workspace, cli, embedder) -> None:
    fact = f"The storage unit label reads {SECRET}"
    r = remember(ws, fact, category="operations", priority="high", confidence=0.7)
    keep = remember(ws, "Prefers tea over coffee in the morning", category="preferences")
    store = GitStore(ws.root)
    # promoted into MEMORY.md (a commit message and a blob), and again as an open proposal branch
    p = make_proposal(section="Operations", text=fact, fragments=(r.id,))
    base = store.show_file("HEAD", "MEMORY.md") or ""
    create_branch(store, p, base.replace("## Operations\n", f"## Operations\n\n- (2026-11-22) {fact}\n"))
    accept(ws, p.id)
    q = make_proposal(section="Operations", text=f"Combination {SECRET} also opens the shed")
    create_branch(store, q, base + f"\n- (2026-11-22) Combination {SECRET} also opens the shed\n")
    other = make_proposal(section="Preferences", text="Reads science fiction before sleeping")
    create_branch(store, other, base + "\n- (2026-11-22) Reads science fiction before sleeping\n")
    git(ws, "tag", "before-purge")
    assert SECRET in everywhere(ws)

    refused = cli("forget", SECRET, "--purge-history", input="n\n", workspace=ws)
    assert refused.exit_code == 1 and "WARNING" in refused.output
    assert SECRET in everywhere(ws)  # nothing happened without the confirmation

    forgotten, result = forget_and_purge(ws, SECRET, embedder)
    assert forgotten == [r.id] and result.rewritten > 0 and result.dropped_proposals == (q.id,)

    assert SECRET not in everywhere(ws)
    assert SECRET not in ws.memory_md.read_text(encoding="utf-8")
    # no object at all in the repository still holds it (reflogs expired, unreachable objects pruned)
    objects = git(ws, "cat-file", "--batch-all-objects", "--batch-check=%(objectname)").split()
    blob_texts = subprocess.run(
        ["git", "cat-file", "--batch"],
        cwd=ws.root,
        input=("\n".join(objects) + "\n").encode(),
        capture_output=True,
    ).stdout
    assert SECRET.encode() not in blob_texts
    # the unrelated proposal survives; the one that mentioned the secret is gone
    assert [o.proposal.id for o in list_open(GitStore(ws.root))] == [other.id]
    assert (ws.root / keep.rel).exists() and not (ws.root / r.rel).exists()
    assert git(ws, "status", "--porcelain").strip() == ""
    # the index no longer finds it
    from jarvis.index.sync import index_dir

    for path in index_dir(ws).rglob("*"):
        if path.is_file():
            assert SECRET.encode() not in path.read_bytes(), path
    # through the CLI (a second purge finds nothing left to forget): it says what it cannot reach
    git(ws, "remote", "add", "origin", str(ws.root.parent / "elsewhere.git"))
    shown = cli("forget", SECRET, "--purge-history", "--yes", workspace=ws)
    assert shown.exit_code == 0, shown.output
    assert "none (purging the text only)" in shown.output and "rewrote 0 of" in shown.output
    assert "remote 'origin' still has the old history: git push --force --mirror origin" in shown.output
    assert git(ws, "remote").split() == ["origin"]


def test_purge_refuses_with_uncommitted_changes(ws: Workspace, cli) -> None:
    remember(ws, f"The storage unit label reads {SECRET}")
    (ws.root / "USER.md").write_text("# User\n\nhalf-written\n", encoding="utf-8")
    result = cli("forget", SECRET, "--purge-history", "--yes", workspace=ws)
    assert result.exit_code == 8 and "uncommitted changes" in result.output
    assert (ws.root / "USER.md").read_text(encoding="utf-8") == "# User\n\nhalf-written\n"


def test_forget_by_text_needs_one_match(ws: Workspace, cli) -> None:
    remember(ws, "The cat is called Biscuit")
    remember(ws, "The cat sleeps on the radiator")
    several = cli("forget", "the cat", workspace=ws)
    assert several.exit_code == 2 and "2 fragments match" in several.output
    one = cli("forget", "Biscuit", workspace=ws)
    assert one.exit_code == 0 and "forgot mem-" in one.output


def _commit_all(ws: Workspace, message: str) -> None:
    git(ws, "add", "-A")
    git(ws, "-c", "user.name=p", "-c", "user.email=p@p", "commit", "-qm", message)


def test_purge_erases_every_version_file_name_and_message_and_keeps_stashes(ws: Workspace, cli) -> None:
    """A long fact, edited twice by hand, with two stashes around: gone everywhere, stashes kept."""
    filler = " ".join(f"clause{i} of the long instructions" for i in range(12))
    fact = f"Quillfeather vault opens with the phrase Zephyrine-Marrow {filler} end of the first version"
    r = remember(ws, fact, category="operations")
    keep = remember(ws, "The recycling goes out on Tuesdays", category="operations")
    path = ws.root / r.rel
    text = path.read_text()
    path.write_text(
        text.replace("Zephyrine-Marrow", "Zephyrine-Marrow-Twice\nNew line Borealisquint added by hand")
    )
    _commit_all(ws, "edit by hand")
    path.write_text(path.read_text().replace("Borealisquint", "Borealisquint-Thrice"))
    _commit_all(ws, "edit again")
    (ws.root / "USER.md").write_text("# User\n\nfirst stash: likes oolong\n")
    git(ws, "stash", "push", "-q", "-m", "first stash")
    (ws.root / "USER.md").write_text("# User\n\nsecond stash: likes sencha\n")
    git(ws, "stash", "push", "-q", "-m", "second stash")
    needles = ["Quillfeather", "Zephyrine", "Borealisquint", "quillfeather-vault"]
    assert any(n in everywhere(ws) for n in needles)

    result = cli("forget", r.id, "--purge-history", "--yes", workspace=ws)
    assert result.exit_code == 0, result.output
    assert "verified: 0 objects, 0 refs, 0 messages, 0 reflog, 0 file names still contain it" in result.output
    assert "kept 2 stash(es)" in result.output

    objects = subprocess.run(
        ["git", "cat-file", "--batch-all-objects", "--batch"], cwd=ws.root, capture_output=True
    ).stdout
    for needle in needles:
        assert needle.encode() not in objects, needle
        assert needle not in git(ws, "log", "--all", "--format=%B")
        assert needle not in git(ws, "log", "--all", "--name-only", "--format=")
        assert needle not in git(ws, "for-each-ref")
    stashes = git(ws, "stash", "list")
    assert "first stash" in stashes and "second stash" in stashes
    git(ws, "stash", "apply", "-q", "stash@{1}")
    assert "likes oolong" in (ws.root / "USER.md").read_text()
    git(ws, "checkout", "USER.md")
    assert (ws.root / keep.rel).exists()
    assert "recycling" in git(ws, "log", "--all", "-p", "--", keep.rel)
    after = cli("remember", "Written after the purge", workspace=ws)
    assert after.exit_code == 0, after.output


def test_stashes_pinned_by_a_killed_purge_are_put_back_by_doctor_fix(ws: Workspace, cli) -> None:
    for text in ("first: likes oolong", "second: likes sencha"):
        (ws.root / "USER.md").write_text(f"# User\n\n{text}\n")
        git(ws, "stash", "push", "-q", "-m", text.split(":")[0])
    shas = git(ws, "reflog", "show", "--format=%H", "refs/stash").split()[::-1]  # oldest first
    for n, sha in enumerate(shas):  # exactly what a purge killed mid-rewrite leaves
        git(ws, "update-ref", f"refs/jarvis-purge/stash-{n}", sha)
    git(ws, "update-ref", "-d", "refs/stash")
    assert git(ws, "stash", "list") == ""
    doctor = cli("doctor", workspace=ws)
    assert (
        "2 stash(es) pinned by an interrupted purge" in doctor.output
        and "jarvis doctor --fix" in doctor.output
    )
    fixed = cli("doctor", "--fix", workspace=ws)
    assert "put 2 stash(es)" in fixed.output
    listed = git(ws, "stash", "list")
    assert listed.index("second") < listed.index("first")  # stash@{0} is the newest again
    git(ws, "stash", "apply", "-q", "stash@{1}")
    assert "likes oolong" in (ws.root / "USER.md").read_text()
    assert git(ws, "for-each-ref", "refs/jarvis-purge/") == ""
