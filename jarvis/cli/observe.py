"""`jarvis observe`: learn from sessions (thin: parse options, call the pipeline, print)."""

from __future__ import annotations

import os
from pathlib import Path

import click

from jarvis.cli.common import workspace_from


@click.command("observe")
@click.argument("sessions", nargs=-1)
@click.option(
    "--all-new",
    is_flag=True,
    help="Observe every stored session that has new turns (the default with no SESSION).",
)
@click.option(
    "--import",
    "import_paths",
    multiple=True,
    type=click.Path(dir_okay=False),
    help="Import a transcript file into .jarvis/sessions/ first, then observe it (repeatable).",
)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["claude-code", "jsonl", "text"]),
    help="Format of --import files (detected when omitted).",
)
@click.option(
    "--import-claude-code", is_flag=True, help="Import every Claude Code session in ~/.claude/projects."
)
@click.option(
    "--date",
    "date_text",
    metavar="DATE",
    help="When an --import transcript without timestamps happened (YYYY-MM-DD or ISO date-time; "
    "default: the file's modification time).",
)
@click.option("--dry-run", is_flag=True, help="Show what would be written; write and commit nothing.")
@click.option("--list", "list_", is_flag=True, help="List stored sessions with how far each was observed.")
@click.pass_context
def observe_cmd(
    ctx: click.Context,
    sessions: tuple[str, ...],
    all_new: bool,
    import_paths: tuple[str, ...],
    fmt: str | None,
    import_claude_code: bool,
    date_text: str | None,
    dry_run: bool,
    list_: bool,
) -> None:
    """Learn from sessions: facts become fragments, one commit per run.

    Reads new turns of each SESSION (default: all sessions with new turns),
    extracts facts with the configured LLM or, with no key, the offline rules,
    applies the write gate (redaction, rules, dedup) and commits
    `observe: <session> (A allowed, H held, D discarded, M merged)`.
    """
    from jarvis.errors import UsageError
    from jarvis.llm import get_llm
    from jarvis.observe.importers import claude_code_files, import_transcript, parse_date_option
    from jarvis.observe.pipeline import observe_sessions, read_offsets
    from jarvis.observe.sessions import list_sessions, read_session

    ws = workspace_from(ctx)
    if list_:
        offsets = read_offsets(ws)
        for sid in list_sessions(ws):
            total = len(read_session(ws, sid).events)
            click.echo(f"{sid}\t{offsets.get(sid, 0)}/{total} turns observed")
        return
    if sessions and all_new:
        raise UsageError("give SESSION ids or --all-new, not both")
    paths = [Path(p) for p in import_paths]
    if import_claude_code:
        found = claude_code_files(Path.home())
        if not found:
            raise UsageError(f"no Claude Code sessions in {Path.home() / '.claude' / 'projects'}")
        paths += found
    try:
        date = parse_date_option(date_text) if date_text else None
    except UsageError as exc:
        raise UsageError(f"--date {exc}") from None
    if date is not None and not paths:
        raise UsageError("--date dates an --import transcript; give the file with --import")
    targets = list(sessions)
    skipped = 0
    for path in paths:
        imported = import_transcript(ws, path, fmt, date=date)
        skipped += imported.skipped
        targets.append(imported.session_id)
        note = f", {imported.skipped} malformed line(s) skipped" if imported.skipped else ""
        click.echo(
            f"imported {path} as {imported.session_id} ({imported.format}, {len(imported.events)} events{note})"
        )
        dated = {
            "timestamps": "its own timestamps",
            "--date": "--date",
            "mtime": "the file's modification time (give --date to set it)",
        }[imported.dated_by]
        if imported.start:
            click.echo(f"  dated {imported.start[:16].replace('T', ' ')} from {dated}")
    if paths and not targets:
        return
    llm = get_llm(ws.config.llm, os.environ)
    report = observe_sessions(ws, targets or None, llm=llm, dry_run=dry_run)
    c = report.counts
    if not report.sessions:
        click.echo("nothing new to observe")
    else:
        click.echo(
            f"observed {report.turns} turns in {len(report.sessions)} session(s) with the {report.observer} observer: "
            f"{c['allowed']} allowed, {c['held']} held, {c['discarded']} discarded, {c['merged']} merged, "
            f"{c.get('superseded', 0)} superseded, {c['learnings']} learnings"
        )
    if c.get("redacted"):
        click.echo(f"redacted {c['redacted']} secret(s) before writing", err=True)
    if report.skipped_lines and not paths:
        click.echo(f"skipped {report.skipped_lines} malformed session line(s)", err=True)
    if dry_run:
        click.echo("dry run: nothing written. Would write:")
        for line in report.preview:
            click.echo(f"  {line}")
    elif report.sha:
        click.echo(f"commit {report.sha[:8]} {report.message}")
    for error in report.errors:
        click.echo(f"error: {error}", err=True)
    if report.errors:
        ctx.exit(9)
