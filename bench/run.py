"""`make bench`: run every bench/bench_*.py in turn; each prints its own markdown table."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main() -> int:
    only = sys.argv[1:]
    failures = 0
    for script in sorted(HERE.glob("bench_*.py")):
        if only and not any(name in script.stem for name in only):
            continue
        print(f"\n## {script.stem}\n", flush=True)
        start = time.perf_counter()
        rc = subprocess.call([sys.executable, str(script)])
        print(f"\n({script.name}: exit {rc}, {time.perf_counter() - start:.0f} s)", flush=True)
        failures += rc != 0
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
