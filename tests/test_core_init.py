"""`jarvis init`, --adopt, workspace discovery."""

from __future__ import annotations

import subprocess
from pathlib import Path

from conftest import CliFn

from jarvis.workspace import Workspace


def git(root: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(root), *args], capture_output=True, text=True, check=True).stdout


def test_init_creates_template_and_one_commit(tmp_path: Path, cli: CliFn) -> None:
    root = tmp_path / "mem"
    result = cli("init", str(root))
    assert result.exit_code == 0, result.output
    for rel in (
        "SOUL.md",
        "USER.md",
        "AGENTS.md",
        "MEMORY.md",
        "HEARTBEAT.md",
        "jarvis.toml",
        "learnings/errors.md",
        "learnings/corrections.md",
        "skills/weekly-review/SKILL.md",
    ):
        assert (root / rel).is_file(), rel
    log = git(root, "log", "--format=%s").splitlines()
    assert log == ["init: new jarvis workspace mem from the template"]
    assert git(root, "status", "--porcelain") == ""
    # derived state is ignored by git
    (root / ".jarvis" / "events.jsonl").write_text("{}\n")
    assert git(root, "status", "--porcelain") == ""


def test_memory_md_has_a_section_per_category(ws: Workspace) -> None:
    from jarvis.taxonomy import SECTIONS

    text = ws.memory_md.read_text()
    for title in SECTIONS.values():
        assert f"\n## {title}\n" in text


def test_init_refuses_non_empty_folder_without_adopt(tmp_path: Path, cli: CliFn) -> None:
    root = tmp_path / "notes"
    root.mkdir()
    (root / "idea.md").write_text("my idea\n")
    result = cli("init", str(root))
    assert result.exit_code != 0
    assert "--adopt" in result.output
    assert not (root / "jarvis.toml").exists()
    assert (root / "idea.md").read_text() == "my idea\n"


def test_adopt_adds_only_missing_and_keeps_existing(tmp_path: Path, cli: CliFn) -> None:
    root = tmp_path / "vault"
    (root / ".obsidian").mkdir(parents=True)
    (root / "USER.md").write_text("# Me\nI am Ada.\n")
    (root / "daily.md").write_text("notes\n")
    result = cli("init", "--adopt", str(root))
    assert result.exit_code == 0, result.output
    assert (root / "USER.md").read_text() == "# Me\nI am Ada.\n"
    assert (root / "SOUL.md").is_file()
    assert len(git(root, "log", "--format=%s").splitlines()) == 1
    tracked = git(root, "ls-files").split()
    assert "daily.md" in tracked and "USER.md" in tracked
    assert not any(t.startswith(".obsidian") for t in tracked)


def test_adopt_existing_repo_keeps_persons_staged_work(tmp_path: Path, cli: CliFn) -> None:
    root = tmp_path / "repo"
    root.mkdir()
    subprocess.run(["git", "init", "-q", str(root)], check=True)
    (root / "todo.md").write_text("staged by the person\n")
    git(root, "add", "todo.md")
    result = cli("init", "--adopt", str(root))
    assert result.exit_code == 0, result.output
    assert "todo.md" in git(root, "diff", "--cached", "--name-only")
    assert "todo.md" not in git(root, "show", "--name-only", "--format=", "HEAD")


def test_init_twice_is_refused(ws: Workspace, cli: CliFn) -> None:
    result = cli("init", str(ws.root))
    assert result.exit_code != 0
    assert "already a jarvis workspace" in result.output


def test_discovery_order(tmp_path: Path, cli: CliFn, monkeypatch, isolated_env: Path) -> None:
    a, b = tmp_path / "a", tmp_path / "b"
    cli("init", str(a))
    cli("init", str(b))
    monkeypatch.chdir(a / "memory")
    result = cli("history")
    assert result.exit_code == 0 and "init:" in result.output
    monkeypatch.setenv("JARVIS_WORKSPACE", str(b))
    assert cli("doctor").exit_code == 0
    monkeypatch.delenv("JARVIS_WORKSPACE")
    monkeypatch.chdir(tmp_path)
    result = cli("history")
    assert result.exit_code == 3
    for hint in ("--workspace", "JARVIS_WORKSPACE", "jarvis.toml", "jarvis init"):
        assert hint in result.output
    cli("init")  # default: ~/jarvis
    assert (isolated_env / "jarvis" / "jarvis.toml").is_file()
    assert cli("history").exit_code == 0


def test_bad_config_lists_every_problem(ws: Workspace, cli: CliFn) -> None:
    (ws.root / "jarvis.toml").write_text('[recall]\nhalf_life_days = "soon"\nbogus = 1\n[nope]\nx = 1\n')
    result = cli("doctor", workspace=ws)
    assert result.exit_code != 0
    assert "half_life_days" in result.output and "bogus" in result.output and "[nope]" in result.output


def test_adopted_notes_keep_their_dates_in_recall(tmp_path: Path, cli: CliFn) -> None:
    """An adopted note is dated by its frontmatter, else a date in its name, else its mtime —
    never by the adopt commit — so `recall --since/--until` finds it in its own year."""
    import json
    import os

    vault = tmp_path / "vault"
    (vault / "journal").mkdir(parents=True)
    (vault / "journal" / "2019-03-04 kiln firing.md").write_text("The kiln firing reached cone 6 at noon.\n")
    (vault / "glaze.md").write_text("---\ncreated: 2018-07-01\n---\nCeladon glaze needs a slow cool.\n")
    old = vault / "clay.md"
    old.write_text("Porcelain clay shrinks about thirteen percent.\n")
    stamp = 1_600_000_000  # 2020-09-13
    os.utime(old, (stamp, stamp))
    assert cli("init", "--adopt", str(vault)).exit_code == 0
    for query, until, since, name in (
        ("kiln firing cone", "2019-12-31", "2019-01-01", "journal/2019-03-04 kiln firing.md"),
        ("celadon glaze", "2018-12-31", "2018-01-01", "glaze.md"),
        ("porcelain shrinks", "2020-12-31", "2020-01-01", "clay.md"),
    ):
        out = cli(
            "recall", query, "--json", "--no-record", "--since", since, "--until", until, workspace=vault
        )
        assert out.exit_code == 0, out.output
        assert name in {h["path"] for h in json.loads(out.stdout)["hits"]}, (query, out.output)
