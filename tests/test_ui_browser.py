"""`jarvis ui` in a real browser: headless Chromium (Debian's) driven by playwright.

The server is the real one (uvicorn on 127.0.0.1, a random port) over a workspace made by
`jarvis init`; every click goes through the same library functions as `jarvis review`.
"""

from __future__ import annotations

import http.client
import os
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import CliFn

from jarvis.gitstore import GitStore
from jarvis.reflect.apply import apply_proposal
from jarvis.reflect.proposals import OpenProposal, create_branch, list_open, make_proposal, rejected_ids
from jarvis.workspace import Workspace

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        not CHROMIUM.exists(),
        reason="browser tests need Debian's Chromium at /usr/bin/chromium: apt-get install -y chromium",
    ),
]
sync_api = pytest.importorskip(
    "playwright.sync_api", reason="browser tests need playwright: pip install -e '.[dev]'"
)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True)
        yield b
        b.close()


@pytest.fixture
def ui(ws: Workspace, embedder: object) -> Iterator[Any]:
    from jarvis.ui.run import make_recaller, start_in_thread

    running = start_in_thread(ws, 0, make_recaller(ws, embedder), dict(os.environ), publish=False)
    try:
        yield running
    finally:
        running.stop()


@pytest.fixture
def page(browser: Any, ui: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    pg = context.new_page()
    pg.set_default_timeout(30_000)
    response = pg.goto(ui.url)
    assert response is not None and response.ok
    yield pg
    context.close()


def base(ui: Any) -> str:
    return f"http://127.0.0.1:{ui.access.port}"


def propose(ws: Workspace, text: str, section: str = "Preferences") -> OpenProposal:
    store = GitStore(ws.root)
    p = make_proposal(section=section, text=text, rationale="said in two sessions", fragments=("mem-x",))
    content = apply_proposal(store.show_file("HEAD", "MEMORY.md") or "", p, "2026-11-20")
    return create_branch(store, p, content)


def git(ws: Workspace, *args: str) -> str:
    ident = ["-c", "user.name=Person", "-c", "user.email=person@example.org"]
    return subprocess.run(
        ["git", *ident, *args], cwd=ws.root, check=True, capture_output=True, text=True
    ).stdout


def test_the_token_opens_the_page_and_without_it_everything_is_403(browser: Any, ui: Any) -> None:
    context = browser.new_context()
    pg = context.new_page()
    denied = pg.goto(base(ui) + "/")
    assert denied is not None and denied.status == 403
    assert "access token" in pg.content()
    assert pg.goto(base(ui) + "/review").status == 403
    opened = pg.goto(ui.url)
    assert opened is not None and opened.status == 200
    assert pg.url == base(ui) + "/"  # the token was swapped for a cookie and left the address
    assert pg.locator("h1").inner_text() == "Memory"
    assert pg.goto(base(ui) + "/review").status == 200  # the cookie carries on
    context.close()
    # the same server, raw: `..` and encoded `%2e%2e` never leave the workspace
    conn = http.client.HTTPConnection("127.0.0.1", ui.access.port, timeout=10)
    for raw in ("/file/../../../../etc/passwd", "/file/%2e%2e/%2e%2e/%2e%2e/etc/passwd", "/file/.git/config"):
        conn.request("GET", raw, headers={"Cookie": f"{ui.access.cookie_name}={ui.access.cookie_value}"})
        reply = conn.getresponse()
        body = reply.read().decode()
        assert reply.status in (403, 404), raw
        assert "root:" not in body and "[core]" not in body
    conn.close()


def test_browse_memory_filter_and_open_a_fragment(page: Any, cli: CliFn, ws: Workspace) -> None:
    cli("remember", "I always deploy on Tuesdays", "--tags", "ops", workspace=ws)
    cli("remember", "My cat is called Miso", "--category", "people-relationships", workspace=ws)
    page.reload()
    rows = page.locator("table.fragments tbody tr")
    assert rows.count() == 2
    page.fill("#q", "miso")  # search as you type: no submit
    page.wait_for_function("document.getElementById('shown').textContent === '1'")
    assert page.locator("table.fragments tbody tr:visible").count() == 1
    page.get_by_role("link", name="My cat is called Miso").click()
    assert "/file/memory/notes/" in page.url
    assert page.locator("table.meta").inner_text().count("people-relationships") == 1


def test_a_files_history_shows_each_commit_with_a_side_by_side_diff(
    page: Any, ui: Any, cli: CliFn, ws: Workspace
) -> None:
    cli("remember", "The standup is at 9:15", workspace=ws)
    path = next((ws.root / "memory" / "notes").rglob("*.md"))
    path.write_text(path.read_text(encoding="utf-8").replace("9:15", "9:30"), encoding="utf-8")
    rel = path.relative_to(ws.root).as_posix()
    git(ws, "commit", "-q", "-m", "edit: standup time", "--", rel)
    page.goto(f"{base(ui)}/file/{rel}")
    commits = page.locator("details.commit")
    assert commits.count() == 2
    latest = commits.nth(0)
    assert "edit: standup time" in latest.locator("summary").inner_text()
    changed = latest.locator("tr.chg")
    assert changed.locator("td.old").inner_text().endswith("9:15")
    assert changed.locator("td.new").inner_text().endswith("9:30")
    older = commits.nth(1)
    older.locator("summary").click()
    assert "remember" in older.locator(".kind").inner_text()
    assert older.locator("tr.add td.new").first.is_visible()


def test_accept_changes_memory_md_with_a_promote_commit(page: Any, ws: Workspace) -> None:
    op = propose(ws, "Prefers tea over coffee in the morning")
    page.get_by_role("link", name="Review").click()
    card = page.locator(f"article#{op.proposal.id}")
    assert "said in two sessions" in card.inner_text()
    added = card.locator("tr.add td.new", has_text="Prefers tea over coffee in the morning")
    assert added.inner_text() == "- (2026-11-20) Prefers tea over coffee in the morning"
    card.get_by_role("button", name="Accept").click()
    assert "accepted " + op.proposal.id in page.locator(".flash").inner_text()
    assert "Prefers tea over coffee in the morning" in ws.memory_md.read_text(encoding="utf-8")
    assert git(ws, "log", "-1", "--format=%s").startswith("promote: Preferences: Prefers tea")
    page.get_by_role("link", name="Memory").click()
    assert "Prefers tea over coffee in the morning" in page.locator("ul.bullets").inner_text()


def test_reject_with_a_reason_is_remembered(page: Any, ws: Workspace) -> None:
    op = propose(ws, "Likes loud music while coding")
    page.goto(page.url.rstrip("/") + "/review")
    card = page.locator(f"article#{op.proposal.id}")
    card.get_by_label("Reason").fill("only once, at a party")
    card.get_by_role("button", name="Reject").click()
    assert "rejected " + op.proposal.id in page.locator(".flash").inner_text()
    assert "only once, at a party" in page.locator("ul.rejected").inner_text()
    assert rejected_ids(ws)[op.proposal.id] == "only once, at a party"
    assert list_open(GitStore(ws.root)) == []


def test_an_uncommitted_hand_edit_blocks_accept_with_the_cli_message(page: Any, ws: Workspace) -> None:
    op = propose(ws, "Prefers tea over coffee in the morning")
    ws.memory_md.write_text(ws.memory_md.read_text(encoding="utf-8") + "\nmy own line\n", encoding="utf-8")
    page.goto(page.url.rstrip("/") + "/review")
    page.locator(f"article#{op.proposal.id}").get_by_role("button", name="Accept").click()
    error = page.get_by_role("alert").inner_text()
    assert error.startswith("error: MEMORY.md: has uncommitted edits; commit them first")
    assert "nothing was changed" in error
    assert ws.memory_md.read_text(encoding="utf-8").endswith("my own line\n")
    assert [o.proposal.id for o in list_open(GitStore(ws.root))] == [op.proposal.id]


def test_edit_then_accept(page: Any, ws: Workspace) -> None:
    op = propose(ws, "Prefers tea in the mornign")
    page.goto(page.url.rstrip("/") + "/review")
    card = page.locator(f"article#{op.proposal.id}")
    card.locator("summary", has_text="Edit").click()
    card.get_by_label("The bullet").fill("Prefers green tea in the morning")
    card.get_by_role("button", name="Save and accept").click()
    assert "accepted" in page.locator(".flash").inner_text()
    text = ws.memory_md.read_text(encoding="utf-8")
    assert "Prefers green tea in the morning" in text and "mornign" not in text


def test_recall_finds_a_fragment_written_a_moment_ago(page: Any, cli: CliFn, ws: Workspace) -> None:
    r = cli("remember", "The dentist appointment with Dr Okafor is on Friday at 3pm", workspace=ws)
    assert r.exit_code == 0, r.output
    page.get_by_role("link", name="Recall").click()
    page.get_by_label("Query").fill("when is the dentist")
    page.get_by_role("button", name="Recall").click()
    first = page.locator("ol.hits li").first
    assert "Okafor" in first.locator(".snippet").inner_text()
    assert "dentist" in first.locator("mark").first.inner_text().lower()
    first.locator("summary", has_text="signals").click()
    assert "bm25" in first.locator(".signals").inner_text()
    first.locator(".where a").click()
    assert "/file/memory/notes/" in page.url and "lines=" in page.url
    assert "Okafor" in page.locator(".doc .hit").first.inner_text()


def test_keyboard_and_phone_width(browser: Any, ui: Any) -> None:
    context = browser.new_context(viewport={"width": 375, "height": 740})
    pg = context.new_page()
    pg.goto(ui.url)
    pg.keyboard.press("Tab")
    assert pg.evaluate("document.activeElement.textContent") == "Skip to content"
    for path in ("/", "/review", "/recall", "/activity", "/health"):
        pg.goto(base(ui) + path)
        assert pg.evaluate("document.documentElement.scrollWidth") <= 376, path
    context.close()
