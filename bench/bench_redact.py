"""Redaction time on ordinary and adversarial text: it must grow linearly with the input."""

from __future__ import annotations

import time

from jarvis.redact import redact

INPUTS = {
    "prose": "We met on Tuesday to plan the release and agreed on the scope. ",
    "key names": "password_",
    "url-ish": "x://a:",
    "aws names": "aws_secret",
    "token runs": "key-",
    "plain pins": "my pin is ",
    "at signs": "http://a:b@",
}


def best_ms(text: str) -> float:
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        redact(text)
        best = min(best, time.perf_counter() - start)
    return best * 1000


def main() -> None:
    sizes = (10_000, 100_000, 1_000_000)
    print("| input | " + " | ".join(f"{n // 1000} KB ms" for n in sizes) + " | 1 MB / 100 KB |")
    print("|---|" + "---:|" * (len(sizes) + 1))
    for name, unit in INPUTS.items():
        times = [best_ms(unit * (n // len(unit) + 1)) for n in sizes]
        print(f"| {name} | " + " | ".join(f"{t:.1f}" for t in times) + f" | {times[2] / times[1]:.1f}x |")


if __name__ == "__main__":
    main()
