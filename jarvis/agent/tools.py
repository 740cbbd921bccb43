"""The memory tools, shared by `jarvis chat` and the MCP server.

Each tool is a plain function of the workspace returning a JSON-able dict; bad
input raises a JarvisError whose message tells the caller what to do. `run_tool`
dispatches by name for the chat loop and turns every error into a tool error
result, so a bad call never ends a conversation. File tools are read-only and
confined to the workspace: `..`, absolute paths and symlinks that lead outside
are refused, and `.git/` is off limits.
"""

from __future__ import annotations

import fnmatch
import json
import re
from dataclasses import dataclass, field
from typing import Any

from jarvis.errors import InputError, JarvisError, NotFound, PathOutsideWorkspace, UsageError
from jarvis.fsutil import read_text
from jarvis.workspace import Workspace

MAX_READ_LINES = 400
MAX_GLOB = 200
MAX_GREP = 100
HIDDEN = (".git",)


def _check_path(ws: Workspace, rel: str) -> tuple[str, Any]:
    if not rel or not rel.strip():
        raise UsageError("path is empty; give a path relative to the workspace, e.g. MEMORY.md")
    path = ws.resolve(rel.strip())
    rel_path = ws.rel(path) if path != ws.root.resolve() else "."
    if rel_path.split("/")[0] in HIDDEN:
        raise PathOutsideWorkspace(f"{rel}: .git/ is not readable through jarvis tools; read workspace files")
    return rel_path, path


def _hit(hit: Any, full: bool) -> dict[str, Any]:
    text = str(getattr(hit, "text", ""))
    out: dict[str, Any] = {
        "id": getattr(hit, "fragment_id", None) or f"{hit.path}:{hit.start_line}",
        "path": hit.path,
        "lines": f"{hit.start_line}-{hit.end_line}",
        "heading": getattr(hit, "heading", "") or "",
        "category": getattr(hit, "category", None),
        "score": round(float(hit.score), 4),
    }
    if full:
        out["text"] = text
    else:
        one = " ".join(text.split())
        out["summary"] = one if len(one) <= 240 else one[:239] + "…"
    return out


@dataclass
class Toolbox:
    """The workspace plus the embedding model, loaded once on first use."""

    ws: Workspace
    embedder: Any = None
    record: bool = True
    _loaded: bool = field(default=False, repr=False)

    def get_embedder(self) -> Any:
        if self.embedder is None and not self._loaded:
            from jarvis.index.embed import load_embedder

            self.embedder = load_embedder(self.ws.config.embedding)
            self._loaded = True
        return self.embedder

    # ------------------------------------------------------------ memory tools
    def memory_search(self, query: str, k: int | None = None, category: str | None = None) -> dict[str, Any]:
        return self._recall(query, k=k, category=category, full=False)

    def memory_recall(self, query: str, category: str, k: int | None = None) -> dict[str, Any]:
        if not category or not category.strip():
            raise UsageError("memory_recall needs a category (e.g. preferences); use memory_search for all")
        return self._recall(query, k=k, category=category.strip(), full=True)

    def _recall(self, query: str, *, k: int | None, category: str | None, full: bool) -> dict[str, Any]:
        from jarvis.index.recall import recall

        if not query or not query.strip():
            raise UsageError("query is empty; say what to look for")
        if k is not None and not 1 <= int(k) <= 50:
            raise UsageError(f"k={k}: use a number from 1 to 50")
        result = recall(
            self.ws, query, embedder=self.get_embedder(), k=k, category=category or None, record=self.record
        )
        return {"query": query, "hits": [_hit(h, full) for h in result.hits]}

    def memory_read(
        self, id: str | None = None, path: str | None = None, offset: int = 0, limit: int = 200
    ) -> dict[str, Any]:
        from jarvis.notes import read_memory

        ident = (id or "").strip() or (path or "").strip()
        if not ident:
            raise UsageError("give an id (mem-…) or a path (e.g. MEMORY.md)")
        if id and path:
            raise UsageError("give either id or path, not both")
        if not (id and id.strip()):
            _check_path(self.ws, ident)
        result = read_memory(self.ws, ident, offset=int(offset), limit=min(int(limit), MAX_READ_LINES))
        return {
            "path": result.rel,
            "offset": result.offset,
            "total_lines": result.total,
            "next_offset": result.next_offset,
            "text": "\n".join(result.lines),
        }

    def memory_write(
        self,
        content: str,
        category: str | None = None,
        tags: list[str] | tuple[str, ...] | None = None,
        type: str | None = None,
        source: Any = None,
    ) -> dict[str, Any]:
        from jarvis.notes import remember

        if not content or not content.strip():
            raise UsageError("content is empty; write the fact to remember")
        res = remember(
            self.ws,
            content,
            category=category or None,
            tags=tuple(tags or ()),
            type=type or None,
            source=source,
        )
        return {
            "id": res.id,
            "path": res.rel,
            "duplicate": res.duplicate,
            "commit": res.sha,
            "redacted": list(res.redacted),
        }

    def propose_memory_change(self, target: str, section: str, text: str, rationale: str) -> dict[str, Any]:
        """A proposal branch `proposals/<id>` adding a bullet; the person's files are untouched."""
        from jarvis.events import track
        from jarvis.gitstore import GitStore
        from jarvis.reflect.apply import ApplyError, apply_proposal
        from jarvis.reflect.proposals import BRANCH_PREFIX, create_branch, make_proposal, rejected_ids

        if not section or not section.strip():
            raise UsageError("section is empty; name the `## Section` heading the change belongs to")
        if not rationale or not rationale.strip():
            raise UsageError("rationale is empty; say why the change is right (the reviewer reads it)")
        proposal = make_proposal(
            target=target, kind="add", section=section, text=text, rationale=rationale, confidence=0.5
        )
        rejected = rejected_ids(self.ws)
        if proposal.id in rejected:
            raise UsageError(
                f"proposal {proposal.id} was rejected before ({rejected[proposal.id]}); not raising it again"
            )
        store = GitStore(self.ws.root)
        with track(self.ws, "agent", "propose") as ev, store.lock():
            base = store.show_file("HEAD", proposal.target) or ""
            try:
                content = apply_proposal(base, proposal)
            except ApplyError as exc:
                raise UsageError(f"{proposal.target}: the change does not apply ({exc})") from exc
            if content == base:
                raise UsageError(f"{proposal.target}: already says that under '## {proposal.section}'")
            create_branch(store, proposal, content)
            ev.detail.update(id=proposal.id, target=proposal.target)
        return {
            "id": proposal.id,
            "branch": BRANCH_PREFIX + proposal.id,
            "target": proposal.target,
            "section": proposal.section,
            "text": proposal.text,
            "review": f"jarvis review show {proposal.id}",
        }

    # -------------------------------------------------------------- file tools
    def read_file(self, path: str, offset: int = 0, limit: int = 200) -> dict[str, Any]:
        rel, full = _check_path(self.ws, path)
        if not full.is_file():
            raise NotFound(f"{rel}: no such file in the workspace; list files with glob")
        if offset < 0 or limit <= 0:
            raise UsageError("offset must be >= 0 and limit > 0")
        text, _ = read_text(full, self.ws.config.index.max_file_bytes, rel)
        lines = text.splitlines()
        chunk = lines[offset : offset + min(limit, MAX_READ_LINES)]
        end = offset + len(chunk)
        return {
            "path": rel,
            "offset": offset,
            "total_lines": len(lines),
            "next_offset": end if end < len(lines) else None,
            "text": "\n".join(chunk),
        }

    def glob(self, pattern: str) -> dict[str, Any]:
        if not pattern or pattern.startswith("/") or ".." in pattern.split("/"):
            raise PathOutsideWorkspace(f"{pattern!r}: use a pattern relative to the workspace, without '..'")
        matches: list[str] = []
        for path in sorted(self.ws.root.glob(pattern)):
            rel = self._visible(path)
            if rel is not None and path.is_file():
                matches.append(rel)
        return {"pattern": pattern, "files": matches[:MAX_GLOB], "truncated": len(matches) > MAX_GLOB}

    def grep(self, pattern: str, path: str = "**/*.md", ignore_case: bool = True) -> dict[str, Any]:
        try:
            regex = re.compile(pattern, re.IGNORECASE if ignore_case else 0)
        except re.error as exc:
            raise UsageError(f"pattern {pattern!r} is not a valid regular expression ({exc})") from exc
        files = self.glob(path)["files"]
        hits: list[dict[str, Any]] = []
        for rel in files:
            try:
                text, _ = read_text(self.ws.root / rel, self.ws.config.index.max_file_bytes, rel)
            except InputError:
                continue
            for number, line in enumerate(text.splitlines(), 1):
                if regex.search(line):
                    hits.append({"path": rel, "line": number, "text": line[:300]})
                    if len(hits) >= MAX_GREP:
                        return {"pattern": pattern, "matches": hits, "truncated": True}
        return {"pattern": pattern, "matches": hits, "truncated": False}

    def _visible(self, path: Any) -> str | None:
        """The relative path when `path` is readable through the tools (inside, not .git/.jarvis)."""
        try:
            rel = self.ws.rel(path)
        except ValueError:  # a symlink leading outside
            return None
        head = rel.split("/")[0]
        if head in (*HIDDEN, ".jarvis") or fnmatch.fnmatch(rel, "*.swp"):
            return None
        return rel


# ------------------------------------------------------------------ for the LLM
def _schema(props: dict[str, Any], required: list[str]) -> dict[str, Any]:
    return {"type": "object", "properties": props, "required": required, "additionalProperties": False}


_STR = {"type": "string"}
TOOL_SPECS: list[dict[str, Any]] = [
    {
        "name": "memory_search",
        "description": "Search the person's memory (notes, MEMORY.md, daily logs). Returns ids, paths, "
        "short summaries and scores, best first. Read a hit in full with memory_read.",
        "input_schema": _schema(
            {
                "query": {**_STR, "description": "What to look for, in plain words."},
                "k": {"type": "integer", "minimum": 1, "maximum": 50, "description": "How many hits."},
                "category": {**_STR, "description": "Only this category (e.g. preferences, projects)."},
            },
            ["query"],
        ),
    },
    {
        "name": "memory_read",
        "description": "Read a memory fragment by id (mem-…) or any workspace file by path, paginated by lines.",
        "input_schema": _schema(
            {
                "id": {**_STR, "description": "Fragment id, e.g. mem-20261122-101500-a1b2c3."},
                "path": {**_STR, "description": "Workspace-relative path, e.g. MEMORY.md."},
                "offset": {"type": "integer", "minimum": 0, "description": "First line (0-based)."},
                "limit": {"type": "integer", "minimum": 1, "maximum": MAX_READ_LINES},
            },
            [],
        ),
    },
    {
        "name": "memory_write",
        "description": "Save one durable fact as a memory fragment (also logged in today's daily log and "
        "committed to git). One fact per call, in plain words.",
        "input_schema": _schema(
            {
                "content": {**_STR, "description": "The fact to remember."},
                "category": {
                    **_STR,
                    "description": "preferences, rules-conventions, system-architecture, "
                    "operations, memory-system, projects or people-relationships.",
                },
                "tags": {"type": "array", "items": _STR},
                "type": {**_STR, "description": "Kind of fact, e.g. preference, decision, fact."},
            },
            ["content"],
        ),
    },
    {
        "name": "memory_recall",
        "description": "Recall memory within one category, with the full text of each hit.",
        "input_schema": _schema(
            {"query": _STR, "category": {**_STR, "description": "The category to search in."}},
            ["query", "category"],
        ),
    },
    {
        "name": "propose_memory_change",
        "description": "Propose a change to MEMORY.md, SOUL.md or AGENTS.md. Creates a proposal for the "
        "person to review (jarvis review); never edits the file directly.",
        "input_schema": _schema(
            {
                "target": {"type": "string", "enum": ["MEMORY.md", "SOUL.md", "AGENTS.md"]},
                "section": {**_STR, "description": "The `## Section` heading to change."},
                "text": {**_STR, "description": "The new bullet or text."},
                "rationale": {**_STR, "description": "Why this change is right."},
            },
            ["target", "section", "text", "rationale"],
        ),
    },
    {
        "name": "read_file",
        "description": "Read a text file inside the workspace (read-only), paginated by lines.",
        "input_schema": _schema(
            {
                "path": _STR,
                "offset": {"type": "integer", "minimum": 0},
                "limit": {"type": "integer", "minimum": 1},
            },
            ["path"],
        ),
    },
    {
        "name": "glob",
        "description": "List workspace files matching a glob pattern, e.g. memory/*.md or skills/**/SKILL.md.",
        "input_schema": _schema({"pattern": _STR}, ["pattern"]),
    },
    {
        "name": "grep",
        "description": "Search workspace files for a regular expression; returns path, line number, line.",
        "input_schema": _schema(
            {
                "pattern": _STR,
                "path": {**_STR, "description": "Glob of files to search (default **/*.md)."},
                "ignore_case": {"type": "boolean"},
            },
            ["pattern"],
        ),
    },
]
WRITE_TOOLS = frozenset({"memory_write", "propose_memory_change"})


@dataclass(frozen=True)
class ToolOutcome:
    name: str
    text: str
    is_error: bool
    data: dict[str, Any] | None = None


def run_tool(box: Toolbox, name: str, args: dict[str, Any]) -> ToolOutcome:
    """Run a tool call from the LLM; every failure becomes an error result with a clear message."""
    spec = next((s for s in TOOL_SPECS if s["name"] == name), None)
    if spec is None:
        return ToolOutcome(
            name, f"unknown tool {name!r}; available: {', '.join(s['name'] for s in TOOL_SPECS)}", True
        )
    if not isinstance(args, dict):
        return ToolOutcome(name, "arguments must be a JSON object", True)
    schema = spec["input_schema"]
    missing = [key for key in schema["required"] if args.get(key) in (None, "")]
    unknown = [key for key in args if key not in schema["properties"]]
    if missing or unknown:
        problems = [f"missing {', '.join(missing)}"] if missing else []
        problems += [f"unknown {', '.join(unknown)}"] if unknown else []
        return ToolOutcome(name, f"{name}: {'; '.join(problems)} (see the tool's input schema)", True)
    try:
        data = getattr(box, name)(**args)
    except JarvisError as exc:
        return ToolOutcome(name, str(exc), True)
    except (TypeError, ValueError) as exc:
        return ToolOutcome(name, f"{name}: bad arguments ({exc})", True)
    return ToolOutcome(name, json.dumps(data, ensure_ascii=False, default=str), False, data)
