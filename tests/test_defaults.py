"""Named defaults (``mands_sim.defaults``): a class of them is read with the switches in force,
and a scenario's switches are checked against the classes the plugins register."""

from __future__ import annotations

import pickle
from dataclasses import dataclass
from typing import Literal

import pytest

from mands_sim.defaults import (
    CoreDefaults,
    RuleDefaults,
    defaults_problems,
    defaults_summary,
    rule_default,
    switches_of,
)


@dataclass(frozen=True, slots=True)
class RingDefaults:
    G901_ring_size: Literal[6, 8] = rule_default("G-901", "Ring size.", 6, (6, 8))
    G902_spread: float = rule_default("G-902", "Spread.", 2.0, (0.0, 2.0))
    G903_flag: bool = rule_default("G-903", "A flag.", False, (False, True))


def test_a_class_reads_as_standard_until_a_switch_names_one_of_its_defaults() -> None:
    switched = RuleDefaults().with_overrides({"G901_ring_size": 8})
    assert RuleDefaults().of(RingDefaults) == RingDefaults()
    assert switched.of(RingDefaults).G901_ring_size == 8
    assert switched.of(CoreDefaults) == CoreDefaults()  # other classes are untouched


@pytest.mark.parametrize(
    ("name", "given", "read"),
    [("G901_ring_size", 8.0, 8), ("G902_spread", 2, 2.0), ("G903_flag", True, True)],
)
def test_equal_numbers_stand_for_each_other(name: str, given: object, read: object) -> None:
    value = getattr(RuleDefaults({name: given}).of(RingDefaults), name)
    assert (value, type(value)) == (read, type(read))


@pytest.mark.parametrize(("name", "given"), [("G903_flag", 1), ("G901_ring_size", True)])
def test_a_boolean_is_not_a_number_nor_a_number_a_boolean(name: str, given: object) -> None:
    assert defaults_problems(RuleDefaults({name: given}), [RingDefaults]) != []
    with pytest.raises(ValueError, match=f"'{name}' must be one of"):
        RuleDefaults({name: given}).of(RingDefaults)


def test_unknown_names_and_values_are_problems_at_their_names() -> None:
    defaults = RuleDefaults({"G901_ring_sise": 8, "G902_spread": 5.0})
    assert defaults_problems(defaults, [CoreDefaults, RingDefaults]) == [
        (
            "G901_ring_sise",
            "expected a named default the loaded plugins declare (did you mean "
            "'G901_ring_size'?), not 'G901_ring_sise'",
        ),
        ("G902_spread", "expected one of 0.0, 2.0, not 5.0"),
    ]


def test_a_switch_of_a_plugin_left_out_is_named_as_such() -> None:
    problems = defaults_problems(
        RuleDefaults({"G901_ring_size": 8}), [CoreDefaults], {"G901_ring_size": "rings"}
    )
    assert problems == [
        (
            "G901_ring_size",
            "expected a default of a loaded plugin: rings, which declares 'G901_ring_size', "
            "is left out",
        )
    ]


def test_the_switches_are_read_only_and_survive_pickling() -> None:
    given = {"G901_ring_size": 8}
    defaults = RuleDefaults(given)
    given["G901_ring_size"] = 6  # the caller's dict is not the defaults'
    again = pickle.loads(pickle.dumps(defaults))
    assert again == defaults and hash(again) == hash(defaults)
    assert again.of(RingDefaults).G901_ring_size == 8
    with pytest.raises(TypeError):
        again.overrides["G901_ring_size"] = 6  # type: ignore[index]


def test_values_in_messages_are_written_as_toml_writes_them() -> None:
    problems = defaults_problems(RuleDefaults({"G903_flag": "yes"}), [RingDefaults])
    assert problems == [("G903_flag", 'expected one of false, true, not "yes"')]


def test_the_switches_of_several_classes_are_listed_by_name_in_declaration_order() -> None:
    switches = switches_of([RingDefaults, CoreDefaults])
    assert list(switches)[:3] == ["G901_ring_size", "G902_spread", "G903_flag"]
    assert switches["G902_spread"].choices == (0.0, 2.0)
    assert "G28_performance_time_rounding" in switches


def test_a_summary_lists_the_switches() -> None:
    assert defaults_summary(RingDefaults) == "switches G901_ring_size, G902_spread, G903_flag"
