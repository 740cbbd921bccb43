"""Turn observer facts into a write plan: gate, categorise, dedup against fragments.

Pure apart from reading fragments and embedding texts (through the index's
cached embedder), so `--dry-run` shows exactly what a real run would write.

Time: each fact carries the time of the session turn it came from (`SourcedFact.when`);
fragments, learnings and daily-log lines are dated by it, never by the run
(adr/0088-session-time.md). A statement from an older session than the fragment it
contradicts does not win: it is kept, already superseded by the newer one.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any

from jarvis.doc import Fragment
from jarvis.notes import build_fragment, fragment_rel, iter_fragments, touch_fragment
from jarvis.observe.classify import categorise
from jarvis.observe.gate import Verdict, judge
from jarvis.observe.lexicon import MONTHS, WEEKDAYS
from jarvis.observe.schema import Fact
from jarvis.taxonomy import TAXONOMY_VERSION
from jarvis.workspace import Workspace

LEARNING_KINDS = ("tool-failure",)


@dataclass(frozen=True)
class SourcedFact:
    session_id: str
    fact: Fact
    when: datetime | None = None  # when it was said (the session's time); None: unknown

    @property
    def source(self) -> str:
        return f"{self.session_id}:{self.fact.turn_start}-{self.fact.turn_end}"


@dataclass
class Plan:
    new: dict[str, Fragment] = field(default_factory=dict)  # rel -> fragment
    merged: dict[str, Fragment] = field(default_factory=dict)  # rel -> updated existing fragment
    errors_md: list[str] = field(default_factory=list)  # lines for learnings/errors.md
    corrections_md: list[str] = field(default_factory=list)
    daily: list[str] = field(default_factory=list)  # texts for the daily log (with fragment id or None)
    daily_ids: list[str | None] = field(default_factory=list)
    daily_when: list[datetime] = field(default_factory=list)  # when each was said: picks the day's file
    counts: dict[str, int] = field(
        default_factory=lambda: dict.fromkeys(
            ("facts", "allowed", "held", "discarded", "merged", "superseded", "learnings", "redacted"), 0
        )
    )
    decisions: list[tuple[str, str, str]] = field(default_factory=list)  # (gate/action, text, reason)

    @property
    def empty(self) -> bool:
        return not (self.new or self.merged or self.errors_md or self.corrections_md or self.daily)


def statement(body: str) -> str:
    """The text a fragment is compared by: its first paragraph."""
    return body.strip().split("\n\n", 1)[0][:1000]


def fragment_body(fact: Fact) -> str:
    lines = [fact.text]
    if fact.quote and " ".join(fact.quote.split()) != fact.text:
        lines += ["", "> " + " ".join(fact.quote.split())]
    said = corrected_sentence(fact) if fact.kind == "correction" and fact.context else ""
    if said:
        lines += ["", f"The assistant had said: {said}"]
    return "\n".join(lines)


_WORD_RE = re.compile(r"[\w.+#/-]{3,}")
# words every correction fragment may hold; sharing one is no sign of answering that sentence
# ("… the user's clientes are from the barrio" shares only "from" with a caption "fresh from the oven")
_COMMON_WORDS = (
    "the and not but correction user user's they their them this that with for from are was were have has "
    "you your our all any there here what which who will would can just only also into about very more some "
    "its it's out one"
)
_COMMON = frozenset(_COMMON_WORDS.split())


_NUMBER_WORDS = {
    w: str(i)
    for i, w in enumerate(
        [
            "zero",
            "one",
            "two",
            "three",
            "four",
            "five",
            "six",
            "seven",
            "eight",
            "nine",
            "ten",
            "eleven",
            "twelve",
        ]
    )
}


def _shared_words(text: str) -> set[str]:
    """Lower-cased words of three or more characters, and numbers as digits ("four" ~ "4")."""
    found = {w.lower() for w in _WORD_RE.findall(text)}
    found |= {_NUMBER_WORDS[w.lower()] for w in re.findall(r"[A-Za-z]+", text) if w.lower() in _NUMBER_WORDS}
    return found | set(re.findall(r"(?<![\w.])\d{1,2}(?![\w.])", text))


def corrected_sentence(fact: Fact) -> str:
    """The sentence of the assistant's message the correction answers (the one sharing most words
    with it), not the whole message: its other suggestions are no part of the person's memory.
    "" when no sentence shares a word with it: the correction answers something else."""
    from jarvis.observe.phrasing import split_sentences

    # a list flattened into one line ("… - labour: 216 $ - overhead (including the oven): 45 $ - …")
    # is cut at its dashes: each item is a sentence of its own
    said = [
        piece
        for sent in (split_sentences(fact.context) or [fact.context])
        for piece in re.split(r"\s+[-•*]\s+", sent)
        if piece.strip()
    ] or [fact.context]
    words = _shared_words(fact.text) - _COMMON
    shared = [len(words & _shared_words(s)) for s in said]
    best = max(range(len(said)), key=lambda i: (shared[i], -i))
    if not shared[best]:
        return ""
    # the clause of it that was wrong ("If you're fishing Lake Michigan out of Chicago", not ", walleye is
    # open but …"): what else the sentence said is no part of the correction
    parts = [p.strip() for p in re.split(r",\s+|;\s+|\s+[—–]\s+", said[best]) if len(p.split()) >= 4]
    hits = [len(words & _shared_words(p)) for p in parts]
    if len(parts) > 1 and max(hits) == shared[best] and hits.count(max(hits)) == 1:
        return parts[hits.index(max(hits))][:300]
    return said[best][:300]


def learning_line(day: str, text: str, source: str) -> str:
    return f"- ({day}) {' '.join(text.split())} (session {source})\n"


def _unique(existing: str, lines: list[str], line: str) -> None:
    core = line.split(") ", 1)[-1].rsplit(" (session ", 1)[0]
    if core not in existing and all(core not in other for other in lines):
        lines.append(line)


def build_plan(
    ws: Workspace,
    facts: list[SourcedFact],
    *,
    embed: Callable[[list[str]], Any],
    observer: str,
    now: datetime,
) -> Plan:
    """Gate, categorise and dedup `facts`; nothing is written here."""
    import numpy as np

    cfg = ws.config.observe
    plan = Plan()
    errors_text = _read(ws, "learnings/errors.md")
    corrections_text = _read(ws, "learnings/corrections.md")
    kept: list[tuple[SourcedFact, Verdict]] = []
    for item in facts:
        plan.counts["facts"] += 1
        verdict = judge(item.fact, cfg.min_chars)
        plan.counts["redacted"] += verdict.redacted
        fact = verdict.fact
        if verdict.gate == "discard":
            plan.counts["discarded"] += 1
            plan.decisions.append(("discard", fact.text, "; ".join(verdict.reasons) or "observer"))
            continue
        day = (item.when or now).date().isoformat()
        if fact.kind in LEARNING_KINDS:
            _unique(errors_text, plan.errors_md, learning_line(day, fact.text, item.source))
            continue
        if fact.kind == "correction":
            said = corrected_sentence(fact)[:160] if fact.context else ""
            said = f"{said} — " if said else ""
            _unique(corrections_text, plan.corrections_md, learning_line(day, said + fact.text, item.source))
        kept.append((item, verdict))
    plan.counts["learnings"] = len(plan.errors_md) + len(plan.corrections_md)
    if not kept:
        return plan

    existing = [(rel, frag) for rel, frag in iter_fragments(ws) if frag.status in ("active", None)]
    by_rel = dict(existing)
    texts = [statement(f.body) for _, f in existing] + [v.fact.text for _, v in kept]
    vectors = embed(texts) if texts else np.zeros((0, 1), dtype=np.float32)
    old_vecs, new_vecs = vectors[: len(existing)], vectors[len(existing) :]
    accepted: list[tuple[str, int]] = []  # (rel of a new fragment, index into new_vecs)
    for i, (item, verdict) in enumerate(kept):
        fact = verdict.fact
        when = item.when or now
        category, how = categorise(fact)
        target = _best(new_vecs[i], old_vecs, [r for r, _ in existing], cfg.dedup_threshold)
        current: Fragment | None = None
        if target is not None:
            current = plan.merged.get(target) or by_rel[target]
        else:
            in_run = _best(
                new_vecs[i], new_vecs[[j for _, j in accepted]], [r for r, _ in accepted], cfg.dedup_threshold
            )
            if in_run is not None:
                target, current = in_run, plan.new[in_run]
        replaces: str | None = None
        if target is None:  # not a near-duplicate, but maybe the same statement with a new value
            near = _best(new_vecs[i], old_vecs, [r for r, _ in existing], SAME_TOPIC)
            if near is not None and same_frame(fact.text, statement(by_rel[near].body)):
                target, current = near, plan.merged.get(near) or by_rel[near]
        if target is not None and current is not None and specifics_differ(fact.text, current.body):
            # the same fact with a changed number, name, date or place: the new value wins, the
            # old fragment stays on disk as `superseded` (and in git history), never silently merged
            replaces = target if target in by_rel else None
            target = current = None
        if target is not None and current is not None:
            gate = "allow" if verdict.gate == "allow" or current.gate == "allow" else current.gate
            updated = touch_fragment(
                current, later(when, current.updated), merged_count=current.merged_count + 1, gate=gate
            )
            (plan.new if target in plan.new else plan.merged)[target] = updated
            plan.counts["merged"] += 1
            plan.decisions.append(("merge", fact.text, target))
            continue
        fragment = build_fragment(
            fragment_body(fact),
            category=category,
            type=fact.kind,
            priority=fact.priority,
            gate=verdict.gate,
            confidence=round(fact.confidence, 2),
            source=item.source,
            now=when,
        )
        extra: dict[str, object] = {"observer": observer, "taxonomy": TAXONOMY_VERSION, "category_by": how}
        if fact.family:
            extra["family"] = fact.family  # the phrasing family that kept it (adr/0085)
        if fact.subject:
            extra["subject"] = fact.subject
        fragment = replace(fragment, extra=extra)
        if replaces is not None:
            old = plan.merged.get(replaces) or by_rel[replaces]
            if said_before(when, old):  # an older statement, imported late: the newer fact stays
                fragment = replace(fragment, status="superseded", superseded_by=old.id)
                plan.decisions.append(("outdated", fact.text, f"older than {replaces}"))
            else:
                plan.merged[replaces] = touch_fragment(
                    old, later(when, old.updated), status="superseded", superseded_by=fragment.id
                )
                plan.decisions.append(("supersede", old.body.strip().splitlines()[0], replaces))
            plan.counts["superseded"] += 1
        rel = fragment_rel(fragment)
        n = 2
        while rel in plan.new:
            rel = fragment_rel(fragment).removesuffix(".md") + f"-{n}.md"
            n += 1
        plan.new[rel] = fragment
        accepted.append((rel, i))
        plan.counts["allowed" if verdict.gate == "allow" else "held"] += 1
        plan.decisions.append((verdict.gate, fact.text, rel))
        if verdict.gate == "allow" and fragment.status != "superseded":
            plan.daily.append(f"noted: {fact.text}")
            plan.daily_ids.append(fragment.id)
            plan.daily_when.append(when)
    return plan


def _stamp(value: object) -> datetime | None:
    from jarvis.observe.sessions import parse_ts

    return parse_ts(str(value)) if value else None


def later(when: datetime, stamp: object) -> datetime:
    """`when`, unless the fragment's own stamp is later (an old session never moves `updated` back)."""
    old = _stamp(stamp)
    return old if old is not None and old > when else when


def said_before(when: datetime, fragment: Fragment) -> bool:
    """True when `when` is earlier than the fragment was created."""
    created = _stamp(fragment.created)
    return created is not None and when < created


_NUMBER = re.compile(r"\d+(?:[.,:/-]\d+)*")
_CAPITALISED = re.compile(r"(?<![.!?]\s)(?<!^)\b[A-Z][\w'-]*")
_WORDS = frozenset(
    [
        *WEEKDAYS,
        *MONTHS,
        "morning",
        "afternoon",
        "evening",
        "night",
        "weekly",
        "daily",
        "monthly",
        "yearly",
        "not",
        "no",
        "never",
        "longer",
        "anymore",
        "don't",
        "doesn't",
        "isn't",
        "won't",
        "stopped",
        "quit",
    ]
)


def specifics(text: str) -> frozenset[str]:
    """What makes a fact this fact: numbers, names, days and months, emails/URLs, negations.

    Two texts that read alike but differ here state different facts ("locker code 4812" vs
    "… 5530 now", "I live in Lisbon" vs "… in Porto", "I like X" vs "I no longer like X").
    """
    first = text.strip().split("\n\n", 1)[0]
    found = {m.group(0) for m in _NUMBER.finditer(first)}
    found |= {
        m.group(0).lower() for m in _CAPITALISED.finditer(first) if m.group(0) not in ("I", "I'm", "I've")
    }
    words = {w.strip(".,:;!?'") for w in re.findall(r"[\w@.:/'-]+", first.lower())}
    found |= {w for w in words if w in _WORDS or "@" in w or "://" in w}
    return frozenset(found)


SAME_TOPIC = 0.6  # cosine floor for "the same statement with another value" (see same_frame)
_FILLER = frozenset(
    ["now", "anymore", "actually", "currently", "still", "these", "days", "today", "lately", "recently"]
)


def _frame(text: str) -> list[str]:
    """The statement with its specifics and filler words taken out: "the user lives in"."""
    first = text.strip().split("\n\n", 1)[0]
    drop = specifics(first) | _FILLER | {"no", "not", "longer", "never"}
    first = re.sub(r"\S+@\S+|\S+://\S+", " ", first)
    return [w for w in re.findall(r"[a-z']+", first.lower()) if w not in drop]


def same_frame(new: str, old: str) -> bool:
    """Two statements that say the same thing about different values ("lives in Lisbon" / "… Porto now")."""
    a, b = _frame(new), _frame(old)
    if not a or not b:
        return False
    overlap = len(set(a) & set(b)) / len(set(a) | set(b))
    return overlap >= 0.8


def _words(text: str) -> set[str]:
    tokens = {t.strip(".,:;!?'") for t in re.findall(r"[\w@.:/'-]+", text.lower())}
    return tokens | {m.group(0) for m in _NUMBER.finditer(text)}


def specifics_differ(new: str, old: str) -> bool:
    """True when one text names a specific the other does not mention at all."""
    new_first, old_first = (t.strip().split("\n\n", 1)[0] for t in (new, old))
    new_words, old_words = _words(new_first), _words(old_first)
    return any(s not in old_words for s in specifics(new_first)) or any(
        s not in new_words for s in specifics(old_first)
    )


def _best(vec: Any, matrix: Any, rels: list[str], threshold: float) -> str | None:
    if not rels:
        return None
    sims = matrix @ vec
    j = int(sims.argmax())
    return rels[j] if float(sims[j]) > threshold else None


def _read(ws: Workspace, rel: str) -> str:
    path = ws.root / rel
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return ""
