"""Stored rows checked before they are read back (``mands_sim.batch.rows``): a good row passes,
each kind of damage is named in the words of its column or key."""

from __future__ import annotations

import json
from typing import Any

import pytest

from mands_sim.batch.records import CharacterRecord, RunRecord
from mands_sim.batch.rows import row_digest, row_problem
from mands_sim.batch.seeds import run_seed

SERAPH = CharacterRecord("seraph", "heroes", "active", 7, 0, 4.0, 9, 7, None, (("fist-attack", 2),))


def row(**changed: Any) -> tuple[Any, ...]:
    """Run 2 of master seed 5 as stored, with ``changed`` columns or character keys."""
    record = RunRecord(2, run_seed(5, 2), "heroes", "side out of action", 30, (SERAPH,))
    columns = dict(zip(("idx", "seed", "winner", "reason", "segments", "characters", "error",
                        "failure"), record.row(), strict=True))  # fmt: skip
    character = json.loads(columns["characters"])[0]
    for key, value in changed.items():
        if key in columns:
            columns[key] = value
        else:
            character[key] = value
    if not set(changed) & {"characters"}:
        columns["characters"] = json.dumps([character])
    return tuple(columns.values())


def test_a_row_as_mands_sim_stores_it_passes() -> None:
    assert row_problem(row(), master=5) is None


def test_an_older_row_without_the_later_keys_passes() -> None:
    character = {k: v for k, v in json.loads(row()[5])[0].items() if k not in ("wounds", "role")}
    assert row_problem(row(characters=json.dumps([character])), master=5) is None


@pytest.mark.parametrize(
    ("changed", "problem"),
    [
        ({"seed": 12345}, "its seed 12345 is not run 2's of master seed 5"),
        ({"segments": "many"}, "column segments holds 'many', not a whole number, 0 or more"),
        ({"winner": 3}, "column winner holds 3, not text or nothing"),
        ({"characters": "not json"}, "column characters is not JSON"),
        ({"characters": "{}"}, "column characters is not a list"),
        ({"characters": "[[1]]"}, "characters[0]: not a character row"),
        ({"characters": '[{"id": "seraph"}]'}, "characters[0]: lacks 'side'"),
        ({"vp_lost": "7"}, "characters[0]: 'vp_lost' holds '7', not a whole number"),
        ({"ep_spent": float("nan")}, "'ep_spent' holds nan, not a finite number"),
        ({"injured": 1}, "'injured' holds 1, not true or false"),
        ({"out_at": -4}, "'out_at' holds -4, not a whole number, 0 or more or nothing"),
        ({"actions": [["fist-attack"]]}, "'actions' holds [['fist-attack']], not a list of"),
        ({"failure": "[]"}, "column failure does not name an exception"),
        ({"failure": '{"exception": "X", "plugin": 4}'}, "column failure: 'plugin' is not text"),
    ],
)
def test_each_kind_of_damage_is_named(changed: dict[str, Any], problem: str) -> None:
    found = row_problem(row(**changed), master=5)
    assert found is not None and problem in found


def test_a_plausible_change_is_caught_by_the_digest_the_row_was_stored_with() -> None:
    """A 7 become a 6 is still a whole number: only the digest tells."""
    stored = row()
    digest = row_digest(1, stored)
    assert row_problem(stored, master=5, batch=1, digest=digest) is None
    changed = row(vp_lost=6)
    assert row_problem(changed, master=5) is None
    problem = row_problem(changed, master=5, batch=1, digest=digest)
    assert problem == "its content does not match the digest it was stored with"
    assert row_problem(stored, master=5, batch=2, digest=digest) is not None  # another batch's
