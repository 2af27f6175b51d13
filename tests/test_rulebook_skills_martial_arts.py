"""Martial Kick, Punch and Throw, Nerve Pinch (``mands_rulebook.skills.martial_arts``).

Grunts throughout (:mod:`tests.data.skills_fighters`): Combat Roll 11, pool 1, Hand Damage 5,
VP 28, Mass ≈ 63 kg (7 on the Square chart). A skill at level 4 adds 2 to the pool (G-26): pool
3 → +3 on the Sphere chart, so dice of 6 give Q 11 + 3 − 6 = 8.
"""

from __future__ import annotations

from fractions import Fraction

import mands_rulebook.skills.martial_arts as martial_arts
from mands_rulebook.kit.injury import DeathShot, NervePinched
from mands_rulebook.kit.surprise import Surprised
from mands_rulebook.kit.throwback import ThrownBack
from mands_sim.actions import Intent, QualityAllocation
from mands_sim.events import (
    ActionResolved,
    ActionStarted,
    AttackResolved,
    DamageTaken,
    EndurancePaid,
    RollMade,
)
from mands_sim.registry import collect_registries
from mands_sim.testing import PluginManagerFactory
from tests.data.fighters import fight, grunt
from tests.data.skills_fighters import GRUNT_VP, duel, of


def martial(skill: str, level: int = 4) -> dict[str, object]:
    return grunt(skills={"Fistfighting": 2, skill: level})


def test_initiate_martial_kick_adds_half_hand_damage() -> None:
    """Seed "Martial Kick": "Half of hand damage may be added": 5 + ⌊5 ÷ 2⌋ = 7 (Q on Attack)."""
    log = duel(
        martial("Martial Kick"),
        Intent("martial-kick", target="target"),
        spend=QualityAllocation(attack=8),
        dice={"attacker": [3, 3]},
    )
    (roll,) = of(log, RollMade)
    (hit,) = of(log, DamageTaken)
    assert (roll.target + roll.pool_bonus, roll.quality) == (14, 8)
    assert (hit.raw, hit.virtual_damage_points_after) == (7, GRUNT_VP - 7)


def test_resolve_martial_kick_focus_buys_penetration_for_ep() -> None:
    """Seed: "If the character focuses (using 1 EP per bonus), the character can gain a
    Penetration of up to half level, rounded down": level 4 → at most 2, for 2 EP."""
    log = duel(
        martial("Martial Kick"),
        Intent("martial-kick", target="target", options={"focus": 5}),
        dice={"attacker": [3, 3], "target": [1, 1]},  # the Throwback Roll, made
        defender=grunt(overrides={"virtual_damage_points": 0, "damage_points": 20}),
    )
    (hit,) = of(log, DamageTaken)
    paid = {e.reason: e.amount for e in of(log, EndurancePaid)}
    assert (hit.taken, hit.penetrating) == (7, 2)
    assert paid == {"combat roll": 1, "hand damage": 3, "focus": 2}


def test_a_weak_kicker_loses_10_minus_strength_on_the_doubling_chart() -> None:
    """Seed: "If the character has a strength of less than 10, reduce the damage rolled by
    10 − Strength, on the Doubling Chart": Strength 6 → 4 → 3 off."""
    kicker = martial("Martial Kick")
    kicker["abilities"] = {**kicker["abilities"], "strength": 6}  # type: ignore[dict-item]
    log = duel(kicker, Intent("martial-kick", target="target"), dice={"attacker": [3, 3]})
    (hit,) = of(log, DamageTaken)
    (resolved,) = of(log, AttackResolved)
    hand = 5 - 1  # Strength 6 lowers Hand Damage by a point (seed "Hand Damage")
    assert resolved.hit and hit.raw == hand + hand // 2 - 3


def test_resolve_martial_punch_is_a_death_shot_with_no_save() -> None:
    """Seed "Martial Punch": "a penalty of 5 to the Attack Score, since this must be a Death
    Shot. There is no save against it": 5 Q on Attack → Attack 0 hits Defense 0; 5 + ⌊5 ÷ 4⌋
    = 6 DP (no VP left), taken again (G-27), and no save is rolled (the target's dice are only
    its Throwback Roll's and its Injury roll's 1 and 1)."""
    log = duel(
        martial("Martial Punch"),
        Intent("martial-punch", target="target"),
        spend=QualityAllocation(attack=5),
        dice={"attacker": [3, 3], "target": [1, 1, 1, 1]},
        defender=grunt(overrides={"virtual_damage_points": 0, "damage_points": 20}),
    )
    (attack,) = of(log, AttackResolved)
    shot = of(log, DeathShot)
    purposes = [e.purpose for e in of(log, RollMade) if e.character == "target"]
    assert attack.attack == 0 and attack.hit
    assert [(s.saved, s.extra_damage_points) for s in shot] == [(False, 6)]
    assert "death shot save" not in purposes


def test_a_martial_punch_may_deal_penetrating_damage() -> None:
    """Seed: "The character can also do penetrating damage instead of bludgeoning"."""
    log = duel(
        martial("Martial Punch"),
        Intent("martial-punch", target="target", options={"penetrating": True}),
        spend=QualityAllocation(attack=5),
        dice={"attacker": [3, 3], "target": [1, 1, 1, 1]},
        defender=grunt(overrides={"virtual_damage_points": 0, "damage_points": 20}),
    )
    first = of(log, DamageTaken)[0]
    assert (first.taken, first.penetrating) == (6, 6)


def test_resolve_martial_throw_beats_the_mass_by_the_q_set_aside() -> None:
    """Seed "Martial Throw": damage against the opponent's Mass (63 kg → 7, Square chart); "each
    Quality point moves the Mass down 1": 3 Q → 4; 3 Q on damage (Doubles: +2) → 7; thrown
    7 − 4 = 3 m, taking 3."""
    log = duel(
        martial("Martial Throw"),
        Intent("martial-throw", target="target", options={"reduce_mass": 3}),
        spend=QualityAllocation(damage=3),
        dice={"attacker": [3, 3]},
    )
    (throw,) = of(log, ThrownBack)
    (hit,) = of(log, DamageTaken)
    assert (throw.character, throw.meters) == ("target", 3.0)
    assert (hit.raw, hit.source) == (3, "attacker")


def test_a_martial_throw_at_too_heavy_a_target_costs_segments_as_surprise() -> None:
    """Seed: "If the defender's mass is too high, the attacker loses a number of segments equal
    to the difference between the numbers (Sphere Chart)": 5 against 7 → 2 → 2 segments."""
    log = duel(
        martial("Martial Throw"),
        Intent("martial-throw", target="target"),
        dice={"attacker": [3, 3]},
    )
    (surprised,) = of(log, Surprised)
    assert (surprised.character, surprised.segments, surprised.until) == ("attacker", 2, 17)
    assert not of(log, DamageTaken)


def test_resolve_nerve_pinch_knocks_out_for_the_q_applied() -> None:
    """Seed "Nerve Pinch": a Called Shot to the neck (−5 Attack, G-60), PT 20; 3 Q applied
    make the save d100 ≤ Perception 10 + Agility 10 − 9 = 11; 50 fails: out for 3 rounds."""
    log = duel(
        martial("Nerve Pinch"),
        Intent("nerve-pinch", target="target"),
        spend=QualityAllocation(attack=5, damage=3),
        dice={"attacker": [3, 3], "target": [50]},
        until=20,
    )
    (started,) = [e for e in of(log, ActionStarted) if e.character == "attacker"]
    (save,) = [e for e in of(log, RollMade) if e.purpose == "nerve pinch save"]
    (pinched,) = of(log, NervePinched)
    paid = [e.amount for e in of(log, EndurancePaid)]
    assert started.completes_at == 20
    assert (save.target + save.bonus_pool, save.total) == (11, 50)
    assert (pinched.rounds, pinched.until) == (3, 20 + 3 * 50)
    assert paid == [Fraction(1)]  # the Combat Roll only: no Hand Damage
    assert not of(log, DamageTaken)


def test_mands_action_refusals_a_martial_attack_needs_the_skill() -> None:
    """G-86: level 0 (a modern character's "level 0 with ... Martial fighting styles")."""
    encounter = fight({"attacker": grunt(), "target": grunt()})
    intent = Intent("martial-kick", target="target")
    assert encounter.rules.refusals(encounter, "attacker", intent) == [
        "attacker has no Martial Kick skill (G-86)"
    ]


def test_martial_arts_gives_its_level_to_the_kick() -> None:
    """Seed "Combat Skill": "The character's effective skill level in the single skills of a
    combination skill is the character's level in the combination skill" (G-85): Martial Arts 4
    → Martial Kick 4: pool +2 (G-26)."""
    log = duel(
        grunt(skills={"Martial Arts": 4}),
        Intent("martial-kick", target="target"),
        dice={"attacker": [3, 3]},
    )
    (roll,) = of(log, RollMade)
    assert (roll.bonus_pool, roll.quality) == (3, 8)
    assert [e.outcome for e in of(log, ActionResolved)] == ["done"]


def test_mands_register_actions_registers_the_four_martial_attacks(
    plugin_manager_factory: PluginManagerFactory,
) -> None:
    registries = collect_registries(plugin_manager_factory(martial_arts))
    assert set(registries.actions) == {
        "martial-kick",
        "martial-punch",
        "martial-throw",
        "nerve-pinch",
    }
    assert registries.actions["nerve-pinch"].payload.performance_time == 20  # type: ignore[attr-defined]


def test_mands_bonus_pool_modifiers_a_martial_attack_takes_the_close_sight_modifier() -> None:
    """Seed 002 "Sight": the Close modifier of an attack in contact (Sight 20 → +1)."""
    keen = martial("Martial Kick")
    keen["attributes"] = {**keen["attributes"], "sight": 20}  # type: ignore[dict-item]
    encounter = fight({"attacker": keen, "target": grunt()})
    kick = Intent("martial-kick", target="target")
    found = martial_arts.mands_bonus_pool_modifiers(encounter, "attacker", kick, "combat")
    assert [(m.amount, m.source) for m in found] == [(1, "sight")]
