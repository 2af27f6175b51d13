"""The size-difference modifier (``mands_rulebook.combat_pool``; ``rules/combat.md`` §5; G-25).

Seraph is 1.791 m: Square chart row 1. A 0.7 m sprite reads .49 ≤ .7 < .81: row −1.
"""

from __future__ import annotations

from typing import Any

from mands_rulebook.combat_pool import mands_bonus_pool_modifiers

from mands_sim.actions import Intent, Modifier, QualityAllocation
from mands_sim.events import Event, RollMade
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
