"""The `jarvis` command line: a lazy click group.

Each command lives in a thin module under `jarvis.cli`; it is imported only when
the command runs (or when help lists it), so `jarvis --help` stays fast.
"""

from __future__ import annotations

import importlib
from typing import Any

import click

from jarvis.errors import JarvisError

# command name -> "module:attribute" (module relative to jarvis.cli)
COMMANDS: dict[str, str] = {
    "init": "core:init_cmd",
    "remember": "core:remember_cmd",
    "read": "core:read_cmd",
    "forget": "core:forget_cmd",
    "log": "core:log_cmd",
    "history": "core:history_cmd",
    "events": "core:events_cmd",
    "doctor": "core:doctor_cmd",
    "serve": "serve:serve_cmd",
    "status": "serve:status_cmd",
    "context": "agent:context_cmd",
    "chat": "agent:chat_cmd",
    "recent": "agent:recent_cmd",
    "mcp": "agent:mcp_cmd",
    "observe": "observe:observe_cmd",
    "reflect": "reflect:reflect_cmd",
    "review": "reflect:review_cmd",
    "patch": "reflect:patch_cmd",
    "revert": "reflect:revert_cmd",
    "maintain": "reflect:maintain_cmd",
    "index": "index:index_cmd",
    "recall": "index:recall_cmd",
    "prepare": "index:prepare_cmd",
    "sync": "sync:sync_cmd",
    "hooks": "hooks:hooks_cmd",
    "hook": "hooks:hook_cmd",
    "merge-driver": "sync:merge_driver_cmd",
    "ui": "ui:ui_cmd",
}


HIDDEN = {"merge-driver"}  # git calls it; people do not


class LazyGroup(click.Group):
    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(name for name in COMMANDS if name not in HIDDEN)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        target = COMMANDS.get(cmd_name)
        if target is None:
            return None
        module_name, attr = target.split(":")
        module = importlib.import_module(f"jarvis.cli.{module_name}")
        command: click.Command = getattr(module, attr)
        return command

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        name = click.utils.make_str(args[0]) if args else ""
        if args and name not in COMMANDS and not name.startswith("-"):
            import difflib

            close = difflib.get_close_matches(name, self.list_commands(ctx), n=3, cutoff=0.6)
            hint = f" Did you mean {' or '.join(repr(c) for c in close)}?" if close else ""
            ctx.fail(f"No such command {name!r}.{hint} `jarvis --help` lists them all.")
        return super().resolve_command(ctx, args)

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except JarvisError as exc:
            click.echo(f"error: {exc}", err=True)
            ctx.exit(exc.exit_code)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.option(
    "-w",
    "--workspace",
    type=click.Path(file_okay=False),
    help="Workspace folder (else $JARVIS_WORKSPACE, the nearest parent with jarvis.toml, ~/jarvis).",
)
@click.version_option(package_name="jarvis-memory", prog_name="jarvis")
@click.pass_context
def main(ctx: click.Context, workspace: str | None) -> None:
    """jarvis: a personal memory of plain markdown files under git.

    Files are the truth; the search index is derived from them. Every change
    jarvis makes is a git commit you can read with `jarvis history`.
    """
    ctx.ensure_object(dict)
    ctx.obj["workspace"] = workspace


def _keep_warnings_off_the_terminal() -> list[str]:
    """Library warnings never reach the terminal: they are kept and written to the events log."""
    import warnings

    kept: list[str] = []

    def collect(
        message: Warning | str,
        category: type[Warning],
        filename: str,
        lineno: int,
        file: Any = None,
        line: str | None = None,
    ) -> None:
        kept.append(f"{category.__name__}: {message} ({filename}:{lineno})")

    warnings.showwarning = collect
    return kept


def run() -> None:
    kept = _keep_warnings_off_the_terminal()
    obj: dict[str, Any] = {}
    try:
        main(obj=obj, prog_name="jarvis")
    finally:
        if kept and obj.get("resolved") is not None:
            import contextlib

            from jarvis.events import emit

            with contextlib.suppress(Exception):
                emit(obj["resolved"], "cli", "library-warnings", detail={"warnings": kept[-50:]})


if __name__ == "__main__":  # pragma: no cover
    run()
