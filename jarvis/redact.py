"""Secret redaction: one module every write path passes text through before it can reach git.

`redact(text)` replaces each secret with `[REDACTED:kind]` and returns what it found, so the
caller can tell the person (`describe(findings)`). Specific formats (provider key prefixes, JWTs,
private key blocks, URL passwords) are matched exactly; generic values (`password=…`, long random
strings next to a key-like name) must also look random, so commit shas, sha256 digests, UUIDs,
ADR slugs, fragment ids and ordinary prose survive. See adr/0012-redaction.md.
"""

from __future__ import annotations

import base64
import binascii
import bisect
import math
import re
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from itertools import pairwise

MARKER = "[REDACTED:{kind}]"
_MIN_ENTROPY_LEN = 20

_NAME = r"(?:(?<=[_.-])pass(?![a-z])|api[_-]?key|apikey|access[_-]?key|secret[_-]?key|private[_-]?key|client[_-]?secret|auth[_-]?token|access[_-]?token|refresh[_-]?token|token|secret|passwd|password|passphrase|pwd|credentials?)"
_ASSIGN_KIND = {
    "password": "password",
    "passwd": "password",
    "pwd": "password",
    "passphrase": "password",
    "passcode": "password",
    "pass": "password",  # "pass is …", after the longer names above
    "pw": "password",
    "token": "token",
    "secret": "secret",
    "credential": "credential",
    "login": "password",
    "log-in": "password",
}

# (kind, pattern, group holding the secret, check on the secret or None). Order is priority.
_Check = Callable[[str], bool] | None


def _random_looking(value: str) -> bool:
    """Mixed upper, lower and digits: what random keys look like and slugs/words do not."""
    return (
        any(c.isupper() for c in value)
        and any(c.islower() for c in value)
        and any(c.isdigit() for c in value)
    )


def entropy(value: str) -> float:
    """Shannon entropy in bits per character."""
    if not value:
        return 0.0
    counts = Counter(value)
    n = len(value)
    return -sum(c / n * math.log2(c / n) for c in counts.values())


_HEX = re.compile(r"[0-9a-fA-F]+")
_UUID = re.compile(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}")
_FRAGMENT_ID = re.compile(r"mem-\d{8}-\d{6}-[0-9a-f]{6}")
_PLACEHOLDER = re.compile(
    r"(\$\{?[A-Za-z_][A-Za-z0-9_]*\}?|<[^<>]*>|\{\{.*\}\}|%\(?\w*\)?s|(.)\2{3,}|none|null|nil|true|false|"
    r"undefined|redacted|\[REDACTED.*|\*+|x+|\.\.\.|…)",
    re.IGNORECASE,
)


def _base64_prose(value: str) -> bool:
    """Base64 that decodes to ordinary text (`VGhlIHF1aWNr…`) is not a key."""
    if len(value) < 16 or not re.fullmatch(r"[A-Za-z0-9+/_\-]+=*", value):
        return False
    try:
        raw = base64.urlsafe_b64decode(value.replace("+", "-").replace("/", "_") + "=" * (-len(value) % 4))
        decoded = raw.decode("utf-8")
    except (binascii.Error, UnicodeDecodeError, ValueError):
        return False
    letters = sum(c.isalpha() or c == " " for c in decoded)
    return " " in decoded and decoded.isprintable() and letters >= 0.8 * len(decoded)


_PW_SYMBOLS = frozenset("!#$%^&*+=?~@")


def _password_like(value: str) -> bool:
    """A lone word built the way passwords are: upper and lower case, a digit and a symbol,
    10+ characters ("Kx7#pLq2vR9zW4", said as "the new one is …" with no label near it).
    Not an email, a URL, a path, a version, a mention or a marker."""
    if not 10 <= len(value) <= 64 or value.startswith(("[REDACTED", "@", "#", "/", "~", "$")):
        return False
    if "://" in value or re.fullmatch(r"[^@\s]+@[\w-]+(?:\.[\w-]+)+", value):
        return False
    upper = any(c.isupper() for c in value)
    lower = any(c.islower() for c in value)
    digit = any(c.isdigit() for c in value)
    symbol = any(c in _PW_SYMBOLS for c in value)
    return upper and lower and digit and symbol


# what a long hex string near these words is: a commit, a digest, a fingerprint, not a key
_HEX_CONTEXT = re.compile(
    r"\b(?:commit|commits|sha|sha1|sha256|sha512|hash|hashes|digest|fingerprint|checksum|rev|revision|merge|"
    r"head|cherry-pick|md5|etag|blob|tree|build|image|layer|object|git|docker|tag|version|checkout|rebase|"
    r"diff|revert|fixed in|landed in|id|cherry|pick|push|pushed|branch|pr|pull)\b",
    re.IGNORECASE,
)


# what is said of a secret: keep it out of git ("don't commit it", "never push this", "not in the repo")
_KEEP_OUT_RE = re.compile(
    r"\b(?:don'?t|do\s+not|never|not|pls\s+don'?t|please\s+don'?t)\s+(?:\w+\s+)?(?:commit|push|check\s+in|"
    r"merge|put\s+(?:it|this|that)\s+in\s+(?:git|the\s+repo))\b",
    re.IGNORECASE,
)


def _bare_token(text: str, start: int, end: int) -> bool:
    """A key pasted with no name near it. Hex of 32+ digits unless a commit, digest or fingerprint
    is spoken of near it; otherwise 20+ characters with digits scattered through letters (4+
    digits, 6+ changes between letters and digits) and high entropy, so identifiers
    (`ConvertToUtf8StringHelper`), slugs, versions, UUIDs and fragment ids stay."""
    value = text[start:end]
    if _UUID.search(value) or _FRAGMENT_ID.fullmatch(value) or _base64_prose(value):
        return False  # ("cc-3b1f6a2e-8c47-…", a session id: a UUID with a prefix)
    if _HEX.fullmatch(value):
        near = text[max(0, start - 60) : start] + " " + text[end : end + 40]
        # "appkey …: 3F6A1C… — dont commit it": a value the person says to keep out of git is no commit, whatever
        # else is near it ("git@github.com:org/repo.git …, never push this: a3f9…")
        # ("please revert 3f78…, do not merge it yet": a commit named right before the value stays one)
        right_before = _KEEP_OUT_RE.sub(" ", text[max(0, start - 60) : start])[-20:]
        if _KEEP_OUT_RE.search(near) and not _HEX_CONTEXT.search(right_before):
            return len(value) >= 32
        near = _KEEP_OUT_RE.sub(" ", near)
        return len(value) >= 32 and not _HEX_CONTEXT.search(near)
    if len(value) < 20 or sum(c.isdigit() for c in value) < 4:
        return False
    changes = sum(a.isdigit() != b.isdigit() for a, b in pairwise(value) if a.isalnum() and b.isalnum())
    return changes >= 6 and entropy(value) >= 3.5


def _high_entropy(value: str) -> bool:
    """A long random-looking token: not hex (shas, digests), not a UUID, id or slug."""
    if _base64_prose(value):
        return False
    if len(value) < _MIN_ENTROPY_LEN or _HEX.fullmatch(value) or _UUID.fullmatch(value):
        return False
    if _FRAGMENT_ID.fullmatch(value) or value.startswith(("[REDACTED", "/", "~")):
        return False
    if not any(c.isdigit() for c in value) or not any(c.isalpha() for c in value):
        return False
    if value == value.lower() and re.search(r"[-_.]", value):
        return False  # a slug or dotted name: 0012-some-title, my-project_v2.config
    if _random_looking(value):
        return entropy(value) >= 3.5
    return entropy(value) >= 4.0


def _assigned_secret(value: str) -> bool:
    """A value after `password=` / `token:`: anything but a placeholder or a code expression."""
    if _PLACEHOLDER.fullmatch(value) or any(c in value for c in "([{") or _base64_prose(value):
        return False
    if re.fullmatch(_NAME, value, re.IGNORECASE):  # "password": "password" is a label, not a secret
        return False
    if len(value) < 4 or (value.isdigit() and len(value) < 6):
        return False
    return not value.startswith(("os.", "env.", "process.env", "self."))


def _url_password(value: str) -> bool:
    """`host:8080/path?to=a@b` is a port and a path, not a password."""
    return not _PLACEHOLDER.fullmatch(value) and not re.match(r"\d{1,5}(?:[/?#]|$)", value)


def _prose_secret(value: str) -> bool:
    """After `password: ` in prose the next word is often just a word; require it look like a secret."""
    if not _assigned_secret(value):
        return False
    if len(value) >= 16 or any(c.isdigit() for c in value) or re.search(r"[!@#$%^&*+=/?~]", value):
        return len(value) >= 6
    return len(value) >= 8 and any(c.isupper() for c in value[1:]) and any(c.islower() for c in value)


# "is" in the person's own language ("la contraseña es …", "das Passwort ist …", "le mot de passe est …", "a senha é …")
_IS_ABROAD = r"es|est|ist|é|è|er|är|jest"
# what follows the word for a password or a code, up to its value ("… for the router right now is: …")
_PLAIN_TAIL = (
    # ("a senha do wifi: casa1234", "das Passwort für das WLAN ist …")
    # (what it is for stays in its sentence: "a password for your GitHub account. Please revoke it now: GitHub → …"
    # names no value)
    r"(?:[ \t]+(?:for|to|of|on|at|do|da|de|del|du|für|fur|van|för|dla)[ \t]+(?:(?![.!?][ \t])[^\n]){1,40}?)?"
    # ("the wifi password right now is Cumbia_Rosa_77")
    r"(?:[ \t]+(?:right[ \t]+now|now|currently|these[ \t]+days|atm|at[ \t]+the[ \t]+moment|for[ \t]+now))?"
    rf"(?:[ \t]*(?:is|was|=|:|are|{_IS_ABROAD}|je)[ \t]+|'s[ \t]+|’s[ \t]+)"
    r"(?:(?:now|still|currently|just|actually)[ \t]+)?[\"'`]?"
    r"([^\s\"'`,;]{0,127}[^\s\"'`,;.!?:)])"
)
_PLAIN = re.compile(
    r"\b(pass(?:word|phrase|code)s?|passwd|pwd|pin(?:[ \t]code|[ \t]number)?|"
    r"(?:door|gate|alarm|locker|safe|garage|lock|entry|access|wifi|wi-fi|padlock|building|keypad)[ \t]code|"
    r"combination)" + _PLAIN_TAIL
)
# the same in the person's own language ("Wifi: LABO-PHYS / mot de passe: jpSj63a7NbDy", "la contraseña es …"); "parola"
# is also a word and "lang" an adjective, so the value must hold a digit or a symbol
_PLAIN_ABROAD = re.compile(
    r"\b(mot[ \t]de[ \t]passe|contrase(?:ñ|n)a|passwort|kennwort|senha|wachtwoord|l(?:ö|o)senord|has(?:ł|l)o|(?:ş|s)ifre|"
    r"parola|salasana|adgangskode|passord|jelsz(?:ó|o)|heslo|geslo|lozinka)" + _PLAIN_TAIL
)


def _abroad_secret(value: str) -> bool:
    return _plain_secret(value) and bool(re.search(r"[\d!@#$%^&*_+=/?~.-]", value))


# the short and verbless forms people type: "email is x@y.com and pw sewfunny_1962", "pass is …",
# "password hunter2hunter"; the value must hold a digit or a symbol ("password manager", "pw reset")
_PLAIN_SHORT = re.compile(
    r"\b(pw|pwd|passwd|pass|password|passcode)(?:[ \t]+(?:is|was|=|:)|[ \t]*[:=])?[ \t]+[\"'`]?"
    r"([^\s\"'`,;]{0,127}[^\s\"'`,;.!?:)])",
    re.IGNORECASE,
)


# "consumer secret Tk4Rz9QmW2xLp7Vb", "auth token 9f3c…": a key word and its value with no verb;
# the value must be random-looking (upper, lower and digits) and 12+ characters
_KEY_SHORT = re.compile(
    r"\b(?:secret|token|key|api[ \t]key|auth[ \t]token|access[ \t]token)[ \t]+[\"'`]?([A-Za-z0-9_\-+/=]{12,255})(?![\w@/\\-])"
)


# "heres my discogs token if u need it kVbWqPzTnHxRmLcJdYfGsAeUoKiQwErTyUiOpLkJ": a key word, a few
# words, then a long value whose case flips all through it (random letters, with or without digits)
_NEAR_TOKEN = re.compile(
    r"\b(?:[Tt]oken|TOKEN|[Aa]pi[ \t-]?[Kk]ey|API[ \t-]?KEY|[Kk]ey|[Ss]ecret|SECRET)\b[^\n]{0,40}?[ \t:=]"
    r"[\"'`]?([A-Za-z0-9_\-]{24,255})(?![\w@/\\-])"
)


def _token_like(value: str) -> bool:
    """Random letters: a third or more of them capitals, the case flipping every other character on
    average ("kVbWqPzTnHx…"); an identifier (`ConvertToUtf8StringHelper`) flips far less often."""
    letters = [c for c in value if c.isalpha()]
    if not letters:
        return False
    upper = sum(c.isupper() for c in letters) / len(letters)
    flips = sum(1 for a, b in pairwise(letters) if a.isupper() != b.isupper())
    return (
        0.3 <= upper <= 0.7
        and flips * 2 >= len(letters)
        and entropy(value) >= 3.5
        and not _UUID.search(value)
    )


def _short_secret(value: str) -> bool:
    """After "pw", "pass is", "password" with no verb: a value holding a digit or a symbol."""
    return bool(re.search(r"[\d!@#$%^&*+=?~_]", value)) and _prose_secret(value)


# the words for a password, typed in full or short ("vault pass if it asks is …")
_PW_WORDS = r"pass(?:word|code|phrase)?s?|passwd|pwd|pw|log-?in"


# "It says Enter the password … I always use the same one for everything, Biscuit1971": a word
# with digits said soon after a password is mentioned, with no "is" to tie them together
_NEAR_PASSWORD = re.compile(
    # ("vault pass if it asks is Tui-Kereru-2291": "pass" alone, typed for password)
    rf"\b(?:{_PW_WORDS}|pin)\b[^\n]{{0,160}}?"
    # set apart by a comma or a colon, or given with "is"/"one" ("the same one for everything,
    # Biscuit1971"); or typed into the box ("I typed in Glenys1958", "entered rosebud77", "changed it
    # to mangotree9"); "I use Windows11", "just Postgres16" name things
    r"(?:[,:;—–]\s*|'s\s+|(?<=word )to\s+|(?<=code )to\s+|\b(?:is|was|it's|its|one|be|typed|typing|type|entered|entering|enter|tried|trying|"
    r"try|put|putting|keyed|(?:made|make|set|have|had)\s+it|"
    r"(?:(?:changed|change|set|reset|updated|update)\s+(?:it\s+|that\s+|them\s+)?)to)"
    r"(?:\s+in)?\s+)"
    # ("The gmail one is meera@1958": a name, an at sign and a year)
    r"([a-z][a-z'-]{2,24}[!#$%^&*+=?~_.@-]?\d{1,8}[!#$%^&*+=?~]?|\d{2,8}[a-z]{3,24}\d*"
    # words joined by dots or underscores, then the digits ("wrote the password on a paper, Chacra.Sol#1967")
    r"|[a-z][a-z'-]{1,24}(?:[._][a-z][a-z'-]{1,24})+[!#$%^&*+=?~_.@-]?\d{1,8}[!#$%^&*+=?~]?)"
    r"(?![\w@/\\-])"
)
# random letters of both cases with a digit among them, given soon after a password is mentioned ("It asks the
# password. My grandson made it, it is QjucytuN8Mj"): what a generator makes (read on the text as typed)
_NEAR_PASSWORD_MIXED = re.compile(
    # (not the word inside a marker already written: "[REDACTED:url-password]")
    # (not across an assignment or a long run of characters, which a first pass may have redacted to a marker of
    # another length: the same words must find the same value on every pass)
    rf"(?i:(?<![-:])\b(?:{_PW_WORDS})\b(?:(?!\S{{20}})[^\n=]){{0,160}}?"
    r"(?:[,:;—–]\s*|\b(?:is|was|it's|its|one|be|typed|entered|made|set|changed\s+(?:it\s+)?to)\s+))"
    # (the value ends where the word does: "Tr0ub4dor&3" is no such value, and the search goes on past it)
    r"((?=[A-Za-z\d]*[a-z])(?=[A-Za-z\d]*[A-Z][A-Za-z\d]*[a-z])(?=[A-Za-z\d]*\d)[A-Za-z][A-Za-z\d]{7,39})"
    r"(?=[\s,.;:!?)\]\"'`]|$)"
)


def _near_password(value: str) -> bool:
    """6 to 40 characters; one digit alone ("mangotree9") only on a word of 7 letters or more."""
    if re.search(r"[^\d]\d[!#$%^&*+=?~]?$", value) and len(value) < 8:
        return False
    return 6 <= len(value) <= 40 and not _PLACEHOLDER.fullmatch(value)


# what a number said after a code word counts instead of being one ("the code is 4 digits", "the PIN is 4 numbers")
_COUNT_WORDS = r"digits?|numbers?|times|tries|attempts|minutes|mins|hours|days|%"


# "the pin I always use is 2741", "for the passcode I typed 604418": digits said soon after a PIN
_NEAR_PIN = re.compile(
    r"\b(?:pin|pin code|passcode|pass code)\b[^\n]{0,80}?\b(?:is|was|it's|its|typed|entered|tried|put)(?:\s+in)?"
    rf"\s+(\d{{4,8}})\b(?!\s*(?:{_COUNT_WORDS}))"
)


# "The first code on the paper is 4073 9158", "backup code: 830614": a one-time, backup or recovery code said
# as digits, in one group of 6-10 or two groups of 3-5 ("the postcode is 75001" has five)
_CODE_DIGITS = re.compile(
    r"\bcodes?\b[^\n]{0,50}?(?:\b(?:is|was|are|reads|says)\b|:)[ \t]+[\"'`]?(\d{3,5}[ -]\d{3,5}|\d{6,10})\b"
    rf"(?![ \t]*(?:{_COUNT_WORDS}|[-/.]\d))"
)

# "My grandson wrote down for me on paper: backup code 8406 2915", "the 2FA code 518 204": the kind of code named,
# then its digits with nothing between
_NAMED_CODE_DIGITS = re.compile(
    r"\b(?:recovery|backup|back-up|2fa|two-factor|mfa|one-time|verification|security|login|sign-?in|sms|otp|reset|"
    r"emergency|scratch|authenticator)[ \t]+codes?[ \t]+[\"'`]?(\d{3,5}[ -]\d{3,5}|\d{6,10})\b"
    rf"(?![ \t]*(?:{_COUNT_WORDS}|[-/.]\d))"
)


# "It gave me recovery codes, the first two are CXQT-B8CC-PDUT and XGH2-KDB6-SPL8", a licence key
# "VK7JG-NPHTM-C97JM-9MPGT-3V66T": three or more groups of 4-5 capitals and digits, letters and digits both
_GROUPED_CODE = re.compile(r"(?<![\w-])((?:[A-Z0-9]{4,5}-){2,7}[A-Z0-9]{4,5})(?![\w-])")


def _grouped_code(value: str) -> bool:
    groups = value.split("-")
    return any(c.isdigit() for c in value) and sum(any(c.isalpha() for c in g) for g in groups) >= 2


# "my GitHub recovery codes: a1b2c-d3e4f, 9f8e7-d6c5b", "backup codes are 4kq9-xz2m and p7wd-83hn": grouped codes
# of any case right after a backup or recovery code is named, the whole list at once
_CODE_TOKEN = r"(?=[A-Za-z0-9-]*\d)[A-Za-z0-9]{4,10}(?:-[A-Za-z0-9]{3,10}){1,7}"
_NEAR_RECOVERY = re.compile(
    r"\b(?:recovery|backup|back-up|2fa|two-factor|mfa|one-time|reset|emergency|scratch)[ \t]+codes?\b[^\n]{0,80}?"
    rf"(?:\b(?:is|are|was|were|reads|read)\b|:)[ \t]+[\"'`]?({_CODE_TOKEN}(?:[ \t]*(?:,|and|&|;)?[ \t]*{_CODE_TOKEN})*)"
    r"(?![\w-])",
    re.IGNORECASE,
)


# "my wlan is the Fritzbox, the key is 8492 0173 6651 0293 8475", "WLAN-Schlüssel: 5521 0983 4471", "wifi password is
# 99231 04417": a key, a password or a PIN said as groups of digits (a router's printed key, a PIN split to read
# aloud), or as one run of 8 or more; a run of years ("key dates are 2019 2020 2021") is no secret
_KEY_DIGITS = re.compile(
    r"\b(?:keys?|passwords?|passwd|pw|passcodes?|passphrase|pins?|psk|schl(?:ü|ue)ssel|cl(?:é|e)|clave|chave|sleutel|"
    rf"n(?:ø|o)kkel|nyckel|klucz|anahtar|chiave)\b[^\n]{{0,50}}?(?:\b(?:is|was|are|reads|says|{_IS_ABROAD})\b|[:=])"
    r"[ \t]+[\"'`]?(\d{3,6}(?:[ \t-]\d{3,6})+|\d{8,40})\b"
    rf"(?![ \t]*(?:characters?|chars?|{_COUNT_WORDS}|[-/.]\d))",
    re.IGNORECASE,
)


def _digit_key(value: str) -> bool:
    groups = re.split(r"[ \t-]", value)
    return not all(re.fullmatch(r"(?:19|20)\d\d", g) for g in groups)


# "the code for the clinic door in the evening is 739152", "the code to the bike shed is 4471#":
# a code and what it opens; the value must hold a digit ("the dress code for the office is smart")
_LOCK_CODE = re.compile(
    r"\b(code)[ \t]+(?:for|to|of|on|at)[ \t]+(?=[^\n]{0,40}?\b(?:doors?|gate|alarm|locker|safe|garage|lock|"
    r"entrance|building|keypad|flat|apartment|office|shed|padlock|storage unit|box)\b)[^\n]{1,40}?"
    r"[ \t]*(?:is|was|=|:)[ \t]+(?:(?:now|still|currently|just|actually)[ \t]+)?[\"'`]?"
    r"([^\s\"'`,;]{0,63}[^\s\"'`,;.!?:)])"
)
# "the webhook secret is 9fK2mQ7xLp", "our API key is …", "the bot token: …" in prose; the value
# must look like a secret (`_prose_secret`), so "the secret is patience" stays.
_PLAIN_KEY = re.compile(
    r"\b((?:(?:api|access|auth|bearer|refresh|webhook|signing|client|app|bot|deploy|session|master|"
    r"encryption|license|licence|private|secret)[ \t-])?(?:secret|token|key)s?)"
    r"(?:[ \t]+(?:for|to|of|on|at)[ \t]+[^\n]{1,40}?)?"
    r"[ \t]*(?:is|was|=|:|are)[ \t]+(?:(?:now|still|currently|just|actually)[ \t]+)?[\"'`]?"
    r"([^\s\"'`,;]{0,255}[^\s\"'`,;.!?:)])"
)
_NOT_A_VALUE = frozenset(
    [
        "a",
        "an",
        "the",
        "is",
        "was",
        "be",
        "been",
        "being",
        "not",
        "no",
        "none",
        "required",
        "wrong",
        "incorrect",
        "invalid",
        "expired",
        "correct",
        "missing",
        "empty",
        "too",
        "very",
        "stored",
        "saved",
        "kept",
        "managed",
        "set",
        "changed",
        "reset",
        "weak",
        "strong",
        "long",
        "short",
        "case",
        "hashed",
        "encrypted",
        "in",
        "on",
        "at",
        "for",
        "to",
        "of",
        "with",
        "by",
        "from",
        "my",
        "your",
        "our",
        "their",
        "his",
        "her",
        "its",
        "this",
        "that",
        "these",
        "those",
        "same",
        "different",
        "new",
        "old",
        "protected",
        "secure",
        "insecure",
        "unknown",
        "forgotten",
        "lost",
        "shared",
        "written",
        "printed",
        "needed",
        "necessary",
        "optional",
        "mandatory",
        "policy",
        "rules",
        "field",
        "prompt",
        "manager",
    ]
)


def _plain_secret(value: str) -> bool:
    """A word after "password is": a value unless it is an ordinary word of a sentence about passwords."""
    if value.lower() in _NOT_A_VALUE or _PLACEHOLDER.fullmatch(value):
        return False
    if value.isdigit():
        return 3 <= len(value) <= 12  # a PIN or a door code
    return _assigned_secret(value)


def _phrase_secret(value: str) -> bool:
    """`password = two or more words`: a passphrase, unless it reads as code."""
    value = value.strip()
    if " " not in value or any(c in value for c in "()[]{}<>") or value.startswith(("#", "//")):
        return False
    first = value.split()[0]
    if _PLACEHOLDER.fullmatch(first) or first.startswith(("os.", "env.", "process.env", "self.")):
        return False
    return len(value) >= 8


# `token_type`, `password_policy`, `api_key_name`: metadata about a secret, not the secret
_NOT_SECRET = r"(?:type|name|id|ids|file|path|url|uri|length|len|count|limit|size|max|min|expires?|expiry|ttl|policy|format|kind|hint|rotation|manager|endpoint|header|prefix|env|var|field)"
# A key-like name, possibly inside a longer identifier (DB_PASSWORD, github-token, x.api_key).
# Rules marked `lowered` run on an ASCII-lowercased copy of the text (same offsets, 10x faster
# than IGNORECASE), so their names are written in lowercase.
_KEYNAME = rf"{_NAME}(?![_.\-]{_NOT_SECRET}\b)(?:[_.\-][\w\-]{{0,40}}+)?(?:[\"']|\*{{1,2}}|__)?"
_ANYKEY = rf"(?:{_NAME}|key)(?:[_.\-][\w\-]{{0,40}}+)?"
_ASCII_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")

_RULES: list[tuple[str, re.Pattern[str], int, _Check, bool]] = [
    # (kind, pattern, group holding the secret, check on the secret, runs on lowered text)
    (
        "private-key",
        re.compile(
            r"-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----"
            # An unterminated block runs to the end of its paragraph: cutting it at the first
            # non-base64 character left tails of glued tokens for a second pass to find.
            r"(?:.*?-----END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----|.*?(?=\n[ \t]*\n|\Z))",
            re.DOTALL,
        ),
        0,
        None,
        False,
    ),
    (
        "slack-webhook",
        re.compile(r"https://hooks\.slack\.com/(?:services|workflows|triggers)/[A-Za-z0-9/_\-]{1,512}+"),
        0,
        None,
        False,
    ),
    (
        "jwt",
        re.compile(r"\beyJ[A-Za-z0-9_\-]{8,2048}+\.eyJ[A-Za-z0-9_\-]{8,8192}+\.[A-Za-z0-9_\-]{0,4096}+"),
        0,
        None,
        False,
    ),
    (
        "github-token",
        re.compile(r"\b(?:gh[pousr]_[A-Za-z0-9]{30,255}|github_pat_[A-Za-z0-9_]{22,255})"),
        0,
        None,
        False,
    ),
    ("anthropic-key", re.compile(r"\bsk-ant-[A-Za-z0-9_\-]{20,512}+"), 0, _random_looking, False),
    (
        "openai-key",
        re.compile(r"\bsk-(?!ant-)(?:proj-|svcacct-|admin-)?[A-Za-z0-9_\-]{20,512}+"),
        0,
        _random_looking,
        False,
    ),
    ("stripe-key", re.compile(r"\b(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,256}+"), 0, None, False),
    ("gitlab-token", re.compile(r"\bglpat-[A-Za-z0-9_\-]{20,64}+"), 0, None, False),
    ("npm-token", re.compile(r"\bnpm_[A-Za-z0-9]{36}\b"), 0, None, False),
    ("pypi-token", re.compile(r"\bpypi-AgE[A-Za-z0-9_\-]{40,512}+"), 0, None, False),
    ("sendgrid-key", re.compile(r"\bSG\.[A-Za-z0-9_\-]{22}\.[A-Za-z0-9_\-]{43}\b"), 0, None, False),
    ("twilio-key", re.compile(r"\bSK[0-9a-f]{32}\b"), 0, None, False),
    (
        "azure-key",
        re.compile(r"\b(?:AccountKey|SharedAccessKey|SharedAccessSignature)=([A-Za-z0-9+/%=]{20,512}+)"),
        1,
        None,
        False,
    ),
    ("slack-token", re.compile(r"\bxox[abposre]-[A-Za-z0-9\-]{10,512}+"), 0, None, False),
    ("google-api-key", re.compile(r"\bAIza[0-9A-Za-z_\-]{30,40}(?![0-9A-Za-z_\-])"), 0, None, False),
    ("huggingface-token", re.compile(r"\bhf_[A-Za-z0-9]{30,64}\b"), 0, None, False),
    ("deepl-key", re.compile(rf"\b{_UUID.pattern}:fx\b"), 0, None, False),
    # a Google app password as Google shows it: four groups of four letters ("qwrt mzkp lbvx hdye")
    (
        "app-password",
        re.compile(
            r"\bapp[ \t-](?:specific[ \t-])?password[^\n]{0,80}?\b([a-z]{4}[ \t][a-z]{4}[ \t][a-z]{4}[ \t][a-z]{4})\b"
        ),
        1,
        None,
        True,
    ),
    ("aws-access-key-id", re.compile(r"\b(?:AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}\b"), 0, None, False),
    (
        "aws-secret-key",
        re.compile(
            r"aws[\w.\-]{0,30}?secret[\w.\-]{0,30}?[\"']?\s{0,8}[:=]\s{0,8}[\"']?([a-z0-9/+=]{40})(?![a-z0-9/+=])"
        ),
        1,
        None,
        True,
    ),
    (
        # the AWS console's credentials CSV: `AKIA…,<secret>` (also ; or tab separated)
        "aws-secret-key",
        re.compile(
            r"\b(?:AKIA|ASIA)[A-Z0-9]{16}[ \t]{0,4}[,;\t][ \t]{0,4}([A-Za-z0-9/+=]{40})(?![A-Za-z0-9/+=])"
        ),
        1,
        None,
        False,
    ),
    # a webhook's secret path on any host ("https://chat.example.org/hooks/k7w3q9fz1bry8ecn5tjx4hpmua",
    # Mattermost, Gitea, Rocket.Chat), deeper in the path too ("https://discord.com/api/webhooks/<id>/<token>"):
    # the long token after /hooks/ or /webhooks/
    (
        "webhook",
        re.compile(
            r"\bhttps?://[^\s/]{1,253}(?:/[^\s/?#]{1,64}){0,4}?/(?:hooks|webhooks?|webhookb2)/(?:[^\s/?#]{1,64}/){0,3}?"
            r"([A-Za-z0-9_\-]{20,256})(?![A-Za-z0-9_\-])"
        ),
        1,
        # a token holds a digit; a page name does not ("/webhooks/configuring-your-endpoint")
        lambda v: bool(re.search(r"\d", v)),
        False,
    ),
    # a mail relay's login as a SASL password map holds it ("relay-umea@kommunnat.se:Fjällräv9!xQ"):
    # an address, a colon, and a password with a digit or a symbol
    (
        "password",
        re.compile(
            r"(?<![\w/@])[\w.+-]{1,64}@[\w-]{1,63}(?:\.[\w-]{1,63})+:([^\s@:/\"'`]{6,128})(?=[\s\"'`]|$)"
        ),
        1,
        lambda v: bool(re.search(r"[\d!#$%^&*+=?~]", v)),
        False,
    ),
    (
        "url-password",
        # the user may be empty (redis://:pw@host); the password may hold / # ? (unencoded)
        re.compile(r"\b[A-Za-z][A-Za-z0-9+.\-]{0,30}://[^\s:/@]{0,256}:(\S{1,256})@[^\s@/?#]"),
        1,
        _url_password,
        False,
    ),
    ("bearer-token", re.compile(r"\bbearer\s{1,8}([a-z0-9._~+/\-]{20,2048}+={0,3})"), 1, _high_entropy, True),
    # quoted value after = : := => (may hold spaces)
    (
        "assignment",
        re.compile(rf"{_KEYNAME}\s{{0,8}}(?:=|:=|=>|:)\s{{0,8}}([\"'])([^\"'\n]{{1,512}})\1"),
        2,
        _assigned_secret,
        True,
    ),
    # `password = several words up to the end of the line`
    (
        "assignment",
        re.compile(
            rf"{_KEYNAME}[ \t]{{0,8}}(?:=|:=|=>)[ \t]{{0,8}}([^\s\"'`,;][^\n\"'`]{{0,200}}?)[ \t]*$", re.M
        ),
        1,
        _phrase_secret,
        True,
    ),
    # plain language: "the VPN password is hunter2", "my PIN is 4417", "door code: 1234"
    # (before the one-word values, which would take only a key's first group of digits)
    ("plain", _KEY_DIGITS, 1, _digit_key, True),
    ("plain", _PLAIN, 2, _plain_secret, True),
    ("plain", _PLAIN_ABROAD, 2, _abroad_secret, True),
    ("plain", _PLAIN_KEY, 2, _prose_secret, True),
    ("plain", _PLAIN_SHORT, 2, _short_secret, True),
    ("plain", _KEY_SHORT, 1, lambda v: _random_looking(v) and _prose_secret(v), False),
    ("plain", _NEAR_TOKEN, 1, _token_like, False),
    ("plain", _LOCK_CODE, 2, lambda v: any(c.isdigit() for c in v) and _plain_secret(v), True),
    ("plain", _NEAR_PASSWORD, 1, _near_password, True),
    ("plain", _NEAR_PASSWORD_MIXED, 1, None, False),
    ("plain", _NEAR_PIN, 1, None, True),
    ("plain", _CODE_DIGITS, 1, None, True),
    ("recovery-code", _NAMED_CODE_DIGITS, 1, _digit_key, True),
    ("recovery-code", _NEAR_RECOVERY, 1, None, False),
    ("recovery-code", _GROUPED_CODE, 1, _grouped_code, False),
    # unquoted value after = := =>
    (
        "assignment",
        re.compile(rf"{_KEYNAME}\s{{0,8}}(?:=|:=|=>)\s{{0,8}}([^\s\"'`,;]{{1,512}})"),
        1,
        _assigned_secret,
        True,
    ),
    # `password: value` as people write it in prose: the value must look like a secret
    ("assignment", re.compile(rf"{_KEYNAME}:[ \t]{{0,8}}([^\s\"'`,;]{{1,512}})"), 1, _prose_secret, True),
    # a name, an at sign and a year with no domain ("meera@1958", "Tomek@2019!"): an email has a
    # domain, a package spec a short version ("react@18"), a host a dot after it ("root@10.0.0.1")
    (
        "password",
        re.compile(r"(?<![\w.@/-])([A-Za-z][A-Za-z._-]{2,30}@\d{4,6}[!#$%^&*+=?~]?)(?![\w@/-]|\.\w)"),
        1,
        None,
        False,
    ),
    # a lone password-shaped word anywhere in prose (checked on the original text, so case counts)
    (
        "password",
        re.compile(r"(?<![^\s\"'`(\[<])([A-Za-z0-9!#$%^&*+=?~@_\-]{10,64})(?=[\s\"'`)\]>,;.:]|$)"),
        1,
        _password_like,
        False,
    ),
    (
        "high-entropy",
        re.compile(rf"{_ANYKEY}[^\n]{{0,30}}?(?<![a-z0-9+/_\-])([a-z0-9+/_\-]{{20,1024}}+={{0,3}})"),
        1,
        _high_entropy,
        True,
    ),
    # a key pasted bare, with no name near it ("here's the one from the console: NNSXS.V44Q…",
    # "I rotate it after: 3f9a1c7e…"): see `_bare_token`
    (
        "token",
        re.compile(
            r"(?<![\w@/\\.~$%-])([A-Za-z0-9][A-Za-z0-9_.\-]{18,254}[A-Za-z0-9])(?![\w@/\\-]|\.\w|://)"
        ),
        1,
        None,
        False,
    ),
]


def _assignment_kind(name: str) -> str:
    name = name.lower()
    if re.search(r"\bpin\b|code|combination", name) and not re.search(r"pass|token|secret|key", name):
        return "pin"
    for word, kind in _ASSIGN_KIND.items():
        if word in name:
            return kind
    return "api-key"


def find_secrets(text: str, also: Iterable[str] = ()) -> list[Finding]:
    """Every secret in `text`, in order, without overlaps (a specific rule beats a generic one).

    `also`: values already known to be secrets (found elsewhere in the same session), redacted
    wherever they stand even with nothing around them that says so."""
    lowered, taken = _by_rules(text)
    return _every_occurrence(lowered, taken, also)


def _by_rules(text: str) -> tuple[str, list[Finding]]:
    """The text lowered (same offsets), and what the rules find in it, sorted and non-overlapping."""
    taken: list[Finding] = []  # kept sorted by start and non-overlapping
    starts: list[int] = []
    lowered = text.translate(_ASCII_LOWER)
    for kind, pattern, group, check, on_lowered in _RULES:
        for match in pattern.finditer(lowered if on_lowered else text):
            start, end = match.span(group)
            value = text[start:end]
            if start == end or (check is not None and not check(value)):
                continue
            if kind == "token" and not _bare_token(text, start, end):
                continue
            generic = kind in ("assignment", "high-entropy", "plain")
            label = _assignment_kind(text[match.start() : start]) if generic else kind
            _take(taken, starts, Finding(label, start, end))
    return lowered, taken


def _take(taken: list[Finding], starts: list[int], finding: Finding) -> None:
    """Add `finding` in its place unless it overlaps one already taken (only the neighbours can)."""
    at = bisect.bisect_left(starts, finding.start)
    if (at > 0 and taken[at - 1].end > finding.start) or (at < len(taken) and taken[at].start < finding.end):
        return
    taken.insert(at, finding)
    starts.insert(at, finding.start)


def _every_occurrence(lowered: str, taken: list[Finding], also: Iterable[str]) -> list[Finding]:
    """A value found once is a secret wherever else it stands in the text, in any case ("I tried
    Barnaby2001 and then barnaby2001"); short values (a 4-digit PIN) only where a rule found them."""
    values = {v.translate(_ASCII_LOWER): "secret" for v in also if len(v) >= 6}
    values |= {lowered[f.start : f.end]: f.kind for f in taken if f.end - f.start >= 6}
    if not values:
        return taken
    starts = [f.start for f in taken]
    alternation = "|".join(re.escape(v) for v in sorted(values, key=len, reverse=True))
    for match in re.finditer(rf"(?<![\w@/\\-])(?:{alternation})(?![\w@/\\-])", lowered):
        _take(taken, starts, Finding(values[match.group(0)], *match.span()))
    return taken


def redact(text: str, also: Iterable[str] = ()) -> tuple[str, list[Finding]]:
    """Replace each secret with `[REDACTED:kind]`. Idempotent: redacting twice finds nothing new."""
    findings = find_secrets(text, also)
    return _replaced(text, findings), findings


def _replaced(text: str, findings: list[Finding]) -> str:
    if not findings:
        return text
    parts: list[str] = []
    pos = 0
    for finding in findings:
        parts.append(text[pos : finding.start])
        parts.append(MARKER.format(kind=finding.kind))
        pos = finding.end
    parts.append(text[pos:])
    return "".join(parts)


def redact_session(
    texts: Iterable[str], also: Iterable[str] = ()
) -> tuple[dict[str, tuple[str, list[Finding]]], frozenset[str]]:
    """A session's messages redacted together, each once: a secret found in any of them (or given
    in `also`) is redacted wherever it recurs ("my password is Glenys1958" … "Glenys1958 fails").
    Returns each distinct text's (clean text, findings), and the secrets the session holds."""
    ruled = {text: _by_rules(text) for text in texts}
    known = frozenset(also) | frozenset(
        text[f.start : f.end] for text, (_, taken) in ruled.items() for f in taken if f.end - f.start >= 6
    )
    clean = {}
    for text, (lowered, taken) in ruled.items():
        findings = _every_occurrence(lowered, taken, known)
        clean[text] = (_replaced(text, findings), findings)
    return clean, known


# the assistant asked for a credential ("What's the vault password?", "can you paste the token")
_ASKS_FOR_SECRET = re.compile(
    # in the question itself, or in the sentence before one that points back at it ("… needs the vault password
    # (…). How do you usually provide it?"); "your credentials file says us-east-1. Is the bucket there?" asks for none
    r"\b(?:password|passphrase|passcode|pin|token|api key|secret|credentials?|key)\b(?:(?![.!?][ \t\n])[^\n]){0,150}\?"
    r"|\b(?:password|passphrase|passcode|pin|token|api key|secret|credentials?|key)\b[^\n]{0,150}?[.!?][ \t]+"
    r"[^.!?\n]{0,80}\b(?:it|them|that|this|one|yours)\b[^.!?\n]{0,40}\?"
    r"|\b(?:paste|send|share|give me|enter|type|tell me|what's|what is)\b[^.!?\n]{0,40}"
    r"\b(?:password|passphrase|passcode|pin|token|api key|secret|credentials?)\b",
    re.IGNORECASE,
)
# what an answer gives: a word of letters and digits ("it's Kerlouan-Maree-2291", "hunter2hunter")
_ANSWER_VALUE = re.compile(
    r"(?<![\w@/\\.:-])(?=[^\s]*\d)(?=[^\s]*[A-Za-z])[A-Za-z0-9!#$%^&*+=?~_.\-]{6,64}(?<![.\-])(?![\w@/\\])"
)


def answered_secrets(question: str, answer: str) -> frozenset[str]:
    """The values an answer gives when the question before it asked for a credential: the person
    answering "What's the vault password?" with "it's Kerlouan-Maree-2291" said no "password"."""
    if not _ASKS_FOR_SECRET.search(question):
        return frozenset()
    found = set()
    for match in _ANSWER_VALUE.finditer(answer[:200]):
        value = match.group(0)
        if _UUID.fullmatch(value) or re.fullmatch(r"[\d.:/-]+|[A-Za-z-]*v?\d+(?:\.\d+)+\w*", value):
            continue  # a number, a date, a time, a version ("python3.12")
        found.add(value)
    return frozenset(found)


def describe(findings: list[Finding]) -> str:
    """One line for the person: "redacted 2 secrets: github-token, password" ("" when none)."""
    if not findings:
        return ""
    kinds = list(dict.fromkeys(f.kind for f in findings))
    noun = "secret" if len(findings) == 1 else "secrets"
    return f"redacted {len(findings)} {noun}: {', '.join(kinds)}"


@dataclass(frozen=True)
class Finding:
    """A secret found at text[start:end] (offsets in the text given to `redact`)."""

    kind: str
    start: int
    end: int
