"""The learned judge (adr/0091): what no phrasing family reads is scored, and only statements are read."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from jarvis.config import EmbeddingConfig
from jarvis.notes import iter_fragments
from jarvis.observe.declined import fold
from jarvis.observe.judge import TOKEN_RE, WEIGHTS, Judge, Weights, admissible, cues
from jarvis.observe.offline import OfflineObserver
from jarvis.observe.schema import Fact
from jarvis.observe.sessions import SessionEvent
from jarvis.workspace import Workspace


@pytest.fixture(scope="module")
def judge() -> Judge:
    found = Judge.for_embedding(EmbeddingConfig())
    assert found is not None
    return found


def chat(*user: str) -> list[SessionEvent]:
    events = [SessionEvent("message", turn=0, role="assistant", text="Hi, what are we working on?")]
    for i, text in enumerate(user, start=1):
        events.append(SessionEvent("message", turn=2 * i - 1, role="user", text=text))
        events.append(SessionEvent("message", turn=2 * i, role="assistant", text="Got it."))
    return events


def facts(events: list[SessionEvent], judge: Judge | None) -> list[Fact]:
    return list(OfflineObserver(judge).extract(events).facts)


def test_tfidf_is_sklearns_transform() -> None:
    from sklearn.feature_extraction.text import TfidfVectorizer

    texts = [
        "I'm on the payments team at Northwind",
        "we only have excel 2016 on the hospital pcs!",
        "keep ur answers short pls, i read on my phone",
        "Keep answers short? Always short.",
        "the hospital pcs run excel",
    ]
    fitted = TfidfVectorizer(ngram_range=(1, 2), min_df=1, token_pattern=TOKEN_RE.pattern).fit(texts)
    terms = sorted(fitted.vocabulary_, key=fitted.vocabulary_.__getitem__)
    zeros = np.zeros(len(terms))
    weights = Weights("m", {t: i for i, t in enumerate(terms)}, fitted.idf_, zeros, zeros, zeros, 0.0, 0.5)
    probe = [*texts, "an unseen sentence about Excel and short answers"]
    assert np.allclose(weights.tfidf(probe), fitted.transform(probe).toarray())


def test_shipped_weights_belong_to_the_default_model_and_carry_their_measure() -> None:
    raw = json.loads(WEIGHTS.read_text(encoding="utf-8"))
    weights = Weights.load()
    assert weights.model == EmbeddingConfig().model
    assert 0.0 < weights.threshold < 1.0
    assert len(weights.vocab) == len(weights.idf) == len(weights.coef_text) > 500
    assert len(weights.coef_vec) == 384 and len(weights.coef_cues) == cues(["x"]).shape[1]
    assert {"dev", "heldout"} <= set(raw["meta"]["trained_on"])
    assert raw["meta"]["cv"]["auc"] > 0.75  # folds of whole splits, written by bench/train_judge.py --cv


def test_weights_for_another_model_mean_no_judge() -> None:
    assert Judge.for_embedding(EmbeddingConfig(model="sentence-transformers/all-mpnet-base-v2")) is None


@pytest.mark.parametrize(
    "clause",
    [
        # another person's taste, wish or opinion, whoever they are and however it is said
        "Sanjay prefers Turborepo",
        "my sister-in-law Marta hates open-plan offices",
        "Ottilie on the data team keeps saying Polars would be faster",
        "our neighbour swears by copper tape for slugs",
        "her cousin did the keto thing for a year",
        "Malin, our designer, keeps lobbying for Tailwind everywhere",
        "Priyanka from accounts never answers emails before ten",
        "Dev on the infra team always merges without review",
        "Jo (our lead) always books the big room",
        "My old lead at Fenwick swore by Looker for everything",
        "Markus, the other postdoc, keeps everything in notebooks",
        "mi jefe quiere todo en Excel",
        "my brother in accra say we should buy a bigger machine",
        # not decided, or not yet
        "Our head of data wants us to move everything to Dagster next year",
        "the principal wants us to start Saturday classes from February",
        "I'm wondering whether I ought to sell the boat",
        "he'd put everything in a spreadsheet if he could",
        # how things are this minute, or were lately
        "I'm on the generator now",
        "on the UPS with maybe 40 min left",
        "ugh stuck in traffic on the ring road again",
        "bit of a rough night, the baby is teething",
        "so sunburnt from Saturday I can barely type",
        "we had a power cut all night",
        "the smoke alarm went off at 3am",
        "Jonas on my team would honestly rather we rewrote everything with Broadway",
        "he has a bakery in Villeurbanne",  # who "he" is was said elsewhere
        "I'm on my fourth iced americano, long day",
        "on my second attempt at this form",
        # a question somebody asked, passed on
        "Ola from my team asked if we should move the runners to Podman",
        "my landlord wanted to know whether I'd renew in March",
        "Bukola wonders if we should switch the app to Flutter",
        # a story of one occasion
        "At the engagement, Kwabena's uncle brought a goat and it ran away",
        "during our offsite Mihail spilled wine on the projector",
        "It was Tomas who set up the VPN, not me",
        "it was my sister who found the flat",
        "after Tolu's wedding the DJ played until 4am",
        # tried and dropped, or turned down
        "we trialled Karpenter last year and binned it",
        "Nah not doing Addressables, way overkill for us",
        "Swarm is dead, not going there",
        "Auth0 is too pricey for a side project, not happening",
        "hard pass on Jira for a team of three",
        "I thought about moving all this to Puppet a few years back, nah, way too heavy",
        "my eyes are fried today",
        # an impression of a draft
        "to me it feels a bit salesy",
        # questions, hypotheticals, credentials and replies (adr/0085's refusals)
        "should we move the repo to Bun",
        "what if I moved the whole site to Squarespace",
        "the code for the shed door is 4471",
        # a credential's value right after the word, with no "is"
        "I got back in (email is tamsin.o@shaw.ca, password Pumpkin!Rain88)",
        "my pin 4417 for the gate",
        "thanks, that worked",
        # heldout233-248: a topic with nothing said of it; a gift or a hurt told as what happened
        "As for the Bitwarden business",
        "regarding the invoices",
        "My son bought me that Dragon program a few Christmases back and it made a hash of it",
        "my sister got me a Kindle last Christmas",
        "I cut my finger on the mandoline at lunch service",
        "I burnt my hand on the oven tray",
        # heldout249-256: a body this minute; someone's taste typed without its -s; their say "again"; a
        # move only thought about
        "my eyes are burning, 4th hour staring at nginx logs",
        "My wife like the Omron machine more",
        "my accountant rang in the middle of it, banging on again about moving everything over to Xero",
        "every time nginx + certbot bites me I think about moving everything to Caddy",
        # heldout265-272: a habit given up; a relative's own choice of where things go; an offer dropped
        "i used to play poker online last year and lost like 900, quit that tho",
        "we used to run a lister diesel engine on the borehole for 20 years but its finished now",
        "so I used to bake all our bread myself before the twins came along",
        "My brother-in-law puts everything in gold coins from the National Bank",
        "my brother in Casablanca he sells only on Instagram, no shop",
        "my aunt Folake keeps all her savings in a tin under the bed",
        "no, skip the Dockerfile stuff",
        "nah drop the cover letter part",
        # heldout273-280: hearsay; a colleague's or a boss's taste and what they once did; who does a thing,
        # said of a friend; another trader's way; a thing tried once and hated
        "I read that Zigbee sensors use much less battery",
        "heard somewhere that Yupo paper is good for beginners",
        "I've read online that magnesium helps with cramps",
        "My supervisor, Prof. Verhoeven, is very fond of the passive voice",
        "my boss is really big on Gantt charts",
        "My colleague Dilfuza learned only with Duolingo and she passed B2",
        "my friend in toronto is the one doing nclex",
        "la señora of the other papelería on the corner gives 10% discount to teachers",
        "the guy at the other stall sells his mangoes for 50 cents",
        "I did keto back in 2022 and was miserable, never again lol",
        "we tried Scrum last year and it was a nightmare",
        # heldout281-288: a labmate's way; a named person's diet; someone by name and their group's way;
        # what was said in jest
        "My labmate Kiran does everything in R Markdown and never pins anything",
        "my officemate Tuula always writes her thesis in Word",
        "Elspeth doesn't eat raw fish at all",
        "Ravindra won't touch anything with coriander in it",
        "Bence in our group does everything in SPSS",
        "the goats was a joke mostly",
        "I was only joking about the tattoo",
        # heldout289-296: what the neighbours do; a name with its role, then their way with all of a thing;
        # a habit given up inside brackets
        "the neighbours rent their cabin to German hunters in autumn",
        "our neighbors burn their garden waste every Sunday",
        "(Gergő, my team lead, writes all his SQL keywords in uppercase like he is shouting, haha",
        "Tomasz, our tech lead, reviews every PR by hand",
        "(i used to use mendeley back in my masters but whatever.) pls help",
        # heldout297-304: a choice not yet made; someone outside the household and their own way with a
        # thing, named or not, with a relative clause or "he" said again
        "I have not decided about MultiQC yet",
        "we haven't made up our minds on the heat pump",
        "still on the fence about Kotlin for the app",
        "yet to decide between Hetzner and OVH",
        "my supervisor Ruwan does literally everything in the QGIS python console lol",
        "my friend Dovydas writes his whole thesis in word",
        "my sister who has a cafe in Durrës does a lot of Instagram ads",
        "my neighbour Don Chuy he uses drones to spray everything",
        "my mentor Kofi codes everything in Haskell",
        "our cousin in Porto sells only on Etsy",
        "I used to smoke a pipe on the veranda every evening",
        # heldout305-312: what was used in a time that is over; a relative's way in second-language English;
        # a stretch still to come; a panic after what brought it on
        "In bachelor studies I used SPSS",
        "I used Eviews back in my masters",
        "at my old job we used Jira for everything",
        "my cousin tunde he sell only to the lebanese traders",
        "my sister she use only whatsapp for orders",
        "my friends use Anki for everything",
        "I'm on nights all next fortnight",
        "we're on call for the whole of next week",
        "deadline is friday and im lowkey panicking",
        "exam on monday so I'm kinda freaking out",
        # heldout313-320: what was only read about
        "I read in Kystmagasinet about epoxy sheathing over the whole hull",
        "saw on a forum about people feeding bees fondant in March",
        # heldout321-328: a relative's change of diet; a shift tomorrow; another shop's way; a past habit said
        # with "before"; hands frozen after a night out
        "My sister Malika went vegan this year",
        "my cousin Dauren became vegetarian after the trip",
        "i'm on the noodle station tomorrow",
        "I'm on the till tonight",
        "The shop across road is using Tally and barcode scanner for everything",
        "the bakery next door sells sourdough for half our price",
        "Before we did the markets in Donostia every Saturday",
        "previously I ran the stall at the Sunday market every week",
        "my hands are frozen, went out last night for 3 hrs and barely got anything",
        # heldout329-336: a past time before "I used to"; a supplier's way; what someone else brought up
        "At the university I used to program in Fortran",
        "back in school we used to play cricket every lunch",
        "my supplier in Savoie only sends invoices by fax",
        "our wholesaler always delivers on Thursdays",
        "A reviewer on my last paper mentioned censored regression in tidymodels",
        "a colleague suggested Quarto for the slides",
        # heldout337-344: what the person has been reading or watching about; a choice put off
        "I have been reading in the Guardian about no-dig gardening",
        "was watching a video on YouTube about sourdough starters",
        "we've been hearing a lot about the new tram line",
        "I read an article in Der Spiegel about heat pumps",
        "I'll think about glmmTMB",
        # heldout377-384: how the whole morning went; a boss from an old job and their way
        "The pipeline was red whole morning because of GitHub API rate limit",
        "the VPN was down the whole afternoon",
        "My oga from when I was apprentice swears by Jumia",
        "my boss from my old job always books the big room",
        # heldout369-376: something only read about; a batchmate's tool
        "I read something about hugelkultur in a magazine at the clinic",
        "heard a bit about sourdough discard on the radio",
        "my batchmate Nuwan is using ArcGIS Pro from the lab computers",
        "my schoolmate Aru is using Notion for everything",
        # heldout361-368: someone or something else due once, said as why the person goes
        "gotta run, the inspector from the ministry comes at 3",
        "the plumber is coming at 2 so I have to go",
        "I'm off, Sziget tickets go on sale at noon tomorrow",
        # heldout353-360: a child or parent who lives away, and their way; a relative's trick of their trade;
        # how this morning has gone
        "My son in London uses Google Photos for everything",
        "my daughter in Lyon only buys organic",
        "my mum back home in Enugu cooks everything with palm oil",
        "my cousin in Lukla gives free dal bhat refills to get good reviews there",
        "my aunt offers free coffee to attract customers",
        # heldout393-400: any verb in -s with "everything"; "like" without its -s
        "my mother-in-law plants everything by the moon phases",
        "my uncle Tevita fixes everything with duct tape",
        "my cousin Ama dyes all her fabric with indigo",
        "my manager Mr. Khiem like everything in Google Sheets",
        "my boss like every report in PDF",
        # heldout401-408: the person's own errand at a time, once, as they leave
        "Then I'm off, dentist at 11",
        "gotta run, vet at 4:30",
        "I have the physio at 9",
        "ok I'm off, Dr. Mensah at 3pm",
        # heldout409-416: a tired head; one event of the person's, soon; a diet kept outside the household
        "just got off a 12-hour shift and my brain is mush",
        "my head's fried after that meeting",
        "I have exam tomorrow in discrete math",
        "tonight I've got a recital at the conservatory",
        "we have a client meeting in two hours",
        "My sister-in-law Jikke is vegan",
        "my friend Kasia is a strict vegetarian",
        # heldout417-424: a habit of years ago, until a year
        "Years ago I kept everything in a paper ledger until 2019, Excel is already a big step for me",
        "years ago we did all the invoices by hand until recently",
        # heldout425-432: one day's weather
        "We had 41 mm of rain on Monday",
        "got 20cm of snow last night",
        "we had about 15 mm of rain yesterday, the beds are flooded",
        # heldout433-440: what the person did before a move, all of it told of the past
        "I used to do WordPress sites before I moved to Laravel",
        "we used to keep the books in Sage before we moved to Xero",
        # heldout441-448: on battery while the power is out; what the person read in a paper of several words;
        # a colleague by where they sit, then their own way with any verb
        "I am on the laptop battery",
        "im on battery power again",
        "we are running off the generator",
        "I read in the Jornal do Commercio that the trains in Portugal are always on strike",
        "I read on the Reddit home brewing forum that dry hopping twice helps",
        "Jarno from the network team still runs Ubuntu on his jump box",
        "Oksana from the QA team tests everything on her old iPhone",
        # heldout449-456: a job's way long ago; a habit of before, in the past continuous
        "At work long ago I programmed Fortran on the big computers",
        "years ago I wrote COBOL for a bank",
        "before i was keeping chicken also but i stop because of the newcastle disease",
        "Previously we were selling at the Saturday market",
        # a habit of "before", on a weekday
        "before, we did the stocktake on Sundays",
        "Previously I counted the cash on Fridays",
        "the GitHub Actions runner has been flaky all morning",
        "prod has been slow since this morning",
        "let me sleep on the heat pump idea",
        "we will probably consider Kubernetes",
        "I need to think it over",
        # heldout465-472: a diet someone outside the household is trying out
        "my nephew Arman is doing this keto diet and lost 12 kilo",
        "My cousin Ilka is on the paleo diet since spring",
        "my brother-in-law Teodor started this carnivore thing last month",
        # heldout473-480: a choice waiting on someone else
        "I'll talk to Orna about Hiroshima and let you know",
        "ok I'll ask Tomasz about the budget and get back to you",
        "let me check with my wife first",
        # heldout481-488: a tool left behind, said with when
        "we left Jira last year thank god",
        "We finally left Bitbucket in 2023",
        "we ditched Jenkins two years ago",
        "I stopped using Evernote a few years ago",
        # heldout489-496: someone outside the household named in small letters, then their way
        "my groupmate malika studies only from youtube videos",
        "my coursemate tunde writes his notes all in onenote",
        # heldout497-504: someone outside the household with where they work, or a co-author, then their way
        "My friend on the surgical ward does all her rosters with Excel macros",
        "my colleague at the other clinic writes all his notes in Word",
        "My co-author Fidy does the whole cleaning by hand in QGIS",
        "my collaborator in Utrecht runs everything in SPSS",
        # heldout361 and its class (adr/0110): anyone known by their role or trade, named, then their way
        "My compadre Tatay Boyet uses GCash for everything",
        "my pastor Emeka types every sermon in Google Docs",
        "My vet, Bartek, does all his books in Excel",
        "our lodger Thabo always pays with M-Pesa",
        "my running partner Rhiannon runs everything on a Raspberry Pi",
        "My mentee Aigerim does all her notes in Notion",
        # heldout529-536 (adr/0110): advice from someone unnamed, or from everyone
        "for selling, one person from an NGO tell us to export quinoa with organic certificate",
        "a guy at the market told me to plant macadamia between the rows",
        "people keep telling me to get a Kindle",
        "Someone on the forum advised us to switch to LiFePO4",
        # (adr/0110) someone named with where they work and a habit word; other people's people
        "Tomasz from accounting only uses LibreOffice",
        "Ines from purchasing always orders from Würth",
        "the neighbours' kids play Roblox all day",
        "my wife's brother runs everything on Proxmox",
        "my sister's kids only eat pasta",
        # heldout561-568 (adr/0110): where they are from in a few words, then their fasting plan; on the way
        # somewhere; the power gone since an hour of today
        "my roommate from nursing school Shraddha does 16:8 and lost like 6 kg",
        "my friend from uni Kasia does OMAD",
        "I'm on the Hurtigruten down to Bodø for a conference and the ship wifi drops every few minutes",
        "we're on the night bus up to Hanoi, wifi is bad",
        "Sorry slow reply, brownout here in Jaro since 2pm",
        "no power since 6am, typing on my phone",
        # heldout601-608 (adr/0111): another's adoration; hearsay of what some people do; the other parents; a
        # housemate named in small letters, then their way, then what it does to the person
        "my sister adores the Postojna caves and tells everyone to go.",
        "my uncle raves about his Traeger",
        "I read some people do ECS with flecs in C++ and its way faster than bevy.",
        "The other mothers give Nutella sandwiches and she asks why she can't have.",
        "the other stalls sell theirs at 3 euros",
        "my roommate ayanda spends like R400 on uber eats every week and then borrows from me at the end of the month.",
        # heldout593-600 (adr/0111): on a power bank; an incident told with its day and its cause; someone met
        # through a place or a group, by no name
        "I'm on my power bank so let's be quick.",
        "we're running on tethering today, sorry",
        "The nightly run failed on Tuesday because of a full disk on the runner.",
        "the sync crashed last night due to an expired certificate",
        "The guy from our beekeeping club uses a Raspberry Pi with an HX711",
        "a lady at the market sells hers at 4 euros",
        "the man next door has chickens and swears they pay for themselves",
        # heldout585-592 (adr/0111): a way before a year or an event; a past way given up, said so after it
        "Before 2021 we did everything in an Access database.",
        "until last year I kept the books on paper",
        "Before the pandemic we sold only at the Saturday market",
        "Before, I sold also argan oil cosmetics but I stopped, too many fakes in the market",
        "we raised goats but we gave it up after the drought",
        "I grew strawberries for a few years but I quit, the slugs won",
        # (adr/0111) a plan on the table, nothing booked
        "Japan is on the table for October, nothing booked",
        "Crete is still on the table, nothing decided yet",
        # heldout577-584 (adr/0111): a topic named first, then someone else's way; a way left behind at a job
        # that is over; a source's name in quotes
        "About Grammarly, my classmate Yupa writes everything with ChatGPT and Grammarly",
        "As for the tools, my coworker Dmitri only uses Emacs",
        "I used to run everything through Pulumi at my last job and the PR previews were the one thing I miss.",
        "we used to run all our builds on Jenkins at the old company",
        'I also read in newspaper "Postimees" about growing tomatoes in water only, hydroponics.',
        "I read in «Le Monde» that cargo bikes are booming",
        # (adr/0111) a passing illness, the person's or a relative's
        "my son has a fever so I'm home today",
        "the baby's got croup, long night",
        "my partner has covid so I'm doing all the school runs",
        "I've got a nasty cold, keep it short",
        "my wife is down with the flu",
        # a mishap of the person's own with its recent time; coffee spilled on something
        "I failed the mock exam on Tuesday",
        "we missed the last ferry this afternoon",
        "I forgot my laptop charger at the office yesterday",
        "spilled coffee on my keyboard, typing on the backup one",
        "Ugh I spilt tea all over the printout",
        # a stretch of this month or week
        "my husband is doing keto this month",
        "my sister's trying dry january this month",
        # what goes around, heard with no "that", or a feed
        "heard Zig is getting popular",
        "I read Bun is faster than Node",
        "apparently the Mediterranean diet is good for cholesterol",
        "Supposedly creatine helps with memory",
        "my feed is full of Bali villas lol",
        # a daydream
        "I dream of living in a tiny house",
        "honestly we dream about a farm in Alentejo",
        # someone outside the household, by role and no name, and a thing they do
        "my boss cycles to work on a Brompton",
        "my flatmate runs Arch btw",
        "our accountant swims at 6 every morning",
        "my colleague collects vinyl",
        # another's craving or addiction, and training for a race
        "my wife is addicted to her Peloton",
        "my partner can't live without espresso",
        "my brother is training for a marathon",
        "my cousin Aziz is training for the Comrades",
        # heldout521-528: what will not be done with an offer, by the person or their people
        "No, I will not run Mosquitto or any of that, too many parts that can break at sea",
        "no, my customers will not eat cauliflower rice, they will laugh at me",
        # heldout521-528: sore from one occasion
        "my knee is sore from coaching on Saturday",
        "my legs are stiff from the race yesterday",
        # heldout513-520: on somebody else's machine for now
        "I'm on my partner's MacBook, paths may look weird",
        "im using my sister's laptop till mine is fixed",
        # an offer said not to be needed, "for" or not
        "And no need Flask-Login, only the one computer at nurse station use this",
        "no need for the shopping list, I just buy what's fresh at the market",
        "ok no need for a gantt chart",
        # heldout609-616 (adr/0112): someone by their role, named or not, with "the" too, then what they own or do
        # as a habit; stepping away this minute
        "My department head does all of this by hand in Excel, every single grade",
        "my neighbour Tibor has the Lely robots",
        "The colleague in the office next door, Pavel, writes all his letters with ChatGPT.",
        "The M17 coach does 2 hour sessions with full contact every time",
        "our landlord Mr Bello has three buildings on this street",
        "the head chef does everything in one wok",
        "the courier is at the door, brb",
        "the plumber's at the door, one sec",
        "my taxi's at the gate, one sec",
        # heldout617-624 (adr/0112): today in the person's own language; the body after yesterday's effort; just
        # back from something; bored now; what a colleague told; a teacher making her students do something
        "Hoy hay zonda, 35 grados and dust everywhere",
        "heute ist es extrem heiß im Büro",
        "Legs are destroyed after yesterday's race in Hlinsko, 14th place",
        "my calves are dead after the hill reps",
        "Sorry I have chalk all over the keyboard lol, just came down from setting",
        "just woke up, where were we",
        "im forkjølet and bored so doing budget lol",
        "A colleague told me QuickBooks now supports Kosovo VAT",
        "my friend told us the ferry is cheaper on weekdays",
        "The biology teacher Mrs Okafor makes her students copy notes for one hour straight",
        # heldout625-632 (adr/0112): what everybody somewhere is on; what an outsider told someone else; a
        # disaster nearby; someone named by where they sit; an appointment at an hour; up since dawn; stuck on
        # the way; a comadre's way, up to "and she"; someone's brand with no article
        "Here in Douala everybody is on whatsapp, not so much telegram",
        "everyone here pays with M-Pesa",
        "The auditor told my boss that all big companies in Uzbekistan will move to SAP in two years",
        "There are forest fires near Karaburun again",
        "there's a transport strike in the city so the roads are empty",
        "Ferri across the hall dictates everything to Dragon and sends the files around by email",
        "Okonkwo next door always parks on the pavement",
        "I have a hearing at 11",
        "got a dentist appointment at 3pm so I'll be quick",
        "The little one has been up since 4:30 teething",
        "Now I am stuck at the weigh station in Kenora for an hour",
        "My comadre Lupita sells her cakes only on Instagram and she charges like double than me",
        "My neighbour Hendrik has Lely robots",
        # heldout633-640 (adr/0112): an event called off by the weather
        "Our match on Saturday got cancelled because of snow so I have time this week",
        "the market was called off due to the storm",
        # heldout641-648 (adr/0112): someone who did a job for the person before; a shop nearby; a title and a
        # name, then a habit; a vet named after a comma; a voice lost for now
        "My old secretary always added the clauses in Word with track changes",
        "our former accountant did everything in Sage",
        "The dry cleaner next door charges 12 for a hem",
        "the bakery across the street sells sourdough at 6 euros",
        "Coach marcy always starts every practice with suicides",
        "The vet, Sjoerd, always writes the insemination date on the barn wall with chalk",
        "My voice is gone",
        # heldout627 again (adr/0113): a title with its dot before the name, and where they sit after it
        "My colleague Avv. Ferri across the hall dictates everything to Dragon and sends the files around by email",
        "my neighbour Dr. Okoye next door grows all his veg in raised beds",
        # heldout658-660 (adr/0113): a name, then the place they live; anyone of before, then all of a thing; a joint
        # sore from yesterday's game
        "My compadre Lucho in Dalcahue sells everything to the processing plant without weighing on his own",
        "my cousin Aroha up in Kaitaia does all her books in a paper ledger",
        "My former pupil master wrote everything in Latin maxims",
        "our previous landlord always did the repairs himself",
        "my knee is kinda swollen after yesterdays game",
        "ankle's a bit sore after the match today",
        # heldout669-671 (adr/0113): tight from a day of this week; the heat of today in any language; gone wrong since
        # yesterday however often it recurs since
        "my calf is tight from saturday anyway",
        "täällä on helle, 31 astetta sisällä",
        "hoy hay 38 grados en la cocina",
        "we're in a heatwave, it's 36 degrees in the classroom",
        "since yesterday evening every callback is 500 and the treasurer is calling me nonstop lol",
        # heldout675-678 (adr/0113): someone by name alone and their way of before; the chief of a ship and his way;
        # an honorific after the name
        "Arvo always used Agfa film",
        "Grandpa Tiago only drank espresso from the Delta tin",
        "the chief still does his calculations on a Casio calculator and paper, old school",
        "the skipper always keeps his charts on paper",
        "Our PM Joshi sir prints every email and signs it",
        "my landlord Ahmet bey collects the rent in cash every month",
        # heldout681-688 (adr/0113): what a cousin in another city charges; anyone of before with a habit word; a hand
        # still tingling; not slept
        "my cousin Aminata in Paris charges 180 for knotless haha but its Paris",
        "my sister in Leeds charges like £40 a lesson",
        "Last thing: my old principal at the big firm always sent checklists as PDFs with watermarks.",
        "my hand is still tingling so Im not thinking straight",
        "its 4am i havent slept, release of the patch is in 3 days",
    ],
)
def test_the_judge_never_reads_what_is_no_lasting_statement_of_the_person(clause: str) -> None:
    assert admissible(clause) is not None


@pytest.mark.parametrize(
    "clause",
    [
        "I am teacher of chemistry since 2011",
        "the lab's cryostat sits in room B214",
        "I use a password manager for everything",  # no credential's value
        # tonight is one of the days it recurs on
        "coaching the under-12s at Te Atatū tonight, thursdays and saturdays",
        "choir practice tonight like every thursday",
        # "not only in this paper" says the opposite of "only in this paper"
        "Use viridis for everything, always, not only in this paper",
        "my manager Sunita wants a weekly forecast report every Monday",  # a requirement of the work
        "sand to 240 then two coats of Danish oil like always",  # "like" is no taste here
        "no acrylic, ever",
        "please no pandas",
        "put the prices in cedis not dollars, nobody here thinks in dollars",  # an aside, not the statement
        # since then and still: no state of the moment
        "It's GoodJob since last autumn, jobs live in Postgres",
        "we've been on Hetzner since last winter",
        # what a thing reads is no person's taste
        "It is Android, Galaxy Tab, the box says S9 FE",
        "the label says wash at 30 only, so I do all the linen cold",
        # heldout225-248: an amount each month outlasts "rn"; a closing "always" outlasts "in this paper"
        "putting 400 a month away rn",
        "In this paper we report macro F1, always",
        "the jobs on elbe keep getting preempted in the short partition",
        "I broke my wrist in 2019 and it still aches in the cold",
        # (adr/0111) what lasts beside the passing: a condition, a flu shot, the person's own allergy, who
        # someone is and what they want of the work, a dream job held now
        "my husband has diabetes and can't eat sugar",
        "we have a cold room for the cheese",
        "apparently I'm allergic to penicillin, found out at the clinic",
        "my friend lives in Tirana",
        "our accountant lives in Bremen",
        "my boss wants weekly reports every Monday",
        "I finally have my dream job at the observatory",
        "I used to run the pharmacy at Westmead",  # who the person was
        "Before 2020 I lived in Lyon",
        "The Airflow DAG that triggers dbt every morning at 4h30 failed on Saturday",  # the DAG is the person's
        "the team at work uses Jira",
        "I worked at the port but I stopped in 2019",
        "About 60 to 90 orders a month, more in December for weddings",  # an amount, no topic
        # heldout265-272: who the person was stays; a relative's part in the person's week stays
        "I used to be a librarian in Swansea",
        "I used to teach maths at a lycée in Lyon before the move",
        "we used to run the Mongo cluster at Souqline, same replica lag",
        "my husband rohan does the school run after my nights",
        "we're on Expo SDK 52 with expo-router, not bare RN",
        # heldout273-280: what the person reads is theirs; a relative's part in their life stays
        "I read the PR on the ferry home",
        "I read my emails on my phone mostly",
        "my abuela in Cusco is the one who checks my Quechua",
        # an idiom of how bad a thing is, no jest
        "my boss at elektro pichler sends me to diffrent sites and the bus is a joke",
        "my neighbours are lovely people",
        "Priya, my manager, signs off every release",  # who signs off is the person's process
        # heldout297-304: what touches the person, who someone is, and what holds now, stay
        "my coach plans my long runs",
        "my friend on the ward does all my rosters",  # what touches the person
        "no need for long answers, I read everything on my phone",  # a way of answering
        "my knee is sore from an old rugby injury",  # no one occasion
        "I won't use slug pellets, not any kind, I'm firm on that",  # a rule, no offer turned down
        "my accountant files my taxes every April",
        "my sister lives in Tirana",
        "my husband does the baking from 4 in the morning",
        "I used to use vim but now I use helix",
        # heldout441-448: a lasting power set-up, a habit of reading, who reviews the person's work
        "we run the fridge off a generator",
        "the sensor runs on batteries for a year",
        "I read in bed every night",
        "Dana on the infra team reviews every PR",
        "Ola from IT manages my laptop",
        # heldout449-456: where the person worked before, and what they wrote, stay
        "before I was working as a nurse in Accra",
        "I wrote my thesis in LaTeX",
        "I worked at Nokia long ago",
        "we decided on Hetzner last week",
        # heldout305-312: what was learned or where, a day off, a rota, and a relative who lives somewhere
        "In my PhD I learned R",
        "I used to be a nurse in Accra, retired two years ago",
        "I studied in Leeds during my masters",
        "I'm off on Fridays",
        "I work nights every other fortnight",
        "my brother kwame he lives in Kumasi",
        # heldout321-328: the household's diet, a standing post, a move said with "before"
        "my daughter went vegetarian last year",
        "I'm on the grill station every weekend",
        "before we moved here we lived in Bilbao",
        # heldout353-360: a child's way at home, a relative who lives away, the person's own trick of the trade
        "my son uses Google Photos for everything",
        "my son in London is a nurse",
        "I give free refills to get good reviews",
        "the runner has been flaky since we moved to arm64",
        # heldout361-368: a visit that comes back, and what the person does at a time
        "our cleaner comes on Thursdays",
        "the bin lorry comes every tuesday",
        "the extract from the Meditech replica lands around 02:30 every night",
        "gotta run, bouldering at 7 w the office crew",
        # heldout401-408: an errand that comes back
        "I see the physio every Tuesday at 9",
        "the dentist at 8 on Mondays is my standing slot",
        # a tired head on every such day
        "I'm at the shop from 4am so by afternoon my brain is mush",
        "i do 3 nights in a row usually and by the third one my brain is soup lol",
        # the weather of a year is the place's
        "we get about 900 mm of rain a year here",
        # a diet kept in the household is the person's kitchen
        "My partner Yarema is vegetarian",
        "my son Karim is allergic to sesame",
        "I have physio every Tuesday",
        # where the person worked, and where they moved: no tool left behind
        "I left Google in 2020 to freelance",
        "we left London for Lisbon in 2019",
        "we moved off AWS last year, everything runs on Fly.io now",
        "we dropped the old ones last year when I became the only mobile dev left at Cuentaclara",
        # what a doctor or a named person told the person to do is how they live (adr/0110)
        "the doctor told me to keep salt under 5 grams a day",
        "my cardiologist told me to keep away from petrol strimmers",
        # the person's own excitement
        "I'm really excited about the trip to Gaia",
        # (adr/0113) "X no," is a no only to a thing named and with a why not about the person: not to an option of
        # a list, not after a laugh, not before "I'm …"
        "the second no, careful: our fiscal week starts on Sunday, not Monday",
        "jaja no, I'm in Rosario, not Buenos Aires",
        "Sunday no, I'm at my mother's every Sunday",
        # how warm the person keeps a place, and what a month is like there, are no weather of today
        "I keep the greenhouse at 18 degrees",
        "it's about 30 degrees in July usually here",
        "yossi (my tutor) gave me this one: block 2kg on 30° incline, find acceleration",
        # what rides on an apology for typing one-handed is the person's (adr/0113)
        "typing with one hand because aisulu fell asleep on my arm, sorry for typos",
        "sorry for the typos typing on the bus home to Pinhais",
        # heldout662 (adr/0113): what a doctor said the person has, with no article and the town
        "doctor in Shymkent said i have sleep apnea, moderate",
        # (adr/0113) a knee swollen since an operation lasts; a sister in another city who runs the shop with the person
        "my knee is swollen since the operation in 2019",
        "my sister Ana in Lisbon runs the shop with me",
        # heldout649 (adr/0113): when a decision was made is no state of the moment
        "Tamam, reminders go out 24 hours before, not 2 hours, we decided this with the team today",
        "ok we agreed this morning to close on Mondays from now",
    ],
)
def test_the_judge_reads_statements_no_family_foresaw(clause: str) -> None:
    assert admissible(clause) is None


def test_judge_keeps_facts_in_shapes_no_family_reads(judge: Judge) -> None:
    said = (
        "Teaching chemistry since 2011, at a school in Braga.",
        "the lab's cryostat sits in room B214",
        "we ship the firmware over the air with Mender",
    )
    assert facts(chat(*said), None) == []  # the rules alone read none of them
    kept = facts(chat(*said), judge)
    texts = " | ".join(f.text for f in kept)
    for key in ("2011", "B214", "Mender"):
        assert key in texts, texts
    for fact in kept:
        assert fact.family == "learned/judge"
        assert judge.threshold <= fact.confidence or fact.confidence == 0.9
        assert not fact.text.lower().startswith(("i ", "i'm "))  # third person, like every family
    assert any(f.text.startswith("Teaching chemistry since 2011") for f in kept), texts


def test_judge_keeps_no_decoy_and_no_request(judge: Judge) -> None:
    said = (
        "Can you rename this variable to count?",
        "fix the failing import in utils.py",
        "let me check the logs first",
        "Ottilie on the data team keeps saying Polars would be faster.",
        "My cousin Dario loves rugby.",
        "maybe we should try Svelte at some point",
        "the kettle broke this morning",
        "Our head of data wants us to move everything to Dagster next year.",
        "We trialled Karpenter last year and binned it.",
    )
    texts = " | ".join(f.text for f in facts(chat(*said), judge))
    for decoy in ("count", "utils.py", "Polars", "rugby", "Svelte", "kettle", "Dagster", "Karpenter"):
        assert decoy not in texts, texts
    assert "Dario" not in texts  # a sentence about someone else's taste keeps nothing, not even who they are


def test_a_relation_named_in_a_question_or_in_brackets_is_kept() -> None:
    said = (
        "Beatriz (my lead) will kill me if the marts break again this week lol",
        "when my husband Quang takes the baby to his mother's, can I sleep from 8 to 1?",
    )
    texts = " | ".join(f.text for f in facts(chat(*said), None))
    assert "The user's lead is Beatriz" in texts and "The user's husband is Quang" in texts, texts


def _transcript(tmp_path: Path) -> Path:
    path = tmp_path / "chat.txt"
    path.write_text(
        "**User:** hi. we ship the firmware over the air with Mender. can you look at the OTA script?\n"
        "**Assistant:** Sure, send it over.\n"
        "**User:** My cousin Dario loves rugby. Also the kettle broke this morning.\n",
        encoding="utf-8",
    )
    return path


def test_observe_cli_keeps_judged_facts_and_the_setting_turns_the_judge_off(
    ws: Workspace, cli: Any, tmp_path: Path
) -> None:
    result = cli("observe", "--import", str(_transcript(tmp_path)), "--date", "2026-03-02", workspace=ws)
    assert result.exit_code == 0, result.output
    judged = [f for _, f in iter_fragments(ws) if "Mender" in f.body]
    assert judged and judged[0].extra.get("family") == "learned/judge", [
        f.body for _, f in iter_fragments(ws)
    ]
    assert not [f for _, f in iter_fragments(ws) if "rugby" in f.body or "kettle" in f.body]

    other = Workspace((tmp_path / "off").resolve())
    assert cli("init", str(other.root)).exit_code == 0
    (other.root / "jarvis.toml").write_text("[observe]\njudge = false\n", encoding="utf-8")
    result = cli("observe", "--import", str(_transcript(tmp_path)), "--date", "2026-03-02", workspace=other)
    assert result.exit_code == 0, result.output
    assert not [f for _, f in iter_fragments(other) if "Mender" in f.body]


@pytest.mark.parametrize(
    ("said", "key"),
    [
        ("Short lists, no big paragraphs, that goes for everything you send me", "Short lists"),
        (
            "Give me the numbers first, explanation after. That's how I like stuff laid out, every time.",
            "numbers",
        ),
        ("can you do it as flashcards?? that's how I revise everything tbh", "flashcards"),
        ("explain to me in Ukrainian what you wrote, please always like this", "Ukrainian"),
        ("Metric units. Every time, please.", "Metric"),
        ("sign off emails with just my initials, this goes for all of them", "initials"),
    ],
)
def test_a_standing_tag_makes_the_statement_before_it_a_rule(said: str, key: str) -> None:
    kept = facts(chat(said), None)
    assert [f.family for f in kept] == ["rule/standing-tag"], kept
    assert kept[0].kind == "rule" and key in kept[0].text
    assert "I " not in kept[0].text and " me " not in kept[0].text  # third person


def test_a_standing_tag_needs_a_statement_before_it() -> None:
    assert facts(chat("That's how I like it."), None) == []
    # between friends there is no assistant to instruct
    events = [
        SessionEvent(
            "message", turn=0, role="user", name="Ana", text="Pancakes first, coffee after. Always like this."
        ),
        SessionEvent("message", turn=1, role="user", name="Bo", text="Ha, fair."),
    ]
    assert not [f for f in OfflineObserver().extract(events).facts if f.family == "rule/standing-tag"]


@pytest.mark.parametrize(
    ("said", "gone"),
    [
        ("I'm on the generator now", "generator"),
        ("im tethering off my phone rn", "tethering"),
        ("We're on the UPS with maybe 40 min left.", "UPS"),
        ("I'm on battery atm", "battery"),
    ],
)
def test_rules_keep_no_state_of_the_moment(said: str, gone: str, judge: Judge) -> None:
    assert gone not in " ".join(f.text for f in facts(chat(said), judge))


def test_a_lasting_now_is_still_a_fact() -> None:
    texts = " | ".join(f.text for f in facts(chat("I live in Lisbon now", "I use fish now"), None))
    assert "Lisbon" in texts and "fish" in texts, texts


@pytest.mark.parametrize(
    ("said", "key"),
    [
        ("max two emojis per caption always ok?", "emojis"),
        ("Tabs not spaces in this repo, yeah?", "Tabs"),
        ("we deploy from main only, right?", "main"),
        ("Dates as DD/MM/YYYY everywhere, understood?", "DD/MM/YYYY"),
    ],
)
def test_a_statement_with_a_tag_question_is_still_a_statement(said: str, key: str, judge: Judge) -> None:
    assert (
        facts(chat(said.rsplit(",", 1)[0].rsplit(" ", 1)[0] + "?"), judge) == []
    )  # a plain question: nothing
    assert key in " ".join(f.text for f in facts(chat(said), judge))


@pytest.mark.parametrize(
    "said", ["should we use tabs, ok?", "what if we moved to Bun, right?", "Is it Friday, yeah?"]
)
def test_a_real_question_with_a_tag_stays_a_question(said: str, judge: Judge) -> None:
    assert facts(chat(said), judge) == []


@pytest.mark.parametrize(
    "said", ["Cud u, not use loads of abbrevations.", "could you, not the Wago ones", "pls u, not RCD"]
)
def test_a_request_with_not_is_no_correction_carrying_the_assistants_words(said: str) -> None:
    events = [
        SessionEvent(
            "message", turn=0, role="assistant", text="Use Wago connectors and an RCD, per BS 7671."
        ),
        SessionEvent("message", turn=1, role="user", text=said),
    ]
    assert not [f for f in OfflineObserver().extract(events).facts if f.kind == "correction"]


@pytest.mark.parametrize(
    ("said", "name"),
    [
        ("My colleague Adina says running is bad for the knees", "Adina"),
        ("my neighbour Dale also thinks no-till is the answer to everything", "Dale"),
        ("My friend Karim, he has a bakery in Villeurbanne, he says I must use Too Good To Go", "Karim"),
        ("my boss Gary wants everything in the cloud anyway, bless him", "Gary"),
        # the wider family's say is theirs too; a colleague's habit is theirs
        (
            "My cousin Stelios says this year Spain will have a very big harvest, so the certification is waste of money",
            "Stelios",
        ),
        (
            "Oh, and Markus, the other postdoc, keeps everything in notebooks and refuses to touch scripts",
            "Markus",
        ),
        ("My old lead at Fenwick swore by Looker for everything", "Looker"),
    ],
)
def test_a_person_named_only_to_give_their_opinion_is_not_kept(said: str, name: str, judge: Judge) -> None:
    assert name not in " ".join(f.text for f in facts(chat(said), judge))


@pytest.mark.parametrize(
    ("said", "fact"),
    [
        (
            "My daughter Aoife does the books on a Sunday and she wants me to log the bales",
            "daughter is Aoife",
        ),
        ("My partner Yannick tested the beta on his ride to work this morning", "partner is Yannick"),
        # what the wider family does often shapes the person's week
        (
            "my nephew Manaia usually does the posts on weekends but he has exams so it's me this month",
            "Manaia",
        ),
        ("my little brother Jasur always takes the laptop in the evening for his games", "Jasur"),
        ("Anna Berg, the partner I work for, wants a summary every Friday", "Anna Berg is the partner"),
        # a share of the person's own work, and people of the household or the shop, with their way
        ("my illustrator friend Sakura does the cover art", "Sakura"),
        ("my apprentice Wanjiru does the hems and the zips now", "Wanjiru"),
        ("on fridays my flatmate Teodor cooks for the whole house", "Teodor"),
        ("My supervisor Ilse reads every chapter with a red pen, so it must be tight.", "Ilse"),
        ("Grete, my manager, reads every postmortem in the Monday review", "Grete"),
    ],
)
def test_a_person_named_beside_their_own_wish_or_deed_is_kept(said: str, fact: str, judge: Judge) -> None:
    assert fact in " ".join(f.text for f in facts(chat(said), judge))


@pytest.mark.parametrize(
    "said",
    [
        "Everyone in my cohort is applying for NHS jobs in the UK now.",
        "TCA is too big for me, not now.",
        "We tried Fourier neural operators last spring and dropped them, too unstable.",
        "most of my friends are moving to Berlin",
    ],
)
def test_what_everyone_else_does_and_what_is_turned_down_are_not_kept(said: str, judge: Judge) -> None:
    assert facts(chat(said), judge) == []


def test_a_habit_given_up_is_still_a_fact(judge: Judge) -> None:
    assert "sugar" in " ".join(f.text for f in facts(chat("I dropped sugar from my diet in 2019"), judge))


@pytest.mark.parametrize(
    ("said", "key"),
    [
        ("Visits are always stored in UTC in the DB — so the cron fires at 18:00, which Oban can do?", "UTC"),
        ("I use fish, and my editor is neovim — can you set up the config?", "neovim"),
        ("We deploy with Terraform Cloud, never by hand; can you write the module?", "Terraform Cloud"),
    ],
)
def test_a_statement_before_a_trailing_question_is_read(said: str, key: str) -> None:
    assert key in " ".join(f.text for f in facts(chat(said), None))


@pytest.mark.parametrize(
    "said",
    ["what if we moved to Bun, would that be faster?", "should we use tabs — or is that old fashioned?"],
)
def test_a_question_in_two_clauses_is_still_a_question(said: str, judge: Judge) -> None:
    assert facts(chat(said), judge) == []


@pytest.mark.parametrize(
    ("said", "rule"),
    [
        ("please can you not use bullet points with me?", "Do not use bullet points with the user"),
        ("could you always answer in Spanish?", "Always answer in Spanish"),
        ("Can u stop adding emojis to commit messages?", "Stop adding emojis to commit messages"),
        ("would you never suggest Docker Desktop, we can't license it", "Never suggest Docker Desktop"),
    ],
)
def test_a_standing_instruction_asked_as_a_question_is_a_rule(said: str, rule: str) -> None:
    kept = facts(chat(said), None)
    assert kept and kept[0].kind == "rule" and kept[0].text.startswith(rule), kept


@pytest.mark.parametrize("said", ["can you not delete that file?", "could you always check it again?"])
def test_a_one_off_asked_as_a_question_is_no_rule(said: str, judge: Judge) -> None:
    assert facts(chat(said), judge) == []


@pytest.mark.parametrize(
    ("said", "key", "kind"),
    [
        (
            "house rule and I should have said earlier: no RecordWildCards, anywhere in this codebase",
            "RecordWildCards",
            "rule",
        ),
        ("convention here: english, imperative mood, lowercase after the prefix", "imperative mood", "rule"),
        ("Team rule for this repo: squash merges only", "Squash merges", "rule"),
        ("I have a pacemaker since 2019, can I go through the airport scanner?", "pacemaker", ""),
        ("my late wife Lupe always did these things for the both of us", "Lupe", ""),
    ],
)
def test_labels_with_asides_questions_joined_by_a_comma_and_deeds_of_the_named(
    said: str, key: str, kind: str, judge: Judge
) -> None:
    kept = [f for f in facts(chat(said), judge) if key in f.text]
    assert kept, facts(chat(said), judge)
    assert not kind or kept[0].kind == kind


@pytest.mark.parametrize(
    ("assistant", "said", "text"),
    [
        (
            "I set the GHC version to 9.4 in the cabal file.",
            "it's 9.6.4, not 9.4 - 9.4 was the old CI image",
            "9.6.4, not 9.4",
        ),
        ("I pinned Node 20.x in the Dockerfile.", "Node 22, not 20.x.", "Node 22, not 20.x"),
        ("Using Python 3.10 for the venv.", "3.12 not 3.10; we upgraded in May", "3.12, not 3.10"),
    ],
)
def test_a_correction_between_version_numbers_keeps_both(assistant: str, said: str, text: str) -> None:
    events = [
        SessionEvent("message", turn=0, role="assistant", text=assistant),
        SessionEvent("message", turn=1, role="user", text=said),
    ]
    kept = [f for f in OfflineObserver().extract(events).facts if f.kind == "correction"]
    assert kept and text in kept[0].text, kept


@pytest.mark.parametrize(
    ("said", "fact"),
    [
        ("after my shift at Lawson tonight i'll send a msg to the band", "shift at Lawson"),
        ("can we finish before my pottery course at Clay Corner?", "pottery course at Clay Corner"),
        ("I'm late for my choir rehearsal at St Mary's again", "rehearsal at St Mary's"),
    ],
)
def test_where_the_person_goes_is_kept_from_any_sentence(said: str, fact: str) -> None:
    assert fact in " ".join(f.text for f in facts(chat(said), None))


def test_where_someone_else_goes_is_not() -> None:
    assert facts(chat("my friend's class at MIT is hard"), None) == []


def test_a_corrections_fragment_keeps_only_the_assistant_sentence_it_answers(
    ws: Workspace, cli: Any, tmp_path: Path
) -> None:
    path = tmp_path / "lambing.txt"
    path.write_text(
        "**User:** who do I call at night if a ewe is in trouble?\n"
        "**Assistant:** You could get a drone with a thermal camera to check the field. For emergencies, "
        "ring the out of hours lot at the practice.\n"
        "**User:** Only ring Rhys, not the out of hours lot.\n",
        encoding="utf-8",
    )
    assert cli("observe", "--import", str(path), "--date", "2026-03-02", workspace=ws).exit_code == 0
    bodies = [f.body for _, f in iter_fragments(ws) if "Rhys" in f.body]
    assert bodies, [f.body for _, f in iter_fragments(ws)]
    assert "out of hours lot at the practice" in bodies[0] and "drone" not in bodies[0]


@pytest.mark.parametrize(
    ("said", "gone"),
    [
        ("my laptop fan is screaming, chrome has like 80 tabs open", "80 tabs"),
        ("the work phone is dying, sorry", "dying"),
        ("my publisher contact keeps hinting at a Switch port", "Switch"),
        ("Yerlan on my team keeps trying to get me onto Helix", "Helix"),
        ("I'll think about it, not today.", "think"),
    ],
)
def test_things_acting_up_nudges_from_others_and_put_offs_are_not_kept(
    said: str, gone: str, judge: Judge
) -> None:
    assert gone not in " ".join(f.text for f in facts(chat(said), judge))


@pytest.mark.parametrize("said", ["I keep bees on the allotment", "we keep trying new sourdough recipes"])
def test_what_the_person_keeps_doing_is_still_theirs_to_judge(said: str) -> None:
    assert admissible(said) is None


@pytest.mark.parametrize(
    ("said", "gone"),
    [
        ("James's father tells jokes in every speech.", "jokes"),
        ("her sister hates flying", "flying"),
        ("I had a go with one of those Flow Hives in 2022", "Flow Hives"),
        ("we gave Tailwind a try last spring", "Tailwind"),
    ],
)
def test_other_peoples_people_and_things_tried_once_are_not_kept(said: str, gone: str, judge: Judge) -> None:
    assert gone not in " ".join(f.text for f in facts(chat(said), judge))


def test_who_someone_elses_people_are_is_still_kept() -> None:
    assert "Dr. Amadi" in " ".join(
        f.text for f in facts(chat("Her dentist is Dr. Amadi on Bath Road."), None)
    )


def offered(suggestion: str, *user: str) -> list[SessionEvent]:
    events = [SessionEvent("message", turn=0, role="assistant", text=suggestion)]
    for i, text in enumerate(user, start=1):
        events.append(SessionEvent("message", turn=2 * i - 1, role="user", text=text))
        events.append(SessionEvent("message", turn=2 * i, role="assistant", text="Done."))
    return events


@pytest.mark.parametrize(
    ("advice", "said", "gone"),
    [
        (
            "Not mad, but not a good use of time. Picking up harpsichord before mocks would eat into practice time.",
            "lol ok no harpsichord. diolch!",
            "harpsichord",
        ),
        (
            "For a two-person team Kubernetes is more than you need; one VM with Docker Compose is simpler.",
            "fine, no Kubernetes then",
            "Kubernetes",
        ),
        (
            "A second espresso machine won't pay for itself at your volume.",
            "fair enough no espresso machine",
            "espresso",
        ),
    ],
)
def test_advice_taken_against_an_idea_of_ones_own_is_no_correction(
    advice: str, said: str, gone: str, judge: Judge
) -> None:
    for reader in (None, judge):  # the rules alone keep nothing either
        kept = facts(offered(advice, said), reader)
        assert not [f.text for f in kept if gone.lower() in f.text.lower()], reader


def test_thanks_in_any_language_is_no_reason_for_a_no() -> None:
    for thanks in ("obrigado!", "diolch yn fawr", "merci", "thanks so much"):
        # the rules alone (the veto, trained on other rows, may drop a bare "no hummus" whatever follows)
        kept = facts(offered("The menu has hummus, falafel and tabbouleh.", f"no hummus. {thanks}"), None)
        assert [f.text for f in kept] == ["No hummus."], thanks


@pytest.mark.parametrize(
    ("said", "own", "theirs"),
    [
        ("I write everything in LaTeX, my advisor uses Word for everything", "LaTeX", "Word"),
        ("I run Arch on every box, my mentor Jiho uses Windows for everything", "Arch", "Windows"),
        ("we bake sourdough every morning, my neighbour in Fes sells only at the souk", "sourdough", "souk"),
        (
            "I keep the hives on the north slope, our neighbour always sprays glyphosate",
            "hives",
            "glyphosate",
        ),
    ],
)
def test_the_persons_words_before_someone_elses_way_are_read_alone(
    said: str, own: str, theirs: str, judge: Judge
) -> None:
    kept = [(f.text, f.quote) for f in facts(chat(said), judge)]
    assert any(own in text for text, _ in kept), kept
    assert not any(theirs in text or theirs in quote for text, quote in kept), kept


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        (
            "so can you look at _targets.R and fix the paths and also please remember I use biblatex with biber "
            "for references, never natbib",
            "biber",
        ),
        ("could you check the logs and please remember that my staging box listens on port 2222", "2222"),
    ],
)
def test_a_request_to_remember_run_on_after_an_errand_is_kept(said: str, kept: str, judge: Judge) -> None:
    assert [f for f in facts(chat(said), judge) if kept in f.text], [f.text for f in facts(chat(said), judge)]


@pytest.mark.parametrize(
    ("said", "own", "unreal"),
    [
        (
            "milk price now around 0.42 per litre from Rokiskio the truck comes every second day and if we ever "
            "went organic would the EU subsidy cover part of the robot",
            "Rokiskio",
            "organic",
        ),
        # heldout345-352: dictated with no joint before the "if"
        (
            "remember that my soil is heavy clay it holds water a lot and in winter it's like butter if I had a "
            "greenhouse I could maybe do winter tomatoes but that's a dream for now what should I do with the soil",
            "clay",
            "greenhouse",
        ),
        (
            "note that my flat is on the fourth floor no lift if we had a lift I would get a bigger dog",
            "fourth floor",
            "bigger dog",
        ),
    ],
)
def test_an_unreal_if_run_on_is_cut_and_the_words_before_it_are_read(
    said: str, own: str, unreal: str, judge: Judge
) -> None:
    kept = " ".join(f.text + " " + f.quote for f in facts(chat(said), judge))
    assert own in kept and unreal not in kept, kept


@pytest.mark.parametrize(
    ("suggestion", "said", "kept", "gone"),
    [
        # heldout441-448: the no to the offer closes the sentence; what comes before it is read on its own
        (
            "Longer term, this goes away if you move polling into a Riverpod StreamProvider, a small migration.",
            "no no, we stay with Provider for state management, no migration.",
            "Provider",
            "migration",
        ),
        (
            "Down the line you could port the scripts to Snakemake, it is a quick port.",
            "we're sticking with make for the pipeline, no port",
            "make",
            "port",
        ),
        # heldout529-536 (adr/0110): a choice of another thing made after the no, and decided, is its own
        (
            "If you want real mountains later, Svaneti with Mestia is stunning, but it's a long drive.",
            "no Mestia way too far for the kids, ok we're going with Kakheti for 3 days and then Batumi for the rest "
            "that's decided my wife already agreed, also I don't eat pork",
            "Kakheti",
            "mestia",
        ),
        (
            "You could also add the Lofoten ferry, it is a beautiful crossing.",
            "nah the Lofoten ferry is too long, we'll go with the train to Bodø, decided",
            "Bodø",
            "lofoten",
        ),
        (
            "Maybe try the Pro plan, it has the reports you want.",
            "no Pro plan, too pricey; I'm sticking with the free tier, final decision",
            "free tier",
            "pro plan",
        ),
    ],
)
def test_what_comes_before_a_no_to_an_offer_is_read_on_its_own(
    suggestion: str, said: str, kept: str, gone: str
) -> None:
    texts = " | ".join(f.text for f in facts(offered(suggestion, said), None))
    assert re.search(rf"\b{kept}\b", texts) and gone not in texts.lower(), texts


@pytest.mark.parametrize(
    "said",
    [
        "apple pay not need, 95% of customer use QRIS or GoPay.",
        "Apple Pay not needed, none of our customers have an iPhone",
    ],
)
def test_the_no_said_after_the_thing_goes_with_it(said: str, judge: Judge) -> None:
    """What follows "X not need" is read on its own, without the no ("Not need, 95% of customer …")."""
    kept = facts(offered("Also, do you want Apple Pay on the iOS build?", said), judge)
    assert not [f.text for f in kept if re.match(r"(?i)not need|no need", f.text)], [f.text for f in kept]


@pytest.mark.parametrize(
    ("said", "gone", "kept"),
    [
        # heldout433-440: what the person thanks the assistant for is the assistant's, not theirs
        (
            # (the retrained judge scores the bare "Adanna will argue with me …" 0.52; who she is keeps it: adr/0112)
            "And thank you about the JR Pass, my wife Adanna will argue with me but numbers are numbers.",
            "JR Pass",
            "Adanna",
        ),
        ("thanks for the tip about Wise, I bank with Monzo anyway", "Wise", "Monzo"),
        # an offer turned down in passing ("… offered a discount but no") is no part of the choice made
        (
            "ok so decision is made we go with the Volvo Penta D8 the 550 hp version, the Scania dealer in Bodø "
            "offered a discount but no, the Volvo service is better up here.",
            "Scania",
            "Volvo",
        ),
        (
            "we're going with the Yamaha outboard, the Honda guy quoted less but nah, parts are easier to get",
            "Honda",
            "Yamaha",
        ),
    ],
)
def test_thanks_for_a_thing_and_an_offer_turned_down_in_passing_are_no_facts(
    said: str, gone: str, kept: str, judge: Judge
) -> None:
    texts = " | ".join(f"{f.text} {f.quote}" for f in facts(chat(said), judge))
    assert kept in texts and gone not in texts, texts


@pytest.mark.parametrize(
    ("suggestion", "said", "declined"),
    [
        (
            "Queue is bounded now. I'd also suggest registering per-route workers with gproc.",
            "no, leave the registry alone, I don't want gproc pulled in for a hotfix. just spawn a sender per batch",
            "gproc",
        ),
        (
            "One idea: you could aggregate onto an H3 hex grid, which looks nice in the viewer.",
            "cute but no H3, the deliverable is per comune, that's what the civil protection asked for.",
            "H3",
        ),
        (
            "Also, if you're not already a member, a local Mieterverein can write to the landlord for you.",
            "no Mieterverein, i dont want pay 90 euro membership for one letter, student budget.",
            "Mieterverein",
        ),
        (
            "Want me to add django-silk so you can profile the queries?",
            "No silk. Use the query log.",
            "silk",
        ),
        (
            "You might consider Redis Streams for the fan-out instead.",
            "Nah, we don't need Redis for this one, a Postgres table is plenty.",
            "Redis",
        ),
        # heldout265-272: a tip and what a thing lets you do are offers; "would that interest you?" points
        # back; a place word or "only after" is no lasting no; doing it oneself declines it
        (
            "Batch tip:\n- a pressure cooker lets you dump the beans in on Sunday and portion them out",
            "no pressure cooker, the kitchen is tiny.",
            "pressure cooker",
        ),
        (
            "Also, many small cafés add a stamp card to soften a price rise. Would that interest you?",
            "No stamp card, I tried paper ones in 2022 and nobody brought them back.",
            "stamp card",
        ),
        (
            "One more idea: a loyalty card, for example buy 10 msemen, get 1 free.",
            "No loyalty card, people here don't like cards, they forget them at home.",
            "loyalty card",
        ),
        (
            "You could also try a WhatsApp catalogue for your regulars.",
            "no WhatsApp catalogue, too much work, I am at the counter only after my knee surgery in October.",
            "WhatsApp",
        ),
        (
            "Would you like me to turn this into a shopping list as well, grouped by aisle?",
            "nah I'll sort the shopping list myself at Pak'nSave, thanks.",
            "shopping list",
        ),
        (
            "Should I also write the packing list for the trip?",
            "No thanks, I will do the packing list on my own.",
            "packing list",
        ),
        (
            "I can add a Dockerfile so Postgres runs in a container.",
            "no, skip the Dockerfile stuff, I run postgres natively on this laptop.",
            "Dockerfile",
        ),
        # heldout273-280: the offer does not fit the person's case; a split named by its numbers
        (
            "For a starting frame, many people use the 50/30/20 split (needs/wants/savings).",
            "Abeg, 50/30/20 doesn't work with Lagos prices, rent alone eats 35% of what we bring in.",
            "50/30/20",
        ),
        (
            "Lots of families use a chore chart on the fridge for this.",
            "Honestly, a chore chart won't work for us, the boys just ignore paper.",
            "chore chart",
        ),
        # heldout281-288: a crate named with its variant; "for now" outweighs a lasting "only"
        (
            "Separately, `bevy_rapier2d` would give you broad-phase for free and probably help in big rooms.",
            "And no rapier — keep the collision as it is, it's not in the profile anyway.",
            "rapier",
        ),
        (
            "If you want, I can also make a spreadsheet with the full repayment table.",
            "No spreadsheet needed, only the monthly payment is enough for now.",
            "spreadsheet",
        ),
        # heldout297-304: the offered change turned down by keeping things as they are
        (
            "If this ever gets slow, polars would do the groupby several times faster. Want me to port it?",
            "no, leave it in pandas, nobody else on the team knows polars and I'm the one who gets called when it breaks.",
            "polars",
        ),
        (
            "plotly would make these figures interactive. Should I rewrite them?",
            "nah keep them in matplotlib, plotly is overkill for a printed thesis",
            "plotly",
        ),
        # heldout305-312: the offer put off by the person
        (
            "Lint passes. I could also add a pre-commit config so ruff runs automatically on every commit.",
            "No, don't set up pre-commit, I'll do it some other time.",
            "pre-commit",
        ),
        (
            "Want me to add a GitHub workflow that runs the tests on every push?",
            "leave the workflow, I'll set it up myself later",
            "workflow",
        ),
        # heldout313-320: the offer named with its accents, turned down without them, and the other way round
        (
            "Instead of a sheet, some small shops use an accounting app like Paraşüt, which does stock and invoices.",
            "no parasut, we have an accountant who does the invoices, i just want the stock part.",
            "parasut",
        ),
        (
            "You could also try Sketchup for the layout, some joiners like it.",
            "nah no Skétchup, I draw on paper and I'm fine with that",
            "sketchup",
        ),
        # heldout321-328: options laid out, one turned down
        (
            "Two ways to fix it:\n1. Minimal: wrap the request in try/except and log the gaps.\n"
            "2. Rewrite it with ObsPy's MassDownloader, which handles gaps and retries.\nWhich do you prefer?",
            "Please don't restructure it into MassDownloader, just add the error handling.",
            "MassDownloader",
        ),
        (
            "There are three options here: keep the cron job, move it to a systemd timer, or port it to Airflow.",
            "don't port it to Airflow, the cron job is fine",
            "Airflow",
        ),
        # heldout345-352: what is "cleaner with" something is offered; "but not X" turns it down
        (
            "Longer term, this loading state is cleaner with Riverpod's AsyncNotifier.",
            "Yes please fix. But not Riverpod, my client not want big change, we stay with Provider for this project.",
            "Riverpod",
        ),
        (
            "Error handling gets a lot cleaner with anyhow in a small binary.",
            "ok but not anyhow, it's a tiny tool and I want it done today",
            "anyhow",
        ),
        # heldout361-368: thanks, then "but not X"; a semicolon ends the no, so the "always" after it is
        # another statement's
        (
            "If you travel a lot by train, an Interrail pass might work out cheaper. Shall I compare that?",
            "Thank you, but not the Interrail pass; I will book individual tickets as I always do.",
            "Interrail",
        ),
        (
            "You could also get a Eurail pass for the whole trip.",
            "thanks, but not the Eurail pass; I always plan each leg myself",
            "Eurail",
        ),
        # heldout337-344: the offer dropped or ditched
        (
            "I could add a progress bar with tqdm.",
            "drop the progress bar please, it clutters the log",
            "progress bar",
        ),
        (
            "I can also set up Dependabot for the repo.",
            "ditch dependabot, I update the deps by hand",
            "dependabot",
        ),
        # heldout337-344: the offer named first, then the no
        (
            "If you like, I could also extend the program to upload product photos automatically from a folder.",
            "Image upload no, thank you, my daughter makes the photos by hand and uploads them herself.",
            "upload",
        ),
        (
            "Want me to add a dark mode toggle as well?",
            "Dark mode no, thanks, the app is only opened in the office in daylight.",
            "dark mode",
        ),
        # heldout289-296: "an alternative would be …" offers
        (
            "An alternative would be refitting it in brms, which gives posterior intervals.",
            "And no brms, I don't have the time to learn Stan before the deadline.",
            "brms",
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
            "we'd prefer not to add lodash just for one function, write the debounce by hand",
            "lodash",
        ),
        # heldout401-408: "if you would like, …" offers; "I shall not install X" turns it down, and is no
        # "X, not Y" correction
        (
            "If you would like more control over the reports, the free program Gramps can import the tree.",
            "Thank you, but I shall not install Gramps; at seventy-one I would rather stay with what I know.",
            "Gramps",
        ),
        (
            "If you would prefer, Obsidian can hold the notes and link them.",
            "we shan't use Obsidian, paper is fine",
            "Obsidian",
        ),
        # "longer-term, X would let …" offers X; "no, X is basically unmaintained" is why the offer is no good
        (
            "(Longer-term, a small Streamlit web app would let colleagues open the rota on their phones.)",
            "No Streamlit please, I can't host anything and the hospital network blocks most things.",
            "Streamlit",
        ),
        (
            "If you want the fonts to match, I could export the figures to PGF with tikzplotlib.",
            "no, tikzplotlib is basically unmaintained, just rename the style.",
            "tikzplotlib",
        ),
        (
            "You could also cache the tiles with Varnish.",
            "nah varnish is overkill for this, leave it",
            "varnish",
        ),
        # heldout417-424: "no, not X, <why>" to the offer
        (
            "I could also move the charts to Plotly so they are interactive.",
            "no, not plotly, the report is printed anyway.",
            "plotly",
        ),
        (
            "The cheapest option is Backblaze B2 for the photo backups.",
            "I would rather not use Backblaze for this, the external drive is fine for now",
            "Backblaze",
        ),
        # heldout433-440: "I'd rather not do the X thing"; "Let's not add X" is no "X, not Y" correction
        (
            "For software, I'd suggest per-rule conda environments managed with mamba. Should I set that up?",
            "I'd rather not do the mamba thing, the cluster has environment modules and the admins hate conda envs.",
            "mamba",
        ),
        (
            "I can wire the alerts through PagerDuty if you want.",
            "we would rather not set up PagerDuty, the team reads the Slack channel all day",
            "PagerDuty",
        ),
        (
            "If you want it to rerun the declustering, I could parallelise it with Dask so it scales.",
            "Let's not add Dask, it is one more dependency to explain in the methods section.",
            "Dask",
        ),
        (
            "Polars would make this groupby a lot faster, want me to switch?",
            "lets not add polars, the dataframe is tiny",
            "polars",
        ),
        # heldout449-456: what a choice gives the person is offered
        (
            "For getting around between sights, renting a car gives you the most flexibility with a wheelchair.",
            "No rental car, the trains and taxis are fine for us.",
            "car",
        ),
        (
            "On the island a Vespa offers you more freedom than the bus.",
            "no vespa, my wife won't ride one",
            "vespa",
        ),
        # heldout441-448: "X not need(ed)" turns X down; "no X" to a phrase of a plan laid out turns it down
        (
            "One note: a server key shouldn't ship inside a mobile app. Also, do you want Apple Pay on the iOS build?",
            "apple pay not need, 95% of customer use QRIS or GoPay.",
            "Apple Pay",
        ),
        ("Should I add a CSV export too?", "csv export not needed, they only look at the screen", "CSV"),
        (
            "Here's a first day-by-day draft (6 nights):\n**Day 4** – Free morning; evening overnight train to Batumi.\n"
            "**Day 5** – Batumi boulevard.",
            "No overnight train please, Amma won't sleep on a train.",
            "overnight train",
        ),
        (
            "Here is a rough itinerary:\n- Day 2: boat tour of the fjord\n- Day 3: glacier hike",
            "no boat tour, my wife gets seasick",
            "boat tour",
        ),
        # heldout425-432: the items of a list of extras are each offered, named by their first words
        (
            "Two optional extras before I run it:\n1. a partial index `ON shipments (id) WHERE delivered_at IS NULL` "
            "for the dashboard query\n2. batching the backfill in chunks of 5,000 rows\n\nWant either of those?",
            "no index, the table is like 40k rows, it's fine.",
            "index",
        ),
        (
            "A few possible improvements:\n- a retry wrapper around the upload\n- caching the tokens in Redis\n"
            "Should I add any of them?",
            "no retry wrapper, the SFTP server sits on our LAN",
            "retry",
        ),
        # heldout609-616 (adr/0112): "not <the offer>", then why with a subject of its own, names nothing in its place
        (
            "Longer term, if you want alerting, a common setup is InfluxDB + Grafana next to the collector.",
            "No, not Grafana, my father must be able to use it and he only knows this one page. Keep it in our app.",
            "Grafana",
        ),
        (
            "You could put a Kafka topic in front of the workers.",
            "nope, not Kafka, we're only three people and it is too much to run.",
            "Kafka",
        ),
        # the offer named in the singular, turned down in the plural
        (
            "A shared Google Sheet would also work and costs nothing. Do you want to stay on Airtable, or would a "
            "Google Sheet be simpler?",
            "no, not Google Sheets. We stay with Airtable, the staff already know it and we pay for the team plan.",
            "Google Sheet",
        ),
        # heldout625-632 (adr/0112): "no X for me, <why>" to an option in a list headed "These are the … choices"
        (
            "These are the good choices for you:\n1. **Google prompt on the phone.** You press Yes.\n2. **Backup codes "
            "on paper.**\n3. **A security key.** A small USB key (for example a YubiKey) that you plug in.\nMy "
            "suggestion for you: number 1 for daily use.",
            "No, no YubiKey for me, such small things I lose. The Google prompt and the paper is good.",
            "YubiKey",
        ),
        # heldout633-640 (adr/0112): the why said, then another matter that reads like a value ("it is 34 degrees")
        (
            "By the way, Quarto could replace the Makefile and also give you an HTML version. Only if you're curious.",
            "No, not Quarto, I don't want to learn another tool now, pandoc works. There is a heatwave, it is 34 "
            "degrees in my office today, I can't think anymore.",
            "Quarto",
        ),
        # heldout646 (adr/0112): what many people keep their codes in, "a password manager app like Bitwarden"
        (
            "Many people keep them in a password manager app like Bitwarden, which keeps all passwords locked.",
            "No, not Bitwarden. I don't want more apps on the phone.",
            "Bitwarden",
        ),
        (
            "Here are your options:\n- Trello, free for small teams\n- Asana\n- a shared spreadsheet",
            "no Asana for us, too many buttons",
            "Asana",
        ),
        # heldout658 and heldout663 (adr/0113): "not" in the person's language; a thing named, then a no
        (
            "You could sell through Etsy, or through your own Shopify site. Which do you prefer?",
            "Non, pas Etsy, the fees are crazy and I hate the algorithm.",
            "Etsy",
        ),
        (
            "You could list the mugs on Etsy too, it reaches a lot of buyers.",
            "Nein, nicht Etsy, die Gebühren sind zu hoch.",
            "Etsy",
        ),
        (
            "A field trip to the Jardin Etnobotanico would fit the pollinator unit well.",
            "the Jardin Etnobotanico trip no, the paperwork for a salida takes months.",
            "Etnobotanico",
        ),
        (
            "For the passwords, Bitwarden would be the simplest for the whole office.",
            "Bitwarden no, the associates will never use another app, I know them.",
            "Bitwarden",
        ),
    ],
)
def test_a_suggestion_the_person_declines_for_now_is_no_fact(
    suggestion: str, said: str, declined: str, judge: Judge
) -> None:
    kept = facts(offered(suggestion, said), judge)
    # neither the statement nor the words it is quoted from (the fragment) name it, with accents or not
    assert not [f.text for f in kept if declined.lower() in fold(f"{f.text} {f.quote} {f.context}").lower()]


@pytest.mark.parametrize(
    ("suggestion", "said", "key"),
    [
        # the no lasts: a rule
        (
            "You could also add Terraform for the two droplets.",
            "no, not Terraform, we never add infra tooling on this team",
            "Terraform",
        ),
        # heldout481-488: "keep it that way", "in any of my …" make the no last
        (
            "I could restyle the cart with Tailwind utility classes if you like.",
            "No Tailwind — this codebase sticks to scoped <style> blocks in each component, keep it that way.",
            "Tailwind",
        ),
        (
            "For the login you could use Firebase Auth, it's the quickest.",
            "No Firebase in any of my client apps, they are all GDPR-nervous.",
            "Firebase",
        ),
        (
            "You could pull in Alpine.js for the dropdowns.",
            "no alpine, the repo sticks to plain JS for the admin pages",
            "alpine",
        ),
        (
            "You could add a Dockerfile for local runs.",
            "no Docker, ever, this team runs everything on Nix.",
            "Docker",
        ),
        (
            "We could switch the maps to Mapbox.",
            "We stay on MapKit, that's decided, no Mapbox again.",
            "MapKit",
        ),
        # a correction names the right value: kept as a correction
        ("You could put the alias in your .bashrc.", "no, it's fish, not bash", "fish"),
        # it states how things are, not a no to the offer
        (
            "You could add an RSpec matcher for that.",
            "The codebase has no RSpec at all, it's Minitest.",
            "RSpec",
        ),
        # "here" in a standing no, wherever it sits in the sentence
        (
            "The cups role has a branch for Ubuntu; want me to keep that?",
            "drop it. all our servers are debian 12, no ubuntu boxes anywhere here and there wont be.",
            "debian 12",
        ),
        ("You could use pnpm for the workspace.", "no pnpm here, we use yarn for everything.", "yarn"),
        # what the person does in place of the dropped offer is theirs
        (
            "I can add a Dockerfile so Postgres runs in a container.",
            "no, skip the Dockerfile stuff, I run postgres natively on this laptop.",
            "natively",
        ),
        # heldout287: a no with a standing condition is a rule
        (
            "If you want, I can also add the `backoff` crate for exponential retry timing.",
            "Please do not add new crates without asking me first, the build on my old laptop is very slow.",
            "crates",
        ),
        (
            "I could install Tailwind to speed up the styling.",
            "don't install Tailwind unless I ask for it",
            "Tailwind",
        ),
    ],
)
def test_a_lasting_no_or_a_correction_after_a_suggestion_is_kept(
    suggestion: str, said: str, key: str, judge: Judge
) -> None:
    kept = facts(offered(suggestion, said), judge)
    assert any(key.lower() in f.text.lower() for f in kept), [f.text for f in kept]


@pytest.mark.parametrize(
    ("suggestion", "said", "kept", "gone"),
    [
        (
            "I could add a Dockerfile for local runs.",
            "don't bother with the Dockerfile yet since everything runs on my Raspberry Pi 5 at home",
            "Raspberry Pi 5",
            "Dockerfile",
        ),
        (
            "Want me to add Sentry for crash reports?",
            "no Sentry yet because our self-hosted GitLab already collects the crash logs",
            "GitLab",
            "Sentry",
        ),
        (
            "I could also check staging if you like.",
            "don't bother with staging yet, the grafana on our OVH box shows everything",
            "OVH",
            "staging",
        ),
        # heldout652 (adr/0113): the choice, then the other option dropped in the same clause
        (
            "Two options: an analog thermistor, cheap but it drifts, or a DS18B20 probe. Which one for the spare?",
            "ok going with the DS18B20 probe on both, skip the analog thermistor, it drifts in the sun.",
            "DS18B20",
            "thermistor",
        ),
        (
            "Postgres or Mongo for the job store?",
            "going with Postgres, and nah not doing Mongo, overkill",
            "Postgres",
            "Mongo",
        ),
        (
            "Two ways: a WordPress site, easy to edit, or Hugo, static and free to host. Which one?",
            "ok going with Hugo for the club site, skip the WordPress one, too heavy.",
            "Hugo",
            "WordPress",
        ),
    ],
)
def test_what_follows_a_no_for_now_in_one_clause_is_read_on_its_own_once(
    suggestion: str, said: str, kept: str, gone: str, judge: Judge
) -> None:
    texts = [f.text for f in facts(offered(suggestion, said), judge)]
    assert [t for t in texts if kept in t] and not [t for t in texts if gone in t], texts
    assert len(texts) == len(set(texts)), texts


@pytest.mark.parametrize(
    ("said", "gone"),
    [
        # somebody else's habit, by bare name or as a friend/colleague
        (
            "yep that's right. marguerite always merges straight to main on mondays so expect conflicts",
            "marguerite",
        ),
        ("Oluwaseun always writes his migrations by hand, no generators.", "Oluwaseun"),
        ("my mate Dougie never books anything before the last minute, typical.", "Dougie"),
        ("My colleague Ingrid usually runs the whole suite twice before pushing.", "Ingrid"),
        ("My neighbour across the road, Hamish, swears by coffee grounds for the roses.", "coffee grounds"),
        (
            "My friend Bronagh always books the cheapest flight going and then complains for a month.",
            "Bronagh",
        ),
        # what everybody knows, or what someone sent
        ("Cement always goes up before the long rains, everybody knows that.", "Cement"),
        ("Like I told you, a cork oak lives 300 years.", "cork oak"),
        ("my cousin sent this in the family chat: 'put it all in gold, 5x by christmas'", "gold"),
        # this minute, or one evening
        ("im so knackered, only slept 4 hours because the neighbours had a party", "slept"),
        ("I'm running on five hours sleep so bear with me", "sleep"),
        ("I'm on my second espresso already", "espresso"),
        ("fyi yesterday i dropped my laptop down the stairs so it's a bit slow", "stairs"),
        ("Funny one: on Sunday I locked myself out of the flat and waited two hours.", "locked"),
        # news of today, told with "fyi" or "heads up"
        ("fyi prod had a 5xx spike this morning around 6, unrelated, Anjali's already on it", "5xx"),
        ("heads up, the staging box was down today for an hour", "staging"),
        # hearsay read by a family too
        ("I read on some forum that embassy is better than esp-idf", "embassy"),
        ("heard that Fastmail is better than Proton for families", "Fastmail"),
        # turned down in a few words, or tried and hated
        ("Salary sacrifice nah, not for me.", "Salary sacrifice"),
        ("I'm not paying for Calendly, people just text me anyway.", "Calendly"),
        ("Pulumi we tried at my last job, it was a nightmare.", "Pulumi"),
        # a question after a lead-in, without its question mark
        ("Quick q, is a tracker mortgage better than a fixed one for me", "tracker"),
        # heldout297-304: someone else's way after the person's words, or named with it; a habit given up;
        # a choice not made
        (
            "ok and fertilizer with the water, my neighbour Don Chuy he uses drones to spray everything",
            "drones",
        ),
        ("my friend Dovydas writes his whole thesis in word lol, i could never", "Dovydas"),
        ("My teammate Oskar runs everything through Makefiles.", "Makefiles"),
        ("my supervisor Ruwan does literally everything in the QGIS python console lol", "QGIS"),
        ("I used to smoke a pipe on the veranda every evening.", "pipe"),
        ("we used to keep chickens behind the barn", "chickens"),
        ("I have not decided about MultiQC yet.", "MultiQC"),
    ],
)
def test_what_is_theirs_of_the_moment_or_turned_down_is_not_kept(said: str, gone: str, judge: Judge) -> None:
    kept = facts(chat(said), judge)
    assert not [f.text for f in kept if gone.lower() in f.text.lower()]


@pytest.mark.parametrize(
    ("said", "key"),
    [
        ("Amounts always in ARS unless I ask for USD.", "ARS"),
        ("Deploys always go through Atlantis, never from a laptop.", "Atlantis"),
        ("On Saturday I run with the Harbour Striders, 15km or more.", "Harbour Striders"),
        ("On Friday the bakery is closed after 1pm for prayers.", "1pm"),
        (
            "Kasper wrote this module originally and he's the only other person on the platform team.",
            "Kasper",
        ),
        ("My son Tomasz always has swimming on Tuesdays at 6.", "Tomasz"),
        # the person, with "I" left out, after a wish
        # (the judge retrained on heldout1-608 scores "got a nikon d7500 body at a car boot sale" 0.54, below its
        # threshold: a purchase told in passing; adr/0112)
        ("want to get into bird photography, i shoot on a nikon d7500 i got at a car boot sale", "d7500"),
        ("Yesterday we decided to move the whole thing to Fly.io.", "Fly.io"),
        # heldout273-280: an instruction to the assistant is no one's say ("recommend" is no opinion verb
        # when bare); what the person read is no hearsay when no "that" follows; "passed" also tells a death
        ("Never recommend essential oils around the cats", "essential oils"),
        ("dont recommend anything over 400 quid total i mean it", "400 quid"),
        ("I read the PR on the ferry home every evening", "ferry"),
        ("it's just me now, Moira passed in 2023", "Moira"),
    ],
)
def test_the_persons_own_habits_rules_and_decisions_still_count(said: str, key: str, judge: Judge) -> None:
    kept = facts(chat(said), judge)
    assert any(key.lower() in f.text.lower() for f in kept), [f.text for f in kept]


@pytest.mark.parametrize(
    ("said", "key"),
    [
        ("ok decided, im cancelling the amex this month, the fee is killing me", "amex"),
        ("Okay, I decide now: I will sell on Vinted, and no own website", "Vinted"),
        ("decided: we move paging from VictorOps to incident.io next quarter", "incident.io"),
        ("Right, I'm making the call now: we're dropping split-screen entirely", "split-screen"),
        ("going columnar on fct_orders, decided, partition key order_date", "fct_orders"),
        ("ok decided. I will stop stocking charcoal, the margins are too small", "charcoal"),
    ],
)
def test_a_decision_said_to_be_one_is_kept_even_for_later(said: str, key: str) -> None:
    kept = facts(chat(said), None)
    assert [f for f in kept if f.kind == "decision" and key.lower() in f.text.lower()], [f.text for f in kept]


@pytest.mark.parametrize(
    ("said", "key"),
    [
        # a lead-in of several words before the rule
        ("One thing I should say up front: please don't suggest anything with easyJet.", "easyJet"),
        (
            "And understand this, for this repo and any other of mine: never run helm upgrade by hand.",
            "helm upgrade",
        ),
        # an emoji, then "and remember"
        ("love that!! ❤️ and remember my son Mateo has a sesame allergy, a bad one", "sesame"),
        # the statement before a question joined by an emoji and "like", or by "what should I"
        ("pls always give temperatures in celsius for me 🙈 like is 70F warm or cold??", "celsius"),
        ("last thing — on Saturdays I swim at the Lido at 8:00, what should I eat before that?", "Lido"),
        # who a family member is, even when their opinion follows
        ("My husband Ikenna says he'll cook jollof for me on race day", "Ikenna"),
        ("My son Ravi is sitting his boards next year so the house is tense", "Ravi"),
    ],
)
def test_statements_in_shapes_around_requests_and_questions_are_kept(said: str, key: str) -> None:
    kept = facts(chat(said), None)
    assert any(key.lower() in f.text.lower() for f in kept), [f.text for f in kept]


@pytest.mark.parametrize(
    ("said", "gone"),
    [
        (
            "One last thing, purely hypothetical: if I end up moving to Tromsø, would this setup still work?",
            "Tromsø",
        ),
        ("My wife Ngozi says we should get a dog", "dog"),
        ("My sister Ilona thinks I should grow only flowers", "Ilona"),
        ("I looked into getting a heat pump last year, the installers kept calling.", "heat pump"),
    ],
)
def test_the_if_of_a_question_and_what_was_only_looked_into_are_not_kept(
    said: str, gone: str, judge: Judge
) -> None:
    kept = facts(chat(said), judge)
    assert not [f.text for f in kept if gone.lower() in f.text.lower()]


@pytest.mark.parametrize(
    ("said", "key", "kind"),
    [
        ("do me a favour and keep replies short going forward, I read them on the bus", "short", "rule"),
        ("could you do me a favour and don't reformat whole files, just show me the hunk", "hunk", "rule"),
        ("when you write SQL for me use CTEs, never nested subqueries. Team rule.", "CTEs", "rule"),
        (
            "plz stop opening every answer with 'Great question!' 🙃 it's doing my head in",
            "Great question",
            "rule",
        ),
        ("can you stop using headings, honestly it reads like a government form", "headings", "rule"),
        ("can you talk to me like a friend texting, not like a brochure", "friend texting", "rule"),
        ("gluten intolerant btw", "gluten intolerant", "fact"),
        ("my GP put me on ramipril 2.5 mg, one at night", "ramipril", "fact"),
        ("all my candles are soy wax, since 2023 I don't use paraffin at all", "soy wax", "fact"),
    ],
)
def test_rules_and_facts_in_the_shapes_people_type(said: str, key: str, kind: str, judge: Judge) -> None:
    kept = facts(chat(said), judge)
    assert [f for f in kept if key.lower() in f.text.lower() and f.kind == kind], [
        (f.kind, f.text) for f in kept
    ]


def test_quoted_words_stay_as_said_in_the_third_person() -> None:
    kept = facts(chat("please stop ending every answer with 'let me know if you need anything'"), None)
    assert any("let me know if you need anything" in f.text for f in kept), [f.text for f in kept]


@pytest.mark.parametrize(
    ("assistant", "said", "right", "wrong"),
    [
        (
            "The cheapest is Air India via Delhi.",
            "Not Air India, it is Lufthansa via Frankfurt",
            "Lufthansa",
            "Air India",
        ),
        ("Keep it short. You're on Debian, so apt it is.", "not Debian, it's Fedora 40", "Fedora", "Debian"),
    ],
)
def test_a_correction_that_names_the_wrong_value_first(
    assistant: str, said: str, right: str, wrong: str
) -> None:
    kept = [f for f in facts(offered(assistant, said), None) if f.kind == "correction"]
    assert kept and right in kept[0].text and f"not {wrong}" in kept[0].text, [f.text for f in kept]
    assert "Keep it short" not in kept[0].text  # the topic comes from the sentence naming the wrong value


@pytest.mark.parametrize(
    ("said", "who"),
    [
        (
            "Wiremu is my manager and he signs off anything that touches billing",
            "The user's manager is Wiremu.",
        ),
        (
            "Halldóra gave me the staging creds last week — she's my wife, she works in the risk team",
            "The user's wife is Halldóra.",
        ),
        (
            "Obinna will take the pager alerts from monday, he's my junior on the NOC",
            "The user's junior is Obinna.",
        ),
        (
            "Małgorzata's gonna want the postmortem by friday (she's my lead)",
            "The user's lead is Małgorzata.",
        ),
    ],
)
def test_who_someone_is_when_said_after_their_name(said: str, who: str) -> None:
    assert who in [f.text for f in facts(chat(said), None)]


@pytest.mark.parametrize(
    "said",
    [
        "Python is my favourite language",
        "The report is due friday, she's my boss",
        "Monday is my day off",
    ],
)
def test_a_word_that_is_no_name_is_not_taken_for_one(said: str) -> None:
    assert not [f.text for f in facts(chat(said), None) if f.family.startswith("person/")]


@pytest.mark.parametrize(
    ("said", "gone"),
    [
        # accepted for the task at hand only
        ("Batch size 4 for this run only, the cluster is busy.", "Batch size 4"),
        ("Use 'Sehr geehrte Frau' for this letter.", "Sehr geehrte"),
        ("Bullet points are fine for this handout summary, nobody reads prose.", "handout"),
        ("ok, usa mixed precision solo para este experimento", "mixed precision"),
        # something that just happened, or waiting a few more days
        ("sorry, my dog just chewed through the charger cable", "charger"),
        ("We're anchored off Durban waiting for a berth, maybe 3 more days.", "Durban"),
        # looked at and said no
        ("Before you bring it up: we looked at Nomad last year and said no.", "Nomad"),
        # a subject before the comma, then their taste
        ("The examiner on this paper, Dr Achterberg, really hates passive voice.", "passive voice"),
        # the if of another language
        ("Falls wir irgendwann nach Basel ziehen, brauchen wir das nochmal.", "Basel"),
    ],
)
def test_what_holds_for_this_task_or_this_minute_is_not_kept(said: str, gone: str, judge: Judge) -> None:
    kept = facts(chat(said), judge)
    assert not [f.text for f in kept if gone.lower() in f.text.lower()]


@pytest.mark.parametrize(
    ("said", "key"),
    [
        ("Remember for this whole project: all figures go in output/figs as SVG.", "SVG"),
        ("We don't call malloc anywhere after init in this firmware, everything is static.", "malloc"),
        ("Never force-push on this branch, ever.", "force-push"),
        ("I'm on Fedora 41 on this machine, not Ubuntu.", "Fedora"),
    ],
)
def test_a_standing_scope_is_no_task_at_hand(said: str, key: str, judge: Judge) -> None:
    kept = facts(chat(said), judge)
    assert any(key.lower() in f.text.lower() for f in kept), [f.text for f in kept]


@pytest.mark.parametrize(
    ("said", "text"),
    [
        (
            "I don't have one of those smartwatch things, and I won't be getting one",
            "The user doesn't have a smartwatch.",
        ),
        ("I don't have one of those tablets, I just have my laptop", "The user doesn't have a tablet."),
        ("I don't own a dishwasher and don't want one", "The user doesn't own a dishwasher."),
    ],
)
def test_what_the_person_goes_without(said: str, text: str) -> None:
    assert text in [f.text for f in facts(chat(said), None)]


@pytest.mark.parametrize(
    ("said", "key"),
    [
        ("from March on the on-call rota is every second Thursday, same hours.", "second Thursday"),
        ("From next week she'll be coming to us on Mondays instead.", "Mondays"),
    ],
)
def test_a_change_said_as_settled_is_no_plan(said: str, key: str, judge: Judge) -> None:
    kept = facts(chat(said), judge)
    assert any(key.lower() in f.text.lower() for f in kept), [f.text for f in kept]


@pytest.mark.parametrize(
    "said",
    [
        "My manager wants everything moved to Looker next year.",
        "We might switch the cluster to Talos from January.",
    ],
)
def test_a_plan_for_later_is_still_no_fact(said: str, judge: Judge) -> None:
    assert [f.text for f in facts(chat(said), judge) if "Looker" in f.text or "Talos" in f.text] == []


@pytest.mark.parametrize(
    ("suggestion", "said", "gone"),
    [
        (
            "You could add sqlalchemy-utils for the enum type.",
            "First, let us not add sqlalchemy-utils for this.",
            "sqlalchemy-utils",
        ),
        (
            "Porting it to SwiftUI with TCA is usually worth it.",
            "lol no, not bringing TCA in, that's exactly the kind of dependency I mean.",
            "TCA",
        ),
        (
            "Should I pull in Hypothesis for these?",
            "no, not adding Hypothesis for now, plain pytest",
            "Hypothesis",
        ),
        ("You could put a little into crypto too.", "No crypto then.", "crypto"),
        ("Want Storybook stories for the grid too?", "Storybook, not for this one.", "Storybook"),
        (
            "If you want, a chest strap gives more accurate heart rate than a wrist sensor.",
            "No, I'm not buying a chest strap, the watch is fine for me.",
            "chest strap",
        ),
        (
            "For later: dbatools does real test restores, a stronger check.",
            "dbatools means PowerShell on our boxes, so no.",
            "dbatools",
        ),
        (
            "If you like, I can deploy the docs to Netlify.",
            "We won't bother with Netlify, it's grand.",
            "Netlify",
        ),
        (
            "Would you like a subscription box option too?",
            "Subscription box is too much for the start, no.",
            "Subscription box",
        ),
        (
            "We could use Sentry for that.",
            "No Sentry. Sentry means another vendor review. We log to Loki here.",
            "Sentry",
        ),
        (
            "An option to consider: the pipeline could be ported to Python with scikit-bio.",
            "Hmm, no, I'm not rewriting in scikit-bio, the whole lab is R and I won't be the one who breaks that.",
            "scikit-bio",
        ),
        # an offer on a condition
        (
            "If you ever want a cross-check on the tokenisation, UDPipe also ships a Nynorsk model.",
            "no UDPipe please, been there, the dialect spellings broke it constantly.",
            "UDPipe",
        ),
        (
            "If it helps, pgBouncer sits nicely in front of the database.",
            "nah pgbouncer, the app pools its connections already",
            "pgbouncer",
        ),
        (
            "If you'd like, Canva has wedding templates too.",
            "No Canva, I'll write it by hand.",
            "Canva",
        ),
        # "let's not" with the thing between the verb and its particle
        (
            "One option is to pull in Luxon for zone-aware parsing.",
            "hmm nah, let's not pull Luxon in for one function, the bundle is already chunky.",
            "Luxon",
        ),
        (
            "We could bring date-fns in for the formatting.",
            "let's not drag date-fns in, Intl does it.",
            "date-fns",
        ),
        # what others find useful, offered
        (
            "By the way, many people find dictation software helpful for first drafts, if typing is tiring.",
            "Thank you, but no dictation for me, I'd rather type it.",
            "dictation",
        ),
    ],
)
def test_more_ways_of_turning_an_offer_down(suggestion: str, said: str, gone: str, judge: Judge) -> None:
    kept = facts(offered(suggestion, said), judge)
    assert not [f.text for f in kept if gone.lower() in f.text.lower()], [f.text for f in kept]


@pytest.mark.parametrize(
    ("said", "key"),
    [
        (
            "Yes, but one rule, and I'd ask you to stick to it every time: always run the linter before you commit.",
            "linter",
        ),
        ("please remember for next time, I'd rather you asked me before making up citations.", "citations"),
        ("If you write something long, answer me in Portuguese please.", "Portuguese"),
        ("When you explain SQL to me, show the query first and then the prose.", "query first"),
        ("Invoices are due on the 5th and every single one goes out by email, full stop.", "5th"),
        ("I freelance, Nordhavn Labs is my main client Monday to Wednesday.", "Nordhavn Labs"),
        ("I have anaemia, my GP gives me iron tablets.", "anaemia"),
    ],
)
def test_rules_and_facts_after_lead_ins_conditions_and_tags(said: str, key: str, judge: Judge) -> None:
    kept = facts(chat(said), judge)
    assert any(key.lower() in f.text.lower() for f in kept), [f.text for f in kept]


@pytest.mark.parametrize(
    "said",
    [
        "Someone on Mastodon was saying I should rewrite it all in Rust.",
        "If you need anything, ask.",
        "If you have time, can you check the logs?",
        "I'd love a cabin in Norway one day.",
    ],
)
def test_hearsay_offers_and_wishes_are_no_rules(said: str, judge: Judge) -> None:
    kept = facts(chat(said), judge)
    assert not [f for f in kept if any(w in f.text for w in ("Rust", "ask", "logs", "Norway"))], [
        f.text for f in kept
    ]


def test_a_weekday_after_a_relation_is_no_name() -> None:
    kept = facts(chat("I freelance, Fjordlink is my main client Monday to Wednesday."), None)
    assert "The user's main client is Fjordlink." in [f.text for f in kept]
    assert not [f.text for f in kept if "is Monday" in f.text]


@pytest.mark.parametrize(
    ("said", "text"),
    [
        (
            "my supervisor is Dra. Lucía Quispe, she wants the plots by friday",
            "The user's supervisor is Dra. Lucía Quispe.",
        ),
        ("Mateo has a severe peanut allergy, he carries an EpiPen", "Mateo has a severe peanut allergy."),
        (
            "keep it in Taglish, that's our whole vibe, always",
            "Keep it in Taglish (that's our whole vibe, always).",
        ),
        (
            "keep the migrations in db/ though — I don't want raw SQL in the handlers, ever, that's a rule for this repo",
            "Keep the migrations in db/; the user doesn't want raw SQL in the handlers, ever "
            "(that's a rule for this repo).",
        ),
        (
            "i only shoot on film, no digital at all, never. its just my thing",
            "The user only shoots on film, no digital at all.",
        ),
    ],
)
def test_titles_named_allergies_and_tags_after_a_comment(said: str, text: str) -> None:
    assert text in [f.text for f in facts(chat(said), None)]


def test_an_if_after_a_lead_in_is_still_an_if(judge: Judge) -> None:
    said = "Other question, only a dream: if I get the Erasmus grant maybe I go to Ghent for a master"
    assert [f.text for f in facts(chat(said), judge) if "Ghent" in f.text] == []


def test_a_rule_tag_after_something_of_today_makes_no_rule() -> None:
    kept = facts(chat("It's after 6 now so you're fine today, that's the rule."), None)
    assert not [f for f in kept if f.kind == "rule"], [f.text for f in kept]


@pytest.mark.parametrize(
    ("said", "rule"),
    [
        ("answer me short pls, my english is ok but long text is hard for me", "Answer the user short"),
        ("explain things simply, without jargon", "Explain things simply"),
        ("write to me in simple english please", "Write to the user in simple english"),
    ],
)
def test_how_to_answer_said_as_an_instruction_is_a_rule(said: str, rule: str) -> None:
    kept = facts(chat(said), None)
    assert [f for f in kept if f.kind == "rule" and f.text.startswith(rule)], [f.text for f in kept]


@pytest.mark.parametrize("said", ["answer this question", "write me a cover letter for the bakery job"])
def test_a_one_off_task_is_no_style_rule(said: str) -> None:
    assert [f for f in facts(chat(said), None) if f.kind == "rule"] == []


# ------------------------------------------------------------------ the decoy veto (adr/0098)
def test_shipped_weights_carry_a_decoy_veto_and_its_measure() -> None:
    raw = json.loads(WEIGHTS.read_text(encoding="utf-8"))
    veto = Weights.load().veto
    assert veto is not None and veto.model == EmbeddingConfig().model
    assert 0.5 <= veto.threshold < 1.0
    assert len(veto.vocab) == len(veto.idf) == len(veto.coef_text) > 500 and len(veto.coef_vec) == 384
    cv = raw["veto"]["meta"]["cv"]  # five folds of whole splits, written by bench/train_judge.py --cv
    assert cv["auc"] > 0.9
    chosen = next(row for row in cv["by_threshold"] if row["threshold"] == veto.threshold)
    # the threshold is set from whole runs on blind batches (adr/0101); held out, it drops few facts
    assert chosen["facts_vetoed"] <= 0.035 and chosen["decoys_vetoed"] >= 0.7


def _without_veto(judge: Judge) -> Judge:
    return Judge(replace(judge.weights, veto=None), judge._encode)


def _without_and_with_veto(judge: Judge, *said: str) -> tuple[str, str]:
    """What the observer keeps of the person's messages, without the veto and with it."""
    return tuple(" | ".join(f.text for f in facts(chat(*said), j)) for j in (_without_veto(judge), judge))  # type: ignore[return-value]


@pytest.mark.parametrize(
    "quote",
    [
        "my friend shira uses anki for everything, she says its magic.",
        "mi compañero Andrés swears by Obsidian, he has like 4000 notes lol",
        "nah, skip sccache.",
        "today very busy, cruise ship tourists everywhere, I write fast sorry",
        "sorry if I'm slow today, I barely slept, the neighbours had a party until 3am",
        "If the Kickstarter ever happens, I would hire a real composer.",
    ],
)
def test_the_veto_takes_another_persons_taste_a_turned_down_offer_and_a_passing_day_for_decoys(
    quote: str, judge: Judge
) -> None:
    assert judge.decoys([quote]) == [True]


@pytest.mark.parametrize(
    "quote",
    [
        "I'm vegetarian.",
        "we use pnpm in this repo, never npm or yarn",
        "my manager is Priya Raman",
        "I live in Lisbon now, moved last spring",
        "I work four days a week, Fridays off",
        "Staging Postgres is on port 5433.",
        "my son Leo has football on Tuesdays",
        "no, it's fish not bash",
    ],
)
def test_the_veto_leaves_lasting_facts_about_the_person(quote: str, judge: Judge) -> None:
    assert judge.decoys([quote]) == [False]


def test_the_observer_drops_what_the_veto_takes_for_a_decoy_but_never_a_request(judge: Judge) -> None:
    said = (
        # (the gate already refuses "My friend Paola runs with the carbon shoes": adr/0112)
        "Paola, my friend from work, trains in carbon shoes every day",
        "my colleague Jonas uses Emacs for everything, he won't shut up about it",
        "I'm vegetarian.",
    )
    plain, vetoed = _without_and_with_veto(judge, *said)
    assert "vegetarian" in plain and "vegetarian" in vetoed
    assert "Paola" in plain and "Paola" not in vetoed, (plain, vetoed)
    # what the person asked to be kept is never vetoed, though the veto takes its words for a decoy
    asked = facts(chat("for the record: today very busy, cruise ship tourists everywhere"), judge)
    assert [f.family for f in asked if "cruise" in f.text] == ["request/start"]
    assert judge.decoys([f.quote for f in asked]) == [True]


def test_who_someone_is_is_vetoed_by_the_sentence_that_passes_on_their_say(judge: Judge) -> None:
    """The words of "the user's brother-in-law is Kemal" stop at the name; the veto reads the whole
    sentence too, which is his say (adr/0101). A relation said plainly stays."""
    said = (
        "My brother-in-law Kemal, who sells cars, swears that diesel is dead",
        "My wife Ana is a dentist in Porto.",
        "my son Ilya has judo on Thursdays",
    )
    plain, vetoed = _without_and_with_veto(judge, *said)
    assert "Kemal" in plain and "Kemal" not in vetoed, (plain, vetoed)
    assert "Ana" in vetoed and "Ilya" in vetoed, vetoed


@pytest.mark.parametrize(
    "said",
    ["I prefer green tea in the morning.", "I like my coffee black", "I really dislike long docstrings"],
)
def test_the_persons_own_stated_taste_is_never_vetoed(said: str, judge: Judge) -> None:
    kept = facts(chat(said), judge)
    assert [f.family for f in kept] == ["preference/stated"], [(f.family, f.text) for f in kept]


def test_how_things_should_be_done_said_to_last_is_a_rule_the_veto_leaves(judge: Judge) -> None:
    said = "Also, while I think of it: anything stochastic (UMAP, leiden, PCA, whatever) should get seed 1729, always."
    kept = [f for f in facts(chat(said), judge) if "1729" in f.text]
    assert [(f.kind, f.text.split(" (")[0]) for f in kept] == [("rule", "Anything stochastic")], kept


def test_a_judge_without_a_veto_drops_nothing(judge: Judge) -> None:
    assert _without_veto(judge).decoys(["nah, skip sccache.", "I'm vegetarian."]) == [False, False]


@pytest.mark.parametrize(
    ("assistant", "user", "key"),
    [
        (
            "I'll schedule the Fonterra pickup for Monday.",
            "nah we supply Open Country not Fonterra.",
            "Open Country",
        ),
        ("I'll submit the job to Puhti.", "no, we run on Mahti, not Puhti", "Mahti"),
    ],
)
def test_a_correction_of_the_assistants_word_is_never_vetoed(
    assistant: str, user: str, key: str, judge: Judge
) -> None:
    events = [
        SessionEvent("message", turn=0, role="assistant", text=assistant),
        SessionEvent("message", turn=1, role="user", text=user),
    ]
    kept = [f for f in facts(events, judge) if key in f.text]
    assert [f.kind for f in kept] == ["correction"], [f.text for f in facts(events, judge)]


@pytest.mark.parametrize(
    ("said", "key"),
    [
        ("no acrylic, ever", "acrylic"),  # a rule said to last
        ("decided: no more Jira, we move to Linear next sprint", "Linear"),
        ("final decision: Postgres, not Mongo, my boss wanted Mongo", "Postgres"),
    ],
)
def test_what_is_said_to_last_or_said_as_decided_is_never_vetoed(said: str, key: str, judge: Judge) -> None:
    kept = [f for f in facts(chat(said), judge) if key in f.text]
    assert kept, [f.text for f in facts(chat(said), judge)]
    assert judge.decoys([kept[0].quote]) == [True]  # the veto alone would have dropped it


def test_a_correction_said_after_its_no_keeps_both_sentences_as_its_words(judge: Judge) -> None:
    events = [
        SessionEvent(
            "message", turn=0, role="assistant", text="I'll align against the GRCh38 primary assembly."
        ),
        SessionEvent(
            "message", turn=1, role="user", text="No, this is wrong. We work on mouse, the genome is GRCm39."
        ),
    ]
    [fact] = [f for f in facts(events, judge) if "GRCm39" in f.text]
    assert (
        fact.kind == "correction" and fact.quote.startswith("No, this is wrong.") and "GRCm39" in fact.quote
    )


@pytest.mark.parametrize(
    "said",
    [
        "context if it helps u: PhD on ASR for Igbo, 3rd yr, low resource",
        "Context in case it helps: we're on dbt Core with BigQuery",
        "if that helps: 3 kids, two dogs, one very old Volvo",
    ],
)
def test_if_it_helps_is_politeness_and_no_condition(said: str) -> None:
    from jarvis.observe.phrasing import clauses, plain

    assert admissible(clauses(plain(said))[0]) is None, clauses(plain(said))


@pytest.mark.parametrize(
    ("said", "key", "gone"),
    [
        # someone else's say run on with no comma: cut from the request and from its quote
        (
            "remember that I don't want anything with crypto ever I lost money with that once and never again "
            "my brother-in-law keeps saying to buy gold he has gold coins in the house",
            "crypto",
            "gold",
        ),
        (
            "remember that we never deploy on Fridays at all our boss says that's too strict but whatever",
            "Fridays",
            "strict",
        ),
        # what "fyi" tells that lasts is kept ("RN" is React Native, not "right now")
        (
            "fyi we're on Expo SDK 52 with expo-router, not bare RN, so no touching any android/ folder",
            "Expo",
            "",
        ),
    ],
)
def test_a_request_keeps_its_own_words_only(said: str, key: str, gone: str, judge: Judge) -> None:
    kept = facts(chat(said), judge)
    assert any(key.lower() in f.text.lower() for f in kept), [f.text for f in kept]
    if gone:
        assert not [f for f in kept if gone in f.text.lower() or gone in f.quote.lower()]


def test_a_fact_kept_beside_a_no_is_quoted_without_what_was_turned_down(judge: Judge) -> None:
    events = offered(
        "For retirement you could also look at a PGBL plan, it gives a tax deduction.",
        "ok so no PGBL then how do I buy the Tesouro my daughter Yasmim set up my Nubank account",
    )
    kept = facts(events, judge)
    nubank = [f for f in kept if "Nubank" in f.text]
    assert nubank, [f.text for f in kept]
    assert all("PGBL" not in f.quote and "PGBL" not in f.text for f in kept), [
        (f.text, f.quote) for f in kept
    ]


@pytest.mark.parametrize(
    "said",
    [
        "Rule for this project: the app must be offline-first, load-shedding kills the cell towers here for hours",
        "House rule: the kids' tablets live in the kitchen overnight, my sister thinks that's harsh",
    ],
)
def test_a_rule_the_person_labels_as_one_is_not_vetoed(said: str, judge: Judge) -> None:
    kept = facts(chat(said), judge)
    assert [f for f in kept if f.kind == "rule"], [(f.text, f.family) for f in kept]


def test_what_someone_wants_after_who_they_are_is_not_quoted(judge: Judge) -> None:
    kept = facts(chat("my manager is Dana Whitfield and she thinks we should all be on Jira"), judge)
    assert any("Dana Whitfield" in f.text for f in kept), [f.text for f in kept]
    assert not [f for f in kept if "Jira" in f.text or "Jira" in f.quote]


def test_a_decision_word_before_a_question_decides_nothing(judge: Judge) -> None:
    kept = facts(
        chat(
            "Decided. What if later we rewrite everything in Kotlin Multiplatform, will Riverpod be a problem?"
        ),
        judge,
    )
    assert not [f for f in kept if "Kotlin" in f.text], [f.text for f in kept]
    kept = facts(chat("ok decided. We go with Riverpod for the cart."), judge)
    assert any("Riverpod" in f.text for f in kept), [f.text for f in kept]


def test_the_judge_reads_and_quotes_the_persons_part_only(judge: Judge) -> None:
    said = "I'm organic all the way, period, my neighbor uses Roundup on everything and it drives me nuts"
    kept = facts(chat(said), judge)
    assert any("organic" in f.text for f in kept), [f.text for f in kept]
    assert not [f for f in kept if "Roundup" in f.text or "Roundup" in f.quote]


@pytest.mark.parametrize(
    ("said", "gone", "kept"),
    [
        # heldout465-472: a rule, then a new say about the person after ", also"; a rule's reason, then
        # another person's way run on without a stop
        (
            "no no always format my references in Unified Style Sheet for Linguistics never APA, the jury would "
            "kill me, also today i'm panicking a bit because chapter 3 got torn apart",
            "panicking",
            "Unified Style Sheet",
        ),
        (
            "always cite with Chicago author-date in the thesis, never footnotes, also tonight im exhausted from "
            "the night shift",
            "exhausted",
            "Chicago",
        ),
        (
            "please never give me more than 3 topics a day because I burn out and then I do nothing for two days "
            "my batchmate Dilini does the Pomodoro thing with 50 minute blocks and finishes everything",
            "Pomodoro",
            "3 topics",
        ),
        (
            "never book me flights before 9am because I cannot sleep on planes my colleague Oyelaran takes the "
            "red-eye every week",
            "red-eye",
            "9am",
        ),
        # heldout473-480: a question run on without a stop
        (
            "my wife Huia does all the lambing records and tallies so anything to do with scanning percentages "
            "send it to her not me is it worth getting a drone for mustering up the back blocks or is that just a toy",
            "drone",
            "Huia",
        ),
        ("we run 2400 ewes on the hill block should we get a quad or a side by side", "quad", "2400 ewes"),
        (
            "remember that my wife Huia does all the lambing records so send it to her not me is it worth getting "
            "a drone for mustering",
            "drone",
            "Huia",
        ),
        (
            "remember I do the shearing myself every March should we get a new handpiece",
            "handpiece",
            "shearing",
        ),
        ("I keep the bees at my uncle's farm do I really need a permit for 4 hives", "permit", "bees"),
        # heldout505-512: what the person weighs doing with their land or work, run on
        (
            "i sell all my fruit through the Mwangaza farmers cooperative so the cooperative does the grading "
            "should i plant macadamia also between the rows people say its good money",
            "macadamia",
            "Mwangaza",
        ),
        ("we keep 40 goats on the lower field should we sell the billy before winter", "billy", "40 goats"),
    ],
)
def test_a_new_say_after_also_or_run_on_without_a_stop_is_a_clause_of_its_own(
    said: str, gone: str, kept: str, judge: Judge
) -> None:
    texts = [f"{f.text} {f.quote}" for f in facts(chat(said), judge)]
    assert [t for t in texts if kept in t], texts
    assert not [t for t in texts if gone in t], texts


@pytest.mark.parametrize(
    ("asked", "answer", "said", "declined"),
    [
        # heldout465-472: an option the person weighed aloud, then turned down
        (
            "What about delivery? Should I put it on Foodpanda?",
            "You could. Foodpanda and GrabFood both operate in Iloilo City, and they bring extra orders.",
            "No, no Foodpanda, the commission will eat all the profit.",
            "Foodpanda",
        ),
        (
            "should we move the repo to GitLab?",
            "GitLab has built-in CI and a generous free tier; the move takes a few hours.",
            "nah no GitLab, the clients all live on GitHub",
            "GitLab",
        ),
        (
            "Is Wise worth it for the transfer to Accra?",
            "It is usually cheaper than a bank wire for cedis.",
            "no Wise, my bank does it free once a month",
            "Wise",
        ),
    ],
)
def test_an_option_the_person_weighed_then_turned_down_is_no_fact(
    asked: str, answer: str, said: str, declined: str, judge: Judge
) -> None:
    events = [
        SessionEvent("message", turn=0, role="user", text=asked),
        SessionEvent("message", turn=1, role="assistant", text=answer),
        SessionEvent("message", turn=2, role="user", text=said),
    ]
    kept = [f.text for f in facts(events, judge)]
    assert not [t for t in kept if declined in t], kept


def test_a_lasting_no_to_an_option_the_person_weighed_stays(judge: Judge) -> None:
    events = [
        SessionEvent(
            "message", turn=0, role="user", text="Should I use Redis or Memcached for the sessions?"
        ),
        SessionEvent("message", turn=1, role="assistant", text="Both work; Redis has more features."),
        SessionEvent("message", turn=2, role="user", text="no redis, we use memcached everywhere here"),
    ]
    kept = [f.text for f in facts(events, judge)]
    assert [t for t in kept if "memcached" in t], kept


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        # who someone is, after a filler or a verb that takes them as its object: one say
        ("wait brb my roommate Yasmine is yelling about the dishes again 🙄 ok back", "Yasmine"),
        ("hm. tag my lead Yerlan as reviewer, he's yerlan-b on github", "Yerlan"),
        ("ok cc my manager Oyelaran as well, she signs off budgets", "Oyelaran"),
        (
            "for the release we want my lead Tavita as reviewer",
            "want the user's lead Tavita",
        ),  # "as" is no verb
    ],
)
def test_someone_named_after_a_filler_or_a_verb_stays_in_the_say(said: str, kept: str, judge: Judge) -> None:
    texts = [f.text for f in facts(chat(said), judge)]
    assert [t for t in texts if kept in t], texts


def test_a_request_with_a_condition_after_it_stays_whole_and_a_passing_one_stays_out(judge: Judge) -> None:
    # only a question run on cuts a request short; an "if" after it is the rule's condition or a passing maybe
    kept = [
        f.text
        for f in facts(
            chat(
                "remember I am the only one with root on alerce, so if something needs root there you ask me, "
                "not Matías and not anybody else.",
                "heads up I'm on call this week so I might drop off suddenly if pagerduty screams",
            ),
            judge,
        )
    ]
    assert [t for t in kept if "Matías" in t and "root" in t], kept
    assert not [t for t in kept if "on call" in t], kept


def test_a_trade_with_its_article_keeps_where_and_how_the_person_works(judge: Judge) -> None:
    # the trades read without an article ("I am tailor") leave the whole say to the families and the judge
    said = (
        "I'm a mobile hairdresser, been doing it nine years now, mostly care homes round Paisley and a few "
        "regulars in their own houses"
    )
    kept = [f.text for f in facts(chat(said), judge)]
    assert [t for t in kept if "hairdresser" in t and "Paisley" in t], kept


@pytest.mark.parametrize(
    ("said", "gone"),
    [
        # heldout489-496: an option weighed without its "?"; a habit given up, told "for the record"
        (
            "ok. one more thing, you said meter. what about the continuous glucose monitor, the sensor on the arm, "
            "my son in Canada told me about it",
            "glucose monitor",
        ),
        ("how about a pressure cooker, my sister in Lagos swears by hers", "pressure cooker"),
        (
            "Also for the record, I used to keep all of this in Jupyter notebooks in first year and it was chaos, "
            "so I'm happy it's a proper pipeline now.",
            "Jupyter",
        ),
        ("fyi I used to keep the orders in a paper ledger, glad that is over", "ledger"),
    ],
)
def test_an_option_asked_about_or_a_habit_given_up_is_no_fact(said: str, gone: str, judge: Judge) -> None:
    kept = [f"{f.text} {f.quote}" for f in facts(chat(said), judge)]
    assert not [t for t in kept if gone in t], kept


@pytest.mark.parametrize(
    ("said", "kept", "dropped"),
    [
        # a thing said not to be needed; what the sentence says after it stays
        (
            "no need for the calendar thank you my notebook is enough and I've decided to grow only Basque "
            "heirloom tomatoes next year",
            "Basque heirloom",
            "calendar",
        ),
        ("And no need Flask-Login, only the one computer at nurse station use this. I'm a charge nurse.", "charge nurse", "Flask-Login"),
        # a habit given up, then a lesser one now
        ("I used to do crossfit 4 times a week before the kids, now I'm lucky to walk the dog lol", "", "crossfit"),
        ("I used to run marathons, now I'm happy with a 5k on Sundays", "5k on Sundays", "marathons"),
    ],
)  # fmt: skip
def test_what_is_let_go_is_dropped_and_what_holds_stays(
    judge: Judge, said: str, kept: str, dropped: str
) -> None:
    texts = [f.text for f in facts(chat(said), judge)]
    assert not kept or any(kept in t for t in texts), texts
    assert not any(dropped in t for t in texts), texts


@pytest.mark.parametrize(
    ("said", "name"),
    [
        # heldout529-536 (adr/0110): what someone the person works for wants is the work's need; the veto
        # reading the whole sentence does not take who they are for their taste
        (
            "My supervisor Dr. Nusrat Jahan wants everything to work fully offline with a local Room database, "
            "no cloud dependency.",
            "Nusrat Jahan",
        ),
        (
            "my manager Roswitha wants the alerts in #data-rail before the punctuality dashboard goes live.",
            "Roswitha",
        ),
    ],
)
def test_who_the_person_works_for_stays_beside_what_the_work_needs(
    said: str, name: str, judge: Judge
) -> None:
    kept = [f.text for f in facts(chat(said), judge)]
    assert [t for t in kept if name in t], kept


@pytest.mark.parametrize(
    ("suggestion", "said", "kept_word", "gone"),
    [
        # heldout577-584 (adr/0111): the choice said with "not <the offer>" at its end keeps the choice only
        (
            "Where do you want to deploy? Vercel is the path of least resistance for Next.js, zero config.",
            "nah, not Vercel. We're hosting on Netlify, final answer, the church already has an account there.",
            "Netlify",
            "Vercel",
        ),
        (
            "One idea: you could write specifically about overtourism at Machu Picchu as the contrast case.",
            "And I prefer to keep my topic like it is, not Machu Picchu, everybody writes about Machu Picchu.",
            "topic",
            "Machu Picchu",
        ),
        (
            "Want me to set it up with Celery? It's the popular choice for Django.",
            "No, we're going with Dramatiq for the workers, not Celery.",
            "Dramatiq",
            "Celery",
        ),
        (
            "If you like, a Hetzner box would be the obvious choice for this budget.",
            "We're staying on our own Raspberry Pi in the office, not Hetzner.",
            "Raspberry Pi",
            "Hetzner",
        ),
    ],
)
def test_a_choice_with_not_the_offer_keeps_the_choice_without_the_offer(
    suggestion: str, said: str, kept_word: str, gone: str, judge: Judge
) -> None:
    kept = facts(offered(suggestion, said), judge)
    assert any(kept_word.lower() in f.text.lower() for f in kept), [f.text for f in kept]
    shown = [f"{f.text} {f.quote} {f.context}" for f in kept]
    assert not [s for s in shown if gone.lower() in s.lower()], shown


@pytest.mark.parametrize(
    ("assistant", "said", "both"),
    [
        # a correction of what the assistant did or assumed keeps both halves
        (
            "Here's the bash snippet to add to your profile: export PATH=...",
            "Shell: fish, not bash",
            ("fish", "bash"),
        ),
        (
            "I set the target column to churn_flag and retrained.",
            "No, the target is `churned_90d`, not `churn_flag` — churn_flag is the old 30-day definition and we "
            "dropped it.",
            ("churned_90d", "churn_flag"),
        ),
        # what the assistant took for granted, inside an offer, is corrected, not turned down
        (
            "Since you're a physics teacher, do you want the programme to focus on the accelerator visits?",
            "No no, I teach chemistry, not physics.",
            ("chemistry", "physics"),
        ),
        # heldout585-592 (adr/0111): how the person's own slip happened, after the right value
        (
            "So for 400 birds the feed will be about 1.2 tonnes.",
            "Sorry, it is 500 birds not 400, I miscounted the second crate.",
            ("500", "400"),
        ),
        (
            "Your flight on 12 April leaves at 9.",
            "No, we fly on 2 April not 12 April, I misread the ticket.",
            ("2 April", "12 April"),
        ),
        (
            "I'll write the release job to run on Friday evenings.",
            "No, the release day is Thursday, not Friday — we scrapped that years ago.",
            ("Thursday", "Friday"),
        ),
    ],
)
def test_a_correction_of_what_the_assistant_did_keeps_both_halves(
    assistant: str, said: str, both: tuple[str, str], judge: Judge
) -> None:
    kept = facts(offered(assistant, said), judge)
    assert any(all(w.lower() in f.text.lower() for w in both) for f in kept), [f.text for f in kept]


@pytest.mark.parametrize(
    ("said", "key"),
    [
        # heldout577-584 (adr/0111): an empty value or a checkbox first is no JSON
        ("[] is fine. From now on, always write table-driven tests when you add a Go test.", "table-driven"),
        ("{} works for me. Never log request bodies in this service.", "request bodies"),
        # a role, then "and" and a passing state of something else
        ("im a staff nurse on a cardiac ward in leicester and the rota is killing me.", "cardiac ward"),
        ("I'm a welder at the shipyard but my back is killing me today", "welder"),
        # the person's part, then "and <someone> said"
        ("our minSdk is 24 and product said we're not raising it this year", "24"),
        ("the budget is 3000 euros and finance said it won't move", "3000"),
        # "and now I am retired" after the career
        ("I taught Finnish at the upper secondary school for 38 years and now I am retired.", "retired"),
        # what the person's work does not do
        (
            "I don't ship Windows builds, I can't test them and I'm not supporting what I can't test.",
            "Windows",
        ),
        ("I don't support IE11 anymore", "IE11"),
        # the day job named with when
        ("By day I am a tax advisor; this choir website is my volunteer job.", "tax advisor"),
        # heldout593-600 (adr/0111): the person set against someone else, before a colon; the present said for a choice
        ("But not for me: I grow everything organic, no chemical sprays in my garden.", "organic"),
        ("As for me: I only drink black coffee", "black coffee"),
        ("ok we go with one sheet per year then, easier for me to find.", "one sheet per year"),
        # heldout601-608 (adr/0111): what turns something down is in a later clause; "keep using X"
        (
            "I paint only with watercolor, never acrylic, I don't like the smell and it dries too fast for me.",
            "watercolor",
        ),
        ("I do the books myself in LibreOffice, I've no Excel and I'm not paying for it", "LibreOffice"),
        ("Keep using SQLite, I don't want to run any server on this old HP laptop.", "SQLite"),
        # heldout585-592 (adr/0111): a consequence run on with "so" that is only how it feels
        (
            "moved here from enugu in 2021 so the nhs interview style still feels a bit weird to me lol",
            "enugu",
        ),
        ("we moved to Tromsø last year so everything feels dark and strange to me", "Tromsø"),
        ("in real life I'm a paramedic, this is a hobby project", "paramedic"),
    ],
)
def test_statements_past_an_opener_or_a_tail_are_kept(said: str, key: str, judge: Judge) -> None:
    kept = [f.text for f in facts(chat(said), judge)]
    assert any(key.lower() in t.lower() for t in kept), kept


OPTIONS = (
    "Options:\n"
    "1. **Store readings in flash** instead of RAM: carve out a data partition.\n"
    "2. **Pack readings smaller**: temperature as hundredths of a degree.\n"
    "3. **Restructure the main loop around `embassy`** (async executor), so the modem logic runs as a task.\n\n"
    "How long does it need to hold out?"
)


def test_a_no_to_an_option_under_a_bare_heading_completes_no_rule(judge: Judge) -> None:
    # heldout600 (adr/0111): "Options:" on its own line offers each item; "and no embassy, keep it simple" is a no to
    # the third, for now, and is not read as the rest of the rule before it
    said = "no heap allocations in the firmware, ever, that's a hard rule. and no embassy, keep it simple like it is."
    kept = [f.text for f in facts(offered(OPTIONS, said), judge)]
    assert any("heap" in t for t in kept), kept
    assert not [t for t in kept if "embassy" in t.lower()], kept


@pytest.mark.parametrize(
    ("suggestion", "said", "key"),
    [
        # heldout593-600 (adr/0111): a no that says it stands ("it stays that way", "this is my rule", "the whole point")
        (
            "I could switch rust-toolchain.toml to a pinned nightly and enable the feature.",
            "for the record, my toolchain is stable rust and it stays that way, I don't want nightly features in this.",
            "nightly",
        ),
        (
            "A greenhouse would let you start the seedlings earlier, if you want.",
            "No greenhouse, I grow everything outside in the beds, this is my rule.",
            "greenhouse",
        ),
    ],
)
def test_a_no_that_says_it_stands_is_kept(suggestion: str, said: str, key: str, judge: Judge) -> None:
    kept = [f.text for f in facts(offered(suggestion, said), judge)]
    assert any(key in t.lower() for t in kept), kept


def test_a_decision_run_on_into_what_is_still_open_stops_there(judge: Judge) -> None:
    # heldout606 (adr/0111): "now the money, should I go for …, I haven't decided yet" is no part of the decision
    said = (
        "alright decided, we'll buy the 15,000 liter rotary dryer, my son does the spreadsheets, now the money, "
        "should I go for the Pronaf loan or the bank's own line, I haven't decided yet"
    )
    kept = facts(chat(said), judge)
    assert any("rotary dryer" in f.text for f in kept), [f.text for f in kept]
    shown = [f"{f.text} {f.quote}" for f in kept]
    assert not [t for t in shown if "Pronaf" in t], shown


def test_a_no_in_a_later_clause_to_an_offer_named_before_keeps_nothing(judge: Judge) -> None:
    kept = facts(
        offered(
            "You could try a Moomin flask for her lunch.",
            "the Moomin flask is cute, but no, too expensive for me",
        ),
        judge,
    )
    assert not [f.text for f in kept if "Moomin" in f.text], [f.text for f in kept]


@pytest.mark.parametrize(
    ("assistant", "said", "kept", "gone"),
    [
        # heldout609-616 (adr/0112): how the person's own slip happened, or their phone's, is no part of the
        # correction, and the apology is not either
        (
            "Freundliche Grüsse, Meinrad Aebischer und Luca Aebischer",
            "Sorry, my son is Lukas, not Luca, the phone autocorrects it and he hates the Italian version.",
            "son is Lukas, not Luca",
            "autocorrect",
        ),
        (
            "At 200 litres per hour you get about 1 400 litres a day.",
            "Sorry the borehole gives about 2000 litres per hour not 200, I missed a zero.",
            "2000 litres per hour not 200",
            "zero",
        ),
        (
            "The invoice total is 1,450 euros for 29 hours.",
            "oops, it's 19 hours, not 29, I mixed them up with last month",
            "19 hours",
            "mixed",
        ),
    ],
)
def test_a_correction_drops_how_the_slip_happened(
    assistant: str, said: str, kept: str, gone: str, judge: Judge
) -> None:
    found = facts(offered(assistant, said), judge)
    texts = [f.text for f in found]
    assert [t for t in texts if kept in t], texts
    assert not [t for t in texts if gone in t.lower() or t.startswith("Correction: Sorry")], texts


def test_a_rule_keeps_its_place_when_why_is_a_slip_last_time(judge: Judge) -> None:
    # heldout609-616 (adr/0112): what went wrong once is why the rule is there, not a passing state of it
    for said, key in (
        (
            "And dates in the report must be day/month/year, never the American way, my staff read it wrong last time.",
            "day/month/year",
        ),
        ("Please never use Comic Sans, my boss laughed at me last time.", "Comic Sans"),
    ):
        texts = [f.text for f in facts(chat(said), judge)]
        assert [t for t in texts if key in t], texts


def test_a_way_said_to_be_someone_elses_business_is_not_kept(judge: Judge) -> None:
    # heldout617-624 (adr/0112): who they are may stay, their way does not
    for said, gone in (
        (
            "Hannelore drinks Rooibos with three sugars, I cannot understand it, but that is her business.",
            "Rooibos",
        ),
        ("my brother Tomas runs everything on Arch, thats his thing not mine", "Arch"),
        ("Kemal plays padel four times a week, it's his own affair", "padel"),
    ):
        texts = [f"{f.text} {f.quote}" for f in facts(chat(said), judge)]
        assert not [t for t in texts if gone in t], texts


def test_a_sentence_that_opens_with_what_an_outsider_said_is_theirs_to_its_end(judge: Judge) -> None:
    # heldout632 (adr/0112): the clause after "and" is still what the man on the radio said
    for said, gone in (
        ('A man on NRK radio said passwords will disappear soon and we all will use "passkeys".', "passkeys"),
        ("some guy on youtube says solar is a scam and we should all buy diesel generators", "diesel"),
    ):
        texts = [f"{f.text} {f.quote}" for f in facts(chat(said), judge)]
        assert not [t for t in texts if gone in t], texts


def test_an_option_the_person_weighs_after_telling_it_and_then_turns_down_is_no_fact(judge: Judge) -> None:
    # heldout635 (adr/0112): "… is that necessary?", then "No, no Zoom."
    events = offered(
        "Tell me when you see the main screen.",
        "Felix said I could also install Zoom as a backup, is that necessary?",
        "No, no Zoom. One app is enough for me.",
    )
    kept = [f"{f.text} {f.quote}" for f in facts(events, judge)]
    assert not [k for k in kept if "Zoom" in k], kept


@pytest.mark.parametrize(
    ("said", "key"),
    [
        # heldout627 (adr/0112): a machine is a standing place, not the task at hand
        (
            "Client data stays only on this Mac and on the Synology in the studio, never in any cloud service.",
            "Synology",
        ),
        ("backups live only on this NAS, never on a USB stick", "NAS"),
    ],
)
def test_only_on_this_machine_is_a_standing_rule(said: str, key: str, judge: Judge) -> None:
    assert admissible(said.split(",")[0]) is None
    texts = [f.text for f in facts(chat(said), judge)]
    assert [t for t in texts if key in t], texts


def test_i_said_x_earlier_but_its_y_is_a_correction(judge: Judge) -> None:
    # heldout625 (adr/0112): "actually" is not needed, and "earlier" is the conversation, no passing time
    events = offered(
        "Since you play for Athenry, here's a plan around your training nights.",
        "oh wait sorry i said i play for Athenry earlier but its Craughwell, athenry is where i went to school",
    )
    texts = [f.text for f in facts(events, judge)]
    assert [t for t in texts if "Craughwell" in t], texts
