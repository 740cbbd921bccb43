"""`jarvis reflect`: observations since the last reflection + MEMORY.md -> triaged proposals.

Observations are the fragments new or changed since the last run (state in
`.jarvis/reflect/state.json`: each fragment's `updated` and merge count as last seen — not a
date cut-off, because an old session imported today yields fragments dated in the past).
Proposals come from the configured LLM (strict JSON) or, offline, from rules: every durable,
allowed fragment in a category with a MEMORY.md section becomes a proposed bullet (see
`fates.py`). Past `[reflect] max_bullets`, reflect proposes pruning the oldest bullets
instead of growth. Then triage (see `triage.py`): promotions are accepted at once,
rejections recorded, the rest become review branches. Every observation's fate is reported.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import TYPE_CHECKING, Any

from jarvis.errors import JarvisError, ProviderError
from jarvis.events import track
from jarvis.fragment import Fragment
from jarvis.gitstore import GitStore
from jarvis.llm import json_list_reply
from jarvis.notes import iter_fragments
from jarvis.reflect.apply import ApplyError, apply_proposal, memory_bullets
from jarvis.reflect.fates import Fate, account, rationale, why_not
from jarvis.reflect.proposals import (
    Proposal,
    create_branch,
    list_open,
    make_proposal,
    one_line,
    rejected_ids,
)
from jarvis.reflect.triage import Similar, Verdict, triage
from jarvis.taxonomy import SECTIONS, section_for
from jarvis.workspace import Workspace

if TYPE_CHECKING:
    from jarvis.index.embed import Embedder
    from jarvis.llm import LLM

STATE = ("reflect", "state.json")
TRIAGE_LOG = ("reflect", "triage.jsonl")
MAX_BULLET_CHARS = 300
MAX_PRUNE = 20
_SESSION = re.compile(r"[A-Za-z0-9][\w.-]*-\d{8}[\w.-]*")


def load_state(ws: Workspace) -> dict[str, Any]:
    path = ws.state_dir.joinpath(*STATE)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError):
        return {}
    return data if isinstance(data, dict) else {}


def _stamp(f: Fragment) -> str:
    return max(f.created or "", f.updated or "")


def seen_key(f: Fragment) -> str:
    return f"{f.updated or f.created or ''}|{f.merged_count}"


def observations(ws: Workspace, since: str | None, seen: dict[str, str] | None = None) -> list[Fragment]:
    """Active fragments not seen in this state before (all of them when both are None).

    `seen` (fragment id -> `seen_key` at the last run) decides when given; `since` (the last
    run's time) only for a state written before `seen` existed.
    """
    out = []
    for _, f in iter_fragments(ws):
        if f.status != "active" or f.superseded_by:
            continue
        if seen is not None:
            if seen.get(f.id or "") != seen_key(f):
                out.append(f)
        elif since is None or _stamp(f) > since:
            out.append(f)
    return out


def all_seen(ws: Workspace) -> dict[str, str]:
    return {f.id: seen_key(f) for _, f in iter_fragments(ws) if f.id}


_SAID = "The assistant had said:"


def bullet_text(f: Fragment) -> str:
    """The first paragraph of a fragment on one line, cut at a word near MAX_BULLET_CHARS.

    A correction keeps what it corrected ("… (corrects: the assistant had said …)"), so the
    bullet still makes sense on its own in MEMORY.md.
    """
    paragraphs = [p.strip() for p in f.body.strip().split("\n\n")]
    text = one_line(paragraphs[0].lstrip("#").strip())
    said = next((one_line(p[len(_SAID) :]) for p in paragraphs if p.startswith(_SAID)), "")
    if f.type == "correction" and said:
        text = f"{text.rstrip('.')} (corrects the assistant, which had said: {said[:140].rstrip('.')})"
    if len(text) > MAX_BULLET_CHARS:
        text = text[:MAX_BULLET_CHARS].rsplit(" ", 1)[0] + "…"
    return text


def sessions_of(f: Fragment) -> tuple[str, ...]:
    src = f.source
    if isinstance(src, dict):
        value = src.get("session") or src.get("session_id")
        return (str(value),) if value else ()
    if isinstance(src, str) and src.strip():
        m = _SESSION.search(src)
        return (m.group(0) if m else one_line(src)[:80],)
    return ()


def rule_proposals(obs: Sequence[Fragment], skipped: dict[str, str] | None = None) -> list[Proposal]:
    """Offline: every durable, allowed fragment with a MEMORY.md section, one proposal per bullet.

    Observations that give the same bullet share one proposal; why each other one got none
    is written into `skipped` (fragment id -> reason).
    """
    by_id: dict[str, Proposal] = {}
    for f in obs:
        reason = why_not(f)
        if reason is not None:
            if skipped is not None:
                skipped[f.id] = reason
            continue
        p = make_proposal(
            section=section_for(f.category),
            text=bullet_text(f),
            confidence=f.confidence if f.confidence is not None else 0.7,
            rationale=rationale(f),
            fragments=(f.id,),
            sessions=sessions_of(f),
        )
        if p.id in by_id:
            first = by_id[p.id]
            sessions = tuple(dict.fromkeys(first.sessions + p.sessions))
            by_id[p.id] = replace(first, fragments=first.fragments + p.fragments, sessions=sessions)
        else:
            by_id[p.id] = p
    return list(by_id.values())


LLM_SYSTEM = (
    "You curate MEMORY.md, a person's small long-term memory (sections of dated bullets) that an "
    "assistant reads at the start of every session. From new observations, propose only durable, "
    "useful facts not already there; prefer changing an existing bullet to adding a near-duplicate; "
    "propose removing bullets the observations show are wrong or obsolete. Reply with JSON only: "
    '{"proposals": [{"kind": "add|change|remove", "section": "<existing section>", "text": "<bullet '
    'text, no date>", "old_text": "<bullet replaced or removed, for change|remove>", "confidence": '
    '0.0-1.0, "rationale": "<why>", "fragments": ["<observation ids>"]}]}. An empty list is fine.'
)


def parse_llm_proposals(text: str, sections: Sequence[str], by_id: dict[str, Fragment]) -> list[Proposal]:
    """Strictly parse the reflection reply; raises ProviderError naming the first problem."""
    items = json_list_reply(text, "proposals", "LLM reflection")
    out = []
    for i, item in enumerate(items):
        where = f"LLM reflection: proposal {i}"
        if not isinstance(item, dict):
            raise ProviderError(f"{where} is not an object")
        kind, section = item.get("kind"), item.get("section")
        if kind not in ("add", "change", "remove"):
            raise ProviderError(f"{where}: kind {kind!r}, expected add|change|remove")
        if section not in sections:
            raise ProviderError(f"{where}: section {section!r} is not a MEMORY.md section")
        conf = item.get("confidence", 0.5)
        if not isinstance(conf, int | float) or isinstance(conf, bool) or not 0 <= conf <= 1:
            raise ProviderError(f"{where}: confidence {conf!r} is not a number in [0, 1]")
        text_key = "old_text" if kind == "remove" else "text"
        if not isinstance(item.get(text_key), str) or not item[text_key].strip():
            raise ProviderError(f"{where}: {text_key} is missing")
        frags = tuple(str(x) for x in item.get("fragments") or () if str(x) in by_id)
        out.append(
            make_proposal(
                kind=kind,
                section=str(section),
                text=item[text_key] if kind == "remove" else item["text"],
                old_text=str(item.get("old_text") or "") if kind == "change" else "",
                confidence=float(conf),
                rationale=str(item.get("rationale") or ""),
                fragments=frags,
                sessions=tuple(dict.fromkeys(s for fid in frags for s in sessions_of(by_id[fid]))),
            )
        )
    return out


def llm_proposals(
    llm: LLM, obs: Sequence[Fragment], memory_text: str, sections: Sequence[str], max_tokens: int
) -> list[Proposal]:
    listing = [
        {
            "id": f.id,
            "category": f.category,
            "priority": f.priority,
            "confidence": f.confidence,
            "text": f.body.strip(),
        }
        for f in obs
    ]
    prompt = (
        f"MEMORY.md now:\n\n{memory_text.strip()}\n\nSections: {json.dumps(list(sections))}\n\n"
        f"New observations:\n{json.dumps(listing, ensure_ascii=False, indent=1)}"
    )
    reply = llm.complete(LLM_SYSTEM, [{"role": "user", "content": prompt}], max_tokens=max_tokens)
    return parse_llm_proposals(reply.text, sections, {f.id: f for f in obs})


def prune_proposals(
    bullets: Sequence[tuple[str, str, str]], max_bullets: int, rejected: dict[str, str]
) -> list[Proposal]:
    """Over the limit: propose removing the oldest bullets (skipping ones a person kept)."""
    excess = len(bullets) - max_bullets
    out: list[Proposal] = []
    for section, day, text in sorted(bullets, key=lambda b: b[1] or "9999"):
        if len(out) >= min(excess, MAX_PRUNE):
            break
        p = make_proposal(
            kind="remove",
            section=section,
            text=text,
            confidence=0.5,
            rationale=f"MEMORY.md has {len(bullets)} bullets, over the limit of {max_bullets}; this is one of "
            f"the oldest ({day or 'undated'}). Reject to keep it.",
        )
        if p.id not in rejected:
            out.append(p)
    return out


def reflect(
    ws: Workspace,
    *,
    llm: LLM | None = None,
    embedder: Embedder | None = None,
    full: bool = False,
    now: datetime | None = None,
) -> ReflectResult:
    """One reflection: propose, triage, then promote / record / open branches. See the module doc."""
    now = now or datetime.now().astimezone()
    store = GitStore(ws.root)
    state = load_state(ws)
    with track(ws, "reflect", "run") as ev:
        memory_path = ws.memory_md
        memory_text = memory_path.read_text(encoding="utf-8") if memory_path.exists() else ""
        bullets = memory_bullets(memory_text)
        seen = state.get("seen") if isinstance(state.get("seen"), dict) else None
        obs = observations(ws, None, None) if full else observations(ws, state.get("last_run"), seen)
        rejected = rejected_ids(ws)
        pruning = len(bullets) > ws.config.reflect.max_bullets
        skipped: dict[str, str] = {}
        default = "no proposal was made from it"
        if pruning:
            proposals = prune_proposals(bullets, ws.config.reflect.max_bullets, rejected)
            default = f"MEMORY.md has {len(bullets)} bullets, over its limit: pruning comes first"
        elif llm is not None and obs:
            sections = list(dict.fromkeys([b[0] for b in bullets] + list(SECTIONS.values())))
            proposals = llm_proposals(llm, obs, memory_text, sections, ws.config.llm.max_tokens)
            default = "the LLM reflection proposed nothing from it"
        else:
            proposals = rule_proposals(obs, skipped)
        open_ids = {o.proposal.id for o in list_open(store)}
        fresh = list({p.id: p for p in proposals if p.id not in open_ids}.values())
        open_before = {fid: p.id for p in proposals if p.id in open_ids for fid in p.fragments}
        similar = _similarity(ws, embedder) if embedder is not None and bullets else None
        verdicts, llm_error = triage(
            fresh,
            [b[2] for b in bullets],
            rejected,
            ws.config,
            memory_text=memory_text,
            llm=llm,
            similar=similar,
        )
        result = ReflectResult(
            len(obs), pruning, llm_error=llm_error, already_open=len(proposals) - len(fresh)
        )
        for v in verdicts:
            _carry_out(ws, store, v, result)
        result.fates = account(obs, skipped, result.verdicts, open_before, default)
        _log(ws, result.verdicts, now)
        state.update(
            last_run=now.isoformat(timespec="seconds"), runs=int(state.get("runs", 0)) + 1, seen=all_seen(ws)
        )
        ws.state(*STATE).write_text(json.dumps(state, indent=1), encoding="utf-8")
        ev.counts.update(result.counts())
        if llm_error:
            ev.detail["llm_error"] = llm_error
    return result


def _carry_out(ws: Workspace, store: GitStore, v: Verdict, result: ReflectResult) -> None:
    from jarvis.reflect.review import accept

    p = v.proposal.with_triage(v.tier, v.reason)
    if v.action in ("reject", "merge"):
        if v.action == "reject" and v.tier == "llm":
            from jarvis.reflect.proposals import record_rejection

            record_rejection(ws, p, v.reason, "llm")
        result.verdicts.append(Verdict(p, v.action, v.tier, v.reason))
        return
    base = store.show_file("HEAD", p.target) or ""
    try:
        content = apply_proposal(base, p, p.created[:10])
    except ApplyError as exc:
        result.verdicts.append(Verdict(p, "reject", "auto", f"does not apply to {p.target}: {exc}"))
        return
    with store.lock():
        create_branch(store, p, content)
    action = v.action
    if action == "promote":
        try:
            result.promoted.append(accept(ws, p.id, by=v.tier).sha or "")
        except JarvisError as exc:  # e.g. MEMORY.md has an uncommitted edit: leave it for review
            action, p = "human", p.with_triage("human", f"{v.reason}; auto-accept failed: {exc}")
    result.verdicts.append(Verdict(p, action, p.tier, p.reason))


def _similarity(ws: Workspace, embedder: Embedder) -> Similar:
    from jarvis.index.embed import embed_texts

    def similar(text: str, others: Sequence[str]) -> list[float]:
        vectors = embed_texts(ws, embedder, [text, *others])
        return [float(x) for x in vectors[1:] @ vectors[0]]

    return similar


def _log(ws: Workspace, verdicts: Sequence[Verdict], now: datetime) -> None:
    if not verdicts:
        return
    with ws.state(*TRIAGE_LOG).open("a", encoding="utf-8") as handle:
        for v in verdicts:
            record = {"ts": now.isoformat(timespec="seconds"), "action": v.action, **v.proposal.as_dict()}
            handle.write(json.dumps(record, ensure_ascii=False) + "\n")


@dataclass
class ReflectResult:
    observations: int
    pruning: bool
    verdicts: list[Verdict] = field(default_factory=list)
    promoted: list[str] = field(default_factory=list)
    llm_error: str | None = None
    already_open: int = 0
    fates: list[Fate] = field(default_factory=list)  # one per observation

    def counts(self) -> dict[str, int]:
        out = {"observations": self.observations, "already_open": self.already_open}
        for action in ("promote", "reject", "merge", "human"):
            out[action] = sum(1 for v in self.verdicts if v.action == action)
        for fate in ("promoted", "proposed", "merged", "skipped"):
            out[fate] = sum(1 for f in self.fates if f.fate == fate)
        return out
