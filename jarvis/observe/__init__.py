"""Learning from sessions: transcripts -> observer -> write gate -> fragments.

Flow: `sessions` / `importers` (transcripts in `.jarvis/sessions/`) -> an observer
(`offline` rules or an LLM through `llm`, answering in the `schema`) -> `plan`
(`gate`, `classify`, dedup) -> `pipeline` (one commit per run, offsets in `.jarvis/`).
"""
