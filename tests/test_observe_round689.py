"""The classes blind sessions heldout689-712 found (adr/0114): each with other names, spellings and orders than
the sentence that showed it. The observer runs with the shipped judge where the judge's veto is what is tested."""

from __future__ import annotations

import pytest
from observe_helpers import facts_of, shipped_judge

from jarvis.observe.judge import Judge, admissible
from jarvis.observe.phrasing import split_sentences
from jarvis.observe.schema import Fact


@pytest.fixture(scope="module")
def judge() -> Judge:
    return shipped_judge()


def seen(facts: list[Fact]) -> list[tuple[str, str, str, str]]:
    return [(f.family, f.text, f.quote, f.context) for f in facts]


def everything(facts: list[Fact]) -> str:
    """All a note of these facts could show: the statement, its quote and what the assistant had said."""
    return " ".join(f"{f.text} {f.quote} {f.context}" for f in facts).lower()


# --- decoys -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("assistant", "user", "choice", "other"),
    [
        (
            "On WhatsApp Business vs SMS: WhatsApp is cheaper per message. If not, SMS is the simpler choice.",
            "nah we stay with sms, half my clients are oumas in the bluff with old nokias.",
            "sms",
            "whatsapp",
        ),
        ("You could move the site to Netlify, it has nicer previews.", "no, we stick with Vercel, the church pays for it.", "Vercel", "netlify"),
        ("Mailchimp would give you templates and stats.", "Nope. I'm staying with Brevo, it's free for my list size.", "Brevo", "mailchimp"),
        ("Overleaf compiles in the browser and can sync with GitHub.", "no let's stay with git, I'll do the gh auth login thing.", "git", "overleaf"),
    ],
)  # fmt: skip
def test_a_choice_after_a_no_is_a_decision_without_the_offer(
    assistant: str, user: str, choice: str, other: str
) -> None:
    facts = facts_of(("assistant", assistant), ("user", user))
    assert [f for f in facts if f.kind == "decision" and choice in f.text], seen(facts)
    assert other not in everything(facts), seen(facts)


def test_a_value_put_right_after_a_no_is_still_a_correction() -> None:
    facts = facts_of(
        ("assistant", "Invoices must be kept for 5 years."), ("user", "no, we keep invoices 7 years, not 5")
    )
    assert [f.kind for f in facts] == ["correction"], seen(facts)


@pytest.mark.parametrize(
    ("assistant", "user", "kept", "offer"),
    [
        (
            "If both branches use it at once, PostgreSQL would be the more robust choice.",
            "No Postgres. Ok, we keep SQLite, only two computers use it and never at the same time.",
            "SQLite",
            "postgres",
        ),
        ("Kubernetes would let you scale the workers.", "No kubernetes. We stay with docker compose on the one box.", "docker compose", "kubernetes"),
        ("A Redis cache in front would help.", "no redis. we use memcached here.", "memcached", "redis"),
    ],
)  # fmt: skip
def test_a_bare_no_to_an_offer_then_a_choice_keeps_the_choice_alone(
    assistant: str, user: str, kept: str, offer: str
) -> None:
    facts = facts_of(("assistant", assistant), ("user", user))
    assert [f for f in facts if kept in f.text], seen(facts)
    assert offer not in everything(facts), seen(facts)


@pytest.mark.parametrize(
    ("user", "theirs"),
    [
        ("Half the lads in my discussion group went OAD last autumn.", "oad"),
        ("a lot of the guys at my gym do keto", "keto"),
        ("most of the other mums in my WhatsApp group use Canva for the invites", "canva"),
        ("some of my colleagues switched to Linux", "linux"),
        ("Three of the farmers in our co-op sell straight to Lidl", "lidl"),
    ],
)
def test_what_a_share_of_the_people_around_the_person_do_is_theirs(
    user: str, theirs: str, judge: Judge
) -> None:
    facts = facts_of(("assistant", "Ok."), ("user", user), judge=judge)
    assert theirs not in everything(facts), seen(facts)


def test_a_group_of_the_persons_is_still_kept_alone() -> None:
    facts = facts_of(
        ("assistant", "Ok."), ("user", "Half the lads in my discussion group went OAD last autumn.")
    )
    assert [(f.text, f.quote) for f in facts] == [
        ("The user belongs to a discussion group.", "my discussion group")
    ], seen(facts)


@pytest.mark.parametrize(
    ("user", "gone"),
    [
        ("I'll print at school tomorrow, the printer at home ran out of ink again", "ink"),
        ("the 3D printer at home is jammed again", "jammed"),
        ("the server at home crashed again so I'm on the laptop", "crashed"),
    ],
)
def test_what_befell_a_thing_of_the_persons_today_is_no_part_of_its_fact(user: str, gone: str) -> None:
    facts = facts_of(("assistant", "Ok."), ("user", user))
    assert [f for f in facts if f.family == "self/at-home"], seen(facts)
    assert gone not in everything(facts), seen(facts)


@pytest.mark.parametrize(
    "user",
    [
        "Takk fyrir. I have to go, the vet comes at 9 tomorrow for the ram with the bad leg.",
        "we have to run, the plumber comes at 3",
        "I need to go, the farrier is coming tomorrow for the mare",
    ],
)
def test_leaving_for_someone_who_comes_once_is_no_fact(user: str, judge: Judge) -> None:
    assert facts_of(("assistant", "Ok."), ("user", user), judge=judge) == []
    assert admissible(user.removeprefix("Takk fyrir. ")) == "one appointment"


# --- missed facts: rules ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("user", "words"),
    [
        ("No emojis please, my style is minimal.", ["No emojis", "minimal"]),
        ("No pandas, I can't install anything on the work laptop.", ["No pandas", "work laptop"]),
    ],
)
def test_a_rule_too_short_for_a_note_keeps_the_why_said_after_it(user: str, words: list[str]) -> None:
    facts = facts_of(("assistant", "Ok."), ("user", user))
    rules = [f for f in facts if f.kind == "rule"]
    assert len(rules) == 1 and all(w in rules[0].text for w in words), seen(facts)
    assert len(rules[0].text) >= 12


@pytest.mark.parametrize(
    ("user", "key"),
    [
        ("for fuelling: no gels with caffeine please, caffeine wrecks my sleep.", "caffeine"),
        ("no pork in anything please", "pork"),
        ("Zero plastic packaging pls", "plastic"),
    ],
)
def test_a_no_with_a_please_is_an_instruction_the_veto_leaves(user: str, key: str, judge: Judge) -> None:
    facts = facts_of(("assistant", "Ok."), ("user", user), judge=judge)
    assert [f for f in facts if f.kind == "rule" and key in f.text.lower()], seen(facts)


@pytest.mark.parametrize(
    ("assistant", "user", "offer"),
    [
        ("If you want a second opinion, send a photo. The easiest way today is WhatsApp.", "No WhatsApp, please. I do not want it, my phone is a simple one.", "whatsapp"),
        ("Want me to add psyllium for the crumb?", "No psyllium, I tried it last year and the crumb went all gummy.", "psyllium"),
        ("JAX would make the snowmelt loop much faster.", "No JAX, I don't want to fight with GPU drivers.", "jax"),
    ],
)  # fmt: skip
def test_a_no_to_what_the_assistant_named_stays_an_offer_turned_down(
    assistant: str, user: str, offer: str, judge: Judge
) -> None:
    facts = facts_of(("assistant", assistant), ("user", user), judge=judge)
    assert offer not in " ".join(f.text for f in facts).lower(), seen(facts)


@pytest.mark.parametrize(
    ("user", "rider"),
    [
        ("My colleague Marek says I should just open my own practice in Nowa Huta.", "Nowa Huta"),
        ("I'm knackered after a double shift right now so I might not be making much sense", "double shift"),
    ],
)
def test_what_is_only_advised_or_of_today_gives_no_rider(user: str, rider: str, judge: Judge) -> None:
    facts = facts_of(("assistant", "Ok."), ("user", user), judge=judge)
    assert rider not in " ".join(f.text for f in facts), seen(facts)


@pytest.mark.parametrize(
    ("family", "user", "words"),
    [
        ("rule/only-please", "Only plain python please, no pandas or other installs.", ["Only plain python", "no pandas"]),
        ("rule/only-please", "only metric units pls", ["Only metric units"]),
        ("rule/max", "Year 5 reading level max.", ["Year 5 reading level max"]),
        ("rule/max", "300 words max please", ["300 words max"]),
        ("rule/keep-it-no", "please keep it plain, no art school words like liminal or interrogates", ["liminal"]),
        ("rule/keep-it-no", "keep it short, no emojis", ["Keep it short, no emojis"]),
        ("rule/languages", "Write it in Czech and English both, Czech first.", ["Czech and English", "Czech first"]),
        ("rule/languages", "do everything in Welsh and English, Welsh on top", ["Welsh on top"]),
    ],
)  # fmt: skip
def test_rules_said_in_few_words(family: str, user: str, words: list[str]) -> None:
    facts = facts_of(("assistant", "Ok."), ("user", user))
    assert [f for f in facts if f.family == family and all(w in f.text for w in words)], seen(facts)


@pytest.mark.parametrize(
    "user",
    [
        "just the code please",
        "only the first page please",
        "I have 20 minutes max",
        "2 hours max",
        "write it in Spanish",
        "only for today please",
    ],
)
def test_a_request_for_this_answer_is_no_rule_of_few_words(user: str) -> None:
    facts = facts_of(("assistant", "Ok."), ("user", user))
    assert not [f for f in facts if f.family in ("rule/only-please", "rule/max", "rule/languages")], seen(
        facts
    )


@pytest.mark.parametrize(
    ("user", "rule", "before"),
    [
        ("Yes let's switch the remote to SSH, from now on this repo is only SSH.", "only SSH", None),
        ("I moved to Leeds last year, from now on use British spelling please", "British spelling", "Leeds"),
        ("the old flow used Zapier; going forward every order goes through n8n", "n8n", None),
    ],
)
def test_a_rule_from_now_on_in_a_later_clause_is_kept(user: str, rule: str, before: str | None) -> None:
    facts = facts_of(("assistant", "Ok."), ("user", user))
    assert [f for f in facts if f.family == "rule/from-now-on" and rule in f.text], seen(facts)
    if before:
        assert [f for f in facts if before in f.text and f.family != "rule/from-now-on"], seen(facts)


@pytest.mark.parametrize(
    ("user", "right"),
    [
        (
            "Oh, the footer should say Fysio Trøjborg, not Kinesis Fysioterapi, that was the old name.",
            "Trøjborg",
        ),
        ("every invoice should say Bäckerei Huber, not Huber GmbH", "Bäckerei Huber"),
    ],
)
def test_what_a_part_of_the_persons_document_should_say_is_no_ones_opinion(user: str, right: str) -> None:
    facts = facts_of(("assistant", "I'll keep going with the other nine."), ("user", user))
    assert [f for f in facts if right in f.text], seen(facts)


# --- missed facts: what is true of the person ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("user", "words"),
    [
        ("They're mostly Friesian crossed with Jersey and we supply Dairygold.", "supply Dairygold"),
        ("I sell at the market in Ennis on Saturdays", "sells at the market in Ennis"),
        ("we export most of our apricots to Kazan", "to Kazan"),
    ],
)
def test_who_the_persons_produce_goes_to(user: str, words: str) -> None:
    facts = facts_of(("assistant", "Ok."), ("user", user))
    assert [f for f in facts if f.family == "self/supplies" and words in f.text], seen(facts)


@pytest.mark.parametrize(
    ("user", "words"),
    [
        ("doc says my cholestrol is high and i need to fix my eating on road.", "cholestrol is high"),
        ("the doctor said I have high blood pressure", "has high blood pressure"),
        ("my GP told me I'm prediabetic so no sugar in the recipes", "prediabetic"),
    ],
)
def test_what_a_doctor_found_is_the_persons_health(user: str, words: str) -> None:
    facts = facts_of(("assistant", "Ok."), ("user", user))
    assert [f for f in facts if f.family == "self/diagnosed" and words in f.text], seen(facts)


def test_what_a_vet_found_in_an_animal_is_no_health_of_the_persons() -> None:
    facts = facts_of(("assistant", "Ok."), ("user", "the vet said my dog has worms"))
    assert not [f for f in facts if f.family == "self/diagnosed"], seen(facts)


@pytest.mark.parametrize(
    ("user", "key"),
    [
        ("Also I'm doing my Honours in maths education part time at UKZN, so sometimes I'll ask you, but not today.", "UKZN"),
        ("I'm a night nurse at Groote Schuur, so slow replies, but not now", "Groote Schuur"),
    ],
)  # fmt: skip
def test_what_the_person_is_stays_before_a_not_today(user: str, key: str) -> None:
    facts = facts_of(("assistant", "Ok."), ("user", user))
    assert [f for f in facts if key in f.text], seen(facts)


def test_a_common_word_shared_with_the_assistant_names_no_offer() -> None:
    assistant = "The free plan has compile time limits. You'd depend on internet at school, at the same time."
    user = "Also I'm doing my Honours in maths education part time at UKZN, so I'll ask you for help, but not today."
    facts = facts_of(("assistant", assistant), ("user", user))
    assert [f for f in facts if "UKZN" in f.text], seen(facts)


def test_a_plan_before_a_not_now_stays_turned_down(judge: Judge) -> None:
    assert facts_of(("assistant", "Ok."), ("user", "I'm going to Lisbon, but not now"), judge=judge) == []


@pytest.mark.parametrize(
    ("text", "pieces"),
    [
        ("Please remember I sign paintings as 'K. Lis', not my full name.", 1),
        ('my name on the door is "A. Nowak". I live in Łódź.', 2),
        ("I take vitamin D. Then I go running.", 2),
        ("I got an A. My teacher was happy.", 2),
        ("all my tilapia notes are in F. the node reports C right now", 2),
    ],
)
def test_an_initial_before_a_surname_ends_no_sentence(text: str, pieces: int) -> None:
    assert len(split_sentences(text)) == pieces, split_sentences(text)


@pytest.mark.parametrize(
    ("user", "words"),
    [
        ("Sorry, It was 1979 that I started, not 1981, I made a mistake.", ["started", "1979", "not 1981"]),
        ("no wait, it's Tuesdays when we meet, not Thursdays", ["meet", "Tuesdays", "not Thursdays"]),
    ],
)
def test_a_slip_put_right_as_a_cleft_is_a_correction_with_nothing_of_the_assistants(
    user: str, words: list[str]
) -> None:
    facts = facts_of(
        ("assistant", "1. How old were you then? 2. Who was with you that night?"), ("user", user)
    )
    found = [f for f in facts if f.kind == "correction"]
    assert found and all(w in found[0].text for w in words) and found[0].context == "", seen(facts)


@pytest.mark.parametrize(
    ("assistant", "user", "words"),
    [
        (
            "It sees your neighbour's network. Which Raspberry Pi model is it? The older models only have 2.4 GHz.",
            "It is Raspberry Pi 3B from 2017 and I will not buy a new one.",
            ["Raspberry Pi model", "3B"],
        ),
        ("What printer do you have? Some need a driver.", "its an old Brother HL-2270 but it works", ["printer", "HL-2270"]),
    ],
)  # fmt: skip
def test_an_answer_to_which_make_or_model_is_kept(assistant: str, user: str, words: list[str]) -> None:
    facts = facts_of(("assistant", assistant), ("user", user))
    assert [f for f in facts if all(w in f.text for w in words)], seen(facts)


def test_a_state_of_the_moment_answers_no_which_question() -> None:
    facts = facts_of(("assistant", "What printer do you have?"), ("user", "it's not working today"))
    assert not [f for f in facts if f.family == "answer/which"], seen(facts)


@pytest.mark.parametrize(
    ("user", "words"),
    [
        (
            "Please make the font 13; 11 is too small for me to proofread since my cataract surgery last year.",
            "cataract",
        ),
        ("nah, not for me, not since my knee replacement", "knee replacement"),
    ],
)
def test_what_the_person_had_stays_in_a_sentence_that_turns_something_down(user: str, words: str) -> None:
    facts = facts_of(("assistant", "Ok."), ("user", user))
    assert [f for f in facts if f.family == "self/had-surgery" and words in f.text], seen(facts)


@pytest.mark.parametrize(
    ("user", "words"),
    [
        (
            "I'll look at the index tonight after I've picked up Freja and Asger from the børnehave.",
            "Freja and Asger",
        ),
        ("back in 10, gotta collect Milo from nursery", "Milo"),
        ("I'll do it after I dropped Ingrid off at skolen", "Ingrid"),
    ],
)
def test_children_fetched_from_school_in_any_tense_or_language(user: str, words: str) -> None:
    facts = facts_of(("assistant", "Ok."), ("user", user))
    assert [f for f in facts if f.family == "person/school-run-named" and words in f.text], seen(facts)


@pytest.mark.parametrize(
    ("user", "words"),
    [
        ("Also add that my wife has problem with breathing, Elif uses her asthma spray much more.", "wife"),
        ("pls mention that I'm a registered childminder since 2019", "childminder"),
    ],
)
def test_what_the_person_asks_to_be_written_about_themselves_is_theirs(
    user: str, words: str, judge: Judge
) -> None:
    facts = facts_of(("assistant", "Ok."), ("user", user), judge=judge)
    assert [f for f in facts if words in f.text and not f.text.lower().startswith(("add", "mention"))], seen(
        facts
    )


@pytest.mark.parametrize(
    ("user", "words"),
    [
        ("I will do the register in evening, after lunch my sugar tablets make me sleepy.", "sugar tablets"),
        ("forgot my blood pressure pills at home so I'm a bit off", "blood pressure pills"),
    ],
)
def test_a_medicine_of_the_persons_said_in_passing(user: str, words: str) -> None:
    facts = facts_of(("assistant", "Ok."), ("user", user))
    assert [f for f in facts if f.family == "self/takes-medicine" and words in f.text], seen(facts)


def test_tablets_with_no_medicine_word_are_no_medicine() -> None:
    facts = facts_of(("assistant", "Ok."), ("user", "my tablets are old and slow"))
    assert not [f for f in facts if f.family == "self/takes-medicine"], seen(facts)


# --- heldout697-704 -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("assistant", "user", "offer"),
    [
        (
            "SQLite is fine for now. If several vets edit at once, moving to Postgres would be the next step, but not now.",
            "no postgres, i cant maintain another thing alone.",
            "postgres",
        ),
        ("For photos, the easiest way today is WhatsApp.", "No WhatsApp please, my phone is a simple one.", "whatsapp"),
        ("Kubernetes could be the natural next step once you have three servers.", "No kubernetes, too much for me alone.", "kubernetes"),
    ],
)  # fmt: skip
def test_what_the_assistant_sees_as_the_next_step_is_an_offer(
    assistant: str, user: str, offer: str, judge: Judge
) -> None:
    facts = facts_of(("assistant", assistant), ("user", user), judge=judge)
    assert offer not in " ".join(f.text for f in facts).lower(), seen(facts)


@pytest.mark.parametrize(
    ("user", "theirs"),
    [
        ("Callum's wife Jen is vegan and she'll have the whole house eating lentils, so I'm worried about carbs.", "vegan"),
        ("Tomas's wife is vegetarian", "vegetarian"),
        ("the other physics teacher, pan Marek, makes everything in Word, he thinks latex is crazy haha.", "word"),
        ("my colleague, frau Berger, does all her reports in Excel", "excel"),
        ("coach Ramirez from Belgrade still does the scoring by hand on a clipboard and he beat my app lol.", "clipboard"),
        ("Coach Dlamini always runs the warm-up herself", "warm-up"),
    ],
)  # fmt: skip
def test_other_peoples_diets_and_ways_by_title_and_name(user: str, theirs: str, judge: Judge) -> None:
    facts = facts_of(("assistant", "Ok."), ("user", user), judge=judge)
    assert theirs not in " ".join(f.text for f in facts).lower(), seen(facts)


@pytest.mark.parametrize(
    ("user", "gone", "kept"),
    [
        ("I am on antibiotics for an ear infection so no diving this week, good time to fix all this.", "antibiotics", None),
        ("im on antibiotics for my chest, so slow replies", "antibiotics", None),
        ("I'm on metformin 500mg twice a day", None, "metformin"),
    ],
)  # fmt: skip
def test_a_course_of_medicine_that_ends_is_no_lasting_medication(
    user: str, gone: str | None, kept: str | None
) -> None:
    facts = facts_of(("assistant", "Ok."), ("user", user))
    texts = " ".join(f.text for f in facts)
    if gone:
        assert gone not in texts, seen(facts)
    if kept:
        assert kept in texts, seen(facts)


@pytest.mark.parametrize(
    ("user", "words"),
    [
        ("I'm breastfeeding still, so no supplements with caffeine please.", "breastfeeding"),
        ("I'm still breastfeeding", "breastfeeding"),
        ("My son gave me a Nikon D7500 for Christmas.", "Nikon D7500"),
        ("Dana bought me an e-bike for my 60th birthday, best gift ever", "e-bike"),
        ("We have about 640 member farmers.", "640 member farmers"),
        ("ok staying on firebase then.", "firebase"),
        ("sticking with the Pi 4 then", "Pi 4"),
        ("master student at kaist, robotics lab.", "master student at kaist"),
        ("nurse at Groote Schuur, night shifts", "nurse at Groote Schuur"),
        ("Also I'm not doing custom orders anymore, they eat all my time.", "no longer does custom orders"),
        ("we're not taking new clients any more", "no longer takes new clients"),
        ("so always prefer solutions that do not need LaTeX or other heavy installations", "LaTeX"),
    ],
)
def test_what_the_person_is_has_and_decided_in_few_words(user: str, words: str) -> None:
    facts = facts_of(("assistant", "Ok."), ("user", user))
    assert [f for f in facts if words in f.text], seen(facts)


@pytest.mark.parametrize(
    "user",
    [
        "my wife gave me a look when I said that",
        "my brother gave me a lift to the station",
        "staying on track this week",
        "ok staying on top of it",
        "developer at heart",
        "teacher at the moment",
    ],
)
def test_a_look_a_lift_and_a_turn_of_phrase_are_nothing_had_or_decided(user: str) -> None:
    facts = facts_of(("assistant", "Ok."), ("user", user))
    assert not [f for f in facts if f.family in ("self/given", "decision/staying-on", "self/role-here")], (
        seen(facts)
    )


# --- heldout705-712 -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("user", "theirs"),
    [
        ("The bakery across the street, Golden Crust, uses premix so their cost is lower I think.", "premix"),
        ("the cafe next door, Bean There, always buys the cheap beans", "beans"),
    ],
)
def test_a_named_shop_nearby_is_theirs(user: str, theirs: str, judge: Judge) -> None:
    facts = facts_of(("assistant", "Ok."), ("user", user), judge=judge)
    assert theirs not in " ".join(f.text for f in facts).lower(), seen(facts)


@pytest.mark.parametrize(
    ("user", "gone"),
    [
        ("the office internet is down and I'm on my phone's hotspot, I'll push tonight.", "hotspot"),
        ("im on like 4 coffees so pls double check the array indices lol.", "coffees"),
        ("on mobile data till the router is back", "mobile data"),
    ],
)
def test_a_hotspot_or_a_count_of_coffees_is_for_now(user: str, gone: str, judge: Judge) -> None:
    facts = facts_of(("assistant", "Ok."), ("user", user), judge=judge)
    assert gone not in " ".join(f.text for f in facts).lower(), seen(facts)
