"""`jarvis mcp`: the memory tools over the Model Context Protocol (stdio).

Other agents (Claude Code, desktop clients) search, read and write the same
memory through the same `Toolbox` that `jarvis chat` uses, with the same
workspace rules: paths outside the workspace are refused, writes are commits,
changes to MEMORY.md / SOUL.md / AGENTS.md are only ever proposals. A failed call
returns an MCP tool error with jarvis's one-line message; the server keeps running.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated, Any

from pydantic import Field

from jarvis.agent.tools import Toolbox
from jarvis.errors import JarvisError

if TYPE_CHECKING:
    from jarvis.workspace import Workspace

INSTRUCTIONS = (
    "jarvis is the person's long-term memory: markdown files under git. Search it before answering "
    "questions about the person or past work (memory_search), read a hit in full (memory_read), save "
    "one durable fact per memory_write call, and propose changes to MEMORY.md/SOUL.md/AGENTS.md with "
    "propose_memory_change (a person reviews them)."
)


def _guard(fn: Callable[..., dict[str, Any]], *args: Any, **kwargs: Any) -> dict[str, Any]:
    from mcp.server.mcpserver.exceptions import ToolError

    try:
        return fn(*args, **kwargs)
    except JarvisError as exc:
        raise ToolError(str(exc)) from exc


def build_server(ws: Workspace, toolbox: Toolbox | None = None) -> Any:
    """An MCPServer exposing the memory tools for `ws`."""
    from mcp.server.mcpserver import MCPServer
    from mcp_types import ToolAnnotations

    box = toolbox or Toolbox(ws)
    server = MCPServer(name="jarvis", instructions=INSTRUCTIONS, log_level="WARNING")
    read_only = ToolAnnotations(read_only_hint=True, open_world_hint=False)
    additive = ToolAnnotations(
        read_only_hint=False, destructive_hint=False, idempotent_hint=True, open_world_hint=False
    )

    @server.tool(annotations=read_only)
    def memory_search(
        query: Annotated[str, Field(description="What to look for, in plain words.", min_length=1)],
        k: Annotated[int | None, Field(description="How many hits (1-50).", ge=1, le=50)] = None,
        category: Annotated[
            str | None, Field(description="Only this category, e.g. preferences or projects.")
        ] = None,
    ) -> dict[str, Any]:
        """Search the person's memory (notes, MEMORY.md, daily logs). Returns ids, paths, summaries and scores."""
        return _guard(box.memory_search, query, k=k, category=category)

    @server.tool(annotations=read_only)
    def memory_read(
        id: Annotated[str | None, Field(description="Fragment id, e.g. mem-20261122-101500-a1b2c3.")] = None,
        path: Annotated[str | None, Field(description="Workspace-relative path, e.g. MEMORY.md.")] = None,
        offset: Annotated[int, Field(description="First line to return (0-based).", ge=0)] = 0,
        limit: Annotated[int, Field(description="How many lines (max 400).", ge=1, le=400)] = 200,
    ) -> dict[str, Any]:
        """Read a fragment by id or a workspace file by path, paginated by lines (next_offset when more)."""
        return _guard(box.memory_read, id=id, path=path, offset=offset, limit=limit)

    @server.tool(annotations=additive)
    def memory_write(
        content: Annotated[str, Field(description="One fact to remember, in plain words.", min_length=1)],
        category: Annotated[
            str | None,
            Field(
                description="preferences, rules-conventions, system-architecture, operations, "
                "memory-system, projects or people-relationships (guessed when left out)."
            ),
        ] = None,
        tags: Annotated[list[str] | None, Field(description="Tags for the fragment.")] = None,
        type: Annotated[str | None, Field(description="Kind of fact, e.g. preference, decision.")] = None,
    ) -> dict[str, Any]:
        """Save one fact as a fragment plus a daily-log line, committed to git. Exact duplicates are not written twice."""
        return _guard(
            box.memory_write, content, category=category, tags=tags, type=type, source={"via": "mcp"}
        )

    @server.tool(annotations=read_only)
    def memory_recall(
        query: Annotated[str, Field(description="What to look for.", min_length=1)],
        category: Annotated[
            str, Field(description="The category to search in, e.g. preferences.", min_length=1)
        ],
    ) -> dict[str, Any]:
        """Recall memory within one category, with the full text of each hit."""
        return _guard(box.memory_recall, query, category)

    @server.tool(annotations=additive)
    def propose_memory_change(
        target: Annotated[str, Field(description="MEMORY.md, SOUL.md or AGENTS.md.")],
        section: Annotated[str, Field(description="The `## Section` heading the change belongs to.")],
        text: Annotated[str, Field(description="The new bullet or text.", min_length=1)],
        rationale: Annotated[str, Field(description="Why the change is right.", min_length=1)],
    ) -> dict[str, Any]:
        """Propose a change for the person to review (a git branch proposals/<id>); never edits the file."""
        return _guard(box.propose_memory_change, target, section, text, rationale)

    return server


def serve_stdio(ws: Workspace) -> None:
    """Run the server on stdin/stdout until the client disconnects."""
    build_server(ws).run("stdio")
