"""Imported sessions are dated by the session, not by the import (adr/0088-session-time.md).

Fragments (`created`, id), daily-log files and their HH:MM, learnings and `recall --since`
all follow the time each thing was said; transcripts without timestamps take `--date` or
the file's mtime and the output says which.
"""

from __future__ import annotations

import json
import os
import subprocess
import time
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from jarvis.notes import iter_fragments
from jarvis.observe.sessions import parse_ts
from jarvis.workspace import Workspace

DATA = Path(__file__).parent / "data" / "claude_code"


@pytest.fixture
def tz(monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """Set the process's local timezone for one test (and put it back)."""

    def set_tz(name: str) -> None:
        monkeypatch.setenv("TZ", name)
        time.tzset()

    yield set_tz
    monkeypatch.undo()
    time.tzset()


def by_text(ws: Workspace, word: str) -> Any:
    found = [f for _, f in iter_fragments(ws) if word.lower() in f.body.lower()]
    assert found, f"no fragment mentions {word!r}: {[f.body for _, f in iter_fragments(ws)]}"
    return found[0]


def logs(ws: Workspace) -> dict[str, str]:
    return {p.name: p.read_text(encoding="utf-8") for p in sorted(ws.memory_dir.glob("20*.md"))}


def test_parse_ts_reads_z_offsets_and_naive_times(tz: Any) -> None:
    tz("Asia/Kolkata")  # +05:30, no DST
    assert parse_ts("2026-03-01T22:15:00Z") == datetime.fromisoformat("2026-03-02T03:45:00+05:30")
    assert parse_ts("2026-03-01T22:15:00.250+02:00").strftime("%Y-%m-%d %H:%M") == "2026-03-02 01:45"
    naive = parse_ts("2026-03-01 22:15")
    assert naive is not None and naive.strftime("%H:%M %z") == "22:15 +0530"  # naive: local as written
    assert parse_ts("") is None and parse_ts("yesterday") is None


def test_claude_code_session_across_midnight_is_dated_by_its_turns(ws: Workspace, cli: Any, tz: Any) -> None:
    tz("UTC")
    result = cli("observe", "--import", str(DATA / "session.jsonl"), workspace=ws)
    assert result.exit_code == 0, result.output
    assert "dated 2026-11-18 23:52 from its own timestamps" in result.output

    pnpm = by_text(ws, "pnpm")  # said at 23:52:31 on the 18th
    assert str(pnpm.created).startswith("2026-11-18T23:52")
    assert pnpm.id.startswith("mem-20261118-2352")
    friday = by_text(ws, "Fridays")  # said at 00:02:47 on the 19th, after midnight
    assert str(friday.created).startswith("2026-11-19T00:02")

    days = logs(ws)
    assert set(days) == {"2026-11-18.md", "2026-11-19.md"}  # never the import day's log
    assert any(
        line.startswith("- 23:52 noted:") and "pnpm" in line for line in days["2026-11-18.md"].splitlines()
    )
    assert any(
        line.startswith("- 00:02 noted:") and "Fridays" in line for line in days["2026-11-19.md"].splitlines()
    )
    today = datetime.now().astimezone().date().isoformat()
    assert not (ws.memory_dir / f"{today}.md").exists()


def test_the_same_session_lands_on_the_persons_own_day(ws: Workspace, cli: Any, tz: Any) -> None:
    tz("Asia/Kolkata")  # 23:52Z is 05:22 the next morning here
    result = cli("observe", "--import", str(DATA / "session.jsonl"), workspace=ws)
    assert result.exit_code == 0, result.output
    assert set(logs(ws)) == {"2026-11-19.md"}
    assert str(by_text(ws, "pnpm").created).startswith("2026-11-19T05:22")
    assert "- 05:22 noted:" in logs(ws)["2026-11-19.md"]


@pytest.mark.parametrize(
    ("stamp", "zone", "expected"),
    [
        ("2026-03-01T22:15:00+02:00", "UTC", "2026-03-01T20:15"),
        ("2026-03-01T22:15:00Z", "America/New_York", "2026-03-01T17:15"),
        ("2026-03-01T22:15:00", "Asia/Kolkata", "2026-03-01T22:15"),
    ],
)
def test_generic_jsonl_timestamps_in_every_form(
    ws: Workspace, cli: Any, tz: Any, tmp_path: Path, stamp: str, zone: str, expected: str
) -> None:
    tz(zone)
    path = tmp_path / "chat.jsonl"
    line = {"role": "user", "content": "Remember that the office wifi is called Lighthouse-5G.", "ts": stamp}
    path.write_text(json.dumps(line) + "\n", encoding="utf-8")
    result = cli("observe", "--import", str(path), workspace=ws)
    assert result.exit_code == 0, result.output
    fragment = by_text(ws, "Lighthouse")
    assert str(fragment.created).startswith(expected)
    assert f"- {expected[11:16]} noted:" in logs(ws)[f"{expected[:10]}.md"]


def test_session_imported_days_later_is_found_by_its_own_date(ws: Workspace, cli: Any, tz: Any) -> None:
    tz("UTC")
    assert cli("observe", "--import", str(DATA / "session.jsonl"), workspace=ws).exit_code == 0
    assert cli("index", workspace=ws).exit_code == 0
    before = cli("recall", "pnpm npm yarn", "--json", workspace=ws)
    assert before.exit_code == 0, before.output
    assert [h for h in json.loads(before.output)["hits"] if "pnpm" in json.dumps(h)], "the fact is searchable"
    since = cli("recall", "pnpm npm yarn", "--since", "2026-11-20", "--json", workspace=ws)
    assert since.exit_code == 0, since.output
    # fragments and daily logs carry the session's date (learnings/*.md is one file of many dates)
    assert not [
        h
        for h in json.loads(since.output)["hits"]
        if h["path"].startswith("memory/") and "pnpm" in json.dumps(h)
    ]
    inside = cli(
        "recall", "pnpm npm yarn", "--since", "2026-11-18", "--until", "2026-11-18", "--json", workspace=ws
    )
    assert [h for h in json.loads(inside.output)["hits"] if "pnpm" in json.dumps(h)]


def test_plain_text_takes_date_option(ws: Workspace, cli: Any, tz: Any, tmp_path: Path) -> None:
    tz("UTC")
    path = tmp_path / "notes-from-call.txt"
    path.write_text("User: Remember that the printer on floor 3 needs the blue driver.\n", encoding="utf-8")
    result = cli("observe", "--import", str(path), "--date", "2026-02-14", workspace=ws)
    assert result.exit_code == 0, result.output
    assert "dated 2026-02-14 12:00 from --date" in result.output
    assert str(by_text(ws, "printer").created).startswith("2026-02-14T12:00")
    assert set(logs(ws)) == {"2026-02-14.md"}


def test_plain_text_without_date_takes_mtime_and_says_so(
    ws: Workspace, cli: Any, tz: Any, tmp_path: Path
) -> None:
    tz("UTC")
    path = tmp_path / "standup.md"
    path.write_text("**Me:** Remember that standup moved to 09:45 on Tuesdays.\n", encoding="utf-8")
    moment = datetime.fromisoformat("2025-12-03T16:40:00+00:00").timestamp()
    os.utime(path, (moment, moment))
    result = cli("observe", "--import", str(path), workspace=ws)
    assert result.exit_code == 0, result.output
    assert "dated 2025-12-03 16:40 from the file's modification time" in result.output
    assert str(by_text(ws, "standup").created).startswith("2025-12-03T16:40")


def test_bad_date_is_one_line_error_and_nothing_is_written(ws: Workspace, cli: Any, tmp_path: Path) -> None:
    path = tmp_path / "t.txt"
    path.write_text("User: Remember that the garage code is 4412.\n", encoding="utf-8")
    result = cli("observe", "--import", str(path), "--date", "last tuesday", workspace=ws)
    assert result.exit_code != 0
    assert "--date 'last tuesday': not a date" in result.output
    assert not list(iter_fragments(ws))


# ------------------------------------------------------------ adopted notes keep their dates
def dated(ws: Workspace, rel: str) -> tuple[str, str]:
    from jarvis.doc import parse_document
    from jarvis.gitstore import GitStore
    from jarvis.notes import first_added, note_date

    path = ws.root / rel
    meta = parse_document(path.read_text(encoding="utf-8"), rel).meta
    return note_date(rel, meta, first_added(GitStore(ws.root)).get(rel), path.stat().st_mtime)


def aged(path: Path, text: str, iso: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    moment = datetime.fromisoformat(iso).timestamp()
    os.utime(path, (moment, moment))


def test_adopted_folder_notes_keep_frontmatter_name_and_mtime_dates(
    cli: Any, tz: Any, tmp_path: Path
) -> None:
    tz("UTC")
    vault = tmp_path / "vault"
    aged(vault / "trip.md", "---\ndate: 2021-04-03\n---\n# Porto trip\n", "2019-01-01T10:00:00+00:00")
    aged(vault / "daily" / "2022-11-30 standup.md", "- shipped the cart fix\n", "2019-01-01T10:00:00+00:00")
    aged(vault / "ideas" / "garden.md", "Plant tomatoes in April.\n", "2020-06-15T08:30:00+00:00")
    token = "ghp_" + "R4nd0mT0k3nV4lu3F0rT3st1ng0000000000"
    aged(vault / "keys.md", f"The CI token is {token}\n", "2020-01-02T09:00:00+00:00")
    result = cli("init", "--adopt", "--redact", str(vault))
    assert result.exit_code == 0, result.output
    ws = Workspace(vault.resolve())
    assert dated(ws, "trip.md") == ("2021-04-03", "frontmatter")
    assert dated(ws, "daily/2022-11-30 standup.md") == ("2022-11-30", "name")
    # the adopt commit says when jarvis arrived, not when the note was written: mtime wins
    assert dated(ws, "ideas/garden.md") == ("2020-06-15", "mtime")
    assert token not in (vault / "keys.md").read_text() and dated(ws, "keys.md") == ("2020-01-02", "mtime")


def test_adopted_git_repository_notes_take_the_commit_that_added_them(
    cli: Any, tz: Any, tmp_path: Path
) -> None:
    tz("UTC")
    repo = tmp_path / "notes"
    aged(repo / "reading.md", "Finished Piranesi.\n", "2024-01-01T00:00:00+00:00")
    env = {
        **os.environ,
        "GIT_AUTHOR_DATE": "2018-02-02T12:00:00+00:00",
        "GIT_COMMITTER_DATE": "2018-02-02T12:00:00+00:00",
    }
    for args in (
        ["init", "-q"],
        ["add", "reading.md"],
        ["-c", "user.name=A", "-c", "user.email=a@x", "commit", "-qm", "notes"],
    ):
        subprocess.run(["git", "-C", str(repo), *args], check=True, env=env, capture_output=True)
    result = cli("init", "--adopt", str(repo))
    assert result.exit_code == 0, result.output
    assert dated(Workspace(repo.resolve()), "reading.md") == ("2018-02-02", "commit")


def test_date_needs_a_file_to_date(ws: Workspace, cli: Any) -> None:
    result = cli("observe", "--date", "2026-02-14", workspace=ws)
    assert result.exit_code != 0 and "--date dates an --import transcript" in result.output


def test_generic_chat_lines_take_common_time_keys_and_epoch_numbers(tz: Any, tmp_path: Path) -> None:
    from jarvis.observe.importers import read_transcript

    tz("UTC")
    path = tmp_path / "export.jsonl"
    lines = [
        {"role": "user", "content": "one", "timestamp": "2026-03-01T08:00:00Z"},
        {"role": "assistant", "content": "two", "created_at": 1772352060},  # epoch seconds
        {"role": "user", "content": "three", "time": 1772352120000},  # epoch milliseconds
    ]
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    _, events, skipped = read_transcript(path)
    assert skipped == 0
    assert [parse_ts(e.ts).strftime("%Y-%m-%d %H:%M") for e in events] == [  # type: ignore[union-attr]
        "2026-03-01 08:00",
        "2026-03-01 08:01",
        "2026-03-01 08:02",
    ]
