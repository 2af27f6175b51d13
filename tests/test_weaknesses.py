"""Weakness kinds and the check of a sheet's ``[[weaknesses]]`` against them
(``mands_sim.weaknesses``; seed "Handicap or Weakness")."""

from __future__ import annotations

from typing import Any

import pytest

from mands_sim.errors import ScenarioProblems
from mands_sim.model.sheet import Weakness
from mands_sim.weaknesses import Parameter, WeaknessKind
from tests.data.fighters import fight, grunt

KIND = WeaknessKind(
    parameters=(
        Parameter("attacks", "names", "what it fears", required=True),
        Parameter("multiplier", "whole", "times damage", minimum=2),
    )
)


def weakness(**parameters: Any) -> Weakness:
    return Weakness("vulnerability", "vulnerability", parameters)


def test_a_weakness_with_its_parameters_has_no_problems() -> None:
    assert KIND.problems(weakness(attacks=("Electric Power",), multiplier=3)) == []


def test_a_missing_required_parameter_is_named() -> None:
    ((key, expected),) = KIND.problems(weakness(multiplier=3))
    assert key == "attacks"
    assert "required key 'attacks'" in expected


def test_an_unknown_parameter_gets_a_did_you_mean() -> None:
    ((key, expected),) = KIND.problems(weakness(attacks=("x",), multiplyer=3))
    assert key == "multiplyer"
    assert 'did you mean "multiplier"?' in expected


@pytest.mark.parametrize(
    ("value", "wanted"), [(1, "2 or more"), (2.5, "a whole number"), (True, "a whole number")]
)
def test_a_wrong_value_says_what_was_expected(value: object, wanted: str) -> None:
    ((key, expected),) = KIND.problems(weakness(attacks=("x",), multiplier=value))
    assert key == "multiplier"
    assert wanted in expected


def problems_of(*weaknesses: dict[str, Any]) -> list[tuple[str, str]]:
    with pytest.raises(ScenarioProblems) as raised:
        fight({"weak": grunt(weaknesses=list(weaknesses)), "foe": grunt()})
    return [(p.key, p.expected) for p in raised.value.problems]


def test_an_unknown_kind_is_an_error_with_a_did_you_mean() -> None:
    ((key, expected),) = problems_of({"kind": "vulnerabilty"})
    assert key == "sides[0].characters[0].sheet.weaknesses[0].kind"
    assert 'did you mean "vulnerability"?' in expected


def test_a_registered_kind_checks_its_parameters_at_load() -> None:
    ((key, expected),) = problems_of({"kind": "vulnerability", "multiplier": 3})
    assert key == "sides[0].characters[0].sheet.weaknesses[0].attacks"
    assert "missing" in expected


def test_mands_register_weaknesses_registers_each_kind_with_its_plugin() -> None:
    encounter = fight({"a": grunt(), "b": grunt()})
    registered = encounter.rules.registries.weaknesses  # type: ignore[attr-defined]
    assert {name: registered[name].plugin for name in registered} == {
        "affects-ability": "mands_rulebook.weaknesses.affects_ability",
        "focus": "mands_rulebook.weaknesses.focus",
        "limited-use": "mands_rulebook.weaknesses.limited_use",
        "low-self-control": "mands_rulebook.weaknesses.low_self_control",
        "tires-easily": "mands_rulebook.weaknesses.tires_easily",
        "vulnerability": "mands_rulebook.weaknesses.vulnerability",
    }


def test_a_word_outside_a_parameters_choices_gets_a_did_you_mean() -> None:
    ability = Parameter("ability", "text", "an ability", choices=("strength", "agility"))
    assert ability.problem(" Strength ") is None
    problem = ability.problem("strenght")
    assert problem is not None and 'did you mean "strength"?' in problem


def test_affects_ability_names_a_real_ability_at_load() -> None:
    """G-270: a misspelt ability is found when the sheet is loaded, not first in play."""
    ((key, expected),) = problems_of(
        {"kind": "affects-ability", "power": "Gravity Control", "ability": "strenght"}
    )
    assert key == "sides[0].characters[0].sheet.weaknesses[0].ability"
    assert 'did you mean "strength"?' in expected
