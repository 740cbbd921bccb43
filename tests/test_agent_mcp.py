"""`jarvis mcp` driven by the real `mcp` client over stdio (a real subprocess)."""

from __future__ import annotations

import json
import os
import sys
from typing import Any

import anyio
import pytest

from jarvis.gitstore import GitStore

pytestmark = pytest.mark.slow

PASSED_ENV = (
    "HOME",
    "GIT_CONFIG_GLOBAL",
    "GIT_CONFIG_NOSYSTEM",
    "HF_HUB_OFFLINE",
    "TRANSFORMERS_OFFLINE",
    "JARVIS_AUTOSTART",
)


def payload(result: Any) -> dict[str, Any]:
    if result.structured_content is not None:
        data = result.structured_content
        return data.get("result", data) if isinstance(data, dict) else data
    return json.loads(result.content[0].text)


async def session(root: str) -> dict[str, Any]:
    from mcp import Client, StdioServerParameters

    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "jarvis", "-w", root, "mcp"],
        env={k: os.environ[k] for k in PASSED_ENV if k in os.environ},
    )
    out: dict[str, Any] = {}
    with open(os.devnull, "w") as devnull:
        async with Client(params, read_timeout_seconds=120) as client:
            tools = await client.list_tools()
            out["tools"] = {t.name: t for t in tools.tools}
            out["write"] = await client.call_tool(
                "memory_write",
                {
                    "content": "My cat is called Whiskerino.",
                    "category": "people-relationships",
                    "tags": ["pets"],
                },
            )
            out["search"] = await client.call_tool(
                "memory_search", {"query": "what is my cat called", "k": 3}
            )
            fragment_id = payload(out["write"])["id"]
            out["read_id"] = await client.call_tool("memory_read", {"id": fragment_id})
            out["read_path"] = await client.call_tool("memory_read", {"path": "SOUL.md", "limit": 2})
            out["recall"] = await client.call_tool(
                "memory_recall", {"query": "cat", "category": "people-relationships"}
            )
            out["bad_path"] = await client.call_tool("memory_read", {"path": "../../../etc/passwd"})
            out["missing"] = await client.call_tool("memory_write", {})
            out["bad_category"] = await client.call_tool(
                "memory_write", {"content": "x y z", "category": "Not A Cat!"}
            )
            out["propose"] = await client.call_tool(
                "propose_memory_change",
                {
                    "target": "MEMORY.md",
                    "section": "Preferences",
                    "text": "Likes cats.",
                    "rationale": "said so",
                },
            )
            out["after"] = await client.list_tools()  # the server survived the bad calls
    del devnull
    return out


def test_mcp_server_over_stdio(ws) -> None:  # type: ignore[no-untyped-def]
    head_before = GitStore(ws.root).head()
    out = anyio.run(session, str(ws.root))

    tools = out["tools"]
    assert set(tools) == {
        "memory_search",
        "memory_read",
        "memory_write",
        "memory_recall",
        "propose_memory_change",
    }
    assert tools["memory_search"].annotations.read_only_hint is True
    assert tools["memory_write"].annotations.read_only_hint is False
    assert tools["memory_write"].annotations.destructive_hint is False
    assert tools["memory_recall"].input_schema["required"] == ["query", "category"]
    assert tools["memory_search"].description

    write = payload(out["write"])
    assert not out["write"].is_error and write["path"].startswith("memory/notes/people-relationships/")
    log = GitStore(ws.root).log(limit=5)
    assert (
        log[0].message.startswith("remember: My cat is called Whiskerino") and write["path"] in log[0].files
    )
    assert log[0].sha != head_before and log[1].sha == head_before  # exactly one new commit

    hits = payload(out["search"])["hits"]
    assert not out["search"].is_error and hits[0]["path"] == write["path"]
    assert "Whiskerino" in payload(out["read_id"])["text"]
    soul = payload(out["read_path"])
    assert soul["path"] == "SOUL.md" and soul["next_offset"] == 2
    recalled = payload(out["recall"])["hits"]
    assert (
        recalled
        and all(h["category"] == "people-relationships" for h in recalled)
        and "Whiskerino" in recalled[0]["text"]
    )

    assert out["bad_path"].is_error and "outside the workspace" in out["bad_path"].content[0].text
    assert out["missing"].is_error and "content" in out["missing"].content[0].text
    assert out["bad_category"].is_error and "category" in out["bad_category"].content[0].text
    proposal = payload(out["propose"])
    assert not out["propose"].is_error and proposal["branch"].startswith("proposals/")
    assert "Likes cats" not in (ws.root / "MEMORY.md").read_text(encoding="utf-8")
    assert len(out["after"].tools) == 5
