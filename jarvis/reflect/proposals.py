"""Proposals: a change to MEMORY.md, SOUL.md or AGENTS.md waiting for a decision.

Each open proposal is a git branch `proposals/<id>` holding one commit on top of the
commit it was made from. The commit message is self-describing (a hosting service can
show the branch as a pull request): the subject says what changes, the body gives the
rationale, and `Proposal-*` trailers carry the metadata (`review show` reads them back).

Ids are content hashes, so the same change always gets the same id: a rejected id is
never raised again. Rejections live in `.jarvis/reflect/rejected.jsonl` and, because
`.jarvis/` is disposable, also as a `reject proposal` line in the operations log.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, replace
from datetime import datetime

from jarvis.errors import NotFound, UsageError
from jarvis.gitstore import GitStore
from jarvis.redact import redact
from jarvis.workspace import Workspace

BRANCH_PREFIX = "proposals/"
REF_PREFIX = "refs/heads/" + BRANCH_PREFIX
TARGETS = ("MEMORY.md", "SOUL.md", "AGENTS.md")
KINDS = ("add", "change", "remove", "patch")
TIERS = ("auto", "llm", "human")
REJECTED_STATE = ("reflect", "rejected.jsonl")
_ID_RE = re.compile(r"^p-[0-9a-f]{10}$")
_TRAILER = re.compile(r"^Proposal-([A-Za-z-]+): ?(.*)$")
# trailer name -> Proposal field; list fields repeat the trailer once per value
_SCALARS = {
    "Id": "id",
    "Target": "target",
    "Kind": "kind",
    "Section": "section",
    "Text": "text",
    "Old-Text": "old_text",
    "Confidence": "confidence",
    "Tier": "tier",
    "Reason": "reason",
    "Created": "created",
}
_LISTS = {"Fragment": "fragments", "Session": "sessions"}


def one_line(text: str) -> str:
    return " ".join(text.split())


def normalise(text: str) -> str:
    """Text as compared for exact duplicates: case, whitespace and a final full stop folded."""
    return one_line(text).lower().rstrip(".")


def proposal_id(target: str, kind: str, section: str, text: str, old_text: str = "") -> str:
    """A stable id from what the proposal changes (same change, same id)."""
    key = "\0".join((target, kind, section.lower(), normalise(text), normalise(old_text)))
    return "p-" + hashlib.sha1(key.encode("utf-8")).hexdigest()[:10]


def check_id(ident: str) -> str:
    ident = ident.strip()
    if ident.startswith(BRANCH_PREFIX):
        ident = ident[len(BRANCH_PREFIX) :]
    if not _ID_RE.match(ident):
        raise UsageError(
            f"{ident!r}: not a proposal id (they look like p-1a2b3c4d5e); list them with `jarvis review`"
        )
    return ident


def subject(p: Proposal, verb: str = "proposal") -> str:
    """The one-line commit subject: `proposal: <section>: <bullet>`."""
    what = {"add": "", "change": "change ", "remove": "remove ", "patch": ""}[p.kind]
    where = p.section or p.target
    text = one_line(p.text)
    if len(text) > 72:
        text = text[:71] + "…"
    return f"{verb}: {where}: {what}{text}"


def render_message(p: Proposal, verb: str = "proposal") -> str:
    """Commit message: subject, rationale, then the `Proposal-*` trailers."""
    lines = [subject(p, verb), ""]
    if p.rationale.strip():
        lines += [p.rationale.strip(), ""]
    for trailer, name in _SCALARS.items():
        value = getattr(p, name)
        if name == "confidence":
            value = f"{value:.2f}"
        if value != "" or name in ("id", "target", "kind"):
            lines.append(f"Proposal-{trailer}: {one_line(str(value))}")
    for trailer, name in _LISTS.items():
        lines += [f"Proposal-{trailer}: {one_line(v)}" for v in getattr(p, name)]
    return "\n".join(lines) + "\n"


def parse_message(message: str) -> Proposal:
    """Read a proposal back from its commit message (raises NotFound when it is not one)."""
    paragraphs = message.strip("\n").split("\n\n")
    trailers = paragraphs[-1].splitlines() if len(paragraphs) > 1 else []
    scalars: dict[str, str] = {}
    lists: dict[str, list[str]] = {name: [] for name in _LISTS.values()}
    for line in trailers:
        m = _TRAILER.match(line)
        if not m:
            continue
        key, value = m.group(1), m.group(2)
        if key in _SCALARS:
            scalars[_SCALARS[key]] = value
        elif key in _LISTS:
            lists[_LISTS[key]].append(value)
    if "id" not in scalars:
        raise NotFound("commit message has no Proposal-Id trailer: not a jarvis proposal")
    try:
        confidence = float(scalars.pop("confidence", "0.5"))
    except ValueError:
        confidence = 0.5
    rationale = "\n\n".join(paragraphs[1:-1]).strip()
    return Proposal(
        **scalars,
        confidence=confidence,
        rationale=rationale,
        fragments=tuple(lists["fragments"]),
        sessions=tuple(lists["sessions"]),
    )


def make_proposal(
    *,
    target: str = "MEMORY.md",
    kind: str = "add",
    section: str = "",
    text: str,
    old_text: str = "",
    confidence: float = 0.5,
    rationale: str = "",
    fragments: tuple[str, ...] = (),
    sessions: tuple[str, ...] = (),
    created: datetime | None = None,
) -> Proposal:
    """A validated proposal with its id; every text passes through redaction first."""
    if target not in TARGETS:
        raise UsageError(f"proposal target {target!r}: use one of {', '.join(TARGETS)}")
    if kind not in KINDS:
        raise UsageError(f"proposal kind {kind!r}: use one of {', '.join(KINDS)}")
    clean_text = one_line(redact(text)[0]) if kind != "patch" else one_line(text)
    clean_old = one_line(redact(old_text)[0])
    if not clean_text:
        raise UsageError("proposal text is empty; say what should change")
    return Proposal(
        id=proposal_id(target, kind, section, clean_text, clean_old),
        target=target,
        kind=kind,
        section=one_line(redact(section)[0]),
        text=clean_text,
        old_text=clean_old,
        confidence=max(0.0, min(1.0, float(confidence))),
        rationale=redact(rationale.strip())[0],
        fragments=tuple(redact(f)[0] for f in fragments),
        sessions=tuple(redact(x)[0] for x in sessions),
        created=(created or datetime.now().astimezone()).isoformat(timespec="seconds"),
    )


# -------------------------------------------------------------------- branches
def create_branch(
    store: GitStore, p: Proposal, new_text: str | None, parent: str | None = None
) -> OpenProposal:
    """Create `proposals/<id>` with one commit setting p.target to `new_text`.

    Uses plumbing only: the person's HEAD, index and working tree are untouched.
    """
    base = parent or store.head()
    if base is None:
        raise UsageError(f"{store.root}: the repository has no commit yet; run `jarvis init` first")
    ref = REF_PREFIX + p.id
    sha = store.commit_file(base, p.target, new_text, render_message(p))
    existing = store.refs(ref).get(ref)
    store.set_ref(ref, sha, existing if existing is not None else "")
    return OpenProposal(p, sha, base)


def list_open(store: GitStore) -> list[OpenProposal]:
    """Open proposals, oldest first (branches that are not jarvis proposals are skipped)."""
    out: list[OpenProposal] = []
    for sha in store.refs(REF_PREFIX).values():
        try:
            out.append(_load(store, sha))
        except NotFound:
            continue
    return sorted(out, key=lambda o: (o.proposal.created, o.proposal.id))


def get_open(store: GitStore, ident: str) -> OpenProposal:
    pid = check_id(ident)
    ref = REF_PREFIX + pid
    sha = store.refs(ref).get(ref)
    if sha is None:
        raise NotFound(
            f"{pid}: no open proposal with this id (accepted or rejected already?); see `jarvis review`"
        )
    return _load(store, sha)


def _load(store: GitStore, sha: str) -> OpenProposal:
    raw = store.raw("cat-file", "commit", sha)[1].decode("utf-8", errors="replace")
    header, _, message = raw.partition("\n\n")
    parents = [line.split(" ", 1)[1] for line in header.splitlines() if line.startswith("parent ")]
    return OpenProposal(parse_message(message), sha, parents[0] if parents else "")


def delete_branch(store: GitStore, pid: str) -> None:
    store.delete_ref(REF_PREFIX + pid)


# ------------------------------------------------------------------ rejections
def rejected_ids(ws: Workspace) -> dict[str, str]:
    """{proposal id: reason} from .jarvis state and the operations log."""
    out: dict[str, str] = {}
    path = ws.state_dir.joinpath(*REJECTED_STATE)
    if path.exists():
        for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
            try:
                record = json.loads(line)
                out[str(record["id"])] = str(record.get("reason", ""))
            except (json.JSONDecodeError, KeyError, TypeError):
                continue
    from jarvis.oplog import read_operations

    for op in read_operations(ws, action="reject", tool="proposal"):
        pid = op.detail.split(" ", 1)[0]
        if _ID_RE.match(pid):
            out.setdefault(pid, op.reason)
    return out


def record_rejection(ws: Workspace, p: Proposal, reason: str, by: str) -> None:
    record = {
        "id": p.id,
        "reason": redact(reason)[0],
        "by": by,
        "target": p.target,
        "section": p.section,
        "text": p.text,
        "ts": datetime.now().astimezone().isoformat(timespec="seconds"),
    }
    path = ws.state(*REJECTED_STATE)
    with path.open("a", encoding="utf-8") as handle:
        handle.write(json.dumps(record, ensure_ascii=False) + "\n")


@dataclass(frozen=True)
class Proposal:
    id: str
    target: str
    kind: str
    section: str = ""
    text: str = ""
    old_text: str = ""
    confidence: float = 0.5
    rationale: str = ""
    fragments: tuple[str, ...] = ()
    sessions: tuple[str, ...] = ()
    tier: str = "human"
    reason: str = ""
    created: str = ""

    def with_triage(self, tier: str, reason: str) -> Proposal:
        return replace(self, tier=tier, reason=reason)

    def as_dict(self) -> dict[str, object]:
        return {
            "id": self.id,
            "target": self.target,
            "kind": self.kind,
            "section": self.section,
            "text": self.text,
            "old_text": self.old_text,
            "confidence": self.confidence,
            "tier": self.tier,
            "reason": self.reason,
            "rationale": self.rationale,
            "fragments": list(self.fragments),
            "sessions": list(self.sessions),
            "created": self.created,
        }


@dataclass(frozen=True)
class OpenProposal:
    proposal: Proposal
    sha: str
    parent: str

    @property
    def branch(self) -> str:
        return BRANCH_PREFIX + self.proposal.id
