"""The classes blind sessions heldout713-728 found (adr/0116): each with other names, spellings and orders than
the sentence that showed it. The observer runs with the shipped judge where the judge's veto is what is tested."""

from __future__ import annotations

import pytest
from observe_helpers import facts_of, shipped_judge

from jarvis.observe.judge import Judge, admissible
from jarvis.observe.phrasing import before_question, clauses, split_sentences
from jarvis.observe.schema import Fact


@pytest.fixture(scope="module")
def judge() -> Judge:
    return shipped_judge()


def seen(facts: list[Fact]) -> list[tuple[str, str, str]]:
    return [(f.family, f.text, f.quote) for f in facts]


def texts(facts: list[Fact]) -> str:
    return " ".join(f.text for f in facts).lower()


# --- decoys -------------------------------------------------------------------------------------------------

_OPTIONS = [
    (
        "Two realistic options: 1. localStorage (saved in the phone's browser, no server) 2. Firebase (Google's online "
        "database, syncs between phones). For one coach I'd start with localStorage.",
        "ok we store it in localStorage, no server. non, pas Firebase, I dont want the kids names on google servers, "
        "the parents would kill me.",
        "localstorage",
        "firebase",
    ),
    (
        "You could keep the bookings in SQLite on the Pi, or in Postgres on a small VPS.",
        "we keep the bookings in SQLite. Not Postgres, my nephew must be able to fix it and he only knows sqlite.",
        "sqlite",
        "postgres",
    ),
    (
        "Hosting: Hetzner is cheapest, DigitalOcean has the nicer dashboard.",
        "Okay we'll host it on Hetzner. nein, nicht DigitalOcean, I do not want a US company with the patient data.",
        "hetzner",
        "digitalocean",
    ),
]


@pytest.mark.parametrize(("assistant", "user", "taken", "other"), _OPTIONS)
def test_the_option_taken_is_a_decision_and_the_one_turned_down_is_not_kept(
    assistant: str, user: str, taken: str, other: str, judge: Judge
) -> None:
    facts = facts_of(("assistant", assistant), ("user", user), judge=judge)
    assert [f for f in facts if f.kind == "decision" and taken in f.text.lower()], seen(facts)
    assert other not in texts(facts), seen(facts)


def test_a_no_with_a_lasting_why_and_no_choice_before_it_is_still_kept() -> None:
    facts = facts_of(
        ("assistant", "You could keep the bookings in SQLite on the Pi, or in Postgres on a small VPS."),
        ("user", "No, not Postgres, we never run database servers on this team."),
    )
    assert "database servers" in texts(facts), seen(facts)


def test_a_thing_the_assistant_never_named_is_no_choice_among_its_options() -> None:
    facts = facts_of(
        ("assistant", "Hosting: Hetzner is cheapest, DigitalOcean has the nicer dashboard."),
        ("user", "we keep it in the fridge."),
    )
    assert not [f for f in facts if f.family == "decision/picked"], seen(facts)


@pytest.mark.parametrize(
    "user",
    [
        "ok I go now, the decanter is making the noise again, every day this week the same thing",
        "the boiler is leaking again, third time since Sunday",
        "the printer jams every morning this week",
        "The old separator is rattling again, I'll call the technician",
    ],
)
def test_a_machine_acting_up_again_is_a_trouble_of_the_moment(user: str, judge: Judge) -> None:
    facts = facts_of(("assistant", "Ok."), ("user", user), judge=judge)
    assert not facts, seen(facts)


def test_what_always_holds_of_a_machine_stays() -> None:
    facts = facts_of(("assistant", "Ok."), ("user", "the press always runs at 40 bar"))
    assert "40 bar" in texts(facts), seen(facts)


@pytest.mark.parametrize(
    ("user", "theirs"),
    [
        (
            "my cousin in karakol gives free horse ride to everybody, i think its stupid, you lose money",
            "horse",
        ),
        ("my uncle sells on credit to anyone who asks", "credit"),
        ("My aunt in Mostar offers free coffee for every guest, no wonder she makes no money", "coffee"),
    ],
)
def test_a_relatives_way_with_everyone_is_theirs(user: str, theirs: str, judge: Judge) -> None:
    assert admissible(user.split(",")[0]) == "someone else's habit"
    facts = facts_of(("assistant", "Ok."), ("user", user), judge=judge)
    assert theirs not in texts(facts), seen(facts)


def test_what_a_relative_does_for_the_person_is_not_their_way_with_everyone() -> None:
    assert admissible("my sister gives me a lift to work every day") != "someone else's habit"


# --- explicit -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("user", "kept"),
    [
        (
            "Staff: me, Chaya (my wife, she does the books, so the totals must be clear for her), Mendel, Yossi, "
            "Fatima and Sara. Never schedule anyone from Friday 14:00 until after Shabbos.",
            "shabbos",
        ),
        ("Hours: we open at 7 and close at 15. Never book a delivery after 14:00.", "delivery"),
        ("Kids: my two boys, Emeka and Obi. Never suggest sleepovers.", "sleepovers"),
    ],
)
def test_a_common_noun_before_a_colon_is_a_label_and_no_speaker(user: str, kept: str) -> None:
    assert split_sentences(user), user
    facts = facts_of(("assistant", "Ok."), ("user", user))
    assert kept in texts(facts), seen(facts)


def test_a_line_pasted_from_someone_else_is_still_theirs() -> None:
    assert split_sentences("Tomasz: I prefer tabs") == []


def test_a_joint_inside_brackets_does_not_cut_the_clause() -> None:
    cut = clauses(
        "Staff: me, Chaya (my wife, she does the books, so the totals must be clear for her), Mendel"
    )
    assert not [c for c in cut if c.endswith("her)") or c.startswith("the totals")], cut


@pytest.mark.parametrize(
    ("user", "kept"),
    [
        (
            "Write the Lithuanian with proper letters ą č ę š ž, never without diacritics, some programs remove them.",
            "diacritics",
        ),
        ("Spell the street names with the Welsh letters ŵ and ŷ, never without the accents.", "accents"),
    ],
)
def test_a_longer_choice_then_never_the_other_is_a_rule(user: str, kept: str) -> None:
    facts = facts_of(("assistant", "Ok."), ("user", user))
    assert [f for f in facts if f.kind == "rule" and kept in f.text.lower()], seen(facts)


@pytest.mark.parametrize(
    ("user", "kept"),
    [
        ("I had a stroke last year", "stroke"),
        (
            "Two years ago I got atrial fibrillation, I take Eliquis twice a day and metoprolol.",
            "atrial fibrillation",
        ),
        ("in 2021 I had a heart attack, so no hard intervals please", "heart attack"),
        ("Last month the doctor said I have severe sleep apnea and gave me a CPAP", "sleep apnea"),
        ("Three months ago the GP told me I'm prediabetic", "prediabetic"),
        ("Sorry I type slow, the left hand is still weak from the stroke last year.", "left hand"),
    ],
)
def test_health_history_with_when_it_came(user: str, kept: str) -> None:
    facts = facts_of(("assistant", "Ok."), ("user", user))
    assert [f for f in facts if kept in f.text.lower() and f.kind == "fact"], seen(facts)


@pytest.mark.parametrize("user", ["I had a cold last week", "I got a new laptop last month"])
def test_a_passing_illness_or_a_purchase_is_no_health_history(user: str) -> None:
    facts = facts_of(("assistant", "Ok."), ("user", user))
    assert not [f for f in facts if f.family == "self/condition-history"], seen(facts)


@pytest.mark.parametrize(
    ("user", "kept"),
    [
        ("The classes are on Thursday evenings at the Belgrave Neighbourhood Centre, 6 till 8.", "belgrave"),
        ("Choir is on Monday nights in the Salle Paroissiale, always 19:30.", "salle paroissiale"),
    ],
)
def test_weekday_evenings_recur(user: str, kept: str, judge: Judge) -> None:
    assert admissible(user) is None
    facts = facts_of(("assistant", "Ok."), ("user", user), judge=judge)
    assert kept in texts(facts), seen(facts)


def test_where_the_wrong_value_stands_is_no_part_of_the_correction() -> None:
    facts = facts_of(
        ("assistant", "I set MATCH_MINUTES = 35 per half."),
        ("user", "ok. matches are 2 x 30 minutes not 2 x 35 like in the code, 35 is for U15."),
    )
    assert [f for f in facts if "30 minutes" in f.text and "like in the code" not in f.text], seen(facts)


@pytest.mark.parametrize(
    ("assistant", "user", "kept"),
    [
        (
            "Yurt for 2 people: 3,500 som per night, dinner and breakfast included.",
            "wait, dinner is not included, only breakfast, i wrote wrong before. dinner 600 som extra.",
            "dinner is not included",
        ),
        (
            "Parking is free for guests and breakfast is served from 7.",
            "parking is not free, it's 8 euro a night",
            "parking is not free",
        ),
    ],
)
def test_what_the_assistant_said_a_thing_is_denied_is_a_correction(
    assistant: str, user: str, kept: str
) -> None:
    facts = facts_of(("assistant", assistant), ("user", user))
    assert [f for f in facts if f.kind == "correction" and kept in f.text.lower()], seen(facts)


@pytest.mark.parametrize(
    ("user", "kept"),
    [
        ("soy bombero en Zaragoza, parque 3, and in my free time I made this little web", "zaragoza"),
        ("je suis infirmière à Lyon and I need a rota", "lyon"),
        ("ich bin Lehrerin in Graz, so keep it simple", "graz"),
    ],
)
def test_what_the_person_is_said_in_their_own_language(user: str, kept: str) -> None:
    facts = facts_of(("assistant", "Ok."), ("user", user))
    assert kept in texts(facts), seen(facts)


@pytest.mark.parametrize(
    "user", ["je suis allée à Paris", "ich bin gestern in Berlin gewesen", "soy de Zaragoza"]
)
def test_a_trip_or_an_origin_in_their_language_is_no_job(user: str) -> None:
    facts = facts_of(("assistant", "Ok."), ("user", user))
    assert not [f for f in facts if f.family == "self/in-own-words"], seen(facts)


@pytest.mark.parametrize(
    ("user", "name", "kept"),
    [
        ("My wife Solveig thinks I am crazy to do it.", "solveig", True),
        ("my husband Xurxo says the plan is too hard", "xurxo", True),
        ("My sister Ursula says I am crazy.", "ursula", False),
        ("my girlfriend Bia thinks the bike is too expensive", "bia", False),
    ],
)
def test_a_spouse_named_before_their_say_is_kept_and_other_kin_are_not(
    user: str, name: str, kept: bool, judge: Judge
) -> None:
    facts = facts_of(("assistant", "Ok."), ("user", user), judge=judge)
    assert (name in texts(facts)) is kept, seen(facts)


def test_who_someone_is_before_a_so_that_puts_something_off(judge: Judge) -> None:
    facts = facts_of(
        ("assistant", "Ok."),
        (
            "user",
            "oh and my son Taras plays goalkeeper in U12 of the club so the reminder for kids team also later, "
            "not now",
        ),
        judge=judge,
    )
    assert "taras" in texts(facts), seen(facts)


def test_what_a_text_of_the_work_says_is_no_ones_opinion() -> None:
    assert admissible("the /start text says Zaliznyk Cup") != "someone else's taste"
    assert admissible("my sister says the text is too long") == "someone else's taste"


def test_how_it_feels_as_a_way_to_judge_effort_is_no_impression() -> None:
    facts = facts_of(
        ("assistant", "Ok."),
        (
            "user",
            "Yes, please do not give me heart rate numbers at all, the metoprolol makes the watch useless, use the "
            "talk test or how it feels.",
        ),
    )
    assert [f for f in facts if f.kind == "rule" and "heart rate" in f.text], seen(facts)
    assert admissible("it feels a bit slow") == "impression"


@pytest.mark.parametrize(
    ("user", "kept"),
    [
        ("okay, we will use the QR code to the video instead of printing all the photos.", "qr code"),
        ("fine, we're going to send the invoices by email rather than post", "email"),
    ],
)
def test_one_way_taken_over_another_is_a_decision(user: str, kept: str) -> None:
    facts = facts_of(("assistant", "Ok."), ("user", user))
    assert [f for f in facts if f.kind == "decision" and kept in f.text.lower()], seen(facts)


@pytest.mark.parametrize(
    ("user", "kept"),
    [
        ("translate them to english when you touch a file", "translate"),
        ("bump the version whenever you change the API", "bump"),
    ],
)
def test_a_chore_then_when_the_assistant_changes_the_work_is_a_rule(user: str, kept: str) -> None:
    facts = facts_of(("assistant", "Ok."), ("user", user))
    assert [f for f in facts if f.kind == "rule" and kept in f.text.lower()], seen(facts)


def test_a_hedge_before_the_question_goes_with_it() -> None:
    said = before_question(
        "I study after I put my three boys to sleep, so maybe 1 hour every night, can you make me a plan for 8 weeks?"
    )
    assert said == "I study after I put my three boys to sleep"


@pytest.mark.parametrize(
    "user",
    [
        "And can you keep it runnable on python 3.9, the trust laptops are locked down and IT won't upgrade them.",
        "could you keep the scripts compatible with Python 3.9 please",
    ],
)
def test_what_the_work_must_keep_running_on_is_a_rule(user: str) -> None:
    facts = facts_of(("assistant", "Ok."), ("user", user))
    assert [f for f in facts if f.kind == "rule" and "3.9" in f.text], seen(facts)


# --- heldout721-728 -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("user", "theirs"),
    [
        ("My partner Lukas lives on Leberkäse semmel from the Spar when he works.", "leberkäse"),
        ("my son basically lives off instant noodles", "noodles"),
        ("The boulangerie at the corner sells the croissant at 1,10 € but with margarine.", "margarine"),
        ("the kebab place across the road opens at 6 and shuts at 2", "kebab"),
        ("Mr Nicolson next door always takes his class to the Kelvingrove in Glasgow.", "kelvingrove"),
        ("Frau Albers always brings her grandchildren to the market on Saturday.", "grandchildren"),
        ("The oldest boy watches Netflix all day on his tablet.", "netflix"),
        ("The U16 coach does only running without ball in preseason, old Soviet school.", "soviet"),
    ],
)
def test_what_someone_near_does_is_theirs(user: str, theirs: str, judge: Judge) -> None:
    facts = facts_of(("assistant", "Ok."), ("user", user), judge=judge)
    assert theirs not in texts(facts), seen(facts)


@pytest.mark.parametrize(
    ("user", "kept"),
    [
        ("my sister lives on a boat in Utrecht", "boat"),
        ("the bakery at the corner is ours since 2019", "ours"),
    ],
)
def test_where_someone_lives_or_what_is_ours_stays(user: str, kept: str) -> None:
    assert admissible(user) != "someone else's habit"


@pytest.mark.parametrize(
    "user",
    ["I am on my third instant coffee, let's finish", "im on my 4th espresso lol"],
)
def test_which_cup_of_the_day_is_no_tool(user: str, judge: Judge) -> None:
    facts = facts_of(("assistant", "Ok."), ("user", user), judge=judge)
    assert not [f for f in facts if "coffee" in f.text.lower() or "espresso" in f.text.lower()], seen(facts)


def test_an_offer_turned_down_with_someone_elses_why_is_no_correction(judge: Judge) -> None:
    facts = facts_of(
        (
            "assistant",
            "If useful I can also make a spreadsheet of all support needs for the intern begeleider, so she has "
            "everything in one place.",
        ),
        ("user", "no, no spreadsheet, the IB has her own system."),
        judge=judge,
    )
    assert "spreadsheet" not in texts(facts), seen(facts)


def test_a_no_to_an_offer_is_no_half_of_the_rule_before_it(judge: Judge) -> None:
    """The offer sits past the opening the observer reads corrections against, so "and no brms." is read as a short
    rule; it is dropped, not joined to the rule before it."""
    facts = facts_of(
        (
            "assistant",
            "The model runs, but the site variance is estimated at exactly 0, which is the singular fit warning. With "
            "only 9 sites and a binary response that's common: lme4 can't separate site-level variation from noise, "
            "so it collapses the random effect.\n\nTwo things worth noting in the data:\n- Each territory appears "
            "twice (2024 and 2025), so territories are also repeated measures. Ideally `(1 | site/territory_id)` or "
            "at least `(1 | territory_id)`.\n- `n_visits` varies (3-4), so detection effort differs a bit.\n\n"
            "Options:\n1. **glmmTMB** with `(1 | site) + (1 | territory_id)`: fast, handles near-zero variances more "
            "gracefully, and easy to extend later.\n2. **brms** (Bayesian): weakly informative priors on the site SD "
            "avoid the boundary problem completely, at the cost of much longer runtimes.\n3. Keep lme4 and just "
            "report the singular fit.\n\nI'd go with glmmTMB. I'll also tidy the script while I'm in there.",
        ),
        (
            "user",
            "always use the native pipe |> not %>%, i dont want magrittr in this project. and no brms. if it needs "
            "more than a few minutes ill run it on puhti, my laptop only has 8gb.",
        ),
        judge=judge,
    )
    assert [f for f in facts if f.kind == "rule" and "native pipe" in f.text], seen(facts)
    assert not [f for f in facts if f.kind == "rule" and "brms" in f.text], seen(facts)


@pytest.mark.parametrize(
    ("user", "kept"),
    [
        ("Give portions in cups and spoons, I don't own a kitchen scale.", "cups"),
        ("give amounts in grams please", "grams"),
        ("Write quantities in ml and teaspoons, we have no scale at the shelter.", "teaspoons"),
    ],
)
def test_a_unit_for_amounts_is_a_rule(user: str, kept: str) -> None:
    facts = facts_of(("assistant", "Ok."), ("user", user))
    assert [f for f in facts if f.kind == "rule" and kept in f.text.lower()], seen(facts)


@pytest.mark.parametrize(
    ("user", "kept"),
    [
        ("I'll finish the rest tonight after I drop my daughter at Bharatanatyam class.", "bharatanatyam"),
        (
            "I will review it all tonight after I take my father to dialysis, he goes Monday and Friday.",
            "dialysis",
        ),
        ("I will review the rest tonight after I come back from judo with my daughter.", "judo"),
        ("ill send the quote tonight after i pick the daughters from madrassa.", "madrassa"),
        ("I will test the conversion tonight after I bring my son to water polo.", "water polo"),
        ("I will check it tonight after I bring Aminu and Sadiq back from Islamiyya.", "islamiyya"),
        ("gonna finish the discussion chapter after my shift at the Lidl tonight, kiitos!", "lidl"),
    ],
)
def test_where_someone_close_is_taken_said_on_the_way(user: str, kept: str) -> None:
    facts = facts_of(("assistant", "Ok."), ("user", user))
    assert kept in texts(facts), seen(facts)


def test_several_children_go_and_one_goes() -> None:
    facts = facts_of(("assistant", "Ok."), ("user", "after i pick the daughters from madrassa i cook"))
    assert [f for f in facts if "daughters go to madrassa" in f.text], seen(facts)


def test_an_errand_with_the_car_is_no_place_someone_goes() -> None:
    facts = facts_of(("assistant", "Ok."), ("user", "I take the car to the garage tomorrow after work"))
    assert not [f for f in facts if f.family.startswith("person/")], seen(facts)


@pytest.mark.parametrize(
    ("user", "kept"),
    [
        ("Last: a short talk for parents about food before training. My wife is a dietitian so she will check it.", "dietitian"),
        ("Another: the invoice footer. My accountant is Sunniva Berg, she wants the org number there.", "sunniva"),
    ],
)  # fmt: skip
def test_a_word_that_orders_asks_before_a_colon_is_no_speaker(user: str, kept: str) -> None:
    facts = facts_of(("assistant", "Ok."), ("user", user))
    assert kept in texts(facts), seen(facts)


# --- heldout729-736 -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("user", "theirs"),
    [
        ("My flatmate writes everything in Word and laughs at me.", "word"),
        (
            "Marcus (other physio) still writes all his passwords on a sticky note under his keyboard lol.",
            "sticky",
        ),
        ("Lindiwe at the shop next door posts like 10 times a day.", "10 times"),
        ("my father still writes every order in a paper notebook", "notebook"),
        ("Frau Pichler paid in cash at the Stammtisch in September.", "cash"),
        ("The head coach of the boys team makes them do 100 bunny hops when they lose a set.", "bunny"),
    ],
)
def test_someone_elses_way_or_one_act_is_theirs(user: str, theirs: str, judge: Judge) -> None:
    facts = facts_of(("assistant", "Ok."), ("user", user), judge=judge)
    assert theirs not in texts(facts), seen(facts)


@pytest.mark.parametrize(
    ("user", "kept"),
    [
        ("my flatmate cooks for me and my sister", None),
        (
            "Dr. Lapointe signs off on everything I send out and she always asks about extreme weights first.",
            None,
        ),
        ("my mother still lives in Lagos", "lagos"),
        (
            "Let's wrap it up before the 16:00 catamaran, my mum lives on Hvar and I go over most weekends.",
            "hvar",
        ),
    ],
)
def test_what_involves_the_person_or_where_kin_live_is_not_their_habit(user: str, kept: str | None) -> None:
    assert admissible(user) != "someone else's habit"
    if kept:
        assert kept in texts(facts_of(("assistant", "Ok."), ("user", user)))


def test_what_the_person_cannot_do_is_no_routine() -> None:
    facts = facts_of(("assistant", "Ok."), ("user", "I cant be going up every night to empty beer lol"))
    assert not [f for f in facts if f.family == "self/routine"], seen(facts)


@pytest.mark.parametrize(
    ("user", "kept"),
    [
        ("since I had the hip done last year I cannot be walking the hill, so I do all the gathering on the quad now", "hip"),
        ("i cycle in to the hospital so whatever it is can't be something that'll leak all over my pannier", "cycle"),
        ("I'm at the parts wholesaler in Vilnius every Monday, so he should come Tuesday or later.", "monday"),
        ("Lucía (our artist) exports everything from Aseprite straight into assets/raw", "aseprite"),
        ("Dana on the infra team reviews every PR before it merges", "dana"),
    ],
)  # fmt: skip
def test_what_the_person_cannot_do_and_their_own_team_stay(user: str, kept: str, judge: Judge) -> None:
    facts = facts_of(("assistant", "Ok."), ("user", user), judge=judge)
    assert kept in texts(facts), seen(facts)


def test_a_decision_of_enough_quotes_no_offer(judge: Judge) -> None:
    facts = facts_of(
        ("assistant", "If it helps, I can also turn this into a Gantt chart you can paste into Excel."),
        ("user", "no need for a gantt chart, a list is fine."),
        judge=judge,
    )
    assert not [f for f in facts if "gantt" in f"{f.text} {f.quote}".lower()], seen(facts)


@pytest.mark.parametrize(
    ("assistant", "user", "kept", "gone"),
    [
        (
            "For the quotes you could use Postgres on a managed host, or keep SQLite.",
            "no, no Postgres, sqlite is enough for me, we make maybe 30 quotes a month.",
            "sqlite",
            "postgres",
        ),
        (
            "You could move the shop to Shopify, or stay on WooCommerce.",
            "nah not Shopify, woocommerce is plenty for us, 40 orders a week",
            "woocommerce",
            "shopify",
        ),
    ],
)
def test_no_offer_then_what_is_enough_is_a_decision_without_the_offer(
    assistant: str, user: str, kept: str, gone: str, judge: Judge
) -> None:
    facts = facts_of(("assistant", assistant), ("user", user), judge=judge)
    assert [f for f in facts if f.kind == "decision" and kept in f.text.lower()], seen(facts)
    assert gone not in texts(facts), seen(facts)


@pytest.mark.parametrize(
    ("assistant", "user", "kept"),
    [
        (
            "Options: red cabbage indicator (cheap, colourful) or universal indicator paper.",
            "Okay, I will use the red cabbage indicator, it's cheap and the kids love colors.",
            "red cabbage",
        ),
        ("We could rewrite it to sync code or keep tokio.", "ok lets keep tokio, no point rewriting to sync now.", "tokio"),
        ("Open-Meteo needs no key; OpenWeather needs an API key.", "ok use the Open-Meteo then, no key is better.", "open-meteo"),
        ("Switching to Next.js would give you i18n routing; Astro also has i18n.", "no ok staying with astro then.", "astro"),
    ],
)  # fmt: skip
def test_one_option_taken_in_other_words_is_a_decision(assistant: str, user: str, kept: str) -> None:
    facts = facts_of(("assistant", assistant), ("user", user))
    assert [f for f in facts if f.kind == "decision" and kept in f.text.lower()], seen(facts)


@pytest.mark.parametrize(
    ("user", "kept"),
    [
        ("Sorry, I wrote 22 singers, it is 26, four new altos joined in September.", "26"),
        ("I wrote that we moved to Stellenbosch in 1979 but it was 1981, so please fix that everywhere.", "1981"),
        ("I said Tuesday but it is Wednesday", "wednesday"),
        ("and the limit, 6 is wrong actually, it should be 4 degrees, the dairy changed the rule last spring.", "4 degrees"),
        ("the date is wrong, it should be 12 May", "12 may"),
        ("I need to correct something, my father came from Udine, not from Trieste.", "udine"),
    ],
)  # fmt: skip
def test_the_person_puts_their_own_words_right(user: str, kept: str) -> None:
    facts = facts_of(("assistant", "Ok."), ("user", user))
    assert [f for f in facts if f.kind == "correction" and kept in f.text.lower()], seen(facts)


@pytest.mark.parametrize(
    ("user", "kept"),
    [
        (
            "I wrote that we moved to Stellenbosch in 1979 but it was 1981, the year Marietjie was born, so please fix "
            "that everywhere it appears, also in the timeline file.",
            "1981",
        ),
        (
            "oh sorry I said Vlisco earlier but it's mostly GTP and Woodin that I stock, Vlisco is too expensive for my "
            "customers, I only have 2 or 3 Vlisco pieces at a time.",
            "gtp",
        ),
    ],
)
def test_a_long_own_slip_is_kept_past_the_veto(user: str, kept: str, judge: Judge) -> None:
    facts = facts_of(("assistant", "Ok."), ("user", user), judge=judge)
    assert [f for f in facts if f.kind == "correction" and kept in f.text.lower()], seen(facts)


def test_a_promise_with_said_is_no_correction() -> None:
    facts = facts_of(("assistant", "Ok."), ("user", "I said I would come"))
    assert not [f for f in facts if f.kind == "correction"], seen(facts)


def test_what_the_address_must_say_is_no_ones_opinion() -> None:
    assert admissible("the address must say Mahleka Street, not Bhunu Mall") != "someone else's taste"


@pytest.mark.parametrize(
    ("user", "kept"),
    [
        ("and keep it python 3.9, i dont want to upgrade raspbian now, last time it broke everything", "3.9"),
        ("keep the app on node 18 please", "node 18"),
        ("next: the site needs to be hebrew and english, hebrew is the default, RTL.", "hebrew"),
    ],
)
def test_what_the_work_must_stay_on_or_be_is_a_rule(user: str, kept: str) -> None:
    facts = facts_of(("assistant", "Ok."), ("user", user))
    assert [f for f in facts if f.kind == "rule" and kept in f.text.lower()], seen(facts)


@pytest.mark.parametrize(
    ("user", "kept"),
    [
        (
            "I'm writing this during my free period, I have 26 hours of lessons a week so I have no time.",
            "26 hours",
        ),
        ("One more thing, I lost two fingers tips on the table saw in 2008 so I type slow.", "table saw"),
        ("Also I did ACL surgery in university, so I am very careful about landing drills.", "acl"),
    ],
)
def test_workload_and_old_injuries_said_on_the_way(user: str, kept: str) -> None:
    facts = facts_of(("assistant", "Ok."), ("user", user))
    assert kept in texts(facts), seen(facts)


@pytest.mark.parametrize("user", ["I lost my keys in March", "I did the shopping in Leeds"])
def test_lost_keys_or_errands_are_no_history(user: str) -> None:
    facts = facts_of(("assistant", "Ok."), ("user", user))
    assert not [f for f in facts if f.family == "self/history"], seen(facts)


# --- heldout737-744 -------------------------------------------------------------------------------------------


def test_a_former_associates_old_way_is_theirs(judge: Judge) -> None:
    facts = facts_of(
        ("assistant", "Ok."),
        (
            "user",
            "My former associate, Julien, wrote everything by hand, incroyable, and his secretary typed it.",
        ),
        judge=judge,
    )
    assert "by hand" not in texts(facts), seen(facts)
    assert admissible("my colleague Anna wrote all the tests for me") != "someone else's habit"


@pytest.mark.parametrize(
    ("user", "kept"),
    [
        (
            "Always the vouvoiement in client letters, never the tutoiement, even when the client is young.",
            "vouvoiement",
        ),
        ("commit msg in english pls, team chats in korean but git history is english only", "english"),
        ("code comments in German please", "german"),
        ("Measures in centimeters please, I never worked with inches.", "centimeters"),
        ("Paces in min/km please, never miles, and no heart rate zones, I don't run with a strap.", "min/km"),
        ("only standard python, no pandas please.", "pandas"),
        ("only metric, no imperial please", "metric"),
    ],
)
def test_how_the_work_is_written_is_a_rule(user: str, kept: str) -> None:
    facts = facts_of(("assistant", "Ok."), ("user", user))
    assert [f for f in facts if f.kind == "rule" and kept in f.text.lower()], seen(facts)


@pytest.mark.parametrize(
    ("user", "kept"),
    [
        ("tomorrow after school I'm driving my mother to her dialysis at Grey's Hospital.", "dialysis"),
        ("i will look at it on my phone tonight at my sons water polo practice", "water polo"),
        ("I'll run it by hand tonight after my daughter's volleyball game", "volleyball"),
    ],
)
def test_what_someone_close_does_every_week_said_on_the_way(user: str, kept: str) -> None:
    facts = facts_of(("assistant", "Ok."), ("user", user))
    assert kept in texts(facts), seen(facts)


def test_someone_closes_teacher_is_no_activity() -> None:
    facts = facts_of(("assistant", "Ok."), ("user", "my son's teacher is strict"))
    assert not [f for f in facts if f.family == "person/kid-activity"], seen(facts)


@pytest.mark.parametrize(
    "user",
    [
        "sorry for typos, im typing on the bus back from the tournament in Kajaani, 3 hours. deploy tomorrow.",
        "I'm writing this on the train to Odense, excuse the typos",
    ],
)
def test_where_this_message_is_typed_is_of_the_moment(user: str, judge: Judge) -> None:
    facts = facts_of(("assistant", "Ok."), ("user", user), judge=judge)
    assert not [f for f in facts if "bus" in f.text.lower() or "train" in f.text.lower()], seen(facts)
