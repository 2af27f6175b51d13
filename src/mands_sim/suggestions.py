"""Suggestions for a mistyped name: the closest known names, and short listings of the rest.

An error about a name a reader wrote names what would have fit. When one known name is close
(:mod:`difflib`), the message asks "did you mean …?"; otherwise it lists the known names, the
closest first, trimmed to :data:`MAX_LISTED` with "… and N more" so a long registry (70 actions,
50 powers) does not bury the problem.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from typing import Final

MAX_LISTED: Final = 8
"""The most names a listing shows before "… and N more" (a reading aid, not a rule)."""

CUTOFF: Final = 0.6
"""How alike two names must be to be suggested (difflib's ratio; its own default)."""


def closest(name: str, known: Iterable[str], n: int = 1) -> list[str]:
    """The ``n`` known names most like ``name`` (case aside), best first; may be empty."""
    by_folded = {candidate.casefold(): candidate for candidate in sorted(set(known))}
    matches = difflib.get_close_matches(name.casefold(), by_folded, n=n, cutoff=CUTOFF)
    return [by_folded[match] for match in matches]


def listing(known: Iterable[str], near: str = "", limit: int = MAX_LISTED) -> str:
    """The known names, quoted, closest to ``near`` first, at most ``limit`` of them."""
    names = sorted(set(known))
    if not names:
        return "none"
    close = closest(near, names, n=limit) if near else []
    ordered = [*close, *(name for name in names if name not in close)]
    shown = ", ".join(f'"{name}"' for name in ordered[:limit])
    rest = len(ordered) - limit
    return f"{shown} … and {rest} more" if rest > 0 else shown


def suggestion(name: str, known: Iterable[str]) -> str:
    """``did you mean "X"?`` for the closest known name, else ``one of: …`` (trimmed)."""
    names = sorted(set(known))
    close = closest(name, names)
    if close:
        return f'did you mean "{close[0]}"?'
    return f"one of: {listing(names)}"
