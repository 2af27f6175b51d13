"""Low Self-Control (seed "Sample Weaknesses", Armadillo: "a saving throw vs. his learning plus
his willpower minus VP/DP lost, on d100, or go berserk ... if he took 10 points damage he would
have to save vs. 48"; G-264, G-265)."""

from __future__ import annotations

from typing import Any

from mands_rulebook.weaknesses.low_self_control import (
    is_berserk,
    mands_action_after,
    mands_action_refusals,
    save_target,
)
from mands_sim.actions import Intent
from mands_sim.events import ActionResolved, DamageTaken, Event, PercentRolled, WeaknessFired
from mands_sim.hookspecs import answered_characters
from mands_sim.kernel.encounter import Encounter
from tests.data.fighters import fight, grunt

ARMADILLO = grunt(
    # Learning 10 + Willpower 48 (Newoen 12 × 4) = 58: the seed's 48 after 10 points of damage.
    abilities={**grunt()["abilities"], "newoen": 12},
    weaknesses=[{"kind": "low-self-control"}],
)


def armadillo_hit(points: int, d100: list[int], **defaults: str) -> Encounter:
    """Armadillo takes ``points`` (from VP) in the foe's action; his saves roll ``d100``."""
    encounter = fight(
        {"armadillo": ARMADILLO, "foe": grunt()}, dice={"armadillo": d100}, defaults=defaults
    )
    vp = encounter.state["armadillo"].virtual_damage_points
    dp = encounter.state["armadillo"].damage_points
    encounter.emit(
        [
            DamageTaken(0, "armadillo", "foe", points, points, vp - points, dp),
            ActionResolved(0, "foe", "fist-attack", 1, "armadillo", "hit"),
        ]
    )
    return encounter


def after(encounter: Encounter) -> list[Event]:
    events = mands_action_after(encounter, "foe", None)  # type: ignore[arg-type]
    encounter.emit(events)
    return events


def test_after_10_points_of_damage_armadillo_saves_vs_48() -> None:
    encounter = armadillo_hit(10, [48])
    assert save_target(encounter, "armadillo") == 48
    (save,) = [e for e in after(encounter) if isinstance(e, PercentRolled)]
    assert (save.chance, save.roll, save.succeeded) == (48, 48, True)
    assert not is_berserk(encounter, "armadillo")


def test_a_failed_save_sends_him_berserk() -> None:
    encounter = armadillo_hit(10, [49])
    events = after(encounter)
    assert [e.effect for e in events if isinstance(e, WeaknessFired)] == ["goes berserk"]
    assert is_berserk(encounter, "armadillo")


def test_a_berserker_attacks_and_does_not_rest() -> None:
    encounter = armadillo_hit(10, [100])
    after(encounter)
    attack = Intent("fist-attack", target="foe")
    assert mands_action_refusals(encounter, "armadillo", attack) == []
    assert mands_action_refusals(encounter, "armadillo", Intent("rest")) != []


def test_under_no_retreat_a_berserker_may_still_do_anything_but_flee_surrender_or_rest() -> None:
    encounter = armadillo_hit(10, [100], G265_berserk="no-retreat")
    after(encounter)
    assert mands_action_refusals(encounter, "armadillo", Intent("draw-weapon")) == []
    assert mands_action_refusals(encounter, "armadillo", Intent("surrender")) != []


def test_a_berserker_saves_no_more() -> None:
    encounter = armadillo_hit(10, [100])
    after(encounter)
    vp = encounter.state["armadillo"].virtual_damage_points
    dp = encounter.state["armadillo"].damage_points
    encounter.emit(
        [
            DamageTaken(1, "armadillo", "foe", 5, 5, vp - 5, dp),
            ActionResolved(1, "foe", "fist-attack", 2, "armadillo", "hit"),
        ]
    )
    assert after(encounter) == []


def test_no_save_when_switched_off() -> None:
    assert after(armadillo_hit(10, [], G264_self_control_save="off")) == []


def test_a_character_without_the_weakness_never_saves() -> None:
    plain: dict[str, Any] = grunt()
    encounter = fight({"armadillo": plain, "foe": grunt()})
    vp = encounter.state["armadillo"].virtual_damage_points
    dp = encounter.state["armadillo"].damage_points
    encounter.emit(
        [
            DamageTaken(0, "armadillo", "foe", 10, 10, vp - 10, dp),
            ActionResolved(0, "foe", "fist-attack", 1, "armadillo", "hit"),
        ]
    )
    assert after(encounter) == []


def test_only_a_character_of_low_self_control_is_asked_what_it_may_not_start() -> None:
    """``@answers_characters(has_weakness("low-self-control"))`` on the berserker's refusals
    (only such a character goes berserk); the save after an action is asked of everyone, since
    it is about whoever the action hurt."""
    encounter = fight({"armadillo": ARMADILLO, "foe": grunt()})
    test = answered_characters(mands_action_refusals)
    assert test is not None
    assert test(encounter.character("armadillo")) and not test(encounter.character("foe"))
    assert answered_characters(mands_action_after) is None
