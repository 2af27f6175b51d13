"""Duplication (seed "Duplication"): ``mands_rulebook.powers.duplication``.

Seed: "The number of powers a character can hold at one time is the PR divided by 3, round up."
"The character can know a number of powers equal to PR." "Only 20% of Human (Organic) characters
can duplicate powers by studying a robotic/mechanical user, and only 60% of Robotic/mechanical
characters can duplicate powers by studying a human/organic user."
"""

from __future__ import annotations

import dataclasses

from mands_rulebook.kit.powers.ratings import canonical_power_name, power_specs
from mands_rulebook.powers.duplication import (
    DUPLICATION,
    cross_study_chance,
    holding_refusals,
    powers_held,
    powers_known,
)
from mands_sim.model.sheet import PowerEntry, load_sheet
from tests.data.power_plan import SCENARIOS
from tests.data.template_powers import installed_registries


def test_number_of_powers_is_the_pr_over_3_rounded_up_and_known_powers_the_pr() -> None:
    """PR 10 → 4 held, 10 known; PR 9 → 3; PR 1 → 1."""
    assert [powers_held(pr) for pr in (10, 9, 1)] == [4, 3, 1]
    assert powers_known(10) == 10


def test_studying_across_organic_and_robotic_works_for_20_and_60_percent() -> None:
    assert cross_study_chance(studier_is_robot=False, user_is_robot=True) == 20
    assert cross_study_chance(studier_is_robot=True, user_is_robot=False) == 60
    assert cross_study_chance(studier_is_robot=False, user_is_robot=False) == 100


def test_a_sheet_holding_more_than_pr_over_3_powers_is_told_so() -> None:
    """PR 10 holds 4: holding 5 is too many, 4 is not."""
    seraph = load_sheet(SCENARIOS / "characters" / "seraph.toml")
    entry = PowerEntry("Duplication", 10, None, {"holding": 5})
    sheet = dataclasses.replace(seraph, powers={"Duplication": entry})
    assert holding_refusals(sheet) == ["holds 5 powers, more than PR/3 = 4"]
    fewer = PowerEntry("Duplication", 10, None, {"holding": 4})
    assert holding_refusals(dataclasses.replace(seraph, powers={"Duplication": fewer})) == []


def test_it_is_registered_as_rules_text_with_no_action() -> None:
    registries = installed_registries()
    assert canonical_power_name(registries, "duplication") == "Duplication"
    assert registries.powers.get("Duplication").source == "rules text"
    assert DUPLICATION in power_specs(registries) and DUPLICATION.uses == ()
