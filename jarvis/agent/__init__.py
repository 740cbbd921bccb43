"""The agent: context assembly, `jarvis chat`, tags, compaction, recent.md and the MCP server.

Data flows one way: workspace files and recall -> `sources` -> `context.assemble` (pure)
-> `chat` (LLM + `tools`) -> session JSONL -> `compaction` / `recent` -> commits.
"""
