"""How the simple policies play objectives (``mands_rulebook.policies.objective_play``, G-237)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from mands_rulebook.policies.objective_play import (
    guard_order,
    objective_explanation,
    performing_targets,
    ward_threats,
)
from mands_sim.actions import Intent
from mands_sim.events import ActionDropped, ActionStarted, DecisionExplained, Event
from mands_sim.scenario import ScenarioSpec, load_scenario, parse_scenario
from mands_sim.simulation import Simulation
from tests.data.arena import ROOT, VAULT_OBJECTIVE, VAULT_WORK, Entry, scenario_data
from tests.data.fighters import grunt

SCENARIOS = Path(__file__).parent.parent / "scenarios"
BANK_JOB = load_scenario(SCENARIOS / "bank_job.toml")
HEROES = ("seraph", "officer-1", "officer-2", "officer-3")
RUNS = 24
OPENING = 60
"""Segments of each run watched: the vault lock takes 50 an attempt."""


def runs_on_the_safecracker(spec: ScenarioSpec) -> int:
    """Of :data:`RUNS` seeded runs, how many see a hero start an action at the safecracker in
    the opening segments."""
    simulation = Simulation(spec)
    hit = 0
    for seed in range(RUNS):
        events: list[Event] = []
        simulation.run(seed=seed, until=OPENING, observers=[events.append])
        hit += any(
            isinstance(e, ActionStarted) and e.character in HEROES and e.target == "safecracker"
            for e in events
        )
    return hit


def test_the_heroes_go_after_the_safecracker_whose_success_ends_the_fight() -> None:
    with_objective = runs_on_the_safecracker(BANK_JOB)
    without = runs_on_the_safecracker(
        dataclasses.replace(BANK_JOB, stop=dataclasses.replace(BANK_JOB.stop, objectives=()))
    )
    assert with_objective >= RUNS // 2
    assert without < with_objective


def test_policies_ignoring_objectives_leave_the_safecracker_be() -> None:
    ignore = BANK_JOB.rule_defaults.with_overrides({"G237_objective_play": "ignore"})
    ignored = runs_on_the_safecracker(dataclasses.replace(BANK_JOB, rule_defaults=ignore))
    assert ignored < runs_on_the_safecracker(BANK_JOB)


def test_the_safecracker_at_the_lock_is_the_heroes_target_and_the_crews_ward() -> None:
    encounter = Simulation(BANK_JOB).start(seed=1)
    encounter.run(until=1)
    assert performing_targets(encounter, "seraph") == ["safecracker"]
    assert performing_targets(encounter, "gunman-1") == []


def test_an_officer_aiming_at_the_safecracker_is_a_threat_the_gunmen_shoot_first() -> None:
    encounter = Simulation(BANK_JOB).start(seed=1)
    encounter.run(until=12)
    aiming = [
        s.character_id
        for s in encounter.state
        if any(a.intent.target == "safecracker" for a in s.actions)
    ]
    assert aiming and set(aiming) <= set(ward_threats(encounter, "gunman-1"))
    order = guard_order(encounter, "gunman-1", ["sun-ruler", *reversed(HEROES)])
    assert set(order[: len(aiming)]) == set(aiming)


def test_a_choice_for_an_objective_is_explained_in_the_log() -> None:
    events: list[Event] = []
    Simulation(BANK_JOB).run(seed=1, until=OPENING, observers=[events.append])
    explained = [e for e in events if isinstance(e, DecisionExplained)]
    assert any(
        e.target == "safecracker" and e.reason.startswith("objective: stop safecracker")
        for e in explained
    )


def test_only_choices_for_an_objective_are_explained() -> None:
    plain = Intent("fist-attack", target="gunman-1", reason="nearest enemy in reach")
    aimed = Intent("fist-attack", target="safecracker", reason="objective: stop safecracker")
    assert objective_explanation(plain) is None
    why = objective_explanation(aimed)
    assert why is not None and why.reason == "objective: stop safecracker"


def grapple_at_the_lock(hero_skills: dict[str, int], **defaults: str) -> list[Event]:
    """A hero (``nearest-enemy``) beside the safecracker at work on the vault lock, the grunt
    20 m off; the log of the first 40 segments (seed 0)."""
    cast: dict[str, Entry] = {
        "hero": ("heroes", "c", grunt(skills=hero_skills), "nearest-enemy", {}),
        "grunt": ("crew", "a", "gunman", "priority", {"fallback": "wait"}),
        "safecracker": (
            "crew",
            "c",
            "safecracker",
            "priority",
            {"rules": [VAULT_WORK], "fallback": "wait"},
        ),
    }
    data = scenario_data(cast, defaults=defaults)
    data["stop"]["objectives"] = [VAULT_OBJECTIVE]
    events: list[Event] = []
    simulation = Simulation(parse_scenario(data, base_dir=ROOT / "scenarios"))
    simulation.run(seed=0, until=40, observers=[events.append])
    return events


def hero_started(events: list[Event]) -> list[tuple[str, str | None]]:
    return [
        (e.action, e.target)
        for e in events
        if isinstance(e, ActionStarted) and e.character == "hero"
    ]


def test_a_hero_with_body_hold_grabs_the_safecracker_at_the_lock_and_stops_the_work() -> None:
    """G-253: a grab stops the work at once, a blow only by taking the safecracker out. On 0
    the hero punches (the safecracker starts on the lock in the same segment, G-228); from then
    it grabs, and the grab that lands on 23 drops the work."""
    events = grapple_at_the_lock({"Fistfighting": 2, "Body Hold": 3})
    assert hero_started(events)[1] == ("body-hold", "safecracker")
    dropped = [(e.segment, e.character, e.reason) for e in events if isinstance(e, ActionDropped)]
    assert dropped == [(23, "safecracker", "held")]


def test_without_body_hold_or_with_holds_that_stop_nothing_the_hero_punches() -> None:
    for skills, defaults in [
        ({"Fistfighting": 2}, {}),
        ({"Fistfighting": 2, "Body Hold": 3}, {"G253_hold_stops_work": "goes_on"}),
    ]:
        started = hero_started(grapple_at_the_lock(skills, **defaults))
        assert {action for action, _ in started} == {"fist-attack"}
