"""Context assembly: layers, token budget, cuts by rule, skills by trigger."""

from __future__ import annotations

from conftest import write_files
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from jarvis.agent.context import (
    Pinned,
    Recalled,
    Skill,
    Sources,
    assemble,
    match_skills,
    message_text,
    render_layer,
)
from jarvis.agent.sources import build_context, parse_skill
from jarvis.agent.tokens import context_window, count_tokens, truncate_to_tokens
from jarvis.config import LLMConfig

WEEKLY = Skill(
    "weekly-review",
    "skills/weekly-review/SKILL.md",
    "Weekly review",
    "Read the last seven daily logs and list what got done.",
    keywords=("weekly review", "week in review"),
    patterns=(r"\bthis week\b.*\b(summary|review)\b",),
)
DEPLOY = Skill(
    "deploy", "skills/deploy/SKILL.md", "", "Run make deploy after tests pass.", keywords=("deploy",)
)


def sources(**kw: object) -> Sources:
    base: dict[str, object] = {
        "soul": "# Soul\nBe direct and kind.",
        "agents": "# Agents\nSearch memory before answering.",
        "user": "# User\nAna, a backend engineer in Lisbon.",
        "memory_md": "# Memory\n\n## Preferences\n- (2026-11-01) Prefers short answers.\n",
        "salient": (Pinned("mem-20261101-000000-aaaaaa", "The cat is called Whiskerino.", True),),
        "recent": "# Recent\n\n## 2026-11-21\n- Worked on the index.",
        "learnings": (("learnings/corrections.md", "- Ana's surname is spelled Souza, not Sousa."),),
        "skills": (WEEKLY, DEPLOY),
    }
    base.update(kw)
    return Sources(**base)  # type: ignore[arg-type]


def history(n: int, words: int = 30) -> list[dict[str, object]]:
    out: list[dict[str, object]] = []
    for i in range(n):
        out.append({"role": "user", "content": f"question {i} " + "lorem ipsum " * words})
        out.append({"role": "assistant", "content": f"answer {i} " + "dolor sit " * words})
    return out


def real_size(ctx: object) -> int:
    from jarvis.agent.context import Context

    assert isinstance(ctx, Context)
    return count_tokens(ctx.system) + sum(count_tokens(message_text(m)) for m in ctx.messages())


def test_layers_in_order_with_counts_and_nothing_cut() -> None:
    recalled = [Recalled("memory/notes/a.md:1", "Ana likes tea.", 0.9)]
    ctx = assemble(sources(), message="hello", history=history(2), recalled=recalled, window=200_000)
    names = [layer.name for layer in ctx.layers]
    assert names == ["identity", "user", "memory", "recent", "learnings", "skills", "recall", "summary"]
    for layer in ctx.layers:  # each layer's count is the count of exactly what goes into the prompt
        expected = count_tokens(render_layer(layer.name, layer.text)) if layer.text else 0
        assert layer.tokens == expected, layer.name
    assert sum(layer.tokens > 0 for layer in ctx.layers) >= 4  # the sources above fill most layers
    assert ctx.cuts == ()
    assert ctx.budget == 150_000
    assert len(ctx.history) == 4
    assert ctx.total <= ctx.budget
    # pinned facts come before MEMORY.md, learnings are present
    memory = ctx.layer("memory")
    assert memory is not None and memory.text.index("Whiskerino") < memory.text.index("Prefers short answers")
    assert "Souza" in ctx.system
    assert ctx.messages()[-1] == {"role": "user", "content": "hello"}


def test_skill_injected_only_when_trigger_matches() -> None:
    ctx = assemble(sources(), message="Let's do the weekly review", window=200_000)
    assert ctx.skills == ("weekly-review",)
    assert "seven daily logs" in ctx.system
    ctx = assemble(sources(), message="give me a summary of this week, a review please", window=200_000)
    assert ctx.skills == ("weekly-review",)  # by pattern
    ctx = assemble(sources(), message="what is my cat called?", window=200_000)
    assert ctx.skills == ()
    assert "seven daily logs" not in ctx.system and "make deploy" not in ctx.system
    # whole words only: "redeployment" is not "deploy"
    assert match_skills([DEPLOY], "the redeployment failed") == []
    assert match_skills([DEPLOY], "Deploy it now") == [DEPLOY]


def test_cuts_oldest_history_first_then_lowest_recall_and_reports_them() -> None:
    recalled = [Recalled(f"r{i}", "fact " * 60, score) for i, score in enumerate((0.9, 0.2, 0.5))]
    base = assemble(sources(), message="now", history=history(10), recalled=recalled, window=100_000)
    full = base.total
    # a window where the history must lose some turns but recall can stay
    window = int((full - 150) / 0.75)
    ctx = assemble(sources(), message="now", history=history(10), recalled=recalled, window=window)
    assert ctx.total <= ctx.budget
    assert ctx.cuts and all(c.layer == "history" for c in ctx.cuts)
    assert "question 0" in ctx.cuts[0].what  # the oldest turn went first
    assert ctx.history and "question 9" in str(ctx.history[-2]["content"])  # the newest turn stayed
    assert ctx.history[0]["role"] == "user"
    # a window so small that all history and some recall must go
    no_recall = assemble(sources(), message="now", window=100_000).total
    window = int((no_recall + 80) / 0.75)
    ctx = assemble(sources(), message="now", history=history(10), recalled=recalled, window=window)
    assert ctx.total <= ctx.budget and ctx.history == ()
    recall_cuts = [c.what for c in ctx.cuts if c.layer == "recall"]
    assert recall_cuts and recall_cuts[0].startswith("r1 ")  # lowest score (0.2) first
    layer = ctx.layer("recall")
    assert layer is not None and (not layer.refs or layer.refs[0] == "r0")


def test_message_over_budget_is_an_error() -> None:
    import pytest

    from jarvis.errors import UsageError

    with pytest.raises(UsageError, match="over the context budget"):
        assemble(sources(), message="word " * 500, window=400)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    sizes=st.lists(st.integers(0, 400), min_size=6, max_size=6),
    turns=st.integers(0, 12),
    recall_scores=st.lists(st.floats(0, 1), max_size=8),
    window=st.integers(300, 6000),
    message_words=st.integers(1, 40),
)
def test_budget_is_never_exceeded(
    sizes: list[int], turns: int, recall_scores: list[float], window: int, message_words: int
) -> None:
    soul, user, memory, recent, learn, summary = ("word " * n for n in sizes)
    src = sources(
        soul=soul, user=user, memory_md=memory, recent=recent, learnings=(("learnings/e.md", learn),)
    )
    recalled = [Recalled(f"r{i}", "recalled text " * 20, s) for i, s in enumerate(recall_scores)]
    message = "weekly review " * message_words
    ctx = assemble(
        src, message=message, history=history(turns), summary=summary, recalled=recalled, window=window
    )
    assert ctx.total <= ctx.budget
    assert real_size(ctx) <= ctx.budget
    assert ctx.message == message
    removed = sum(c.tokens for c in ctx.cuts)
    untouched = assemble(
        src, message=message, history=history(turns), summary=summary, recalled=recalled, window=10**7
    )
    if untouched.total <= ctx.budget:
        assert ctx.cuts == ()
    else:
        assert ctx.cuts and removed > 0  # never a silent cut


def test_truncate_to_tokens_fits() -> None:
    text = "\n".join(f"line {i} with some words" for i in range(200))
    cut = truncate_to_tokens(text, 50)
    assert count_tokens(cut) <= 50 and text.startswith(cut) and cut


def test_context_window_table_and_override() -> None:
    assert context_window(LLMConfig(model="claude-sonnet-4-5")) == 200_000
    assert context_window(LLMConfig(model="llama3.1:8b")) == 128_000
    assert context_window(LLMConfig(model="something-unknown")) == 8_192
    assert context_window(LLMConfig(model="claude-sonnet-4-5", context_window=1234)) == 1234


def test_parse_skill_frontmatter_forms() -> None:
    nested = parse_skill(
        "skills/w/SKILL.md",
        "---\nname: w\ntriggers:\n  keywords: [weekly review]\n  patterns: ['\\bweek\\b']\n---\n# W\nbody\n",
    )
    assert (
        nested.keywords == ("weekly review",) and nested.patterns == ("\\bweek\\b",) and "body" in nested.body
    )
    flat = parse_skill("skills/d/SKILL.md", "---\ntriggers: [deploy, release]\n---\nship it\n")
    assert flat.name == "d" and flat.keywords == ("deploy", "release")
    plain = parse_skill("skills/p/SKILL.md", "no frontmatter at all\n")
    assert plain.keywords == () and match_skills([plain], "anything") == []


def test_workspace_context_has_pinned_fact_learnings_and_matching_skill(ws, cli) -> None:  # type: ignore[no-untyped-def]
    write_files(
        ws,
        {
            "memory/notes/people-relationships/cat.md": "---\nid: mem-20261101-120000-abcdef\n"
            "category: people-relationships\npinned: true\n---\nMy cat is called Whiskerino.\n",
            "memory/notes/projects/low.md": "---\nid: mem-20261101-120001-abcdef\npriority: low\n---\nA low note.\n",
            "learnings/corrections.md": "# Corrections\n\n- (2026-11-20) My surname is Souza, not Sousa.\n",
            "memory/recent.md": "# Recent\n\n## 2026-11-21 10:00\n- Worked on the recall index.\n",
        },
    )
    ctx = build_context(ws, "time for the weekly review")
    memory = ctx.layer("memory")
    assert memory is not None and "Whiskerino" in memory.text and "mem-20261101-120000-abcdef" in memory.refs
    assert "low note" not in memory.text  # only pinned / high priority are always loaded
    learnings, recent = ctx.layer("learnings"), ctx.layer("recent")
    assert learnings is not None and "Souza" in learnings.text and "Souza" not in memory.text
    assert recent is not None and "recall index" in recent.text
    assert ctx.skills == ("weekly-review",)
    assert build_context(ws, "what's for dinner").skills == ()
    result = cli("context", "--no-recall", "weekly review", workspace=ws)
    assert result.exit_code == 0, result.output
    assert "identity" in result.output and "weekly-review" in result.output and "budget" in result.output
