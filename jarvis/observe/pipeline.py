"""`observe`: sessions in, fragments, daily-log lines and learnings out, one commit per run.

Incremental: each session has an offset (the next turn to read) in
`.jarvis/observe/offsets.json`, advanced only after the commit lands. The commit
message carries a `jarvis-observe: <session> turns a-b` line per session, so if a
crash lands between commit and offset write, the next run reads the offset back
from git history instead of observing the same turns twice.
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from itertools import pairwise
from typing import Any

from jarvis.errors import ProviderError
from jarvis.events import track
from jarvis.fragment import render_fragment, splice_frontmatter
from jarvis.fsutil import atomic_write
from jarvis.gitstore import GitStore
from jarvis.notes import append_daily, daily_line, local_now
from jarvis.observe.judge import Judge
from jarvis.observe.offline import OfflineObserver
from jarvis.observe.plan import Plan, SourcedFact, build_plan
from jarvis.observe.schema import LLMObserver, Observer
from jarvis.observe.sessions import SessionEvent, list_sessions, parse_ts, read_session
from jarvis.redact import Finding, answered_secrets, redact, redact_session
from jarvis.transaction import Transaction
from jarvis.workspace import Workspace

OFFSETS = ("observe", "offsets.json")
TRAILER = "jarvis-observe:"
_TRAILER_RE = re.compile(rf"^{TRAILER} (\S+) turns (\d+)-(\d+)$", re.MULTILINE)


@dataclass(frozen=True)
class ObserveReport:
    sessions: tuple[str, ...]
    observer: str
    turns: int
    counts: dict[str, int]
    written: tuple[str, ...]
    sha: str | None
    dry_run: bool
    preview: tuple[str, ...] = ()
    errors: tuple[str, ...] = ()
    skipped_lines: int = 0
    usage: dict[str, int] = field(default_factory=dict)

    @property
    def message(self) -> str:
        return commit_subject(self.sessions, self.counts)


def session_label(session_id: str, events: Sequence[SessionEvent], known: Iterable[str] = ()) -> str:
    """A readable name for a session: its first words (redacted, with the session's `known`
    secrets) and its date, not a raw id."""
    first = next((e for e in events if e.role == "user" and e.text.strip()), None)
    words = redact(" ".join(first.text.split()), known)[0].split() if first else []
    day = next((e.ts[:10] for e in events if e.ts[:10].count("-") == 2), "")
    if not words:
        return f"session {session_id}" + (f" of {day}" if day else "")
    quote = " ".join(words[:7]) + ("…" if len(words) > 7 else "")
    return f"“{quote}”" + (f" ({day})" if day else "")


def commit_subject(sessions: Sequence[str], counts: dict[str, int]) -> str:
    who = sessions[0] if len(sessions) == 1 else f"{len(sessions)} sessions"
    return (
        f"observe: {who} ({counts.get('allowed', 0)} allowed, {counts.get('held', 0)} held, "
        f"{counts.get('discarded', 0)} discarded, {counts.get('merged', 0)} merged"
        + (f", {counts['superseded']} superseded" if counts.get("superseded") else "")
        + ")"
    )


def make_observer(ws: Workspace, llm: Any | None) -> Observer:
    if llm is None:
        cfg = ws.config.observe
        judge = Judge.for_embedding(ws.config.embedding, cfg.judge_threshold or None) if cfg.judge else None
        return OfflineObserver(judge)
    return LLMObserver(llm, model=ws.config.observe.model or None, max_tokens=ws.config.llm.max_tokens)


# -------------------------------------------------------------------- offsets
def read_offsets(ws: Workspace) -> dict[str, int]:
    path = ws.state_dir.joinpath(*OFFSETS)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return {str(k): int(v) for k, v in data.items() if isinstance(v, int)} if isinstance(data, dict) else {}


def committed_offsets(store: GitStore) -> dict[str, int]:
    """Offsets recorded in observe commits (the source of truth if the state file is behind)."""
    if store.head() is None:
        return {}
    out = store.run("log", "--format=%B", "--fixed-strings", f"--grep={TRAILER}", what="git log")
    offsets: dict[str, int] = {}
    for sid, _, end in _TRAILER_RE.findall(out):
        offsets[sid] = max(offsets.get(sid, 0), int(end) + 1)
    return offsets


def write_offsets(ws: Workspace, offsets: dict[str, int]) -> None:
    atomic_write(ws.state(*OFFSETS), json.dumps(offsets, indent=1, sort_keys=True) + "\n")


# ---------------------------------------------------------------------- runs
@dataclass
class _Work:
    session_id: str
    events: list[SessionEvent]
    done_to: int = -1  # last turn observed successfully in this run
    facts: list[SourcedFact] = field(default_factory=list)
    narratives: list[tuple[str, datetime | None, int]] = field(default_factory=list)  # text, when, turn
    redacted: int = 0  # secrets taken out of the session text before the observer saw it
    # each message's text redacted with the secrets said anywhere in the session (redact_session)
    clean: dict[str, tuple[str, list[Finding]]] = field(default_factory=dict)
    label: str = ""  # how the commit names the session: its first words and date


def _extract(observer: Observer, work: _Work, batch_size: int, usage: dict[str, int]) -> str | None:
    """Run the observer batch by batch; stop at the first failure (that batch is retried next run)."""
    for start in range(0, len(work.events), batch_size):
        # The observer (rules or an LLM provider) only ever sees redacted text: a fact it rephrases
        # ("sk-…" -> "Sk-…", a quote cut in half) can no longer unmask a secret, and no secret is
        # sent to a provider.
        batch = []
        for event in work.events[start : start + batch_size]:
            clean, found = work.clean[event.text]
            work.redacted += len(found)
            batch.append(dataclasses.replace(event, text=clean))
        try:
            out = observer.extract(batch)
        except ProviderError as exc:
            return f"{work.session_id} turns {batch[0].turn}-{batch[-1].turn}: {exc}"
        for key, value in out.usage.items():
            usage[key] = usage.get(key, 0) + int(value)
        for segment in out.segments:
            if segment.narrative:
                when = said_at(batch, segment.turn_end)
                work.narratives.append((f"{work.session_id}: {segment.narrative}", when, segment.turn_end))
            work.facts.extend(
                SourcedFact(work.session_id, f, said_at(batch, f.turn_end)) for f in segment.facts
            )
        work.done_to = batch[-1].turn
    return None


def _drop_committed(works: list[_Work], committed: dict[str, int]) -> None:
    """Leave out of each work the turns an observe commit already covers."""
    for w in works:
        start = committed.get(w.session_id, 0)
        if not w.events or start <= w.events[0].turn:
            continue
        w.facts = [f for f in w.facts if f.fact.turn_start >= start]
        w.narratives = [n for n in w.narratives if n[2] >= start]
        w.events = [e for e in w.events if e.turn >= start]
        if not w.events or w.done_to < start:
            w.events, w.done_to = [], -1


def said_at(batch: Sequence[SessionEvent], turn: int) -> datetime | None:
    """The time of `turn` in the session: its own timestamp, else the last one before it."""
    best: datetime | None = None
    for event in batch:
        if event.turn > turn:
            break
        best = parse_ts(event.ts) or best
    return best


def _apply(
    ws: Workspace, tx: Transaction, plan: Plan, works: list[_Work], now: datetime
) -> tuple[str | None, list[str]]:
    """Write a plan made under this transaction's lock; one commit."""
    learn = {"learnings/errors.md": plan.errors_md, "learnings/corrections.md": plan.corrections_md}
    rels = [*plan.merged, *(r for r, lines in learn.items() if lines)]
    for rel, fragment in plan.merged.items():
        # only the frontmatter (and a merged body) change; the person's bytes are kept otherwise
        tx.write(rel, splice_frontmatter(tx.read_bytes(rel) or b"", render_fragment(fragment)))
    for rel, fragment in plan.new.items():
        rels.append(tx.create(rel, render_fragment(fragment)))
    for rel, lines in learn.items():
        if lines:
            old = tx.read(rel)
            if old is None:
                old = f"# {rel.rsplit('/', 1)[-1].removesuffix('.md').title()}\n\n"
            tx.write(rel, (old if old.endswith("\n") else old + "\n") + "".join(lines))
    days: dict[str, list[tuple[datetime, str]]] = {}  # a session across midnight writes two logs
    for text, ident, when in zip(plan.daily, plan.daily_ids, plan.daily_when, strict=True):
        days.setdefault(when.date().isoformat(), []).append((when, daily_line(text, ident, when)))
    for entries in days.values():
        rels.append(append_daily(ws, tx, [line for _, line in entries], entries[0][0]))
    trailers = [
        f"{TRAILER} {w.session_id} turns {w.events[0].turn}-{w.done_to}" for w in works if w.done_to >= 0
    ]
    subject = commit_subject([w.label or w.session_id for w in works if w.done_to >= 0], plan.counts)
    sha = tx.commit(subject + "\n\n" + "\n".join(trailers) + "\n")
    return sha, rels


def _preview(plan: Plan) -> list[str]:
    lines = [f"{action:8} {text}  ->  {where}" for action, text, where in plan.decisions]
    lines += [f"learning errors.md: {line.strip()}" for line in plan.errors_md]
    lines += [f"learning corrections.md: {line.strip()}" for line in plan.corrections_md]
    return lines


def run_observe(
    ws: Workspace,
    work_items: list[tuple[str, list[SessionEvent]]],
    *,
    llm: Any | None = None,
    dry_run: bool = False,
    embedder: Any = None,
    skipped_lines: int = 0,
) -> ObserveReport:
    """Observe the given (session id, events) pairs, skipping turns already observed."""
    store = GitStore(ws.root)
    observer = make_observer(ws, llm)
    with track(ws, "observe", "run") as ev:
        offsets = read_offsets(ws)
        for sid, off in committed_offsets(store).items():
            offsets[sid] = max(offsets.get(sid, 0), off)
        works = []
        for sid, events in work_items:
            # a secret said once ("my password is Glenys1958") is one wherever it recurs ("Glenys1958
            # fails"), before or after, in this run's turns or in ones observed earlier
            said = [e for e in events if e.type == "message" and e.text.strip()]
            answered = frozenset(
                value
                for question, answer in pairwise(said)
                if question.role == "assistant" and answer.role == "user"
                for value in answered_secrets(question.text, answer.text)
            )
            clean, known = redact_session((e.text for e in events), answered)
            label = session_label(sid, events, known)
            works.append(
                _Work(sid, [e for e in events if e.turn >= offsets.get(sid, 0)], label=label, clean=clean)
            )
        works = [w for w in works if w.events]
        usage: dict[str, int] = {}
        errors = [e for w in works if (e := _extract(observer, w, ws.config.observe.batch_messages, usage))]
        now = local_now()
        embed = _embedder(ws, embedder)

        def make_plan() -> Plan:
            made = build_plan(
                ws, [f for w in works for f in w.facts], embed=embed, observer=observer.name, now=now
            )
            made.counts["redacted"] += sum(w.redacted for w in works)
            for text, when, _ in (n for w in works for n in w.narratives):
                # Narratives reach git through the daily log: redact them like facts.
                made.daily.append(redact(text)[0])
                made.daily_ids.append(None)
                made.daily_when.append(when or now)
            return made

        plan = make_plan()  # also warms the embedding cache, so the plan under the lock is quick
        sha: str | None = None
        written: list[str] = []
        if not dry_run:
            if not plan.empty:
                with store.transaction() as tx:
                    # decided again under the lock: the world may have moved, and another run (a
                    # hook's worker, the server's schedule) may have committed some of these turns
                    _drop_committed(works, committed_offsets(store))
                    plan = make_plan()
                    if not plan.empty:
                        sha, written = _apply(ws, tx, plan, works, now)
            for w in works:
                if w.done_to >= 0:
                    offsets[w.session_id] = w.done_to + 1
            if any(w.done_to >= 0 for w in works):
                write_offsets(ws, offsets)
        turns = sum(len([e for e in w.events if e.turn <= w.done_to]) for w in works)
        ev.counts.update(plan.counts, sessions=len(works), turns=turns, errors=len(errors), **usage)
        ev.counts["skipped_lines"] = skipped_lines
        ev.detail.update(observer=observer.name, dry_run=dry_run, sha=sha)
        if errors:
            ev.detail["errors"] = errors
    return ObserveReport(
        sessions=tuple(w.session_id for w in works),
        observer=observer.name,
        turns=turns,
        counts=dict(plan.counts),
        written=tuple(written),
        sha=sha,
        dry_run=dry_run,
        preview=tuple(_preview(plan)),
        errors=tuple(errors),
        skipped_lines=skipped_lines,
        usage=usage,
    )


def _embedder(ws: Workspace, embedder: Any) -> Callable[[list[str]], Any]:
    """Embed through the index's cache; the model loads only if some text is not cached."""
    from jarvis.index.embed import LazyEmbedder, embed_texts

    model = embedder if embedder is not None else LazyEmbedder(ws.config.embedding)
    return lambda texts: embed_texts(ws, model, texts)


def observe_events(
    ws: Workspace,
    session_id: str,
    events: list[SessionEvent],
    *,
    llm: Any | None = None,
    dry_run: bool = False,
    embedder: Any = None,
) -> ObserveReport:
    """Observe in-memory events of one session (used by chat before compaction).

    Event `turn`s must be their positions in the session file: turns below the
    session's offset are skipped, and the offset moves past the last one observed,
    so a later `jarvis observe` does not observe them again.
    """
    return run_observe(ws, [(session_id, list(events))], llm=llm, dry_run=dry_run, embedder=embedder)


def observe_sessions(
    ws: Workspace,
    session_ids: Sequence[str] | None = None,
    *,
    llm: Any | None = None,
    dry_run: bool = False,
    embedder: Any = None,
) -> ObserveReport:
    """Observe stored sessions (None: every session with new turns)."""
    ids = list(session_ids) if session_ids else list_sessions(ws)
    items: list[tuple[str, list[SessionEvent]]] = []
    skipped = 0
    for sid in ids:
        session = read_session(ws, sid)
        skipped += session.skipped
        items.append((sid, list(session.events)))
    return run_observe(ws, items, llm=llm, dry_run=dry_run, embedder=embedder, skipped_lines=skipped)
