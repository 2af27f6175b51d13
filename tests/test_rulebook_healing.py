"""Healing (template, G-131): ``mands_rulebook.powers.healing``.

Seraph's Healing: "He gets PR 7 on 3d6, and 92 %Control" (96 % with his age; seed "Biff Turk
Creates a Sample Character"). ``healer`` is Seraph with that power only. Sun-Ruler's fire blast
with all 12 PR does "PR/2" = 6 (seed "Fire Coat"), which Seraph's Skin Temper (9/10) leaves at
6 (G-45): VP 43 → 37. The healer's stream deals the Healing %Control d100.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from mands_rulebook.kit.powers.uses import TEMPLATE, PowerUsed
from mands_rulebook.powers.healing import HEALING_POWER, heal_spend
from mands_sim.dice import ScriptedDice
from mands_sim.events import ActionStarted, EndurancePaid, Event, Healed, PercentRolled
from tests.data.power_plan import PlanMind, of, use
from tests.data.template_powers import cast_encounter, cast_fight

HEAL = "healing-heal"


def burnt_then_healed(spend: Mapping[str, Mapping[str, int]] | None = None) -> list[Event]:
    """Sun-Ruler blasts the healer on 0 (dice 3 + 3: Q 7, none spent; lands on 20: VP 37); the
    healer heals himself on 25."""
    sun = PlanMind(
        [(0, use("fire-coat-blast", "Fire Coat", "healer"))],
        spend={"fire-coat-blast": {"damage": 12}},
    )
    healer = PlanMind([(25, use(HEAL, "Healing"))], spend=spend)
    dice = ScriptedDice({"sun-ruler": [3, 3], "healer": [10]})
    return cast_fight({"healer": healer, "sun-ruler": sun}, dice, until=50)


def test_healing_is_a_template_power_with_one_action() -> None:
    assert HEALING_POWER.source == TEMPLATE
    assert [use.action.name for use in HEALING_POWER.uses] == [HEAL]


def test_resolve_healing_gives_the_pr_spent_back_as_vp() -> None:
    """G-131: 6 VP are missing when he starts on 25, so 6 of his 7 PR go on healing and 1 on
    EP (row 9 → 8: 4 EP); on 45 (Performance Time 20) the 6 VP come back: 37 → 43."""
    events = burnt_then_healed()
    (used,) = of(events, PowerUsed, "healer")
    assert dict(used.spent) == {"healing": 6, "ep": 1, "speed": 0}
    (started,) = [e for e in of(events, ActionStarted, "healer") if e.action == HEAL]
    assert started.completes_at == 45
    (healed,) = of(events, Healed, "healer")
    assert (healed.segment, healed.virtual_damage_points) == (45, 6)
    assert healed.virtual_damage_points_after == 43
    assert [e.amount for e in of(events, EndurancePaid, "healer")] == [Fraction(4)]


def test_initiate_healing_rolls_its_control_first() -> None:
    """%Control 96 (G-53): the d100 (10) is rolled when the use starts."""
    (control,) = of(burnt_then_healed(), PercentRolled, "healer")
    assert (control.segment, control.purpose, control.chance) == (25, "Healing %Control", 96)


def test_healing_never_raises_vp_above_the_maximum() -> None:
    """All 7 PR on healing (the mind's choice): still only the 6 missing come back."""
    events = burnt_then_healed({HEAL: {"healing": 7}})
    (healed,) = of(events, Healed, "healer")
    assert (healed.virtual_damage_points, healed.virtual_damage_points_after) == (6, 43)


def test_mands_action_refusals_nothing_to_heal() -> None:
    """Unhurt, the healer has no VP to get back: refused, so a policy passes it over."""
    encounter = cast_encounter(ScriptedDice([]))
    reasons = encounter.rules.refusals(encounter, "healer", use(HEAL, "Healing"))
    assert reasons == ["healer has no VP to get back"]


def test_mands_action_refusals_heals_only_its_side_and_by_touch() -> None:
    """An enemy cannot be the patient; an ally 10 m away is out of reach (a touch)."""
    encounter = cast_encounter(ScriptedDice([]))
    refusals = encounter.rules.refusals
    assert refusals(encounter, "healer", use(HEAL, "Healing", "enemy")) == [
        "healer heals only itself or its side, not enemy"
    ]
    assert refusals(encounter, "healer", use(HEAL, "Healing", "carl-there")) == [
        "carl-there is out of reach (healing is a touch)"
    ]


def test_default_spend_puts_the_pr_not_needed_on_ep_rows() -> None:
    """G-131: unhurt, all 7 PR go to EP rows (nothing to heal)."""
    encounter = cast_encounter(ScriptedDice([]))
    assert heal_spend(encounter, "healer", use(HEAL, "Healing"), 7) == {"healing": 0, "ep": 7}
