"""Psychic Invisibility (template, G-132): ``mands_rulebook.powers.psychic_invisibility``.

Seraph's latent power: "the Editor rolls 95, or Psychic Invisibility, and then rolls a PR of 9.
When Carl discovers this power, Biff will have to roll %Control and half it" (seed "Biff Turk
Creates a Sample Character"). ``ghost`` is Seraph with it discovered (PR 9, no %Control roll).
Sun-Ruler's Combat Roll is 12 with a pool of 1: "he needed 13 or less" (seed "Power Example").
``sun-immune`` and ``enemy-immune`` have Psychic Immunity 56: when the ghost fades, each rolls
d100 against it (seed "Psychic Immunity": "If there is no saving throw, the Psychic Immunity
score is the chance of ignoring the attack").
"""

from __future__ import annotations

import pytest

from mands_rulebook.kit.powers.ratings import canonical_power_name, sheet_power
from mands_rulebook.kit.powers.uses import TEMPLATE, PowerUsed
from mands_rulebook.powers.psychic_invisibility import PSYCHIC_INVISIBILITY
from mands_sim.dice import ScriptedDice
from mands_sim.events import EndurancePaid, Event, PercentRolled, RollMade
from mands_sim.kernel.contracts import ActionRefused
from mands_sim.model.sheet import load_sheet
from tests.data.power_plan import SCENARIOS, PlanMind, duel, of, use
from tests.data.template_powers import cast_fight, installed_registries

FADE = "psychic-invisibility-fade"
INVISIBLE = "Psychic Invisibility"


def faded_then_blasted(
    blast_at: int, attacker: str = "sun-ruler", immunity: tuple[int, int] = (90, 90)
) -> list[Event]:
    """The ghost fades on 0 (default spend: 4 PR to EP row 5, 5 on invisibility), Sun-Immune and
    Enemy-Immune rolling ``immunity`` against their Psychic Immunity; the attacker blasts him on
    ``blast_at`` with all 12 PR (dice 3 + 3)."""
    minds = {
        "ghost": PlanMind([(0, use(FADE, INVISIBLE))]),
        attacker: PlanMind(
            [(blast_at, use("fire-coat-blast", "Fire Coat", "ghost"))],
            spend={"fire-coat-blast": {"damage": 12}},
        ),
    }
    faces = {"sun-immune": [immunity[0]], "enemy-immune": [immunity[1]]}
    faces[attacker] = [*faces.get(attacker, []), 3, 3]
    dice = ScriptedDice(faces)
    return cast_fight(minds, dice, until=max(blast_at + 1, 51))


def test_psychic_invisibility_is_a_template_power_aliased_invisibility() -> None:
    registries = installed_registries()
    assert PSYCHIC_INVISIBILITY.source == TEMPLATE
    assert canonical_power_name(registries, "Invisibility") == INVISIBLE


def test_mands_action_refusals_latent_psychic_invisibility_cannot_be_used() -> None:
    """Seraph's sample sheet has it latent: not discovered, so not usable (the kernel refuses
    a plan that asks for it)."""
    sample = load_sheet(SCENARIOS / "characters" / "seraph.toml")
    assert sheet_power(sample, PSYCHIC_INVISIBILITY) is None
    minds = {"seraph": PlanMind([(0, use(FADE, INVISIBLE))]), "sun-ruler": PlanMind()}
    with pytest.raises(ActionRefused, match="seraph has no usable Psychic Invisibility"):
        duel(minds, ScriptedDice([]), until=1)


def test_mands_action_sustain_the_fade_is_held_at_1_ep_a_round() -> None:
    """Default spend: PR 9 → 4 on EP (row 9 → 5: 1 EP), 5 on invisibility; paid on 0 and 50."""
    events = faded_then_blasted(15)
    used = of(events, PowerUsed, "ghost")[0]
    assert dict(used.spent) == {"invisibility": 5, "ep": 4, "speed": 0}
    paid = [(e.segment, e.amount) for e in of(events, EndurancePaid, "ghost")]
    assert paid == [(0, 1), (50, 1)]


def test_mands_bonus_pool_modifiers_attackers_lose_the_invisibility_pr() -> None:
    """G-132: once the fade takes effect (segment 10), Sun-Ruler's pool is 1 − 5 = −4 (Sphere
    −4): he needs 8 or less instead of 13."""
    (roll,) = of(faded_then_blasted(15), RollMade, "sun-ruler")
    assert (roll.bonus_pool, roll.target + roll.pool_bonus) == (-4, 8)


def test_the_fade_protects_only_once_its_performance_time_has_passed() -> None:
    """Blasting on 5, before the fade's 10 segments are over: 13 or less, as in the example."""
    (roll,) = of(faded_then_blasted(5), RollMade, "sun-ruler")
    assert (roll.bonus_pool, roll.target + roll.pool_bonus) == (1, 13)


def test_psychic_immunity_is_the_chance_of_seeing_through_psychic_invisibility() -> None:
    """Seed: "the Psychic Immunity score is the chance of ignoring the attack". Sun-Immune
    (score 56) rolls 56 when the fade starts: not affected, 13 or less; rolling 57 he is, like
    anyone: 8 or less (G-132)."""
    events = faded_then_blasted(15, "sun-immune", immunity=(56, 90))
    immunity = of(events, PercentRolled, "sun-immune")
    assert [(e.segment, e.chance, e.roll, e.succeeded) for e in immunity] == [(0, 56, 56, True)]
    (roll,) = of(events, RollMade, "sun-immune")
    assert roll.target + roll.pool_bonus == 13
    (roll,) = of(faded_then_blasted(15, "sun-immune", immunity=(57, 90)), RollMade, "sun-immune")
    assert roll.target + roll.pool_bonus == 8
