"""`jarvis ui` routes without a browser: access token, CSRF, Host, paths, and what each page shows."""

from __future__ import annotations

import asyncio
import subprocess
from typing import Any
from urllib.parse import unquote

import pytest
from conftest import CliFn
from starlette.testclient import TestClient

from jarvis.gitstore import GitStore
from jarvis.reflect.apply import apply_proposal
from jarvis.reflect.proposals import OpenProposal, create_branch, list_open, make_proposal
from jarvis.ui.app import build_app
from jarvis.ui.security import Access
from jarvis.workspace import Workspace

SECRET = "TOP-SECRET-OUTSIDE-THE-WORKSPACE"


def no_recall(request: dict[str, Any]) -> dict[str, Any]:
    raise AssertionError("these tests do not recall")


def propose(ws: Workspace, text: str, section: str = "Preferences") -> OpenProposal:
    store = GitStore(ws.root)
    p = make_proposal(
        section=section,
        text=text,
        rationale="said twice in one week",
        fragments=("mem-1",),
        sessions=("s-1",),
    )
    content = apply_proposal(store.show_file("HEAD", "MEMORY.md") or "", p, "2026-11-20")
    return create_branch(store, p, content)


@pytest.fixture
def access() -> Access:
    return Access(port=0, extra_hosts=("testserver",))


@pytest.fixture
def app(ws: Workspace, access: Access) -> Any:
    return build_app(ws, no_recall, {}, access)


@pytest.fixture
def client(app: Any, access: Access) -> TestClient:
    """A client that has already exchanged the token for the cookie."""
    c = TestClient(app)
    r = c.get(f"/?token={access.token}", follow_redirects=False)
    assert r.status_code == 303
    return c


def asgi_get(app: Any, raw_path: str, cookie: str) -> tuple[int, str]:
    """Send a request with exactly this path (no client-side normalising of `..`), as uvicorn would."""
    out: dict[str, Any] = {"body": b""}

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: dict[str, Any]) -> None:
        if message["type"] == "http.response.start":
            out["status"] = message["status"]
        elif message["type"] == "http.response.body":
            out["body"] += message.get("body", b"")

    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "GET",
        "scheme": "http",
        "path": unquote(raw_path),  # uvicorn hands the app the percent-decoded path
        "raw_path": raw_path.encode(),
        "query_string": b"",
        "root_path": "",
        "headers": [(b"host", b"testserver"), (b"cookie", cookie.encode())],
        "client": ("127.0.0.1", 5000),
        "server": ("testserver", 80),
    }
    asyncio.run(app(scope, receive, send))
    return out["status"], out["body"].decode("utf-8", "replace")


def test_every_page_needs_the_token_and_the_token_becomes_a_cookie(
    app: Any, access: Access, ws: Workspace
) -> None:
    c = TestClient(app)
    for path in (
        "/",
        "/review",
        "/recall?q=x",
        "/activity",
        "/health",
        "/file/MEMORY.md",
        "/static/style.css",
    ):
        r = c.get(path)
        assert r.status_code == 403, path
        assert "access token" in r.text
    assert c.get("/?token=not-the-token").status_code == 403
    forged = TestClient(app)
    forged.cookies.set(access.cookie_name, "forged")
    assert forged.get("/").status_code == 403

    r = c.get(f"/recall?q=tea&token={access.token}", follow_redirects=False)
    assert r.status_code == 303
    assert r.headers["location"] == "/recall?q=tea"  # the token leaves the address bar
    cookie = r.headers["set-cookie"]
    assert "HttpOnly" in cookie and "SameSite=Strict" in cookie and access.token not in cookie
    page = c.get("/")
    assert page.status_code == 200 and "MEMORY.md" in page.text
    assert "default-src 'none'" in page.headers["content-security-policy"]
    assert page.headers["x-frame-options"] == "DENY"


def test_another_host_name_is_refused_even_with_the_cookie(client: TestClient) -> None:
    r = client.get("/", headers={"host": "attacker.example:8080"})
    assert r.status_code == 403
    assert "Host" in r.text


def test_posts_without_the_csrf_token_are_refused_and_change_nothing(
    client: TestClient, ws: Workspace, access: Access
) -> None:
    op = propose(ws, "Prefers tea over coffee in the morning")
    before = ws.memory_md.read_bytes()
    for action, data in (
        ("accept", {}),
        ("reject", {"reason": "no"}),
        ("edit", {"text": "x", "then": "accept"}),
    ):
        r = client.post(f"/review/{op.proposal.id}/{action}", data=data)
        assert r.status_code == 403, action
        r = client.post(f"/review/{op.proposal.id}/{action}", data={**data, "csrf": "wrong"})
        assert r.status_code == 403, action
    r = client.post(
        f"/review/{op.proposal.id}/accept",
        data={"csrf": access.csrf},
        headers={"origin": "http://evil.example"},
    )
    assert r.status_code == 403
    assert ws.memory_md.read_bytes() == before
    assert [o.proposal.id for o in list_open(GitStore(ws.root))] == [op.proposal.id]
    # and a POST with neither cookie nor token is refused before any form is read
    anonymous = TestClient(client.app)
    assert anonymous.post(f"/review/{op.proposal.id}/accept", data={"csrf": access.csrf}).status_code == 403


def test_no_route_serves_a_file_outside_the_workspace_or_under_git(
    app: Any, access: Access, ws: Workspace, tmp_path: Any
) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.md").write_text(f"# {SECRET}\n", encoding="utf-8")
    (ws.root / "memory" / "leak.md").symlink_to(outside / "secret.md")
    (ws.root / "memory" / "leakdir").symlink_to(outside)
    (ws.root / ".jarvis").mkdir(exist_ok=True)
    (ws.root / ".jarvis" / "private.md").write_text(SECRET, encoding="utf-8")
    cookie = f"{access.cookie_name}={access.cookie_value}"
    depth = "../" * (len(ws.root.parts) + 2)
    attempts = [
        "/file/../outside/secret.md",
        "/file/memory/../../outside/secret.md",
        "/file/%2e%2e/outside/secret.md",
        "/file/%2E%2E%2Foutside%2Fsecret.md",
        "/file/memory/%2e%2e/%2e%2e/outside/secret.md",
        f"/file/{depth}{str(outside / 'secret.md').lstrip('/')}",
        f"/file/{outside / 'secret.md'}",
        f"/file/%2F{str(outside / 'secret.md').lstrip('/')}",
        "/file/memory/leak.md",
        "/file/memory/leakdir/secret.md",
        "/file/memory/leakdir",
        "/file/.git/config",
        "/file/.GIT/HEAD",
        "/file/memory/../.git/config",
        "/file/%2egit/config",
        "/file/.jarvis/private.md",
        "/static/..%2f..%2fapp.py",
        "/static/../app.py",
    ]
    for raw in attempts:
        status, body = asgi_get(app, raw, cookie)
        assert status in (403, 404), (raw, status)
        assert SECRET not in body, raw
        assert "[core]" not in body and "ref: refs/heads" not in body, raw
    # the folder listing of memory/ does not offer the links either
    status, body = asgi_get(app, "/file/memory", cookie)
    assert status == 200
    assert "leak.md" not in body and "leakdir" not in body


def test_memory_page_shows_sections_and_fragments_with_their_fields(
    client: TestClient, cli: CliFn, ws: Workspace
) -> None:
    r = cli("remember", "I always deploy on Tuesdays", "--tags", "deploy,ops", "--type", "rule", workspace=ws)
    assert r.exit_code == 0, r.output
    cli("remember", "My cat is called Miso", workspace=ws)
    page = client.get("/").text
    assert "I always deploy on Tuesdays" in page and "My cat is called Miso" in page
    assert "deploy, ops" in page and ">rule<" in page and ">active<" in page
    for section in ("Preferences",):
        assert section in page
    filtered = client.get("/?q=miso").text
    assert "My cat is called Miso" in filtered and "deploy on Tuesdays" not in filtered
    assert "1</span> of 2" in filtered


def test_file_page_renders_markdown_frontmatter_and_history(
    client: TestClient, cli: CliFn, ws: Workspace
) -> None:
    cli("remember", "Standup moved to 9:30 <script>alert(1)</script>", workspace=ws)
    rel = next(p for p in (ws.root / "memory" / "notes").rglob("*.md")).relative_to(ws.root).as_posix()
    page = client.get(f"/file/{rel}?lines=1-200").text
    assert '<table class="meta"' in page and '<th scope="row">id</th>' in page
    assert "<script>alert(1)</script>" not in page  # HTML in a note is shown, never run
    assert "&lt;script&gt;" in page
    assert 'class="kind k-remember"' in page
    assert '<tr class="add">' in page  # the creating commit, side by side


def test_activity_and_health_pages(client: TestClient, cli: CliFn, ws: Workspace) -> None:
    cli("remember", "Prefers window seats on trains", workspace=ws)
    page = client.get("/activity").text
    assert "<svg" in page and "1 fragment(s)</title>" in page
    assert "remember" in page
    health = client.get("/health").text
    assert "config" in health and "jarvis.toml is valid" in health


def test_accept_reject_and_a_blocked_accept_through_the_routes(
    client: TestClient, ws: Workspace, access: Access
) -> None:
    keep = propose(ws, "Prefers tea over coffee in the morning")
    drop = propose(ws, "Likes loud music while coding")
    r = client.post(f"/review/{keep.proposal.id}/accept", data={"csrf": access.csrf})
    assert r.status_code == 200 and "accepted" in r.text  # after the 303 back to /review
    assert "Prefers tea over coffee in the morning" in ws.memory_md.read_text(encoding="utf-8")
    log = subprocess.run(["git", "log", "-1", "--format=%s"], cwd=ws.root, capture_output=True, text=True)
    assert log.stdout.startswith("promote: Preferences: Prefers tea")

    ws.memory_md.write_text(ws.memory_md.read_text(encoding="utf-8") + "\nhand edit\n", encoding="utf-8")
    blocked = client.post(f"/review/{drop.proposal.id}/accept", data={"csrf": access.csrf})
    assert blocked.status_code == 409
    assert "MEMORY.md: has uncommitted edits; commit them first" in blocked.text
    r = client.post(f"/review/{drop.proposal.id}/reject", data={"csrf": access.csrf, "reason": "too noisy"})
    assert "rejected" in r.text and "too noisy" in r.text
    assert list_open(GitStore(ws.root)) == []


def test_fragment_rows_follow_hand_edits_and_survive_a_broken_cache(
    client: TestClient, cli: CliFn, ws: Workspace, access: Access
) -> None:
    cli("remember", "The gym closes at 21:00 on Sundays", workspace=ws)
    assert "21:00" in client.get("/").text
    path = next((ws.root / "memory" / "notes").rglob("*.md"))
    path.write_text(path.read_text(encoding="utf-8").replace("21:00", "20:00"), encoding="utf-8")
    page = client.get("/").text
    assert "20:00" in page and "21:00" not in page
    # a restarted UI reads the rows from .jarvis/; a damaged copy is only a slower start
    (ws.state_dir / "ui-fragments.json").write_text("{not json", encoding="utf-8")
    restarted = TestClient(build_app(ws, no_recall, {}, access))
    restarted.cookies.set(access.cookie_name, access.cookie_value)
    assert "The gym closes at 20:00 on Sundays" in restarted.get("/").text
    path.unlink()
    assert "gym closes" not in restarted.get("/").text


def test_a_self_patch_is_shown_whole_and_an_edit_never_commits_a_secret(
    client: TestClient, ws: Workspace, access: Access
) -> None:
    from jarvis.reflect.patch import propose_patch

    soul = (ws.root / "SOUL.md").read_text(encoding="utf-8")
    op = propose_patch(
        ws, "soul", soul + "\n- Answer in two sentences when you can.\n", "shorter answers", "asked"
    )
    page = client.get("/review").text
    assert "SOUL.md" in page and "Answer in two sentences when you can." in page
    assert "The proposed SOUL.md" in page  # the textarea holds the whole proposed file

    key = "AKIA" + "IOSFODNN7EXAMPL3"
    bullet = propose(ws, "Keeps the AWS console bookmarked")
    r = client.post(
        f"/review/{bullet.proposal.id}/edit",
        data={"csrf": access.csrf, "text": f"Keeps the AWS key {key} in the vault", "then": "save"},
    )
    assert r.status_code == 200 and "edited" in r.text
    store = GitStore(ws.root)
    edited = {o.proposal.id: o for o in list_open(store)}[bullet.proposal.id]
    assert key not in (store.show_file(edited.sha, "MEMORY.md") or "")
    assert key not in store.run("log", "--all", "-p")
    assert op.proposal.id in {o.proposal.id for o in list_open(store)}
