"""Redaction v2: the formats issue 10 found missing, the whole table's size, and linear time.

Samples are assembled from pieces so that no literal secret sits in the repository.
"""

from __future__ import annotations

import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_redact import LOOK_ALIKES as BASE_LOOK_ALIKES
from test_redact import SECRETS as BASE_SECRETS

from jarvis.redact import answered_secrets, redact

AKIA = "AKIA" + "QW3RTY7UIOP2ASDF"
AWS_SECRET = "wJalrXUtnFEMI/K7MDENG/" + "bPxRfiCYz9KEYsampl"  # 40 characters

STRIPE_KEY = "sk_" + "live_" + "51HqLyjWDarjtT1zdp7dcXyZ"

NEW_SECRETS: list[tuple[str, str, str]] = [
    # (id, text, the secret part that must disappear)
    ("redis-empty-user", "cache at redis://:" + "s3cretPw9" + "@cache.internal:6379/0", "s3cretPw9"),
    ("postgres-empty-user", "postgres://:" + "p%40ss" + "Word1@db/app", "p%40ssWord1"),
    ("url-slash", "postgres://app:" + "pa/ss#w?rd7" + "@db.example.com/prod", "pa/ss#w?rd7"),
    ("url-hash", "amqp://guest:" + "gu#est9Q" + "@mq.local:5672", "gu#est9Q"),
    ("url-question", "mongodb+srv://admin:" + "Wh4t?now" + "@cluster0.mongodb.net/db", "Wh4t?now"),
    ("aws-csv", "bob," + AKIA + "," + AWS_SECRET, AWS_SECRET),
    ("aws-csv-semicolon", AKIA + ";" + AWS_SECRET, AWS_SECRET),
    (
        "aws-csv-console",
        "User name,Password,Access key ID,Secret access key\nci-bot,," + AKIA + "," + AWS_SECRET,
        AWS_SECRET,
    ),
    ("md-bold", "**password**: " + "hunter2", "hunter2"),
    ("md-bold-caps", "- **Password**: " + "Tr0ub4dor&3", "Tr0ub4dor&3"),
    ("md-underscore", "__token__: " + "9f8e7d6c5b4aQ1w2", "9f8e7d6c5b4aQ1w2"),
    ("passphrase-words", "password = " + "correct horse battery staple", "horse battery staple"),
    ("passphrase-spaces", "DB_PASSWORD =  " + "my very long pass phrase", "long pass phrase"),
    ("plain-vpn", "the VPN password is " + "hunter2", "hunter2"),
    ("plain-pin", "my PIN is " + "4417", "4417"),
    ("plain-pin-colon", "bank PIN: " + "0042", "0042"),
    ("plain-door", "the door code is " + "1234" + ".", "1234"),
    ("plain-garage-now", "the garage code is now " + "5530" + "!", "5530"),
    ("plain-wifi", "wifi passcode: " + "CorrectHorse", "CorrectHorse"),
    ("plain-word", "my email password is " + "swordfish", "swordfish"),
    ("plain-for", "the password for the staging box is " + "Tr0ub4dor", "Tr0ub4dor"),
    ("plain-was", "Her locker code was " + "8812", "8812"),
    # a code named by what it opens, however far the lock is from the word "code"
    (
        "code-for-door",
        "the code for the clinic door in the evening is " + "739152" + ", I forget it",
        "739152",
    ),
    ("code-to-shed", "The code to the bike shed: " + "4471#", "4471#"),
    ("code-of-gate", "code of the back gate at my mum's is " + "2580", "2580"),
    ("code-for-building", "the code for our building entrance was " + "1357", "1357"),
    ("plain-quoted", 'the wifi password is "' + "Blue-Otter-42" + '"', "Blue-Otter-42"),
    ("plain-alarm", "alarm code: " + "90210", "90210"),
    ("passcode-is", "the iPad passcode is " + "246810", "246810"),
    ("stripe-live", "stripe key sk_live_" + "51HqLyjWDarjtT1zdp7dc", "51HqLyjWDarjtT1zdp7dc"),
    (
        "npm-token",
        "//registry.npmjs.org/:_authToken=" + "npm_" + "a1B2c3D4e5F6g7H8i9J0",
        "npm_a1B2c3D4e5F6g7H8i9J0",
    ),
    (
        "basic-auth-header",
        "Authorization: Bearer " + "eyJz" + "9Qw8Rt7Yu6Io5Pa4Sd3Fg2Hj1Kl0",
        "9Qw8Rt7Yu6Io5Pa4Sd3Fg2Hj1Kl0",
    ),
    ("dotenv-secret", "SECRET_KEY=" + "django-insecure-" + "x8#k2!pq9zL", "x8#k2!pq9zL"),
    ("stripe-bare", STRIPE_KEY, STRIPE_KEY),
    ("stripe-restricted", "rk_" + "live_" + "9Zy8Xw7Vu6Ts5Rq4Po3N", "9Zy8Xw7Vu6Ts5Rq4Po3N"),
    ("gitlab", "glpat-" + "x9Y8z7W6v5U4t3S2r1Q0", "x9Y8z7W6v5U4t3S2r1Q0"),
    ("npm-bare", "npm_" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8", "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"),
    ("pypi", "pypi-AgE" + "IcHlwaS5vcmcCJDA5ZjE3NzRhLTI3NzktNDg3Yi1iZjA2", "IcHlwaS5vcmcCJDA5ZjE3"),
    (
        "sendgrid",
        "SG." + "aB3dE6gH9jK2mN5pQ8sT1v" + "." + "wX4yZ7bC0eF3hI6kL9nO2qR5tU8wX1zA4cD7fG0iJ3l",
        "aB3dE6gH9jK2mN5pQ8sT1v",
    ),
    ("twilio", "SK" + "0123456789abcdef0123456789abcdef", "0123456789abcdef0123456789abcdef"),
    (
        "azure",
        "DefaultEndpointsProtocol=https;AccountName=prod;AccountKey="
        + "Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MA+/=="
        + ";",
        "Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MA",
    ),
    ("ssh-password", "ssh root password: " + "Pa55w0rd!", "Pa55w0rd!"),
    # the short and verbless forms people type in chat
    ("pw-short", "Email is shop.owner@gmail.com and pw " + "needle" + "work_1971.", "needlework_1971"),
    ("pw-is", "the wifi pw is " + "bluefish" + "77", "bluefish77"),
    ("pass-is", "login is amara and pass is " + "Kente" + "#2024", "Kente#2024"),
    ("password-no-verb", "portal password " + "rooftop" + "41volts", "rooftop41volts"),
    ("pwd-colon", "pwd:" + "zebra" + "_crossing9", "zebra_crossing9"),
    # a word with digits soon after a password is mentioned, tied to it by a comma or "one"
    (
        "near-password",
        "Enter the password for dolores.mckee. I always use the same one for everything, "
        + "Biscuit"
        + "1971, "
        "it was our old dog's name",
        "Biscuit1971",
    ),
    ("near-login", "my login is the usual, " + "sunflower" + "22", "sunflower22"),
    # a name, an at sign and a year, said of "the gmail one" a sentence after the passwords (heldout213)
    (
        "near-at-year",
        "Arjun wrote all my passwords in one small diary. The gmail one is "
        + "meera"
        + "@1958 , keep it for me",
        "meera@1958",
    ),
    ("at-year-bare", "for the router use " + "tomek" + "@2019 next time", "tomek@2019"),
    # heldout241-248: "pass" alone, words between it and "is"; "right now" before "is"; a token of random
    # letters a few words after its name
    (
        "pass-near",
        "vault pass if it asks is " + "Tui-Kereru" + "-2291, dont write it anywhere",
        "Tui-Kereru-2291",
    ),
    ("pass-near-wifi", "wifi pass if you need it is " + "Kowhai" + "-88", "Kowhai-88"),
    (
        "password-right-now",
        "the wifi password right now is " + "Cumbia_Rosa" + "_77, is that it?",
        "Cumbia_Rosa_77",
    ),
    (
        "token-letters",
        "heres my discogs token if u need it " + "kVbWqPzTnHxRmLcJ" + "dYfGsAeUoKiQwErTyUiOpLkJ",
        "kVbWqPzTnHxRmLcJdYfGsAeUoKiQwErTyUiOpLkJ",
    ),
    (
        "token-letters-colon",
        "my API key: " + "QwErTyUiOpAsDf" + "GhJkLzXcVbNm here",
        "QwErTyUiOpAsDfGhJkLzXcVbNm",
    ),
    # heldout249-264: a webhook's secret path on any host; a relay login in a SASL password map
    (
        "webhook-any-host",
        'error="Post \\"https://chat.tawehomes.org.uk/hooks/'
        + "k7w3q9fz1bry8ecn"
        + '5tjx4hpmua\\": tls: failed',
        "k7w3q9fz1bry8ecn5tjx4hpmua",
    ),
    # heldout281-288: the token deeper in the path, after an id (Discord)
    (
        "webhook-discord",
        "webhook is https://discord.com/api/webhooks/1293847561029384756/"
        + "Qx8vT3kLm_9ZpR2wYb7nFj4HcUa6dEo1"
        + "sKgV0tIiXyW5rBqNzM-hPe8LcDf2GjSa",
        "Qx8vT3kLm_9ZpR2wYb7nFj4HcUa6dEo1sKgV0tIiXyW5rBqNzM-hPe8LcDf2GjSa",
    ),
    (
        "webhook-deep-path",
        "DISCORD_HOOK=https://discordapp.com/api/v10/webhooks/998877665544332211/"
        + "aB3dE5fG7hI9jK1lM3nO5pQ7rS9t"
        + "U1vW3xY5zA7bC9dE1fG3hI5jK7lM9nO1pQ3",
        "aB3dE5fG7hI9jK1lM3nO5pQ7rS9tU1vW3xY5zA7bC9dE1fG3hI5jK7lM9nO1pQ3",
    ),
    (
        "sasl-map",
        "[mx1.smtp.kommunnat.se]:587 relay-umea@kommunnat.se:" + "Fjällräv9" + "!xQ",
        "Fjällräv9!xQ",
    ),
    ("near-wifi", "the wifi password? its on the router: " + "Rover" + "#1977 I think", "Rover#1977"),
    ("near-one", "the passcode is the same one as the garage, " + "4471" + "kestrel", "4471kestrel"),
    # pasted bare, with no name near it
    (
        "bare-hex",
        "Put it in the script for now, I rotate it after: " + "3f9a1c7e5b2d8f04" + "a6c9e1b7d3f5a8c2e0b4d6f1",
        "3f9a1c7e5b2d8f04",
    ),
    (
        "bare-mixed",
        "I'll add it in github myself: " + "Kq3vT9xWm2LpR8sHj5Nz" + "D1cFy7BgA4eU6oYtZ0iV",
        "Kq3vT9xWm2LpR8sHj5Nz",
    ),
    (
        "bare-dotted",
        "here's the one from the console: NNSXS." + "V44Q7XKJ3MZP2AHD6FBRTLW5YC" + "7N4OE2GSUQ6IA",
        "V44Q7XKJ3MZP2AHD6FBRTLW5YC",
    ),
    ("bare-cookie", "-name smsc@stg-gw1 -setcookie " + "fjl_Qm83xVt0" + "PaL2wYr9 +K true", "fjl_Qm83xVt0"),
    ("bare-oauth", "oauth=oauth:" + "7h2kq9xw4m1zv8r3" + "p6tybn0c5ldj2e", "7h2kq9xw4m1zv8r3"),
    (
        "bare-bearer-hex",
        "-H 'Authorization: Bearer "
        + "7c1e4a9f02b86d53e7a4c0f19b2d8e6a"
        + "5f3c71b0d94e28a6c5f17b3e9d0a4c82'",
        "7c1e4a9f02b86d53",
    ),
    ("key-no-verb", "consumer secret " + "Tk4Rz9QmW2" + "xLp7Vb. is it safe", "Tk4Rz9QmW2"),
    (
        "huggingface",
        "exporta este: hf_" + "kVqXzTbLmRwNpYdJcHsGfAeUoIiKtBnMqP" + " . después",
        "kVqXzTbLmRwNpYdJ",
    ),
    ("google-short", "use AIza" + "SyD4r8Kq1Lm2Nz7Vb0Xc3Pw9Ty6Ue5RfHj for now", "SyD4r8Kq1Lm2Nz7Vb0"),
    ("deepl", "new one is 3f9b2c71-8e4a-4d0f-b6a2-" + "91c5e7d8f034:fx", "91c5e7d8f034"),
    (
        "app-password",
        "the booking tool wants my gmail app password, I typed " + "qwrt mzkp" + " lbvx hdye but",
        "qwrt mzkp",
    ),
    ("code-pass", 'const char* WIFI_PASS = "' + "amanzi4" + 'tunnel!";', "amanzi4tunnel!"),
    (
        "password-s",
        "the login is gary@example.com and the password's " + "LUfc_Elland" + "77 if you",
        "LUfc_Elland77",
    ),
    (
        "made-it",
        "And my Etsy password, I made it " + "Nazar-Boncuk" + "4471, is that fine",
        "Nazar-Boncuk4471",
    ),
    # typed into the box, with no "is" ("I typed in …", "entered …", "changed it to …")
    (
        "near-typed",
        "The tablet keeps asking for my email password and I typed in " + "Glenys" + "1958 like I always do",
        "Glenys1958",
    ),
    ("near-entered", "it wants my password, I entered " + "rosebud" + "77 twice", "rosebud77"),
    (
        "near-put-in",
        "password for the bank app - I put in " + "Kestrel" + "88 and it locked me out",
        "Kestrel88",
    ),
    ("near-changed-to", "changed my password to " + "mangotree" + "9", "mangotree9"),
    ("near-apostrophe", "my password's " + "Tulip" + "1984", "Tulip1984"),
    # words joined by a dot or an underscore, set apart by commas after "on a paper" (heldout344)
    (
        "near-dotted",
        "my daughter wrote the password on a paper, " + "Chacra.Sol" + "#1967, is that a strong one",
        "Chacra.Sol#1967",
    ),
    ("near-underscored", "the router password, I think it was " + "Casa_Azul" + "_2019", "Casa_Azul_2019"),
    ("near-pin", "the pin I always use is " + "2741", "2741"),
    ("near-pin-typed", "for the passcode I typed " + "604418" + " and it shook", "604418"),
]

NEW_LOOK_ALIKES = [
    "the password field is required",
    "password reset link expired yesterday",
    "my pin code policy is strict",
    "see http://host:8080/path?to=a@b.com for details",
    "the password is stored in 1Password",
    "the PIN is required at checkout",
    "password: <your-password>",
    "The code is ready for review",
    "access code is needed for the lab",
    "password = os.environ['DB_PASSWORD']",
    "password = get_password()  # from the vault",
    "my bank PIN was just changed",
    "the password was wrong twice",
    "Passwords are hashed with argon2id",
    "the door code is on the fridge",
    "the dress code for the office is smart casual",
    "the code for the door handler is in utils.py",
    "the postcode for the office is SW1A 1AA",
    "the code of conduct is on the wiki",
    "email me at alice@example.com or https://example.com/a@b",
    "postgres://localhost:5432/app",
    "https://user@github.com/org/repo.git",
    "I use a password manager for everything",
    "pass the salt please",
    "the pass is 2 hours away by car",
    "pw reset link expired",
    "bus pass 12 euros a week",
    "the pass rate was 95% this year",
    "password reset link went to my old email, I use Windows11 and Python3.12",
    "no password here, just Postgres16 and node18",
    "the password policy changed in 2024, we run keycloak26 now",
    "the pin is 4 digits long",
    "cherry pick 3f786850e387550fdab836ed7e6dc881de23001b onto main",
    "the ConvertToUtf8StringHelper class and test_parse_datetime_v2_handles_utc",
    "event_2024_03_15_14_30_22_utc and x86_64-unknown-linux-gnu and aarch64-apple-darwin23",
    "torch-2.3.0+cu121-cp311-cp311-linux_x86_64.whl from s3://bucket-2024/path/k8s-v1.29.3-amd64",
    "image ghcr.io/org/app@sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
    "request 123e4567-e89b-12d3-a456-426614174000 and order 1234567890123456789012",
    "my pin has 6 digits, I tried 3 times",
    "password reset, I tried python3 -m pip and it worked",
    "I changed the password policy to version2 of the doc",
    # a package and its version, a host, an email with a year in it
    "npm i react@18 and lodash@4, pinned numpy@1.26",
    "ssh root@10.0.0.1 then mail meera@1958.com",
    # a pass that is no password; an identifier after "token"
    "the boarding pass is in my email, gate 12",
    "I passed the exam in 2024, it was hard",
    "token usage is ApproximatelyTwentyFourCharactersLong",
    # an address and a port, a git remote, a short hooks path
    "connect to user@host.com:8080 first",
    "git remote add origin git@github.com:org/repo.git",
    "see https://github.com/org/repo/hooks/123 for the list",
    "the docs are at https://docs.example.com/guide/webhooks/configuring-your-first-endpoint",
]


@pytest.mark.parametrize(
    "text,secret", [(t, s) for _, t, s in NEW_SECRETS], ids=[i for i, _, _ in NEW_SECRETS]
)
def test_new_formats_are_redacted(text: str, secret: str) -> None:
    clean, findings = redact(text)
    assert findings
    assert secret not in clean
    assert redact(clean) == (clean, [])


@pytest.mark.parametrize("text", NEW_LOOK_ALIKES)
def test_new_look_alikes_survive(text: str) -> None:
    assert redact(text) == (text, [])


def test_the_table_covers_at_least_sixty_secrets_and_thirty_look_alikes() -> None:
    secrets = {t for _, t, *_ in BASE_SECRETS} | {t for _, t, _ in NEW_SECRETS}
    look_alikes = {t for _, t in BASE_LOOK_ALIKES} | set(NEW_LOOK_ALIKES)
    assert len(secrets) >= 60 and len(look_alikes) >= 30


DANGEROUS = [
    "password_",
    "key-",
    "aws_secret",
    "http://a:",
    "x://",
    "://a@",
    "a-",
    "sk-",
    "token ",
    "bearer ",
    "pin is ",
    "passcode ",
    "-----BEGIN PRIVATE KEY-----",
    "eyJ",
    "AKIA",
    "@",
    ":",
    "/",
    "=",
    "**password**",
    "password = a",
    "a",
    " ",
    "xoxb-",
    "sk-ant-",
    "bearer ",
    ".eyJ",
    "-eyJ",
    "https://hooks.slack.com/services/",
]


@pytest.mark.parametrize("piece", DANGEROUS)
def test_each_dangerous_piece_alone_is_linear(piece: str) -> None:
    small = piece * (2_000 // len(piece) + 1)
    large = piece * (16_000 // len(piece) + 1)
    assert _cost(large) / _cost(small) < 24


def _cost(text: str) -> float:
    best = float("inf")
    for _ in range(3):
        start = time.process_time()
        redact(text)
        best = min(best, time.process_time() - start)
    return max(best, 1e-4)


@settings(max_examples=80, deadline=None)
@given(st.lists(st.sampled_from(DANGEROUS), min_size=1, max_size=3))
def test_time_grows_linearly_with_adversarial_input(pieces: list[str]) -> None:
    """8x the input may cost about 8x the time, never the 64x of a quadratic rule."""
    unit = "".join(pieces)
    small = unit * (2_000 // len(unit) + 1)
    large = unit * (16_000 // len(unit) + 1)
    assert _cost(large) / _cost(small) < 24, pieces


@pytest.mark.parametrize(
    "text,secret",
    [
        ("forgot my login so I tried " + "Barnaby" + "2001 and then barnaby2001", "barnaby2001"),
        ("the wifi pw is " + "bluefish" + "77 and the guest one is BLUEFISH77 too", "BLUEFISH77"),
        ('password = "' + "hunter2" + 'hunter"  # hunter2hunter', "hunter2hunter"),
    ],
)
def test_a_secret_found_once_is_redacted_everywhere_in_the_text(text: str, secret: str) -> None:
    clean, findings = redact(text)
    assert len(findings) == 2
    assert secret.lower() not in clean.lower()


@pytest.mark.parametrize(
    ("question", "answer", "values"),
    [
        (
            "The check run needs the vault password (group_vars are vault-encrypted). How do you usually provide it?",
            "it's only in my head, tbh. it's " + "Kerlouan-Maree" + "-2291. put it in ~/.vault_pass.txt",
            {"Kerlouan-Maree-2291"},
        ),
        (
            "Can you paste the token for the staging API?",
            "sure: " + "q8Tz-" + "4rLm-99Xa",
            {"q8Tz-4rLm-99Xa"},
        ),
        ("What's the wifi password at the cabin?", "ha it's " + "otter" + "pond55", {"otterpond55"}),
        # no credential asked for, or nothing like one given
        ("Which Python version do you run?", "python3.12 and node18", set()),
        ("What's the password policy?", "12 characters, rotated every 90 days, since 2024-03-01", set()),
        # a credential named in one sentence, then a question about something else (heldout728, adr/0116)
        (
            "3. Region: your credentials file says `us-east-1`. Is the bucket there?",
            "The bucket is in eu-central-1, not us-east-1, the credentials file is wrong too",
            set(),
        ),
        ("The API key goes in .env. Which region is the server in?", "fra1 in DO, ubuntu22", set()),
    ],
)
def test_an_answer_to_a_question_for_a_credential_is_a_secret(
    question: str, answer: str, values: set[str]
) -> None:
    assert answered_secrets(question, answer) == values
