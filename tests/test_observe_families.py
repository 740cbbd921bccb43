"""Phrasing families of the offline observer: a table of what each keeps and what it refuses,
then whole labelled sessions through the real pipeline (import, observe, git)."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path
from typing import Any

import pytest

from jarvis.notes import iter_fragments
from jarvis.observe.offline import OfflineObserver
from jarvis.observe.schema import Fact
from jarvis.observe.sessions import SessionEvent
from jarvis.workspace import Workspace

DATA = Path(__file__).parent / "data" / "learning"


def facts_of(*messages: tuple[str, str]) -> list[Fact]:
    events = [
        SessionEvent("message", turn=i, role=role, text=text) for i, (role, text) in enumerate(messages)
    ]
    return OfflineObserver().extract(events).facts


def said(text: str) -> list[Fact]:
    return facts_of(("user", text))


# (family the fact must come from, what the person typed, words the statement must hold)
POSITIVE = [
    # request/*: a request to remember, any object, either end of the sentence
    ("request/start", "Remember this rule: never deploy on Fridays.", ["Never deploy on Fridays."]),
    ("rule/general", "Keep it short, always", ["Keep it short, always."]),
    (
        "rule/its-for-everything",
        "no raw terraform in this repo — it's Terragrunt for everything",
        ["Terragrunt for everything."],
    ),
    (
        "rule/goes-through-not",
        "in the lib crate errors go through thiserror, not anyhow",
        ["errors go through thiserror, not anyhow"],
    ),
    (
        "rule/asked",
        "Oh and please put answers in bullet points if you can, I mostly read them on my phone",
        ["Put answers in bullet points."],
    ),
    (
        "self/condition",
        "I have the arthritis in my hands, so I cannot lift heavy pots",
        ["has the arthritis"],
    ),
    (
        "self/activity-at",
        "sorry I'm typing slow, I'm on the bus back from my shift at Clicks",
        ["shift at Clicks"],
    ),
    ("request/end", "My test is booked for 12 March, please remember that date.", ["booked for 12 March"]),
    ("request/end", "the gate code changes monthly - note that one", ["gate code changes monthly"]),
    ("self/nationality", "I am Moroccan, I work as pastry cook in a bakery", ["The user is Moroccan."]),
    ("self/nationality", "I'm half Korean", ["The user is half Korean."]),
    ("self/condition", "Doctor say no lifting more than 10 kg, I have hernia.", ["The user has hernia."]),
    (
        "rule/we-dont",
        "And we don't serve alcohol, obviously, so take that bar line off",
        ["We don't serve alcohol"],
    ),
    ("rule/we-dont", "we don't do refunds", ["We don't do refunds."]),
    (
        "rule/asked",
        "can you keep answers shorter? like under 150 words",
        ["Keep answers shorter (under 150 words)."],
    ),
    ("rule/asked", "could you make your replies simpler", ["Make your replies simpler."]),
    (
        "self/subscription",
        "I've already got an Ancestry subscription",
        ["The user has an Ancestry subscription."],
    ),
    (
        "self/my-device",
        "my Garmin Forerunner 255 say my VO2max is 46, is this ok for sub 4 hour?",
        ["The user has a Garmin Forerunner 255."],
    ),
    ("rule/none", "And please, no melatonin.", ["No melatonin."]),
    ("rule/no-x", "Please, no setwd at all, anywhere, in any of my projects.", ["No setwd at all, anywhere"]),
    (
        "rule/standing-tag",
        "Only organic, it is my rule since always",
        ["Only organic (it is the user's rule"],
    ),
    (
        "rule/imperative",
        "Rule, and please remember it because I forget it at 4am: never run anything against prod without a check run.",
        ["Never run anything against prod without a check run."],
    ),
    ("self/activity-after", "I'll check the logs tonight after choir.", ["The user goes to choir."]),
    (
        "person/us-named",
        "Speaking of the team, it's just three of us: me, Camila and Joaquín.",
        ["The user is one of three, with Camila and Joaquín."],
    ),
    ("person/us-named", "we're a team of four, me, Ana, Rui and Bea", ["with Ana, Rui and Bea"]),
    (
        "self/teaches-class",
        "I need help making a revision worksheet on functions for my Grade 11 maths class",
        ["The user teaches their Grade 11 maths class."],
    ),
    # a rule keeps its why ("it's literally in our contract")
    (
        "rule/we-target",
        "we target WCAG 2.2 AA, it's literally in our contract",
        ["We target WCAG 2.2 AA", "contract"],
    ),
    ("rule/we-target", "we support iOS 16 and up", ["We support iOS 16 and up."]),
    (
        "rule/dont",
        "Don't be sending me web links now, I can't open them",
        ["Do not be sending the user web links"],
    ),
    (
        "self/home-in",
        "When I arrive home to Matosinhos it is like 8h40",
        ["The user's home is in Matosinhos."],
    ),
    (
        "self/home-in",
        "if I go quiet it's loadshedding here in Hyderabad",
        ["The user is based in Hyderabad."],
    ),
    # heldout361-368: a standing rule, and why the person turns the thing down
    (
        "rule/imperative",
        "Please never recommend crypto to me, I'm not interested and I don't want to see it again.",
        ["Never recommend crypto to the user."],
    ),
    (
        "rule/imperative",
        "always skip the small talk, I'm not interested in it",
        ["Always skip the small talk."],
    ),
    # a night's upload is no stay that ends
    (
        "self/home-in",
        "The internet here in Wommels comes over a 4G router, so big uploads run all night",
        ["The user is based in Wommels."],
    ),
    ("person/bracketed", "and pancha (our cat) keeps sitting on my cuaderno", ["The user's cat is Pancha."]),
    (
        "self/works",
        "I will write it tonight after my shift at my uncle's plov restaurant, I work there every evening",
        ["works at their uncle's plov restaurant every evening"],
    ),
    (
        "world/habitual",
        "Last thing: backups of web02 go to bkp03 in the server room of building C — check the include list there.",
        ["Backups of web02 go to bkp03 in the server room of building C."],
    ),
    (
        "environment/where",
        "one more thing, staging Postgres is on port 5433",
        ["Staging Postgres is on port 5433."],
    ),
    (
        "self/weekday-activity",
        "I need to be done by 13:00 — Wednesdays I'm out on the water with the sailing club.",
        ["The user is out on the water with the sailing club on Wednesdays."],
    ),
    ("self/weekday-activity", "thursdays are choir, so no calls", ["The user has choir on Thursdays."]),
    ("self/weekday-activity", "fridays i'm at the dojo till late", ["at the dojo on Fridays"]),
    (
        "self/closed-day",
        "On Monday when we are closed I do the accounts, so I will see the numbers then.",
        ["closed every Monday"],
    ),
    ("person/fact", "feeding me + 2 kids, Mateo is 9 and Luz is 6", ["Mateo is 9 and Luz is 6."]),
    ("person/fact", "two boys at home, Tomás is 7, Iker is 4", ["Tomás is 7."]),
    (
        "self/current-work",
        "I freelance — main client right now is Stadtwerke Kiel, this repo is theirs.",
        ["The user's main client is Stadtwerke Kiel."],
    ),
    (
        "person/named-then-is-my",
        "then open the PR and tag Chidinma as reviewer, she's my lead and nothing gets merged without her ok",
        ["The user's lead is Chidinma."],
    ),
    ("person/named-then-is-my", "cc Tomasz on it, he's our DBA", ["The user's DBA is Tomasz."]),
    (
        "person/named-then-is-my",
        "please loop in Anneke de Wit, she's our PM",
        ["The user's PM is Anneke de Wit."],
    ),
    (
        "person/named-has-been",
        "I'll send this plan to Dana, she's been coaching me since the half and she checks everything",
        ["Dana has been coaching the user since the half."],
    ),
    (
        "person/named-has-been",
        "book me in with Ilkka, he has been treating my knee for two years",
        ["Ilkka has been treating the user's knee for two years."],
    ),
    (
        "request/start",
        "For the emails the script sends, reminders for unpaid invoices: remember I hate phone calls with clients",
        ["The user hates phone calls with clients."],
    ),
    (
        "request/start",
        "About the trip: remember my son Kofi is allergic to peanuts",
        ["son Kofi is allergic"],
    ),
    (
        "rule/from-now-on",
        "One small thing before we go on, and I'd be grateful if you'd keep to it from now on: metric, please.",
        ["Metric, please."],
    ),
    ("rule/from-now-on", "I'd appreciate it if you would use metric from now on", ["Use metric."]),
    # a formal wish put to the assistant ("I should be obliged if …", "it would be great if …")
    (
        "rule/imperative",
        "I should be obliged if you would always write to me in full sentences.",
        ["Always write to the user in full sentences."],
    ),
    ("rule/imperative", "It would be great if you could always reply in Dutch", ["Always reply in Dutch."]),
    ("rule/from-now-on", "stick to this from now on: Celsius and kilos", ["Celsius and kilos."]),
    ("request/start", "remember this rule - no force pushes to main", ["No force pushes to main"]),
    ("request/start", "Remember that Ana's birthday is on 3 May", ["Ana's birthday is on 3 May"]),
    (
        "request/start",
        "Please remember I’m away the whole of August.",
        ["The user is away the whole of August"],
    ),
    ("request/start", "note to self: renew the domain before June", ["Renew the domain before June"]),
    ("request/start", "Note to self — the NAS backup runs at 2am", ["NAS backup runs at 2am"]),
    ("request/start", "Make a note: the staging VPN cert expires every 90 days.", ["VPN cert", "90 days"]),
    (
        "request/start",
        "make a note of this: Kim handles payroll questions",
        ["Kim handles payroll questions"],
    ),
    ("request/start", "For the record, I don't drink coffee after noon.", ["The user doesn't drink coffee"]),
    ("request/start", "for the record: our lease ends in September", ["lease ends in September"]),
    ("request/start", 'For the record: the band is called "Blue Hour".', ['The band is called "Blue Hour".']),
    (
        "request/start",
        "FYI I'm out of office every other Friday.",
        ["The user is out of office every other Friday"],
    ),
    ("request/start", "FYI: Ravi owns the billing service now", ["Ravi owns the billing service"]),
    ("request/start", "Just so you know, I'm left-handed.", ["The user is left-handed."]),
    ("request/start", "Keep in mind that I'm diabetic.", ["The user is diabetic."]),
    ("request/end", "I'm allergic to shellfish - worth remembering.", ["The user is allergic to shellfish."]),
    ("request/end", "Our office moved to Rua Augusta 12, please remember that.", ["Rua Augusta 12"]),
    # rule/*: rules anywhere in a sentence
    ("rule/from-now-on", "From now on, write commit messages in the imperative.", ["Write commit messages"]),
    ("rule/from-now-on", "write commit messages in the imperative from now on", ["Write commit messages"]),
    ("rule/from-now-on", "Going forward: at most one migration per PR.", ["At most one migration per PR."]),
    ("rule/imperative", "Always squash before merging.", ["Always squash before merging."]),
    ("rule/imperative", "ALWAYS run make lint first!", ["ALWAYS run make lint first"]),
    ("rule/imperative", "never deploy on fridays.", ["Never deploy on fridays."]),
    ("rule/habit", "I always write tests first.", ["The user always writes tests first."]),
    ("rule/habit", "I never use tabs in YAML files", ["The user never uses tabs in YAML files."]),
    ("rule/habit", "We never merge on a red CI.", ["We never merge on a red CI."]),
    ("rule/we-use", "we use pnpm here, never npm.", ["We use pnpm here, never npm."]),
    ("rule/we-use", "We use Poetry in this project, not pip.", ["Poetry", "not pip"]),
    (
        "rule/we-use",
        "We use black for formatting in this repo.",
        ["We use black for formatting in this repo."],
    ),
    ("rule/we-use", "we deploy via ArgoCD, never with kubectl apply", ["ArgoCD", "never with kubectl apply"]),
    ("rule/dont-ever", "Don't ever commit directly to main.", ["Never commit directly to main."]),
    ("rule/dont-ever", "do not ever share the staging DB dump", ["Never share the staging DB dump."]),
    (
        "rule/stop",
        "Please stop adding emojis to commit messages.",
        ["Stop adding emojis to commit messages."],
    ),
    ("rule/stop", "stop apologising so much", ["Stop apologising so much."]),
    ("rule/must", "Every PR needs a linked ticket.", ["Every PR needs a linked ticket."]),
    (
        "rule/dont",
        "Please don't suggest anything with mushrooms.",
        ["Do not suggest anything with mushrooms."],
    ),
    ("rule/dont", "don't use semicolons in the JS code", ["Do not use semicolons in the JS code."]),
    ("rule/we-here", "we squash-merge everything here", ["We squash-merge everything here."]),
    ("rule/we-here", "We review every PR in this team within a day", ["We review every PR in this team"]),
    ("rule/no-x", "No meetings on Fridays.", ["No meetings on Fridays."]),
    ("rule/no-x", "no phones at the dinner table", ["No phones at the dinner table."]),
    ("rule/no-x", "Nothing with coriander, please.", ["Nothing with coriander"]),
    ("rule/none", "No pesticides, I garden organically.", ["No pesticides", "gardens organically"]),
    ("rule/none", "Zero dependencies, please.", ["Zero dependencies."]),
    ("rule/general", "Please avoid suggesting paid tools.", ["Avoid suggesting paid tools."]),
    ("rule/general", "metric units everywhere", ["Metric units everywhere."]),
    ("rule/must", "All schema changes need a migration note.", ["All schema changes need a migration note."]),
    ("rule/label", "Rule of thumb here: small PRs beat big ones.", ["Small PRs beat big ones."]),
    ("rule/label", "Shoes off inside, that's a house rule.", ["Shoes off inside."]),
    # self/*: self-descriptions
    ("self/trait", "I'm vegetarian.", ["The user is vegetarian."]),
    ("self/trait", "i'm vegan", ["The user is vegan."]),
    ("self/trait", "I am lactose intolerant", ["The user is lactose intolerant."]),
    ("self/trait", "I’m colour-blind (deuteranopia), keep that in mind", ["colour-blind (deuteranopia)"]),
    ("self/works", "I work four days a week.", ["The user works four days a week."]),
    ("self/works", "I work part-time, mostly mornings", ["The user works part-time"]),
    ("self/works", "I work remotely from Porto.", ["The user works remotely from Porto."]),
    ("self/tool", "I use fish.", ["The user uses fish."]),
    ("self/tool", "I use Arch, by the way.", ["The user uses Arch."]),
    ("self/tool", "I mostly code in Go", ["The user codes in Go."]),
    ("self/slot", "My editor is neovim.", ["The user's editor is neovim."]),
    ("self/slot", "my shell is zsh", ["The user's shell is zsh."]),
    ("self/slot", "My on-call week is the second week of the month.", ["on-call week is the second week"]),
    (
        "self/team",
        "I'm on the payments team at Northwind.",
        ["The user is on the payments team at Northwind."],
    ),
    ("self/team", "I’m in the data platform team", ["The user is on the data platform team."]),
    ("self/team", "I work on the growth team at Fable", ["The user is on the growth team at Fable."]),
    ("self/place", "I live in Lisbon now.", ["The user lives in Lisbon now."]),
    ("self/place", "I'm based in Nairobi.", ["The user is based in Nairobi."]),
    ("self/place", "I moved to Osaka last year", ["The user moved to Osaka last year."]),
    ("self/place", "I've lived aboard Marigold for about six years now.", ["has lived aboard Marigold"]),
    ("self/place", "I have lived in Accra since 2015, love it", ["has lived in Accra since 2015"]),
    ("self/employment", "I'm freelance so I bill by the hour.", ["The user is freelance."]),
    ("self/employment", "I am self-employed since 2019, no payslips", ["is self-employed since 2019"]),
    ("self/employment", "im between jobs at the moment", ["The user is between jobs."]),
    ("self/abstains-bare", "I don't drive (no licence)", ["The user doesn't drive (no licence)."]),
    ("self/language", "I'm more comfortable in Russian, honestly.", ["is more comfortable in Russian"]),
    ("self/language", "i am most comfortable writing in tagalog", ["is more comfortable in Tagalog"]),
    ("self/abstains-bare", "Also I don't drink, haven't in six years.", ["The user doesn't drink."]),
    ("self/abstains-bare", "I no longer smoke", ["The user no longer smokes."]),
    ("self/abstains-bare", "I don't drive at all, so bus routes please", ["The user doesn't drive at all."]),
    (
        "decision/announced",
        "I have decided something also, from this month no more credit to clients.",
        ["Decision: From this month no more credit to clients."],
    ),
    (
        "decision/announced",
        "we decided one thing too: no meetings on Fridays",
        ["Decision: No meetings on Fridays."],
    ),
    ("person/appositive-lower", "cos my gf selin does the visuals", ["The user's girlfriend is Selin."]),
    ("person/appositive-lower", "my lad fraser'll do the scanning in jan", ["The user's lad is Fraser."]),
    ("person/appositive-lower", "our intern tomas takes the minutes", ["intern is Tomas"]),
    ("person/appositive-lower", "my husband raj cooks most nights", ["The user's husband is Raj."]),
    ("self/relation-is", "My manager is Priya Raman.", ["The user's manager is Priya Raman."]),
    ("self/relation-is", "my boss is Jo Park", ["The user's boss is Jo Park."]),
    ("self/relation-is", "My team lead is Gabriel.", ["The user's team lead is Gabriel."]),
    # heldout265-272: who someone is, said outright, then what they want (theirs, not kept)
    (
        "self/relation-is",
        "My supervisor is Prof. Ulrich Seidemann and he wants the whole pipeline reproducible offline.",
        ["The user's supervisor is Prof. Ulrich Seidemann."],
    ),
    (
        "self/relation-is",
        "my manager is Dana Whitfield and she thinks we should all be on Jira",
        ["The user's manager is Dana Whitfield."],
    ),
    ("decision/announced", "Then it is decided: I keep the DS18B20 and buy nothing new.", ["DS18B20"]),
    ("decision/announced", "good, that is decided: we stay on Hetzner for the VMs", ["Hetzner"]),
    ("self/role", "I'm a data engineer at Quill.", ["The user is a data engineer at Quill."]),
    ("self/role", "I work as a physiotherapist", ["The user is a physiotherapist."]),
    ("self/role", "I'm an electrician in Cork", ["The user is an electrician in Cork."]),
    ("self/document-date", "My passport expires in May 2028.", ["The user's passport expires in May 2028."]),
    (
        "self/document-date",
        "Our home insurance renews on 1 April.",
        ["The user's home insurance renews on 1 April"],
    ),
    ("self/body", "My back has been bad since the move.", ["The user's back has been bad since the move."]),
    ("self/routine", "I swim every Tuesday morning.", ["The user swims every Tuesday morning."]),
    ("self/routine", "I visit my mum on Sundays", ["The user visits their mum on Sundays."]),
    ("self/allergy", "I'm allergic to peanuts!", ["The user is allergic to peanuts."]),
    (
        "self/intro",
        "I'm Dana, product designer at Orchard.",
        ["The user is Dana, product designer at Orchard."],
    ),
    ("self/age", "I'm 52, so take it easy on the jargon", ["The user is 52 years old."]),
    ("self/in-place", "I'm in Rotterdam, by the way.", ["The user is in Rotterdam."]),
    ("self/off", "I'm off on Wednesdays", ["The user is off on Wednesdays."]),
    ("self/off", "I'm in the Berlin office two days a week", ["in the Berlin office two days a week"]),
    ("self/diet", "I can't eat shellfish", ["The user can't eat shellfish."]),
    ("self/diet", "I don't drink alcohol.", ["The user doesn't drink alcohol."]),
    ("self/abstains", "I don't do feet and inches", ["The user doesn't do feet and inches."]),
    ("self/abstains", "I don't use Shopify for the shop", ["The user doesn't use Shopify for the shop."]),
    ("self/condition", "I have asthma, so no dusty hikes", ["The user has asthma"]),
    ("self/condition", "I've had migraines since 2019.", ["The user has had migraines since 2019."]),
    ("self/statement", "I coach the under-12 football team at Riverside.", ["The user coaches the under-12"]),
    ("self/statement", "I edit in DaVinci Resolve", ["The user edits in DaVinci Resolve."]),
    ("self/my-x-is-specific", "My car is a 2014 Golf.", ["The user's car is a 2014 Golf."]),
    ("self/relation-is", "Our accountant is Ruth Adeyemi", ["The user's accountant is Ruth Adeyemi."]),
    (
        "self/my-x-is-specific",
        "my work email is sam@fernhill.io",
        ["The user's work email is sam@fernhill.io."],
    ),
    (
        "self/ongoing",
        "I'm studying for a Masters in Lisbon.",
        ["The user is studying for a Masters in Lisbon."],
    ),
    ("self/ongoing", "We're building an extension to the 1960s bungalow.", ["We're building an extension"]),
    ("person/fact", "Ayo's allergic to peanuts.", ["Ayo is allergic to peanuts."]),
    ("person/fact", "Noor is a nurse at the Royal Free.", ["Noor is a nurse at the Royal Free."]),
    ("person/appositive", "my landlord, Mr. Patel, fixes things slowly", ["The user's landlord is Patel."]),
    ("self/can-only", "I can only take calls after 4pm.", ["The user can only take calls after 4pm."]),
    ("self/off", "I'm on sick leave until 3 May", ["The user is on sick leave until 3 May."]),
    ("self/routine", "We eat out on Fridays.", ["We eat out on Fridays."]),
    ("person/relation-fact", "My sister lives in Perth.", ["The user's sister lives in Perth."]),
    ("world/habitual", "Hotfixes always go straight to main.", ["Hotfixes always go straight to main."]),
    (
        "world/habitual",
        "Our bread comes from a bakery in Ghent.",
        ["Our bread comes from a bakery in Ghent."],
    ),
    ("environment/stack", "Rails 7, Sidekiq, Postgres 15.", ["Stack: Rails 7, Sidekiq, Postgres 15."]),
    ("self/do-work", "I do payroll for Kestrel Foods.", ["The user does payroll at Kestrel Foods."]),
    ("self/have-place", "I have a boat in Falmouth", ["The user has a boat in Falmouth."]),
    ("self/ongoing", "We're getting married in June 2027 in Porto.", ["getting married in June 2027"]),
    ("self/off", "I'm usually free on Thursday evenings", ["The user is free on Thursday evenings."]),
    ("self/off", "I'm out on the boat every Tuesday for sampling", ["out on the boat every Tuesday"]),
    ("self/my-x-is-specific", "Her dentist is Dr. Amadi on Bath Road.", ["Her dentist is Dr. Amadi"]),
    (
        "request/start",
        "Background: I run the IT for a dental practice in Kendal.",
        ["runs the IT for a dental"],
    ),
    (
        "self/study-year",
        "I'm in my second year of law at Trinity.",
        ["The user is in their second year of law"],
    ),
    ("person/relation-fact", "My son Reza has type 1 diabetes", ["The user's son Reza has type 1 diabetes."]),
    ("world/habitual", "Model cards are mandatory before anything ships.", ["Model cards are mandatory"]),
    ("correction/topic", "Registry: ghcr.io, never Docker Hub.", ["Registry: ghcr.io, not Docker Hub."]),
    # environment/where: where things run
    ("environment/where", "Staging Postgres is on port 5433.", ["Staging Postgres is on port 5433."]),
    (
        "environment/where",
        "the prod API runs on api.internal:8443",
        ["The prod API runs on api.internal:8443."],
    ),
    ("environment/where", "The build box is ci-07.", ["The build box is ci-07."]),
    ("environment/where", "Our backups live under /srv/backups", ["backups live under /srv/backups"]),
    ("environment/where", "CI runs on GitLab", ["CI runs on GitLab."]),
    ("environment/located", "Invoices land in the finance-inbox folder.", ["finance-inbox folder"]),
    (
        "environment/located",
        "The fixtures live in tests/fixtures/payments.",
        ["The fixtures live in tests/fixtures"],
    ),
    ("environment/recurring", "Standup starts at 9:30 every weekday.", ["Standup starts at 9:30"]),
    ("environment/recurring", "The nightly backup runs every night at 2.", ["backup runs every night"]),
    ("environment/recurring", "releases go out on Thursdays", ["Releases go out on Thursdays."]),
    ("environment/recurring", "Choir is Thursdays at 7.", ["Choir is Thursdays at 7"]),
    # a rule shouted, said of how things are now, or cut per unit
    (
        "rule/dont",
        "do NOT restart nginx on the gateways between 12:00 and 14:00 WAT",
        ["Do not restart nginx"],
    ),
    ("rule/dont", "DO NOT push to main", ["Do not push to main"]),
    (
        "rule/only",
        "we moved everything over to Dagster last spring, it's Dagster only now.",
        ["Dagster only"],
    ),
    ("rule/only", "we're Postgres only these days", ["Postgres only"]),
    ("rule/one-per", "Small PRs, one module per PR.", ["one module per PR"]),
    ("rule/one-per", "one topic per email please", ["One topic per email"]),
    # a past role as a fragment, what the person can spend, the day the business is shut
    ("self/role-past", "retired postie, 38 yrs on the rounds, pension dont stretch far", ["retired postie"]),
    ("self/role-past", "ex-firefighter, so I know about smoke alarms", ["ex-firefighter"]),
    ("self/budget", "i want buy used motorbike, max 150 bin TL budget.", ["150 bin TL"]),
    ("self/budget", "my budget for the whole build is 400 quid", ["400 quid"]),
    ("self/budget", "Our budget was set at 12k for the year.", ["12k"]),
    (
        "self/closed-day",
        "Sundays the bakery is closed so I can do the big shopping that day.",
        ["closed on Sundays"],
    ),
    # a machine by its parts, a value that changed, a device by its brand, eyes, a style ask with its when
    ("environment/setup", "rn its a ryzen 5 3600, rtx 3060 12gb, 16gb ram.", ["ryzen 5 3600", "16gb ram"]),
    ("environment/setup", "currently it's a ThinkPad T14, 32GB, 1TB ssd", ["ThinkPad T14"]),
    ("correction/now-not", "my packages start at $3,800 now, not $2,800", ["$3,800 now, not $2,800"]),
    ("correction/now-not", "our standup is at 9:45 now, not 9:30", ["9:45 now, not 9:30"]),
    ("self/my-device", "I read on my old Xiaomi in the break between services", ["has a Xiaomi"]),
    ("self/my-device", "my Kindle died again", ["has a Kindle"]),
    (
        "self/condition-with",
        "with my deuteranopic eyes this is the first figure I can read",
        ["deuteranopic eyes"],
    ),
    ("rule/please", "Please when you answer me use short paragraphs.", ["short paragraphs when you answer"]),
    # where answers are read, an age and a role, a role held these days, a credit line to write
    (
        "self/reads-on",
        "keep answers that short btw, i read this on my phone half the time.",
        ["reads answers on their phone"],
    ),
    (
        "self/reads-on",
        "answer me shorter please, I read mostly on phone between the lab rooms",
        ["on their phone"],
    ),
    ("self/age-role", "41, accountant, so give me numbers, not vibes", ["41, accountant"]),
    ("self/age-role", "67, retired teacher, Cork", ["67, retired teacher"]),
    (
        "rule/imperative",
        'Please always end every message with "Warm wishes from Lotus Lantern Homestay", every message same.',
        ["Warm wishes"],
    ),
    # a ban with its preposition, a convention, a standing no, a fear, a decision with its when or after a turn
    (
        "rule/no-x",
        "important one: no reboots of compute nodes outside the maintenance window, Sunday 2 to 6 am.",
        ["No reboots of compute nodes"],
    ),
    (
        "rule/convention",
        "naming convention here is snake_case with the stg_ / int_ / fct_ prefixes, stick to it",
        ["Naming convention: snake_case"],
    ),
    (
        "rule/i-dont-ever",
        "also add a line that I don't shoot on a Sunday, ever.",
        ["never shoots on a Sunday"],
    ),
    ("rule/i-dont-ever", "we don't deploy on Fridays, ever", ["We never deploy on Fridays"]),
    ("self/condition", "I have a terrible fear of flying, I do not fly at all", ["fear of flying"]),
    (
        "decision/announced",
        "we decided last week: blue/green deployment for this one",
        ["Blue/green deployment"],
    ),
    (
        "decision/announced",
        "mini-sessions, nope, tried them in 2023 and they ate my weekdays 🙃 ok decision made: full day is £1,850.",
        ["£1,850"],
    ),
    ("rule/if-you", "also pls when u send me long thing, put short summary first.", ["short summary first"]),
    (
        "rule/if-you",
        "whenever you touch native config, bump versionCode in app.json",
        ["bump versionCode in app.json"],
    ),
    (
        "rule/nothing-that",
        "First, nothing that needs shore power, I never moor anywhere",
        ["Nothing that needs shore power"],
    ),
    ("rule/nothing-that", "no recipes that need an oven", ["No recipes that need an oven"]),
    ("self/diet", "I don't take alcohol at all, I am Methodist", ["The user doesn't take alcohol at all."]),
    (
        "environment/stages",
        "local is duckdb and prod is bigquery.",
        ["Local is duckdb and prod is bigquery."],
    ),
    ("environment/stages", "dev is sqlite, prod is postgres", ["Dev is sqlite, prod is postgres."]),
    (
        "self/whole-thesis",
        "morphological tagging for kashubian, thats the whole thesis.",
        ["thesis: morphological tagging"],
    ),
    (
        "self/keeps-animals",
        "I keep hens, six of them, and their bedding goes on the compost",
        ["keeps hens, six of them"],
    ),
    ("self/keeps-animals", "we raise goats up on the hill", ["We raise goats up on the hill"]),
    # someone taken on, or an animal adopted, stays with the person whenever it happened
    ("self/took-on", "i hired an apprentice last month, Tomas, he is 17", ["hired an apprentice", "Tomas"]),
    ("self/took-on", "In March we hired a bookkeeper, Delphine", ["hired a bookkeeper, Delphine"]),
    ("self/took-on", "we took on two seasonal pickers in March", ["two seasonal pickers"]),
    (
        "self/took-on",
        "last month I adopted a greyhound called Biscuit",
        ["adopted a greyhound called Biscuit"],
    ),
    ("self/took-on", "we adopted her from the shelter in Ruse in June", ["shelter in Ruse"]),
    (
        "request/start",
        "What I do want you to remember: Flutter is pinned to 3.24 on this project",
        ["Flutter is pinned to 3.24"],
    ),
    # "So it's decided, X" announces X; it tags nothing before it ("St Fagans is lovely …, so that one's out")
    (
        "decision/announced",
        "St Fagans is lovely but the coach is dearer, so that one's out. So it's decided, Big Pit it is.",
        ["Decision: Big Pit it is."],
    ),
    (
        "decision/announced",
        "From January I want 21 euro per hour, I decided already, petrol is more expensive.",
        ["Decision: From January the user wants 21 euro per hour"],
    ),
    (
        "self/training-for",
        "training for the Ottawa marathon, May 24 (my first full!!)",
        ["training for the Ottawa marathon, May 24"],
    ),
    ("self/training-for", "im training for my first 10k", ["The user is training for their first 10k."]),
    (
        "self/have-count",
        "I have 14 colonies, some in my garden in Bamberg",
        ["The user has 14 colonies, some in their garden"],
    ),
    ("self/have-count", "we run 40 hives up the valley", ["We run 40 hives"]),
    ("self/on-call", "odd weeks are my on call weeks", ["Odd weeks are the user's on call weeks."]),
    (
        "rule/general",
        "British spelling throughout: normalise, tokenise, analyse.",
        ["British spelling throughout"],
    ),
    (
        "rule/label",
        "Only base R and data.table, that is a rule for the whole package, deps must stay small",
        ["Only base R and data.table"],
    ),
    (
        "rule/convention",
        "the rule in infra-live is every PR has the full plan output pasted in the description",
        ["every PR has the full plan output"],
    ),
    (
        "decision/announced",
        "ok decision, im cancelling spotify and keeping yt premium, no point paying for both",
        ["Decision: The user is cancelling spotify and keeping yt premium"],
    ),
    ("rule/its-for-everything", "it's scanpy all the way.", ["Scanpy for everything"]),
    ("rule/label", "team convention: polars for new code", ["Polars for new code"]),
    ("rule/only-in", "team convention: polars only in new code", ["Polars only in new code"]),
    # heldout193-200 (adr/0100)
    (
        "rule/only-in",
        "And please, plots only in grayscale, with hatching or different markers.",
        ["grayscale", "hatching"],
    ),
    ("rule/only-in", "answers only in Portuguese please", ["Answers only in Portuguese"]),
    ("rule/only-in", "Invoices only as PDF, no Word files.", ["Invoices only as PDF"]),
    (
        "self/role",
        "im a 2nd year apprentice chef at a seafood place in hobart, using the house knives rn",
        ["apprentice chef", "hobart"],
    ),
    ("self/role", "I am ticket agent for the ferries to the islands.", ["a ticket agent for the ferries"]),
    ("self/role", "I have been made treasurer of our temple committee in the colony.", ["made treasurer of"]),
    (
        "self/role",
        "I was elected chair of the residents association last spring.",
        ["elected chair of the residents association"],
    ),
    (
        "self/role",
        "I'm president of the Dunfermline allotment society.",
        ["the president of the Dunfermline allotment society"],
    ),
    (
        "decision/announced",
        "And the final decision from the group meeting last week: the paper goes to EMNLP, not Interspeech.",
        ["EMNLP"],
    ),
    ("decision/announced", "Our decision after the retro: we keep two-week sprints.", ["two-week sprints"]),
    ("self/shifts", "I'm on nights, 7pm to 7am.", ["on nights"]),
    ("self/shifts", "im on earlies mostly", ["earlies"]),
    (
        "self/entered",
        "need a training plan, signed up for the loch ness marathon end of september.",
        ["loch ness marathon"],
    ),
    (
        "self/entered",
        "doing the Dublin marathon in october, first full one.",
        ["Dublin marathon", "first full one"],
    ),
    ("self/entered", "I'm running the Valencia half in December.", ["Valencia half"]),
    ("self/goal", "the goal is law at Aristotle uni", ["goal is law at Aristotle uni"]),
    ("self/goal", "My dream is to open a bakery in Oaxaca.", ["open a bakery in Oaxaca"]),
    ("self/makes-ill", "Dairy gives me migraines.", ["Dairy gives the user migraines"]),
    ("self/makes-ill", "energy gels make me sick", ["gels make the user sick"]),
    (
        "self/routine-new",
        "ill do pilates on wednesdays instead, theres a class near work.",
        ["pilates on wednesdays"],
    ),
    ("self/routine-new", "I'll swim at the lido on Saturdays.", ["swim at the lido on Saturdays"]),
    (
        "rule/imperative",
        "this repo is yarn berry, please never run npm install in here, it wrecks the lockfile.",
        ["yarn berry", "never run npm install", "lockfile"],
    ),
    (
        "rule/dont",
        "Don't give me spreadsheet formulas, I'm useless with Excel.",
        ["spreadsheet formulas", "useless with Excel"],
    ),
    (
        "rule/imperative",
        "First please, always give me full paths, and if the tool has --dry-run, first run with --dry-run.",
        ["full paths", "--dry-run"],
    ),
    ("self/kind-of-person", "i need a lefty version bc im a leftie", ["a leftie"]),
    # heldout201-208 (adr/0100)
    (
        "decision/announced",
        "I've made my mind up that it's staying original, so no electronic ignition.",
        ["staying original", "electronic ignition"],
    ),
    (
        "decision/announced",
        "One decision I made last week: from next year no weekday elopements.",
        ["weekday elopements"],
    ),
    (
        "decision/going-with",
        "I'm sticking with snakemake, I prefer it over nextflow.",
        ["sticking with snakemake"],
    ),
    (
        "rule/habit",
        "open the PR against develop please, we never PR straight to main",
        ["develop", "never PR straight to main"],
    ),
    ("rule/standing-tag", "NumPy style, that's the convention across all our group's repos", ["NumPy style"]),
    ("self/learning-language", "I'm learning Japanese, N3 level", ["Japanese", "N3"]),
    ("self/language-level", "I learn Polish, I have B1 now", ["B1"]),
    ("rule/from-now-on", "I have migraine today so please short answers from now.", ["short answers"]),
    (
        "person/named-then-is-my",
        "I need the curves as PDF for Gagnon on Friday, he's my supervisor and he likes paper.",
        ["supervisor is Gagnon"],
    ),
    ("rule/dont", "dont use semicolons in the scripts", ["Do not use semicolons"]),
    # heldout209-216 (adr/0100)
    (
        "rule/if-you",
        "For fuelling: whenever you suggest carbs, give them in grams per hour.",
        ["grams per hour"],
    ),
    (
        "rule/if-you",
        "so if the output table shows any dates or times, use Pacific/Auckland, not UTC.",
        ["Pacific/Auckland"],
    ),
    ("self/reports-to", "I report to Achieng, she's head of risk.", ["reports to Achieng"]),
    (
        "rule/if-you",
        "Please, when you explain phone things, always use numbered steps",
        ["always use numbered steps"],
    ),
    (
        "rule/if-you",
        "when you finish a change, summarise it as a short bullet list",
        ["summarise it as a short bullet"],
    ),
    (
        "rule/if-you",
        "when you change the schema, regenerate the types with make gen",
        ["regenerate the types"],
    ),
    # pay, a race entered, a retirement, the thing wanted, a decision after a topic
    ("self/income", "take home about 1900 a month.", ["takes home about 1900 a month"]),
    (
        "self/entered",
        "This year I finally entered the Comrades, it will be my first one",
        ["entered the Comrades"],
    ),
    (
        "self/retired-from",
        "I retired from the council six years ago, planning department",
        ["retired from the council"],
    ),
    (
        "preference/the-one-i-want",
        "the bike i want is a honda CB500F, used ones are like 7k.",
        ["honda CB500F"],
    ),
    (
        "decision/announced",
        "About the threshold: we decide, detection threshold stays 0.85.",
        ["threshold stays 0.85"],
    ),
    # units, limits, shifts, a name after the business, a request for later, a label that is no speaker
    (
        "rule/keep-in",
        "Keep it in rand please, and round numbers, I don't need cents",
        ["Keep amounts in rand"],
    ),
    ("rule/keep-in", "keep it all in km", ["in km"]),
    (
        "rule/limit",
        "please not more than 4 runs a week, i have no life already with the shifts",
        ["4 runs a week"],
    ),
    ("self/shift-pattern", "i do nights mostly, 3 nights on and 2 off", ["3 nights on and 2 off"]),
    ("self/shift-pattern", "we work 4 on 4 off", ["4 on 4 off"]),
    ("self/condition", "also I wear glasses, I have astigmatism so I can't take them off", ["astigmatism"]),
    (
        "request/start",
        "one more thing for the future: the statistics are in another repo, ballena-stats, in R.",
        ["ballena-stats"],
    ),
    (
        "request/start",
        "and just so you know for later: the dbt models are NOT in this repo, they live in freight-dbt.",
        ["freight-dbt"],
    ),
    (
        "decision/announced",
        "Decided: lithium. Not going to debate lead acid again, I've read enough.",
        ["Lithium"],
    ),
    (
        "person/named-later",
        "perfecto 🙌 Mariano will be happy, he is my supervisor and he wants the draft soon",
        ["supervisor is Mariano"],
    ),
    (
        "world/habitual",
        "I'm on the receipt screen in our app (the whole frontend here is SvelteKit + Tailwind, in case you're wondering why)",
        ["SvelteKit + Tailwind"],
    ),
    ("environment/recurring", "Maintenance windows are Thursday 7–9am.", ["Thursday 7–9am"]),
    # decision/*: also when a question follows in the same message
    (
        "decision/decided",
        "We decided to use SQLite for the cache.",
        ["We decided to use SQLite for the cache."],
    ),
    ("decision/lets", "Let's go with option B. Can you draft it?", ["Decision: Go with option B."]),
    ("decision/lets", "OK let's use Redis for sessions", ["Decision: Use Redis for sessions."]),
    # heldout513-520: "I stay with X", as "we stay with X"
    (
        "decision/going-with",
        "I stay with plain matplotlib, no new dependencies this close to the end",
        ["stays with plain matplotlib"],
    ),
    # heldout505-512: the household's ways; how the person gets about; what they do these days; a rule with
    # why ("not interested"); a new say after "anyway"
    (
        "self/abstains-bare",
        "We don't fly – that's a firm family rule, we travel everywhere by train.",
        ["We don't fly"],
    ),
    (
        "self/travels-by",
        "We don't fly – that's a firm family rule, we travel everywhere by train.",
        ["We travel everywhere by train"],
    ),
    ("self/travels-by", "i commute by bike, 14 km each way", ["commutes by bike"]),
    (
        "self/abstains",
        "I do not travel by plane, never, I am afraid of it since many years.",
        ["not travel by plane"],
    ),
    (
        "self/statement",
        "Now I bottle part of the oil myself and sell it to restaurants in Lisbon.",
        ["restaurants in Lisbon"],
    ),
    (
        "rule/dont",
        "also please don't give me calorie counts or macros, i'm not interested in tracking any of that",
        ["calorie counts"],
    ),
    (
        "self/role",
        "I'm so stressed today I can't think straight, anyway for context I'm a pharmacy technician at a Boots in Headingley",
        ["pharmacy technician"],
    ),
    # heldout497-504: what the person does and nothing else; an age with "now"; what the household goes
    # without; a rule that ends on Rust's "?"; a lowercase "prof."; a question run on after a comma; a lead-in
    (
        "self/as-role",
        "As treasurer of the local farmers' cooperative, I am used to keeping accounts",
        ["treasurer of the local farmers' cooperative"],
    ),
    ("self/as-role", "as the captain of my team I pick the kit", ["the captain of their team"]),
    ("self/as-role", "As a night nurse, I sleep until 2pm", ["a night nurse"]),
    (
        "preference/only",
        "I only travel with a carry-on, I never check bags",
        ["only travels with a carry-on"],
    ),
    ("preference/only", "we only buy organic veg from the market", ["only buy organic veg"]),
    ("preference/only", "i mostly only drink decaf after lunch", ["only drinks decaf"]),
    ("self/age", "I taught mathematics for 38 years. I am 71 now.", ["71 years old"]),
    (
        "self/lacks",
        "we don't have an oven in this flat only a microwave with grill",
        ["We don't have an oven"],
    ),
    ("self/lacks", "We dont have a dishwasher in the new place", ["We don't have a dishwasher"]),
    (
        "rule/imperative",
        "Never use unwrap() in this codebase, use expect with a message or propagate with ?.",
        ["unwrap()"],
    ),
    (
        "rule/imperative",
        "Please never use unwrap() in the firmware crate, or propagate the error with ?",
        ["firmware crate"],
    ),
    (
        "self/trait",
        "right I forgot to say I'm lactose intolerant myself so if you can keep the dairy low that would be great",
        ["lactose intolerant"],
    ),
    (
        "decision/going-with",
        "I'll stick to my notebook, it has worked for 20 years",
        ["stick to their notebook"],
    ),
    # a choice told to the assistant as an order: stay on / stick with a named thing
    (
        "decision/stay",
        "Stay on 1.8, the version is pinned in our Composer image.",
        ["Decision: Stay on 1.8."],
    ),
    ("decision/stay", "nah stick with Flask", ["Decision: Stick with Flask."]),
    ("decision/stay", "ok, stick to the Fender Rhodes", ["Decision: Stick to the Fender Rhodes."]),
    ("decision/lets", "lets stay with Nextcloud, the family knows it", ["Decision: Stay with Nextcloud"]),
    (
        "decision/going-with",
        "We're going with Vite for the frontend.",
        ["We're going with Vite for the frontend."],
    ),
    ("decision/chose", "We already picked Hetzner for hosting.", ["We already picked Hetzner for hosting."]),
    ("decision/chose", "we switched to Caddy last month", ["We switched to Caddy last month."]),
    # correction/topic: both halves and the topic in one sentence
    ("correction/topic", "Formatting: ruff format, not black.", ["Formatting: ruff format, not black."]),
    ("correction/topic", "Shell: fish, not bash", ["Shell: fish, not bash."]),
    ("correction/topic", "Editor: Helix, not VS Code.", ["Editor: Helix, not VS Code."]),
    ("correction/topic", "Timezone: CET rather than UTC", ["Timezone: CET, not UTC."]),
    # person/appositive: the relation and the name (a sentence about their taste keeps neither)
    ("person/appositive", "My sister Lena moved here from Oslo.", ["The user's sister is Lena."]),
    (
        "person/appositive",
        "my colleague Tom reviewed the billing service PR",
        ["The user's colleague is Tom."],
    ),
    # (adr/0110) anyone known by their role or trade, not only by kin or work
    (
        "person/appositive",
        "Our treasurer Semisi reconciles payments every Sunday night",
        ["The user's treasurer is Semisi."],
    ),
    (
        "person/appositive",
        "my pastor Emeka types every sermon in Google Docs",
        ["The user's pastor is Emeka."],
    ),
    (
        "person/appositive",
        "My business partner Hiroshi keeps the receipts",
        ["The user's business partner is Hiroshi."],
    ),
    (
        "person/appositive",
        "my compadre Tatay Boyet sells mangoes too",
        ["The user's compadre is Tatay Boyet."],
    ),
    # (adr/0111) a relative in a passing illness: who they are stays, the illness does not
    (
        "person/appositive",
        "my son Yanis has a fever so I'm working from home with him",
        ["The user's son is Yanis."],
    ),
    (
        "person/appositive",
        "My daughter Ngozi's got chickenpox, bear with me",
        ["The user's daughter is Ngozi."],
    ),
    (
        "person/appositive",
        "my husband Teodor is doing keto this month, bear with me",
        ["The user's husband is Teodor."],
    ),
    # generalisation (adr/0085): roles with trailing asides, fragments without "I am"
    ("self/role", "I'm a paralegal at Brook & Lane, definitely not a techie", ["paralegal at Brook & Lane"]),
    (
        "self/role",
        "i’m the shift planner at Kestrel Foods, nine years now.",
        ["the shift planner at Kestrel Foods"],
    ),
    (
        "self/role",
        "I am a dispatcher for Northway Freight (mostly nights)",
        ["dispatcher for Northway Freight"],
    ),
    ("self/role-here", "second-year PhD student here (Lund, proteomics)", ["second-year PhD student (Lund"]),
    ("self/role-here", "Retired teacher here, so go gently", ["The user is a retired teacher"]),
    ("self/career", "I flew for KLM for twenty years, mostly 777s.", ["flew for KLM for twenty years"]),
    ("self/career", "I worked at the Met Office for 12 years", ["worked at the Met Office for 12 years"]),
    # medication: a medicine with what it is for or a dose
    ("self/medication", "I'm on metformin for my diabetes, 500mg twice a day", ["is on metformin"]),
    ("self/medication", "I take levothyroxine, 50mcg every morning.", ["takes levothyroxine"]),
    ("self/medication", "im on sertraline 50 mg daily", []),
    ("self/tool", "I'm on a ThinkPad with Fedora 40", ["The user is on a ThinkPad"]),
    # preferences and conventions without the classic verbs
    (
        "preference/stated",
        "Quick thing about me: I much prefer tabs to spaces, always.",
        ["prefers tabs to spaces"],
    ),
    # heldout441-448: a taste with "only" before its verb, the only kept
    (
        "preference/stated",
        "i only like dry hoppy beers, nothing sweet, no fruit stuff.",
        ["only likes dry hoppy beers"],
    ),
    ("preference/stated", "I mostly prefer loose-leaf tea", ["mostly prefers loose-leaf tea"]),
    ("rule/general", "every table name in snake_case, no exceptions", ["snake_case, no exceptions"]),
    ("rule/general", "Miles and pounds, always — we're in the UK", ["Miles and pounds, always"]),
    ("rule/general", "prices in euros, always, we're in Ireland", ["Prices in euros, always"]),
    ("rule/for-all", "Please do all the sums in Swiss francs", ["Do all the sums in Swiss francs"]),
    ("rule/for-all", "present every total as whole dollars", ["Present every total as whole dollars"]),
    ("rule/stays", "The team knows Django, so it stays Django.", ["it stays Django"]),
    ("rule/stays", "the frontend stays React, no rewrites", ["The frontend stays React"]),
    ("self/does-in", "I do the accounts in a spreadsheet.", ["does the accounts in a spreadsheet"]),
    ("self/does-in", "i keep my notes in Obsidian", ["keeps their notes in Obsidian"]),
    # schedules: patterns, hours, closed days
    ("self/slot", "My rota is four days on, four off.", ["rota is four days on, four off"]),
    ("self/slot", "basically my shift pattern is two earlies, two lates", ["shift pattern is two earlies"]),
    ("self/hours", "We're open from 7:00 until 15:30.", ["We're open from 7:00 until 15:30"]),
    ("self/hours", "I'm available 9 to 5", ["available 9 to 5"]),
    ("self/day-is", "Tuesday is our closed day.", ["Our closed day is Tuesday"]),
    ("self/day-is", "fridays are my admin days", ["admin days are Fridays"]),
    # people by name and role
    ("self/relation-is", "vet is dafydd at teifi vets", ["vet is Dafydd at teifi vets"]),
    ("self/relation-is", "My accountant is Joan Park at Park & Co", ["accountant is Joan Park at Park"]),
    ("person/relation-fact", "my husband Tom has his hip replacement in June", ["husband Tom has his hip"]),
    ("person/named-role", "Anna Berg, the partner I work for, wants a summary", ["Anna Berg is the partner"]),
    ("person/named-role", "Dr Patel, my GP, runs the clinic on Elm Street", ["Dr Patel is the user's GP"]),
    # facts said in passing
    ("person/school-run", "I have to go at 3 to pick up my son from nursery", ["son goes to nursery"]),
    (
        "person/school-run",
        "gotta collect my daughter Mia from school at 3:15",
        ["daughter Mia goes to school"],
    ),
    (
        "person/school-run-named",
        "I need to leave at quarter to three today to pick up Sigrid from barnehage, so let's wrap up",
        ["picks up Sigrid from barnehage"],
    ),
    ("person/school-run-named", "gotta collect Mateo at the Kita by 4", ["picks up Mateo from the Kita"]),
    ("person/school-run-named", "I drop Anouk off at judo on my way", ["picks up Anouk from judo"]),
    (
        "self/home-in",
        "I'll push it tonight from home in Almada, the VPN is better there",
        ["home is in Almada"],
    ),
    ("self/home-in", "it's cheaper back home in Port Harcourt", ["home is in Port Harcourt"]),
    (
        "self/my-thing-has",
        "With my oven that only fits 6 trays I think I need two bakes",
        ["oven only fits 6 trays"],
    ),
    ("self/my-thing-has", "my laptop only has 8GB so docker swaps", ["laptop only has 8GB"]),
    ("self/my-thing-has", "my van seats 9 so I can take the whole team", ["van seats 9"]),
    ("self/activity-after", "I'll ring them after my bridge club on a Thursday", ["goes to a bridge club"]),
    ("self/activity-after", "can do it before my knitting group tonight", ["goes to a knitting group"]),
    ("person/bracketed", "Lwazi (our QA, absolute legend) filed it this morning", ["QA is Lwazi"]),
    ("person/bracketed", "and Biscuit (my lurcher) says hi, he's on my notes again", ["lurcher is Biscuit"]),
    ("person/bracketed", "Dr. Pizarro (my advisor) wants 15 min for the trial", ["advisor is Dr. Pizarro"]),
    ("person/walks-pet", "back after I walk Biscuit, he's been whining at the door", ["walks Biscuit"]),
    ("person/walks-pet", "gotta go walk Mochi real quick", ["walks Mochi"]),
    ("self/moved-to", "sales dropped a lot since I moved to Lyon in September", ["moved to Lyon"]),
    ("rule/only-x", "We're SPM only, I ripped CocoaPods out last year", ["uses SPM only"]),
    ("rule/only-x", "this repo is pnpm only", ["uses pnpm only"]),
    ("rule/only", "I don't read on screens, paper only.", ["Paper only"]),
    ("rule/only", "nvidia only fr", ["Nvidia only"]),
    ("rule/only", "one line only", ["One line only"]),
    ("person/school-run-named", "gotta leave at 5 to get Mei from hoikuen", ["picks up Mei from hoikuen"]),
    ("person/owns", "Efua owns that module, I'll ask her before I open the PR", ["Efua owns the module"]),
    ("person/owns", "Priya maintains the billing service", ["Priya owns the billing service"]),
    (
        "environment/our-named",
        "the golangci-lint job in our self-hosted GitLab pipeline is failing for this MR, can you see why?",
        ["team has a self-hosted GitLab pipeline"],
    ),
    ("environment/our-named", "what's the fee on a transfer to my Halyk account?", ["has a Halyk account"]),
    ("self/my-device", "my iPhone 12 is at 5% sorry", ["has an iPhone 12"]),
    ("self/statement", "I almost always use tabs", ["almost always uses tabs"]),
    (
        "rule/label",
        "Also, and I mean this for everything you write in this repo, not just today: Google-style docstrings",
        ["Google-style docstrings"],
    ),
    (
        "rule/asked",
        "But would you mind not doing those bullet points with the dark writing",
        ["Do not do those bullet points"],
    ),
    (
        "self/role",
        "I'm the only frontend dev at Nordvik Energi so you're basically my pair today",
        ["only frontend dev at Nordvik Energi"],
    ),
    (
        "environment/on-version",
        "we're on Go 1.23, don't use anything that needs 1.24",
        ["work is on Go 1.23"],
    ),
    ("self/trait", "I'm colourblind, red-green, so 'look for red mites' doesn't help me", ["is colourblind"]),
    ("rule/keep-it", "And keep it metric, I don't do feet and inches", ["Keep it metric"]),
    (
        "self/workplace-in",
        "They can visit the studio in Alsancak on weekdays after 11",
        ["studio is in Alsancak"],
    ),
    (
        "preference/for-me",
        "My colleague likes Helm charts, but for me plain manifests are more clear",
        ["prefers plain manifests"],
    ),
    ("person/my-children", "I am writing this while my twins do their homework next to me", ["has twins"]),
    (
        "self/runs-place",
        "because after I close the bakery at 14h I have an hour before dark",
        ["closes the bakery at 14h"],
    ),
    (
        "self/operated-on",
        "they operated me of the meniscus in 2019, so no heavy squats",
        ["surgery on the meniscus in 2019"],
    ),
    (
        "environment/everything-via",
        "everything backs up with restic to the nas in the basement now",
        ["backs up with restic"],
    ),
    (
        "rule/only",
        "tailwind only in this codebase, no css modules no styled-components",
        ["Tailwind only in this codebase"],
    ),
    ("self/trait", "I'm red-green colourblind, so the jet colormap is useless to me", ["is colourblind"]),
    ("self/trait", "Because I am celiac myself I know how hard it is to find good bread", ["is celiac"]),
    (
        "rule/keep-always",
        "keep wandb offline always, the compute nodes have no internet",
        ["Keep wandb offline, always"],
    ),
    (
        "rule/no-x",
        "One thing before you touch anything at all: nothing ever gets written in data/raw.",
        ["Nothing ever gets written in data/raw"],
    ),
    ("rule/nothing-ever", "nothing gets installed into base", ["Nothing gets installed into base"]),
    (
        "environment/our-on",
        "meanwhile our staging on DigitalOcean keeps OOMing the router pod",
        ["runs staging on DigitalOcean"],
    ),
    (
        "self/activity-after",
        "I'd like this running before I leave for my oud lesson at six",
        ["has oud lessons"],
    ),
    (
        "person/named-then-who",
        "I'll rerun the eval tonight after I take Tinde, our husky, out for her walk",
        ["husky is Tinde"],
    ),
    ("self/closed-day", "I try it next week, we are closed Sundays anyway", ["closed on Sundays"]),
    (
        "self/business-named",
        "I have small bakery name Sunny Crumb, we sell bread and cake",
        ["bakery called Sunny Crumb"],
    ),
    (
        "self/member-of",
        "I was cutting fabric for my quilt guild's raffle quilt when it came in",
        ["belongs to a quilt guild"],
    ),
    (
        "decision/announced",
        "After the lab meeting yesterday we made the call: BirdNET embeddings, not our own CNN.",
        ["BirdNET embeddings, not our own CNN"],
    ),
    (
        "decision/announced",
        "I'm deciding right now: no more work on spec, ever.",
        ["No more work on spec, ever"],
    ),
    (
        "decision/announced",
        "I've made up my mind: raised beds, three of them, in cedar",
        ["Raised beds, three"],
    ),
    ("decision/announced", "my mind is made up, we sell the Passat", ["We sell the Passat"]),
    # heldout529-536 (adr/0110): "decided" in the person's own language as a label; "that is decided" after
    # it; "we'll go with X"
    (
        "decision/announced",
        "Decidi: I'm going with pickup only, no delivery, starting January.",
        ["pickup only"],
    ),
    ("decision/announced", "Entschieden: we keep the Hetzner box", ["Hetzner"]),
    ("decision/announced", "Besloten: we close the shop on Mondays.", ["Mondays"]),
    ("decision/announced", "OK, we keep one sheet per month, that is decided.", ["one sheet per month"]),
    ("decision/going-with", "We'll go with the Lorentz pump, I trust the dealer", ["Lorentz pump"]),
    ("decision/going-with", "ok I will go with Zoho Books, the cheaper plan", ["Zoho Books"]),
    # a sigh or "please also" first
    ("rule/none", "ugh no cilantro, it tastes like soap to me", ["cilantro"]),
    # heldout569-576 (adr/0110): a remember with why after it; a sequence said "in that order"
    (
        "request/end",
        "I have a small greenhouse, 3 by 2 metres, without heating — please remember this, because I will ask you "
        "more things about it during the season.",
        ["small greenhouse"],
    ),
    (
        "request/end",
        "I'm allergic to penicillin, remember that, since I always forget to say it",
        ["penicillin"],
    ),
    (
        "decision/going-with",
        "Right, we're going with the Kyoto, Hakone and Tokyo route then, in that order, flying into Kansai.",
        ["Kyoto, Hakone and Tokyo"],
    ),
    (
        "rule/dont",
        "Please also do not use dashes of the long kind; I find them fussy.",
        ["dashes of the long kind"],
    ),
    # heldout537-544 (adr/0110): a rule's label with "pls"; a run of shifts; what the person does not want
    # done or had
    (
        "rule/label",
        "One rule pls: prices are always in pesos with 2 decimals, not round them, even in reports.",
        ["pesos with 2 decimals"],
    ),
    ("rule/label", "House rule: tabs, not spaces.", ["Tabs, not spaces"]),
    (
        "self/works",
        "I work four night shifts in a row then get three days off.",
        ["four night shifts in a row"],
    ),
    ("self/works", "I do three 12-hour shifts a week", ["three 12-hour shifts a week"]),
    (
        "preference/dont-want",
        "important: I don't want the letter to mention my father's business, keep family out of it.",
        ["the letter to mention"],
    ),
    ("preference/dont-want", "I don't want you to use emojis.", ["you to use emojis"]),
    ("preference/dont-want", "I do not want the app to store card numbers.", ["store card numbers"]),
    ("preference/dont-want", "I really don't want any emojis in my posts", ["any emojis in"]),
    (
        "world/habitual",
        "also every month end i send 500 to my mum in kumasi so dont forget that one",
        ["500 to their mum in kumasi"],
    ),
    (
        "rule/from-now-on",
        "next time keep answers short please, long text is tiring for me",
        ["Keep answers short"],
    ),
    (
        "rule/asked",
        "Oh, and would you please not put those little emoji pictures in your answers?",
        ["Do not put those little emoji"],
    ),
    ("self/kind-of-person", "tbh I'm not a morning person at all", ["is not a morning person"]),
    (
        "self/home-in",
        "final list pls, the shops here in graz dont have half of it in stock",
        ["based in Graz"],
    ),
    (
        "world/habitual",
        "the notebook pulls from Snowflake with the svc_pricing user, password is Tortilla_Norte_88",
        ["pulls from Snowflake"],
    ),
    (
        "world/habitual",
        "The internet here in Wommels comes over a 4G router and since yesterday the Lely robot loses connection",
        ["Lely robot"],
    ),
    ("self/activity-after", "I'll open the PR after Friday prayers", ["goes to Friday prayers"]),
    (
        "self/at-home",
        "ill try the same role on the proxmox cluster at home tonight",
        ["has a proxmox cluster at home"],
    ),
    (
        "self/home-in",
        "I'm at the cabin in Oppdal from friday, zero signal up there",
        ["has a cabin in Oppdal"],
    ),
    (
        "self/had-surgery",
        "I need to be careful, since my bypass in 2023 the cardiologist said no flat-out efforts",
        ["had a bypass"],
    ),
    (
        "rule/standing-tag",
        "can you put times in the 24-hour clock, that's how my brain works",
        ["Put times in the 24-hour clock"],
    ),
    (
        "rule/for-all",
        "and please keep everything in numbered lists like that, I print them out",
        ["Keep everything in numbered lists"],
    ),
    ("self/my-device", "I'll test it on my iPhone 12 mini tonight", ["has an iPhone 12 mini"]),
    ("world/habitual", "And also the comments, they stay in French please", ["The comments stay in French"]),
    ("self/moved-to", "it's been quieter ever since we moved back to Cork", ["moved to Cork"]),
    # heldout481-488: the budget after a colon
    ("self/budget", "Budget: £60 a week for food, and that's firm.", ["£60 a week"]),
    # heldout473-480: a trade said without its article
    (
        "self/role",
        "I am tailor, I have my atelier in the Médina in Dakar, with two apprentices.",
        ["is a tailor"],
    ),
    ("self/role", "i am seamstress.", ["is a seamstress"]),
    ("self/role", "I'm nurse, I work nights mostly", ["is a nurse"]),
    # heldout473-480: stick to X, please; the head of a lab
    (
        "rule/please",
        "Please stick to base R plus data.table, I don't want tidyverse here.",
        ["Stick to base R"],
    ),
    ("rule/please", "please stick with metric units", ["Stick with metric units"]),
    (
        "self/relation-is",
        "My PI is Dr. Nawwaf Haddad and he wants all figures in grayscale for the journal.",
        ["The user's PI is Dr. Nawwaf Haddad"],
    ),
    ("self/relation-is", "our group leader is Sunniva Holm", ["The user's group leader is Sunniva Holm"]),
    (
        "self/weekly-activity",
        "I'll launch it once my Thursday morphology seminar is prepped",
        ["morphology seminar on Thursdays"],
    ),
    ("self/weekly-activity", "can't, my Monday clinic runs late", ["clinic on Mondays"]),
    ("self/works-shifts", "After night shift I sleep until 2, so evenings only", ["works night shifts"]),
    ("person/children-asleep", "I'll submit after the twins are asleep", ["has twins"]),
    ("person/children-asleep", "I get an hour once the kids are in bed", ["has kids"]),
    ("self/had-surgery", "that descent would wreck the knee I had ACL surgery on", ["had ACL surgery"]),
    ("self/condition-with", "with my disc hernia I can not lift heavy things", ["has a disc hernia"]),
    # heldout265-272: a condition named as what shapes the request; a part of the body that lets one down
    (
        "self/condition-shapes",
        "pick other colours, my red-green colourblindness makes the default palette useless for me",
        ["has red-green colourblindness"],
    ),
    (
        "self/condition-shapes",
        "my tinnitus keeps me up at night so I sleep with white noise",
        ["has tinnitus"],
    ),
    ("self/condition-shapes", "My asthma means no outdoor runs when the smoke is bad", ["has asthma"]),
    ("self/body-weak", "my knees are bad these days so i cant climb up the tank stand", ["knees are bad"]),
    ("self/body-weak", "my hips are shot after thirty years of football", ["hips are shot"]),
    ("self/body-weak", "And my wrists are weak, so short typing sessions only", ["wrists are weak"]),
    ("self/condition-with", "I carry an inhaler because of my asthma", ["has asthma"]),
    ("self/my-device", "I'll check the mobile layout on my old Pixel 6 after lunch", ["has a Pixel 6"]),
    ("self/my-device", "sorry, typing from my ThinkPad X1, keys are weird", ["has a ThinkPad X1"]),
    (
        "self/home-in",
        "our place in Marikina is super dusty because of the road works",
        ["home is in Marikina"],
    ),
    (
        "self/activity-at",
        "after my shift at the milk tea shop I'll check prices",
        ["shift at the milk tea shop"],
    ),
    (
        "self/current-work",
        "my main client right now is a wine cooperative, Cave des Pierres Dorées",
        ["main client is a wine cooperative, Cave"],
    ),
    ("person/bracketed", "Femi (my PM, he owns Looker) will read it", ["PM is Femi"]),
    ("person/appositive", "our SRE Tomasz set the alerts up", ["SRE is Tomasz"]),
    ("person/appositive", "my PO Ines signs off releases", ["PO is Ines"]),
    ("self/shift-at", "Just got in from a long shift at Leeds General.", ["works shifts at Leeds General"]),
    ("self/shift-at", "back from another night shift in A&E at the Royal", ["works nights in A&E"]),
    ("self/money-in", "We put £300 a month into a savings account", ["£300 a month into a savings account"]),
    ("self/herd", "120 hives, mostly Buckfast, a few local", ["has 120 hives, mostly Buckfast"]),
    ("self/body", "back's been bad for years so nothing heavy", ["back has been bad for years"]),
    ("environment/goes-through", "it has to go through Slurm on Dardel", ["go through Slurm on Dardel"]),
    ("self/role-here", "Data engineer at Klarna, mostly Spark", ["The user is a data engineer at Klarna"]),
    ("self/role", "I've been a midwife for 20 years", ["has been a midwife for 20 years"]),
    ("self/role", "im a secondary school teacher in Nairobi", ["secondary school teacher in Nairobi"]),
    ("self/medication", "I'm on warfarin so no ibuprofen", ["The user is on warfarin"]),
    ("self/slot", "My blood pressure medication is amlodipine.", ["blood pressure medication is amlodipine"]),
    ("self/job-at", "my new job is at Danske Design", ["new job is at Danske Design"]),
    ("self/my-x-is-specific", "my son Leo is 7", ["son Leo is 7"]),
    ("rule/not", "British spelling please, not American", ["British spelling, not American"]),
    (
        "self/role",
        "I'm head of maths at a secondary in Leeds, 15 years now",
        ["the head of maths at a secondary"],
    ),
    ("self/retired", "I'm retired now — thirty years on the buses.", ["The user is retired"]),
    ("rule/general", "Everything in metric please.", ["Everything in metric please"]),
    ("rule/general", "Prices incl. VAT, always.", ["Prices incl. VAT, always"]),
    ("rule/habit", "I always want the summary first, then details.", ["always wants the summary first"]),
    (
        "person/relation-fact",
        "My daughter Aisha is at Leeds Uni studying law.",
        ["daughter Aisha is at Leeds Uni"],
    ),
    ("person/relation-fact", "my son Tariq goes to Oakfield Primary", ["son Tariq goes to Oakfield Primary"]),
    (
        "self/relation-is",
        "The physio is Karen at Active Health, only book with her",
        ["physio is Karen at Active"],
    ),
    # heldout225-232 (adr/0102): a rule label with its scope and time, after a "yes please, and"; the rule
    # a topic then what is done with it; a lead-in of the person's before a colon; "what I want:";
    # a closing "always" outlasts "in this paper"; a relation of work; days never worked
    (
        "rule/label",
        "Yes please, and this is a rule for you in this repo from now on: anything that can reboot a host, "
        "I run it in check mode first.",
        ["reboot a host, the user runs it in check mode first"],
    ),
    (
        "rule/label",
        "Here's one more rule going forward: any cron job that deletes data, you show it to me before it runs.",
        ["cron job that deletes data, you show it to the user before it runs"],
    ),
    ("rule/label", "New rule for this project: every migration gets a down script.", ["gets a down script"]),
    (
        "rule/only",
        "the last assistant I used kept forgetting this: Julia only, with Pkg environments for the packages.",
        ["Julia only, with Pkg environments"],
    ),
    (
        # a choice, then never the other: a rule (adr/0116: rule/not reads a first half of up to 60 characters)
        "rule/not",
        "What I do want: booleans in the YAML always as true/false, never yes/no.",
        ["Booleans in the YAML always as true/false, never yes/no"],
    ),
    ("rule/general", "In this paper we report macro F1, always.", ["we report macro F1, always"]),
    ("rule/general", "In this report we use metric units, always.", ["we use metric units, always"]),
    (
        "person/appositive",
        "My student Aoi ran the BiLSTM baseline last week on the same split.",
        ["The user's student is Aoi"],
    ),
    ("person/appositive", "my intern Joaquín set up the staging box on Monday", ["intern is Joaquín"]),
    ("self/days-off", "i dont work on fridays or mondays", ["doesn't work on Fridays or mondays"]),
    ("self/days-off", "I do not work on Saturdays or Sundays", ["doesn't work on"]),
    (
        "request/start",
        "One last thing, please remember my thesis deadline: the manuscript goes to the examiners on 15 December.",
        ["thesis deadline: the manuscript goes to the examiners"],
    ),
    # heldout233-240 (adr/0102): "Next:" opens a turn, no speaker; "always" at the end of an instruction;
    # a level or an exam passed; what works better for the person; a measure "rn"; a reason pointed back
    # at; a race that is a run; who someone is, said as why they are asked; a device's model in brackets
    (
        "rule/imperative",
        "Fair. Next: make me the loss-curve plots from last week's runs. For every figure you make for me: "
        "always PDF, vector. Never PNG.",
        ["Always PDF, vector"],
    ),
    (
        "rule/general",
        "Please make it like a table always, I print it and tape it on the wall.",
        ["table always"],
    ),
    ("rule/general", "pls write the dates in full always", ["Write the dates in full always"]),
    ("self/language-level", "I passed N3 in 2024.", ["passed N3 in 2024"]),
    ("self/language-level", "I am level A2", ["language level A2"]),
    ("self/language-level", "I'm at B1 in German", ["language level B1 in German"]),
    ("self/better-than", "I read diffs way faster than prose", ["diffs way faster than prose"]),
    ("self/better-than", "I'd rather read code than prose", ["would rather read code than prose"]),
    ("self/better-than", "I learn better from examples than from theory", ["learns better from examples"]),
    ("self/my-x-is-specific", "my fide rating is 1840 rn, was 1790 in june.", ["fide rating is 1840"]),
    ("self/abstains", "thats also why i dont do sessions longer than 4 hrs", ["sessions longer than 4 hrs"]),
    (
        "self/entered",
        "doing the great scottish run in october, first ever half",
        ["great scottish run in october"],
    ),
    (
        "person/named-then-as-my",
        "then push and i'll ask Chidinma to review, as my tech lead she has to approve anything under reconcile",
        ["The user's tech lead is Chidinma"],
    ),
    (
        "self/my-device",
        "my Garmin (Forerunner 255) says VO2max 54, does that number matter",
        ["Garmin (Forerunner 255)"],
    ),
    (
        "self/my-device",
        "ok i'll go through the alto line tonight on my Yamaha at home after i fetch Ah Ma from dialysis",
        ["has a Yamaha"],
    ),
    ("person/from-team", "Priya from the data team owns the dashboards.", ["Priya is on the data team"]),
    (
        "person/from-team",
        "ask Tomasz in the platform team, he runs the cluster",
        ["Tomasz is on the platform team"],
    ),
    # heldout241-248: a condition said as why; twins; a lead-in "one thing:"; replies to bullet points; a
    # rule before a new subject
    (
        "self/condition-with",
        "They have to be gentle because of my hypermobility, I overstretch easily.",
        ["hypermobility"],
    ),
    (
        "self/condition-with",
        "that's what I do anyway because of the arthritis in my fingers",
        ["arthritis in their fingers"],
    ),
    ("self/role", "context if it helps u: I'm a 3rd year PhD student at UNILAG", ["PhD student at UNILAG"]),
    # heldout249-256: a tool not used and what instead; a list of no's; what to use for every one of a
    # kind; "make that the rule"; a rule for when, after a clause; the most, said as an amount; a
    # practice after a credential's place
    (
        "rule/we-dont",
        "we dont use certbot, certs come from our internal step-ca, thats what that step command is.",
        ["We don't use certbot, certs come from our internal step-ca"],
    ),
    ("rule/none", "No tablets, no apps, no videos.", ["No tablets, no apps, no videos"]),
    (
        "rule/for-all",
        "and while you're editing, FQCN for every module please, ansible.builtin.dnf etc.",
        ["FQCN for every module"],
    ),
    (
        "rule/standing-tag",
        "Please make it viridis, and please make that the rule for every figure you ever touch for me.",
        ["viridis"],
    ),
    (
        "rule/if-you",
        "QuickBooks has done us fine since day one, so if you ever give me bookkeeping tips, make them QuickBooks tips.",
        ["make them QuickBooks tips"],
    ),
    ("self/budget", "ok so $850 is the max for rent, thats my hard line", ["$850 is the max for rent"]),
    (
        "self/has-make",
        "My wife like the Omron machine more. But I have the Panasonic one.",
        ["has the Panasonic one"],
    ),
    (
        "self/trait",
        "the cones are the reason I started this shop, because I'm coeliac and as a kid I could never eat a cone",
        ["is coeliac"],
    ),
    (
        "self/have-place",
        "I have a small plot in the allotment garden in Andritz, since my husband died it is my main occupation",
        ["small plot in the allotment garden in Andritz"],
    ),
    (
        "person/named-then-as-my",
        "Lindiwe wants these in Friday's lab meeting slides and as my PI she will go through every panel",
        ["The user's PI is Lindiwe"],
    ),
    (
        "rule/we-use",
        "the db password for the app role is in group_vars/webservers/vault.yml, we use ansible-vault for every "
        "secret, never plain vars.",
        ["We use ansible-vault for every secret"],
    ),
    ("person/twins", "gotta go get the twins from school, will run it tonight", ["has twins"]),
    (
        "person/bracketed-does",
        "Teodor (he's doing all the music + sfx) just sent the rain ambience",
        ["Teodor is doing all the music + sfx"],
    ),
    ("person/bracketed-does", "Maja (she's our designer) sent new icons", ["Maja is our designer"]),
    (
        "person/twins",
        "sorry this is slow, the triplets are home for the holidays and it's chaos",
        ["has triplets"],
    ),
    (
        "rule/please",
        "Before we continue, I must ask you one thing: please address me formally and without those little smileys.",
        ["without those little smileys"],
    ),
    (
        "rule/asked",
        "ok first thing, can you keep replies to bullet points pls??",
        ["Keep replies to bullet points"],
    ),
    (
        "rule/not",
        "Or you can write in Portuguese, but from Portugal please, not Brazilian, the words are different",
        ["From Portugal, not Brazilian"],
    ),
    # heldout609-616 (adr/0112): a unit or a clock asked of what is given; a language asked in the person's own;
    # a choice named, then "it is"; who someone is, then the name; a decision said to be final
    ("rule/in-unit", "also the schedule should show times in IST obviously", ["IST"]),
    (
        "rule/in-unit",
        "Give me the plan in kilometres and minutes per km, I don't understand miles.",
        ["kilometres"],
    ),
    ("rule/in-unit", "show me all the prices in USD please", ["USD"]),
    (
        "rule/language-abroad",
        "Escríbeme siempre en español por favor, el inglés lo leo muy despacio.",
        ["español"],
    ),
    ("rule/language-abroad", "Bitte antworte mir immer auf Deutsch.", ["Deutsch"]),
    ("rule/language-abroad", "réponds-moi en français stp", ["français"]),
    ("decision/it-is", "fine, sqlite it is.", ["sqlite"]),
    ("decision/it-is", "ok, Hetzner it is then", ["Hetzner"]),
    (
        "person/is-my-then-name",
        "she's my accountant, Birgitta Lund at Tjörns Redovisning.",
        ["accountant is Birgitta Lund"],
    ),
    ("person/is-my-then-name", "yes he is my landlord: Mr. Okafor", ["landlord is Mr. Okafor"]),
    ("decision/announced", "Ok, I'll price the big bowls at 65 euro, final.", ["65 euro"]),
    ("decision/announced", "we open on Sundays too, that's final", ["Sundays"]),
    ("decision/we-keep", "ok we keep cron.", ["cron"]),
    ("decision/we-keep", "fine, we'll keep using Trello then", ["Trello"]),
    # heldout649-656 (adr/0113): the decision word in the person's language before a comma; the deal struck, then
    # what it is; a licence or a ticket held; a title with its dot inside a rule; a no, then the person's own way;
    # when a decision was made is no passing state; a self-description before an exam date and a feeling
    (
        "decision/announced",
        "ok decidido, from January the technical visit costs 35.000 pesos, no more free visits.",
        ["35.000 pesos"],
    ),
    ("decision/announced", "Entschieden, wir liefern nur noch dienstags.", ["dienstags"]),
    (
        "decision/announced",
        "Ok we do it: dal bhat 950 with free refill, other things like your list.",
        ["950"],
    ),
    ("decision/announced", "fine, let's do it: two shifts, 6 to 2 and 2 to 10", ["Two shifts"]),
    ("self/credential", "I have the SEC license class B.", ["SEC license class B"]),
    ("self/credential", "i have my forklift ticket", ["forklift ticket"]),
    ("self/credential", "I hold a CDL, class A", ["CDL"]),
    ("rule/imperative", "Always write Adv. before my name and never Attorney.", ["Adv.", "Attorney"]),
    ("rule/imperative", "Always put Ing. before his name in the letters.", ["Ing.", "letters"]),
    (
        "preference/stated",
        "nah i prefer writing flashcards by hand, it sticks better for me.",
        ["flashcards"],
    ),
    ("preference/stated", "no i hate dark mode", ["dark mode"]),
    # heldout657-662 (adr/0113): a swap said as a choice; a choice after an ok with what it is not; the ok of the
    # person's own language; a role held at school or in a club
    ("decision/going-with", "We'll swap to the BME280 then, I have two in the drawer.", ["BME280"]),
    ("decision/going-with", "ok I'll switch over to Bitwarden", ["Bitwarden"]),
    ("decision/ok-doing", "ok doing paper not fabric, the boys only want vanilla.", ["paper not fabric"]),
    ("decision/ok-doing", "fine, using tabs instead of spaces", ["tabs instead of spaces"]),
    ("decision/going-with", "Bueno, we go with the sprinklers on the low block.", ["sprinklers"]),
    ("self/place", "Vale, I live in Zaragoza.", ["Zaragoza"]),
    ("self/role", "I'm also the faculty advisor for the debate club, which is why I'm behind.", ["advisor"]),
    ("self/role", "I'm a school governor", ["governor"]),
    # heldout667-670 (adr/0113): a deal struck after an ok; where the person lives, said of home
    (
        "decision/announced",
        "ok deal, gym on monday wednesday friday and tuesday stays for shooting.",
        ["tuesday stays for shooting"],
    ),
    ("self/home-is", "home is timisoara, i live with my mother and my boy.", ["Timisoara"]),
    ("self/home-is", "my home is in Cusco", ["Cusco"]),
    ("self/home-is", "Home for us is Ballarat.", ["Ballarat"]),
    # heldout673-680 (adr/0113): a trade for how long, with no article; "we going with"; a decision said made after
    # it; where the person came from
    ("self/role", "I am joiner 30 years, I have my own small workshop in Klaipeda.", ["joiner"]),
    ("decision/going-with", "ok we going with ducks for the snails", ["ducks"]),
    (
        "decision/announced",
        "Ok, on va installer the sprinklers over the feed bunk, decision is made, fans alone are not enough.",
        ["sprinklers"],
    ),
    ("self/place", "I came from Shiraz in 2017.", ["Shiraz"]),
    ("self/place", "I came here from Kharkiv in 2022", ["Kharkiv"]),
    ("self/role-here", "night nurse at Leeds General here", ["Leeds General"]),
]


@pytest.mark.parametrize(("family", "text", "words"), POSITIVE, ids=[p[1][:40] for p in POSITIVE])
def test_family_keeps(family: str, text: str, words: list[str]) -> None:
    facts = said(text)
    hits = [f for f in facts if f.family.startswith(family) or f.family.split("+")[-1].startswith(family)]
    assert hits, [(f.family, f.text) for f in facts]
    assert all(w in hits[0].text for w in words), hits[0].text
    assert hits[0].gate == "allow"
    assert f"family {hits[0].family}" in hits[0].reasons


# families that recognise a name or a product by its capital letter
NAMED = {
    "person/appositive",
    "self/has-make",
    "person/bracketed-does",
    "person/from-team",
    "person/named-then-as-my",
    "self/reports-to",
    "person/named-later",
    "person/fact",
    "self/intro",
    "self/in-place",
    "self/my-x-is-specific",
    "self/ongoing",
    "environment/where",
    "self/statement",
    "world/habitual",
    "self/do-work",
    "self/have-place",
    "rule/stays",
    "self/role-here",
    "person/relation-fact",
    "person/named-role",
    "environment/goes-through",
    "person/school-run-named",
    "self/home-in",
    "person/bracketed",
    "person/walks-pet",
    "environment/on-version",
    "self/workplace-in",
    "environment/our-on",
    "person/named-then-who",
    "self/business-named",
    "self/moved-to",
    "self/my-device",
    "self/current-work",
    "person/owns",
    "environment/our-named",
    "person/named-then-is-my",
    "person/named-has-been",
    "person/us-named",
    "self/subscription",
    "self/activity-at",
    "person/is-my-then-name",
}
VARIANTS = {
    "lower case": str.lower,
    "curly apostrophes": lambda s: s.replace("'", "\u2019"),
    "no full stop": lambda s: s.rstrip(".!"),
    "exclamations": lambda s: s.rstrip(".!") + "!!",
    "trailing dots": lambda s: s.rstrip(".!") + "...",
    "filler first": lambda s: "ok so " + s,
    "filler last": lambda s: s.rstrip(".!") + ", by the way.",
}


@pytest.mark.parametrize("variant", VARIANTS)
def test_families_hold_across_casing_punctuation_and_fillers(variant: str) -> None:
    """The class of phrasing, not one sentence: every row of the table, rewritten."""
    missed = []
    for family, text, _ in POSITIVE:
        if variant == "lower case" and family in NAMED:
            continue  # "my sister lena hates …": a lower-case name is not told from a verb
        changed = VARIANTS[variant](text)
        facts = said(changed)
        if not any(f.family.startswith(family) or f.family.split("+")[-1].startswith(family) for f in facts):
            missed.append((changed, [(f.family, f.text) for f in facts]))
    assert missed == []


# (what the person typed, a word no kept statement may hold; "" = nothing may be kept at all)
NEGATIVE = [
    # a hire of one day, a rental, or a policy adopted is no one taken on
    ("we hired a photographer for our daughter's wedding", "photographer"),
    ("I hired a car for the weekend", "car"),
    ("we hired a van to move the piano", "van"),
    ("we adopted the new policy last week", "policy"),
    # only, of a moment or a thing once; what is missing for now; a question that ends on "with ?"
    ("I go by bus today, the car is in the garage", "bus"),
    ("my laptop died this morning so I'm on my partner's MacBook, paths may look weird", "MacBook"),
    ("now I need you to fix the failing tests", ""),
    ("As a developer you should know this", "developer"),
    ("As a reminder, the deadline is Friday.", "reminder"),
    ("I only have 20 minutes before the bus", ""),
    ("I only read it once", ""),
    ("we don't have a deadline yet", ""),
    ("I don't have a charger on me today", ""),
    ("can you help me with ?", ""),
    # "stay/stick with" a person, a plan or a habit of mind: no choice of a thing
    ("stay with me on this one, it gets weird", ""),
    ("Stick to the point please", ""),
    ("just stay on track with the budget", ""),
    ("stick with your gut", ""),
    # what the body does this minute is no weak knee ("self/body-weak")
    ("my eyes are burning, 4th hour staring at logs", "eyes"),
    ("my back is killing me today after the move", "back"),
    # heldout193-200 (adr/0100): a relation named only to pass on their say; a people's habit; a
    # question put to oneself; a hypothetical after an emoji; a dream had; a rule's tail that is a boss's
    (
        "My sister Gertrud says flying alone at my age is foolish and I should go with a tour group.",
        "Gertrud",
    ),
    ("My colleague Hasan said the test is very easy, he did it with no learning at all.", "Hasan"),
    ("my coworker Ben told me Rust is the future", "Ben"),
    ("My mum Rosa said the flat is too small for a dog.", "Rosa"),
    ("is Wise cheaper? my kabayan here all use Western Union in the mall", "Western Union"),
    ("the guys at work all swear by Garmin", "Garmin"),
    (
        "Sometimes I think, should I rewrite all the training in JAX because the TPUs are free... but no.",
        "JAX",
    ),
    ("I keep wondering whether we should move the frontend to Svelte", "Svelte"),
    ("ok ok 😂 if I get the exchange to Korea next year I will need English for nursing words", "Korea"),
    ("If I won the lottery I would just open my own clinic in Kisumu hahaha.", "Kisumu"),
    ("never deploy on fridays, my boss loves Jira", "Jira"),
    ("I only know scanpy well but reviewers sometimes ask for Seurat.", "Seurat"),
    ("my cousin Farida is always banging on about how Linux is better", "Linux"),
    ("my back is killing me after Saturday's 14-hour wedding on Vinga.", "14-hour"),
    ("ok so my phone battery is on 4% so quick", "battery"),
    ("I read the Czech manual all morning with the magnifying glass.", "magnifying"),
    ("going fishing w my brother in april, is walleye season open then", "walleye"),
    ("I have migraine today so please short answers from now.", "migraine"),
    ("My cousin's CV in Qatar had photo.", "photo"),
    ("The queue has been awful this week, my last job sat pending for 14 hours.", "14 hours"),
    ("if it rains tomorrow we will stay home", ""),
    ("Sorry typing bad im on bus.", ""),
    ("my flatmate Juno goes on about sourdough constantly", "sourdough"),
    ("We mostly use Notion but some clients want everything in Confluence.", "Confluence"),
    ("the goal is to get this merged by friday", ""),
    ("my boss makes me sick", ""),
    ("I'm on nights tonight so I'll be tired tomorrow", ""),
    # questions and hypotheticals
    ("What if we moved to Kubernetes?", ""),
    ("test is failing again", ""),
    ("prod is down since this morning", ""),
    ("I have 3 questions about the invoice", "3 questions"),
    # another person's wish after a lead-in, or one the person does not follow
    ("While you're in there, my PI thinks we should port the whole thing to Nextflow.", "Nextflow"),
    ("btw, my tech lead reckons we should move the build to Bazel", "Bazel"),
    (
        "My manager Dragoș wants every result in Power BI dashboards, but I'm keeping the reports as PNGs.",
        "Power BI",
    ),
    ("Our director wants every report in Tableau, but we're sticking with Metabase", "Tableau"),
    ("The director of school wants everybody to use the app Tonara for practice tracking.", "Tonara"),
    ("our head of IT wants everyone to move to Teams", "Teams"),
    ("The finance guys are obsessed with Looker dashboards, can u write a short note i can paste", "Looker"),
    ("My principal like PowerPoint very much, all teachers must use it for class observation.", "PowerPoint"),
    (
        "Funny thing, the client for the next sprint, Fromagerie Lachance, wants the whole site in Comic Sans.",
        "Comic Sans",
    ),
    ("Verdaccio, non merci, we're not going to host a registry ourselves.", "Verdaccio"),
    ("Kubernetes? nein danke, two VMs are plenty", "Kubernetes"),
    ("My friend Bisi who is an accountant says I should register anyway, voluntary.", "Bisi"),
    ("coworker does ultramarathons, 100k trail stuff, crazy guy.", "ultramarathons"),
    ("St Fagans is lovely but we did it two years ago, so that one's out.", "St Fagans"),
    ("IRSA is on the backlog, Edson wants Pod Identity instead, his call.", "Pod Identity"),
    ("Meu colega Thiago vive dizendo que Dagster resolveria tudo isso, mas não é decisão minha.", "Dagster"),
    # a sentence told for another person's taste keeps nothing of them, not even who they are
    (
        "My neighbour Herr Pfister uses the formic acid strips (MAQS) and he says it is the best thing.",
        "Pfister",
    ),
    ("my colleague Dana runs everything in tmux and she swears it's faster", "Dana"),
    ("my sister says I should raise the prices to 60€ for a cut, she lives in Barcelona", "Barcelona"),
    ("my dad says I should sell the car, he lives in Cork anyway", "Cork"),
    ("My supervisor is very much a base R plots and frequentist person", "frequentist"),
    ("my boss is such a spreadsheet guy", "spreadsheet"),
    ("what if I switched to zsh", ""),
    ("Should we use Redis for sessions?", ""),
    ("should I move to Berlin", ""),
    ("If I were you I'd use Vim.", ""),
    ("if we used Rust this would be faster", ""),
    ("Maybe we should try Bun.", ""),
    ("We might switch to Yarn next year.", ""),
    ("I'd probably go with Vue.", ""),
    ("Could we deploy on Fridays?", ""),
    ("Do you remember when we went to Porto?", ""),
    # "if" in the languages people mix in
    ("Si consigo la beca me mudo a Lyon.", "Lyon"),
    ("Se vinco la borsa vado a Torino.", "Torino"),
    ("Se conseguir a bolsa vou para Lisboa.", "Lisboa"),
    ("Als ik de baan krijg verhuis ik naar Utrecht.", "Utrecht"),
    ("Si je pars à Montréal, je vends la voiture.", "Montréal"),
    ("The bug was in the parser, not the lexer.", "parser"),
    # a someday after "Last thing:", an outage for today, a CTO's direction for everywhere
    (
        "Last thing: if the Kickstarter ever happens, I would hire a real composer, not my free music.",
        "Kickstarter",
    ),
    ("The cluster is down for maintenance from 14:00 today.", "maintenance"),
    ("The client's CTO wants Redux everywhere.", "Redux"),
    # not interested, how old a thing is, one of a group's wish
    ("Nextflow, not interested.", "Nextflow"),
    ("my camera is very old", "camera"),
    ("One of the partners, Gerlinde, wants everything in OneDrive instead of on our server.", "OneDrive"),
    # where others have been, a director's direction for everything, a tool the person would not bother with
    ("The kids have been in Vienna already two times.", "Vienna"),
    ("The director, Pereyra, wants everything in Kubernetes now.", "Kubernetes"),
    (
        "I wouldn't bother with hydroponics, sure that's for the young lads with the lights in the attic.",
        "hydroponics",
    ),
    ("I don't want raw SQL, ever", "never wants"),
    # today's rush, someone else's tool, a someday joke, a suggestion too dull for the person
    ("Today very busy, cruise ship tourists everywhere.", "cruise"),
    ("my friend shira uses anki for everything", "anki"),
    ("If I ever do an ultra after this, remind me this was hard enough 😂", "ultra"),
    ("The CB500F is to boring for me, I sat on one.", "CB500F"),
    ("42, the answer to everything", "42"),
    # away for a while, a label that is no person
    ("my laptop is at repair till friday, writing from phone so sorry for typos.", "repair"),
    ("keep it in mind", "mind"),
    ("Tom: I prefer tabs", "tabs"),
    ("Emily: I love sushi", "sushi"),
    ("Sterling: I prefer tabs", "tabs"),
    # running late, tired eyes
    ("currently its 2 hours late, 3 trains cancelled", "late"),
    ("with my tired eyes I can't read this", "eyes"),
    ("it's 2024, everyone has 2 phones", "phones"),
    # a night's sleep is no fact
    ("I barely slept, the neighbours had some party going until 3am.", "slept"),
    ("didn't sleep at all, the dog was sick", "sleep"),
    ("I only slept 4h so forgive typos", "slept"),
    # a number per unit is a price, a budget needs its number
    ("It costs one euro per kilo", "euro"),
    ("this budget looks good", "budget"),
    ("Retired the old runners last week", "runners"),
    # one date ahead: an appointment
    ("My dentist appointment is on Friday at 3.", "dentist"),
    ("The demo is next Tuesday.", "demo"),
    ("the retro's on Thursday", "retro"),
    ("My flight to Oslo is on Thursday, so keep it short.", "Oslo"),
    ("Remember when we went to the lake", ""),
    ("Is staging Postgres on port 5433?", ""),
    ("I wonder if I should go vegan.", ""),
    ("Not sure we should use Redis.", ""),
    ("let's do it", ""),
    # other people's preferences are theirs
    ("Tom prefers tabs.", ""),
    ("My wife loves sushi.", ""),
    ("Sarah always uses vim.", ""),
    ("My boss thinks we should use Java.", "Java"),
    ("Priya likes dark mode", ""),
    ("My manager is Tom Becker, and he prefers window seats.", "window"),
    ("my husband Kwame thinks I should do yoga", "yoga"),
    # a sentence about another person's taste or advice keeps nothing of it, not even who they are
    # (adr/0091: labellers read "my neighbour Dale says …" as Dale's, the whole sentence); who a
    # family member is stays (adr/0092), their taste does not
    ("My sister Lena hates coriander.", "coriander"),
    ("my colleague Tom prefers tabs", ""),
    ("Dr Patel, my GP, says to walk more", ""),
    ("My neighbour Dale says I'm wasting my time", ""),
    # quoted, pasted, code
    ("> I always use tabs", ""),
    ('She said "I love sushi" yesterday.', "sushi"),
    ("Tom: I prefer tabs over spaces", ""),
    ("```\nI use fish\n```", ""),
    ("export EDITOR=vim", ""),
    # chit-chat
    ("It's a great time of year.", ""),
    ("Pottery is a great way to relax.", ""),
    ("I'm 5 minutes away.", ""),
    ("I'm in a meeting", ""),
    ("I'm in Paris this week for work", ""),
    ("Don't worry about it.", ""),
    # a rule word after a pronoun that points back: nothing of its own to keep
    ("Keep that in mind, always", "mind"),
    ("do it this way, always", "way"),
    ("Remember that, no exceptions", "exceptions"),
    ("Nothing is decided yet, we're still looking", "decided"),
    ("I'm deciding whether to sell the boat", "boat"),
    ("Question: remember when we went to Porto?", "Porto"),
    ("Half my class went to Australia after we qualified", "Australia"),
    ("it's fine for everything", ""),
    ("it's raining everywhere", ""),
    ("I'm on the ferry to Stord and the wifi is garbage", "ferry"),
    ("I'm tired today, remember that", ""),
    ("I'm Jordan, nice to meet you", "Jordan is"),
    ("we don't do that", ""),
    ("can you make the answer shorter", ""),
    ("my VO2max is 46", "has a VO2max"),
    ("My neighbour Hamish does everything on Facebook, photos of his dog and all sorts", "Facebook"),
    ("My colleague Dana does everything in Notion", "Notion"),
    ("so tired today 😩 load shedding kept us up, stage 4 all night", "shedding"),
    ("the baby kept me awake", ""),
    ("forget it, I can't be bothered today", ""),
    ("ok ok ill change it. my girl keeps sayin i need a square reader for the cash clients, idk", "square"),
    ("my wife keeps tellin me to get a Square reader", "Square"),
    ("don't be worrying about it", ""),
    ("we follow up tomorrow", ""),
    ("we support the team", ""),
    ("the bread (our dog) hates it", "bread"),
    ("Tuesday is the deadline", ""),
    ("Fridays are busy", ""),
    ("tuesday is fine for me", ""),
    ("On Saturday I locked my keys in the car", "keys"),
    ("the deadline, May is 5 weeks away", "May"),
    ("the release, Hera is 3 days late", "Hera"),
    ("we ate at Nando's, she's my sister's favourite", "Nando"),
    ("I went to Lidl, she's my favourite shop", "Lidl"),
    ("I'd be grateful if you could check the logs", "logs"),
    ("it would be nice if you could check the draft", "draft"),
    ("I should be obliged if you would look over the letter", "letter"),
    ("I'd like it if we moved to Oslo one day", "Oslo"),
    ("Too Good To Go I tried one month last year, it was not good for us, I stop it.", "Too Good"),
    ("Vinted I tried for a while in 2024, it was meh", "Vinted"),
    ("sorry for the typos, I'm on my fourth iced americano", "americano"),
    ("nothing's been booked so far", "booked"),
    ("No worries at all, thanks", ""),
    ("We could use Redis here.", ""),
    ("I have a question for you", ""),
    ("I want to clean up the trainer module.", ""),
    ("I need a new revenue model.", ""),
    ("I went to the market yesterday", ""),
    ("I think we should move to Go here.", ""),
    ("My cofounder Jonas prefers dark mode everywhere.", "dark mode"),
    ("I'm a bit lost here", ""),
    ("note the date on the invoice", ""),
    ("Sanjay prefers Turborepo.", ""),
    ("The checkout tests always fail on CI.", ""),
    ("Wow, Jon, great job.", ""),
    # credentials are never facts, recognised by redaction or not
    ("the service principal secret is Bf-Sp-9931-xyzQ, rotate it monthly", ""),
    ("My locker PIN is 4821.", ""),
    ("FYI the wifi password is bluefox77", ""),
    ("Hello there, how are you doing today", ""),
    ("ok thanks, that helps", ""),
    ("I love that!", ""),
    # generalisation (adr/0085): other people's tastes, transient states, vague subjects
    ("my boss is obsessed with Tableau", "Tableau"),
    ("My brother swears by Garmin watches.", "Garmin"),
    ("my sister is really into climbing", "climbing"),
    ("my manager is a big fan of Jira", "Jira"),
    # heldout529-536 (adr/0110): their excitement and their kind of person, with words between
    ("My husband is very excited about the port wine cellars in Gaia.", "port wine"),
    ("my wife is super keen on the Douro cruise", "Douro"),
    ("my PI is a huge Seurat/R person", "Seurat"),
    ("My daughter is a massive Taylor Swift fan", "Taylor Swift"),
    # a wish of the moment, or how the person feels, is no lasting "don't want"
    ("I don't want pizza tonight", "pizza"),
    ("I don't want you to do it today", "today"),
    # heldout549 (adr/0110): the person lacking what someone else just swore by is about theirs
    (
        "My neighbour swears by Napier grass silage, he says that is why his cows give more, but I don't have Napier.",
        "Napier",
    ),
    ("my cousin swears by Starlink out there but we don't have Starlink", "Starlink"),
    # heldout553-560 (adr/0110): out of order since a recent day; a choice still open is no correction's value;
    # what the person never saw is no habit; a state for now run on after a rule
    ("The station at Dalanzadgad has been offline since Sunday.", "Dalanzadgad"),
    ("The gauge in Tarfaya has been dead for three days", "Tarfaya"),
    ("ill think about barnes-hut, not decided.", "barnes-hut"),
    ("maybe Quarto, not sure yet", "Quarto"),
    ("I never saw the Safari thing myself.", "Safari"),
    ("we never ran into that Gradle error on CI", "Gradle"),
    (
        "we keep halal at home so nothing with pork or regular gelatin please and he doesn't have a thermos yet",
        "thermos",
    ),
    # what it would take for a what-if is part of the musing
    ("What if they want an iOS version later? I don't have an Apple developer account.", "Apple developer"),
    ("What if we open a second shop in Kisumu? We don't have a van.", "van"),
    # a rival's way is theirs
    ("My competitor across the street sells everything on credit with Kaspi installments", "Kaspi"),
    ("our main competitor in Almaty uses Shopify and runs ads every week", "Shopify"),
    # a thing of the person's with where it is, no other person run on
    ("(I used to build all my sites in Elementor years ago, thankfully those days are over 😅)", "Elementor"),
    ("Load shedding is killing me today, stage 6.", ""),
    ("the traffic is driving me mad this morning", ""),
    ("Stuck in traffic on the M6 right now", ""),
    ("I'm exhausted today", ""),
    ("New one is Zq8-pLm2x.", ""),
    ("it is Tuesday", ""),
    ("that one is better", ""),
    ("The old one was fine.", ""),
    ("I'm studying for a resit", ""),
    ("I'm on the train right now", ""),
    ("I'm on call this weekend", ""),
    ("the weather stays warm", ""),
    ("20 tests, all green", ""),
    ("I have to leave at 4 today", ""),
    ("3 minutes, then it times out", ""),
    ("My partner's obsessed with F1", "F1"),
    ("Engineering at its best, really", ""),
    ("I'm retired from all that", ""),
    ("I'm the head of the queue", ""),
    ("I'm calling the plumber tomorrow", ""),
    ("My sister is in Paris this week", "Paris"),
    ("This heat is killing me", ""),
    ("Ugh, stuck on the M25 right now", ""),
    ("Honestly I'm knackered today", ""),
    ("great, 42 tests passing now", ""),
    ("it's the second one, not the first", ""),
    ("nope, wrong file, it's src/app/main.py", ""),
    # riders only where they hold: a place in a daydream, a thing's state today, someone's mum
    ("if I ever moved back home in Oslo I'd need a new job", "Oslo"),
    ("my code has 3 bugs today", ""),
    ("my laptop has 20% left", ""),
    ("can you take Python to school", ""),
    ("I'm going to the gym, I'm there till 8", ""),
    ("pw is Kawakawa!77 if u need it", ""),
    ("can you walk Tom through the code", ""),
    ("The cluster is under maintenance tomorrow.", ""),
    ("it's dev only, fine", ""),
    ("use this only for this run", ""),
    ("SQLite. Keep it simple.", "Keep it simple"),
    ("my kids menu idea", ""),
    ("I'll base it on Python 3.12", ""),
    ("my brother Caio says youtube is better than twitch for small streamers", "Caio"),
    (
        "My principal wants all of us running everything through Canvas, she's obsessed, anyway not relevant.",
        "Canvas",
    ),
    ("the notebook pulls from Snowflake, password is Tortilla_Norte_88 if you need it", "Tortilla"),
    ("it's cold here in winter", ""),
    ("This is beautiful, I almost cry at the bus station haha.", "bus station"),
    ("I nearly fell asleep on the 11 last week and ended up in Altrincham", "Altrincham"),
    ("The woman in the pharmacy was telling me I should get a Fitbit", "Fitbit"),
    ("my GP told me to walk more", "walk more"),
    ("We have two options, Chilexpress is cheap but last year one box arrived broken", "Chilexpress"),
    ("Horikawa-san will ask for the ctes to be named cte1 cte2 like he always does", "Horikawa"),
    ("The pager has been busy since the air conditioning in the server room died on Friday.", ""),
    ("my cousin yesenia swears vagaro is better", "vagaro"),
    ("also heads up, Gunnar (my lead) keeps pushing us to move everything into dbt Cloud", "dbt Cloud"),
    ("for today only", ""),
    ("one only", ""),
    ("my boss keeps everything in Excel", "Excel"),
    ("And the Deliveroo, they call me every week", "Deliveroo"),
    ("Would bf16 break the tokenizer's char vocabulary.", ""),
    ("Does Traefik strip the header", ""),
    ("I looked at Ceph as well for shared storage but with 3 nodes on 1GbE, no thanks.", "Ceph"),
    ("my Mum says I should rest more", ""),
    ("if I ever moved to Lisbon I'd learn Portuguese", "Lisbon"),
    # heldout225-232 (adr/0102): an impression of a thing; what one has that is no food; nothing must
    (
        "Should I try DeBERTa instead of the current BERT encoder? The Japanese DeBERTa v2 checkpoints look good on paper.",
        "DeBERTa",
    ),
    ("The new Fujifilm lenses look great in the reviews.", "Fujifilm"),
    ("Their Hetzner ARM boxes seem really promising.", "Hetzner"),
    ("The Sarpos sound good.", "Sarpos"),
    ("I don't have the headspace to maintain two stacks.", "headspace"),
    ("I can't have a car in Amsterdam, parking is impossible.", "car"),
    ("we've got like 40 vms on the proxmox cluster, no need to touch the rest today", "touch the rest"),
    ("No need to run the linter on this one.", "linter"),
    (
        "every script that deletes files, you show it to me before running it.",
        "Every script that deletes files.",
    ),
    # heldout233-240: a gift told as a story; a hyperbole is no preference
    (
        "My son bought me that Dragon program a few Christmases back and it made a hash of everything I said.",
        "Dragon",
    ),
    ("my sister gave me her old Kindle two years ago and I never used it", "Kindle"),
    ("I'd rather die than use Windows", "Windows"),
    # heldout457-464: away once, soon, is no schedule
    ("I'm out on the boat at Cill Chiaráin tomorrow for sampling so no more today.", "boat"),
    ("I am away at my sister's this weekend", "sister"),
    ("Someone from the sales team called about it", "sales"),
    ("I cut my finger on the mandoline at lunch service.", "mandoline"),
    ("the twins next door are loud again", "twins"),
    ("cluster is super slow today, the scheduler queue is like 300 jobs deep", "300 jobs"),
    ("no leave them, thats rodrigo's thing, he always does numbered ctes", "leave them"),
    ("my eyes are burning, 4th hour staring at nginx logs", "burning"),
    # heldout257-264: a teacher's way; a guess at what someone will ask
    ("should I learn python or MATLAB first? the professor uses MATLAB in lecture", "professor"),
    ("heads up, Dr. Nakoa will probably ask you for a notebook version of the eval", "Nakoa"),
    ("my manager will likely want a PDF too", "PDF"),
    ("Tom (he's sick) can't come today", "Tom"),
    ("Priya from the data team says dbt is overrated", "Priya"),
    ("I need to walk Priya through the deploy tomorrow", "Priya"),
    ("my neighbour Dale says I'm wasting my time", "Dale"),
    ("My instagram is tekno_serkan and password is Kordon!2024tamir", "Kordon"),
    ("my tiktok is lola.bakes, pwd is Sabor#Lima77", "Sabor"),
    ("the wifi here is PlazaNet and passphrase is verde-lima-pato", "verde"),
    # heldout297-304: a habit given up, read by no family; someone outside the household and their way,
    # and who they are with it
    ("I used to smoke a pipe on the veranda every evening", "pipe"),
    ("we used to bake our own bread every Sunday, no time anymore", "bread"),
    # heldout390: the old way, with the new one better
    ("Before, I used a daftari and counted everything on Sunday, now this is much better.", "daftari"),
    ("I kept the orders in a notebook, now it's way easier", "notebook"),
    ("before we counted the till by hand every night", "till"),
    ("my friend Dovydas writes his whole thesis in word lol, i could never", "Dovydas"),
    ("My mentor Kofi codes everything in Haskell.", "Haskell"),
    ("my neighbour Mr Obi always buys his seed in Kano", "Obi"),
    # heldout305-312: what was used in a time that is over; a stretch still to come
    ("In bachelor studies I used SPSS", "SPSS"),
    ("back in my masters I mostly used Stata", "Stata"),
    ("I'm on nights all next fortnight", "nights"),
    # heldout321-328: hands or feet frozen or numb after a night out
    ("my hands are frozen, went out last night for 3 hrs and barely got anything", "frozen"),
    ("my feet are numb after the night shoot", "numb"),
    # heldout353-360: an instruction for today, with how the morning has gone
    ("Run the tests locally, the GitHub Actions runner has been flaky all morning.", "flaky"),
    ("use the staging db, prod has been slow since this morning", "slow"),
    # heldout337-344: why an offer is let go is no rule ("X, not needed")
    ("a changelog, not really necessary", "changelog"),
    ("dark mode, not a priority", "dark mode"),
    # heldout337-344: "here in X" said during a stay that ends
    (
        "sorry slow reply, network is very bad here in ghandruk, i am with a group from holland till friday",
        "ghandruk",
    ),
    ("the wifi here in Hoi An is awful, I'm on a work trip for two weeks", "Hoi An"),
    ("typing from the ferry, it's freezing up here in Tromsø, visiting my aunt", "Tromsø"),
    # heldout609-616 (adr/0112): what is common out there; where a wrong value came from; someone by their
    # role, then what they do; a pile to get through soon
    ("Half the teacher scripts I find online are Python.", "Python"),
    ("most recipes online use cups anyway", "cups"),
    ("A lot of the templates on reddit are in Notion", "Notion"),
    ("53000 is from some qlab example I copied.", "qlab"),
    ("the 0.7 threshold was from a tutorial we followed", "tutorial"),
    ("The M17 coach does 2 hour sessions with full contact every time, the kids hate it.", "M17"),
    ("the other teacher gives homework every single day", "homework"),
    ("I have 94 lab reports to mark this weekend", "lab reports"),
    ("we have 30 boxes to pack by Friday", "boxes"),
    ("ok we keep going", ""),
    ("my legs are destroyed after the granfondo on sunday", "granfondo"),
    ("we keep it", ""),
    # heldout649-656 (adr/0113): what things cost at the moment; a licence spoken of, not held
    ("Flour is very expensive now, a 50 kg sack of the good type 1 flour is 1,450 lira this month.", "sack"),
    ("diesel went up again this week, 2.10 a litre", "diesel"),
    ("coffee is so expensive right now", "coffee"),
    ("I have my license renewal next week", "renewal"),
    ("I have a license question about the van", "question"),
    ("home is where the heart is", "heart"),
    ("I came from work at 6 and the dog had eaten my shoe", "work"),
    # heldout681 (adr/0113): someone by role at an organisation, then what they do, is no role of the person
    ("the coach at Fatima College make his boys run laps in the midday sun", "Fatima"),
    ("deal, what else do you need?", "else"),
]


@pytest.mark.parametrize(
    "text",
    [
        "my sister even does it herself",
        "my son sometimes takes the bus",
        "my wife is cooking tonight",
        "my gf said the visuals look bad",
        "my boss really does hate Jira",
        "our intern also runs the standup",
        "my mum never drives at night",
        "I'll tell my granddaughter she was right about you",
        "My assistant coach is Priyanka Shah.",
        "my dog food runs out on friday",
        "my client meeting takes two hours",
    ],
)
def test_a_word_between_a_relation_and_a_verb_is_no_lower_case_name(text: str) -> None:
    assert not [f.text for f in said(text) if f.family == "person/appositive-lower"]


@pytest.mark.parametrize(
    "text",
    [
        "ugh ok. my supervisor is prof. laurent béland btw, can i do that from one main.tex",
        "my mentor is dr. amina yusuf, can we draft the email to her now",
    ],
)
def test_a_title_in_small_letters_ends_no_sentence_and_a_question_after_a_comma_is_cut_off(text: str) -> None:
    texts = [f.text for f in said(text)]
    assert any(re.search(r"(?:prof|dr)\. \w+ \w+", t, re.IGNORECASE) for t in texts), texts
    assert not any("main.tex" in t or "draft" in t for t in texts), texts


@pytest.mark.parametrize(
    ("text", "kept", "asked"),
    [
        ("we deploy on Fridays, can we move the cron to Monday", "We deploy on Fridays.", "Monday"),
        ("We always ship on Tuesdays, could we skip this week's", "always ship on Tuesdays", "skip"),
    ],
)
def test_a_question_of_the_persons_after_a_comma_is_no_part_of_the_fact(
    text: str, kept: str, asked: str
) -> None:
    texts = [f.text for f in said(text)]
    assert any(kept in t for t in texts), texts
    assert not any(asked in t for t in texts), texts


@pytest.mark.parametrize(("text", "word"), NEGATIVE, ids=[n[0][:40] for n in NEGATIVE])
def test_family_refuses(text: str, word: str) -> None:
    facts = said(text)
    if not word:
        assert facts == [], [(f.family, f.text) for f in facts]
    else:
        assert not any(word.lower() in f.text.lower() or word.lower() in f.quote.lower() for f in facts), (
            facts
        )


@pytest.mark.parametrize(
    ("text", "subject"),
    [
        ("I'm on amlodipine for my blood pressure", "health"),
        ("I'm on lisinopril", "health"),
        ("I'm on Alpine", "tool"),
        ("I'm on a Windows 11 work laptop", "tool"),
        ("i take vitamin D every morning", "health"),
    ],
)
def test_a_medicine_is_health_an_operating_system_is_a_tool(text: str, subject: str) -> None:
    assert [f.subject for f in said(text)] == [subject]


def test_friends_talking_advise_each_other_they_do_not_instruct_an_assistant() -> None:
    """Named speakers and no assistant (a chat between friends): "never give up" is advice, not a rule."""
    events = [
        SessionEvent("message", turn=0, role="user", name="Gina", text="Never give up. Let's keep going!"),
        SessionEvent(
            "message", turn=1, role="user", name="Jon", text="Remember to stay positive. I love dancing."
        ),
        SessionEvent(
            "message", turn=2, role="user", name="Gina", text="Seeing them grow must be fulfilling."
        ),
    ]
    facts = OfflineObserver().extract(events).facts
    assert [(f.family, f.text) for f in facts] == [("preference/stated", "Jon loves dancing.")]


def test_assistant_words_are_never_the_persons() -> None:
    assert (
        facts_of(("assistant", "I prefer concise answers. Always use tabs. You could switch to Vitest."))
        == []
    )


@pytest.mark.parametrize(
    ("assistant", "user", "statement"),
    [
        ("Here's the bash version: complete -F _kadr kadr", "no, it's fish not bash", "Shell: uses fish, not bash."),
        ("I'll install it with npm.", "No — pnpm, not npm.", "Package manager: uses pnpm, not npm."),
        ("I'll set the retry limit to 5.", "No, 3, not 5.", "Retry limit: 3, not 5."),
        (
            "I'll bump the HTTP timeout to 30s.",
            "no, it's 10 seconds, not 30 — the proxy drops anything longer",
            "HTTP timeout: 10 seconds, not 30 (the proxy drops anything longer).",
        ),
        ("I'll run black on the changed files.", "Formatting: ruff format, not black.", "Formatting: ruff format, not black."),
        ("The meeting is Tuesday.", "No, that's wrong. It's on Thursday.", "Correction: It's on Thursday."),
        ("I'll add Celery for the job queue.", "no Celery. RQ is already set up.", "No Celery (RQ is already set up)."),
        ("Booked the 5th floor room.", "Actually, I said the 3rd floor, not the 5th.", "Correction: The 3rd floor, not the 5th."),
        # said to someone ("no mate", "nah bro"): the address is no ban, the correction stands
        ("For a squad of around 25 players, I'd use stations.", "no mate, it's 18 kids, not 25", "Squad: 18 kids, not 25."),
        ("I'll set the timezone to Europe/London.", "nah bro it's Africa/Lagos", "Correction: It's Africa/Lagos."),
        # what is said before the no ("Close, but no", "good start but", "First, no"), and "X isn't Y, it's Z"
        ("Here's a timeline back from Saturday, May 16.", "Close, but no, it's Sunday May 17, not the 16th.", "Correction: Sunday May 17, not the 16th."),
        ("With about 20 players, here's a draft block.", "good start but it's 26 on the panel, not 20", "Correction: 26 on the panel, not 20."),
        ("Ubuntu 22.04 ships ansible-core 2.12.", "First, no, the web tier isn't Ubuntu, it's Rocky Linux 9.", "Web tier: Rocky Linux 9, not Ubuntu."),
        ("I'll start tomatoes in your polytunnel in March.", "No dear, it's a greenhouse, not a polytunnel.", "Correction: A greenhouse, not a polytunnel."),
        ("I'll assume R 4.3 like most clusters.", "Non, not 4.3. We have R 4.4.1 on the cluster.", "Correction: We have R 4.4.1 on the cluster, not 4.3."),
        ("With 40 singers you'll have plenty of helpers.", "Sorry, we're not 40 any more. We're 28 members now.", "Correction: We're 28 members now, not 40."),
        ("Do you sell by the dozen?", "No, here we don't sell by the dozen. We sell by the crate.", "Correction: Here we don't sell by the dozen; we sell by the crate."),
        ("Is this for ICASSP?", "not ICASSP 🙃 it's Interspeech.", "Correction: Interspeech, not ICASSP."),
        # "nope nope" is the no itself, not a dismissal of what follows
        ("Bump to React 19 while we're here?", "nope nope, we're on React 18, not 19!!", "React: we're on React 18, not 19."),
        ("I'll add a Postgres service.", "no, not Postgres. Postgres is overkill here, it's SQLite in this app.", "Correction: It's SQLite in this app, not Postgres."),
        ("On your iPhone, open Messages.", "It's not an iPhone honey, it's a Samsung, the Galaxy A15.", "Correction: A Samsung, the Galaxy A15, not an iPhone."),
        # the person puts their own words right
        ("For your three groups, here is a template.", "Sorry, I made a mistake, it's four groups this year.", "Correction: It's four groups this year."),
        ("I'll plan around the 12th.", "oops I was wrong, the wedding is on the 14th", "Correction: The wedding is on the 14th."),
        ("So 6 kiosks in total.", "my bad, we have 8 kiosks", "Correction: We have 8 kiosks."),
        # a correction named as one, with where it applies
        ("Backups land on the NetApp.", "and a correction to your summary earlier: backups go to the Synology in building C, not the NetApp.", "Correction: Backups go to the Synology in building C, not the NetApp."),
        ("Your sister Inez will love it.", "quick correction — my sister is Ines, not Inez", "Correction: The user's sister is Ines, not Inez."),
        ("The kiln is in the shed.", "One small correction: the kiln is in the garage.", "Correction: The kiln is in the garage."),
        ("The Jawa 634 is a single.", "Small correction to your first answer, my Jawa 634 is not single cylinder, it is two-stroke twin.", "Correction: The user's Jawa 634 is not single cylinder, it is two-stroke twin."),
        # heldout241-248: what it is not, then what it is; "theyre" typed; a statement after "no," to an
        # either-or offer; where the wrong one was written; the right half a sentence later
        ("Which email provider do you use? I'll assume it's Gmail for now.", "No, it's not Gmail. It's a btinternet address, the BT email.", "Correction: It's a btinternet address, the BT email, not Gmail."),
        ("Since these are Debian hosts I'll use the service module.", "nah theyre ubuntu 22.04, all of them.", "Correction: Theyre ubuntu 22.04, all of them."),
        ("Init fails: the backend points at kudipay-terraform-state. Is the state in a different region, or should I create the bucket?", "no, the state bucket is kudipay-tfstate-prod.", "Correction: The state bucket is kudipay-tfstate-prod."),
        ("You could use your hours internally.", "btw its osaka not tokyo lol, u wrote tokyo in the TOS.", "Correction: Its osaka, not tokyo."),
        ("Week 1: English essays and Calculus.", "nah its not calc, i dropped calc at the end of yr 11. its stats now", "Correction: Its not calc, the user dropped calc at the end of yr 11; it's stats now."),
        # heldout489-496: what it is not and what it is, said of "they/it/that", after a "sorry" or no opener
        ("What about raised beds? They warm up sooner in spring.", "Sorry, they're not raised beds, they're lazy beds.", "Correction: Lazy beds, not raised beds."),
        ("Raised beds warm up sooner in spring.", "Sorry, they're not raised beds, they're lazy beds — the old ridge style, dug by my husband's grandfather.", "Correction: Lazy beds, not raised beds."),
        ("Your Honda will want an oil change at 10k km.", "It isn't a Honda, it's a Yamaha.", "Correction: A Yamaha, not a Honda."),
        ("Cows need shade in July.", "thanks! oh and they arent cows, theyre water buffalo", "Correction: Water buffalo, not cows."),
        ("The review is on Tuesday, so send it Monday.", "Oops, that wasn't Tuesday, it was Wednesday.", "Review: Wednesday, not Tuesday."),
    ],
)  # fmt: skip
def test_corrections_say_what_they_are_about(assistant: str, user: str, statement: str) -> None:
    facts = facts_of(("assistant", assistant), ("user", user))
    assert [f.text for f in facts] == [statement]
    assert facts[0].kind == "correction" and facts[0].context == assistant


@pytest.mark.parametrize(
    ("assistant", "user", "statement", "offer"),
    [
        # (adr/0111) the wrong one was only put forward: the person chose, nothing of the assistant's was wrong
        ("You could switch the reference to SILVA 138.", "No, not SILVA. SILVA is for 16S/18S, we do fish, so we use the MitoFish reference.", "We use the MitoFish reference.", "SILVA"),
        ("Vercel is the path of least resistance for Next.js.", "nah, not Vercel. We're hosting on Netlify, the church has an account there.", "We're hosting on Netlify, the church has an account there.", "Vercel"),
        ("Want me to add a Redis cache in front?", "No, not Redis. We use memcached here.", "We use memcached here.", "Redis"),
    ],
)  # fmt: skip
def test_a_no_to_an_offer_with_a_choice_is_the_choice_alone(
    assistant: str, user: str, statement: str, offer: str
) -> None:
    facts = facts_of(("assistant", assistant), ("user", user))
    assert [f.text for f in facts] == [statement]
    assert facts[0].kind == "decision" and facts[0].context == ""
    assert offer.lower() not in facts[0].quote.lower()


@pytest.mark.parametrize(
    ("assistant", "user", "offered"),
    [
        # heldout521-528: what will not be done with the offer, by the person or by their people
        ("You could use an MQTT broker like Mosquitto on the Pi.", "No, I will not run Mosquitto or any of that, too many parts that can break at sea.", "Mosquitto"),
        ("Cauliflower rice is a good low-carb swap.", "No, my customers will not eat cauliflower rice, they will laugh at me.", "cauliflower"),
        ("Try Duolingo for ten minutes a day.", "No, my kids wouldn't use Duolingo, they hate apps", "Duolingo"),
    ],
)  # fmt: skip
def test_an_offer_that_will_not_be_used_is_no_correction(assistant: str, user: str, offered: str) -> None:
    facts = facts_of(("assistant", assistant), ("user", user))
    assert [f.text for f in facts if offered in f.text] == []


def test_a_no_to_what_the_assistant_assumed_still_corrects_it() -> None:
    facts = facts_of(
        ("assistant", "You're on Windows, so use PowerShell."),
        ("user", "No, I don't use Windows, I'm on Linux."),
    )
    assert [f.family for f in facts] == ["correction/no"] and "Linux" in facts[0].text


def test_an_offer_let_go_is_no_correction_whatever_word_the_assistant_used() -> None:
    assistant = (
        "Fixed. Only base R, no pipes needed in this script. If you'd like, I can also add a Quarto report."
    )
    for user in (
        "Thanks. Skip the Quarto report, not needed.",
        "Great. Drop the Quarto report, not necessary.",
    ):
        facts = facts_of(("assistant", assistant), ("user", user))
        assert [f.text for f in facts if "Quarto" in f.text] == [], user


@pytest.mark.parametrize(
    ("assistant", "user"),
    [
        # the wrong one was never named by the assistant: no correction of anything it said
        ("Your bike will want an oil change at 10k km.", "Sorry, they're not raised beds, they're lazy beds."),
        # what a thing is like, not what it is
        ("Those boots run about 180 euros.", "they're not cheap, they're too much for one season"),
    ],
)  # fmt: skip
def test_what_it_is_not_said_of_they_needs_the_assistants_word(assistant: str, user: str) -> None:
    assert [
        f.family for f in facts_of(("assistant", assistant), ("user", user)) if f.kind == "correction"
    ] == []


def test_an_answer_to_the_assistants_either_or_question_is_a_decision() -> None:
    facts = facts_of(
        ("assistant", "Should I use Postgres or SQLite for the cache?"), ("user", "SQLite. Keep it simple.")
    )
    assert [(f.family, f.text) for f in facts] == [
        ("decision/answer", "Decision: SQLite, not Postgres, for the cache.")
    ]


def test_a_decision_followed_by_a_question_in_one_message() -> None:
    facts = said(
        "Let's ship the new navbar behind a feature flag. Does the flag service support percentages?"
    )
    assert [(f.kind, f.text) for f in facts] == [
        ("decision", "Decision: Ship the new navbar behind a feature flag.")
    ]


def test_one_message_several_families() -> None:
    facts = said("I'm vegetarian, and my partner Sam eats fish. I use fish, and my editor is neovim.")
    assert [f.text for f in facts] == [
        "The user is vegetarian.",
        "The user's partner is Sam.",
        "The user uses fish.",
        "The user's editor is neovim.",
    ]
    assert [f.subject for f in facts] == ["health", "person", "tool", "tool"]


# ----------------------------------------------------------------- real sessions, real pipeline
def _git(root: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(root), *args], capture_output=True, text=True, check=True).stdout


@pytest.mark.parametrize("name", ["marta-checkout", "tomasz-cli", "daniel-meals"])
def test_labelled_session_through_observe(name: str, cli: Any, ws: Workspace, tmp_path: Path) -> None:
    labels = {
        s["name"]: s for s in json.loads((DATA / "labels.json").read_text(encoding="utf-8"))["sessions"]
    }
    session = labels[name]
    source = DATA / session["file"]
    fmt = ["--format", "claude-code"] if source.suffix == ".jsonl" else []
    result = cli("observe", "--import", str(source), *fmt, workspace=ws)
    assert result.exit_code == 0, result.output
    statements = [f.body.split("\n\n", 1)[0] for _, f in iter_fragments(ws)]
    for fact in session["facts"]:
        assert any(all(k.lower() in s.lower() for k in fact["keys"]) for s in statements), (fact, statements)
    for keys in session["decoys"]:
        assert not any(all(k.lower() in s.lower() for k in keys) for s in statements), (keys, statements)
    everything = _git(ws.root, "log", "--all", "-p", "--format=%B")
    assert not any(secret in everything for secret in session["secrets"])


def test_categories_follow_the_subject(cli: Any, ws: Workspace) -> None:
    source = DATA / "ines-travel.txt"
    assert cli("observe", "--import", str(source), workspace=ws).exit_code == 0
    by_text = {f.body.split("\n\n", 1)[0]: f.category for _, f in iter_fragments(ws)}
    assert by_text["The user's passport expires in March 2027."] == "admin"
    assert by_text["The user's manager is Tom Becker."] == "people-relationships"
    assert by_text["The user is allergic to penicillin."] == "personal"
    assert by_text["Stop suggesting hotel upgrades."] == "rules-conventions"
    # each fragment says which phrasing family kept it and what it is about, for the reviewer
    why = {
        f.body.split("\n\n", 1)[0]: (f.extra.get("family"), f.extra.get("subject"))
        for _, f in iter_fragments(ws)
    }
    family, subject = why["The user's passport expires in March 2027."]
    assert family and subject == "documents"


def test_a_second_message_in_a_row_still_answers_the_assistant() -> None:
    """The assistant offered an Instant Pot; the person answers in two messages. The second still
    corrects the offer: what they have instead is kept with it, not a bare "No instant pot"."""
    kept = facts_of(
        ("assistant", "What equipment do you have? An Instant Pot would make a lot of this faster."),
        ("user", "im celiac so nothing with gluten"),
        ("user", "and no instant pot, i have a crockpot. thats it"),
    )
    assert [f.text for f in kept if "crockpot" in f.text], [f.text for f in kept]


@pytest.mark.parametrize(
    ("text", "pinned"),
    [
        (
            "Use --vault-password-file ~/.vault_pass. Remember this path for the future, and never print it.",
            "Use --vault-password-file ~/.vault_pass.",
        ),
        (
            "The spare key is under the blue pot by the shed. Remember that.",
            "The spare key is under the blue pot",
        ),
        (
            "Our wifi router lives in the hall cupboard. pls note that one",
            "wifi router lives in the hall cupboard",
        ),
    ],
)
def test_remember_this_pins_the_sentence_before(text: str, pinned: str) -> None:
    kept = said(text)
    hits = [f for f in kept if f.family == "request/pointer"]
    assert hits and pinned in hits[0].text, [(f.family, f.text) for f in kept]
    assert hits[0].priority == "high"


@pytest.mark.parametrize(
    "text",
    [
        "Great job. Remember that.",
        "I'm so tired today. remember that",
        "Should we use Redis? note that",
        "My locker at the gym is 42. Remember that one please",  # read already; "that one" is no object
    ],
)
def test_remember_this_after_nothing_lasting_pins_nothing(text: str) -> None:
    kept = said(text)
    assert not [f for f in kept if f.family.startswith("request/")], [(f.family, f.text) for f in kept]


@pytest.mark.parametrize(
    ("assistant", "user", "statement"),
    [
        (
            "There's no hosts.ini at the repo root. Where does the inventory live?",
            "its inventories/prod.yml, we moved off the ini format.",
            "Inventory: inventories/prod.yml.",
        ),
        ("Quick question first: what's your shell?", "it's fish", "The user's shell: fish."),
        ("Which region are you in?", "it's eu-north-1, always", "Region: eu-north-1."),
        (
            "What is the name of your bakery?",
            "its called Sunny Crumb",
            "Name of the user's bakery: Sunny Crumb.",
        ),
        ("Which cloud do you use?", "we're on Hetzner", "Cloud: Hetzner."),
        # a bare place answers "where do you live" (answer/where)
        (
            "Sorry to hear that. Where are you renting, and when does your tenancy end?",
            "phibsborough, dublin 7. 2 bed flat i share with my mate cathal.",
            "The user rents in Phibsborough, Dublin 7.",
        ),
        ("Happy to help with the route. Which city are you in?", "Porto", "The user lives in Porto."),
        ("Where are you from originally?", "Kumasi.", "The user is from Kumasi."),
        ("Where do you live?", "just outside Graz", "The user lives in Graz."),
    ],
)
def test_an_answer_to_the_assistants_where_or_what_question_keeps_its_topic(
    assistant: str, user: str, statement: str
) -> None:
    facts = facts_of(("assistant", assistant), ("user", user))
    assert statement in [f.text for f in facts], [(f.family, f.text) for f in facts]


@pytest.mark.parametrize(
    ("assistant", "user"),
    [
        ("What's the error message?", "it's a 502 from nginx"),  # this minute's, not theirs
        ("What's the weather like?", "it's raining"),
        ("Where is the invoice?", "its in the drawer today"),
        ("What's your budget?", "it's fine"),
        # no place, or no "where do you live" (answer/where)
        ("Where is the config file?", "Lisbon"),
        ("Where are you renting?", "not sure tbh"),
        ("Where do you live?", "why do you ask"),
        ("Where do you live?", "No."),
        ("What's the best time to call?", "Tuesday"),
    ],
)
def test_an_answer_about_this_minute_keeps_nothing(assistant: str, user: str) -> None:
    facts = facts_of(("assistant", assistant), ("user", user))
    assert not [f for f in facts if f.family.startswith("answer/")], [(f.family, f.text) for f in facts]


@pytest.mark.parametrize(
    ("assistant", "user", "gone"),
    [
        # a no to an offer, and someone else's taste after it: no right half to keep
        (
            "GORM would remove most of that boilerplate if you ever want to clean it up.",
            "lol no, not GORM. Ifeoma on the platform team swears by Bazel for everything.",
            "GORM",
        ),
        (
            "This is a good candidate for an incremental materialization.",
            "Nah, leave it as a plain table, incremental is more hassle than it's worth for us right now.",
            "incremental",
        ),
        # a second option, considered before and turned down, after the no
        (
            "You could also sell online, for example on Takealot, to get better prices than the market.",
            "No, not online. I thought about Takealot before, too much admin with the couriers. The market is enough.",
            "Takealot",
        ),
        (
            "We could run it on Docker Swarm.",
            "Swarm is dead, not going there.",
            "Swarm",
        ),
        # "a natural moment to …" offers; "not now, not as part of …" turns it down for now, with why
        (
            "One suggestion: this upgrade would be a natural moment to replace the node groups with Karpenter.",
            "No Karpenter. Not now, not as part of an upgrade, too much moving at once.",
            "Karpenter",
        ),
        # an offer in two sentences ("… faster with sccache. Want me to add it?") declined for now
        (
            "CI builds would be a lot faster with sccache in front of rustc. Want me to add it to the workflow?",
            "nah, skip sccache. we tried it last year and the hit rate on our runners was garbage. just commit the fix.",
            "sccache",
        ),
        # "one suggestion", and what the change "would clean up"; the plain word of the offer declined
        (
            "One suggestion: there's no read-trimming step, and a `fastp` rule before salmon would clean up adapters.",
            "No trimming, skip fastp. salmon's selective alignment handles it.",
            "trimming",
        ),
        # the offer named first and turned down, with why ("Not X, it is too cryptic")
        (
            "If the files keep growing, `data.table` would make the cleaning step much faster.",
            "Not data.table, it is too cryptic for the team, we stay like this.",
            "data.table",
        ),
        (
            "I'd recommend Grafana Cloud for the dashboards.",
            "Not Grafana Cloud, way overkill for three sensors.",
            "Grafana",
        ),
        # "no, don't make it X" to the offer of X
        (
            "I could also make the model incremental so it only processes new rows.",
            "No dont make it incremental. Its tiny.",
            "incremental",
        ),
        # the offer singular, the no plural; an "only" in why is no standing rule
        (
            "To grow faster you could also run a giveaway, for example a free wash for one follower.",
            "No giveaways, that only attracts people who want free stuff and then unfollow.",
            "giveaway",
        ),
        # heldout337-344: the offer singular in "-y", the no in "-ies"
        (
            "Optionally you could add a battery bank so the pump also runs at night.",
            "no batteries, we pump into the tank by day, that's the whole point of having the tank.",
            "batter",
        ),
        (
            "You might also add a few categories for the expenses.",
            "No categories, one list is fine.",
            "categor",
        ),
        # "don't migrate to X", "don't add X": the offered change turned down, with no object named
        (
            "The app uses Provider; migrating to Riverpod would make this easier to test. Want me to do both?",
            "Fix the permission crash only. Don't migrate to Riverpod.",
            "Riverpod",
        ),
        (
            "You could move the store into Zustand, it would simplify the reducers.",
            "dont switch to zustand, just fix the bug",
            "zustand",
        ),
        ("I can also add Sentry for crash reports if you like.", "Please don't add Sentry.", "Sentry"),
        # "skip X, not needed": why the offer is let go, no value set right
        (
            "Optionally I can also add `django-debug-toolbar` to the local settings. Want me to do both?",
            "yes do select_related. skip the debug toolbar, not needed.",
            "toolbar",
        ),
        ("I could also write a CHANGELOG for this.", "drop the changelog, not really necessary", "changelog"),
        ("I can also add django-silk for profiling.", "skip silk, not this sprint", "silk"),
        ("I could also write tests for the parser.", "the parser tests, not needed", "parser tests"),
        # "X no, thank you": the offer named first, then the no
        (
            "If you like, I could also extend the program to upload product photos automatically from a folder.",
            "Image upload no, thank you, my daughter does the pictures herself, she is very particular.",
            "upload",
        ),
        ("I could also set up a newsletter signup on the page.", "the newsletter no thanks", "newsletter"),
        # heldout345-352: "would you also like me to …", "do you also want …" offer too
        (
            "Would you also like me to set up a small Snakemake pipeline so the figure rebuilds by itself?",
            "No, no Snakemake — it's one figure, a Makefile target is enough.",
            "Snakemake",
        ),
        ("Do you also want me to add a Makefile?", "no makefile, it's two commands", "makefile"),
        # heldout369-376: "… if that helps", "Could be worth asking about" after the thing
        (
            "I can also turn the two weeks into a shopping list sorted by Aldi/Lidl sections if that helps.",
            "no shopping list, i do it myself.",
            "shopping list",
        ),
        (
            "Some growers bridge the months with a small development bank microloan. Could be worth asking about.",
            "no microloan, not going in debt for this, we manage like every year.",
            "microloan",
        ),
        (
            "A few of my other users keep a paper logbook. Might be worth a look.",
            "no logbook, not for me",
            "logbook",
        ),
        (
            "I'll put the prices in a table for you, if that helps.",
            "no table, the numbers are enough",
            "table",
        ),
        # heldout377-384: a plan laid out; what is named in it is offered
        (
            "Here is a suggested plan:\n- Day 2: Samsun → Trabzon. Stay the night in Trabzon and visit Sümela.\n"
            "- Day 3: Trabzon → Batumi.",
            "No, not Trabzon for the night, we have seen Sümela already two times.",
            "Trabzon",
        ),
        (
            "Proposed menu:\n- Monday: Jollof rice\n- Tuesday: Egusi soup",
            "no egusi, the kids won't eat it",
            "egusi",
        ),
        # heldout385-392: "Want one?" after the thing
        (
            "I can draw a confusion matrix to confirm, with seaborn's `viridis` heatmap and a colour bar. Want one?",
            "Yes please, a confusion matrix. So no viridis — use something that survives a black-and-white printer.",
            "viridis",
        ),
        # heldout390: "the quickest fix is X" offers X; "I'd rather not pull X in" turns it down, X named by its
        # module ("dbt_utils.deduplicate")
        (
            "For the duplicated rows, the quickest clean-up is the `dbt_utils.deduplicate` macro plus a full refresh.",
            "I'd rather not pull dbt_utils in just for dedup, write plain SQL with QUALIFY.",
            "dbt_utils",
        ),
        (
            "The simplest fix would be the `lodash.debounce` helper.",
            "we'd prefer not to add lodash for one function",
            "lodash",
        ),
        # heldout417-424: "no, not X, <why>", then someone else's way: no second half of a correction
        (
            "Removed the argparse flag and moved `batch_size: 8` into `conf/train/default.yaml`. Smoke run completes."
            "\n\nIf you want, I could port the loop to PyTorch Lightning — it would handle `no_grad`, device moves and "
            "mixed precision for you, and prevent this class of bug.",
            "no, not Lightning, I don't have time to learn another abstraction before the deadline. My labmate "
            "Kavya uses wandb for everything and keeps saying I should too, not now.",
            "Lightning",
        ),
        (
            "Done, the tests pass.\n\nIf you want, I could move the configs to Hydra — it would make sweeps easier.",
            "no, not Hydra, argparse is enough for a thesis. My supervisor Dr. Okafor keeps saying I should use it.",
            "Hydra",
        ),
        # a bare no, then a rule of its own about something else: the no is no rule
        (
            "If you like, I can also add Stripe checkout so customers can pay online. Would that help?",
            "No Stripe please. We take payment only by UPI, no cards.",
            "Stripe",
        ),
        (
            "The easiest way is to use Zapier to forward the orders.",
            "I would rather not use Zapier, I'll copy them by hand this week.",
            "Zapier",
        ),
        # heldout529-536 (adr/0110): what the assistant offers to set up, in an app of some kind
        (
            "Suggested spreadsheet, one tab per month. I can also set this up in a budgeting app like YNAB, "
            "which syncs between your phone and Ionela's.",
            "no ynab, ionela wont learn an app, keep it in google sheets.",
            "ynab",
        ),
        (
            "I could also wire this into a note-taking tool like Obsidian if you want.",
            "no obsidian, my laptop is old, plain text files are fine",
            "obsidian",
        ),
        # heldout537-544: let go at the end, after why; named first, then let go as "it"
        (
            "With a drip line you could also plant a few avocado trees between the olives.",
            "No water on the land only the rain so ok forget the avocado.",
            "avocado",
        ),
        (
            "You could also mention your volunteering with the animal shelter, if you have done any.",
            "the animal shelter was one weekend with my university group, skip it, it would be fake.",
            "animal shelter",
        ),
        (
            "You might also add a section on the Erasmus café evenings.",
            "the café evenings are not really me, leave it out",
            "café",
        ),
        # heldout553-560: why the offer is no good, with a "never" of another thing
        (
            "I could add a GitHub Action that builds the report on every push.",
            "no GitHub Action, the data never leaves the hospital network.",
            "GitHub Action",
        ),
        (
            "You could also sync it to Google Drive so your team sees it.",
            "no Google Drive, the files only stay on the clinic server.",
            "Google Drive",
        ),
        # an app of some kind named, with no verb of offering
        (
            "For the two of you on different phones, a budgeting app like YNAB syncs both ways.",
            "no ynab, sheets is fine for us",
            "ynab",
        ),
        # a please before the no (adr/0110)
        (
            "Side note: the cart state is getting complex. If you want, I could migrate it to Redux Toolkit.",
            "Please no Redux. Our team decided on Zustand last year and we keep it.",
            "Redux",
        ),
        # a choice still open, after the assistant named it
        (
            "Barnes-Hut would bring the force step down to O(n log n) for your 10^5 bodies.",
            "ill think about barnes-hut, not decided.",
            "barnes",
        ),
        # what the assistant only talked about, let go by name
        (
            "About avocado: it can grow in the warmest coastal parts of Puglia, but it needs water all summer.",
            "no water on the land only the rain so ok forget the avocado.",
            "avocado",
        ),
        (
            "Day 4 is Sintra, with the Pena Palace in the morning.",
            "skip Sintra, my mother can't do the hills",
            "Sintra",
        ),
    ],
)
def test_a_no_to_an_offer_with_nothing_in_its_place_keeps_nothing(
    assistant: str, user: str, gone: str
) -> None:
    facts = facts_of(("assistant", assistant), ("user", user))
    # what a fragment shows, its quote too
    assert not [f.text for f in facts if gone.lower() in f"{f.text} {f.quote}".lower()], [
        f.text for f in facts
    ]


@pytest.mark.parametrize(
    ("assistant", "user", "kept"),
    [
        # heldout228: a bare no to the offer, the next sentence says it stands
        (
            "The simplest robust fix would be `snap install certbot --classic`, which ships its own timer.",
            "no snap. every box here is debian 12 and I keep snapd off all of them, apt only.",
            "snap",
        ),
        (
            "I could also add Docker for the dev setup.",
            "no docker. we keep docker off every one of these laptops, always.",
            "docker",
        ),
        # "nah X is on …": what is so, no decline, the article left out
        (
            "Since the cluster is on 1.29, the quickest fix is to let the AMI resolve to the latest 1.29 release.",
            "nah cluster is on 1.31 not 1.29, we upgraded the control plane in july",
            "1.31",
        ),
        # … a name or a value, or one set right
        (
            "Want me to bump the deployment target to iOS 17 so we can use the new onChange? I could also add a shim.",
            "No, deployment target is iOS 16 and it stays there, a lot of our commuters are on older iphones.",
            "iOS 16",
        ),
        (
            "The quickest fix is to change the deadline in the README to June 21.",
            "no, deadline is june 12 not june 21, i wrote it wrong in the readme",
            "june 12",
        ),
        # a please before the no, and a lasting "keep this in mind for every suggestion" (adr/0110)
        (
            "You could also consider the hotels in the old town, where many small guesthouses are.",
            "Also important: my wife has bad knees, so please no hotels without an elevator, keep this in mind for "
            "every suggestion.",
            "elevator",
        ),
        # the alternative named, with a reason about another thing beside it (adr/0110)
        (
            "Longer term you could move this screen to Bloc, it would make the state easier to test.",
            "We're on Riverpod for state management, not Bloc, so please don't introduce Bloc anywhere.",
            "Riverpod",
        ),
    ],
)
def test_a_no_to_an_offer_that_says_it_lasts_is_kept(assistant: str, user: str, kept: str) -> None:
    facts = facts_of(("assistant", assistant), ("user", user))
    assert [f.text for f in facts if kept.lower() in f.text.lower()], [f.text for f in facts]


@pytest.mark.parametrize(
    ("intro", "rule"),
    [
        ("Here is the plan the travel agent sent, please check it:", "---"),
        ("my landlord emailed this this morning", "====="),
        ("The itinerary Kofi put together:", "***"),
        ("This is the draft from my supervisor:", "---"),
    ],
)
def test_a_document_someone_else_wrote_is_not_the_persons_word(intro: str, rule: str) -> None:
    # heldout393-400: the lines of a pasted plan are the agent's; a no to one of them is no rule
    message = (
        f"I'm a chef in Rosario. {intro}\n\n{rule}\nDay 1-4 Tokyo: sushi omakase dinner\n"
        f"Day 5-6 Hakone: ryokan with kaiseki dinner, onsen\nI always book the Shinkansen early.\n{rule}\n\n"
        "I never eat raw fish."
    )
    facts = facts_of(
        ("user", message),
        ("assistant", "Six bases in 13 days is a lot of packing. The Hakone ryokan is pricey."),
        ("user", "no Hakone, we don't want to move hotel so many times."),
    )
    texts = [f.text for f in facts]
    assert not [t for t in texts if "Hakone" in t or "Shinkansen" in t], texts
    assert [t for t in texts if "raw fish" in t] and [t for t in texts if "chef" in t], texts


def test_a_document_the_person_wrote_stays_their_word() -> None:
    message = "Here is the plan I made:\n---\nI always book the Shinkansen early.\n---\nDoes it work?"
    assert [f.text for f in facts_of(("user", message)) if "Shinkansen" in f.text]


@pytest.mark.parametrize(
    ("user", "stale"),
    [
        (
            "The Snowflake section in there is from 2023, we migrated off it and nobody cleaned up the docs.",
            "Snowflake",
        ),
        ("The Heroku part of the readme is from 2021, we moved to Fly and nobody updated it.", "Heroku"),
        ("the Jenkins page of the wiki is out of date, ignore it", "Jenkins"),
    ],
)
def test_what_a_document_says_is_stale_is_not_how_things_are(user: str, stale: str) -> None:
    # heldout417-424
    facts = facts_of(
        ("assistant", "I left the README alone; want me to fix that section in a separate commit?"),
        ("user", user),
    )
    assert not [f.text for f in facts if stale in f.text], [f.text for f in facts]


def test_an_either_or_answer_stands_when_the_other_option_is_turned_down() -> None:
    facts = facts_of(
        ("assistant", "Will you be using Excel or Google Sheets? And how many jobs a week?"),
        ("user", "google sheets, dont have office and not paying for it. maybe 25-30 jobs a wk"),
    )
    assert "Decision: Google Sheets, not Excel." in [f.text for f in facts], [f.text for f in facts]


@pytest.mark.parametrize(
    ("text", "kept", "gone"),
    [
        (
            "Background: since I became platform team lead in January, all the cost tickets land on my desk, "
            "and our CFO wants the monthly AWS bill under 8k.",
            "team lead",
            "CFO",
        ),
        (
            "fyi I run the food bank rota on Saturdays, and my neighbour Pat always says I should charge for it.",
            "food bank",
            "charge",
        ),
    ],
)
def test_a_request_keeps_the_persons_part_and_not_someone_elses_wish_after_it(
    text: str, kept: str, gone: str
) -> None:
    facts = said(text)
    assert any(kept in f.text for f in facts), [f.text for f in facts]
    assert not any(gone in f.text for f in facts), [f.text for f in facts]


def test_a_rule_too_short_to_stand_alone_joins_the_rule_before_it() -> None:
    texts = [f.text for f in said("Never run terraform apply yourself. Plan only, I apply.")]
    assert texts == ["Never run terraform apply yourself; plan only."]


def test_a_business_named_after_a_comma_keeps_its_name() -> None:
    texts = " ".join(
        f.text
        for f in said(
            "I run a casa rural with six rooms near Cangas de Onís, it's called La Pumarada, and we had bad reviews"
        )
    )
    assert "La Pumarada" in texts


def test_a_corrections_context_is_the_list_item_it_answers_with_numbers_as_words() -> None:
    from jarvis.observe.plan import corrected_sentence

    assistant = (
        "Yes, include equipment wear in overhead. For a 3-tier cake, a rough example: - ingredients: 140 $ "
        "- overhead (including the mixer and oven): 45 $ - price before taxes: 521 $ With your 4 employees, "
        "you should also check that a wedding weekend doesn't block the regular production."
    )
    facts = facts_of(("assistant", assistant), ("user", "No, I have six employees, not four."))
    fixed = [f for f in facts if f.kind == "correction"]
    assert fixed, [f.text for f in facts]
    said = corrected_sentence(fixed[0])
    assert "4 employees" in said and "oven" not in said


def test_a_corrections_context_is_the_clause_that_was_wrong() -> None:
    """What else the assistant's sentence said is no part of the correction (nor of memory)."""
    from jarvis.observe.plan import corrected_sentence

    assistant = (
        "If you're fishing Lake Michigan out of Chicago, walleye is open but there are local restrictions."
    )
    facts = facts_of(("assistant", assistant), ("user", "its lake erie not michigan."))
    fixed = [f for f in facts if f.kind == "correction"]
    assert fixed, [f.text for f in facts]
    said = corrected_sentence(fixed[0])
    assert "Lake Michigan" in said and "walleye" not in said, said


@pytest.mark.parametrize(
    ("first", "back", "gone", "kept"),
    [
        (
            "- lactose free please\n- i dont eat pork, never put it in plan please",
            "ah no wait, sorry, lactose intolerant is my sister Amra, not me, she come visiting in June.",
            "lactose",
            "pork",
        ),
        (
            "I'm vegan and I live in Ghent, so local recipes are welcome.",
            "oops, the vegan one is my wife Ines, not me.",
            "vegan",
            "Ghent",
        ),
    ],
)
def test_what_the_person_gives_back_to_someone_else_is_taken_back(
    first: str, back: str, gone: str, kept: str
) -> None:
    facts = facts_of(
        ("assistant", "Any foods to avoid?"), ("user", first), ("assistant", "Noted."), ("user", back)
    )
    texts = [f.text for f in facts]
    assert [t for t in texts if kept in t] and not [t for t in texts if gone in t.lower()], texts


@pytest.mark.parametrize(
    ("assistant", "user", "kept", "gone"),
    [
        # "No, I never make tahdig in the oven … And about portions: my husband's sister swears by …": a new topic
        (
            "Bake the tahdig in the oven at 200°C for an even crust.",
            "No, I never make tahdig in the oven — always in my old pot on the stove. And about portions: my "
            "husband's sister swears by cauliflower rice, but to me it tastes like nothing.",
            "tahdig",
            "cauliflower",
        ),
        # "No — X is in CET, not UTC; … Skip flox, …": a no to an offer
        (
            "Optionally flox would speed up the resample a lot. Want me to add it?",
            "No — the station timestamps are in CET, not UTC; the loggers were never switched to UTC, so line 17 "
            "is a bug too. Skip flox, I'm not adding dependencies two weeks before submission.",
            "CET",
            "flox",
        ),
    ],
)
def test_the_sentence_after_a_correction_is_not_always_its_second_half(
    assistant: str, user: str, kept: str, gone: str
) -> None:
    fixed = [f.text for f in facts_of(("assistant", assistant), ("user", user)) if f.kind == "correction"]
    assert [t for t in fixed if kept in t] and not [t for t in fixed if gone in t], fixed


@pytest.mark.parametrize(
    "message",
    [
        "Not now, maybe next year. What if I later add Russian translations too? Many parents speak Russian "
        "better than Uzbek. Just thinking, I have not decided.",
        "what if we opened on Sundays? most tourists come on weekends. still on the fence about it",
    ],
)
def test_the_why_of_a_what_if_in_a_message_that_muses_is_no_fact(message: str) -> None:
    assert said(message) == [], [(f.family, f.text) for f in said(message)]


@pytest.mark.parametrize(
    ("assistant", "user", "kept", "gone"),
    [
        (
            "Venmo has two downsides for a bakery:\n- fees on business payments\n"
            "- Most young customers who ask for Venmo will happily tap a phone or card instead\n"
            "What register system do you use? If it supports tap-to-pay you may be covered.",
            "We use Square for the register, not Clover.",
            "register",
            "Venmo",
        ),
        (
            "Options:\n* keep the PayPal button\n* the Stripe checkout keeps customers on your own page\n"
            "Which shop platform are you on",
            "We use Shopify for the shop, not WooCommerce.",
            "platform",
            "Stripe",
        ),
    ],
)
def test_a_corrections_context_ends_at_the_assistants_line_breaks(
    assistant: str, user: str, kept: str, gone: str
) -> None:
    """A list item's last line and the question under it are two sentences: the correction answers one."""
    from jarvis.observe.plan import corrected_sentence

    fixed = [f for f in facts_of(("assistant", assistant), ("user", user)) if f.kind == "correction"]
    assert fixed
    said = corrected_sentence(fixed[0])
    assert kept in said and gone not in said, said


@pytest.mark.parametrize(
    ("assistant", "user", "right", "gone"),
    [
        # heldout433-440: the sentence with the wrong value is also the offer the same message turns down
        (
            "Plan: stream the CSV. If you like, I can also add a `docker-compose.yml` with a local Postgres 15 "
            "so you can reproduce the timeout.",
            "No, the staging DB is Postgres 16, not 15 — I upgraded it last month. And nah, skip the docker "
            "stuff, I just run everything against staging.",
            "Postgres 16",
            "docker",
        ),
        (
            "Want me to spin up a Vagrant box with Ubuntu 20.04 to test the playbook?",
            "no, the servers are on Ubuntu 22.04, not 20.04. no vagrant, I test on the staging VM.",
            "22.04",
            "vagrant",
        ),
    ],
)
def test_a_corrections_context_leaves_out_the_offer_the_same_message_turns_down(
    assistant: str, user: str, right: str, gone: str
) -> None:
    from jarvis.observe.plan import fragment_body

    fixed = [f for f in facts_of(("assistant", assistant), ("user", user)) if f.kind == "correction"]
    assert fixed and right in fixed[0].text, [f.text for f in fixed]
    assert gone not in fragment_body(fixed[0]).lower(), fragment_body(fixed[0])


def test_a_correction_that_shares_only_small_words_with_the_assistant_has_no_context() -> None:
    """A style correction to a list of captions answers none of them; "from" in both ties nothing."""
    from jarvis.observe.plan import corrected_sentence

    assistant = (
        'Here are five posts: 1) "Start your morning right with warm medialunas, fresh from the oven every day!" '
        '2) "Nothing beats a crusty pan de campo."'
    )
    user = "no no, always write the posts in Spanish, never English. my clientes are from the barrio."
    fixed = [f for f in facts_of(("assistant", assistant), ("user", user)) if f.kind == "correction"]
    assert fixed
    assert "oven" not in corrected_sentence(fixed[0])


def test_a_standing_tag_keeps_as_its_words_only_the_clauses_it_was_read_from() -> None:
    kept = facts_of(
        ("assistant", "Eight rounds with a break works well."),
        (
            "user",
            "My boss Dr Hargreaves reckons raffles make way more money than trivia anyway, but I've already "
            "paid the deposit on the room so we're doing trivia, end of story.",
        ),
    )
    [rule] = [f for f in kept if "doing trivia" in f.text]
    assert "trivia" in rule.quote and "Hargreaves" not in rule.quote  # nobody else's opinion is stored


@pytest.mark.parametrize(
    ("message", "statements"),
    [
        (
            "My preferences for all figures, please remember these:\n- viridis colour scale\n- 300 dpi\n- PDF, not PNG",
            ["viridis colour scale", "300 dpi", "PDF, not PNG"],
        ),
        (
            "A few rules for this repo:\n\n1. tabs not spaces\n2. black line length 100\n3) never commit to main",
            ["Tabs not spaces", "Black line length 100", "Never commit to main"],
        ),
        (
            "please remember these:\n* my daughter Ana is allergic to nuts\n* the car is a 2014 Yaris",
            ["daughter Ana is allergic to nuts", "The car is a 2014 Yaris"],
        ),
        (
            "house style, remember:\n• no Oxford comma\n• dates as 3 May 2026",
            ["no Oxford comma", "dates as 3 May 2026"],
        ),
    ],
)
def test_a_list_under_a_heading_of_rules_or_things_to_remember_keeps_every_item(
    message: str, statements: list[str]
) -> None:
    facts = said(message)
    for statement in statements:
        assert any(statement in f.text for f in facts), (statement, [(f.family, f.text) for f in facts])
    # the heading alone says nothing ("The user's preferences for all figures.")
    assert not [
        f for f in facts if f.text.rstrip(".").lower().endswith(("these", "figures", "repo", "remember"))
    ]


def test_a_list_under_a_heading_of_what_happened_stays_what_happened() -> None:
    facts = said("Steps I tried:\n- restarted the router\n- cleared the cache\n- swapped the cable")
    assert facts == [], [(f.family, f.text) for f in facts]


@pytest.mark.parametrize(
    ("text", "whole"),
    [
        (
            "For the figures, everything has to follow the style we agreed for the paper: ggplot, theme_classic, "
            "and the Okabe-Ito palette so it's colour-blind safe.",
            "ggplot, theme_classic, and the Okabe-Ito palette",
        ),
        ("I use vim, tmux, and fish", "I use vim, tmux, and fish"),
    ],
)
def test_the_last_item_of_a_list_stays_in_its_clause(text: str, whole: str) -> None:
    from jarvis.observe.phrasing import clauses, plain

    assert any(whole in part for part in clauses(plain(text))), clauses(plain(text))
    assert clauses("I moved to Lyon, and my wife works at Airbus") == [
        "I moved to Lyon",
        "my wife works at Airbus",
    ]


@pytest.mark.parametrize(
    ("text", "parts"),
    [
        # heldout655 (adr/0113): who the person is, an exam date, and how they feel about it: three clauses
        (
            "im a 2nd year adult nursing student at salford, pharmacology exam is on 9 march and im panicking a bit",
            [
                "im a 2nd year adult nursing student at salford",
                "pharmacology exam is on 9 march",
                "im panicking a bit",
            ],
        ),
        ("I run a bakery in Izmir, my exam is in June and im so tired", None),
    ],
)
def test_a_feeling_and_a_date_after_who_the_person_is_are_clauses_of_their_own(
    text: str, parts: list[str] | None
) -> None:
    from jarvis.observe.phrasing import clauses

    cut = clauses(text)
    if parts is not None:
        assert cut == parts
    assert cut[0] in ("im a 2nd year adult nursing student at salford", "I run a bakery in Izmir"), cut
    assert len(cut) == 3, cut


@pytest.mark.parametrize(
    ("message", "statement"),
    [
        (
            "Yes. And I've decided on the title, by the way. It's going to be \"Rain, Hail and Dogs\". It was a joke.",
            "Decision: the title is Rain, Hail and Dogs.",
        ),
        (
            "we decided on the venue. It's the Old Mill in Kendal.",
            "Decision: the venue is the Old Mill in Kendal.",
        ),
        ("ok I settled on a name. It'll be Sunny Crumb", "Decision: a name is Sunny Crumb."),
    ],
)
def test_a_decision_that_names_its_topic_takes_the_next_sentence_as_what_was_decided(
    message: str, statement: str
) -> None:
    facts = said(message)
    assert statement in [f.text for f in facts], [(f.family, f.text) for f in facts]


@pytest.mark.parametrize(
    ("assistant", "user", "word"),
    [
        (
            "Prophet would handle the holiday effects. Want me to set up a Prophet baseline to compare?",
            "Hmm, no, not Prophet. We tried it on the motor book a while back and the seasonality went all over "
            "the place. Stick with SARIMA.",
            "Prophet",
        ),
        ("Should I add Celery for the queue?", "No, not Celery. It was a pain last time.", "Celery"),
    ],
)
def test_no_not_x_to_an_offer_with_nothing_in_its_place_is_no_correction(
    assistant: str, user: str, word: str
) -> None:
    facts = facts_of(("assistant", assistant), ("user", user))
    assert not [f for f in facts if f.kind == "correction"], [(f.family, f.text) for f in facts]
    assert not [f for f in facts if word in f.text], [(f.family, f.text) for f in facts]


def test_a_standing_tag_reaches_past_one_sentence_of_why_to_its_instruction() -> None:
    facts = said(
        "Please, this is too much at once. Write one step at a time, and wait until I say it is done. My eyes "
        "are not good any more and I lose my place. This is how I would like it always, one step and then wait."
    )
    rules = [f.text for f in facts if f.family == "rule/standing-tag"]
    assert rules and "Write one step at a time" in rules[0], [(f.family, f.text) for f in facts]
    assert any("eyes are not good" in f.text for f in facts)


def test_who_someone_is_stays_when_the_judged_clause_does_not_say_it() -> None:
    from jarvis.observe.offline import _says_all

    assert not _says_all("i'll ask Chidinma to review", "The user's tech lead is Chidinma.")
    assert _says_all("my son Bao is studying in Osaka now", "The user's son is Bao.")


@pytest.mark.parametrize(
    ("user", "passing"),
    [
        # heldout465-472: the day's or the week's news of a thing is not how things are
        (
            "The road to Akureyri was closed yesterday because of the snow, should I warn the guests?",
            "Akureyri",
        ),
        ("the ferry to Lošinj was cancelled yesterday because of the bora", "Lošinj"),
        ("The J-Link is out with the field team in Kagoshima this week.", "J-Link"),
        ("The Zeiss scope is booked by the Okonkwo lab all this week, so imaging waits.", "Zeiss"),
        ("the main pump at the Tambo well broke down last night", "Tambo"),
    ],
)
def test_the_news_of_a_day_or_a_week_is_not_how_things_are(user: str, passing: str) -> None:
    facts = facts_of(("user", user))
    assert not [f.text for f in facts if passing in f.text], [f.text for f in facts]


@pytest.mark.parametrize(
    ("user", "theirs"),
    [
        # heldout465-472: the tail of another person's say, without its verb, is no fact of its own
        (
            "My buddy who runs the school in Lahaina swears by it, and by QuickBooks for the books.",
            "QuickBooks",
        ),
        ("my cousin in Tromsø swears by Notion, and with Todoist for the shopping lists", "Todoist"),
    ],
)
def test_the_rest_of_anothers_say_after_and_is_no_fact(user: str, theirs: str) -> None:
    facts = facts_of(("user", user))
    assert not [f.text for f in facts if theirs in f.text], [f.text for f in facts]


@pytest.mark.parametrize(
    ("user", "kept"),
    [
        ("The ferry to Vis only runs twice a week in winter, so plan around it.", "Vis"),
        # where things run, with what went on there lately
        ("the nodes in sa-east-1 were also OOMKilling pods last night", "sa-east-1"),
        (
            "The jobs on Narval are sitting in the queue forever this week, so I'll redo the plots later.",
            "Narval",
        ),
    ],
)
def test_how_a_thing_runs_stays_a_fact(user: str, kept: str) -> None:
    facts = facts_of(("user", user))
    assert [f.text for f in facts if kept in f.text], [f.text for f in facts]


@pytest.mark.parametrize(
    ("user", "right"),
    [
        # heldout473-480: the person puts a number or a name of their own right, in the middle of a session
        ("Sorry, correction — I said 120 mothers but it's actually 86 in the final sample.", "actually 86"),
        ("oops I wrote 40 hives but there are actually 34 now", "actually 34"),
        ("I said Tuesday but it is actually Wednesday that I'm off", "actually Wednesday"),
    ],
)
def test_the_person_putting_their_own_words_right_is_a_correction(user: str, right: str) -> None:
    facts = facts_of(("assistant", "Noted. What else should the plan cover?"), ("user", user))
    assert [f for f in facts if f.kind == "correction" and right in f.text], [
        (f.family, f.text) for f in facts
    ]
