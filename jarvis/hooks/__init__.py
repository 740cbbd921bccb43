"""Hooks: jarvis inside other agents' lifecycles (Claude Code first; adr/0087-claude-code-hooks.md).

`install.py` merges jarvis's hook entries and MCP server into Claude Code's settings files
and takes exactly those out again; `claude_code.py` is what the hook command runs: context
at session start, observation of the transcript at compaction and session end.
"""
