"""The policy view (``mands_sim.policy.view``): frozen snapshots of everyone as one character
perceives them, range bands, group counts, and the actions the rules allow now."""

from __future__ import annotations

import dataclasses
import math
from fractions import Fraction

import pytest

from mands_sim.actions import Intent
from mands_sim.events import DamageTaken
from mands_sim.policy.view import (
    RangeBands,
    Senses,
    allowed,
    build_view,
    damage_dealt,
    range_band,
    refusals,
)
from mands_sim.world import Position
from tests.data.arena import arena, hurt, put
from tests.data.fighters import grunt

PISTOL = RangeBands(short_range=10.0, range_set=10.0, max_range=100.0)


@pytest.mark.parametrize(
    ("contact", "meters", "bands", "band", "sets"),
    [
        (True, 0.5, PISTOL, "contact", 0),
        (False, 10.0, PISTOL, "short", 0),
        (False, 15.0, PISTOL, "set 1", 0),  # within the first Range Set past Short Range
        (False, 20.0, PISTOL, "set 1", 1),  # a full Range Set past it: G-20 counts 1
        (False, 35.0, PISTOL, "set 3", 2),
        (False, 100.0, PISTOL, "set 9", 9),
        (False, 100.5, PISTOL, "beyond", 9),
        (False, 3.0, None, "beyond", 0),  # fists reach only contact
        (False, math.inf, PISTOL, "beyond", math.inf),
    ],
)
def test_range_bands_follow_short_range_and_range_sets(
    contact: bool, meters: float, bands: RangeBands | None, band: str, sets: float
) -> None:
    """docs/rules/combat.md §11: Short Range, then Range Sets up to Maximum Range; G-20 counts the
    full Range Sets past Short Range."""
    assert range_band(contact, meters, bands) == (band, sets)


CAST = {
    "dexter": ("heroes", "a", "dexter", None, {}),
    "seraph": ("heroes", "shed", "seraph", None, {}),
    "sinister": ("villains", "c", "sinister", None, {}),
    "grunt": ("villains", "d", grunt(), None, {}),
}


def test_the_view_sees_itself_and_everyone_else_from_its_place() -> None:
    encounter = arena(CAST)
    view = build_view(encounter, "dexter")
    assert (view.actor, view.segment, view.round) == ("dexter", 0, 1)
    assert (view.me.distance, view.me.in_contact, view.me.ally) == (0.0, True, True)
    distances = {o.character_id: o.distance for o in view.others}
    assert distances == {"grunt": 30.0, "seraph": 20.0, "sinister": 20.0}
    assert [o.character_id for o in view.enemies] == ["grunt", "sinister"]
    assert [o.character_id for o in view.allies] == ["seraph"]
    assert view.character("sinister") is view.enemies[1]
    assert view.character("nobody") is None


def test_the_view_holds_vp_dp_ep_and_their_maxima() -> None:
    encounter = arena(CAST)
    hurt(encounter, "sinister", vp=3, dp=4)
    sinister = build_view(encounter, "dexter").character("sinister")
    assert sinister is not None
    assert (sinister.virtual_damage_points, sinister.damage_points) == (3, 4)
    assert (sinister.max_virtual_damage_points, sinister.max_damage_points) == (28, 5)
    assert (sinister.endurance_points, sinister.max_endurance_points) == (32.0, 32)
    assert sinister.vitality == 7


def test_line_of_sight_comes_from_the_map() -> None:
    """The street's ``d`` cannot see the ``shed``."""
    view = build_view(arena(CAST), "grunt")
    seraph = view.character("seraph")
    assert seraph is not None and not seraph.in_sight
    assert all(o.in_sight for o in view.others if o.character_id != "seraph")


def test_group_counts_and_the_nearest_exit() -> None:
    encounter = arena(CAST)
    encounter.emit(encounter.rules.status_checks(encounter, "grunt"))  # nothing happens
    hurt(encounter, "grunt", vp=0, dp=-6)
    encounter.emit(encounter.rules.status_checks(encounter, "grunt"))
    view = build_view(encounter, "dexter")
    grunt_view = view.character("grunt")
    assert grunt_view is not None and not grunt_view.standing
    assert (view.enemy_group.count, view.enemy_group.standing, view.enemy_group.down) == (2, 1, 1)
    assert view.enemy_group.nearest == 20.0
    assert (view.ally_group.count, view.ally_group.nearest) == (1, 20.0)
    assert (view.exits, view.nearest_exit) == (1, 40.0)


def test_danger_is_the_damage_dealt_so_far_read_once() -> None:
    encounter = arena(CAST)
    encounter.emit([DamageTaken(0, "dexter", "sinister", 9, 9, 19, 5)])
    assert damage_dealt(encounter)["sinister"] == 9
    encounter.emit([DamageTaken(0, "dexter", "sinister", 4, 4, 15, 5)])
    view = build_view(encounter, "dexter")
    assert {o.character_id: o.danger for o in view.enemies} == {"grunt": 0, "sinister": 13}


def test_snapshots_are_frozen() -> None:
    view = build_view(arena(CAST), "dexter")
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.me.damage_points = 0  # type: ignore[misc]


def test_contact_and_the_band_follow_the_senses() -> None:
    """The plain senses count only the same position as contact and attack with fists; other
    senses can give a weapon's Range Bands."""
    encounter = arena(CAST)
    put(encounter, "sinister", Position("a"))
    plain = build_view(encounter, "dexter")
    assert {o.character_id: o.band for o in plain.enemies} == {
        "grunt": "beyond",
        "sinister": "contact",
    }
    armed = build_view(encounter, "dexter", Senses(reach=lambda e, a: PISTOL))
    assert {o.character_id: o.band for o in armed.enemies} == {
        "grunt": "set 2",
        "sinister": "contact",
    }


def test_distance_and_sight_follow_the_senses_when_they_measure() -> None:
    """Senses that measure and see for themselves replace the map's way and line of sight."""
    encounter = arena(CAST)
    senses = Senses(measure=lambda e, a, b: 42.0, sees=lambda e, a, b: b == "grunt")
    view = build_view(encounter, "dexter", senses)
    assert {o.character_id: o.distance for o in view.enemies} == {"grunt": 42.0, "sinister": 42.0}
    assert {o.character_id: o.in_sight for o in view.enemies} == {
        "grunt": True,
        "sinister": False,
    }
    assert view.me.distance == 0.0 and view.me.in_sight


def test_available_actions_are_those_the_rules_allow_with_their_costs() -> None:
    """In contact with Sinister only: a punch at him, not at the grunt 30 m off; a punch starts
    at EP row 5 (1 EP, docs/rules/combat.md §5); resting costs nothing."""
    encounter = arena(CAST)
    put(encounter, "sinister", Position("a"))
    view = build_view(encounter, "dexter")
    punches = [a for a in view.actions if a.intent.action == "fist-attack"]
    assert [a.intent.target for a in punches] == ["sinister"]
    assert (punches[0].ep_row, punches[0].ep_cost, punches[0].performance_time) == (
        5,
        Fraction(1),
        15,
    )
    rest = next(a for a in view.actions if a.intent.action == "rest")
    assert rest.ep_cost == 0
    assert view.can("fist-attack") and not view.can("weapon-attack")


def test_nothing_is_available_after_an_initiation_this_segment() -> None:
    """One initiation per segment (docs/rules/combat.md §3)."""
    encounter = arena(CAST)
    put(encounter, "sinister", Position("a"))
    encounter.initiate("dexter", Intent("fist-attack", target="sinister"))
    assert build_view(encounter, "dexter").actions == ()


def test_refusals_name_the_kernels_reasons() -> None:
    encounter = arena(CAST)
    assert refusals(encounter, "dexter", Intent("teleport")) == [
        "no plugin registers an action named 'teleport'"
    ]
    assert refusals(encounter, "dexter", Intent("fist-attack", target="sinister")) == [
        "sinister is out of reach"
    ]
    assert allowed(encounter, "dexter", Intent("rest"))


def test_started_is_the_action_initiated_last_in_this_segment() -> None:
    """``started``: ``""`` before anything starts; ``fist-attack`` once Dexter's punch has
    started in this segment, for him and as Sinister sees him; ``""`` again a segment later."""
    encounter = arena(CAST)
    put(encounter, "sinister", Position("a"))
    assert build_view(encounter, "dexter").me.started == ""
    encounter.initiate("dexter", Intent("fist-attack", target="sinister"))
    assert build_view(encounter, "dexter").me.started == "fist-attack"
    seen = build_view(encounter, "sinister").character("dexter")
    assert seen is not None and seen.started == "fist-attack"
    encounter.run(until=1)
    assert build_view(encounter, "dexter").me.started == ""


def test_groups_give_the_least_and_most_ep_of_those_standing() -> None:
    """Sinister at −3 EP, the grunt knocked out at 1 EP: only standing enemies count (G-232's
    readings in the rule language: ``enemies.least_ep``, ``enemies.most_ep``)."""
    encounter = arena(CAST)
    encounter.state["sinister"].endurance_points = Fraction(-3)
    encounter.state["grunt"].endurance_points = Fraction(1)
    hurt(encounter, "grunt", vp=0, dp=-6)
    encounter.emit(encounter.rules.status_checks(encounter, "grunt"))
    view = build_view(encounter, "dexter")
    assert (view.enemy_group.least_ep, view.enemy_group.most_ep) == (-3.0, -3.0)
    seraph = float(encounter.state["seraph"].endurance_points)
    assert (view.ally_group.least_ep, view.ally_group.most_ep) == (seraph, seraph)
