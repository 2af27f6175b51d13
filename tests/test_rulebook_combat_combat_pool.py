"""The size-difference modifier (``mands_rulebook.combat.combat_pool``; ``docs/rules/combat.md``
§5; G-25)
and the Defense penalty of poor Sight (seed 002 "Sight").

Seraph is 1.791 m: Square chart row 1. A 0.7 m sprite reads .49 ≤ .7 < .81: row −1.
"""

from __future__ import annotations

from typing import Any

from mands_rulebook.combat.combat_pool import mands_bonus_pool_modifiers, mands_encounter_opening
from mands_sim.actions import Intent, Modifier, QualityAllocation
from mands_sim.events import AttackResolved, DefenseChanged, Event, RollMade
from mands_sim.kernel.encounter import Encounter
from tests.data.fighters import fight, grunt, sample

SPRITE = grunt(name="Sprite", attributes={**grunt()["attributes"], "height": 0.7})


def pair(**defaults: Any) -> Encounter:
    return fight({"seraph": sample("seraph"), "sprite": SPRITE}, defaults=defaults)


def modifiers(encounter: Encounter, actor: str, target: str | None, purpose: str) -> list[Modifier]:
    intent = Intent("fist-attack", target=target)
    return mands_bonus_pool_modifiers(encounter, actor, intent, purpose)


def test_mands_bonus_pool_modifiers_size_difference_is_0_by_default() -> None:
    assert modifiers(pair(), "seraph", "sprite", "combat") == []


def test_mands_bonus_pool_modifiers_g25_heights_favours_hitting_the_bigger_one() -> None:
    """G-25 ``heights``: the target's row minus the attacker's: the sprite +2, Seraph −2."""
    encounter = pair(G25_size_difference="heights")
    assert [m.amount for m in modifiers(encounter, "sprite", "seraph", "combat")] == [2]
    assert modifiers(encounter, "seraph", "sprite", "combat") == [
        Modifier(-2, "size difference", "G-25")
    ]


def test_mands_bonus_pool_modifiers_size_needs_a_combat_roll_at_someone() -> None:
    encounter = pair(G25_size_difference="heights")
    assert modifiers(encounter, "seraph", None, "combat") == []
    assert modifiers(encounter, "seraph", "sprite", "move") == []


class Punches:
    def choose(self, encounter: Encounter, actor: str) -> Intent:
        return Intent("fist-attack", target="seraph")

    def allocate(
        self, encounter: Encounter, actor: str, intent: Intent, quality: int
    ) -> QualityAllocation:
        return QualityAllocation()


def sprites_pool(**defaults: Any) -> int:
    """The Bonus Pool of the sprite's first Combat Roll at Seraph."""
    encounter = fight(
        {"seraph": sample("seraph"), "sprite": SPRITE},
        defaults=defaults,
        dice={"sprite": [5, 5]},
        minds={"sprite": Punches(), "seraph": Idle()},
    )
    events: list[Event] = []
    encounter.observers.append(events.append)
    encounter.run(until=0)
    (roll,) = [e for e in events if isinstance(e, RollMade)]
    return roll.bonus_pool


class Idle:
    def choose(self, encounter: Encounter, actor: str) -> None:
        return None

    def allocate(
        self, encounter: Encounter, actor: str, intent: Intent, quality: int
    ) -> QualityAllocation:
        return QualityAllocation()


def test_the_g25_switch_in_a_scenario_changes_the_combat_roll() -> None:
    """The grunt-built sprite's pool is ⌊Learning 10/10⌋ = 1; with G-25 ``heights`` 1 + 2 = 3."""
    assert (sprites_pool(), sprites_pool(G25_size_difference="heights")) == (1, 3)


# --- poor Sight lowers Defense (seed 002 "Sight") ---------------------------------------------

MOLE = grunt(name="Mole", attributes={**grunt()["attributes"], "sight": 0})


def test_mands_encounter_opening_sight_0_starts_at_defense_minus_2() -> None:
    """Seed 002 "Sight": Sight 0 "(−2 to Defense)", Sight 1 and 2 "(−1 to Defense)"."""
    half_blind = grunt(name="Squint", attributes={**grunt()["attributes"], "sight": 2})
    encounter = fight({"seraph": sample("seraph"), "mole": MOLE, "squint": half_blind})
    assert mands_encounter_opening(encounter) == [
        DefenseChanged(0, "mole", -2, "poor sight"),
        DefenseChanged(0, "squint", -1, "poor sight"),
    ]


class Misses:
    """Seraph punches ``target`` once, at segment 0, and spends nothing (his roll will fail)."""

    def __init__(self, target: str) -> None:
        self.target = target

    def choose(self, encounter: Encounter, actor: str) -> Intent | None:
        first = actor == "seraph" and encounter.now == 0
        return Intent("fist-attack", target=self.target) if first else None

    def allocate(
        self, encounter: Encounter, actor: str, intent: Intent, quality: int
    ) -> QualityAllocation:
        return QualityAllocation()


def seraphs_punch_at(sheet: dict[str, Any]) -> bool:
    """Seraph (Combat Roll 14, pool 1: 15) rolls 9 + 8 = 17, misses by 2: Attack −1 (§5)."""
    encounter = fight(
        {"seraph": sample("seraph"), "foe": sheet},
        dice={"seraph": [9, 8]},
        minds={"seraph": Misses("foe"), "foe": Idle()},
    )
    encounter.run(until=15)
    (attack,) = [e for e in encounter.log if isinstance(e, AttackResolved)]
    assert attack.attack == -1
    return attack.hit


def test_a_blind_defender_is_hit_by_a_failed_roll() -> None:
    """Attack −1 hits the mole's Defense −2 (§6: Attack ≥ Defense), misses a seeing grunt's 0."""
    assert (seraphs_punch_at(MOLE), seraphs_punch_at(grunt())) == (True, False)


class Guards:
    """Punches Seraph once, at segment 0, spending all Q but 1 (Attack) on Defense."""

    def choose(self, encounter: Encounter, actor: str) -> Intent | None:
        return Intent("fist-attack", target="seraph") if encounter.now == 0 else None

    def allocate(
        self, encounter: Encounter, actor: str, intent: Intent, quality: int
    ) -> QualityAllocation:
        return QualityAllocation(attack=1, defense=quality - 1)


def test_new_defense_keeps_the_poor_sight_penalty() -> None:
    """The mole: Agility 10 → 20 on the Sphere chart: 11; pool ⌊Learning 10/10⌋ 1 + Close sight
    −5 = −4 → −4: needs 7; a grunt is not Special: 1 + 1 = 2, Q 5. 4 Q buy Defense +2 (§5);
    with Sight 0's −2 it is 0 when the punch lands at 15."""
    encounter = fight(
        {"seraph": sample("seraph"), "mole": MOLE},
        dice={"mole": [1, 1], "seraph": [50]},
        minds={"mole": Guards(), "seraph": Idle()},
    )
    encounter.run(until=15)
    bought = [e for e in encounter.log if isinstance(e, DefenseChanged) and e.character == "mole"]
    assert [(e.segment, e.defense, e.reason) for e in bought] == [
        (0, -2, "poor sight"),
        (15, 0, "fist-attack"),
    ]
