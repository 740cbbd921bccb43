"""Two devices, one memory: `jarvis sync` through a bare remote (real git, real processes)."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import CliFn

from jarvis.merge.memory import REVIEW_MARK
from jarvis.workspace import Workspace

MARKERS = ("<<<<<<<", ">>>>>>>")


def git(root: Path, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    ident = ["-c", "user.name=Person", "-c", "user.email=p@example.org"]
    return subprocess.run(
        ["git", "-C", str(root), *ident, *args], capture_output=True, text=True, check=check
    )


def jarvis(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "jarvis", "-w", str(root), *args], capture_output=True, text=True, timeout=300
    )


@pytest.fixture
def devices(tmp_path: Path, cli: CliFn) -> tuple[Path, Path, Path]:
    laptop = tmp_path / "laptop"
    assert cli("init", str(laptop)).exit_code == 0
    bare = tmp_path / "remote.git"
    git(tmp_path, "init", "--quiet", "--bare", str(bare))
    git(laptop, "remote", "add", "origin", str(bare))
    assert cli("sync", workspace=laptop).exit_code == 0
    desktop = tmp_path / "desktop"
    made = cli("init", str(desktop), "--from", str(bare))
    assert made.exit_code == 0, made.output
    return laptop, desktop, bare


def no_markers(root: Path) -> None:
    for path in root.rglob("*"):
        if path.is_file() and ".git" not in path.parts and ".jarvis" not in path.parts:
            text = path.read_text(encoding="utf-8", errors="replace")
            assert not any(m in text for m in MARKERS), path


def tree(root: Path) -> str:
    return git(root, "rev-parse", "HEAD^{tree}").stdout.strip()


def test_sync_without_a_remote_says_how_to_add_one(ws: Workspace, cli: CliFn) -> None:
    result = cli("sync", workspace=ws)
    assert result.exit_code != 0
    assert (
        "no git remote" in result.output
        and "git -C" in result.output
        and "remote add origin" in result.output
    )


def test_two_devices_remember_edit_and_converge(devices: tuple[Path, Path, Path], cli: CliFn) -> None:
    laptop, desktop, _ = devices
    assert cli("remember", "I live in Lisbon now", workspace=laptop).exit_code == 0
    assert cli("remember", "My editor is neovim", workspace=desktop).exit_code == 0
    for root, fact in ((laptop, "Uses fish, not bash"), (desktop, "Manager is Priya Raman")):
        text = (root / "MEMORY.md").read_text()
        (root / "MEMORY.md").write_text(
            text.replace("## Preferences\n", f"## Preferences\n\n- (2026-11-20) {fact}\n", 1)
        )
        git(root, "commit", "-qam", f"edit: MEMORY.md on {root.name}")
    first = jarvis(laptop, "sync")
    assert first.returncode == 0, first.stderr
    second = jarvis(desktop, "sync")
    assert second.returncode == 0, second.stderr
    assert "merged" in second.stdout and "pushed" in second.stdout
    third = jarvis(laptop, "sync")
    assert third.returncode == 0, third.stderr
    assert tree(laptop) == tree(desktop)
    for root in (laptop, desktop):
        no_markers(root)
        memory = (root / "MEMORY.md").read_text()
        assert "Uses fish, not bash" in memory and "Manager is Priya Raman" in memory
    # recall on each finds what the other wrote
    found = json.loads(jarvis(desktop, "recall", "where do I live", "--json", "--no-record").stdout)
    assert any("Lisbon" in h["text"] for h in found["hits"])
    found = json.loads(jarvis(laptop, "recall", "which editor", "--json", "--no-record").stdout)
    assert any("neovim" in h["text"] for h in found["hits"])


def test_same_bullet_edited_on_both_keeps_both_for_review(devices: tuple[Path, Path, Path]) -> None:
    laptop, desktop, _ = devices
    for root in (laptop,):
        text = (root / "MEMORY.md").read_text()
        (root / "MEMORY.md").write_text(
            text.replace("## Preferences\n", "## Preferences\n\n- (2026-11-20) Drinks coffee\n", 1)
        )
        git(root, "commit", "-qam", "edit: add")
    assert jarvis(laptop, "sync").returncode == 0
    assert jarvis(desktop, "sync").returncode == 0
    for root, new in ((laptop, "Drinks tea"), (desktop, "Drinks mate")):
        path = root / "MEMORY.md"
        path.write_text(path.read_text().replace("Drinks coffee", new))
        git(root, "commit", "-qam", f"edit on {root.name}")
    assert jarvis(laptop, "sync").returncode == 0
    done = jarvis(desktop, "sync")
    assert done.returncode == 0, done.stderr
    memory = (desktop / "MEMORY.md").read_text()
    assert f"Drinks tea {REVIEW_MARK}" in memory and f"Drinks mate {REVIEW_MARK}" in memory
    no_markers(desktop)
    listed = jarvis(desktop, "review")
    assert "kept twice by a merge" in listed.stdout
    assert "Drinks tea" in listed.stdout and "Drinks mate" in listed.stdout


def test_forgotten_on_one_edited_on_the_other_stays_forgotten(
    devices: tuple[Path, Path, Path], cli: CliFn
) -> None:
    laptop, desktop, _ = devices
    made = cli("remember", "The door code reminder lives in the blue notebook", workspace=laptop)
    assert made.exit_code == 0
    assert jarvis(laptop, "sync").returncode == 0 and jarvis(desktop, "sync").returncode == 0
    rel = made.output.split("-> ")[1].split(" ")[0]
    ident = made.output.split()[1]
    assert cli("forget", ident, workspace=laptop).exit_code == 0
    path = desktop / rel
    path.write_text(path.read_text().replace("blue notebook", "green notebook"))
    git(desktop, "commit", "-qam", "edit: the notebook is green")
    assert jarvis(laptop, "sync").returncode == 0
    done = jarvis(desktop, "sync")
    assert done.returncode == 0, done.stderr
    assert "kept forgotten" in done.stdout
    assert not (desktop / rel).exists()
    assert jarvis(laptop, "sync").returncode == 0
    assert tree(laptop) == tree(desktop)


def test_uncommitted_edits_are_left_alone_and_named(devices: tuple[Path, Path, Path]) -> None:
    laptop, desktop, _ = devices
    (laptop / "USER.md").write_text((laptop / "USER.md").read_text() + "\nNot committed yet.\n")
    (desktop / "SOUL.md").write_text((desktop / "SOUL.md").read_text() + "\nCommitted on the desktop.\n")
    git(desktop, "commit", "-qam", "edit: SOUL.md")
    assert jarvis(desktop, "sync").returncode == 0
    done = jarvis(laptop, "sync")
    assert done.returncode == 0, done.stderr
    assert "left alone (uncommitted): USER.md" in done.stdout
    assert (laptop / "USER.md").read_text().endswith("Not committed yet.\n")
    assert "Committed on the desktop." in (laptop / "SOUL.md").read_text()


def test_random_rounds_converge_without_loss(devices: tuple[Path, Path, Path], cli: CliFn) -> None:
    laptop, desktop, _ = devices
    rng = random.Random(7)
    facts: set[str] = set()
    for n in range(6):
        for root in rng.sample([laptop, desktop], 2):
            fact = f"Fact {n} from {root.name} about {rng.choice(['kilns', 'herons', 'trains'])}"
            facts.add(fact)
            assert cli("remember", fact, workspace=root).exit_code == 0
            if rng.random() < 0.5:
                path = root / "MEMORY.md"
                path.write_text(
                    path.read_text().replace("## Projects\n", f"## Projects\n\n- (2026-11-20) {fact}\n", 1)
                )
                git(root, "commit", "-qam", f"edit: {fact}")
            assert jarvis(root, "sync").returncode == 0
    for root in (laptop, desktop, laptop):
        assert jarvis(root, "sync").returncode == 0
    assert tree(laptop) == tree(desktop)
    for root in (laptop, desktop):
        no_markers(root)
        text = "".join(p.read_text() for p in (root / "memory").rglob("*.md"))
        assert all(fact in text for fact in facts)


def test_same_slug_different_facts_stay_two_fragments(devices: tuple[Path, Path, Path], cli: CliFn) -> None:
    laptop, desktop, _ = devices
    stem = "The staging database for the payments service listens on port 5433 with replicas in"
    assert cli("remember", f"{stem} Frankfurt", workspace=laptop).exit_code == 0
    assert cli("remember", f"{stem} Dublin", workspace=desktop).exit_code == 0
    assert cli("remember", "I drink green tea every morning", workspace=laptop).exit_code == 0
    assert cli("remember", "I drink green tea every morning", workspace=desktop).exit_code == 0
    for root in (laptop, desktop, laptop):
        done = jarvis(root, "sync")
        assert done.returncode == 0, done.stderr
    assert tree(laptop) == tree(desktop)
    bodies = [p.read_text() for p in (laptop / "memory" / "notes").rglob("*.md")]
    assert sum("Frankfurt" in b for b in bodies) == 1 and sum("Dublin" in b for b in bodies) == 1
    assert not any("Frankfurt" in b and "Dublin" in b for b in bodies)  # two files, not one
    assert sum("green tea every morning" in b for b in bodies) == 1  # the same fact once
    no_markers(laptop)


def test_purge_is_published_and_followed_and_erased_everywhere(
    devices: tuple[Path, Path, Path], cli: CliFn
) -> None:
    laptop, desktop, bare = devices
    secret_words = "violet lantern ninety one"
    assert cli("remember", f"The spare key hides under the {secret_words}", workspace=laptop).exit_code == 0
    assert jarvis(laptop, "sync").returncode == 0 and jarvis(desktop, "sync").returncode == 0
    purge = jarvis(laptop, "forget", secret_words, "--purge-history", "--yes")
    assert purge.returncode == 0, purge.stderr
    # the purging device must not merge the old history back: it is told to publish
    plain = jarvis(laptop, "sync")
    assert plain.returncode != 0 and "--publish-purge" in plain.stderr
    assert cli("remember", "Herons nest by the canal in spring", workspace=desktop).exit_code == 0
    published = jarvis(laptop, "sync", "--publish-purge")
    assert published.returncode == 0, published.stderr
    # the other device is stopped, then follows and keeps its own new fact
    stopped = jarvis(desktop, "sync")
    assert stopped.returncode != 0 and "--follow-purge" in stopped.stderr
    followed = jarvis(desktop, "sync", "--follow-purge")
    assert followed.returncode == 0, followed.stderr
    assert jarvis(laptop, "sync").returncode == 0
    assert tree(laptop) == tree(desktop)
    assert any("Herons nest" in p.read_text() for p in (laptop / "memory" / "notes").rglob("*.md"))
    for repo in (laptop, desktop, bare):
        objects = subprocess.run(
            ["git", "-C", str(repo), "cat-file", "--batch-all-objects", "--batch"],
            capture_output=True,
            check=True,
        ).stdout
        assert secret_words.encode() not in objects, repo
        assert b"Herons nest" in objects, repo  # the scan reads real objects


def test_the_serve_job_syncs_on_schedule_and_skips_without_a_remote(
    devices: tuple[Path, Path, Path], ws: Workspace, cli: CliFn
) -> None:
    from jarvis.sync import scheduled_sync

    assert scheduled_sync(ws) == {"skipped": "no git remote"}
    laptop, desktop, _ = devices
    assert cli("remember", "The kiln needs a new thermocouple", workspace=laptop).exit_code == 0
    assert scheduled_sync(Workspace(laptop))["pushed"] is True
    summary = scheduled_sync(Workspace(desktop))
    assert summary["merged"] == "fast-forward" and summary["changed"]
    assert any("thermocouple" in p.read_text() for p in (desktop / "memory" / "notes").rglob("*.md"))


def test_doctor_finds_missing_merge_drivers_and_fix_registers_them(ws: Workspace, cli: CliFn) -> None:
    git(ws.root, "config", "--local", "--remove-section", "merge.jarvis-memory")
    attrs = ws.root / ".gitattributes"
    attrs.unlink()
    git(ws.root, "commit", "-qam", "edit: drop .gitattributes")
    report = cli("doctor", workspace=ws.root)
    assert "memory merge drivers are not registered" in report.output
    fixed = cli("doctor", "--fix", workspace=ws.root)
    assert "added the memory merge drivers to .gitattributes (committed)" in fixed.output
    assert "ok    merge" in fixed.output
    assert git(ws.root, "status", "--porcelain").stdout == ""
    assert git(ws.root, "check-attr", "merge", "MEMORY.md").stdout.strip().endswith("jarvis-memory")


def test_both_devices_observe_the_same_day_then_converge(
    devices: tuple[Path, Path, Path], tmp_path: Path
) -> None:
    """Each device observes its own session of the same day: the day's log is appended on both,
    fragments are written on both, and after syncing both have every line and every fact."""
    laptop, desktop, _ = devices
    said = {
        laptop: "user: Remember that the boiler service is due every March.\nassistant: Noted.\n",
        desktop: "user: Remember that the bike lock code lives in the blue tin.\nassistant: Noted.\n",
    }
    for root, text in said.items():
        session = tmp_path / f"{root.name}-session.txt"
        session.write_text(text)
        done = jarvis(root, "observe", "--import", str(session), "--date", "2026-11-20T10:00:00")
        assert done.returncode == 0, done.stderr
    for root in (laptop, desktop, laptop):
        assert jarvis(root, "sync").returncode == 0
    assert tree(laptop) == tree(desktop)
    day = (laptop / "memory" / "2026-11-20.md").read_text()
    assert "boiler service" in day and "blue tin" in day
    notes = "\n".join(p.read_text() for p in (laptop / "memory" / "notes").rglob("*.md"))
    assert "boiler service" in notes and "blue tin" in notes
    no_markers(laptop)
