"""Stored run rows checked before they are read back: a row that fails is refused, never
aggregated.

The store is a file on the user's disk: another program, a hand edit or a disk fault can leave
rows a report would silently count wrong (a seed that is not the run's, a count that is text, a
character row without its side, a 7 become a 6). Each row is stored with a digest of its content
(:func:`row_digest`), and :func:`row_problem` says what is wrong with a row of the ``runs``
table — its digest does not match, or a column or key does not hold what it should — in the
words of its columns and keys, or ``None``; the store refuses the batch with
:class:`~mands_sim.errors.StoredRunInvalid` naming the file, the run and the problem. A row an
older mands-sim stored has no digest; its columns are still checked.
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Final

from mands_sim.batch.failures import FIELDS
from mands_sim.batch.seeds import run_seed
from mands_sim.metrics import MAX_METRICS


@dataclass(frozen=True, slots=True)
class Kind:
    """What a column or key may hold: a test, and the same in words."""

    holds: Callable[[Any], bool]
    words: str

    def maybe(self) -> Kind:
        """The same, or nothing (``null``)."""
        return Kind(lambda value: value is None or self.holds(value), f"{self.words} or nothing")


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _count(value: Any) -> bool:
    return _whole(value) and value >= 0


def _number(value: Any) -> bool:
    return (_whole(value) or isinstance(value, float)) and math.isfinite(value)


def _tallies(value: Any, counts: Callable[[Any], bool] = _count) -> bool:
    """``[[name, count], …]``: actions started, weaknesses fired; each count as ``counts``
    takes it."""
    return isinstance(value, list) and all(
        isinstance(pair, list) and len(pair) == 2 and isinstance(pair[0], str) and counts(pair[1])
        for pair in value
    )


WHOLE: Final = Kind(_whole, "a whole number")
COUNT: Final = Kind(_count, "a whole number, 0 or more")
NUMBER: Final = Kind(_number, "a finite number")
TEXT: Final = Kind(lambda value: isinstance(value, str), "text")
FLAG: Final = Kind(lambda value: isinstance(value, bool), "true or false")
TALLIES: Final = Kind(_tallies, "a list of [name, count] pairs")
FEW_TALLIES: Final = Kind(
    lambda value: _tallies(value, _whole) and len(value) <= MAX_METRICS,
    f"a list of at most {MAX_METRICS} [name, whole number] pairs",
)
"""A metric's counts: whole numbers, below zero too (training an Editor's lowered roll takes
off)."""

REQUIRED: Final[Mapping[str, Kind]] = {
    "id": TEXT,
    "side": TEXT,
    "condition": TEXT,
    "vp_lost": WHOLE,
    "dp_lost": WHOLE,
    "ep_spent": NUMBER,
    "damage_dealt": WHOLE,
    "damage_taken": WHOLE,
    "out_at": COUNT.maybe(),
    "actions": TALLIES,
}
"""The keys every character row has had since record format 1, and what each holds."""

OPTIONAL: Final[Mapping[str, Kind]] = {
    "injured": FLAG,
    "role": TEXT,
    "weaknesses": TALLIES,
    "wounds": COUNT,
    "bleeding_at_end": FLAG,
    "exhausted": FLAG,
    "comebacks": COUNT,
    "editing_points_used": COUNT,  # formats 2 to 6: read, then ignored
    "training": NUMBER,
    "experience": COUNT,
    "objective_attacks": COUNT,
    "attacks": COUNT.maybe(),
    "hits": COUNT.maybe(),
    "conditions": TALLIES,
    "metrics": FEW_TALLIES,
}
"""The keys later record formats added (``mands_sim.batch.records``): absent in older rows."""


def row_digest(batch: int, row: tuple[Any, ...]) -> str:
    """The digest stored with ``row`` (index, seed, winner, reason, segments, characters, error,
    failure) of batch ``batch``: 64 bits of BLAKE2b over all of it."""
    text = json.dumps([batch, *row], separators=(",", ":"))
    return hashlib.blake2b(text.encode(), digest_size=8).hexdigest()


def row_problem(
    row: tuple[Any, ...], master: int, batch: int = 0, digest: str | None = None
) -> str | None:
    """What is wrong with ``row`` (index, seed, winner, reason, segments, characters, error,
    failure) of batch ``batch`` with master seed ``master``, stored with ``digest`` (``None``:
    a row from before digests), or ``None``."""
    if digest is not None and digest != _digest_of(batch, row):
        return "its content does not match the digest it was stored with"
    index, seed, winner, reason, segments, characters, error, failure = row
    columns: tuple[tuple[str, Any, Kind], ...] = (
        ("idx", index, COUNT),
        ("seed", seed, COUNT),
        ("winner", winner, TEXT.maybe()),
        ("reason", reason, TEXT),
        ("segments", segments, COUNT),
        ("characters", characters, TEXT),
        ("error", error, TEXT.maybe()),
        ("failure", failure, TEXT.maybe()),
    )
    for name, value, kind in columns:
        if not kind.holds(value):
            return f"column {name} holds {value!r}, not {kind.words}"
    if seed != run_seed(master, index):
        return f"its seed {seed} is not run {index}'s of master seed {master}"
    return _characters_problem(characters) or _failure_problem(failure)


def _digest_of(batch: int, row: tuple[Any, ...]) -> str | None:
    try:
        return row_digest(batch, row)
    except (TypeError, ValueError):  # a column holding what JSON cannot (bytes, NaN …)
        return None


def _characters_problem(text: str) -> str | None:
    try:
        rows = json.loads(text)
    except ValueError as error:
        return f"column characters is not JSON ({error})"
    if not isinstance(rows, list):
        return "column characters is not a list"
    for number, row in enumerate(rows):
        problem = _character_problem(row)
        if problem:
            return f"characters[{number}]: {problem}"
    return None


def _character_problem(row: Any) -> str | None:
    if not isinstance(row, dict):
        return "not a character row (a JSON object)"
    for key, kind in REQUIRED.items():
        if key not in row:
            return f"lacks '{key}'"
        if not kind.holds(row[key]):
            return f"'{key}' holds {row[key]!r}, not {kind.words}"
    for key, kind in OPTIONAL.items():
        if key in row and not kind.holds(row[key]):
            return f"'{key}' holds {row[key]!r}, not {kind.words}"
    return None


def _failure_problem(text: str | None) -> str | None:
    if text is None:
        return None
    try:
        data = json.loads(text)
    except ValueError as error:
        return f"column failure is not JSON ({error})"
    if not isinstance(data, dict) or not TEXT.holds(data.get("exception")):
        return "column failure does not name an exception"
    wrong = [key for key in FIELDS if not TEXT.maybe().holds(data.get(key))]
    return f"column failure: '{wrong[0]}' is not text" if wrong else None
