"""Install jarvis into Claude Code's settings, and take exactly that out again.

Claude Code reads hooks from `settings.json` (user: `~/.claude/settings.json`, project:
`./.claude/settings.json`) as `{"hooks": {"<Event>": [{"matcher"?, "hooks": [{"type":
"command", "command": …, "timeout": s}]}]}}`, and MCP servers from `mcpServers` in
`~/.claude.json` (user scope) or `./.mcp.json` (project scope) as `{"<name>": {"type":
"stdio", "command": …, "args": […], "env": {}}}`.

Rules: a file is backed up (`<name>.jarvis-backup-<stamp>`) before jarvis changes it;
installing twice changes nothing; every other key, hook and server is kept in place and in
order; uninstall removes only entries whose command runs `jarvis … hook claude-code` (and the
`jarvis` MCP server that runs `jarvis … mcp`), drops a container only when jarvis's entry
was all it held, and when the result equals a backup it writes that backup's bytes back, so
a file that had no jarvis entries before is byte-identical after install + uninstall.
"""

from __future__ import annotations

import json
import shlex
import sys
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from jarvis.errors import InputError, UsageError
from jarvis.fsutil import atomic_write

EVENTS = ("SessionStart", "PreCompact", "SessionEnd")
HOOK_MARK = "hook claude-code"
SERVER_NAME = "jarvis"
HOOK_TIMEOUT_S = 10  # Claude Code's own limit for the command; ours returns in well under 1 s
BACKUP_SUFFIX = ".jarvis-backup-"


@dataclass(frozen=True)
class Target:
    """The two files an install touches for one scope."""

    scope: str  # user | project
    settings: Path
    mcp: Path


@dataclass(frozen=True)
class Change:
    path: Path
    changed: bool
    backup: Path | None
    what: str


def targets(scope: str, home: Path, cwd: Path) -> Target:
    if scope == "project":
        return Target("project", cwd / ".claude" / "settings.json", cwd / ".mcp.json")
    return Target("user", home / ".claude" / "settings.json", home / ".claude.json")


def jarvis_argv(root: Path, *args: str) -> list[str]:
    """How Claude Code starts jarvis for this workspace: the console script next to this Python."""
    script = Path(sys.executable).parent / "jarvis"
    base = [str(script)] if script.is_file() else [sys.executable, "-m", "jarvis"]
    return [*base, "-w", str(root), *args]


def hook_command(root: Path) -> str:
    return shlex.join(jarvis_argv(root, "hook", "claude-code"))


def mcp_entry(root: Path) -> dict[str, Any]:
    command, *args = jarvis_argv(root, "mcp")
    return {"type": "stdio", "command": command, "args": args, "env": {}}


def is_ours(hook: Any) -> bool:
    return isinstance(hook, dict) and HOOK_MARK in str(hook.get("command", ""))


def is_our_server(entry: Any) -> bool:
    if not isinstance(entry, dict):
        return False
    args = [str(a) for a in entry.get("args") or []]
    return bool(args) and args[-1] == "mcp" and "jarvis" in " ".join([str(entry.get("command", "")), *args])


# ------------------------------------------------------------------ pure merges
def add_hooks(data: dict[str, Any], command: str) -> dict[str, Any]:
    """`data` with one jarvis hook group per event (an existing jarvis hook gets the new command)."""
    out = json.loads(json.dumps(data))
    hooks = out.setdefault("hooks", {})
    if not isinstance(hooks, dict):
        raise UsageError('"hooks" is not an object')
    for event in EVENTS:
        groups = hooks.setdefault(event, [])
        if not isinstance(groups, list):
            raise UsageError(f'"hooks.{event}" is not a list')
        mine = [h for g in groups if isinstance(g, dict) for h in g.get("hooks") or [] if is_ours(h)]
        if mine:
            for hook in mine:
                hook["command"] = command
            continue
        groups.append({"hooks": [{"type": "command", "command": command, "timeout": HOOK_TIMEOUT_S}]})
    return out


def remove_hooks(data: dict[str, Any]) -> dict[str, Any]:
    """`data` without jarvis's hooks; a group, event list or `hooks` emptied by that goes too."""
    out = json.loads(json.dumps(data))
    hooks = out.get("hooks")
    if not isinstance(hooks, dict):
        return out
    for event in list(hooks):
        groups = hooks[event]
        if not isinstance(groups, list):
            continue
        kept = []
        for group in groups:
            inner = group.get("hooks") if isinstance(group, dict) else None
            if isinstance(inner, list) and any(is_ours(h) for h in inner):
                rest = [h for h in inner if not is_ours(h)]
                if not rest:
                    continue
                group = {**group, "hooks": rest}
            kept.append(group)
        if kept:
            hooks[event] = kept
        elif groups:  # only jarvis's groups were there
            del hooks[event]
    if not hooks and "hooks" in data and data["hooks"] != {}:
        del out["hooks"]
    return out


def add_server(data: dict[str, Any], entry: dict[str, Any]) -> dict[str, Any]:
    out = json.loads(json.dumps(data))
    servers = out.setdefault("mcpServers", {})
    if not isinstance(servers, dict):
        raise UsageError('"mcpServers" is not an object')
    current = servers.get(SERVER_NAME)
    if current is not None and not is_our_server(current):
        raise UsageError(
            f'an MCP server named "{SERVER_NAME}" that is not jarvis\'s own is already registered; '
            "rename or remove it, then install again"
        )
    servers[SERVER_NAME] = entry
    return out


def remove_server(data: dict[str, Any]) -> dict[str, Any]:
    out = json.loads(json.dumps(data))
    servers = out.get("mcpServers")
    if isinstance(servers, dict) and is_our_server(servers.get(SERVER_NAME)):
        del servers[SERVER_NAME]
        if not servers and data.get("mcpServers") != {}:
            del out["mcpServers"]
    return out


# ---------------------------------------------------------------------- files
def read_json(path: Path) -> tuple[dict[str, Any], bytes | None]:
    """(parsed object, raw bytes or None when the file does not exist)."""
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return {}, None
    except OSError as exc:
        raise InputError(f"{path}: cannot read ({exc.strerror})") from exc
    if not raw.strip():
        return {}, raw
    try:
        data = json.loads(raw.decode("utf-8-sig"))
    except (UnicodeDecodeError, ValueError) as exc:
        raise InputError(f"{path}: not valid JSON ({exc}); fix the file, then run this again") from None
    if not isinstance(data, dict):
        raise InputError(f"{path}: expected a JSON object at the top; fix the file, then run this again")
    return data, raw


def render(data: dict[str, Any], like: bytes | None) -> bytes:
    """JSON in the file's own style: its indent (2 when unknown) and its final newline."""
    indent = 2
    if like:
        for line in like.decode("utf-8", "replace").splitlines()[1:]:
            stripped = line.lstrip(" ")
            if stripped and len(line) > len(stripped):
                indent = len(line) - len(stripped)
                break
    text = json.dumps(data, indent=indent, ensure_ascii=False)
    newline = like is None or like.endswith(b"\n")
    return (text + ("\n" if newline else "")).encode("utf-8")


def backups(path: Path) -> list[Path]:
    return sorted(path.parent.glob(path.name + BACKUP_SUFFIX + "*"), reverse=True)


def write(path: Path, old: bytes | None, data: dict[str, Any], what: str) -> Change:
    """Write `data` to `path` if it differs from what is there, backing the old bytes up first."""
    new = render(data, old)
    if old is not None and json.loads(new) == json.loads(old.decode("utf-8-sig") or "{}"):
        return Change(path, False, None, what)
    backup = None
    path.parent.mkdir(parents=True, exist_ok=True)
    if old is not None:
        stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S%fZ")
        backup = path.with_name(path.name + BACKUP_SUFFIX + stamp)
        atomic_write(backup, old, mode=0o600)
    atomic_write(path, new)
    return Change(path, True, backup, what)


def restore(path: Path, old: bytes | None, data: dict[str, Any], what: str) -> Change:
    """Write `data` after an uninstall: a backup's exact bytes when it says the same, else rendered."""
    for backup in backups(path):
        try:
            raw = backup.read_bytes()
            if json.loads(raw.decode("utf-8-sig") or "{}") == data:
                if raw == old:
                    return Change(path, False, None, what)
                atomic_write(path, raw)
                return Change(path, True, None, what)
        except (OSError, UnicodeDecodeError, ValueError):
            continue
    if old is not None and not data and not any(backups(path)):
        path.unlink()  # jarvis created this file: take it away again
        return Change(path, True, None, what)
    return write(path, old, data, what)


def install(target: Target, root: Path) -> list[Change]:
    settings, raw = read_json(target.settings)
    mcp, mcp_raw = read_json(target.mcp)
    merged = add_hooks(settings, hook_command(root))
    with_server = add_server(mcp, mcp_entry(root))  # checked before anything is written
    return [
        write(target.settings, raw, merged, "hooks " + ", ".join(EVENTS)),
        write(target.mcp, mcp_raw, with_server, f'MCP server "{SERVER_NAME}"'),
    ]


def uninstall(target: Target) -> list[Change]:
    out = []
    for path, remove, what in (
        (target.settings, remove_hooks, "hooks"),
        (target.mcp, remove_server, f'MCP server "{SERVER_NAME}"'),
    ):
        data, raw = read_json(path)
        if raw is None:
            out.append(Change(path, False, None, what))
            continue
        cleaned = remove(data)
        out.append(Change(path, False, None, what) if cleaned == data else restore(path, raw, cleaned, what))
    return out
