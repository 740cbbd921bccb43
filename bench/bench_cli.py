"""Start-up time of `jarvis --help` and every command's `--help` (target < 0.3 s each)."""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from pathlib import Path

from jarvis.cli import COMMANDS

RUNS = 5
JARVIS = str(Path(sys.executable).parent / "jarvis")


def time_cmd(args: list[str]) -> float:
    samples = []
    for _ in range(RUNS):
        start = time.perf_counter()
        subprocess.run([JARVIS, *args], capture_output=True, check=True)
        samples.append(time.perf_counter() - start)
    return statistics.median(samples)


def main() -> None:
    rows = [("jarvis --help", time_cmd(["--help"]))]
    rows += [(f"jarvis {name} --help", time_cmd([name, "--help"])) for name in sorted(COMMANDS)]
    print("| command | median s (5 runs) | target < 0.3 s |")
    print("|---|---:|---|")
    for name, seconds in rows:
        print(f"| `{name}` | {seconds:.3f} | {'ok' if seconds < 0.3 else 'MISSED'} |")


if __name__ == "__main__":
    main()
