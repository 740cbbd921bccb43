"""Three-way merge of a memory fragment: frontmatter key by key, body line by line.

- a key one side changed takes that change; both changed it: the side whose `updated` is
  newer wins (ties: the larger value, so the result does not depend on which side is
  "ours"); `tags` are a union (minus tags one side removed); `merged_count` adds both
  sides' increments;
- the body merges with git's line merge; when both sides rewrote the same lines, both
  versions are kept under a clear marker and the fragment gets `review: edited on two
  devices`, so `jarvis review` can show it. Never a conflict marker.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from jarvis.fragment import Fragment, parse_fragment, render_fragment
from jarvis.merge.memory import merge_lines

BOTH_MARK = "<!-- jarvis: this fragment was edited on two devices; both versions follow — keep one -->"
OTHER_MARK = "<!-- jarvis: the other device's version -->"
REVIEW_VALUE = "edited on two devices"


def _pick(key: str, old: Any, mine: Any, other: Any, mine_newer: bool) -> Any:
    if mine == other or other == old:
        return mine
    if mine == old:
        return other
    if key == "tags":
        removed = set(old or ()) - (set(mine or ()) & set(other or ()))
        return tuple(dict.fromkeys(t for t in (*(mine or ()), *(other or ())) if t not in removed))
    if key == "merged_count":
        return int(old or 0) + (int(mine or 0) - int(old or 0)) + (int(other or 0) - int(old or 0))
    return mine if mine_newer else other


def merge_fragment(base: str, ours: str, theirs: str, name: str = "fragment.md") -> str:
    """The merged fragment file text (never a conflict marker)."""
    if ours == theirs or theirs == base:
        return ours
    if ours == base:
        return theirs
    mine, other = parse_fragment(ours, name), parse_fragment(theirs, name)
    if not base.strip():
        return _added_on_both(ours, theirs, mine, other)
    old = parse_fragment(base, name)
    if mine.frontmatter_error or other.frontmatter_error:
        body, clash = merge_lines(base, ours, theirs)
        return _both(ours, theirs) if clash else body
    stamp_mine, stamp_other = (
        str(mine.updated or mine.created or ""),
        str(other.updated or other.created or ""),
    )
    mine_newer = (stamp_mine, ours) >= (stamp_other, theirs)
    values: dict[str, Any] = {}
    for item in dataclasses.fields(Fragment):
        if item.name in ("body", "extra", "original", "warnings", "frontmatter_error"):
            continue
        values[item.name] = _pick(
            item.name,
            getattr(old, item.name),
            getattr(mine, item.name),
            getattr(other, item.name),
            mine_newer,
        )
    extra: dict[str, Any] = {}
    for key in dict.fromkeys([*mine.extra, *other.extra]):
        if key in mine.extra and key in other.extra:
            extra[key] = _pick(key, old.extra.get(key), mine.extra[key], other.extra[key], mine_newer)
        elif (key in mine.extra) != (key in old.extra) or (key in other.extra) != (key in old.extra):
            # added on one side, or removed on one side: the side that changed it decides
            source = mine if (key in mine.extra) != (key in old.extra) else other
            if key in source.extra:
                extra[key] = source.extra[key]
    body, clash = merge_lines(old.body, mine.body, other.body)
    if clash:
        first, second = (mine.body, other.body) if mine_newer else (other.body, mine.body)
        body = f"{BOTH_MARK}\n\n{first.rstrip()}\n\n{OTHER_MARK}\n\n{second.rstrip()}\n"
        extra["review"] = REVIEW_VALUE
    merged = Fragment(body=body, extra=extra, original=ours, **values)
    return render_fragment(merged)


def _added_on_both(ours: str, theirs: str, mine: Fragment, other: Fragment) -> str:
    """Two devices created a fragment at the same path (the same words make the same slug).

    The same fact twice: one copy is kept — the smaller id, so the result does not depend on
    which side is "ours" — with the tags of both. Different facts: both texts are kept in
    the file, flagged for review (`jarvis sync` renames one beforehand, so this is only
    reached by a plain `git pull`).
    """
    if " ".join(mine.body.split()).casefold() == " ".join(other.body.split()).casefold():
        first, second = (mine, other) if (mine.id, ours) <= (other.id, theirs) else (other, mine)
        tags = tuple(dict.fromkeys((*first.tags, *second.tags)))
        if tags == tuple(first.tags):
            return ours if first is mine else theirs
        return render_fragment(dataclasses.replace(first, tags=tags))
    keep, add = (mine, other) if (mine.id, ours) <= (other.id, theirs) else (other, mine)
    if keep.frontmatter_error or add.frontmatter_error:
        low, high = sorted([ours, theirs])
        return _both(low, high)
    body = f"{BOTH_MARK}\n\n{keep.body.rstrip()}\n\n{OTHER_MARK} ({add.id})\n\n{add.body.rstrip()}\n"
    return render_fragment(dataclasses.replace(keep, body=body, extra={**keep.extra, "review": REVIEW_VALUE}))


def _both(ours: str, theirs: str) -> str:
    return f"{BOTH_MARK}\n\n{ours.rstrip()}\n\n{OTHER_MARK}\n\n{theirs.rstrip()}\n"
