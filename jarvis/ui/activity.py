"""Activity (commits by kind, observed sessions, events, growth chart) and Health pages."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping
from datetime import date, datetime, timedelta
from typing import Any

from jarvis.ui.diff import commit_kind
from jarvis.ui.pages import FragmentRow
from jarvis.workspace import Workspace

COMMITS_SHOWN = 100
EVENTS_SHOWN = 100
WEEKS = 26
_COUNTS = re.compile(r"(\d+) (allowed|held|discarded|merged|superseded)")


def activity_view(ws: Workspace, rows: list[FragmentRow], today: date) -> dict[str, Any]:
    from jarvis.events import read_events
    from jarvis.gitstore import GitStore

    commits: list[dict[str, Any]] = []
    for info in GitStore(ws.root).log(None, COMMITS_SHOWN):
        subject = info.message.splitlines()[0] if info.message else ""
        commits.append({"sha": info.sha, "date": info.date, "subject": subject, "kind": commit_kind(subject)})
    sessions = []
    for c in commits:
        if c["kind"] == "observe":
            counts = {word: int(n) for n, word in _COUNTS.findall(c["subject"])}
            who = c["subject"].removeprefix("observe: ").split(" (", 1)[0]
            sessions.append({**c, "who": who, "counts": counts})
    events = list(reversed(read_events(ws)[-EVENTS_SHOWN:]))
    weeks = weekly_counts([r.created for r in rows], today)
    return {
        "commits": commits,
        "kinds": Counter(c["kind"] for c in commits).most_common(),
        "sessions": sessions,
        "events": events,
        "failures": sum(1 for e in events if not e.get("success", True)),
        "weeks": weeks,
        "chart": growth_svg(weeks),
        "fragments": len(rows),
    }


def weekly_counts(created: list[str], today: date, weeks: int = WEEKS) -> list[tuple[date, int]]:
    """Fragments created in each of the last `weeks` weeks (Monday-based), oldest first."""
    monday = today - timedelta(days=today.weekday())
    starts = [monday - timedelta(weeks=n) for n in range(weeks - 1, -1, -1)]
    counts = dict.fromkeys(starts, 0)
    for value in created:
        try:
            day = date.fromisoformat(value[:10])
        except ValueError:
            continue
        week = day - timedelta(days=day.weekday())
        if week in counts:
            counts[week] += 1
    return list(counts.items())


def growth_svg(weeks: list[tuple[date, int]], width: int = 640, height: int = 180) -> str:
    """A bar per week, drawn here (no JS): each bar has a <title>; the figure has a label."""
    from html import escape

    top = max((n for _, n in weeks), default=0) or 1
    left, bottom, pad = 34, 24, 6
    plot_w, plot_h = width - left - pad, height - bottom - pad
    step = plot_w / max(1, len(weeks))
    total = sum(n for _, n in weeks)
    label = f"Fragments created per week, last {len(weeks)} weeks: {total} in all, at most {top} in one week"
    parts = [
        f'<svg class="chart" viewBox="0 0 {width} {height}" role="img" aria-label="{escape(label)}" '
        f'xmlns="http://www.w3.org/2000/svg"><title>{escape(label)}</title>',
        f'<line x1="{left}" y1="{pad + plot_h}" x2="{width - pad}" y2="{pad + plot_h}" class="axis"/>',
        f'<text x="{left - 4}" y="{pad + 10}" class="tick" text-anchor="end">{top}</text>',
        f'<text x="{left - 4}" y="{pad + plot_h}" class="tick" text-anchor="end">0</text>',
    ]
    for i, (week, n) in enumerate(weeks):
        h = plot_h * n / top
        x = left + i * step + 1
        parts.append(
            f'<rect x="{x:.1f}" y="{pad + plot_h - h:.1f}" width="{max(1.0, step - 2):.1f}" height="{h:.1f}" '
            f'class="bar"><title>week of {week.isoformat()}: {n} fragment(s)</title></rect>'
        )
        if week.day <= 7:  # first week of a month: a label
            parts.append(f'<text x="{x:.1f}" y="{height - 8}" class="tick">{week.strftime("%b")}</text>')
    parts.append("</svg>")
    return "".join(parts)


def health_view(ws: Workspace, env: Mapping[str, str]) -> dict[str, Any]:
    from jarvis.doctor import run_checks
    from jarvis.serve.health import status_report

    report = status_report(ws)
    checks = run_checks(ws, env)
    index = report.get("index")
    return {
        "report": report,
        "health": report.get("health") or {},
        "index": index if isinstance(index, dict) else {},
        "checks": checks,
        "failing": sum(1 for c in checks if c.status == "fail"),
        "warnings": sum(1 for c in checks if c.status == "warn"),
        "now": datetime.now().astimezone(),
    }
