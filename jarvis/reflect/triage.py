"""Triage of proposals in three tiers, each verdict with its reason.

1. automatic rules: reject what was rejected before, instruction artefacts, too-short text,
   low confidence and exact duplicates; merge what is close to an existing bullet; promote a
   confident, new fact that names a decision record, a path or a command;
2. LLM batch review (up to `[reflect] llm_batch` at once) when a provider is configured;
3. everything else waits for a person (`jarvis review`).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from jarvis.anchors import is_artefact, names_anchor
from jarvis.errors import ProviderError
from jarvis.llm import json_list_reply
from jarvis.reflect.proposals import Proposal, make_proposal, normalise

if TYPE_CHECKING:
    from jarvis.config import Config
    from jarvis.llm import LLM

Similar = Callable[[str, Sequence[str]], list[float]]


def automatic(
    p: Proposal,
    bullets: Sequence[str],
    rejected: dict[str, str],
    cfg: Config,
    similar: Similar | None = None,
) -> Verdict | None:
    """Tier 1: a verdict by rule, or None when the rules do not decide."""
    r = cfg.reflect
    if p.id in rejected:
        return Verdict(p, "reject", "auto", f"previously rejected ({rejected[p.id] or 'no reason given'})")
    if p.kind in ("patch", "remove"):
        return None  # self-patches and pruning always go to review
    if len(p.text) < cfg.observe.min_chars:
        return Verdict(p, "reject", "auto", f"too short (under {cfg.observe.min_chars} characters)")
    if is_artefact(p.text):
        return Verdict(p, "reject", "auto", "instruction artefact, not a fact")
    if p.confidence < r.reject_confidence:
        return Verdict(p, "reject", "auto", f"confidence {p.confidence:.2f} < {r.reject_confidence:.2f}")
    key = normalise(p.text)
    others = (
        [b for b in bullets if normalise(b) != normalise(p.old_text)] if p.kind == "change" else list(bullets)
    )
    if any(normalise(b) == key for b in others):
        return Verdict(p, "reject", "auto", "exact duplicate of an existing bullet")
    if p.kind == "add" and others and similar is not None:
        scores = similar(p.text, others)
        best = max(range(len(others)), key=lambda i: scores[i])
        if scores[best] >= r.merge_threshold:
            return _merge(p, others[best], scores[best])
    ref = names_anchor(p.text)
    if ref and p.confidence > r.auto_promote_confidence:
        return Verdict(p, "promote", "auto", f"names a {ref}, confidence {p.confidence:.2f}, not a duplicate")
    return None


def _merge(p: Proposal, existing: str, score: float) -> Verdict:
    """Close to an existing bullet: fold into it (a change to review) or drop when it adds nothing."""
    why = f"close to an existing bullet (cosine {score:.2f}): {existing!r}"
    new, old = normalise(p.text), normalise(existing)
    if len(new) <= len(old) or new in old:
        return Verdict(p, "merge", "auto", f"merged: {why}; it adds nothing, MEMORY.md unchanged")
    change = make_proposal(
        kind="change",
        section=p.section,
        text=p.text,
        old_text=existing,
        confidence=p.confidence,
        rationale=f"{p.rationale}\n\nMerged into an existing bullet instead of adding a near-duplicate.".strip(),
        fragments=p.fragments,
        sessions=p.sessions,
    )
    return Verdict(change, "merge", "auto", f"merge: {why}; proposed as a change of that bullet")


LLM_SYSTEM = (
    "You review proposed changes to MEMORY.md, a person's curated long-term memory that an assistant "
    "reads at the start of every session. Keep it small, durable and true. For each proposal answer "
    '"promote" (clearly durable, useful, not redundant), "reject" (trivial, transient, redundant, '
    'wrong or an instruction rather than a fact) or "human" (unsure, personal, or a judgement call). '
    'Reply with JSON only: {"verdicts": [{"id": "...", "verdict": "promote|reject|human", '
    '"reason": "one short sentence"}]}, one entry per proposal.'
)


def parse_verdicts(text: str, ids: Sequence[str]) -> dict[str, tuple[str, str]]:
    """Strictly parse the LLM's JSON: {id: (verdict, reason)}; raises ProviderError when malformed."""
    items = json_list_reply(text, "verdicts", "LLM triage")
    out: dict[str, tuple[str, str]] = {}
    for i, item in enumerate(items):
        if not isinstance(item, dict) or item.get("id") not in ids:
            raise ProviderError(f"LLM triage: verdict {i} names no proposal in the batch")
        verdict = item.get("verdict")
        if verdict not in ("promote", "reject", "human"):
            raise ProviderError(f"LLM triage: verdict {i} is {verdict!r}, expected promote|reject|human")
        out[str(item["id"])] = (str(verdict), " ".join(str(item.get("reason", "")).split()))
    return out


def llm_review(llm: LLM, batch: Sequence[Proposal], memory_text: str, max_tokens: int) -> list[Verdict]:
    """Tier 2: one LLM call for the batch; a proposal it does not answer stays for a person."""
    listing: list[dict[str, Any]] = [
        {"id": p.id, "kind": p.kind, "section": p.section, "text": p.text, "old_text": p.old_text,
         "confidence": p.confidence, "rationale": p.rationale}
        for p in batch
    ]  # fmt: skip
    prompt = f"MEMORY.md now:\n\n{memory_text.strip()}\n\nProposals:\n{json.dumps(listing, indent=1)}"
    reply = llm.complete(LLM_SYSTEM, [{"role": "user", "content": prompt}], max_tokens=max_tokens)
    verdicts = parse_verdicts(reply.text, [p.id for p in batch])
    out: list[Verdict] = []
    for p in batch:
        verdict, reason = verdicts.get(p.id, ("human", "the LLM gave no verdict"))
        if verdict == "promote" and p.kind == "patch":
            verdict = "human"  # self-patches are always reviewed by a person
        out.append(Verdict(p, verdict, "llm" if verdict != "human" else "human", reason or verdict))
    return out


def triage(
    proposals: Sequence[Proposal],
    bullets: Sequence[str],
    rejected: dict[str, str],
    cfg: Config,
    *,
    memory_text: str = "",
    llm: LLM | None = None,
    similar: Similar | None = None,
) -> tuple[list[Verdict], str | None]:
    """All three tiers. Returns (verdicts, LLM error or None: on error the batch goes to people)."""
    verdicts: list[Verdict] = []
    pending: list[Proposal] = []
    for p in proposals:
        v = automatic(p, bullets, rejected, cfg, similar)
        if v is None or (v.action == "merge" and v.proposal is not p):
            pending.append(v.proposal if v else p)
            if v:
                verdicts.append(Verdict(v.proposal, "pending", "auto", v.reason))
        else:
            verdicts.append(v)
    error = None
    reviewed: dict[str, Verdict] = {}
    if llm is not None and pending:
        size = max(1, cfg.reflect.llm_batch)
        try:
            for start in range(0, len(pending), size):
                for v in llm_review(llm, pending[start : start + size], memory_text, cfg.llm.max_tokens):
                    reviewed[v.proposal.id] = v
        except ProviderError as exc:
            error = str(exc)
    notes = {v.proposal.id: v.reason for v in verdicts if v.action == "pending"}
    verdicts = [v for v in verdicts if v.action != "pending"]
    for p in pending:
        v = reviewed.get(p.id) or Verdict(p, "human", "human", "needs a person's decision")
        if p.id in notes:
            v = replace(v, reason=f"{notes[p.id]}; {v.reason}")
        verdicts.append(v)
    return verdicts, error


@dataclass(frozen=True)
class Verdict:
    proposal: Proposal
    action: str  # promote | reject | merge | human
    tier: str  # auto | llm | human
    reason: str
