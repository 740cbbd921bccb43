"""Shared fixtures: hermetic HOME and env, workspaces made by `jarvis init`, the CLI runner."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from jarvis.cli import main
from jarvis.workspace import Workspace

CLEARED_ENV = (
    "JARVIS_WORKSPACE",
    "ANTHROPIC_API_KEY",
    "ANTHROPIC_BASE_URL",
    "OPENAI_API_KEY",
    "OPENAI_BASE_URL",
    "GIT_DIR",
    "GIT_WORK_TREE",
    "EDITOR",
    "VISUAL",
)


@pytest.fixture(autouse=True)
def isolated_env(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("GIT_CONFIG_GLOBAL", str(home / ".gitconfig"))
    monkeypatch.setenv("GIT_CONFIG_NOSYSTEM", "1")
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    monkeypatch.setenv("TRANSFORMERS_OFFLINE", "1")
    monkeypatch.setenv("JARVIS_AUTOSTART", "0")
    for var in CLEARED_ENV:
        monkeypatch.delenv(var, raising=False)
    return home


CliFn = Callable[..., Result]


@pytest.fixture
def cli() -> CliFn:
    """Run `jarvis ARGS…` in-process; returns click's Result (exit_code, output, stderr)."""
    runner = CliRunner()

    def invoke(*args: str, input: str | None = None, workspace: Path | Workspace | None = None) -> Result:
        argv = list(args)
        if workspace is not None:
            root = workspace.root if isinstance(workspace, Workspace) else workspace
            argv = ["-w", str(root), *argv]
        return runner.invoke(main, argv, input=input, catch_exceptions=False, obj={})

    return invoke


@pytest.fixture
def ws(tmp_path: Path, cli: CliFn) -> Workspace:
    """A fresh workspace made by `jarvis init` under tmp_path."""
    root = tmp_path / "ws"
    result = cli("init", str(root))
    assert result.exit_code == 0, result.output
    return Workspace(root.resolve())


def write_files(ws: Workspace, files: dict[str, str | bytes]) -> None:
    """Create files in a workspace from a {relative path: content} dict."""
    for rel, content in files.items():
        path = ws.root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")


@pytest.fixture(scope="session")
def embedder() -> Iterator[object]:
    """The real default embedding model, loaded once per test session."""
    from jarvis.config import EmbeddingConfig
    from jarvis.index.embed import load_embedder

    yield load_embedder(EmbeddingConfig())
