"""Bad input: one-line error, non-zero exit, nothing lost."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import CliFn, write_files

from jarvis.workspace import Workspace


def one_line_error(output: str) -> str:
    lines = [line for line in output.splitlines() if line.strip()]
    assert len(lines) == 1, output
    assert lines[0].startswith("error: ")
    return lines[0]


@pytest.mark.parametrize(
    ("rel", "content", "expect"),
    [
        ("memory/bin.md", b"\x00\x01\x02\x03" * 100, "binary"),
        ("memory/latin1.md", "café au lait".encode("latin-1"), "not UTF-8"),
    ],
)
def test_read_refuses_unreadable_files(
    ws: Workspace, cli: CliFn, rel: str, content: bytes, expect: str
) -> None:
    write_files(ws, {rel: content})
    result = cli("read", rel, workspace=ws)
    assert result.exit_code != 0
    line = one_line_error(result.output)
    assert rel in line and expect in line
    assert (ws.root / rel).read_bytes() == content


def test_read_refuses_huge_file(ws: Workspace, cli: CliFn) -> None:
    (ws.root / "jarvis.toml").write_text("[index]\nmax_file_bytes = 1000\n")
    write_files(ws, {"memory/big.md": "x" * 5000})
    line = one_line_error(cli("read", "memory/big.md", workspace=ws).output)
    assert "memory/big.md" in line and "max_file_bytes" in line


def test_read_tolerates_bom_crlf_nul(ws: Workspace, cli: CliFn) -> None:
    write_files(ws, {"memory/odd.md": b"\xef\xbb\xbf# Title\r\nline\x00 two\r\n"})
    result = cli("read", "memory/odd.md", workspace=ws)
    assert result.exit_code == 0
    assert result.stdout.splitlines() == ["# Title", "line two"]


def test_dotdot_and_symlink_out_of_workspace_are_refused(ws: Workspace, cli: CliFn, tmp_path: Path) -> None:
    secret = tmp_path / "outside.md"
    secret.write_text("private\n")
    line = one_line_error(cli("read", "../outside.md", workspace=ws).output)
    assert "outside the workspace" in line
    os.symlink(secret, ws.root / "memory" / "link.md")
    result = cli("read", "memory/link.md", workspace=ws)
    assert result.exit_code != 0 and "outside the workspace" in one_line_error(result.output)
    assert "private" not in result.output


def test_uncommitted_edit_is_never_overwritten(ws: Workspace, cli: CliFn) -> None:
    from datetime import datetime

    today = ws.daily_log(datetime.now().astimezone().date())
    today.write_text("# my own notes, not committed yet\n")
    result = cli("remember", "Lunch with Sam on Friday", workspace=ws)
    assert result.exit_code != 0
    line = one_line_error(result.output)
    assert today.name in line and "uncommitted" in line
    assert today.read_text() == "# my own notes, not committed yet\n"
    assert not list(ws.notes_dir.rglob("*.md"))


def _make_read_only(dirs: list[Path]) -> list[list[str]]:
    """Make folders unwritable; as root (which ignores mode bits) use the immutable flag."""
    if os.geteuid() == 0:
        if shutil.which("chattr") is None:
            pytest.skip("running as root without chattr: cannot make a folder read-only")
        for d in dirs:
            subprocess.run(["chattr", "+i", str(d)], check=True)
        return [["chattr", "-i", str(d)] for d in dirs]
    for d in dirs:
        os.chmod(d, 0o555)
    return [["chmod", "755", str(d)] for d in dirs]


def test_read_only_workspace(ws: Workspace, cli: CliFn) -> None:
    before = {p: p.read_bytes() for p in ws.root.rglob("*") if p.is_file() and ".git" not in p.parts}
    undo = _make_read_only([ws.root, ws.memory_dir, ws.notes_dir])
    try:
        result = cli("remember", "Project Atlas kicks off", "-c", "projects", workspace=ws)
    finally:
        for cmd in undo:
            subprocess.run(cmd, check=True)
    assert result.exit_code != 0
    line = one_line_error(result.output)
    assert "cannot write" in line and "writable" in line
    after = {p: p.read_bytes() for p in ws.root.rglob("*") if p.is_file() and ".git" not in p.parts}
    assert {k: v for k, v in after.items() if ".jarvis" not in k.parts} == {
        k: v for k, v in before.items() if ".jarvis" not in k.parts
    }


def test_missing_git_binary(ws: Workspace, tmp_path: Path) -> None:
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    env = {**os.environ, "PATH": str(bin_dir)}
    result = subprocess.run(
        [sys.executable, "-m", "jarvis", "-w", str(ws.root), "remember", "hello there world"],
        capture_output=True,
        text=True,
        env=env,
    )
    assert result.returncode != 0
    line = one_line_error(result.stderr)
    assert "git" in line and "install" in line


def test_two_remember_processes_at_once(ws: Workspace) -> None:
    procs = [
        subprocess.Popen(
            [sys.executable, "-m", "jarvis", "-w", str(ws.root), "remember", f"Concurrent fact number {i}"],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for i in range(2)
    ]
    outs = [p.communicate(timeout=120) for p in procs]
    assert [p.returncode for p in procs] == [0, 0], outs
    bodies = "".join(p.read_text() for p in ws.notes_dir.rglob("*.md"))
    assert "number 0" in bodies and "number 1" in bodies
    log = next(ws.memory_dir.glob("2*.md")).read_text()
    assert "number 0" in log and "number 1" in log
    status = subprocess.run(
        ["git", "-C", str(ws.root), "status", "--porcelain"], capture_output=True, text=True
    )
    assert status.stdout == ""
    count = subprocess.run(
        ["git", "-C", str(ws.root), "rev-list", "--count", "HEAD"], capture_output=True, text=True
    )
    assert count.stdout.strip() == "3"
