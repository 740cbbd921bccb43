"""Recall: hybrid ranking, filters, gate/status, decay, access records, freshness, CLI and batch."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from conftest import write_files

from jarvis.index.access import read_access
from jarvis.index.recall import handle_request, recall
from jarvis.workspace import Workspace


def fragment(ident: str, body: str, **meta: str) -> str:
    extra = "".join(f"{k}: {v}\n" for k, v in meta.items())
    return f"---\nid: {ident}\n{extra}---\n{body}\n"


CORPUS = {
    "memory/notes/preferences/coffee.md": fragment(
        "mem-1",
        "Prefers dark roast coffee brewed in a moka pot.",
        category="preferences",
        created="2024-05-01",
    ),
    "memory/notes/operations/deploy.md": fragment(
        "mem-2",
        "Deploys run through scripts/deploy.sh with --dry-run first.",
        category="operations",
        created="2024-04-01",
    ),
    "memory/notes/projects/secret.md": fragment(
        "mem-3",
        "The zebra project codename is held back.",
        category="projects",
        gate="hold",
        created="2024-05-01",
    ),
    "memory/notes/projects/old.md": fragment(
        "mem-4",
        "The zebra migration finished long ago.",
        category="projects",
        status="archived",
        created="2023-01-01",
    ),
    "memory/notes/projects/zebra-dup.md": fragment(
        "mem-5",
        "The zebra project codename was replaced by a merged note.",
        category="projects",
        status="superseded",
        superseded_by="mem-3",
        created="2024-05-01",
    ),
    "memory/2024-05-02.md": "# 2024-05-02\n\n- Talked with Priya about the espresso grinder.\n- Fixed the flaky login test.\n",
    "memory/2023-05-02.md": "# 2023-05-02\n\n- Fixed the flaky login test once before.\n",
}
NOW = "2024-05-03T12:00"


def test_finds_by_meaning_and_by_keyword_with_signals(ws: Workspace, embedder: object) -> None:
    write_files(ws, CORPUS)
    by_meaning = recall(ws, "what hot drink do I like", embedder=embedder, now=NOW, record=False)  # type: ignore[arg-type]
    coffee = next(h for h in by_meaning.hits if h.path == "memory/notes/preferences/coffee.md")
    assert by_meaning.hits.index(coffee) <= 1  # the template USER.md may talk about likes too
    assert coffee.fragment_id == "mem-1" and coffee.category == "preferences"
    by_word = recall(ws, "deploy.sh dry-run", embedder=embedder, now=NOW, record=False)  # type: ignore[arg-type]
    top = by_word.hits[0]
    assert top.path == "memory/notes/operations/deploy.md"
    assert set(top.signals) >= {"bm25", "vector", "fused", "decay", "final"} and top.signals["bm25"] == 1.0
    assert top.score == top.signals["final"]


def test_filters_and_held_or_archived_exclusion(ws: Workspace, embedder: object) -> None:
    write_files(ws, CORPUS)
    kw = {"embedder": embedder, "now": NOW, "record": False, "k": 10, "settings": {"decay": False}}
    plain = recall(ws, "zebra project", **kw)  # type: ignore[arg-type]
    assert not any(h.path.endswith(("secret.md", "old.md", "zebra-dup.md")) for h in plain.hits)
    held = recall(ws, "zebra project", include_held=True, **kw)  # type: ignore[arg-type]
    assert {
        "memory/notes/projects/secret.md",
        "memory/notes/projects/old.md",
        "memory/notes/projects/zebra-dup.md",
    } <= {h.path for h in held.hits}
    only_ops = recall(ws, "coffee deploy", category="operations", **kw)  # type: ignore[arg-type]
    assert [h.path for h in only_ops.hits] == ["memory/notes/operations/deploy.md"]
    logs = recall(ws, "flaky login test", path_glob="memory/2024-*", **kw)  # type: ignore[arg-type]
    assert logs.hits and all(h.path.startswith("memory/2024-") for h in logs.hits)
    dated = recall(ws, "flaky login test", until="2023-12-31", **kw)  # type: ignore[arg-type]
    assert [h.path for h in dated.hits] == ["memory/2023-05-02.md"]


def test_decay_prefers_recent_and_spares_evergreen(ws: Workspace, embedder: object) -> None:
    write_files(ws, CORPUS)
    write_files(ws, {"USER.md": "# User\n\n- Fixed the flaky login test years ago.\n"})
    result = recall(
        ws,
        "fixed the flaky login test",
        embedder=embedder,
        now=NOW,
        record=False,
        k=40,
        settings={"mmr": False, "decay": True},  # type: ignore[arg-type]
    )
    by_path = {h.path: h for h in result.hits}
    assert by_path["memory/2023-05-02.md"].signals["decay"] < 0.01  # a year at 30-day half-life
    assert by_path["memory/2024-05-02.md"].signals["decay"] > 0.9
    assert by_path["USER.md"].signals["decay"] == 1.0
    off = recall(
        ws,
        "fixed the flaky login test",
        embedder=embedder,
        now=NOW,
        record=False,
        k=10,
        settings={"decay": False},  # type: ignore[arg-type]
    )
    assert all(h.signals["decay"] == 1.0 for h in off.hits)


def test_access_is_recorded_unless_asked_not_to(ws: Workspace, embedder: object) -> None:
    write_files(ws, CORPUS)
    recall(ws, "coffee", embedder=embedder, now=NOW, record=False, k=1)  # type: ignore[arg-type]
    assert read_access(ws) == {}
    recall(ws, "coffee moka", embedder=embedder, now=NOW, k=1)  # type: ignore[arg-type]
    recall(ws, "coffee moka", embedder=embedder, now=NOW, k=1)  # type: ignore[arg-type]
    access = read_access(ws)
    assert access["memory/notes/preferences/coffee.md"][0] == 2
    assert "memory/notes/operations/deploy.md" not in access
    status = subprocess.run(
        ["git", "-C", str(ws.root), "status", "--porcelain", "--ignored=no"], capture_output=True, text=True
    ).stdout
    assert all(".jarvis" not in line for line in status.splitlines())  # access counts never reach git


def test_a_file_saved_a_moment_ago_is_found_by_the_next_recall(ws: Workspace, embedder: object) -> None:
    write_files(ws, CORPUS)
    recall(ws, "coffee", embedder=embedder, now=NOW, record=False)  # type: ignore[arg-type]
    write_files(ws, {"memory/2024-05-03.md": "- Adopted a greyhound named Pixel.\n"})
    result = recall(ws, "greyhound Pixel", embedder=embedder, now=NOW, record=False)  # type: ignore[arg-type]
    assert result.hits[0].path == "memory/2024-05-03.md"
    assert result.synced is not None and result.synced.new == ("memory/2024-05-03.md",)
    (ws.root / "memory/2024-05-03.md").unlink()
    gone = recall(ws, "greyhound Pixel", embedder=embedder, now=NOW, record=False)  # type: ignore[arg-type]
    assert all(h.path != "memory/2024-05-03.md" for h in gone.hits)
    assert not gone.freshness.stale


def test_profiles_mmr_and_rrf(ws: Workspace, embedder: object) -> None:
    write_files(
        ws, {f"memory/2024-05-{d:02d}.md": f"- Espresso tasting note number {d}.\n" for d in range(1, 20)}
    )
    write_files(ws, {"memory/2024-04-30.md": "- Espresso machine descaling schedule: monthly.\n"})
    kw = {"embedder": embedder, "now": NOW, "record": False}
    assert len(recall(ws, "espresso", profile="lean", **kw).hits) == 3  # type: ignore[arg-type]
    assert len(recall(ws, "espresso tasting notes please", profile="deep", **kw).hits) == 12  # type: ignore[arg-type]
    assert recall(ws, "espresso", profile="auto", **kw).profile == "lean"  # type: ignore[arg-type]
    settings = {"decay": False, "mmr": True, "mmr_lambda": 0.3}
    diverse = recall(ws, "espresso tasting", k=3, settings=settings, **kw)  # type: ignore[arg-type]
    plain = recall(ws, "espresso tasting", k=3, settings={"decay": False, "mmr": False}, **kw)  # type: ignore[arg-type]

    def tasting(hits: list) -> int:  # type: ignore[type-arg]
        return sum("tasting note" in h.text for h in hits)

    assert tasting(plain.hits) == 3
    assert tasting(diverse.hits) < 3  # near-duplicates give way to something different
    rrf = recall(ws, "espresso descaling", fusion="rrf", settings={"decay": False}, **kw)  # type: ignore[arg-type]
    assert rrf.hits[0].path == "memory/2024-04-30.md" and 0 < rrf.hits[0].signals["fused"] <= 1


def test_handle_request_batch_matches_single_requests(ws: Workspace, embedder: object) -> None:
    write_files(ws, CORPUS)
    single = handle_request(ws, {"query": "moka pot", "now": NOW, "record": False, "k": 2}, embedder)  # type: ignore[arg-type]
    batch = handle_request(
        ws,
        {
            "batch": [{"qid": "a", "query": "moka pot"}, {"qid": "b", "query": "deploy"}],
            "k": 2,
            "now": NOW,
            "record": False,
        },
        embedder,  # type: ignore[arg-type]
    )
    assert [r["qid"] for r in batch["results"]] == ["a", "b"]
    assert batch["results"][0]["hits"] == single["hits"]
    json.dumps(single)  # JSON-ready


def test_cli_recall_json_table_batch_and_index_status(
    cli, ws: Workspace, embedder: object, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    from jarvis.index.sync import reconcile

    write_files(ws, CORPUS)
    reconcile(ws, embedder=embedder)  # type: ignore[arg-type]
    status = cli("index", "--status", workspace=ws)
    assert status.exit_code == 0 and "fresh" in status.output
    out = cli("recall", "moka", "pot", "--json", "--no-record", "--now", NOW, workspace=ws)
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    assert data["hits"][0]["path"] == "memory/notes/preferences/coffee.md"
    assert {"bm25", "vector", "decay", "final"} <= set(data["hits"][0]["signals"])
    table = cli("recall", "moka pot", "--no-record", "--now", NOW, workspace=ws)
    assert "memory/notes/preferences/coffee.md:6" in table.output and "index:" in table.output
    batch = tmp_path / "q.jsonl"
    batch.write_text(
        '{"qid": "q1", "query": "moka pot", "now": "2024-05-03"}\n{"qid": "q2", "query": "deploy"}\n'
    )
    lines = cli("recall", "--batch", str(batch), "-k", "2", "--no-record", workspace=ws).output.splitlines()
    assert [json.loads(line)["qid"] for line in lines] == ["q1", "q2"]
    hit = json.loads(lines[0])["hits"][0]
    assert {"path", "start_line", "end_line", "text", "score"} <= set(hit)
    only = cli("recall", "moka pot", "--json", "--no-record", "--path", "memory/notes/*", workspace=ws)
    assert only.exit_code == 0, only.output
    paths = {h["path"] for h in json.loads(only.output)["hits"]}
    assert paths and all(p.startswith("memory/notes/") for p in paths)
    none = cli("recall", "moka pot", "--json", "--no-record", "--path", "nowhere/*.md", workspace=ws)
    assert none.exit_code == 0 and json.loads(none.output)["hits"] == []
    bad = cli("recall", "x", "--now", "yesterday-ish", workspace=ws)
    assert bad.exit_code == 2 and "--now" in bad.output
    assert read_access(ws) == {}


def test_adjacent_results_merge_into_one_passage(ws: Workspace, embedder: object) -> None:
    log = "# 2024-05-02\n\n- Where did we put the spare key?\n- Under the blue flowerpot by the door.\n- Unrelated: bought milk.\n"
    write_files(ws, {"memory/2024-05-02.md": log})
    kw = {"embedder": embedder, "now": NOW, "record": False, "k": 3, "path_glob": "memory/*"}
    apart = recall(
        ws, "spare key flowerpot", settings={"merge_adjacent_chars": 0, "mmr": False, "max_per_file": 0}, **kw
    )  # type: ignore[arg-type]
    joined = recall(
        ws,
        "spare key flowerpot",
        settings={"merge_adjacent_chars": 600, "mmr": False, "max_per_file": 0},
        **kw,
    )  # type: ignore[arg-type]
    assert len(apart.hits) == 3
    top = joined.hits[0]
    assert top.start_line <= 3 and top.end_line >= 4  # the question and its answer, one passage
    assert "spare key" in top.text and "flowerpot" in top.text
    assert top.text.splitlines()[0].startswith("- Where did")  # in file order
