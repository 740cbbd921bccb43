"""Executable docs: every command has help text and is named in the README."""

from __future__ import annotations

from pathlib import Path

import click
import pytest
from conftest import CliFn

from jarvis.cli import COMMANDS, HIDDEN, LazyGroup, main

README = Path(__file__).resolve().parent.parent / "README.md"


def all_commands() -> list[tuple[str, click.Command]]:
    ctx = click.Context(main)
    assert isinstance(main, LazyGroup)
    out: list[tuple[str, click.Command]] = []
    for name in COMMANDS:
        cmd = main.get_command(ctx, name)
        assert cmd is not None, name
        out.append((name, cmd))
        if isinstance(cmd, click.Group):
            out.extend((f"{name} {sub}", c) for sub, c in cmd.commands.items())
    return out


@pytest.mark.parametrize(("name", "command"), all_commands(), ids=lambda v: v if isinstance(v, str) else "")
def test_every_command_has_help_and_is_documented(name: str, command: click.Command, cli: CliFn) -> None:
    assert command.help and command.help.strip(), f"{name} has no help text"
    result = cli(*name.split(), "--help")
    assert result.exit_code == 0
    assert "Usage:" in result.output
    if name.split()[0] in HIDDEN:  # run by git, not by people (merge-driver): not in README or --help
        assert name.split()[0] not in cli("--help").output
        return
    assert f"jarvis {name.split()[0]}" in README.read_text(), f"README does not mention `jarvis {name}`"


def test_top_level_help_lists_every_command(cli: CliFn) -> None:
    out = cli("--help").output
    for name in COMMANDS:
        assert (name in out) != (name in HIDDEN), name
