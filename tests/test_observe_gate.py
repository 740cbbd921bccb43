"""The write gate: rule overrides on the observer verdict, and redaction before any write."""

from __future__ import annotations

import pytest

from jarvis.anchors import names_anchor
from jarvis.observe.classify import categorise
from jarvis.observe.gate import judge
from jarvis.observe.schema import Fact


@pytest.mark.parametrize(
    ("text", "observer_gate", "expected"),
    [
        ("too short", "allow", "discard"),
        ("Add after line 12: the new import statement", "allow", "discard"),
        ("Replace the old config loader with the new one", "allow", "discard"),
        ("Deploys go through scripts/deploy.sh on the staging host", "hold", "allow"),
        ("Run `make test` before every commit to the repository", "hold", "allow"),
        ("Storage choice is recorded in decisions/0007-use-sqlite.md", "discard", "hold"),
        ("The user prefers long walks in the countryside", "hold", "hold"),
        ("The user prefers long walks in the countryside", "allow", "allow"),
    ],
)
def test_rules_override_the_observer(text: str, observer_gate: str, expected: str) -> None:
    assert judge(Fact(text=text, gate=observer_gate)).gate == expected


def test_secrets_are_redacted_in_text_quote_and_context() -> None:
    key = "sk-ant-api03-" + "a1B2c3D4e5F6g7H8i9J0" * 3
    fact = Fact(
        text=f"The user's Anthropic key is {key}",
        quote="my password=Tr0ub4dor&3xyz",
        context="-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA7\n-----END RSA PRIVATE KEY-----",
    )
    verdict = judge(fact)
    assert key not in verdict.fact.text and "[REDACTED:" in verdict.fact.text
    assert "Tr0ub4dor" not in verdict.fact.quote
    assert "MIIEowIBAAKCAQEA7" not in verdict.fact.context
    assert verdict.redacted == 3


def test_a_fact_that_is_only_a_secret_is_discarded() -> None:
    verdict = judge(Fact(text="ghp_" + "A1b2C3d4E5f6G7h8I9j0" * 2))
    assert verdict.gate == "discard"


def test_anchors() -> None:
    assert names_anchor("see ADR 0012 for why") == "decision record"
    assert names_anchor("cats and/or dogs") is None
    assert names_anchor("edit ~/.config/app.toml") == "file path"


def test_categories_keywords_first_then_kind_then_observer() -> None:
    assert categorise(Fact(text="The user's cat is named Whiskerino.")) == (
        "people-relationships",
        "keywords",
    )
    assert categorise(Fact(text="The user prefers tea.", kind="preference")) == ("preferences", "kind")
    assert categorise(Fact(text="Deploy with docker compose up.")) == ("operations", "keywords")
    assert categorise(Fact(text="Blue things are nice.", category="projects")) == ("projects", "observer")
    assert categorise(Fact(text="Blue things are nice.")) == ("projects", "default")
