"""The rulebook's fist fight (``docs/rules/combat.md`` §5–7, §20) through the whole kernel."""

from __future__ import annotations

from pathlib import Path

import pytest

import mands_rulebook.kit.fists as fists
from mands_rulebook.kit.injury import DeathShot as DeathShotEvent
from mands_sim.actions import ActionInProgress, Intent, Prepared, QualityAllocation, Wait
from mands_sim.dice import ScriptedDice
from mands_sim.events import (
    ActionResolved,
    ActionStarted,
    AttackResolved,
    DamageTaken,
    EndurancePaid,
    Event,
    PercentRolled,
    RollMade,
)
from mands_sim.kernel.encounter import Encounter
from mands_sim.scenario import load_scenario
from mands_sim.simulation import Simulation
from tests.data.fighters import fight, grunt

SCENARIOS = Path(__file__).parent.parent / "scenarios"


class Example:
    """Punch the other one; spend Q as the worked example says, segment by segment."""

    def __init__(self, target: str, spending: dict[int, QualityAllocation]) -> None:
        self.target = target
        self.spending = spending

    def choose(self, encounter: Encounter, actor: str) -> Intent | Wait | None:
        return Intent("fist-attack", target=self.target)

    def allocate(
        self, encounter: Encounter, actor: str, intent: Intent, quality: int
    ) -> QualityAllocation:
        return self.spending.get(encounter.now, QualityAllocation())

    def use_personal_armor(self, encounter: Encounter, actor: str, power: str) -> bool:
        """§20: Seraph takes the 7 "(he deliberately does not use his power-based Skin Temper)"."""
        return False


@pytest.fixture(scope="module")
def example() -> list[Event]:
    """Seraph vs the Sphinx, segments 0 to 18, with the example's dice.

    Seraph rolls 20 (10, 10) on segment 0 and 6 (3, 3) on 15, spending his 9 Q as 6 speed,
    1 Attack and 2 Defense; the Sphinx rolls 12 (6, 6) and then 14 (7, 7).
    """
    scenario = load_scenario(SCENARIOS / "seraph_vs_sphinx.toml")
    dice = ScriptedDice({"seraph": [10, 10, 3, 3], "sphinx": [6, 6, 7, 7]})
    minds = {
        "seraph": Example("sphinx", {15: QualityAllocation(attack=1, defense=2, speed=6)}),
        "sphinx": Example("seraph", {}),
    }
    events: list[Event] = []
    Simulation(scenario, seed=0, dice=dice, minds=minds).run(until=18, observers=[events.append])
    return events


def of(events: list[Event], kind: type[Event], segment: int | None = None) -> list[Event]:
    return [e for e in events if isinstance(e, kind) and segment in (None, e.segment)]


def test_both_opening_rolls_match_the_example(example: list[Event]) -> None:
    """Segment 0: Seraph rolls 20 against 15 (Combat Roll 14 + pool 1), missing by 5; the
    Sphinx rolls 12 against 12 (11 + 1), Q 0."""
    rolls = {
        e.character: (e.total, e.target + e.pool_bonus, e.quality) for e in of(example, RollMade, 0)
    }  # type: ignore[attr-defined]
    assert rolls == {"seraph": (20, 15, -5), "sphinx": (12, 12, 0)}


def test_both_punches_resolve_at_segment_15(example: list[Event]) -> None:
    """Fist attacks have Performance Time 15: both land (or not) on segment 15."""
    resolved = [(e.segment, e.character) for e in of(example, ActionResolved)]  # type: ignore[attr-defined]
    assert (15, "seraph") in resolved and (15, "sphinx") in resolved


def test_seraphs_miss_and_the_sphinxs_hit(example: list[Event]) -> None:
    """Seraph's Attack −2 misses Defense 0; the Sphinx's Attack 0 hits Defense 0 (ties hit)."""
    attacks = {e.character: (e.attack, e.defense, e.hit) for e in of(example, AttackResolved, 15)}  # type: ignore[attr-defined]
    assert attacks == {"seraph": (-2, 0, False), "sphinx": (0, 0, True)}


def test_seven_damage_takes_seraphs_vp_from_43_to_36(example: list[Event]) -> None:
    """The Sphinx's Hand Damage 7 lands on Seraph's VP: 43 → 36 (G-44 rounds 6.3 up)."""
    (hit,) = of(example, DamageTaken)
    assert (hit.character, hit.raw, hit.virtual_damage_points_after) == ("seraph", 7, 36)  # type: ignore[attr-defined]


def test_six_speed_q_halves_seraphs_second_punch_twice(example: list[Event]) -> None:
    """Seraph's 6 Q of speed halve 15 twice: 3.75 → 4 segments, landing on 19 (G-28)."""
    second = [e for e in of(example, ActionStarted, 15) if e.character == "seraph"]  # type: ignore[attr-defined]
    assert [(e.performance_time, e.completes_at) for e in second] == [(4, 19)]  # type: ignore[attr-defined]
    sphinx = [e for e in of(example, ActionStarted, 15) if e.character == "sphinx"]  # type: ignore[attr-defined]
    assert [e.completes_at for e in sphinx] == [30]  # type: ignore[attr-defined]


def test_each_punch_costs_one_plus_three_ep(example: list[Event]) -> None:
    """Combat Roll (row 5) 1 EP + Hand Damage (row 7) 3 EP, paid whether or not it lands."""
    paid = [(e.segment, e.character, e.amount) for e in of(example, EndurancePaid)]  # type: ignore[attr-defined]
    for segment in (0, 15):
        for who in ("seraph", "sphinx"):
            assert sorted(a for s, c, a in paid if (s, c) == (segment, who)) == [1, 3]


# --- Quality kept for other rules, called shots, Aiming at Armor ------------------------------


class Spends:
    """Punches ``victim`` with ``options``; spends all the Q it is offered on Attack."""

    def __init__(self, options: dict[str, object] | None = None) -> None:
        self.options = options or {}
        self.offered: list[int] = []

    def choose(self, encounter: Encounter, actor: str) -> Intent | Wait | None:
        return Intent("fist-attack", target="victim", options=self.options)

    def allocate(
        self, encounter: Encounter, actor: str, intent: Intent, quality: int
    ) -> QualityAllocation:
        self.offered.append(quality)
        return QualityAllocation(attack=quality)


class Idle(Spends):
    def choose(self, encounter: Encounter, actor: str) -> Intent | Wait | None:
        return None


def initiate(
    faces: list[int], options: dict[str, object] | None = None, **defaults: object
) -> tuple[dict[str, object], list[int]]:
    """The grunt's punch (Combat Roll 11 + pool 1 = 12, a Normal character): what it prepares
    and the Q its mind was offered."""
    mind = Spends(options)
    encounter = fight(
        {"grunt": grunt(), "victim": grunt()}, dice={"grunt": faces}, defaults=defaults
    )
    intent = mind.choose(encounter, "grunt")
    assert isinstance(intent, Intent)
    encounter.minds["grunt"] = mind
    initiation = fists.initiate(encounter, "grunt", intent, fists.FIST_ATTACK)
    assert initiation is not None
    return dict(initiation.prepared), mind.offered


def test_initiate_keeps_the_combat_roll_quality_for_other_rules() -> None:
    """(3, 3) against 12 is Q 6, (10, 10) Q −8: both kept as ``prepared["quality"]``."""
    assert initiate([3, 3])[0]["quality"] == 6
    assert initiate([10, 10])[0]["quality"] == -8


def test_initiate_a_called_shot_to_the_head_costs_5_attack() -> None:
    """G-60: Q 6 all on Attack, less the Death Shot's 5 (seed "Martial Punch") = 1."""
    prepared, _ = initiate([3, 3], {"called_shot": "head"})
    assert (prepared["attack"], prepared["location"]) == (1, "head")


def test_initiate_g60_switch_sets_the_called_shot_penalty() -> None:
    prepared, _ = initiate([3, 3], {"called_shot": "legs"}, G60_called_shot_penalty=2)
    assert prepared["attack"] == 4


def test_initiate_refuses_a_called_shot_to_no_location() -> None:
    with pytest.raises(ValueError, match="called_shot"):
        initiate([3, 3], {"called_shot": "tail"})


def test_initiate_aiming_at_armor_is_capped_by_the_fistfighting_level() -> None:
    """Seed "Combat Skill": a penalty "up to the attacker's skill level": 5 Q asked, Fistfighting
    2 allows 2; the mind spends the other 4 of the 6."""
    prepared, offered = initiate([3, 3], {"aim_at_armor": 5})
    assert (prepared["aim_at_armor"], offered) == (2, [4])


def test_initiate_a_failed_roll_aims_at_nothing() -> None:
    prepared, offered = initiate([10, 10], {"aim_at_armor": 2})
    assert (prepared["aim_at_armor"], offered) == (0, [])


def test_resolve_the_blow_lands_where_called_through_aimed_armor() -> None:
    """Q 6: 1 aimed at the victim's plate, 5 on Attack, less 5 for the head: Attack 0 hits
    Defense 0 at the head; the plate's 85 % is 80: d100 81 misses, and Hand Damage 5 lands at
    Skin Temper 1."""
    knight = grunt(equipment=["Plate Armor"])
    mind = Spends({"called_shot": "head", "aim_at_armor": 1})
    dice = ScriptedDice({"grunt": [3, 3, 3, 3], "victim": [81]})
    encounter = fight(
        {"grunt": grunt(), "victim": knight}, dice=dice, minds={"grunt": mind, "victim": Idle()}
    )
    events: list[Event] = []
    encounter.observers.append(events.append)
    encounter.run(until=15)
    (cover,) = [e for e in events if isinstance(e, PercentRolled)]
    (hit,) = of(events, DamageTaken)
    assert (cover.chance, cover.succeeded) == (80, False)
    assert (hit.location, hit.taken) == ("head", 5)  # type: ignore[attr-defined]


def test_initiate_a_death_shot_costs_5_attack() -> None:
    """Seed "Martial Punch": a Death Shot has "a penalty of 5 to the Attack Score": Q 6 all on
    Attack → 1."""
    prepared, _ = initiate([3, 3], {"death_shot": True})
    assert (prepared["attack"], prepared["death_shot"]) == (1, True)


@pytest.mark.parametrize(("save", "saved", "extra"), [([2, 2], True, 0), ([10, 10], False, 3)])
def test_resolve_a_death_shot_that_takes_dp_forces_a_save(
    save: list[int], saved: bool, extra: int
) -> None:
    """G-27: Hand Damage 5 against a victim with 2 VP left takes 3 DP; the victim saves on 2d10
    against Constitution (Sphere) + Resist Death; a failure takes those 3 DP again."""
    mind = Spends({"death_shot": True})
    dice = ScriptedDice({"grunt": [1, 1, 3, 3], "victim": [*save, 1, 1, 1, 1, 1, 1]})
    victim = grunt(overrides={"virtual_damage_points": 2})
    encounter = fight(
        {"grunt": grunt(), "victim": victim}, dice=dice, minds={"grunt": mind, "victim": Idle()}
    )
    events: list[Event] = []
    encounter.observers.append(events.append)
    encounter.run(until=15)
    (shot,) = [e for e in events if isinstance(e, DeathShotEvent)]
    assert (shot.saved, shot.extra_damage_points) == (saved, extra)


def test_a_blows_damage_is_never_below_0_g295() -> None:
    """G-295: Hand Damage less what is withheld plus the damage change, floored at 0: a grunt's
    blow with a change of −100 does 0, not a negative amount that would heal."""
    encounter = fight({"grunt": grunt(), "victim": grunt()}, dice={})
    hand = int(encounter.figured("grunt").hand_damage)

    def damage(change: int, withheld: int = 0) -> int:
        prepared = Prepared({"withheld": withheld, "damage": change})
        punch = ActionInProgress(
            1, fists.FIST_ATTACK, Intent("fist-attack", "victim"), 0, 15, prepared
        )
        return fists.blow_damage(encounter, "grunt", punch)

    assert damage(2) == hand + 2
    assert damage(-100) == 0
    assert damage(0, withheld=hand) == 0
