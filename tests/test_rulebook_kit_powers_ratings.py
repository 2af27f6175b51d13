"""Power ratings (``docs/rules/powers.md`` §1; seed "Powers", "Absorption"; G-181):
``mands_rulebook.kit.powers.ratings`` — names and aliases, the sheet's entry, PR taken."""

from __future__ import annotations

import pytest

from mands_rulebook.kit.powers.ratings import (
    PowerTaken,
    anyone_has_power,
    canonical_power_name,
    power_rating,
    sheet_power,
    taken_powers,
    usable_power,
)
from mands_rulebook.kit.powers.uses import PowerSpec
from mands_rulebook.powers.electric_power import ELECTRIC_POWER
from mands_rulebook.powers.emotion_control import EMOTION_CONTROL
from mands_rulebook.powers.fire_coat import FIRE_COAT
from mands_sim.model.sheet import load_sheet
from mands_sim.registry import PowerEntry, Registries, Registry
from tests.data.power_plan import SCENARIOS, PlanMind, duel_simulation

ELECTRIC = "Electric Power"


def registries_of(*specs: PowerSpec) -> Registries:
    entries = (PowerEntry(s.name, f"plugin-{s.name}", s.source, s.summary, s) for s in specs)
    return Registries(powers=Registry(tuple(entries)))


def test_canonical_power_name_reads_names_and_aliases_case_and_spacing_aside() -> None:
    registries = registries_of(ELECTRIC_POWER, FIRE_COAT)
    assert canonical_power_name(registries, "ELECTRICITY") == ELECTRIC
    assert canonical_power_name(registries, "firecoat") == "Fire Coat"
    assert canonical_power_name(registries, "Gravity Control") is None


def test_two_powers_claiming_one_alias_is_an_error_naming_both() -> None:
    other = PowerSpec("Lightning", "x", "template, not rules text", (), aliases=("Electricity",))
    with pytest.raises(ValueError, match="'Electric Power' and 'Lightning'"):
        canonical_power_name(registries_of(ELECTRIC_POWER, other), "Electricity")


def test_a_latent_power_cannot_be_used() -> None:
    """Seraph's Psychic Invisibility is latent (seed: %Control is rolled on discovery)."""
    sheet = load_sheet(SCENARIOS / "characters" / "seraph.toml")
    latent = PowerSpec("Psychic Invisibility", "x", "template, not rules text", ())
    assert sheet_power(sheet, latent) is None
    assert sheet_power(sheet, ELECTRIC_POWER) is not None


# --- PR taken (seed "Absorption"; G-181) ----------------------------------------------------------


def test_power_taken_moves_pr_from_the_target_to_the_taker_until_it_runs_out() -> None:
    """A ``PowerTaken`` of 4 Fire Coat PR until segment 50: Seraph (no Fire Coat on his sheet)
    uses PR 4 under the power's name, Sun-Ruler 12 − 4 = 8; from 50 on, 0 and 12 again."""
    simulation = duel_simulation()
    simulation.minds = {"seraph": PlanMind(), "sun-ruler": PlanMind()}
    encounter = simulation.start()
    encounter.emit([PowerTaken(0, "seraph", "sun-ruler", "Fire Coat", 4, 50)])
    entry = usable_power(encounter, "seraph", FIRE_COAT)
    assert entry is not None and (entry.name, entry.power_rating) == ("Fire Coat", 4)
    assert power_rating(encounter, "sun-ruler", FIRE_COAT) == 8
    assert taken_powers(encounter, "seraph") == ("Fire Coat",)
    encounter.run(until=50)
    assert (encounter.now, usable_power(encounter, "seraph", FIRE_COAT)) == (50, None)
    assert power_rating(encounter, "sun-ruler", FIRE_COAT) == 12
    assert taken_powers(encounter, "seraph") == ()


def test_anyone_has_power_follows_pr_taken_and_given_back() -> None:
    """Nobody in the duel has Emotion Control until a ``PowerTaken`` of 4 PR until segment 50
    gives Seraph some; from 50 on nobody has it again. The answer is kept per segment and log
    length, so it follows both."""
    simulation = duel_simulation()
    simulation.minds = {"seraph": PlanMind(), "sun-ruler": PlanMind()}
    encounter = simulation.start()
    before = anyone_has_power(encounter, EMOTION_CONTROL), anyone_has_power(encounter, FIRE_COAT)
    encounter.emit([PowerTaken(0, "seraph", "sun-ruler", "Emotion Control", 4, 50)])
    taken = anyone_has_power(encounter, EMOTION_CONTROL)
    encounter.run(until=50)
    after = anyone_has_power(encounter, EMOTION_CONTROL)
    assert (before, taken, after) == ((False, True), True, False)
