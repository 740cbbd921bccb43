"""`make screenshots`: PNGs of every `jarvis ui` page, taken in Debian's headless Chromium.

Builds a small demo workspace with `jarvis init` and the library calls the CLI makes
(remember, a hand edit committed, proposals, one accepted and one rejected), serves it
with the real UI server on 127.0.0.1, and saves one PNG per page next to this file.
Needs /usr/bin/chromium (apt-get install -y chromium) and playwright (the dev extras).
"""

from __future__ import annotations

import os
import sys
import tempfile
from datetime import datetime, timedelta
from pathlib import Path

HERE = Path(__file__).resolve().parent
CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
FACTS = [
    ("I prefer green tea in the morning, never coffee after 2pm", "preferences", ("drinks",)),
    ("Deploys go out on Tuesdays after the 10:00 standup", "operations", ("deploy",)),
    ("The staging database is rebuilt every Sunday night", "operations", ("staging", "db")),
    ("Miso (the cat) needs her thyroid pill at 8am and 8pm", "people-relationships", ("cat",)),
    ("Dentist: Dr Okafor, Friday 3pm, bring the insurance card", "people-relationships", ("health",)),
    ("The garden project uses the raised beds plan from March", "projects", ("garden",)),
    ("Always write ADRs before changing the index schema", "rules-conventions", ("adr",)),
    ("The laptop backup runs nightly to the NAS at 02:00", "operations", ("backup",)),
    ("Prefers window seats on trains and aisle seats on planes", "preferences", ("travel",)),
    ("The invoice for the Q3 consulting work is due on the 15th", "projects", ("money",)),
    ("Ana leads the recall evaluation; ask her before changing weights", "people-relationships", ("team",)),
    ("Use ruff format, never black, in every Python repository", "rules-conventions", ("python",)),
]


def build(root: Path) -> object:
    from jarvis.gitstore import GitStore
    from jarvis.init import init_workspace
    from jarvis.notes import remember
    from jarvis.reflect.apply import apply_proposal
    from jarvis.reflect.proposals import create_branch, make_proposal
    from jarvis.reflect.review import accept, reject
    from jarvis.workspace import Workspace

    init_workspace(root)
    ws = Workspace(root.resolve())
    start = datetime.now().astimezone() - timedelta(weeks=10)
    for n, (text, category, tags) in enumerate(FACTS):
        remember(ws, text, category=category, tags=tags, now=start + timedelta(days=6 * n))
    note = next(p for p in ws.notes_dir.rglob("*.md") if "deploys-go-out" in p.name)
    note.write_text(note.read_text(encoding="utf-8").replace("10:00", "09:30"), encoding="utf-8")
    store = GitStore(ws.root)
    store.commit_paths([note.relative_to(ws.root).as_posix()], "edit: deploy standup moved to 09:30")
    proposals = [
        ("Preferences", "Green tea in the morning; no coffee after 2pm"),
        ("Operations", "Deploys go out on Tuesdays after the 09:30 standup"),
        ("Operations", "Staging is rebuilt every Sunday night: do not rely on its data"),
        ("Preferences", "Likes loud music while coding"),
    ]
    ops = []
    for section, text in proposals:
        p = make_proposal(
            section=section,
            text=text,
            confidence=0.7,
            rationale="Said in two sessions this month; it shapes how the agent plans the week.",
            fragments=("mem-demo",),
            sessions=("“plan the deploy for next week” (2026-11-18)",),
        )
        content = apply_proposal(store.show_file("HEAD", "MEMORY.md") or "", p, "2026-11-20")
        ops.append(create_branch(store, p, content))
    accept(ws, ops[0].proposal.id)
    reject(ws, ops[3].proposal.id, "only once, at a party")
    user = ws.root / "USER.md"  # a hand edit not committed yet: Health names it and the fix
    user.write_text(user.read_text(encoding="utf-8") + "\nPrefers short answers.\n", encoding="utf-8")
    return ws


def main() -> int:
    if not Path(CHROMIUM).exists():
        print(f"screenshots need Chromium at {CHROMIUM}: apt-get install -y chromium", file=sys.stderr)  # noqa: T201
        return 1
    from playwright.sync_api import sync_playwright

    from jarvis.ui.run import make_recaller, start_in_thread

    with tempfile.TemporaryDirectory() as tmp:
        ws = build(Path(tmp) / "demo")
        running = start_in_thread(ws, 0, make_recaller(ws), dict(os.environ), publish=False)  # type: ignore[arg-type]
        base = f"http://127.0.0.1:{running.access.port}"
        note = next(p for p in ws.notes_dir.rglob("*.md") if "deploys-go-out" in p.name)  # type: ignore[attr-defined]
        rel = note.relative_to(ws.root).as_posix()  # type: ignore[attr-defined]
        pages = [
            ("memory", "/", 1100),
            ("file", f"/file/{rel}", 1100),
            ("review", "/review", 1100),
            ("recall", "/recall?q=when+do+deploys+go+out&explain=1", 1100),
            ("activity", "/activity", 1100),
            ("health", "/health", 1100),
            ("memory-phone", "/", 390),
        ]
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
                for name, path, width in pages:
                    context = browser.new_context(
                        viewport={"width": width, "height": 800}, color_scheme="light"
                    )
                    page = context.new_page()
                    page.goto(running.url)
                    page.goto(base + path)
                    out = HERE / f"{name}.png"
                    page.screenshot(path=str(out), full_page=name != "activity")
                    print(f"wrote {out.relative_to(HERE.parent.parent)}")  # noqa: T201
                    context.close()
                browser.close()
        finally:
            running.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
