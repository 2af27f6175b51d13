"""Psychic Immunity (seed "Psychic Immunity", rules text): ``powers.psychic_immunity``.

Seed: "The player rolls 2d100 for the amount of Psychic Immunity. ... The Psychic Immunity score
is added to any saving throw vs. mind probing or mind attacks. Half this is added to saves vs.
mind control". Seraph "misses the roll for Psychic Immunity, with a roll of 56": he has none.
"""

from __future__ import annotations

import pytest

from mands_rulebook.kit.powers.uses import RULES_TEXT
from mands_rulebook.powers.psychic_immunity import (
    PSYCHIC_IMMUNITY,
    is_psychically_immune,
    psychic_immunity,
)
from mands_sim.errors import SheetError
from mands_sim.model.sheet import load_sheet, parse_sheet
from tests.data.power_plan import SCENARIOS
from tests.data.template_powers import installed_registries, sheet


def test_mands_register_powers_psychic_immunity_is_rules_text() -> None:
    assert PSYCHIC_IMMUNITY.source == RULES_TEXT
    assert installed_registries().powers["Psychic Immunity"].source == RULES_TEXT


def test_the_score_comes_from_the_sheet() -> None:
    immune = parse_sheet(sheet(powers={"Psychic Immunity": {"score": 120}}))
    by_pr = parse_sheet(sheet(powers={"psychic immunity": {"power_rating": 90}}))
    assert (psychic_immunity(immune), psychic_immunity(by_pr)) == (120, 90)
    assert is_psychically_immune(immune)


def test_seraph_has_no_psychic_immunity() -> None:
    seraph = load_sheet(SCENARIOS / "characters" / "seraph.toml")
    assert (psychic_immunity(seraph), is_psychically_immune(seraph)) == (0, False)


def test_a_score_that_is_not_a_whole_number_is_a_sheet_error() -> None:
    bad = parse_sheet(sheet(powers={"Psychic Immunity": {"score": 1.5}}))
    with pytest.raises(SheetError, match=r"Psychic Immunity\.score"):
        psychic_immunity(bad)
