"""The scheduler: periodic jobs of `jarvis serve`, each independent of the others.

Jobs (intervals in `[schedule]` of jarvis.toml, 0 turns one off): observe new
sessions, refresh memory/recent.md, nightly maintenance, heartbeat checks; and
`jarvis sync` every `[sync] every_minutes` (off by default). A job
whose code is not installed is skipped with a note; a job that fails is an
event and the others go on. When each job last ran is kept in
`.jarvis/serve-schedule.json`, so restarting the server does not rerun them all.
"""

from __future__ import annotations

import contextlib
import importlib
import inspect
import json
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from jarvis.events import track
from jarvis.fsutil import atomic_write
from jarvis.workspace import Workspace

STATE_FILE = "serve-schedule.json"
FIRST_RUN_DELAY_S = 30.0
MAX_SLEEP_S = 60.0


@dataclass(frozen=True)
class Job:
    name: str
    every_s: float
    module: str
    attrs: tuple[str, ...]  # the first that exists is called


def default_jobs(ws: Workspace) -> list[Job]:
    sched = ws.config.schedule
    return [
        Job("observe", sched.observe_every_s, "jarvis.observe.pipeline", ("observe_sessions",)),
        Job("recent", sched.recent_every_s, "jarvis.agent.recent", ("refresh_recent",)),
        Job("maintain", sched.maintain_every_s, "jarvis.reflect.maintain", ("maintain",)),
        Job("heartbeat", sched.heartbeat_every_s, "jarvis.serve.health", ("heartbeat",)),
        Job("sync", ws.config.sync.every_minutes * 60, "jarvis.sync", ("scheduled_sync",)),
    ]


def resolve(job: Job) -> tuple[Callable[..., Any] | None, str]:
    """The job's function, or None and a note saying why it is skipped."""
    try:
        module = importlib.import_module(job.module)
    except ModuleNotFoundError as exc:
        if exc.name and job.module.startswith(exc.name):
            return None, f"skipped: {job.module} is not part of this jarvis"
        return None, f"skipped: {job.module} cannot be imported ({exc})"
    except Exception as exc:
        return None, f"skipped: {job.module} failed to import ({type(exc).__name__}: {exc})"
    for attr in job.attrs:
        fn = getattr(module, attr, None)
        if callable(fn):
            return fn, f"{job.module}.{attr}"
    return None, f"skipped: {job.module} has no {' or '.join(job.attrs)}"


def call_job(fn: Callable[..., Any], ws: Workspace, context: dict[str, Any]) -> Any:
    """Call `fn(ws, **what it accepts of context)` (embedder, health, …)."""
    try:
        params = inspect.signature(fn).parameters
    except (TypeError, ValueError):
        params = {}  # type: ignore[assignment]
    kwargs = {k: v for k, v in context.items() if k in params}
    return fn(ws, **kwargs)


def summarize(result: Any) -> dict[str, Any]:
    """A small JSON-able summary of what a job returned, for status and events."""
    if result is None:
        return {}
    items: list[tuple[str, Any]]
    if isinstance(result, dict):
        items = [(str(k), v) for k, v in result.items()]
    elif hasattr(result, "__dataclass_fields__"):
        items = [(k, getattr(result, k)) for k in result.__dataclass_fields__]
    else:
        return {"result": str(result)[:200]}
    out: dict[str, Any] = {}
    for key, value in items:
        if isinstance(value, bool | int | float) or value is None:
            out[key] = value
        elif isinstance(value, str):
            out[key] = value[:200]
        elif isinstance(value, list | tuple | set | dict):
            out[key] = len(value)
    return out


def _now_iso() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class Scheduler:
    def __init__(self, ws: Workspace, jobs: list[Job], context: dict[str, Any] | None = None) -> None:
        self.ws = ws
        self.jobs = [job for job in jobs]
        self.context = context if context is not None else {}
        self._cond = threading.Condition()
        self._stopping = False
        self._thread: threading.Thread | None = None
        self.status: dict[str, dict[str, Any]] = {}
        self._state = self._load_state()

    # ------------------------------------------------------------- state file
    def _load_state(self) -> dict[str, Any]:
        try:
            data = json.loads((self.ws.state_dir / STATE_FILE).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        return data if isinstance(data, dict) else {}

    def _save_state(self) -> None:
        with contextlib.suppress(OSError):
            atomic_write(self.ws.state(STATE_FILE), json.dumps(self._state, indent=1, sort_keys=True))

    # -------------------------------------------------------------- lifecycle
    def start(self) -> None:
        start = time.time()
        for job in self.jobs:
            entry: dict[str, Any] = {"every_s": job.every_s, "runs": 0, "failures": 0}
            if job.every_s <= 0:
                where = "[sync] every_minutes" if job.name == "sync" else f"[schedule] {job.name}_every_s"
                entry.update(note=f"off (set {where} in jarvis.toml)", next=None)
            else:
                fn, note = resolve(job)
                entry["note"] = note
                if fn is None:
                    entry["next"] = None
                else:
                    last = float(self._state.get(job.name, {}).get("last_epoch", 0.0))
                    entry["next_epoch"] = max(last + job.every_s, start + min(FIRST_RUN_DELAY_S, job.every_s))
                    entry["fn"] = fn
            entry.update(self._state.get(job.name, {}).get("public", {}))
            self.status[job.name] = entry
        self._thread = threading.Thread(target=self._loop, name="jarvis-scheduler", daemon=True)
        self._thread.start()

    def stop(self, timeout: float = 30.0) -> None:
        with self._cond:
            self._stopping = True
            self._cond.notify_all()
        if self._thread is not None:
            self._thread.join(timeout)

    def health(self) -> dict[str, Any]:
        with self._cond:
            out: dict[str, Any] = {}
            for name, entry in self.status.items():
                public = {k: v for k, v in entry.items() if k not in ("fn", "next_epoch")}
                if entry.get("next_epoch"):
                    public["next"] = datetime.fromtimestamp(entry["next_epoch"], UTC).isoformat(
                        timespec="seconds"
                    )
                out[name] = public
            return out

    def run_now(self, name: str) -> None:
        """Make a job due at once (the loop runs it)."""
        with self._cond:
            entry = self.status.get(name)
            if entry and entry.get("fn"):
                entry["next_epoch"] = time.time()
                self._cond.notify_all()

    # ------------------------------------------------------------------- loop
    def _loop(self) -> None:
        while True:
            with self._cond:
                if self._stopping:
                    return
                due = [(e["next_epoch"], n) for n, e in self.status.items() if e.get("fn")]
                if not due:
                    self._cond.wait(MAX_SLEEP_S)
                    continue
                when, name = min(due)
                wait = when - time.time()
                if wait > 0:
                    self._cond.wait(min(wait, MAX_SLEEP_S))
                    continue
                entry = self.status[name]
                fn = entry["fn"]
            self._run(name, entry, fn)

    def _run(self, name: str, entry: dict[str, Any], fn: Callable[..., Any]) -> None:
        started = time.time()
        ok = True
        summary: dict[str, Any] = {}
        error = None
        try:
            with track(self.ws, "scheduler", name) as ev:
                result = call_job(fn, self.ws, self.context)
                summary = summarize(result)
                ev.counts.update({k: v for k, v in summary.items() if isinstance(v, int | float)})
        except Exception as exc:  # a failing job is an event; the others go on
            ok = False
            error = f"{type(exc).__name__}: {exc}"[:300]
        with self._cond:
            entry["runs"] += 1
            entry["last_run"] = _now_iso()
            entry["last_ok"] = ok
            entry["last_ms"] = round((time.time() - started) * 1000)
            entry["last_result"] = summary
            if not ok:
                entry["failures"] += 1
                entry["last_error"] = error
            entry["next_epoch"] = time.time() + max(1.0, float(entry["every_s"]))
            public = {k: entry.get(k) for k in ("last_run", "last_ok", "last_error", "last_result")}
            self._state[name] = {"last_epoch": started, "public": public}
        self._save_state()
