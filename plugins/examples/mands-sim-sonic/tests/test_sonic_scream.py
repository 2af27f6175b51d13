"""Tests of the Sonic Scream example plugin, written with the ``mands_sim.testing`` fixtures.

The encounters are Seraph-like characters (the fixtures' sample character) in one place: the
screamer, ``seraph``, with Sonic Scream at PR 12 (by default 6 on the stun, 6 on damage), and
its target, ``sphinx``, not a Special character (no re-rolled 1s), so the scripted faces are
the rolls as they read.
"""

from __future__ import annotations

import mands_sim_sonic
import pytest
from mands_sim_sonic.power import half_on_stun, scream_damage

from mands_sim.api import (
    ActionDropped,
    ActionStarted,
    ConditionEnded,
    ConditionImposed,
    DamageTaken,
    Intent,
    RollMade,
)
from mands_sim.registry import collect_registries
from mands_sim.testing import (
    CharacterFactory,
    EncounterFactory,
    PlannedMind,
    PluginManagerFactory,
    Scene,
)

SCREAM = Intent("sonic-scream-blast", target="sphinx", options={"power": "Sonic Scream"})
SCREAMER = {"powers": {"Sonic Scream": {"power_rating": 12}}}
TARGET = {"special": False}


def duel(make: EncounterFactory, dice: dict[str, list[int]], *target_plan: object) -> Scene:
    return make(
        heroes={"seraph": SCREAMER},
        villains={"sphinx": TARGET},
        plugins={"sonic": mands_sim_sonic},
        minds={"seraph": PlannedMind((1, SCREAM)), "sphinx": PlannedMind(*target_plan)},
        dice=dice,
        time_limit=160,
    ).run()


@pytest.mark.hook("mands_register_powers", "mands_register_actions", "mands_register_conditions")
def test_the_power_its_action_and_its_condition_are_registered_as_third_party(
    plugin_manager_factory: PluginManagerFactory,
) -> None:
    registries = collect_registries(plugin_manager_factory(sonic=mands_sim_sonic))
    entries = (
        registries.powers["Sonic Scream"],
        registries.actions["sonic-scream-blast"],
        registries.conditions["stunned"],
    )
    assert {(entry.plugin, entry.source) for entry in entries} == {("sonic", "third party")}


def test_the_default_spend_puts_half_the_pr_on_the_stun_rounded_up() -> None:
    assert half_on_stun(None, "seraph", SCREAM, 12) == {"stun": 6, "damage": 6}  # type: ignore[arg-type]
    assert half_on_stun(None, "seraph", SCREAM, 7) == {"stun": 4, "damage": 3}  # type: ignore[arg-type]
    assert scream_damage(6) == 2


@pytest.mark.hook("mands_action_refusals", "mands_register_actions", "mands_register_conditions")
def test_a_hit_stuns_its_target_until_it_shakes_the_stun_off(
    encounter_factory: EncounterFactory,
) -> None:
    """Seraph screams on segment 1: Combat Roll 3 + 2 = 5 against 15, a hit at segment 21 for
    ⌈6 / 3⌉ = 2 damage, and Sphinx is stunned at strength 6. Sphinx wants to punch on segment
    30 but cannot: at the Payment Segment of 50 she rolls 10 + 10 = 20 against 14 − 6 = 8 and
    stays stunned; at 100 she rolls 2 + 3 = 5 and shakes it off, and punches then."""
    punch = Intent("fist-attack", target="seraph")
    faces = {"seraph": [3, 2], "sphinx": [10, 10, 2, 3, 9, 9]}
    scene = duel(encounter_factory, faces, (30, punch))

    (damage,) = scene.of(DamageTaken, "sphinx")
    (stunned,) = scene.of(ConditionImposed, "sphinx")
    tries = [(r.segment, r.total, r.quality) for r in scene.of(RollMade, "sphinx")][:2]
    (freed,) = scene.of(ConditionEnded, "sphinx")
    started = [(e.segment, e.action) for e in scene.of(ActionStarted, "sphinx")]

    assert (damage.segment, damage.raw) == (21, 2)
    assert (stunned.segment, stunned.condition, stunned.strength) == (21, "stunned", 6)
    assert tries == [(50, 20, -12), (100, 5, 3)]
    assert (freed.segment, freed.reason) == (100, "broke out")
    assert started == [(100, "fist-attack")]


def test_a_stunned_character_drops_what_it_was_doing(encounter_factory: EncounterFactory) -> None:
    """Sphinx starts a round of rest on segment 1; the scream's hit at 21 stops it."""
    scene = duel(encounter_factory, {"seraph": [3, 2], "sphinx": [2, 3]}, (1, Intent("rest")))

    assert [(e.segment, e.action, e.reason) for e in scene.of(ActionDropped, "sphinx")] == [
        (21, "rest", "stunned")
    ]


def test_a_miss_stuns_nobody(encounter_factory: EncounterFactory) -> None:
    """A Combat Roll of 10 + 10 = 20 against 15 fails: no hit, no stun, no break-out rolls."""
    scene = duel(encounter_factory, {"seraph": [10, 10], "sphinx": []})

    assert scene.of(ConditionImposed) == []
    assert scene.of(RollMade, "sphinx") == []


def test_a_screamer_gains_the_perception_bonus(
    plugin_manager_factory: PluginManagerFactory, character_factory: CharacterFactory
) -> None:
    pm = plugin_manager_factory(sonic=mands_sim_sonic)
    plain = character_factory(pm)

    screamer = character_factory(pm, powers={"Sonic Scream": {"power_rating": 12}})

    bonus = mands_sim_sonic.power.PERCEPTION_BONUS
    assert screamer.figured.perception == plain.figured.perception + bonus


@pytest.mark.parametrize("seed", range(20))
def test_every_stun_ends_in_a_break_out_or_lasts_to_the_end(
    encounter_factory: EncounterFactory, seed: int
) -> None:
    """Whatever the dice: a stunned character starts nothing until it is freed."""
    scene = encounter_factory(
        heroes={"seraph": SCREAMER},
        villains={"sphinx": TARGET},
        plugins={"sonic": mands_sim_sonic},
        policies={"seraph": "blaster", "sphinx": "brute"},
        dice=seed,
        time_limit=400,
    ).run()
    held: list[tuple[int, int | None]] = []
    for imposed in scene.of(ConditionImposed, "sphinx"):
        ends = [
            e.segment for e in scene.of(ConditionEnded, "sphinx") if e.segment >= imposed.segment
        ]
        held.append((imposed.segment, ends[0] if ends else None))
    for start in scene.of(ActionStarted, "sphinx"):
        assert not any(a < start.segment < (b or 10**6) for a, b in held), (start, held)
