"""Affects Another Ability (seed "Handicap or Weakness", Pulsar: "Every time he initiates this
power at a level which uses one or more EP per round, his strength becomes 13 minus the number
of EP being used per round. These lost points return at Pulsar's healing rate per hour";
G-270, G-287)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from mands_rulebook.weaknesses.affects_ability import mands_action_after
from mands_sim.actions import Intent, QualityAllocation
from mands_sim.events import EndurancePaid, WeaknessFired
from mands_sim.kernel.encounter import Encounter
from mands_sim.model import figured as formulas
from tests.data.fighters import fight, grunt

GRAVITY = {"Gravity Control": {"power_rating": 10, "percent_control": 100}}
CRUSH = "gravity-control-crush"


def pulsar(strength: int = 13, **weakness: Any) -> dict[str, Any]:
    """Pulsar: "Pulsar's normal strength is 13", Gravity Control, the weakness."""
    return grunt(
        abilities={**grunt()["abilities"], "strength": strength},
        powers=GRAVITY,
        weaknesses=[{"kind": "affects-ability", "power": "Gravity Control", **weakness}],
    )


class Idle:
    def choose(self, encounter: Encounter, actor: str) -> None:
        return None

    def allocate(self, *args: Any) -> QualityAllocation:
        return QualityAllocation()


def pulsar_fight(sheet: dict[str, Any], **options: Any) -> Encounter:
    minds = {"pulsar": Idle(), "foe": Idle()}
    dice = {"pulsar": [5] * 20, "foe": [5] * 20}
    encounter = fight({"pulsar": sheet, "foe": grunt()}, minds=minds, dice=dice, **options)
    encounter.run(until=0)
    return encounter


def pays(
    encounter: Encounter, ep: Fraction | int, action: str = CRUSH, reason: str = CRUSH
) -> None:
    """Log a payment of ``ep`` for ``action``, as the kernel does when it starts."""
    after = encounter.state["pulsar"].endurance_points - ep
    encounter.emit([EndurancePaid(encounter.now, "pulsar", action, reason, 9, Fraction(ep), after)])


def test_before_using_the_power_pulsar_is_as_built() -> None:
    encounter = pulsar_fight(pulsar())
    assert encounter.abilities("pulsar").strength == 13
    assert encounter.current("pulsar") is encounter.character("pulsar")


def test_crushing_at_5_ep_makes_his_strength_13_minus_5() -> None:
    """Scripted dice: the crush's Combat Roll (5, 5) is a success; Gravity Control's own EP row
    9 costs 5 EP (its Combat Roll's 1 EP is not the power's level), so Strength is 8."""
    encounter = pulsar_fight(pulsar())
    intent = Intent(CRUSH, target="foe", options={"power": "Gravity Control"})
    encounter.initiate("pulsar", intent)
    (power_ep,) = [e.amount for e in encounter.log if isinstance(e, EndurancePaid) and e.row == 9]
    assert power_ep == 5
    assert encounter.abilities("pulsar").strength == 13 - 5


def test_his_hand_damage_is_figured_from_the_lower_strength_and_his_mass_as_built() -> None:
    encounter = pulsar_fight(pulsar())
    built = encounter.character("pulsar").figured
    pays(encounter, 3)
    now = encounter.figured("pulsar")
    chart = encounter.charts.action
    assert now.hand_damage == formulas.hand_damage(built.mass, 10, chart)
    assert now.throw_roll == formulas.throw_roll(10) == built.throw_roll - 3
    assert (now.mass, now.damage_points, now.endurance_points) == (
        built.mass,
        built.damage_points,
        built.endurance_points,
    )


def test_refigured_body_changes_the_mass_too() -> None:
    """G-287 ``refigured``: Mass (and all figured from it) follow the lower Strength."""
    encounter = pulsar_fight(pulsar(), defaults={"G287_refigured_body": "refigured"})
    built = encounter.character("pulsar").figured
    pays(encounter, 3)
    assert encounter.figured("pulsar").mass < built.mass


def test_less_than_one_ep_a_round_costs_no_strength() -> None:
    """Seed: "at a level which uses one or more EP per round"."""
    encounter = pulsar_fight(pulsar())
    pays(encounter, Fraction(1, 2))
    assert encounter.abilities("pulsar").strength == 13


def test_lost_points_stay_lost_when_he_uses_less() -> None:
    """G-270 ``held``: the points "return at Pulsar's healing rate per hour"."""
    encounter = pulsar_fight(pulsar())
    pays(encounter, 4)
    pays(encounter, 2)
    assert encounter.abilities("pulsar").strength == 9


def test_the_combat_rolls_ep_and_other_powers_cost_no_strength() -> None:
    encounter = pulsar_fight(pulsar())
    pays(encounter, 3, reason="combat roll")
    pays(encounter, 5, action="electric-power-blast", reason="electric-power-blast")
    assert encounter.abilities("pulsar").strength == 13


def test_a_strength_of_47_may_lose_three_times_the_ep() -> None:
    """Seed: "If Pulsar's normal strength were 47 ... lose strength equal to two or three
    times the EP used"."""
    encounter = pulsar_fight(pulsar(47, per_ep=3))
    pays(encounter, 5)
    assert encounter.abilities("pulsar").strength == 47 - 15


def test_strength_never_falls_below_1() -> None:
    encounter = pulsar_fight(pulsar(per_ep=3))
    pays(encounter, 5)
    assert encounter.abilities("pulsar").strength == 1


def test_another_ability_may_be_named() -> None:
    encounter = pulsar_fight(pulsar(ability="Agility"))
    pays(encounter, 2)
    assert (encounter.abilities("pulsar").agility, encounter.abilities("pulsar").strength) == (
        8,
        13,
    )


def test_nothing_is_lost_when_switched_off() -> None:
    encounter = pulsar_fight(pulsar(), defaults={"G270_affects_ability": "off"})
    pays(encounter, 3)
    assert encounter.abilities("pulsar").strength == 13


def test_the_weakness_fires_once_for_each_new_low() -> None:
    encounter = pulsar_fight(pulsar())
    action: Any = None
    pays(encounter, 3)
    (first,) = mands_action_after(encounter, "pulsar", action)
    assert isinstance(first, WeaknessFired) and first.effect == "strength 13 -> 10"
    encounter.emit([first])
    assert mands_action_after(encounter, "pulsar", action) == []
    pays(encounter, 4)
    (second,) = mands_action_after(encounter, "pulsar", action)
    assert isinstance(second, WeaknessFired) and second.effect == "strength 13 -> 9"
