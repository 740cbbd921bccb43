"""The learning loop, end to end, on hand-labelled sessions: observe -> reflect -> accept everything.

    python bench/eval_learning.py [--split dev|heldout|heldout2|all] [--verbose] [--data DIR]

For each split of tests/data/learning/labels.json it makes a workspace with `jarvis init`,
imports and observes every session through the real CLI (offline: no API key), runs
`jarvis reflect --offline`, accepts every open proposal with `jarvis review accept`, and prints:
fact recall (explicit / implicit), decoys kept, secrets found in any git object, fragments
per session, share of facts in MEMORY.md, and dating accuracy (fragment `created` day ==
the session's day). Plain-text sessions carry no timestamps: their file's mtime is set to
the session's day, as a transcript saved that day would have.

The `heldout` sessions were written before the observer was tuned and are never tuned to;
`heldout2` was written after `heldout` had been read once, and is likewise never tuned to. Each
split is reported on its own row.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
os.environ["JARVIS_AUTOSTART"] = "0"
for _var in (
    "ANTHROPIC_API_KEY",
    "OPENAI_API_KEY",
    "OPENAI_BASE_URL",
    "ANTHROPIC_BASE_URL",
    "JARVIS_WORKSPACE",
):
    os.environ.pop(_var, None)  # offline: the rule-based observer, as on a fresh machine
HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from click.testing import CliRunner  # noqa: E402

from jarvis.cli import main  # noqa: E402
from jarvis.fragment import Fragment  # noqa: E402
from jarvis.notes import iter_fragments  # noqa: E402
from jarvis.observe.importers import read_transcript  # noqa: E402
from jarvis.workspace import Workspace  # noqa: E402

DATA = HERE.parent / "tests" / "data" / "learning"
BARS = {"explicit": 0.9, "implicit": 0.7, "decoys": 0, "secrets": 0, "memory": 0.6, "dating": 1.0}
_IMPORTED_RE = re.compile(r"^imported (?P<path>.+) as (?P<sid>\S+) \(", re.MULTILINE)


@dataclass
class SplitResult:
    split: str
    sessions: int = 0
    found: dict[str, list[bool]] = field(default_factory=lambda: {"explicit": [], "implicit": []})
    in_memory: list[bool] = field(default_factory=list)
    decoys_kept: list[str] = field(default_factory=list)
    secrets_in_git: list[str] = field(default_factory=list)
    fragments: int = 0
    dated: list[bool] = field(default_factory=list)
    misses: list[str] = field(default_factory=list)
    proposals: int = 0
    accepted: int = 0
    accept_failed: list[str] = field(default_factory=list)
    detected: list[bool] = field(default_factory=list)  # Claude Code transcripts recognised without --format


def has_keys(text: str, keys: Sequence[str]) -> bool:
    """Every key appears in `text` as whole words, ignoring case, a plural allowed ("PDF" is found in
    "wants PDFs"; "dog" is not found in "dogged")."""
    return all(re.search(rf"(?<!\w){re.escape(k)}(?:s|es)?(?!\w)", text, re.IGNORECASE) for k in keys)


def cli(*args: str, check: bool = True) -> str:
    result = CliRunner().invoke(main, list(args), catch_exceptions=False, obj={})
    if check and result.exit_code != 0:
        raise SystemExit(f"jarvis {' '.join(args)} failed ({result.exit_code}):\n{result.output}")
    return result.output if result.exit_code == 0 else ""


def stage(session: dict[str, Any], folder: Path) -> Path:
    """Copy a session file to a scratch folder; plain text gets the session's day as its mtime."""
    src = Path(session["path"])
    dst = folder / session["file"]
    shutil.copyfile(src, dst)
    if dst.suffix == ".txt":
        noon = datetime.fromisoformat(session["date"] + "T12:00:00").astimezone().timestamp()
        os.utime(dst, (noon, noon))
    return dst


def session_of(fragment: Fragment) -> str:
    src = fragment.source
    if isinstance(src, dict):
        return str(src.get("session") or src.get("session_id") or "")
    return str(src or "").split(":", 1)[0]


def git_objects_text(root: Path) -> str:
    """Every object in the repository (all refs, unreachable ones too), as text."""
    out = subprocess.run(
        ["git", "cat-file", "--batch-all-objects", "--batch"], cwd=root, capture_output=True, check=True
    )
    return out.stdout.decode("utf-8", errors="replace")


def run_split(split: str, sessions: list[dict[str, Any]], tmp: Path, verbose: bool) -> SplitResult:
    """Each session is a different person, so each gets its own workspace (one person's memory)."""
    res = SplitResult(split, sessions=len(sessions))
    for session in sessions:
        run_session(session, tmp / split / session["name"], res, verbose)
    return res


def run_session(session: dict[str, Any], folder: Path, res: SplitResult, verbose: bool) -> None:
    root = folder / "ws"
    cli("init", str(root))
    ws_args = ("-w", str(root))
    path = stage(session, folder)
    fmt = ("--format", "claude-code") if path.suffix == ".jsonl" else ()
    if fmt:
        res.detected.append(read_transcript(path)[0] == "claude-code")
    out = cli(*ws_args, "observe", "--import", str(path), *fmt)
    m = _IMPORTED_RE.search(out)
    if not m:
        raise SystemExit(f"observe did not say how it imported {path}:\n{out}")
    sid = m.group("sid")
    cli(*ws_args, "reflect", "--offline")
    open_ids = [p["id"] for p in json.loads(cli(*ws_args, "review", "--json"))]
    res.proposals += len(open_ids)
    for pid in open_ids:  # one by one: a proposal that does not merge is counted, not fatal
        if cli(*ws_args, "review", "accept", pid, check=False):
            res.accepted += 1
        else:
            res.accept_failed.append(f"{session['name']}: {pid}")
    ws = Workspace(root.resolve())
    frags = [f for _, f in iter_fragments(ws)]
    memory = ws.memory_md.read_text(encoding="utf-8")
    bullets = [ln for ln in memory.splitlines() if ln.lstrip().startswith("- ")]
    own = [f for f in frags if session_of(f) == sid]
    res.fragments += len(own)
    res.dated += [(f.created or "")[:10] == session["date"] for f in own]
    allowed = [f for f in frags if f.status == "active" and (f.gate or "allow") == "allow"]
    for fact in session["facts"]:
        hit = any(has_keys(f.body, fact["keys"]) for f in allowed)
        res.found[fact["kind"]].append(hit)
        res.in_memory.append(any(has_keys(b, fact["keys"]) for b in bullets))
        if not hit:
            res.misses.append(f"{session['name']}: {fact['kind']} {fact['keys']} ({fact['said']!r})")
    for keys in session["decoys"]:
        res.decoys_kept += [
            f"{session['name']}: {keys} in {f.body.splitlines()[0]!r}"
            for f in frags
            if has_keys(f.body, keys)
        ]
    objects = git_objects_text(root)
    # whole tokens only: a short secret (a 4-digit alarm code) also occurs inside hashes and timestamps
    res.secrets_in_git += [
        f"{session['name']}: {s[:6]}…"
        for s in session["secrets"]
        if re.search(rf"(?<!\w){re.escape(s)}(?!\w)", objects)
    ]
    if verbose:
        print(f"\n#### {session['name']} ({res.split}): fragments, then MEMORY.md bullets\n")
        for f in frags:
            print(f"- [{f.category}/{f.gate}/{f.type}] {f.body.splitlines()[0]}")
        print("\n".join(bullets) or "(no bullets)")


def ratio(values: Sequence[bool]) -> float:
    return sum(values) / len(values) if values else float("nan")


def report(results: list[SplitResult]) -> bool:
    print("### Learning loop on labelled sessions (offline observer, accept every proposal)\n")
    head = (
        "| split | sessions | explicit recall | implicit recall | decoys kept | secrets in git | "
        "fragments / session | proposals accepted | in MEMORY.md | dated by session |"
    )
    print(head)
    print("|" + "---|" * (head.count("|") - 1))
    ok = True
    for r in results:
        exp, imp = ratio(r.found["explicit"]), ratio(r.found["implicit"])
        mem, dated = ratio(r.in_memory), ratio(r.dated)
        print(
            f"| {r.split} | {r.sessions} | {exp:.2f} ({sum(r.found['explicit'])}/{len(r.found['explicit'])}) | "
            f"{imp:.2f} ({sum(r.found['implicit'])}/{len(r.found['implicit'])}) | {len(r.decoys_kept)} | "
            f"{len(r.secrets_in_git)} | {r.fragments / max(1, r.sessions):.1f} | {r.accepted}/{r.proposals} | "
            f"{mem:.2f} ({sum(r.in_memory)}/{len(r.in_memory)}) | {dated:.2f} ({sum(r.dated)}/{len(r.dated)}) |"
        )
        ok &= (
            exp >= BARS["explicit"]
            and imp >= BARS["implicit"]
            and not r.decoys_kept
            and not r.secrets_in_git
            and mem >= BARS["memory"]
            and dated >= BARS["dating"]
        )
    print(
        f"\nbars: explicit >= {BARS['explicit']}, implicit >= {BARS['implicit']}, 0 decoys, 0 secrets, "
        f"MEMORY.md >= {BARS['memory']}, dating {BARS['dating']}: {'met' if ok else 'NOT met'}\n"
    )
    for r in results:
        failed = [f"jarvis review accept {pid} failed" for pid in r.accept_failed]
        if not all(r.detected):
            print(
                f"{r.split}: {r.detected.count(False)} of {len(r.detected)} Claude Code transcripts are not "
                "recognised without --format claude-code (they open with a file-history-snapshot line)"
            )
        for title, rows in (
            ("missed", r.misses),
            ("decoys kept", r.decoys_kept),
            ("secrets", r.secrets_in_git),
            ("proposals not accepted", failed),
        ):
            if rows:
                print(f"{r.split}, {title}:")
                print("\n".join(f"  - {row}" for row in rows))
    return ok


@contextlib.contextmanager
def judge_for(how: str, split: str, tmp: Path, threshold: float | None = None) -> Iterator[None]:
    """Run with the shipped judge, one trained without `split` (on tests/data/learning), or none."""
    from jarvis.observe import judge

    saved, for_embedding = judge.WEIGHTS, judge.Judge.__dict__["for_embedding"]
    try:
        if how == "off":  # what `[observe] judge = false` gives every workspace: rules only
            judge.Judge.for_embedding = classmethod(lambda cls, cfg, threshold=None: None)  # type: ignore[method-assign,assignment]
        elif how == "held-out":
            judge.WEIGHTS = tmp / f"judge-without-{split}.json"
            subprocess.run(
                [sys.executable, str(HERE / "train_judge.py"), "--exclude", split, "--out", str(judge.WEIGHTS),
                 "--threshold", str(threshold or judge.Weights.load(saved).threshold)],
                check=True, capture_output=True,
            )  # fmt: skip
        elif threshold is not None:
            judge.WEIGHTS = tmp / "judge-at-threshold.json"
            raw = json.loads(saved.read_text(encoding="utf-8"))
            judge.WEIGHTS.write_text(json.dumps({**raw, "threshold": threshold}), encoding="utf-8")
        judge.weights.cache_clear()
        yield
    finally:
        judge.WEIGHTS = saved
        judge.Judge.for_embedding = for_embedding  # type: ignore[method-assign]
        judge.weights.cache_clear()


def main_(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--split", default="all", help="dev, heldout, heldout2 … or all (default).")
    parser.add_argument("--verbose", "-v", action="store_true", help="Print every fragment and bullet.")
    parser.add_argument(
        "--data", type=Path, default=DATA, help="A folder of sessions with its own labels.json (same format)."
    )
    parser.add_argument(
        "--judge",
        choices=("shipped", "held-out", "off"),
        default="shipped",
        help="The learned judge (adr/0091): the shipped weights; weights trained on every split but "
        "the one scored (its honest measure); or rules only.",
    )
    parser.add_argument(
        "--threshold", type=float, default=None, help="Judge threshold (default: the shipped one)."
    )
    args = parser.parse_args(argv)
    data = args.data.resolve()
    labels = json.loads((data / "labels.json").read_text(encoding="utf-8"))
    for session in labels["sessions"]:
        session["path"] = data / session["file"]
    found = list(dict.fromkeys(s["split"] for s in labels["sessions"]))
    splits = found if args.split == "all" else [args.split]
    if not set(splits) <= set(found):
        parser.error(f"--split {args.split}: the labels have {', '.join(found)}")
    results = []
    with tempfile.TemporaryDirectory() as tmp:
        # the person's model cache stays (the ONNX copy is derived once), the rest of HOME is scratch
        os.environ.setdefault("XDG_CACHE_HOME", str(Path.home() / ".cache"))
        os.environ["HOME"] = str(Path(tmp) / "home")
        os.environ["GIT_CONFIG_GLOBAL"] = str(Path(tmp) / "home" / ".gitconfig")
        (Path(tmp) / "home").mkdir()
        for split in splits:
            chosen = [s for s in labels["sessions"] if s["split"] == split]
            with judge_for(args.judge, split, Path(tmp), args.threshold):
                results.append(run_split(split, chosen, Path(tmp), args.verbose))
    return 0 if report(results) else 1


if __name__ == "__main__":
    sys.exit(main_())
