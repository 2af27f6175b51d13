"""Teamwork (``mands_rulebook.kit.opponents.teamwork``, through
``mands_rulebook.combat.opponents``' Bonus Pool
hook; seed "Teamwork"; G-82): combining attacks on one target, against the grunts of
``tests/data/fighters.py`` (Combat Roll 11, Combat Pool 1, Agility 10)."""

from __future__ import annotations

from typing import Any

from mands_rulebook.kit.opponents.teamwork import teamwork_level, teamwork_modifiers
from mands_sim.actions import Intent
from mands_sim.events import AttackResolved, Event, RollMade
from tests.data.fighters import grunt
from tests.data.opponents_scenes import Plays, scene


def of(events: list[Event], kind: type[Event]) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]


def teamwork(rule: str) -> list[Event]:
    """Teammates x (Teamwork 4) and y (Teamwork 5) punch t. x starts first, alone: needs 12.
    y joins while x's punch is in progress: the group's level is the lower, 4 (seed); y adds 4
    to Agility (10 → 14: twice 28 on the Sphere chart is 12, one more than 11: +1 to Q) and draws
    half the pool, 2: pool 1 + 2 = 3 → 3, needs 14; dice 7 + 7 = 14: Q 0 + 1 = 1, Attack 1 hits.
    Without Teamwork (G-82 "none"): needs 12, Q −2, Attack −1 misses."""
    events: list[Event] = []
    scene(
        {
            "team": {
                "x": grunt(skills={"Teamwork": 4}),
                "y": grunt(skills={"Teamwork": 5}),
            },
            "other": {"t": grunt()},
        },
        dice={"x": [6, 6], "y": [7, 7]},
        minds={
            "x": Plays(Intent("fist-attack", "t")),
            "y": Plays(Intent("fist-attack", "t")),
            "t": Plays(),
        },
        defaults={"G82_teamwork": rule},
        events=events,
    ).run(until=15)
    return events


def test_mands_bonus_pool_modifiers_teamwork_shares_the_pool_and_raises_agility() -> None:
    rolls = {
        e.character: (e.bonus_pool, e.target + e.pool_bonus, e.quality)
        for e in of(teamwork("shares"), RollMade)
    }
    assert rolls == {"x": (1, 12, 0), "y": (3, 14, 1)}


def test_mands_bonus_pool_modifiers_g82_none_switches_teamwork_off() -> None:
    hits = {e.character: e.hit for e in of(teamwork("none"), AttackResolved)}
    assert hits == {"x": True, "y": False}
    assert {e.character: e.hit for e in of(teamwork("shares"), AttackResolved)} == {
        "x": True,
        "y": True,
    }


def test_teamwork_needs_a_teammate_attacking_the_same_target() -> None:
    encounter = scene(
        {"team": {"x": grunt(skills={"Teamwork": 4})}, "other": {"t": grunt()}},
    )
    assert teamwork_modifiers(encounter, "x", Intent("fist-attack", "t")) == []


def test_teamwork_level_reads_the_skill_however_the_sheet_spells_it() -> None:
    """The sheet's "teamwork" is the seed's "Teamwork" (skill names match case and spacing
    aside, as every skill lookup does)."""
    encounter = scene(
        {"team": {"x": grunt(skills={"teamwork": 4})}, "other": {"t": grunt()}},
    )
    assert teamwork_level(encounter, "x") == 4
