"""The first hour: adopt like git, keyword search at once with vectors after, readable results,
a CLI that corrects you, and settings checked value by value (issue 12)."""

from __future__ import annotations

import dataclasses
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import CliFn, write_files

from jarvis.config import CHOICES, FREE_TEXT, RANGES, Config, config_from_dict
from jarvis.errors import ConfigError
from jarvis.index import manifest
from jarvis.index.chunk import has_own_words
from jarvis.index.recall import recall
from jarvis.index.sync import INLINE_EMBED_MAX, fill_vectors, freshness, reconcile
from jarvis.workspace import Workspace

NOW = "2024-06-01"


def git(root: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(root), *args], capture_output=True, text=True, check=True).stdout


def notes_folder(root: Path, names: list[str]) -> Path:
    for n, name in enumerate(names):
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(f"# {path.stem}\n\nNote number {n} about sourdough starters and rye flour.\n")
    return root


# ----------------------------------------------------------------- adopt like git


@pytest.mark.parametrize("flag", [["--adopt"], []])
@pytest.mark.parametrize("folder", ["vault", "My Notes", "café-notes"])
def test_init_without_path_adopts_the_current_notes_folder(
    tmp_path: Path, cli: CliFn, monkeypatch: pytest.MonkeyPatch, flag: list[str], folder: str
) -> None:
    vault = notes_folder(tmp_path / folder, ["a.md", "sub/b.md", "sub/deeper/c.md"])
    before = {p: p.read_bytes() for p in vault.rglob("*.md")}
    monkeypatch.chdir(vault)
    result = cli("init", *flag)
    assert result.exit_code == 0, result.output
    assert f"adopted {vault.resolve()}" in result.output and "3 notes kept" in result.output
    assert "added " in result.output and "jarvis.toml" in result.output
    assert (vault / "jarvis.toml").is_file()
    assert not (Path.home() / "jarvis").exists(), "adopted ~/jarvis instead of the current folder"
    assert {p: p.read_bytes() for p in before} == before  # the person's notes untouched
    message = git(vault, "log", "-1", "--format=%s")
    assert message.startswith(f"init: adopt {folder} as a jarvis workspace (3 notes kept")
    assert "  " not in message
    # searchable by keywords right away, before any vector exists
    hits = json.loads(cli("recall", "sourdough rye", "--json", "--no-record").stdout)
    assert hits["hits"] and hits["hits"][0]["path"].endswith(".md")


def test_init_without_path_outside_a_notes_folder_creates_the_default(
    tmp_path: Path, cli: CliFn, monkeypatch: pytest.MonkeyPatch
) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    monkeypatch.chdir(empty)
    result = cli("init")
    assert result.exit_code == 0, result.output
    home_ws = Path.home() / "jarvis"
    assert f"created workspace {home_ws.resolve()}" in result.output
    assert not (empty / "jarvis.toml").exists()
    assert (
        git(home_ws, "log", "-1", "--format=%s").strip()
        == "init: new jarvis workspace jarvis from the template"
    )


def test_init_in_home_never_adopts_home(cli: CliFn, monkeypatch: pytest.MonkeyPatch) -> None:
    (Path.home() / "README.md").write_text("# my home readme\n")
    monkeypatch.chdir(Path.home())
    result = cli("init")
    assert result.exit_code == 0, result.output
    assert not (Path.home() / "jarvis.toml").exists()
    assert (Path.home() / "jarvis" / "jarvis.toml").exists()


def test_adopt_of_a_missing_folder_says_created(tmp_path: Path, cli: CliFn) -> None:
    result = cli("init", "--adopt", str(tmp_path / "new"))
    assert result.exit_code == 0, result.output
    assert result.output.startswith("created workspace")


# ------------------------------------------------ searchable at once, vectors after


def test_bm25_answers_before_vectors_and_hybrid_after(ws: Workspace, embedder: object) -> None:
    many = INLINE_EMBED_MAX + 20  # more than recall embeds before answering
    files = {
        f"memory/topic-{i}.md": f"# Topic {i}\n\nThe kiln{i} firing schedule for glaze batch {i}.\n"
        for i in range(many)
    }
    files["memory/bread.md"] = "# Bread\n\nMy sourdough starter is fed with rye flour every morning.\n"
    write_files(ws, files)
    first = reconcile(ws, embedder=embedder, embed_limit=0)  # type: ignore[arg-type]
    assert first.chunks_unembedded == first.chunks_total > many
    # recall answers by keywords; a big backlog is left to the filler, and it says how much
    state = freshness(ws)
    assert state.unembedded == first.chunks_total
    # an exact keyword still wins while no vector exists
    found = recall(ws, "kiln17", embedder=embedder, record=False, now=NOW, settings={"max_per_file": 2})  # type: ignore[arg-type]
    assert found.hits[0].path == "memory/topic-17.md"
    assert found.freshness.unembedded == first.chunks_total  # and it says the vectors are missing
    # fill stops when asked and keeps what it stored; a second run finishes
    calls = {"n": 0}

    def stop_after_one() -> bool:
        calls["n"] += 1
        return calls["n"] > 1

    part = fill_vectors(ws, embedder, should_stop=stop_after_one, batch=16)  # type: ignore[arg-type]
    assert part.embedded == 16 and part.remaining == first.chunks_total - 16
    rest = fill_vectors(ws, embedder)  # type: ignore[arg-type]
    assert rest.remaining == 0 and part.embedded + rest.embedded == first.chunks_total
    # with vectors, meaning search finds a paraphrase with no shared keyword
    meaning = recall(ws, "what grain feeds my bread culture", embedder=embedder, record=False, now=NOW)  # type: ignore[arg-type]
    assert meaning.hits[0].path == "memory/bread.md"
    assert meaning.freshness.unembedded == 0


def test_a_vector_filled_for_a_replaced_chunk_is_dropped(ws: Workspace, embedder: object) -> None:
    write_files(ws, {"memory/a.md": "# A\n\nThe heron nests by the old mill pond.\n"})
    reconcile(ws, embedder=embedder, embed_limit=0)  # type: ignore[arg-type]
    conn = manifest.open_store(ws)
    try:
        stale = manifest.pending_vectors(conn, 100)
        write_files(ws, {"memory/a.md": "# A\n\nThe heron moved to the river delta.\n"})
        reconcile(ws, embedder=embedder, embed_limit=0)  # type: ignore[arg-type]
        assert manifest.fill(conn, [(i, b"\0" * 1536) for i, _ in stale]) == 0
        assert manifest.unembedded(conn) > 0
    finally:
        conn.close()


def test_index_command_reports_keywords_first_then_embeds(ws: Workspace, cli: CliFn) -> None:
    count = INLINE_EMBED_MAX + 10
    write_files(ws, {f"memory/n{i}.md": f"# N{i}\n\nLine about otters number {i}.\n" for i in range(count)})
    quick = cli("index", "--no-embed", workspace=ws)
    assert quick.exit_code == 0, quick.output
    assert "wait for their vectors" in quick.output
    assert "new      memory/" not in quick.output and "-v lists the files" in quick.output
    status = cli("index", "--status", workspace=ws)
    assert "wait for their vectors" in status.output
    answer = cli("recall", "otters", "--no-record", workspace=ws)
    assert "otters" in answer.output and "not embedded yet, matched by keywords only" in answer.output
    full = json.loads(cli("index", "--json", workspace=ws).stdout)
    assert full["chunks_unembedded"] == 0 and full["chunks_embedded"] >= count
    assert freshness(ws).unembedded == 0


# ---------------------------------------------------------- results a person can read


@pytest.mark.parametrize(
    ("text", "own"),
    [
        ("[source](http://example.com/17)", False),
        ("- [docs](https://docs.example.org/x)", False),
        ("<https://example.com/a>", False),
        ("https://example.com/only/a/url", False),
        ("## Just a heading", False),
        ("![diagram](img/arch.png)", False),
        ("See [the docs](http://a) for the retry flags", True),
        ("[How Python's GIL really works](http://a)", True),
        ("- bread", True),
        ("猫が好き", True),
        ("Port 5433 is staging", True),
    ],
)
def test_words_of_their_own(text: str, own: bool) -> None:
    assert has_own_words(text) is own


def test_link_only_chunks_are_never_hits_and_one_file_gives_at_most_two(
    ws: Workspace, embedder: object
) -> None:
    body = "\n\n".join(f"Walrus fact {i}: walruses haul out on ice floes in group {i}." for i in range(6))
    write_files(
        ws,
        {
            "memory/walrus.md": f"# Walrus\n\n{body}\n",
            "memory/links.md": "# Walrus links\n\n[walrus source](http://example.org/walrus)\n\n## Walrus\n",
            "memory/other.md": "# Seals\n\nSeals and walruses share the ice floes.\n",
        },
    )
    reconcile(ws, embedder=embedder)  # type: ignore[arg-type]

    def paths_for(**settings: object) -> list[str]:
        found = recall(
            ws, "walrus ice floes", embedder=embedder, record=False, now=NOW, k=8, settings=settings
        )  # type: ignore[arg-type]
        return [h.path for h in found.hits]

    paths = paths_for(merge_adjacent_chars=0)
    assert paths.count("memory/walrus.md") == 2
    assert "memory/links.md" not in paths
    assert "memory/other.md" in paths
    assert paths_for(merge_adjacent_chars=0, max_per_file=0).count("memory/walrus.md") > 2


def test_results_at_80_columns_put_the_snippet_first(
    ws: Workspace, cli: CliFn, monkeypatch: pytest.MonkeyPatch
) -> None:
    write_files(
        ws,
        {
            "memory/notes/deep/folder/structure/kiln.md": "# Kiln\n\nThe kiln firing schedule is cone six, slow cool over eight hours, vent open until 600 degrees.\n"
        },
    )
    monkeypatch.setenv("COLUMNS", "80")
    out = cli("recall", "kiln firing schedule", "--no-record", workspace=ws).output
    lines = out.splitlines()
    assert all(len(line) <= 80 for line in lines), out
    first = next(i for i, line in enumerate(lines) if line.lstrip().startswith("1 "))
    assert "kiln firing schedule" in lines[first].lower()  # the snippet, readable, first
    assert any(
        "memory/notes/deep/folder/structure/kiln.md:3" in line for line in lines[first + 1 : first + 4]
    )
    as_json = json.loads(cli("recall", "kiln firing schedule", "--no-record", "--json", workspace=ws).stdout)
    assert {"query", "profile", "k", "took_ms", "hits", "freshness"} <= set(as_json)


# -------------------------------------------------------------- a CLI that corrects you


@pytest.mark.parametrize(
    ("typo", "meant"),
    [("recal", "recall"), ("remembr", "remember"), ("obsrve", "observe"), ("stauts", "status")],
)
def test_mistyped_command_gets_did_you_mean(cli: CliFn, typo: str, meant: str) -> None:
    result = cli(typo, "x")
    assert result.exit_code == 2
    assert f"Did you mean {meant!r}" in result.output


def test_mistyped_option_gets_did_you_mean(cli: CliFn, ws: Workspace) -> None:
    result = cli("recall", "x", "--jsonn", workspace=ws)
    assert result.exit_code == 2 and "--json" in result.output and "Did you mean" in result.output


def _bad_value(section: str, key: str, default: object) -> object:
    if (section, key) in CHOICES:
        return "fast"
    low, high = RANGES[(section, key)]
    if high is not None:
        return high * 10 + 1 if not isinstance(default, bool) else None
    assert low is not None
    return low - 1


def test_every_setting_has_a_rule() -> None:
    for section in dataclasses.fields(Config):
        for item in dataclasses.fields(getattr(Config(), section.name)):
            default = getattr(getattr(Config(), section.name), item.name)
            key = (section.name, item.name)
            assert isinstance(default, bool) or key in CHOICES or key in RANGES or key in FREE_TEXT, key


@pytest.mark.parametrize(
    ("section", "key"),
    sorted([*CHOICES, *RANGES]),
)
def test_each_bad_value_names_file_key_value_and_what_is_allowed(
    section: str, key: str, tmp_path: Path
) -> None:
    default = getattr(getattr(Config(), section), key)
    bad = _bad_value(section, key, default)
    with pytest.raises(ConfigError) as caught:
        config_from_dict({section: {key: bad}}, str(tmp_path / "jarvis.toml"))
    message = str(caught.value)
    assert str(tmp_path / "jarvis.toml") in message
    assert f"[{section}] {key} = {bad!r}" in message
    assert "use one of" in message or "use a number" in message
    # the default itself is always valid
    config_from_dict({section: {key: default}})


def test_wrong_types_and_unknown_keys_are_named(tmp_path: Path) -> None:
    with pytest.raises(ConfigError) as caught:
        config_from_dict({"recall": {"decay": "yes", "profil": "lean"}, "recal": {}}, "jarvis.toml")
    message = str(caught.value)
    assert "[recall] decay = 'yes': use true or false" in message
    assert "did you mean 'profile'" in message and "did you mean 'recall'" in message


def test_doctor_fails_on_a_bad_value_and_recall_names_the_file(ws: Workspace, cli: CliFn) -> None:
    with (ws.root / "jarvis.toml").open("a", encoding="utf-8") as handle:
        handle.write('\n[recall]\nprofile = "fast"\n')
    doctor = cli("doctor", workspace=ws)
    assert doctor.exit_code != 0
    assert "jarvis.toml" in doctor.output and "profile = 'fast'" in doctor.output and "lean" in doctor.output
    answer = cli("recall", "anything", workspace=ws)
    assert answer.exit_code != 0 and "jarvis.toml" in answer.output and "'fast'" in answer.output


# ----------------------------------------------------------------- honest commit words


def test_reject_commits_say_reject(ws: Workspace, cli: CliFn) -> None:
    from jarvis.gitstore import GitStore
    from jarvis.reflect.apply import apply_proposal
    from jarvis.reflect.proposals import create_branch, make_proposal

    store = GitStore(ws.root)
    p = make_proposal(
        section="Preferences", text="Prefers green tea in the afternoon.", rationale="said twice"
    )
    create_branch(store, p, apply_proposal(store.show_file("HEAD", "MEMORY.md") or "", p, "2026-11-20"))
    result = cli("review", "reject", p.id, "--reason", "not true any more", workspace=ws)
    assert result.exit_code == 0, result.output
    subject = git(ws.root, "log", "-1", "--format=%B")
    assert subject.startswith("reject: Preferences: Prefers green tea")
    assert "Reason: not true any more" in subject


# --------------------------------------------------------------- no surprise on first use


def test_first_model_preparation_prints_one_line_and_no_library_warnings(tmp_path: Path) -> None:
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache"), "HOME": str(tmp_path)}
    done = subprocess.run(
        [sys.executable, "-m", "jarvis", "prepare"], capture_output=True, text=True, env=env, timeout=600
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr.splitlines()[0] == "preparing the embedding model once (~30 s)…"
    assert done.stderr.splitlines()[-1].startswith("embedding model ready (")
    assert len(done.stderr.splitlines()) == 2, done.stderr
    for noise in ("Warning", "Loading weights", "it/s", "TracerWarning"):
        assert noise not in done.stderr + done.stdout
    log = next((tmp_path / "cache" / "jarvis" / "onnx").glob("*/export.log")).read_text()
    assert "Warning" in log  # the library chatter was kept, not lost
    again = subprocess.run(
        [sys.executable, "-m", "jarvis", "prepare"], capture_output=True, text=True, env=env
    )
    assert again.stderr == "" and again.stdout.strip() == "embedding model: ready"


def test_recall_embeds_a_few_waiting_chunks_before_answering(ws: Workspace, cli: CliFn) -> None:
    write_files(ws, {f"memory/s{i}.md": f"# S{i}\n\nA line about herons number {i}.\n" for i in range(5)})
    assert "wait for their vectors" in cli("index", "--no-embed", workspace=ws).output
    answer = cli("recall", "herons", "--no-record", workspace=ws)
    assert "not embedded yet" not in answer.output
    assert freshness(ws).unembedded == 0


def test_init_next_to_workspaces_does_not_adopt_their_parent(
    tmp_path: Path, cli: CliFn, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert cli("init", str(tmp_path / "one")).exit_code == 0
    monkeypatch.chdir(tmp_path)
    assert cli("init").exit_code == 0
    assert not (tmp_path / "jarvis.toml").exists()


def test_help_and_readme_describe_the_ranking_that_ships(cli: CliFn) -> None:
    help_text = " ".join(cli("recall", "--help").output.split())
    assert "decay and MMR diversity are off by default" in help_text
    assert "at most 2 passages come from one file" in help_text
    assert (
        Config().recall.decay is False and Config().recall.mmr is False and Config().recall.max_per_file == 2
    )
    readme = " ".join((Path(__file__).resolve().parent.parent / "README.md").read_text().split())
    assert "Time decay and MMR diversity are off by default" in readme
