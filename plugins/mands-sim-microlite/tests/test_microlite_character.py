"""A Microlite character figured from its sheet (``docs/rules.md`` §1–§4, §6), and prepared by
mands-sim's own simulation through the ruleset's definition."""

from __future__ import annotations

from pathlib import Path

import pytest
from mands_microlite.character import MicroliteFigured, figure, figured
from mands_microlite.ruleset import MICROLITE
from mands_microlite.sheet import MicroliteSheet

from mands_sim.api import Character, FiguredAdjustment, MandsSimError, RuleDefaults
from mands_sim.scenario import load_scenario

DATA = Path(__file__).parent / "data"


def sheet(name: str) -> MicroliteSheet:
    scenario = load_scenario(DATA / "tavern.toml")
    found = {spec.id: spec.sheet for spec in scenario.characters}[name]
    assert isinstance(found, MicroliteSheet)
    return found


def test_brother_aldric_figures_by_the_seeds_formulas() -> None:
    """PS 18 +4, PP 15 +2, PE 14 +2, Spd 16 +3 (§1); HP 14 + 4 + 2 + 5 (§2); SDC 20 + 25 for the
    Physical Focus (§2); Advanced at 3rd level: 4 attacks, +1 combat, +1 initiative (§3)."""
    aldric = figured(sheet("aldric"))
    assert dict(aldric.bonuses) == {
        "IQ": 0,
        "ME": 1,
        "MA": -1,
        "PS": 4,
        "PP": 2,
        "PE": 2,
        "PB": 0,
        "Spd": 3,
    }
    assert (aldric.hit_points, aldric.sdc, aldric.armor_sdc) == (25, 45, 44)
    assert (aldric.attacks, aldric.combat_bonus, aldric.initiative_bonus) == (4, 3, 4)
    assert (aldric.critical_from, aldric.extra_damage_die, aldric.strength) == (20, True, None)
    assert aldric.damage_bonus == 4


def test_a_bandit_with_published_hit_points() -> None:
    """HP as published; SDC 20 + 10 for the one skill a General Focus sacrificed (§2); Basic at
    1st level: 4 attacks and nothing else (§3); no extra die."""
    bandit = figured(sheet("bandit-1"))
    assert (bandit.hit_points, bandit.sdc, bandit.armor_sdc) == (15, 30, 0)
    assert (bandit.attacks, bandit.combat_bonus, bandit.initiative_bonus) == (4, 1, 1)
    assert bandit.extra_damage_die is False


def test_the_kernel_sees_sdc_as_the_pool_taken_first_and_hp_as_life() -> None:
    aldric = figured(sheet("aldric"))
    assert (aldric.virtual_damage_points, aldric.body_damage_points) == (45, 25)
    assert aldric.endurance_points == 0


def test_figure_refuses_adjustments_and_other_sheets() -> None:
    adjustment = FiguredAdjustment("endurance_points", 2, "Endurance")
    with pytest.raises(MandsSimError, match="no adjustments"):
        figure(sheet("aldric"), defaults=RuleDefaults(), adjustments=[adjustment])
    with pytest.raises(MandsSimError, match="a Microlite sheet"):
        figure(object(), defaults=RuleDefaults())


def test_the_simulation_figures_each_character_through_the_ruleset() -> None:
    """mands-sim's own preparation: no standard chart is built for a ruleset that reads none,
    and each character is Microlite's."""
    from mands_sim.simulation import Simulation

    prepared = Simulation(load_scenario(DATA / "tavern.toml")).prepare()
    assert prepared.charts is None
    aldric = prepared.characters["aldric"]
    assert isinstance(aldric, Character)
    assert isinstance(aldric.figured, MicroliteFigured)
    assert aldric.figured.hit_points == 25
    assert MICROLITE.standard_charts is False
