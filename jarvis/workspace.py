"""The workspace: where it is, its layout, and safe paths inside it."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING

from jarvis.errors import PathOutsideWorkspace, WorkspaceNotFound

if TYPE_CHECKING:
    from jarvis.config import Config

CONFIG_NAME = "jarvis.toml"
STATE_DIR = ".jarvis"
EVERGREEN = ("SOUL.md", "USER.md", "MEMORY.md", "AGENTS.md")
PRIVATE_DIRS = (".git", STATE_DIR)
TOP_FILES = ("SOUL.md", "USER.md", "AGENTS.md", "MEMORY.md", "HEARTBEAT.md")


@dataclass(frozen=True)
class Workspace:
    root: Path

    @cached_property
    def config(self) -> Config:
        from jarvis.config import load_config  # not at import: a recall through the server never needs it

        return load_config(self.root / CONFIG_NAME)

    @property
    def state_dir(self) -> Path:
        return self.root / STATE_DIR

    @property
    def memory_dir(self) -> Path:
        return self.root / "memory"

    @property
    def notes_dir(self) -> Path:
        return self.memory_dir / "notes"

    @property
    def learnings_dir(self) -> Path:
        return self.root / "learnings"

    @property
    def memory_md(self) -> Path:
        return self.root / "MEMORY.md"

    def daily_log(self, day: date) -> Path:
        return self.memory_dir / f"{day.isoformat()}.md"

    def state(self, *parts: str) -> Path:
        """A path under `.jarvis/`, creating the folder it lives in."""
        path = self.state_dir.joinpath(*parts)
        path.parent.mkdir(parents=True, exist_ok=True)
        return path

    def rel(self, path: Path) -> str:
        """Workspace-relative POSIX path of an absolute path inside the workspace."""
        return path.resolve().relative_to(self.root.resolve()).as_posix()

    def resolve(self, rel: str | Path) -> Path:
        """Turn a user-given path into an absolute path inside the workspace.

        The one path policy of every entry point (CLI, MCP, chat tools): refuses `..`
        components that climb out, symlinks that lead outside, and git's and jarvis's own
        folders (`.git/`, `.jarvis/`).
        """
        candidate = Path(rel)
        if not candidate.is_absolute():
            candidate = self.root / candidate
        root = self.root.resolve()
        resolved = candidate.resolve()
        if resolved != root and root not in resolved.parents:
            raise PathOutsideWorkspace(
                f"{rel}: leads outside the workspace {self.root}; use a path inside it"
            )
        inner = resolved.relative_to(root).parts
        if inner and inner[0].lower() in PRIVATE_DIRS:
            raise PathOutsideWorkspace(
                f"{rel}: {inner[0]}/ holds git's and jarvis's internals, not memory; "
                "read a workspace file instead"
            )
        return resolved


def is_workspace(path: Path) -> bool:
    return (path / CONFIG_NAME).is_file()


def discover(explicit: str | None, env: Mapping[str, str], cwd: Path, home: Path) -> Workspace:
    """Find the workspace: --workspace, $JARVIS_WORKSPACE, nearest parent with jarvis.toml, ~/jarvis."""
    tried: list[str] = []
    if explicit:
        path = Path(explicit).expanduser()
        if is_workspace(path):
            return Workspace(path.resolve())
        tried.append(f"--workspace {path}")
    elif env.get("JARVIS_WORKSPACE"):
        path = Path(env["JARVIS_WORKSPACE"]).expanduser()
        if is_workspace(path):
            return Workspace(path.resolve())
        tried.append(f"JARVIS_WORKSPACE={path}")
    else:
        for parent in (cwd, *cwd.parents):
            if is_workspace(parent):
                return Workspace(parent.resolve())
        tried.append(f"no {CONFIG_NAME} in {cwd} or its parents")
        default = home / "jarvis"
        if is_workspace(default):
            return Workspace(default.resolve())
        tried.append(f"{default}")
    raise WorkspaceNotFound(
        "no jarvis workspace found (tried: "
        + "; ".join(tried)
        + "). Pass --workspace/-w PATH, set JARVIS_WORKSPACE, run inside a workspace, "
        "or create ~/jarvis with `jarvis init`"
    )


def default_workspace_path(env: Mapping[str, str] | None = None) -> Path:
    env = os.environ if env is None else env
    if env.get("JARVIS_WORKSPACE"):
        return Path(env["JARVIS_WORKSPACE"]).expanduser()
    return Path.home() / "jarvis"
