"""``scenarios/flying_blaster.toml``: Skyhawk's powers are used in the bundled scenario (issue 6).

Skyhawk (``characters/skyhawk.toml``) has Flight, Slow (PR 12) and Cosmic Rays (PR 12). In
every one of a few seeded runs he blasts the Brick from the water tower and, when the Brick comes
within 15 m, flies to the street: a straight flight follows its line through the air, not the
map's edges (G-67, G-128), so his moves show no runner's step along the map (``moving``), only
his landing (``arrived``) or, knocked out in the air, his fall (G-175). Seed "Cosmic Rays": "The
character's cosmic ray does PR damage", so each ray that hits is 12 plus the damage Q.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from mands_rulebook.kit.powers.uses import PowerUsed
from mands_sim.events import ActionResolved, DamageTaken, Event, Moved
from mands_sim.scenario import load_scenario
from mands_sim.simulation import Simulation

SCENARIO = Path(__file__).resolve().parents[1] / "scenarios" / "flying_blaster.toml"
SEEDS = range(4)
"""A few seeds; each run is short (the Brick wins most of them, ``[expect]``)."""

SKYHAWK, BRICK = "skyhawk", "brick"
RAY_PR = 12
"""Skyhawk's Cosmic Rays PR, all of it on damage by default (seed "Cosmic Rays")."""


@cache
def run(seed: int) -> tuple[Event, ...]:
    events: list[Event] = []
    Simulation(load_scenario(SCENARIO)).run(seed=seed, observers=[events.append])
    return tuple(events)


def skyhawks_moves(events: tuple[Event, ...]) -> list[Moved]:
    return [e for e in events if isinstance(e, Moved) and e.character == SKYHAWK]


def rays(events: tuple[Event, ...]) -> list[PowerUsed]:
    return [
        e
        for e in events
        if isinstance(e, PowerUsed)
        and (e.character, e.power, e.action) == (SKYHAWK, "Cosmic Rays", "cosmic-rays-ray")
    ]


def ray_hits(events: tuple[Event, ...]) -> list[DamageTaken]:
    return [
        e
        for e in events
        if isinstance(e, DamageTaken) and (e.character, e.source) == (BRICK, SKYHAWK)
    ]


@pytest.mark.parametrize("seed", SEEDS)
def test_skyhawk_blasts_with_cosmic_rays_at_their_whole_pr(seed: int) -> None:
    used = rays(run(seed))
    assert used, f"seed {seed}: no cosmic-rays-ray"
    assert all(dict(e.spent)["damage"] == RAY_PR for e in used)


@pytest.mark.parametrize("seed", SEEDS)
def test_skyhawk_never_takes_a_runners_step(seed: int) -> None:
    """From the tower the street is 100 m on foot by the alley and the ladder; he leaves the
    tower through the air when he leaves it: never a runner's step along the map."""
    moves = skyhawks_moves(run(seed))
    assert not [m for m in moves if m.reason == "moving"]


def flights_under_way(events: tuple[Event, ...]) -> list[int]:
    """Segments at which a flight of his got off the tower (its Move Roll did not stumble)."""
    return [
        e.segment
        for e in events
        if isinstance(e, ActionResolved)
        and (e.character, e.action) == (SKYHAWK, "move")
        and e.outcome != "stumbled"
    ] + [
        e.segment
        for e in events
        if isinstance(e, Moved) and e.character == SKYHAWK and e.reason in ("arrived", "fall")
    ]


def test_skyhawk_comes_down_to_the_street_through_the_air() -> None:
    """Every flight that gets off the tower ends in the street, landed or fallen (G-67,
    G-175); in the other runs the Brick reaches him on the tower first (crowding and reach,
    G-271, G-274) or the flight's start stumbles."""
    came_down = 0
    for seed in SEEDS:
        events = run(seed)
        ends = [m for m in skyhawks_moves(events) if m.reason in ("arrived", "fall")]
        if flights_under_way(events):
            assert ends and all(m.place == "street" for m in ends), f"seed {seed}"
            came_down += 1
    assert came_down


def test_skyhawks_rays_hurt_the_brick_for_pr_damage_and_more() -> None:
    """Across the seeds the rays land: each hit's raw damage is the PR 12 plus a damage Q ≥ 0."""
    hits = [hit for seed in SEEDS for hit in ray_hits(run(seed))]
    assert hits
    assert all(hit.raw >= RAY_PR for hit in hits)


def test_skyhawk_lands_in_the_street_in_some_run() -> None:
    """Not only knocked out of the air: in some run his flight ends on the ground, arrived."""
    landed = [m for seed in SEEDS for m in skyhawks_moves(run(seed)) if m.reason == "arrived"]
    assert any(m.place == "street" for m in landed)
