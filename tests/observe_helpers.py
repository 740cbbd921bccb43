"""What the tests of each blind round share: the shipped judge, and the observer run over a few messages."""

from __future__ import annotations

from jarvis.config import EmbeddingConfig
from jarvis.observe.judge import Judge
from jarvis.observe.offline import OfflineObserver
from jarvis.observe.schema import Fact
from jarvis.observe.sessions import SessionEvent


def shipped_judge() -> Judge:
    found = Judge.for_embedding(EmbeddingConfig())
    assert found is not None
    return found


def facts_of(*messages: tuple[str, str], judge: Judge | None = None) -> list[Fact]:
    """The facts the offline observer keeps from these (role, text) messages, in order."""
    events = [
        SessionEvent("message", turn=i, role=role, text=text) for i, (role, text) in enumerate(messages)
    ]
    return list(OfflineObserver(judge).extract(events).facts)
