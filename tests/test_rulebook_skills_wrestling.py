"""Body Hold, Body Smash and Body Throw (``mands_rulebook.skills.wrestling``).

Grunts (:mod:`tests.data.skills_fighters`): Combat Roll 11, pool 1, Hand Damage 5. A skill at
level 4 adds 2 to the pool (G-26): dice of 6 give Q 11 + 3 − 6 = 8.
"""

from __future__ import annotations

import mands_rulebook.skills.wrestling as wrestling
from mands_rulebook.kit.surprise import Surprised
from mands_rulebook.kit.throwback import ThrownBack
from mands_rulebook.skills.wrestling import mands_bonus_pool_modifiers, throw_quality
from mands_sim.actions import Intent, QualityAllocation
from mands_sim.events import ActionResolved, DamageTaken, RollMade
from mands_sim.registry import collect_registries
from mands_sim.testing import PluginManagerFactory
from tests.data.fighters import fight, grunt
from tests.data.skills_fighters import duel, of


def wrestler(skill: str, level: int = 4) -> dict[str, object]:
    return grunt(skills={skill: level})


def test_mands_bonus_pool_modifiers_body_smash_takes_3_off_the_roll() -> None:
    """Seed "Body Smash": "There is a penalty of 3 to the Action Roll" (taken off Q)."""
    encounter = fight({"a": wrestler("Body Smash"), "b": grunt()})
    found = mands_bonus_pool_modifiers(encounter, "a", Intent("body-smash", "b"), "combat")
    assert [(m.amount, m.applies_to) for m in found] == [(-3, "quality")]


def test_resolve_body_smash_adds_d6_and_half_level_penetrates() -> None:
    """Q 8 − 3 = 5; "a bonus of d6 damage": 5 + 4 = 9; "up to half level, round down, points of
    penetrating damage": level 4 → 2 of the DP (no VP left)."""
    log = duel(
        wrestler("Body Smash"),
        Intent("body-smash", target="target"),
        dice={"attacker": [3, 3, 4], "target": [1, 1]},  # the target's Throwback Roll
        defender=grunt(overrides={"virtual_damage_points": 0, "damage_points": 20}),
    )
    (roll,) = of(log, RollMade)[:1]
    (hit,) = of(log, DamageTaken)
    assert roll.quality == 5
    assert (hit.raw, hit.taken, hit.penetrating) == (9, 9, 2)


def test_a_full_body_hold_makes_up_to_level_points_penetrating() -> None:
    """Seed "Body Hold": "a Full Body Hold which replaces up to skill level points of
    bludgeoning damage with penetrating damage": level 3, 5 damage → 3 penetrating."""
    log = duel(
        wrestler("Body Hold", 3),
        Intent("body-hold", target="target", options={"full_hold": True}),
        dice={"attacker": [3, 3], "target": [1, 1]},
        defender=grunt(overrides={"virtual_damage_points": 0, "damage_points": 20}),
    )
    (hit,) = of(log, DamageTaken)
    assert (hit.taken, hit.penetrating) == (5, 3)


def test_resolve_body_throw_spends_5_q_and_throws_half_the_difference() -> None:
    """Seed "Body Throw": 5 of Q 8 go to the throw, 3 on damage (+2): 7 against the defender's
    5 → thrown 1 m, taking 2."""
    log = duel(
        wrestler("Body Throw"),
        Intent("body-throw", target="target"),
        spend=QualityAllocation(damage=3),
        dice={"attacker": [3, 3]},
    )
    (throw,) = of(log, ThrownBack)
    (hit,) = of(log, DamageTaken)
    assert (throw.meters, hit.raw) == (1.0, 2)


def test_initiate_a_body_throw_with_less_than_5_q_throws_nothing() -> None:
    """Dice 9 and 9 against 14: Q −4, no 5 Q to throw with (G-86)."""
    log = duel(
        wrestler("Body Throw"), Intent("body-throw", target="target"), dice={"attacker": [9, 9]}
    )
    assert [e.outcome for e in of(log, ActionResolved)] == ["no throw"]
    assert not of(log, DamageTaken) and not of(log, ThrownBack)


def test_a_weaker_thrower_loses_half_the_difference_as_surprise() -> None:
    """Seed: "If the defender's damage is higher, the attacker loses a number of segments equal
    to half the difference": 3 of the attacker's 5 withheld → 2 against 5 → ⌊3 ÷ 2⌋ = 1."""
    log = duel(
        wrestler("Body Throw"),
        Intent("body-throw", target="target", options={"withhold_damage": 3}),
        dice={"attacker": [3, 3]},
    )
    (surprised,) = of(log, Surprised)
    assert (surprised.character, surprised.segments) == ("attacker", 1)


def test_throw_quality_is_5_or_nothing() -> None:
    assert [throw_quality(q) for q in (0, 4, 5, 12)] == [0, 0, 5, 5]


def test_mands_register_actions_registers_the_three_wrestling_attacks(
    plugin_manager_factory: PluginManagerFactory,
) -> None:
    registries = collect_registries(plugin_manager_factory(wrestling))
    assert set(registries.actions) == {"body-hold", "body-smash", "body-throw"}


def test_mands_action_refusals_a_wrestler_needs_contact() -> None:
    """A wrestling attack needs its target in contact, as a fist does."""
    encounter = fight({"a": wrestler("Body Hold"), "b": grunt()})
    assert encounter.rules.refusals(encounter, "a", Intent("body-hold")) == [
        "body-hold needs a target"
    ]
