"""The player's choices and the named defaults of character creation (G-300, G-301, G-305)."""

from __future__ import annotations

from dataclasses import fields

import pytest

from mands_rulebook.creation.choices import CreationDefaults, Decisions, switched


def test_switched_sets_each_named_default_and_keeps_the_others() -> None:
    chosen = switched({"G300_extra_power_tries": "class"})
    assert chosen.G300_extra_power_tries == "class"
    assert chosen.G301_charismas == CreationDefaults().G301_charismas == "higher-active"
    assert switched({}) == CreationDefaults()


def test_a_switch_that_does_not_exist_or_a_value_it_does_not_take_is_refused() -> None:
    with pytest.raises(ValueError, match="no creation default 'G301_charisma'"):
        switched({"G301_charisma": "as-rolled"})
    with pytest.raises(ValueError, match="G300_first_hero_type takes one of special, class"):
        switched({"G300_first_hero_type": "robot"})


def test_every_default_names_its_g_number_and_every_choice_leads_with_the_default() -> None:
    for field in fields(CreationDefaults):
        assert field.metadata["gid"] in ("G-300", "G-301", "G-305")
        assert field.metadata["choices"][0] == field.default


def test_decisions_leave_everything_to_the_defaults_unless_made() -> None:
    nothing = Decisions()
    assert (nothing.first_type, nothing.ability_set, nothing.sex, nothing.powers) == (
        None,
        None,
        None,
        (),
    )
