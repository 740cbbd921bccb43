"""How a reply opens and what it points back to (adr/0093): openers, turning to a new topic after a
"no", a correction later in a reply, someone named with what is true of them, "he"/"she" for the
family member the sentence before named."""

from __future__ import annotations

import pytest

from jarvis.config import EmbeddingConfig
from jarvis.observe.judge import Judge
from jarvis.observe.offline import OfflineObserver
from jarvis.observe.schema import Fact
from jarvis.observe.sessions import SessionEvent


@pytest.fixture(scope="module")
def judge() -> Judge:
    found = Judge.for_embedding(EmbeddingConfig())
    assert found is not None
    return found


def reply(said: str, assistant: str = "Here is a first draft.", judge: Judge | None = None) -> list[Fact]:
    events = [
        SessionEvent("message", turn=0, role="assistant", text=assistant),
        SessionEvent("message", turn=1, role="user", text=said),
    ]
    return list(OfflineObserver(judge).extract(events).facts)


def texts(kept: list[Fact]) -> list[str]:
    return [f.text for f in kept]


@pytest.mark.parametrize(
    ("said", "rule"),
    [
        ("And could you always use British spelling for me?", "Always use British spelling for the user"),
        (
            "Ok that's useful but can you stop using bullet points, honestly it reads like a form.",
            "Stop using bullet points",
        ),
        ("looks great, but could you never use the word 'delve' again?", "Never use the word 'delve'"),
        (
            "omg yes that's the vibe 😍 but pls stop ending every answer with a question 🙃 it's doing my head in",
            "Stop ending every answer with a question",
        ),
        (
            "and can you talk to me like a mate texting, not like a travel brochure 😂 it made me cringe.",
            "Talk to the user like a mate texting, not like a travel brochure",
        ),
        (
            "alright. And can you write to me in plain Dutch 🙏 my English is slow",
            "Write to the user in plain Dutch",
        ),
    ],
)
def test_an_opener_before_an_asked_rule_is_no_part_of_it(said: str, rule: str) -> None:
    kept = reply(said)
    assert [f for f in kept if f.kind == "rule" and f.text.startswith(rule)], texts(kept)


@pytest.mark.parametrize(
    ("said", "rule"),
    [
        ("Ground rules first: be blunt with me.", "Be blunt with the user"),
        ("House rules: no ads in the newsletter, ever.", "No ads in the newsletter"),
        ("Some rules for this repo: tabs for Go, spaces for YAML.", "Tabs for Go, spaces for YAML"),
    ],
)
def test_a_rules_label_makes_a_rule(said: str, rule: str) -> None:
    kept = reply(said)
    assert [f for f in kept if f.kind == "rule" and f.text.startswith(rule)], texts(kept)


@pytest.mark.parametrize(
    ("said", "key"),
    [
        (
            "maybe later idk, rn just the ci pls 🙏 oh and rule for this repo: commit messages in english, "
            "code comments can be in spanish",
            "code comments can be in spanish",
        ),
        (
            "nah not doing Redis, way overkill, btw I'm on the platform team at Zalora",
            "platform team at Zalora",
        ),
        ("we'll see about Kafka. Also, I always deploy from the release branch", "release branch"),
    ],
)
def test_a_new_topic_after_turning_something_down_is_read(said: str, key: str) -> None:
    kept = reply(said)
    assert [t for t in texts(kept) if key in t], texts(kept)
    assert not [t for t in texts(kept) if "Redis" in t or "Kafka" in t or "later" in t.lower()], texts(kept)


@pytest.mark.parametrize(
    "said",
    [
        "nah on the foreground service, not doing that",
        "Nope, Temporal is overkill for us, maybe later",
        "nah not doing Redis, way overkill, also too much hassle",
    ],
)
def test_turning_something_down_keeps_nothing(said: str) -> None:
    assert reply(said, "One option: move the sync into a foreground service, or use Temporal or Redis.") == []


@pytest.mark.parametrize(
    ("assistant", "said", "right"),
    [
        (
            "I'll open ledger-service/src/idempotency.rs.",
            "No no, this repo is ledger-sync, not ledger-service.",
            "ledger-sync",
        ),
        ("Staging Postgres listens on 5432.", "nono. it's 5433 not 5432", "5433"),
        ("Your flight is with Air India.", "No, no — it's Lufthansa, not Air India", "Lufthansa"),
    ],
)
def test_no_said_twice_is_one_correction(assistant: str, said: str, right: str) -> None:
    kept = reply(said, assistant)
    assert [f for f in kept if f.kind == "correction" and right in f.text], texts(kept)
    assert not [t for t in texts(kept) if t.rstrip(".").lower() in ("no no", "nono", "no")], texts(kept)


def test_a_correction_later_in_a_reply_needs_the_wrong_value_named_before() -> None:
    assistant = (
        "Here are the panel texts. The relief boat brought supplies and mail. I also thought a short panel "
        "could mention the first-order Fresnel lens still in the tower above."
    )
    said = (
        "Oh these are lovely, really. Two things though. It's a second-order lens up there, not first-order."
    )
    kept = reply(said, assistant)
    assert [f for f in kept if f.kind == "correction" and "second-order" in f.text], texts(kept)
    # the same words when the assistant never named the wrong value: no correction of anything
    kept = reply(said, "Here are the panel texts. The relief boat brought supplies and mail.")
    assert not [f for f in kept if f.kind == "correction"], texts(kept)


@pytest.mark.parametrize(
    ("said", "keys"),
    [
        ("Penelope (my wife) is coeliac, properly so, not a fad.", ("Penelope", "coeliac")),
        ("My son Bao is studying in Osaka now, he says hi.", ("Bao", "Osaka")),
        ("my daughter Ama has type 1 diabetes so dinners are low GI", ("Ama", "diabetes")),
        (
            "Lucía (our artist) exports everything from Aseprite straight into assets/raw.",
            ("Lucía", "Aseprite"),
        ),
    ],
)
def test_someone_named_with_what_is_true_of_them(said: str, keys: tuple[str, str], judge: Judge) -> None:
    kept = texts(reply(said, judge=judge))
    assert [t for t in kept if all(k in t for k in keys)], kept


@pytest.mark.parametrize(
    ("said", "theirs"),
    [
        ("my boss Helena wants us to post on TikTok every day with clips", "TikTok"),
        ("my line manager Urs still prints every table and checks it with a ruler", "ruler"),
        ("my sister Lena hates coriander with a passion", "coriander"),
        ("my neighbour Dale always parks across my drive", "drive"),
    ],
)
def test_what_someone_else_wants_or_keeps_doing_stays_theirs(said: str, theirs: str, judge: Judge) -> None:
    kept = texts(reply(said, judge=judge))
    assert not [t for t in kept if theirs in t], kept


@pytest.mark.parametrize(
    ("said", "fact"),
    [
        (
            "I want some dinner ideas for my appa, what can I make? He is type 2 diabetic and 74 years old.",
            "appa is type 2 diabetic",
        ),
        ("My husband Klaus comes too. He has a new hip since last year.", "husband Klaus has a new hip"),
        (
            "Planning a trip with my grandma. She is a wheelchair user, so step-free only.",
            "grandma is a wheelchair user",
        ),
    ],
)
def test_he_or_she_after_a_family_member_is_that_family_member(said: str, fact: str, judge: Judge) -> None:
    kept = texts(reply(said, judge=judge))
    assert [t for t in kept if fact in t], kept


@pytest.mark.parametrize(
    "said",
    [
        "My sister and my mum are visiting. She is vegan.",  # which one?
        "My boss Carla is great. She loves Jira.",  # not family, and her taste
        "Dinner for my dad and my brother. He is allergic to nuts.",
    ],
)
def test_he_or_she_stays_unread_when_it_is_not_one_family_member(said: str, judge: Judge) -> None:
    kept = texts(reply(said, judge=judge))
    assert not [t for t in kept if "vegan" in t or "Jira" in t or "nuts" in t], kept


@pytest.mark.parametrize(
    ("assistant", "said"),
    [
        (
            "You could consider `django-money` so the currency travels with the value — want me to add it?",
            "nah, not pulling in django-money for this, too much churn for one bug.",
        ),
        (
            "One idea: manage the VM definitions with Terraform and the bpg/proxmox provider.",
            "no Terraform, not going there, we have enough tools already.",
        ),
        (
            "Some riders also take creatine, 3-5 g a day, it can help on the climbs.",
            "no creatine for now grazie.",
        ),
        ("The conda envs could be swapped for Singularity images.", "Nah, not Singularity, leave it."),
        (
            "For repeated queries DuckDB could be handy.",
            "nah, not adding DuckDB as a dependency, I want the env small.",
        ),
        # heldout481-488: the thanks first, then the thing turned down
        (
            "Would you like me to also make a packing list, with a medication plan for the trip?",
            "No thank you for the packing list, Concetta does the packing since 40 years.",
        ),
        (
            "Want me to draft a cover letter too?",
            "no thanks on the cover letter, the portal doesn't take one",
        ),
        # what the assistant says it can do is offered, with "also" or without; "lets" is "let's"
        (
            "I can add Redis as a cache in front of the API.",
            "no, lets not add redis yet, the traffic is tiny",
        ),
        (
            "I can write a small Makefile so you don't have to remember the commands.",
            "nah, no makefile, it's three commands",
        ),
        (
            "Prometheus is the other route.",
            "I had also thought about wildcard certs for the subdomains, but the registrar has no DNS API so forget that idea.",
        ),
    ],
)
def test_an_offer_turned_down_is_no_fact_and_no_correction(assistant: str, said: str) -> None:
    assert texts(reply(said, assistant)) == []


def test_a_no_with_the_alternative_is_still_kept() -> None:
    kept = reply("no pandas, polars. always.", "Should I load it with pandas?")
    assert [t for t in texts(kept) if "polars" in t], texts(kept)


@pytest.mark.parametrize(
    "said",
    [
        "sorry if i'm short, i'm on 3 hours of sleep",
        "running on like four hours sleep today",
        "on barely 5 hrs of kip so bear with me",
    ],
)
def test_last_nights_sleep_is_no_fact(said: str, judge: Judge) -> None:
    assert not [t for t in texts(reply(said, judge=judge)) if "sleep" in t or "kip" in t]


def test_why_someone_says_no_to_an_offer_may_be_a_fact_about_them(judge: Judge) -> None:
    kept = texts(
        reply(
            "no PR, im freelance, solo on this, I just commit straight to main.",
            "Want me to open a PR?",
            judge,
        )
    )
    assert [t for t in kept if "freelance" in t], kept
    assert not [t for t in kept if "PR" in t], kept


@pytest.mark.parametrize(
    ("said", "fact"),
    [
        ("I am celiac myself, funny for a baker no?", "The user is celiac"),
        ("im a scaffolder so money is ok but not flash", "The user is a scaffolder"),
        ("I'm vegan, weird for a butcher's daughter, no?", "The user is vegan"),
    ],
)
def test_a_statement_with_an_aside_and_a_no_tag_is_a_statement(said: str, fact: str, judge: Judge) -> None:
    kept = texts(reply(said, judge=judge))
    assert [t for t in kept if fact in t], kept


@pytest.mark.parametrize(
    ("said", "rule"),
    [
        (
            "If something is difficult, you may explain it to me in isiZulu, I will understand better.",
            "isiZulu",
        ),
        ("when a word is hard, please give me the Polish one too", "Polish"),
    ],
)
def test_a_condition_then_what_to_do_for_the_person_is_a_rule(said: str, rule: str) -> None:
    kept = reply(said)
    assert [f for f in kept if f.kind == "rule" and rule in f.text], texts(kept)


def test_advice_after_an_if_is_no_rule() -> None:
    said = "If you want to stop the overbooking for good, you could use an app like Booksy."
    assert not [f for f in reply(said) if f.kind == "rule"]


@pytest.mark.parametrize(
    ("said", "both"),
    [
        (
            "run the tests with make test-fast — never call pytest directly in this repo",
            ("test-fast", "pytest"),
        ),
        ("use pnpm, never npm", ("pnpm", "npm")),
        ("deploy with ./ship.sh, don't call kubectl apply by hand", ("ship.sh", "kubectl")),
    ],
)
def test_an_instruction_and_the_ban_after_it_are_one_rule(said: str, both: tuple[str, str]) -> None:
    kept = reply(said)
    assert [f for f in kept if f.kind == "rule" and all(w in f.text for w in both)], texts(kept)


@pytest.mark.parametrize(
    ("assistant", "said", "right"),
    [
        (
            "I planned 50-minute lessons.",
            "Mmm no, my classes are of 90 minutes, not 50, two times per week.",
            "90",
        ),
        ("I used export let for the props.", "no its svelte 5 with runes, use $props()", "runes"),
    ],
)
def test_a_correction_after_a_murmur_or_without_a_comma(assistant: str, said: str, right: str) -> None:
    kept = reply(said, assistant)
    assert [f for f in kept if f.kind == "correction" and right in f.text], texts(kept)


@pytest.mark.parametrize(
    ("said", "keys"),
    [
        ("I'm a frontend contractor, currently placed at Saltmarsh Insurance.", ("contractor", "Saltmarsh")),
        ("I'm a licensed tour guide here in Cusco 🇵🇪 I do the Sacred Valley mostly", ("tour guide", "Cusco")),
        ("oh and im deaf in my left ear so dont ever set anything up that rings me", ("deaf", "left ear")),
        (
            "I'm 71, retired now after 38 years as an engineer on the Marine Atlantic ferries",
            ("71", "Marine Atlantic"),
        ),
    ],
)
def test_a_self_description_keeps_what_follows_it(said: str, keys: tuple[str, str], judge: Judge) -> None:
    kept = texts(reply(said, judge=judge))
    assert [t for t in kept if all(k in t for k in keys)], kept


def test_my_x_is_after_a_comma_is_its_own_clause(judge: Judge) -> None:
    said = "I'm a third-year PhD student at Mila, my supervisor is Prof. Hélène Gauthier, and I use JAX."
    kept = texts(reply(said, judge=judge))
    assert [t for t in kept if "Gauthier" in t and "supervisor" in t], kept
    assert [t for t in kept if "PhD student at Mila" in t], kept


@pytest.mark.parametrize(
    "said",
    [
        "my back is very bad from lifting full supers yesterday",
        "my knee hurts today after the hike",
        "my shoulder is killing me this morning",
    ],
)
def test_how_the_body_is_today_is_no_health_fact(said: str, judge: Judge) -> None:
    assert not [f for f in reply(said, judge=judge) if f.subject == "health"], texts(reply(said, judge=judge))


@pytest.mark.parametrize(
    ("said", "rule"),
    [
        (
            "And kindly reply in small small sentences only, long paragraph I cannot follow.",
            "Reply in small small",
        ),
        ("Kindly keep the answers short, I read on my phone.", "Keep the answers short"),
        ("kindly use metric units always", "Use metric units always"),
    ],
)
def test_kindly_is_please(said: str, rule: str) -> None:
    kept = reply(said)
    assert [f for f in kept if f.kind == "rule" and f.text.startswith(rule)], texts(kept)
    assert not [t for t in texts(kept) if "cannots" in t]


@pytest.mark.parametrize(
    ("assistant", "said", "fact"),
    [
        ("The PI will want the maps in red-green.", "Ha, I'm not the PI, I'm a postdoc on the project.", "postdoc"),
        ("Want me to redo it in Plots.jl?", "Please not Plots.jl — I moved everything to CairoMakie last year.",
         "CairoMakie"),
        ("Should I ask your manager?", "It's not Jonas anymore, Sabine runs the team now.", "Sabine"),
    ],
)  # fmt: skip
def test_a_pronoun_or_please_before_not_is_no_corrected_value(
    assistant: str, said: str, fact: str, judge: Judge
) -> None:
    kept = reply(said, assistant, judge)
    assert [t for t in texts(kept) if fact in t], texts(kept)
    assert not [
        t for t in texts(kept) if t.startswith(("Correction: I'm,", "Correction: It's,")) or ": Please," in t
    ]


@pytest.mark.parametrize(
    ("said", "trait"),
    [
        ("About food, I am Jain, so no onion, no garlic, no potato.", "jain"),
        ("I'm Muslim, so nothing with pork or alcohol please", "muslim"),
        ("I'm a wheelchair user, step-free routes only", "wheelchair user"),
    ],
)
def test_a_faith_or_a_body_that_shapes_the_day_is_a_trait(said: str, trait: str) -> None:
    kept = reply(said)
    assert [f for f in kept if trait in f.text.lower() and f.family == "self/trait"], texts(kept)


@pytest.mark.parametrize(
    ("said", "fact"),
    [
        ("My fiancé is Tomás and he's vegan.", "fiancé Tomás is vegan"),
        ("my daughter Ines is 9 and she's allergic to peanuts", "daughter Ines is allergic to peanuts"),
        ("Dad is 86 now, my father Emrys, and he's lived with us since Mum passed.", "Emrys has lived with"),
    ],
)
def test_and_he_or_she_after_a_named_family_member(said: str, fact: str, judge: Judge) -> None:
    kept = texts(reply(said, judge=judge))
    assert [t for t in kept if fact in t], kept


@pytest.mark.parametrize(
    "said",
    [
        "Kasper wrote this module originally and he's the only other person on the platform team.",
        "my wife Rosa is with me and she's never tired of it",
    ],
)
def test_and_he_or_she_otherwise_stays_as_said(said: str, judge: Judge) -> None:
    kept = texts(reply(said, judge=judge))
    assert not [
        t for t in kept if t.startswith(("The user's wife Rosa is never", "The user's wife is Never"))
    ], kept
    assert not [t for t in kept if t.startswith("He's") or t.startswith("He is")], kept


def test_a_question_in_the_opener_only_leaves_the_rest_to_read(judge: Judge) -> None:
    said = (
        "What I wanted to ask is whether there's a sensible way to keep track of it all, because on my "
        "library days (Mondays, Wednesdays and Thursdays) I leave at 8"
    )
    kept = texts(reply(said, judge=judge))
    assert [t for t in kept if "library days" in t], kept
    assert not [t for t in kept if "sensible way" in t], kept


@pytest.mark.parametrize(
    "said",
    [
        "My wife is Ana and she is great",
        "my son Leo is 7 and he's so excited",
        "My mum is June and she's away",
    ],
)
def test_how_a_family_member_seems_today_is_no_fact_about_them(said: str, judge: Judge) -> None:
    kept = texts(reply(said, judge=judge))
    assert not [t for t in kept if t.endswith(("great.", "excited.", "away."))], kept


@pytest.mark.parametrize(
    ("said", "rule"),
    [
        ("Use metric please. Never inches.", "Use metric"),
        ("Use metric please. Never inches.", "Never inches"),
        (
            "would you give me the temperatures in Celsius always?",
            "Give the user the temperatures in Celsius",
        ),
        ("could you write the dates as DD/MM from now on?", "Write the dates as DD/MM"),
        ("u can reply in taglish its ok, mas madali basahin", "Reply in taglish"),
        ("you may write to me in plain Dutch", "Write to the user in plain Dutch"),
        ("answer in Portuguese pls", "Answer in Portuguese"),
    ],
)
def test_asked_or_permitted_ways_to_answer_are_rules(said: str, rule: str) -> None:
    kept = reply(said)
    assert [f for f in kept if f.kind == "rule" and f.text.startswith(rule)], texts(kept)


@pytest.mark.parametrize(
    ("assistant", "said", "right"),
    [
        ("I'll add Tailwind classes.", "non non, we don't use Tailwind in this repo, it's vanilla-extract.",
         "vanilla-extract"),
        ("Use light gauge steel strings.", "it is a classical guitar, with nylon strings, not steel", "nylon"),
        ("The default is Istio.", "nein, we run Linkerd for the mesh, not Istio", "Linkerd"),
    ],
)  # fmt: skip
def test_a_correction_in_another_language_or_ending_in_not(assistant: str, said: str, right: str) -> None:
    kept = reply(said, assistant)
    assert [f for f in kept if f.kind == "correction" and right in f.text], texts(kept)


def test_ending_in_not_is_no_correction_when_the_assistant_never_said_it() -> None:
    kept = reply("it is a classical guitar, with nylon strings, not steel", "Here is a practice routine.")
    assert not [f for f in kept if f.kind == "correction"], texts(kept)


@pytest.mark.parametrize(
    ("assistant", "said"),
    [
        ("Also, a metronome app like Pro Metronome would help you keep a steady tempo.",
         "No, I will not install this Pro Metronome."),
        ("A tool like Obsidian could help here.", "I won't use Obsidian, too fiddly."),
    ],
)  # fmt: skip
def test_refusing_to_install_what_was_offered_is_no_fact(assistant: str, said: str) -> None:
    assert texts(reply(said, assistant)) == []


@pytest.mark.parametrize(
    "said",
    [
        "I'm so nervous about tomorrow tbh, the patch goes live.",
        "really anxious about the interview on Friday",
        "Moloney, who has kept bees longer than I have been alive, says you should never feed bees sugar.",
        "Dr Okafor, whom I trust completely, thinks I should cut out coffee",
    ],
)
def test_a_passing_feeling_or_someone_elses_say_is_no_fact(said: str, judge: Judge) -> None:
    assert texts(reply(said, judge=judge)) == []


def test_oh_wait_is_an_opener(judge: Judge) -> None:
    assert "The user is vegan." in texts(reply("oh wait i'm vegan btw", judge=judge))


@pytest.mark.parametrize(
    ("said", "keys"),
    [
        ("god no, not now — never reboot lab machines during school hours, there are kids at them",
         ("reboot", "school hours")),
        ("nah i'm not vego or anything but i don't eat chicken or meat, i'm pescatarian.", ("pescatarian",)),
        ("and remember I'm the only backend dev here, Mariana does all the React front.", ("backend", "Mariana")),
        ("Also important — I am colour-blind, deuteranopia, so use viridis", ("colour-blind", "deuteranopia")),
    ],
)  # fmt: skip
def test_what_follows_a_no_or_a_short_family_fact_is_read(
    said: str, keys: tuple[str, ...], judge: Judge
) -> None:
    kept = texts(reply(said, "Should I reboot them now? Maybe chicken?", judge))
    assert [t for t in kept if all(k in t for k in keys)], kept
    assert not [t for t in kept if t.startswith(("Correction: Nah", "Correction: God"))], kept


@pytest.mark.parametrize(
    ("assistant", "said"),
    [
        ("Done: chunks are monthly. For the stakes, I could regrid ERA5-Land with xESMF bilinear weights.",
         "skip xESMF, nearest grid cell to each stake is fine for a point comparison"),
        ("- plan OK: 1 change\n- optional: Karpenter-style autoscaling so a dead node gets replaced",
         "no karpenter. not now."),
    ],
)  # fmt: skip
def test_an_offer_in_a_labelled_or_listed_reply_can_be_turned_down(
    assistant: str, said: str, judge: Judge
) -> None:
    kept = texts(reply(said, assistant, judge))
    assert not [t for t in kept if "xESMF" in t or "arpenter" in t], kept


def test_what_someone_does_then_says_is_theirs(judge: Judge) -> None:
    said = "pacifique studies everything with anki flashcards, he says its the best but for me its too slow"
    kept = texts(reply(said, judge=judge))
    assert not [t for t in kept if "anki" in t.lower()], kept


def test_a_hypothetical_in_a_question_names_nothing() -> None:
    said = (
        "If I won the lottery I would just open my own clinic in Kisumu hahaha 😂 Last thing, can you write "
        "a short message to my ward manager?"
    )
    assert texts(reply(said)) == []


@pytest.mark.parametrize(
    ("said", "fact"),
    [
        ("I've got macular degeneration in my right eye, so big simple steps.", "has macular degeneration"),
        (
            "i got a dodgy left achilles, physio said no more than 3 run days back to back",
            "dodgy left achilles",
        ),
        ("I have osteoarthritis in both hands", "osteoarthritis"),
    ],
)
def test_a_condition_said_with_got_is_a_health_fact(said: str, fact: str) -> None:
    kept = reply(said)
    assert [f for f in kept if fact in f.text and f.subject == "health"], texts(kept)


@pytest.mark.parametrize(
    "said",
    [
        "I'll be offline from 13:00 for an hour, dentist.",
        "ill be afk for 20 min, school run",
        "I'll be away till 3",
    ],
)
def test_being_away_for_a_while_today_is_no_fact(said: str, judge: Judge) -> None:
    assert texts(reply(said, judge=judge)) == []


def test_being_somewhere_for_the_day_still_says_where(judge: Judge) -> None:
    kept = texts(reply("I'll be driving between Athenry and Oranmore most of the day", judge=judge))
    assert [t for t in kept if "Oranmore" in t], kept


def test_not_x_then_what_the_person_aims_for_is_a_correction() -> None:
    kept = reply("nah not 2 hours, im aiming for sub 1:50", "So your goal is 2 hours?")
    assert [f for f in kept if f.kind == "correction" and "sub 1:50, not 2 hours" in f.text], texts(kept)


@pytest.mark.parametrize(
    ("said", "fact"),
    [
        ("I'll check back after my dombra lesson tonight.", "The user has dombra lessons."),
        ("i'll check the plan comment after kendo practice tonight", "The user has kendo practice."),
        ("I'll go through them tonight after my Comrades training run", "The user has Comrades training."),
        ("i'll test it tonight after my bandoneón class.", "The user has bandoneón classes."),
    ],
)
def test_a_standing_activity_named_in_passing(said: str, fact: str, judge: Judge) -> None:
    assert fact in texts(reply(said, judge=judge))


@pytest.mark.parametrize(
    "said",
    [
        "I'll look at it after the class ends",
        "I'll send it after the training session",
        "after work I'll do it",
    ],
)
def test_no_activity_without_its_name(said: str, judge: Judge) -> None:
    assert not [f for f in reply(said, judge=judge) if f.family == "self/activity-after"]


@pytest.mark.parametrize(
    ("said", "fact"),
    [
        (
            "Since my hip replacement I cannot walk far, so I organise the outings",
            "hip replacement",
        ),
        (
            "Since my cataract operation last autumn I can read the screen again",
            "cataract operation",
        ),
    ],
)
def test_what_the_body_went_through_said_on_the_way(said: str, fact: str, judge: Judge) -> None:
    # the family's "The user had a hip replacement." or, when the judge keeps it, the whole clause
    assert [t for t in texts(reply(said, judge=judge)) if fact in t], texts(reply(said, judge=judge))
    assert [f for f in reply(said) if f.text.startswith("The user had a") and fact in f.text]


@pytest.mark.parametrize(
    ("said", "keys"),
    [
        ("change it to TRANSFORM_S — that's the only warehouse we're allowed to use for dev work", ("TRANSFORM_S",)),
        ("that's the rule for every model in this repo btw: unique + not_null tests on the primary key",
         ("not_null",)),
        ("hard rule for this codebase: no dynamic allocation anywhere, no k_malloc, no heap", ("k_malloc",)),
        ("strict rule: every PR gets a changelog line", ("changelog",)),
        ("please when I write something, correct all my mistakes, also small ones like articles", ("mistakes",)),
        ("whenever I paste a log, summarise it first", ("summarise",)),
    ],
)  # fmt: skip
def test_rules_said_as_labels_tags_or_whenever_i(said: str, keys: tuple[str, ...]) -> None:
    kept = reply(said, "I set it to TRANSFORM_XL and left the tests as they were.")
    assert [f for f in kept if f.kind == "rule" and all(k in f.text for k in keys)], texts(kept)


def test_not_x_then_y_is_a_correction() -> None:
    kept = reply("nah not vegan, vegetarian. we use eggs n dairy heaps", "Is the café vegan?")
    assert [f for f in kept if f.kind == "correction" and "vegetarian, not vegan" in f.text], texts(kept)


@pytest.mark.parametrize(
    ("said", "gone"),
    [
        ("Yannick, the guy before me, loved Puppet and still tells me Ansible is a toy.", "Puppet"),
        ("my friend and I were thinking Seville maybe, or Lisbon, neither of us has been", "Seville"),
        ("Forget Seville, sure it'll be like an oven in May.", "Seville"),
        ("The practice manager wants all the backups on OneDrive instead. She's not getting it.", "OneDrive"),
        ("My boss wants us on Teams. Not happening.", "Teams"),
    ],
)
def test_what_others_loved_or_wanted_and_options_let_go_are_not_kept(
    said: str, gone: str, judge: Judge
) -> None:
    kept = texts(reply(said, "Seville is lovely in May.", judge))
    assert not [t for t in kept if gone in t], kept


def test_what_was_said_of_an_option_passed_over_is_dropped(judge: Judge) -> None:
    events = [
        SessionEvent("message", turn=0, role="assistant", text="Which flights did you find?"),
        SessionEvent(
            "message",
            turn=1,
            role="user",
            text="Emirates is a little cheaper, 40 euro. Qatar is 2 hours only.",
        ),
        SessionEvent("message", turn=2, role="assistant", text="Emirates or Qatar?"),
        SessionEvent("message", turn=3, role="user", text="Qatar."),
    ]
    kept = texts(list(OfflineObserver(judge).extract(events).facts))
    assert [t for t in kept if t.startswith("Decision: Qatar, not Emirates")], kept
    assert not [t for t in kept if "cheaper" in t], kept


@pytest.mark.parametrize(
    ("assistant", "said", "gone"),
    [
        ("One more idea for your phone. You can buy an eSIM before the trip.",
         "No, eSIM is too difficult for me. I use only the wifi at my daughter's house.", "eSIM"),
        ("You could also get a Kindle for the flight.", "No, Kindle is not for me, I like paper.", "Kindle"),
    ],
)  # fmt: skip
def test_no_comma_then_the_offer_declines_it(assistant: str, said: str, gone: str, judge: Judge) -> None:
    kept = texts(reply(said, assistant, judge))
    assert not [t for t in kept if gone.lower() in t.lower()], kept


def test_what_someone_would_tell_you_is_theirs(judge: Judge) -> None:
    kept = texts(
        reply("my teammate Bartek would tell you to do all this in Neovim with 40 plugins lol.", judge=judge)
    )
    assert not [t for t in kept if "Neovim" in t], kept


@pytest.mark.parametrize(
    ("said", "fact"),
    [
        ("I want to prepare for IELTS academic, my exam is on 14 June", "The user's exam is on 14 June."),
        ("my defense is fixed for July 14", "The user's defense is fixed for July 14."),
    ],
)
def test_a_held_my_x_is_y_is_allowed_when_the_judge_reads_a_fact(said: str, fact: str, judge: Judge) -> None:
    kept = [f for f in reply(said, judge=judge) if f.text == fact]
    assert kept and all(f.gate == "allow" for f in kept), texts(reply(said, judge=judge))
    # without the judge the same words stay held for a person to look at
    assert all(f.gate == "hold" for f in reply(said) if f.text == fact)


@pytest.mark.parametrize(
    ("said", "fact"),
    [
        ("this repo uses polars, please do not bring pandas back in", "This repo uses polars."),
        ("this codebase is written in Rust", "This codebase is written in Rust."),
        ("the project is on Unity 6 (6000.0.23f1)", "The project is on Unity 6 (6000.0.23f1)."),
    ],
)
def test_what_the_work_is_built_with(said: str, fact: str) -> None:
    assert fact in texts(reply(said))


@pytest.mark.parametrize("said", ["the app is in production", "this project uses it a lot"])
def test_no_tool_named_no_stack_fact(said: str) -> None:
    assert not [f for f in reply(said) if f.family == "environment/this-uses"]


def test_a_correction_label_opens_a_correction() -> None:
    kept = reply(
        "Correction: we're on PG14, not 15. All our RDS instances are.",
        "Plan: bump the DB from PostgreSQL 15.",
    )
    assert [f for f in kept if f.kind == "correction" and "PG14, not 15" in f.text], texts(kept)


@pytest.mark.parametrize(
    ("assistant", "said"),
    [
        ("You could make the model incremental.", "No, I don't think incremental is worth it for us."),
        ("ok", "I made 200 empanadas for a funeral since 5 in the morning, my hands hurt"),
    ],
)
def test_not_worth_it_and_since_dawn_keep_nothing(assistant: str, said: str, judge: Judge) -> None:
    kept = texts(reply(said, assistant, judge))
    assert not [t for t in kept if "incremental" in t or "empanadas" in t], kept


@pytest.mark.parametrize(
    ("said", "name"),
    [
        ("my boy Reuben starts school in September", "Reuben"),
        ("we're taking my wee one Isla to the zoo", "Isla"),
    ],
)
def test_what_people_call_their_children_names_them(said: str, name: str, judge: Judge) -> None:
    assert [t for t in texts(reply(said, judge=judge)) if name in t and "user's" in t]
