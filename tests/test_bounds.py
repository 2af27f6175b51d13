"""The bounds on what a file controls: ranged fields' errors and schema, and the docs' table."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Annotated

import pytest
from pydantic import BaseModel, ValidationError

from mands_sim.bounds import INPUT_BOUNDS, MAX_TIME_LIMIT, RANGE_ERROR, InputBound, Within
from mands_sim.policy.expressions import MAX_DEPTH, MAX_LENGTH
from mands_sim.policy.lookahead import LIMITS
from mands_sim.units import SEGMENTS_PER_MINUTE

RELIABILITY = Path(__file__).parents[1] / "docs" / "reliability.md"


class Ranged(BaseModel):
    cover: Annotated[int, Within(0, 100)] = 0
    length: Annotated[float, Within(0, 10.5, above=True)] = 1.0


def range_message(**values: object) -> str:
    with pytest.raises(ValidationError) as caught:
        Ranged.model_validate(values)
    (problem,) = caught.value.errors()
    assert problem["type"] == RANGE_ERROR
    return problem["msg"]


def test_a_whole_number_out_of_range_names_both_ends() -> None:
    assert range_message(cover=-(2**63)) == "a whole number from 0 to 100"


def test_a_range_above_its_low_end_refuses_the_low_end() -> None:
    assert range_message(length=0.0) == "a number above 0 and at most 10.5"


@pytest.mark.parametrize("value", [math.nan, math.inf, -math.inf])
def test_a_number_that_is_not_finite_is_out_of_every_range(value: float) -> None:
    assert not Within(-1e300, 1e300).holds(value)


def test_the_ends_of_a_range_are_in_it() -> None:
    assert Ranged.model_validate({"cover": 100, "length": 10.5}).cover == 100


def test_the_schema_gives_both_ends() -> None:
    schema = Ranged.model_json_schema()["properties"]
    assert (schema["cover"]["minimum"], schema["cover"]["maximum"]) == (0, 100)
    assert schema["length"]["exclusiveMinimum"] == 0


def test_the_time_limit_is_one_day_of_game_time() -> None:
    """``docs/rules/combat.md`` §1: 250 segments a minute."""
    assert MAX_TIME_LIMIT == 24 * 60 * SEGMENTS_PER_MINUTE == 360_000


@pytest.mark.parametrize("bound", INPUT_BOUNDS, ids=lambda bound: bound.what)
def test_the_reliability_page_lists_every_bound(bound: InputBound) -> None:
    assert f"\n{bound.row()}\n" in RELIABILITY.read_text(encoding="utf-8")


@pytest.mark.parametrize(("option", "most"), sorted(LIMITS.items()))
def test_the_reliability_page_lists_the_lookaheads_bounds(option: str, most: int) -> None:
    assert f"| `{option}` | 1 … {most:,} |" in RELIABILITY.read_text(encoding="utf-8")


def test_the_reliability_page_lists_the_bounds_of_conditions() -> None:
    row = (
        f"| a priority rule's `when` | {MAX_LENGTH:,} characters, {MAX_DEPTH} levels of brackets |"
    )
    assert row in RELIABILITY.read_text(encoding="utf-8")
