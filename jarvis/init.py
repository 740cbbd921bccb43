"""`jarvis init`: make a workspace from the template, or adopt an existing folder."""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path

from jarvis.errors import UsageError, WorkspaceError
from jarvis.fsutil import atomic_write
from jarvis.gitstore import GitStore
from jarvis.redact import find_secrets, redact
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


class SecretsFound(UsageError):
    """Files to be adopted hold secrets; the person chooses: redact them or keep them."""

    def __init__(self, message: str, found: dict[str, list[str]]):
        super().__init__(message)
        self.found = found


@dataclass(frozen=True)
class InitResult:
    root: Path
    added: tuple[str, ...]
    adopted: bool
    sha: str | None
    notes: int = 0  # markdown files the adopted folder already held


def adopt_candidates(path: Path) -> list[str]:
    """The markdown files an adopt of a folder not yet under git commits as memory's first version."""
    if (path / ".git").exists() or not path.is_dir():
        return []
    return sorted(
        p.relative_to(path).as_posix()
        for p in path.rglob("*.md")
        if p.is_file() and not p.is_symlink() and STATE_DIR not in p.parts and ".git" not in p.parts
    )


def markdown_in(path: Path) -> int:
    """How many markdown files a folder holds (outside .git and .jarvis)."""
    return sum(
        1 for p in path.rglob("*.md") if p.is_file() and STATE_DIR not in p.parts and ".git" not in p.parts
    )


def looks_like_notes(path: Path, home: Path) -> bool:
    """A folder of someone's notes: markdown within two levels, or an Obsidian vault.

    Never the home folder or the filesystem root, never a workspace already, and never a
    folder with workspaces inside it.
    """
    try:
        resolved = path.resolve()
        if resolved in (home.resolve(), Path(resolved.anchor)) or (path / CONFIG_NAME).exists():
            return False
        if any(True for pattern in ("*/" + CONFIG_NAME, "*/*/" + CONFIG_NAME) for _ in path.glob(pattern)):
            return False  # a folder that holds workspaces is not itself a notes folder
        if (path / ".obsidian").is_dir():
            return True
        return any(p.is_file() for pattern in ("*.md", "*/*.md", "*/*/*.md") for p in path.glob(pattern))
    except OSError:
        return False


def secrets_in(path: Path, rels: list[str]) -> dict[str, list[str]]:
    """{file: kinds of secret found} for the files about to be committed."""
    found: dict[str, list[str]] = {}
    for rel in rels:
        try:
            raw = (path / rel).read_bytes()
        except OSError:
            continue
        kinds = [f.kind for f in find_secrets(raw.decode("utf-8", errors="replace"))]
        if kinds:
            found[rel] = list(dict.fromkeys(kinds))
    return found


def redact_files(path: Path, rels: list[str]) -> None:
    """Replace the secrets in these files, in place (the person asked for it); each keeps its mtime."""
    import os

    for rel in rels:
        target = path / rel
        stat = target.stat()
        raw = target.read_bytes()
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise UsageError(
                f"{target}: not UTF-8, so jarvis cannot redact it; re-save it as UTF-8 or move it out"
            ) from exc
        atomic_write(target, redact(text)[0])
        os.utime(target, ns=(stat.st_atime_ns, stat.st_mtime_ns))  # its date is its mtime (adr/0088)


def init_workspace(path: Path, *, adopt: bool = False, secrets: str = "refuse") -> InitResult:
    """Create or adopt a workspace. `secrets`: what to do with secrets in adopted files —
    "refuse" (raise, naming them), "redact" (replace them in the files first) or "keep"."""
    path = path.expanduser().absolute()
    candidates = adopt_candidates(path) if adopt else []
    if adopt:
        found = secrets_in(path, candidates)
        if found and secrets == "refuse":
            listed = "; ".join(f"{rel} ({', '.join(kinds)})" for rel, kinds in list(found.items())[:5])
            more = f" and {len(found) - 5} more" if len(found) > 5 else ""
            raise SecretsFound(
                f"{len(found)} file(s) hold what look like secrets: {listed}{more}; nothing was changed — "
                "run again with --redact to replace them in the files before the first commit, "
                "or --keep-secrets to commit them as they are",
                found,
            )
        if found and secrets == "redact":
            redact_files(path, list(found))
    if (path / CONFIG_NAME).is_file():
        raise UsageError(f"{path}: already a jarvis workspace; use it with `jarvis -w {path} …`")
    existing = [p for p in path.iterdir() if p.name != ".git"] if path.is_dir() else []
    adopt = adopt and bool(existing)  # an empty or missing folder is created, not adopted
    notes = markdown_in(path) if adopt else 0
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
    from jarvis.merge import install_drivers

    if ".gitattributes" in install_drivers(path):  # so a plain `git pull` merges memory by entry
        added.append(".gitattributes")
    to_commit = list(added)
    if adopt and fresh_repo:
        # A folder that was not under git: its markdown becomes the first version of memory.
        to_commit += [rel for rel in candidates if rel not in to_commit]
    if adopt:
        message = (
            f"init: adopt {path.resolve().name or path.resolve()} as a jarvis workspace "
            f"({notes} notes kept as they are, {len(added)} template files added)"
        )
        if fresh_repo and len(to_commit) > len(added):
            from jarvis.notes import ADOPT_TRAILER

            message += f"\n\n{ADOPT_TRAILER}\n"  # this commit is not when those notes were written
    else:
        message = f"init: new jarvis workspace {path.resolve().name or path.resolve()} from the template"
    with store.lock():
        sha = store.commit_paths(to_commit, message)
    return InitResult(path.resolve(), tuple(added), adopt, sha, notes)
