"""`jarvis init`: make a workspace from the template, or adopt an existing folder."""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path

from jarvis.errors import UsageError, WorkspaceError
from jarvis.gitstore import GitStore
from jarvis.workspace import CONFIG_NAME, STATE_DIR

# The state folder ignores itself, so `.jarvis/` stays out of git even when an
# adopted folder already has a .gitignore we must not touch.
STATE_GITIGNORE = "# Derived state, never committed.\n*\n"


def template_dir() -> Path:
    """The template shipped with jarvis: the project's top-level `workspace/` folder."""
    here = Path(__file__).resolve().parent
    for candidate in (here.parent / "workspace", here / "template"):
        if (candidate / CONFIG_NAME).is_file():
            return candidate
    raise WorkspaceError(f"workspace template not found next to {here}; reinstall jarvis")


def template_files() -> list[str]:
    root = template_dir()
    return sorted(p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file())


@dataclass(frozen=True)
class InitResult:
    root: Path
    added: tuple[str, ...]
    adopted: bool
    sha: str | None


def init_workspace(path: Path, *, adopt: bool = False) -> InitResult:
    path = path.expanduser()
    if (path / CONFIG_NAME).is_file():
        raise UsageError(f"{path}: already a jarvis workspace; use it with `jarvis -w {path} …`")
    existing = [p for p in path.iterdir() if p.name != ".git"] if path.is_dir() else []
    if existing and not adopt:
        raise UsageError(
            f"{path}: folder is not empty and not a jarvis workspace; run `jarvis init --adopt {path}` "
            "to turn it into one (adds only missing files, changes none)"
        )
    if path.exists() and not path.is_dir():
        raise UsageError(f"{path}: is a file, not a folder; choose another path")
    try:
        path.mkdir(parents=True, exist_ok=True)
        src = template_dir()
        added: list[str] = []
        for rel in template_files():
            dest = path / rel
            if dest.exists() or dest.is_symlink():
                continue
            dest.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(src / rel, dest)
            added.append(rel)
        state = path / STATE_DIR
        state.mkdir(exist_ok=True)
        (state / ".gitignore").write_text(STATE_GITIGNORE, encoding="utf-8")
    except OSError as exc:
        raise WorkspaceError(
            f"{path}: cannot create the workspace ({exc.strerror}); check permissions"
        ) from exc

    fresh_repo = not (path / ".git").exists()
    store = GitStore.init(path) if fresh_repo else GitStore(path)
    to_commit = list(added)
    if adopt and fresh_repo:
        # A folder that was not under git: its markdown becomes the first version of memory.
        to_commit += [
            p.relative_to(path).as_posix()
            for p in path.rglob("*.md")
            if p.is_file() and STATE_DIR not in p.parts and ".git" not in p.parts
        ]
    if adopt:
        message = f"init: adopt {path.name} as a jarvis workspace ({len(added)} template files added)"
    else:
        message = "init: new jarvis workspace from template"
    with store.lock():
        sha = store.commit_paths(to_commit, message)
    return InitResult(path.resolve(), tuple(added), adopt, sha)
