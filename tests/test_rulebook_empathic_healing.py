"""Empathic Healing (seed "Empathic Healing"): ``mands_rulebook.powers.empathic_healing``.

The seed's Example: "The Chessman loses 5 DP from a gunshot wound—4 Penetrating and 1
Bludgeoning. Healer (who has 6 DP) heals Chessman. Healer has a PR of 2, so it takes 3 rounds (2
and a half) to take the wound away, using 15 EP. Chessman now no longer has the wound, but Healer
does, and is down to 1 DP. Healer heals the Penetrating Damage first (his choice), at his maximum
rate of 1 per round. It takes 4 rounds to do so (using 20 more EP). Healer decides to let the
Bludgeoning Damage heal on its own, since he's already used 35 EP."

Healer is Seraph's sheet with Body DP 6 (an override) and Empathic Healing PR 2 (no %Control
roll); the Chessman is Sun-Ruler's with Body DP 12 and no VP (overrides), so the gunshot (5 raw, 4
of them penetrating, dealt before anyone acts) comes off his DP. Bleeding is off (G-19 ``none``)
so only the Example's numbers move.
"""

from __future__ import annotations

import tomllib
from fractions import Fraction
from functools import cache
from typing import Any

import pytest

from mands_rulebook.kit.damage import Blow, strike
from mands_rulebook.powers.empathic_healing import (
    WoundMoved,
    WoundRestored,
    restoration_rate,
    rounds_needed,
    wound_size_rate,
)
from mands_sim.api import hookimpl
from mands_sim.dice import ScriptedDice
from mands_sim.events import ActionDropped, BleedingStopped, DamageTaken, EndurancePaid, Event
from mands_sim.kernel.contracts import ActionRefused
from mands_sim.kernel.encounter import Encounter
from mands_sim.scenario import parse_scenario
from mands_sim.simulation import Simulation
from tests.data.power_plan import SCENARIOS, PlanMind, of, use

POWER = "Empathic Healing"
TAKE = "empathic-healing-take-wound"
RESTORE = "empathic-healing-restore"


def test_the_examples_rates_and_rounds() -> None:
    """PR 2: 5 DP at 2 a round take 3 rounds ("2 and a half", G-125 ``example``), at the text's
    half PR 5 rounds; penetrating heals at 1 a round (4 DP: 4 rounds), bludgeoning at 2, injury
    at PR a minute (250 segments: 2/5 a round)."""
    assert rounds_needed(5, wound_size_rate(2, "example")) == 3
    assert rounds_needed(5, wound_size_rate(2, "text")) == 5
    assert restoration_rate("penetrating", 2) == 1
    assert rounds_needed(4, restoration_rate("penetrating", 2)) == 4
    assert restoration_rate("bludgeoning", 2) == 2
    assert restoration_rate("injury", 2) == Fraction(2, 5)


class Gunshot:
    """The Chessman's gunshot wound, dealt before anyone acts."""

    @hookimpl
    def mands_encounter_opening(self, encounter: Encounter) -> list[Event]:
        return strike(encounter, "chessman", Blow(raw=5, source="gunman", penetration=4))


def sheet(name: str, **overrides: int) -> dict[str, Any]:
    data = tomllib.loads((SCENARIOS / "characters" / name).read_text(encoding="utf-8"))
    data["overrides"] = overrides
    return data


def healer_sheet(**power: Any) -> dict[str, Any]:
    healer = sheet("seraph.toml", damage_points=6)
    healer["powers"][POWER] = {"power_rating": 2, **power}
    return healer


def wound_rate(reading: str | None) -> dict[str, str]:
    """G-125 as given, or the default (no switch in the scenario)."""
    return {} if reading is None else {"G125_empathic_wound_rate": reading}


@cache
def simulation(reading: str | None = None) -> Simulation:
    """The healer, a healer who takes only bludgeoning damage and a villainous one who only
    passes its own wounds on, all with the Chessman; the gunman down the street."""
    healers = [
        ("healer", healer_sheet()),
        ("bludgeoner", healer_sheet(takes="bludgeoning")),
        ("leech", healer_sheet(heals_self_only=True)),
    ]
    chessman = sheet("sun_ruler.toml", damage_points=12, virtual_damage_points=0)
    places = [{"name": "here", "x": 0.0, "y": 0.0}, {"name": "street", "x": 50.0, "y": 0.0}]
    data = {
        "format": 1,
        "name": "empathic healing",
        "rules": {"defaults": {"G19_bleeding": "none", **wound_rate(reading)}},
        "map": {"places": places, "edges": [{"between": ["here", "street"]}]},
        "sides": [
            {
                "name": "heroes",
                "characters": [
                    *({"id": who, "sheet": s, "place": "here"} for who, s in healers),
                    {"id": "chessman", "sheet": chessman, "place": "here"},
                ],
            },
            {
                "name": "villains",
                "characters": [
                    {"id": "gunman", "sheet": "characters/sun_ruler.toml", "place": "street"}
                ],
            },
        ],
        "stop": {"time_limit": 1000, "when": ["side-out-of-action"]},
    }
    return Simulation(
        parse_scenario(data, base_dir=SCENARIOS), extra_plugins={"gunshot": Gunshot()}
    )


def heal(
    plan: list[tuple[int, Any]], until: int, reading: str | None = None, healer: str = "healer"
) -> tuple[Encounter, list[Event]]:
    sim = simulation(reading)
    idle = ("healer", "bludgeoner", "leech", "chessman", "gunman")
    sim.minds = {**{who: PlanMind() for who in idle}, healer: PlanMind(plan)}
    sim.dice = ScriptedDice([])
    events: list[Event] = []
    encounter = sim.start([events.append])
    encounter.run(until=until)
    return encounter, events


def paid(events: list[Event], action: str) -> list[tuple[int, Fraction]]:
    return [
        (e.segment, e.amount) for e in of(events, EndurancePaid, "healer") if e.action == action
    ]


def test_mands_action_sustain_the_example_takes_the_wound_in_3_rounds_for_15_ep() -> None:
    """Taken on 0, in effect from 20: 2 DP on 50 and 100, the last 1 on 150 (penetrating first:
    2, 2, then the bludgeoning 1). 5 EP on 0, 50 and 100; the use ends on 150 unpaid. Healer's
    DP 6 → 4 → 2 → 1; the Chessman's 7 → 9 → 11 → 12 and his bleeding stops."""
    encounter, events = heal([(0, use(TAKE, POWER, "chessman"))], until=150, reading="example")
    moved = [(e.segment, e.damage_kind, e.points) for e in of(events, WoundMoved)]
    assert moved == [(50, "penetrating", 2), (100, "penetrating", 2), (150, "bludgeoning", 1)]
    assert paid(events, TAKE) == [(0, Fraction(5)), (50, Fraction(5)), (100, Fraction(5))]
    assert [e.damage_points_after for e in of(events, DamageTaken, "healer")] == [4, 2, 1]
    assert [e.damage_points_after for e in of(events, DamageTaken, "chessman")] == [7, 9, 11, 12]
    assert [e.reason for e in of(events, ActionDropped, "healer")] == ["wound taken"]
    assert [e.segment for e in of(events, BleedingStopped, "chessman")] == [100]
    assert encounter.state["healer"].damage_points == 1


def test_the_example_heals_the_penetrating_damage_in_4_rounds_for_20_more_ep() -> None:
    """Restoring on 150 (in effect from 170): 1 penetrating DP on 200, 250, 300 and 350, 5 EP on
    150, 200, 250 and 300: 35 EP in all; the bludgeoning 1 is left to heal on its own."""
    plan = [(0, use(TAKE, POWER, "chessman")), (150, use(RESTORE, POWER, heal="penetrating"))]
    encounter, events = heal(plan, until=350, reading="example")
    healed = [(e.segment, e.damage_kind, e.points) for e in of(events, WoundRestored)]
    assert healed == [(s, "penetrating", 1) for s in (200, 250, 300, 350)]
    assert paid(events, RESTORE) == [(s, Fraction(5)) for s in (150, 200, 250, 300)]
    assert sum(e.amount for e in of(events, EndurancePaid, "healer")) == 35
    assert encounter.state["healer"].damage_points == 5


def test_by_default_wounds_are_taken_at_half_pr_a_round() -> None:
    """Seed "Wound Size": "take wounds at the rate of half PR points per round" (G-125 ``text``,
    the default): PR 2 takes the Chessman's 5 DP at 1 DP a round, in 5 rounds, 5 EP each."""
    _, events = heal([(0, use(TAKE, POWER, "chessman"))], until=250)
    assert [e.segment for e in of(events, WoundMoved)] == [50, 100, 150, 200, 250]
    assert len(paid(events, TAKE)) == 5


def test_a_healer_who_takes_only_bludgeoning_damage_leaves_the_penetrating_wound() -> None:
    """The 20 % who cannot take penetrating damage (``takes = "bludgeoning"``): only 1 DP."""
    _, events = heal([(0, use(TAKE, POWER, "chessman"))], until=60, healer="bludgeoner")
    assert [(e.damage_kind, e.points) for e in of(events, WoundMoved)] == [("bludgeoning", 1)]


def test_a_self_only_villain_passes_its_own_wounds_on() -> None:
    """``heals_self_only``: the villain's wound goes to its target; it cannot restore, and with no
    wound of its own there is nothing to pass on."""
    encounter, _ = heal([], until=0)
    with pytest.raises(ActionRefused, match="leech has no wound"):
        encounter.initiate("leech", use(TAKE, POWER, "chessman"))
    with pytest.raises(ActionRefused, match="heals only by passing wounds on"):
        encounter.initiate("leech", use(RESTORE, POWER))


def test_mands_action_refusals_no_healing_of_oneself_or_of_what_was_not_taken() -> None:
    encounter, _ = heal([], until=0)
    with pytest.raises(ActionRefused, match="someone else"):
        encounter.initiate("healer", use(TAKE, POWER, "healer"))
    with pytest.raises(ActionRefused, match="taken no such wound"):
        encounter.initiate("healer", use(RESTORE, POWER))
    with pytest.raises(ActionRefused, match="out of reach"):
        encounter.initiate("healer", use(TAKE, POWER, "gunman"))
