"""`make eval`: recall quality on the LoCoMo dev split (../shared/eval), one markdown table.

For each chunking choice and each conversation: `jarvis init` a workspace in a temp
dir, copy the conversation's memory/, `jarvis index`, then ONE `jarvis recall --batch`
process runs every query under every ranking variant (model loaded once), with
--no-record and now = the question's asked_after. score.py scores each variant.
Headline = categories 1-4. Defaults are chosen from this table (adr/0020).

    python bench/eval_locomo.py [--eval-dir ../shared/eval] [--keep DIR] [--only PREFIX,...]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
JARVIS = [sys.executable, "-m", "jarvis"]
# Every non-default row states all the settings it depends on (the shipped defaults may change).
OFF = {"decay": False, "mmr": False, "merge_adjacent_chars": 0}
# name -> (chunk unit, [recall] settings); the first unit's rows come first.
VARIANTS: list[tuple[str, str, dict[str, object]]] = [
    ("**shipped defaults** (jarvis.toml untouched)", "default", {}),
    ("defaults without the 2-per-file cap", "default", {"max_per_file": 0}),
    ('defaults, embedding quantize = "int8"', "default+int8", {}),
    ('defaults, embedding quantize = "none"', "default+fp32", {}),
    ("int8, merge adjacent 600", "default+int8", {"merge_adjacent_chars": 600}),
    ("int8, merge adjacent 900", "default+int8", {"merge_adjacent_chars": 900}),
    ("int8, 3 passages per file", "default+int8", {"max_per_file": 3}),
    ("BM25 only", "block", {"fusion": "bm25"}),
    ("vector only", "block", {"fusion": "vector"}),
    ("weighted 0.7v+0.3b", "block", {"fusion": "weighted"}),
    ("weighted 0.5v+0.5b", "block", {"fusion": "weighted", "vector_weight": 0.5, "bm25_weight": 0.5}),
    ("RRF (k=60)", "block", {"fusion": "rrf"}),
    ("weighted + MMR 0.5", "block", {"fusion": "weighted", "mmr": True, "mmr_lambda": 0.5}),
    ("weighted + MMR 0.7", "block", {"fusion": "weighted", "mmr": True, "mmr_lambda": 0.7}),
    (
        "weighted + decay 30d",
        "block",
        {"fusion": "weighted", "decay": True, "half_life_days": 30.0, "mmr": False},
    ),
    (
        "weighted + decay 180d",
        "block",
        {"fusion": "weighted", "decay": True, "half_life_days": 180.0, "mmr": False},
    ),
    ("RRF + MMR 0.7", "block", {"fusion": "rrf", "decay": False, "mmr": True, "mmr_lambda": 0.7}),
    (
        "SPEC start: weighted+decay 30d+MMR 0.5",
        "block",
        {"fusion": "weighted", "decay": True, "half_life_days": 30.0, "mmr": True, "mmr_lambda": 0.5},
    ),
    ("context 300, embedding only: weighted", "block@300", {"fusion": "weighted"}),
    ("context 300: BM25 only", "block@300+bm25", {"fusion": "bm25"}),
    ("context 300: weighted 0.7v+0.3b", "block@300+bm25", {"fusion": "weighted"}),
    (
        "context 300: weighted 0.5v+0.5b",
        "block@300+bm25",
        {"fusion": "weighted", "vector_weight": 0.5, "bm25_weight": 0.5},
    ),
    ("context 300: RRF", "block@300+bm25", {"fusion": "rrf"}),
    (
        "context 300: weighted + merge adjacent 600",
        "block@300+bm25",
        {"fusion": "weighted", "merge_adjacent_chars": 600},
    ),
    (
        "context 300: weighted + merge adjacent 1200",
        "block@300+bm25",
        {"fusion": "weighted", "merge_adjacent_chars": 1200},
    ),
    (
        "context 300: weighted + merge 600 + MMR 0.7",
        "block@300+bm25",
        {"fusion": "weighted", "merge_adjacent_chars": 600, "decay": False, "mmr": True, "mmr_lambda": 0.7},
    ),
    (
        "context 300: weighted + merge 600 + decay 180d",
        "block@300+bm25",
        {
            "fusion": "weighted",
            "merge_adjacent_chars": 600,
            "decay": True,
            "half_life_days": 180.0,
            "mmr": False,
        },
    ),
    (
        "context 300: weighted + MMR 0.7",
        "block@300+bm25",
        {"fusion": "weighted", "decay": False, "mmr": True, "mmr_lambda": 0.7},
    ),
    (
        "context 300: weighted + decay 30d",
        "block@300+bm25",
        {"fusion": "weighted", "decay": True, "half_life_days": 30.0, "mmr": False},
    ),
    (
        "context 300: weighted + decay 180d",
        "block@300+bm25",
        {"fusion": "weighted", "decay": True, "half_life_days": 180.0, "mmr": False},
    ),
    ("section@400: weighted", "section@400", {"fusion": "weighted"}),
    ("section@400: RRF", "section@400", {"fusion": "rrf"}),
    ("section chunks: BM25 only", "section", {"fusion": "bm25"}),
    ("section chunks: weighted 0.7v+0.3b", "section", {"fusion": "weighted"}),
    ("section chunks: RRF", "section", {"fusion": "rrf"}),
]
METRICS = ("recall@5", "recall@10", "mrr@10", "ndcg@10", "recall@budget")


def run(cmd: list[str], **kw: object) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1", "JARVIS_AUTOSTART": "0"}
    result = subprocess.run(cmd, capture_output=True, text=True, env=env, **kw)  # type: ignore[call-overload]
    if result.returncode != 0:
        sys.exit(f"failed: {' '.join(cmd)}\n{result.stderr}")
    return result


def build(root: Path, source: Path, unit: str) -> float:
    run([*JARVIS, "init", str(root)])
    shutil.copytree(source / "memory", root / "memory", dirs_exist_ok=True)
    if unit.startswith("default+"):  # shipped defaults but for the embedding precision
        quantize = {"int8": "int8", "fp32": "none"}[unit.removeprefix("default+")]
        with (root / "jarvis.toml").open("a", encoding="utf-8") as handle:
            handle.write(f'\n[embedding]\nquantize = "{quantize}"\n')
        unit = "default"
    if unit == "default":
        start = time.perf_counter()
        run([*JARVIS, "-w", str(root), "index"])
        return time.perf_counter() - start
    unit, lexical_context = unit.removesuffix("+bm25"), unit.endswith("+bm25")
    kind, _, chars = unit.partition("@")
    lines = [f'chunk_unit = "{kind}"', f"lexical_context = {str(lexical_context).lower()}"]
    if chars and kind == "section":
        lines.append(f"chunk_chars = {chars}")
    lines.append(f"embed_context_chars = {chars if chars and kind == 'block' else 0}")
    with (root / "jarvis.toml").open("a", encoding="utf-8") as handle:
        handle.write("\n[index]\n" + "\n".join(lines) + "\n")
    start = time.perf_counter()
    run([*JARVIS, "-w", str(root), "index"])
    return time.perf_counter() - start


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--eval-dir", type=Path, default=REPO.parent / "shared" / "eval")
    ap.add_argument("--keep", type=Path, help="keep workspaces and run files here")
    ap.add_argument("--only", default="", help="comma-separated variant name prefixes")
    args = ap.parse_args()
    data = args.eval_dir / "locomo-dev"
    if not (data / "queries.jsonl").exists():
        print(f"skipped: no LoCoMo dev split at {data} (see ../shared/eval/README.md)")
        return 0
    queries = [json.loads(line) for line in (data / "queries.jsonl").read_text().splitlines() if line.strip()]
    variants = [v for v in VARIANTS if not args.only or any(v[0].startswith(p) for p in args.only.split(","))]
    work = args.keep or Path(tempfile.mkdtemp(prefix="jarvis-eval-"))
    work.mkdir(parents=True, exist_ok=True)
    runs: dict[str, list[str]] = {name: [] for name, _, _ in variants}
    timings: list[str] = []
    for unit in dict.fromkeys(u for _, u, _ in variants):
        for conv in sorted({q["conv_id"] for q in queries}):
            root = work / f"{conv}-{unit.replace('@', '').replace('+', '-')}"
            shutil.rmtree(root, ignore_errors=True)
            seconds = build(root, data / conv, unit)
            batch = work / f"{conv}-{unit}.batch.jsonl"
            with batch.open("w", encoding="utf-8") as handle:
                for vi, (_name, vunit, settings) in enumerate(variants):
                    if vunit != unit:
                        continue
                    for q in queries:
                        if q["conv_id"] != conv:
                            continue
                        line = {"qid": f"{vi}|{q['qid']}", "query": q["question"], "now": q["asked_after"]}
                        if "fusion" in settings:
                            line["fusion"] = settings["fusion"]
                        base = (
                            {} if vunit.startswith("default") else OFF
                        )  # other rows spell out every setting
                        line["settings"] = {k: v for k, v in {**base, **settings}.items() if k != "fusion"}
                        handle.write(json.dumps(line) + "\n")
            start = time.perf_counter()
            out = run([*JARVIS, "-w", str(root), "recall", "--batch", str(batch), "-k", "10", "--no-record"])
            lines = out.stdout.splitlines()
            timings.append(
                f"{conv} ({unit}): index {seconds:.1f} s, {len(lines)} recalls in "
                f"{time.perf_counter() - start:.1f} s (one process)"
            )
            for line in lines:
                item = json.loads(line)
                vi, qid = item["qid"].split("|", 1)
                item["qid"] = qid
                runs[variants[int(vi)][0]].append(json.dumps(item))
    rows = []
    for name, lines in runs.items():
        run_file = work / f"run-{name.replace(' ', '_').replace('/', '_').replace(':', '')}.jsonl"
        run_file.write_text("\n".join(lines) + "\n", encoding="utf-8")
        scores_file = run_file.with_suffix(".scores.json")
        run(
            [
                sys.executable,
                str(args.eval_dir / "score.py"),
                "--queries",
                str(data / "queries.jsonl"),
                "--run",
                str(run_file),
                "--json",
                str(scores_file),
            ]
        )
        result = json.loads(scores_file.read_text())
        headline = result["scores"]["all 1-4"]
        rows.append((name, headline, result.get("mean_hit_chars", 0)))
    print(
        f"LoCoMo dev split, categories 1-4 (n={rows[0][1]['n']}), k=10, now=asked_after, no access recording\n"
    )
    print("| variant | recall@5 | recall@10 | MRR@10 | nDCG@10 | r@2000ch | mean hit chars |")
    print("|---|---|---|---|---|---|---|")
    for name, s, chars in rows:
        print(f"| {name} | " + " | ".join(f"{s[m]:.3f}" for m in METRICS) + f" | {chars:.0f} |")
    print("\nreference (eval README): plain BM25 over turns, no stemming: recall@10 0.572, MRR@10 0.410")
    print("targets: recall@10 >= 0.70, r@2000ch >= 0.68, MRR@10 >= 0.50")
    for line in timings:
        print(f"- {line}")
    if not args.keep:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
