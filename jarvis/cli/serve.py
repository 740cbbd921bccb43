"""Thin commands for the long-running server: `jarvis serve` and `jarvis status`."""

from __future__ import annotations

import json

import click

from jarvis.cli.common import workspace_from

READY_TIMEOUT_S = 120.0


@click.command("serve")
@click.option("--stop", "stop_", is_flag=True, help="Stop the server running for this workspace.")
@click.option(
    "--background",
    "mode",
    flag_value="background",
    help="Start the server detached (output in .jarvis/serve.log) and return once it answers.",
)
@click.option(
    "--foreground", "mode", flag_value="foreground", default=True, help="Run in this terminal (the default)."
)
@click.option("--autostarted", is_flag=True, hidden=True, help="Started by `jarvis recall`: exit when idle.")
@click.pass_context
def serve_cmd(ctx: click.Context, stop_: bool, mode: str, autostarted: bool) -> None:
    """Keep the model loaded, the index fresh, and the scheduled jobs running.

    One server per workspace: a file watcher, a recall socket in .jarvis/ that
    `jarvis recall` uses automatically, the jobs of [schedule] in jarvis.toml, and
    autocommit of your hand edits. Ctrl-C or `jarvis serve --stop` ends it.
    """
    from jarvis.serve import client

    ws = workspace_from(ctx)
    if stop_:
        pid = client.stop(ws)
        click.echo(f"stopped the jarvis server (pid {pid})" if pid else "no jarvis server is running here")
        return
    running = client.server_pid(ws)
    if mode == "background":
        from jarvis.errors import JarvisError
        from jarvis.serve.server import wait_until_ready

        if running is None and client.spawn(ws) is None:
            raise JarvisError(f"could not start `jarvis serve`; see {ws.state_dir / client.LOG_NAME}")
        pid = wait_until_ready(ws, READY_TIMEOUT_S)
        if pid is None:
            raise JarvisError(
                f"the server did not answer within {READY_TIMEOUT_S:.0f} s; see {ws.state_dir / client.LOG_NAME}"
            )
        click.echo(f"jarvis server running for {ws.root} (pid {pid}); stop it with `jarvis serve --stop`")
        return
    from jarvis.cli.common import model_ready
    from jarvis.serve.server import serve

    model_ready(ws)  # the one-time model copy, said out loud, before the server loads it

    def ready(server: object) -> None:
        commits = getattr(server, "autocommit_on", False)
        click.echo(
            f"jarvis serve: {ws.root}\n"
            f"  recall socket {client.socket_path(ws)} (used by `jarvis recall` in any terminal)\n"
            f"  autocommit of your hand edits: {'on' if commits else 'off'} ([serve] autocommit in jarvis.toml)\n"
            f"  status: `jarvis status`   stop: Ctrl-C or `jarvis serve --stop`",
            err=True,
        )

    reason = serve(ws, on_ready=ready, autostarted=autostarted)
    click.echo(f"jarvis serve: {reason}", err=True)


def _index_line(index: dict[str, object]) -> str:
    if "error" in index:
        return f"cannot tell ({index['error']})"
    size = f"{index.get('files', 0)} files, {index.get('chunks', 0)} chunks, indexed {index.get('indexed_at') or 'never'}"
    waiting = int(index.get("unembedded") or 0)  # type: ignore[call-overload]
    if waiting:
        size += f"; {waiting:,} chunks wait for vectors (found by keywords meanwhile)"
    if not index.get("stale"):
        return f"fresh ({size})"
    parts = [f"{len(index.get(k) or ())} {k}" for k in ("new", "modified", "deleted") if index.get(k)]  # type: ignore[arg-type]
    if index.get("identity_changed"):
        parts.append("model or chunker changed")
    if index.get("lexical_behind"):
        parts.append("lexical index behind")
    return f"stale: {', '.join(parts)} ({size}); the watcher or the next recall catches up"


def _line(label: str, value: object) -> str:
    return f"  {label:<14} {value}"


@click.command("status")
@click.option("--json", "as_json", is_flag=True, help="Print the full status as JSON.")
@click.pass_context
def status_cmd(ctx: click.Context, as_json: bool) -> None:
    """Show whether the server runs, and the health of its watcher, jobs and autocommit."""
    from jarvis.serve.health import status_report

    ws = workspace_from(ctx)
    report = status_report(ws)
    if as_json:
        click.echo(json.dumps(report, indent=2, default=str))
        return
    health = report["health"]
    if report["running"]:
        click.echo(f"server: running (pid {report['pid']}) since {health.get('started', '?')}")
    else:
        state = health.get("state")
        seen = f" (last state: {state}, {health.get('updated', '?')})" if state else ""
        click.echo(f"server: not running{seen}; start it with `jarvis serve`")
    click.echo(_line("workspace", report["workspace"]))
    edits = report.get("hand_edits") or []
    if edits:
        shown = ", ".join(edits[:8]) + (f" and {len(edits) - 8} more" if len(edits) > 8 else "")
        click.echo(_line("hand edits", f"{len(edits)} uncommitted: {shown}"))
        click.echo(_line("", f"commit them: git -C {ws.root} add -A memory && git -C {ws.root} commit -a"))
    click.echo(_line("socket", report["socket"]))
    index = report.get("index")
    if isinstance(index, dict):
        click.echo(_line("index", _index_line(index)))
    watcher = health.get("watcher") or {}
    if watcher:
        click.echo("watcher:")
        click.echo(_line("alive", watcher.get("observer_alive")))
        click.echo(_line("last event", watcher.get("last_event") or "none yet"))
        click.echo(
            _line("last sync", f"{watcher.get('last_sync') or 'none yet'} ({watcher.get('last_sync_ms')} ms)")
        )
        click.echo(_line("backlog", watcher.get("backlog", 0)))
        errors = watcher.get("errors", 0)
        click.echo(_line("errors", f"{errors} (last: {watcher.get('last_error')})" if errors else 0))
        if watcher.get("observer_restarts"):
            click.echo(_line("restarts", watcher["observer_restarts"]))
    requests = health.get("requests") or {}
    if requests:
        click.echo(_line("requests", f"{requests.get('total', 0)} ({requests.get('errors', 0)} errors)"))
    jobs = health.get("scheduler") or {}
    if jobs:
        click.echo("jobs:")
        for name, job in jobs.items():
            if job.get("last_run"):
                outcome = "ok" if job.get("last_ok") else f"FAILED: {job.get('last_error')}"
                detail = f"last {job['last_run']} {outcome}; next {job.get('next') or '-'}"
            else:
                detail = f"{job.get('note')}; next {job.get('next') or '-'}"
            click.echo(_line(name, detail))
    auto = health.get("autocommit") or {}
    if auto:
        if auto.get("enabled") is False:
            click.echo("autocommit: off")
        else:
            click.echo(
                f"autocommit: {auto.get('commits', 0)} commit(s), last {auto.get('last_commit') or 'none'}"
            )
            for path, reason in (auto.get("last_skipped") or {}).items():
                click.echo(_line("skipped", f"{path}: {reason}"))
