"""The d100 seam (``mands_sim.percent_rolls``): every d100 roll of an encounter, changed by the
rules' ``mands_percent_modifiers`` in the roller's favour (seed 001 "Control Chance": "directly
to the roll, not to the bonus pool"; G-113, G-288)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from mands_sim.actions import Modifier
from mands_sim.api import hookimpl
from mands_sim.dice import ScriptedDice, SeededDice
from mands_sim.events import PercentRolled, to_record
from mands_sim.kernel.encounter import Encounter
from mands_sim.percent_rolls import (
    HIGH,
    LOW,
    changed_roll,
    character_d100,
    number_roll,
    percent_roll,
    percent_save,
    sheet_d100,
)
from mands_sim.scenario import load_scenario
from mands_sim.simulation import Simulation

SCENARIO = Path(__file__).parent.parent / "scenarios" / "seraph_vs_sphinx.toml"
PURPOSE = "test roll"


class Nudge:
    """Adds ``amounts`` to Seraph's d100 rolls for :data:`PURPOSE`, one modifier each."""

    def __init__(self, *amounts: int) -> None:
        self.amounts = amounts

    @hookimpl
    def mands_percent_modifiers(
        self, encounter: Encounter, actor: str, purpose: str
    ) -> list[Modifier] | None:
        if actor != "seraph" or purpose != PURPOSE:
            return None
        return [Modifier(amount, "nudge") for amount in self.amounts]


def encounter_with(faces: list[int], *amounts: int, **defaults: str) -> Encounter:
    """Seraph vs the Sphinx, Seraph's dice scripted, her d100 rolls nudged by ``amounts``."""
    spec = load_scenario(SCENARIO)
    spec = dataclasses.replace(spec, rule_defaults=spec.rule_defaults.with_overrides(defaults))
    simulation = Simulation(spec, extra_plugins={"nudge": Nudge(*amounts)})
    simulation.dice = ScriptedDice({"seraph": faces})
    return simulation.build()


@pytest.mark.parametrize(
    ("die", "change", "favours", "roll"),
    [(50, 24, LOW, 26), (50, 24, HIGH, 74), (50, -24, LOW, 74), (5, 24, LOW, -19)],
)
def test_a_change_moves_the_roll_in_the_rollers_favour(
    die: int, change: int, favours: str, roll: int
) -> None:
    """Lowered when low is good, raised when high is; a negative change works against; the
    roll is not held to 1..100 ("directly to the roll")."""
    assert changed_roll(die, change, favours) == roll  # type: ignore[arg-type]


def test_mands_percent_modifiers_are_summed_and_move_the_roll() -> None:
    """+30 and −6: Seraph's 60 comes in at 36 against 40 and succeeds; the die as rolled, 60,
    is kept beside the roll compared."""
    encounter = encounter_with([60], 30, -6)
    rolled = percent_roll(encounter, "seraph", PURPOSE, 40)
    assert rolled == PercentRolled(0, "seraph", PURPOSE, 40, 36, True, die=60)
    assert to_record(rolled)["die"] == 60


def test_mands_percent_modifiers_are_asked_with_the_rolls_purpose() -> None:
    """The nudge answers only its purpose: a roll for another keeps its 60 and misses 40."""
    encounter = encounter_with([60], 30)
    assert percent_roll(encounter, "seraph", "something else", 40).roll == 60


def test_without_a_change_the_roll_is_the_die() -> None:
    """Nothing changed it: no ``die`` beside the roll, and none in the log's record (the log
    of a run no rule changes a d100 in is as it was before the field existed)."""
    encounter = encounter_with([41, 40])
    rolls = [percent_roll(encounter, "seraph", PURPOSE, 40) for _ in range(2)]
    assert [(r.roll, r.succeeded, r.die) for r in rolls] == [(41, False, None), (40, True, None)]
    assert "die" not in to_record(rolls[0])


def test_a_roll_that_must_come_in_high_is_raised_by_a_favouring_change() -> None:
    """Absorption's save is d100 ≥ its number: a +10 change makes a 55 into 65."""
    encounter = encounter_with([55], 10)
    assert character_d100(encounter, "seraph", PURPOSE, favours=HIGH) == 65


def test_a_roll_on_a_substream_draws_from_that_stream() -> None:
    """``stream`` names a substream of the roller's dice (the cover rolls' own stream)."""
    simulation = Simulation(load_scenario(SCENARIO))
    simulation.dice = SeededDice(5)
    encounter = simulation.build()
    rolled = percent_roll(encounter, "seraph", PURPOSE, 40, stream=("cover",))
    assert rolled.roll == SeededDice(5, "seraph", "cover").face(100)


def test_a_d100_save_carries_its_bonus_cap_and_the_change() -> None:
    """Willpower 40, a bonus of 30 capped at 10, a change of 5: 55 − 5 = 50 ≤ 50 saves."""
    encounter = encounter_with([55], 5)
    save = percent_save(encounter, "seraph", PURPOSE, score=40, bonus=30, bonus_cap=10)
    assert (save.target, save.roll, save.succeeded, save.on_d100) == (50, 50, True, True)


def test_g288_unchanged_a_number_read_off_a_d100_is_left_as_rolled() -> None:
    encounter = encounter_with([60], 30)
    assert number_roll(encounter, "seraph", PURPOSE, favours=LOW) == 60


@pytest.mark.parametrize(
    ("die", "favours", "number"), [(60, LOW, 30), (20, LOW, 1), (90, HIGH, 100)]
)
def test_g288_favoured_a_number_moves_toward_its_rollers_side_within_1_to_100(
    die: int, favours: str, number: int
) -> None:
    encounter = encounter_with([die], 30, G288_d100_number_rolls="favoured")
    assert number_roll(encounter, "seraph", PURPOSE, favours=favours) == number  # type: ignore[arg-type]


def test_a_sheet_d100_is_the_die_as_rolled() -> None:
    """Rolled when a character is made: seed "Dice", "00" reads 100."""
    dice = ScriptedDice([100, 1])
    assert (sheet_d100(dice), sheet_d100(dice)) == (100, 1)
