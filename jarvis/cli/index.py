"""Thin commands for the search index: `jarvis index` and `jarvis recall`."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import click

from jarvis.cli.common import model_ready, workspace_from


class _Rate:
    """Chunks per second over the whole run (rich's own speed column counts bytes)."""

    def __init__(self) -> None:
        import time

        self.started = time.perf_counter()

    def __call__(self, done: int) -> str:
        import time

        elapsed = time.perf_counter() - self.started
        return f"{done / elapsed:,.0f} chunks/s" if elapsed > 0.5 and done else "… chunks/s"


@contextmanager
def _progress_bar(enabled: bool, label: str = "embedding") -> Iterator[Any]:
    """A rich progress bar on stderr for embedding (chunks/s, ETA); yields the callback (or None)."""
    if not enabled:
        yield None
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    rate = _Rate()
    progress = Progress(
        TextColumn(label),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[rate]}"),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        transient=True,
    )
    task = None

    def update(done: int, total: int) -> None:
        nonlocal task
        if task is None:
            task = progress.add_task("embed", total=total, rate="")
        progress.update(task, completed=done, total=total, rate=rate(done))

    with progress:
        yield update


LIST_LIMIT = 20  # name each changed file up to this many; past it, counts only (-v lists all)


def _report_lines(report: dict[str, Any], verbose: bool = False) -> list[str]:
    lines = []
    if report["reason"]:
        lines.append(report["reason"])
    changes = sum(len(report[key]) for key in ("new", "modified", "deleted", "moved"))
    if verbose or changes <= LIST_LIMIT:
        for key in ("new", "modified", "deleted"):
            for path in report[key]:
                lines.append(f"  {key:<8} {path}")
        for old, new in report["moved"]:
            lines.append(f"  moved    {old} -> {new}")
    lines.append(
        f"indexed {report['files_total']:,} files, {report['chunks_total']:,} chunks "
        f"({len(report['new']):,} new, {len(report['modified']):,} modified, "
        f"{len(report['deleted']):,} deleted, {len(report['moved']):,} moved, "
        f"{report['unchanged']:,} unchanged) in {report['duration_s']:.2f} s"
        + ("" if verbose or changes <= LIST_LIMIT else "; -v lists the files")
    )
    return lines


@click.command("index")
@click.option(
    "--rebuild", is_flag=True, help="Recreate the whole index from the files (embedding cache kept)."
)
@click.option(
    "--status", "status", is_flag=True, help="Say how the index compares with the files; change nothing."
)
@click.option(
    "--no-embed",
    is_flag=True,
    help="Index for keyword search only and leave the vectors for later (`jarvis serve` or the next run).",
)
@click.option("-v", "--verbose", is_flag=True, help="List every changed file.")
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
@click.pass_context
def index_cmd(
    ctx: click.Context, rebuild: bool, status: bool, no_embed: bool, verbose: bool, as_json: bool
) -> None:
    """Bring the search index in line with the files (new, changed, deleted, moved).

    Keyword search (BM25) works as soon as the files are read, in seconds; the
    vectors for meaning search follow, with a progress bar. Ctrl-C while embedding
    keeps what is done: the next `jarvis index` (or `jarvis serve`) goes on from there.
    """
    ws = workspace_from(ctx)
    if status:
        _print_status(ws, as_json)
        return
    from jarvis.index.sync import fill_vectors, reconcile

    report = reconcile(ws, rebuild=rebuild, embed_limit=0).to_dict()
    if not as_json:
        for warning in report["skipped"] + report["warnings"]:
            click.echo(f"warning: {warning}", err=True)
        for line in _report_lines(report, verbose):
            click.echo(line)
    waiting = report["chunks_unembedded"]
    fill: dict[str, Any] = {"embedded": 0, "remaining": waiting, "duration_s": 0.0}
    if waiting and not no_embed:
        if not as_json:
            click.echo(
                f"searchable now by keywords; embedding {waiting:,} chunks for meaning search "
                "(Ctrl-C keeps what is done)"
            )
        model_ready(ws)
        try:
            with _progress_bar(not as_json and sys.stderr.isatty()) as progress:
                done = fill_vectors(ws, progress=progress)
            fill = {"embedded": done.embedded, "remaining": done.remaining, "duration_s": done.duration_s}
        except KeyboardInterrupt:
            from jarvis.index import manifest

            conn = manifest.open_store(ws)
            try:
                left = manifest.unembedded(conn)
            finally:
                conn.close()
            click.echo(
                f"stopped: {left:,} chunks still without vectors (found by keywords meanwhile); "
                "run `jarvis index` again to go on",
                err=True,
            )
            ctx.exit(130)
        if not as_json and fill["embedded"]:
            rate = fill["embedded"] / fill["duration_s"] if fill["duration_s"] else 0.0
            click.echo(
                f"embedded {fill['embedded']:,} chunks in {fill['duration_s']:.1f} s ({rate:,.0f} chunks/s)"
            )
    elif waiting and not as_json:
        click.echo(
            f"{waiting:,} chunks wait for their vectors (keyword search finds them now); "
            "`jarvis index` or `jarvis serve` embeds them"
        )
    if as_json:
        report["chunks_embedded"] += fill["embedded"]
        report["chunks_unembedded"] = fill["remaining"]
        report["embed_duration_s"] = fill["duration_s"]
        click.echo(json.dumps(report, indent=2))


def _print_status(ws: Any, as_json: bool) -> None:
    from jarvis.index.sync import freshness, index_identity

    fresh = freshness(ws).to_dict()
    fresh["identity"] = index_identity(ws)
    if as_json:
        click.echo(json.dumps(fresh, indent=2))
        return
    state = "STALE" if fresh["stale"] else "fresh"
    click.echo(
        f"index: {state}; {fresh['chunks']} chunks from {fresh['files']} files, generation "
        f"{fresh['generation']}, last change indexed {fresh['indexed_at'] or 'never'}"
    )
    for key in ("new", "modified", "deleted"):
        for path in fresh[key]:
            click.echo(f"  {key:<8} {path}")
    if fresh["unembedded"]:
        click.echo(
            f"  {fresh['unembedded']:,} chunks wait for their vectors (found by keywords meanwhile); "
            "`jarvis index` or `jarvis serve` embeds them"
        )
    if fresh["identity_changed"]:
        click.echo("  model or chunker settings changed: the next `jarvis index` re-embeds everything")
    if fresh["lexical_behind"]:
        click.echo("  the lexical index is behind (an interrupted run): the next command repairs it")
    if fresh["stale"]:
        click.echo("run `jarvis index` to update it (recall does it by itself)")


@click.command("prepare")
@click.pass_context
def prepare_cmd(ctx: click.Context) -> None:
    """Make the embedding model ready now (a one-time ONNX copy; `make install` runs this)."""
    from jarvis.config import Config

    root = ctx.find_root().obj or {}
    ws = None
    if root.get("workspace") or os.environ.get("JARVIS_WORKSPACE"):
        ws = workspace_from(ctx)
    model_ready(ws, None if ws is not None else Config().embedding)
    click.echo("embedding model: ready")


def _request(options: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in options.items() if value is not None}


def _rewrite_llm(ws: Any) -> Any:
    """The configured LLM for the query rewrite (None: offline); a bad [llm] section only warns."""
    import os

    from jarvis.errors import JarvisError
    from jarvis.llm import get_llm

    try:
        return get_llm(ws.config.llm, os.environ)
    except JarvisError as exc:
        click.echo(f"warning: {exc}; recalling without query rewrite", err=True)
        return None


def _answer(ws: Any, request: dict[str, Any]) -> dict[str, Any]:
    """Ask the running server if there is one, else answer in-process with the same code.

    After an in-process answer, start a background server for the next recall when
    `[serve] autostart` is on (the client honours JARVIS_AUTOSTART=0).
    """
    from jarvis.serve import client

    reply = client.query(ws, request)
    if reply is not None:
        return reply
    from jarvis.index.recall import handle_request
    from jarvis.index.rewrite import wants_rewrite

    llm = _rewrite_llm(ws) if wants_rewrite(ws, request) else None
    model_ready(ws)
    with _progress_bar(sys.stderr.isatty()) as progress:
        answer = handle_request(ws, request, progress=progress, llm=llm)
    if ws.config.serve.autostart:
        pid = client.autostart(ws)
        if pid is not None:
            idle = ws.config.serve.idle_exit_minutes
            click.echo(
                f"started a background jarvis server (pid {pid}) for {ws.root} to answer the next recalls "
                f"faster; it exits after {idle:g} idle minutes"
                + (" and does not commit your edits" if ws.config.serve.autocommit != "true" else "")
                + "; `jarvis serve --stop` stops it",
                err=True,
            )
    return answer


def _read_batch(path: str) -> list[dict[str, Any]]:
    from jarvis.errors import UsageError

    items = []
    source = sys.stdin if path == "-" else open(path, encoding="utf-8")  # noqa: SIM115
    with source:
        for n, line in enumerate(source, 1):
            if not line.strip():
                continue
            try:
                item = json.loads(line)
            except json.JSONDecodeError as exc:
                raise UsageError(f"{path} line {n}: not JSON ({exc.msg}); one object per line") from None
            if not isinstance(item, dict) or not isinstance(item.get("query"), str):
                raise UsageError(f'{path} line {n}: needs an object with a "query" text')
            items.append(item)
    return items


@click.command("recall")
@click.argument("query", nargs=-1)
@click.option("-k", "k", type=click.IntRange(min=1), help="How many results (overrides the profile).")
@click.option(
    "--profile",
    type=click.Choice(["lean", "balanced", "deep", "auto"]),
    help="Budget: lean 3, balanced 6, deep 12 results; auto picks from the query.",
)
@click.option("--category", "-c", help="Only fragments of this category.")
@click.option("--path", "path", help="Only files matching this glob, e.g. 'memory/2024-*'.")
@click.option("--since", help="Only memory dated on or after this date (YYYY-MM-DD).")
@click.option("--until", help="Only memory dated on or before this date (YYYY-MM-DD).")
@click.option("--include-held", is_flag=True, help="Include held (gate: hold) and archived memory.")
@click.option("--now", "now", help="Reference time for time decay (ISO), default: now.")
@click.option("--no-record", is_flag=True, help="Do not count this recall as an access.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON with every signal per hit.")
@click.option("--explain", is_flag=True, help="Show every signal per hit and how the ranking was made.")
@click.option(
    "--batch",
    type=click.Path(dir_okay=False, allow_dash=True),
    help='Run a JSONL file of {"qid", "query", "now"?} lines; print one JSONL result per line.',
)
@click.option("--fusion", type=click.Choice(["weighted", "rrf", "bm25", "vector"]), hidden=True)
@click.option("--set", "settings", multiple=True, hidden=True, help="Override a [recall] setting: KEY=VALUE.")
@click.pass_context
def recall_cmd(
    ctx: click.Context,
    query: tuple[str, ...],
    batch: str | None,
    as_json: bool,
    explain: bool,
    no_record: bool,
    settings: tuple[str, ...],
    **options: Any,
) -> None:
    """Search memory for QUERY: keywords (BM25) and meaning (vectors), fused.

    Adjacent hits in a file merge into one passage, at most 2 passages come from one
    file, and bare links or lone headings are never a result by themselves. Time decay
    and MMR diversity are off by default (set `[recall] decay` / `mmr` in jarvis.toml).
    """
    from jarvis.errors import UsageError

    ws = workspace_from(ctx)
    request = _request(options)
    request["record"] = not no_record
    if explain:
        request["explain"] = True
    if settings:
        parsed: dict[str, Any] = {}
        for item in settings:
            key, sep, value = item.partition("=")
            if not sep:
                raise UsageError(f"--set {item!r}: use KEY=VALUE")
            try:
                parsed[key.strip()] = json.loads(value)
            except ValueError:
                parsed[key.strip()] = value
        request["settings"] = parsed
    if batch:
        if query:
            raise UsageError("give either QUERY or --batch FILE, not both")
        request["batch"] = _read_batch(batch)
        reply = _answer(ws, request)
        for line in reply["results"]:
            click.echo(json.dumps(line, ensure_ascii=False))
        return
    text = " ".join(query).strip()
    if not text:
        raise UsageError("say what to recall, e.g. `jarvis recall deploy steps`, or pass --batch FILE")
    request["query"] = text
    result = _answer(ws, request)
    if as_json:
        click.echo(json.dumps(result, indent=2, ensure_ascii=False))
        return
    if not sys.stdout.isatty():  # pipes and files: plain text, and no rich to import
        import shutil

        from jarvis.index.render import render_plain

        click.echo(render_plain(result, shutil.get_terminal_size((100, 24)).columns, explain=explain))
        return
    from rich.console import Console

    from jarvis.index.render import render_result

    render_result(result, Console(), explain=explain)
