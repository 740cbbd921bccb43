"""The Starlette app of `jarvis ui`: routes, templates, and the one place errors become pages.

Pages are server-rendered Jinja2 templates and work without JavaScript; one small script
only filters the fragment table as you type. Reads run in Starlette's thread pool (git and
file work block); the three review buttons are POST forms checked for the CSRF token.
"""

from __future__ import annotations

import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import date
from importlib import resources
from typing import Any

from jarvis.errors import JarvisError, NotFound, PathOutsideWorkspace, UsageError
from jarvis.ui.pages import FragmentCache, Recaller
from jarvis.ui.security import CSRF_FIELD, Access, Guard
from jarvis.workspace import Workspace

STATIC = {"style.css": "text/css; charset=utf-8", "filter.js": "text/javascript; charset=utf-8"}
NAV = [
    ("/", "Memory"),
    ("/review", "Review"),
    ("/recall", "Recall"),
    ("/activity", "Activity"),
    ("/health", "Health"),
]
FLASHES_KEPT = 50
STATUS_OF = {NotFound: 404, PathOutsideWorkspace: 403, UsageError: 400}


@dataclass
class UI:
    ws: Workspace
    access: Access
    recall: Recaller
    env: Mapping[str, str]
    fragments: FragmentCache
    today: Callable[[], date] = date.today
    flashes: OrderedDict[str, str] = field(default_factory=OrderedDict)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def flash(self, message: str) -> str:
        key = secrets.token_urlsafe(8)
        with self.lock:
            self.flashes[key] = message
            while len(self.flashes) > FLASHES_KEPT:
                self.flashes.popitem(last=False)
        return key


def _templates() -> Any:
    import jinja2

    env = jinja2.Environment(
        loader=jinja2.PackageLoader("jarvis.ui", "templates"),
        autoescape=jinja2.select_autoescape(["html"]),
        trim_blocks=True,
        lstrip_blocks=True,
        undefined=jinja2.StrictUndefined,
    )
    env.filters["short"] = lambda sha: sha[:8]
    env.filters["when"] = lambda d: d.astimezone().strftime("%Y-%m-%d %H:%M") if d else ""
    return env


def build_app(
    ws: Workspace,
    recall: Recaller,
    env: Mapping[str, str],
    access: Access | None = None,
    today: Callable[[], date] = date.today,
    *,
    warm: bool = False,
) -> Any:
    """The ASGI app: every route behind the Guard (token/cookie, Host, CSRF, headers).

    `warm` reads the fragment rows in a background thread now, so the first page is quick.
    """
    from starlette.applications import Starlette
    from starlette.concurrency import run_in_threadpool
    from starlette.requests import Request
    from starlette.responses import HTMLResponse, RedirectResponse, Response
    from starlette.routing import Route

    ui = UI(ws, access or Access(), recall, env, FragmentCache(ws), today)
    templates = _templates()
    if warm:
        threading.Thread(target=ui.fragments.rows, name="jarvis-ui-warm", daemon=True).start()

    def page(request: Request, name: str, context: dict[str, Any], status: int = 200) -> HTMLResponse:
        flash = ui.flashes.get(request.query_params.get("flash", ""), "")
        html = templates.get_template(name).render(
            nav=NAV, path=request.url.path, csrf=ui.access.csrf, csrf_field=CSRF_FIELD, flash=flash, **context
        )
        return HTMLResponse(html, status_code=status)

    def failure(request: Request, exc: JarvisError) -> HTMLResponse:
        status = next((code for kind, code in STATUS_OF.items() if isinstance(exc, kind)), 409)
        return page(request, "error.html", {"title": "Error", "error": str(exc)}, status)

    def guarded(view: Callable[[Request], Response]) -> Callable[[Request], Response]:
        def run(request: Request) -> Response:
            try:
                return view(request)
            except JarvisError as exc:
                return failure(request, exc)

        return run

    @guarded
    def memory(request: Request) -> Response:
        from jarvis.ui.pages import memory_view

        q = request.query_params
        context = memory_view(ws, ui.fragments, q.get("q", ""), q.get("category", ""), q.get("status", ""))
        return page(request, "memory.html", {"title": "Memory", **context})

    @guarded
    def file(request: Request) -> Response:
        from jarvis.ui.pages import file_view, parse_lines

        lines = parse_lines(request.query_params.get("lines", ""))
        context = file_view(ws, request.path_params["path"], lines)
        return page(request, "file.html", {"title": context["rel"], **context})

    @guarded
    def fragment(request: Request) -> Response:
        from jarvis.ui.pages import fragment_path

        return RedirectResponse(f"/file/{fragment_path(ws, request.path_params['ident'])}", 303)

    @guarded
    def recall_page(request: Request) -> Response:
        from jarvis.ui.pages import recall_view

        q = request.query_params
        try:
            context = recall_view(ui.recall, q.get("q", ""), q.get("explain") == "1")
        except JarvisError as exc:
            context = {"q": q.get("q", ""), "hits": [], "explain": False, "error": str(exc)}
        return page(request, "recall.html", {"title": "Recall", **context})

    def review_context(error: str = "") -> dict[str, Any]:
        from jarvis.ui.review import review_view

        return {"title": "Review", "error": error, **review_view(ws)}

    @guarded
    def review(request: Request) -> Response:
        return page(request, "review.html", review_context())

    @guarded
    def activity(request: Request) -> Response:
        from jarvis.ui.activity import activity_view

        context = activity_view(ws, ui.fragments.rows(), ui.today())
        return page(request, "activity.html", {"title": "Activity", **context})

    @guarded
    def health(request: Request) -> Response:
        from jarvis.ui.activity import health_view

        return page(request, "health.html", {"title": "Health", **health_view(ws, ui.env)})

    def static(request: Request) -> Response:
        name = request.path_params["name"]
        if name not in STATIC:  # a fixed list: no path from the URL ever reaches the disk
            return Response("not found", 404, media_type="text/plain")
        body = resources.files("jarvis.ui").joinpath("static", name).read_bytes()
        return Response(body, media_type=STATIC[name])

    async def act(request: Request) -> Response:
        """POST /review/<id>/<accept|reject|edit>: CSRF checked, then the library call."""
        from jarvis.ui import review as actions

        form = await request.form()
        if not ui.access.csrf_ok(form.get(CSRF_FIELD)):
            return Response("403 forbidden: missing or wrong CSRF token", 403, media_type="text/plain")
        pid, action = request.path_params["pid"], request.path_params["action"]
        try:
            if action == "accept":
                message = await run_in_threadpool(actions.accept_one, ws, pid)
            elif action == "reject":
                reason = str(form.get("reason", ""))
                message = await run_in_threadpool(actions.reject_one, ws, pid, reason)
            elif action == "edit":
                text, then = str(form.get("text", "")), form.get("then") == "accept"
                message = await run_in_threadpool(actions.edit_one, ws, pid, text, then)
            else:
                return Response("not found", 404, media_type="text/plain")
        except JarvisError as exc:
            status = next((code for kind, code in STATUS_OF.items() if isinstance(exc, kind)), 409)
            context = await run_in_threadpool(review_context, f"error: {exc}")
            return page(request, "review.html", context, status)
        return RedirectResponse(f"/review?flash={ui.flash(message)}", 303)

    routes = [
        Route("/", memory),
        Route("/file/{path:path}", file),
        Route("/fragment/{ident}", fragment),
        Route("/recall", recall_page),
        Route("/review", review),
        Route("/review/{pid}/{action}", act, methods=["POST"]),
        Route("/activity", activity),
        Route("/health", health),
        Route("/static/{name}", static),
    ]
    app = Starlette(routes=routes)
    app.state.ui = ui
    return Guard(app, ui.access)
