"""Snapshots and re-creation: a running encounter replayed to a segment, to look ahead.

Most tests use Seraph vs the Sphinx with pulled punches (blows resolve without effect), so the
encounter runs to its 2500-segment time limit and there is a long fight to snapshot.
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from mands_rulebook.kit.surprise import Surprised
from mands_rulebook.policies.presets import NearestEnemy
from mands_sim.actions import ActionInProgress, Intent, QualityAllocation, Wait
from mands_sim.api import hookimpl
from mands_sim.carry import Carried
from mands_sim.dice import SeededDice
from mands_sim.events import (
    ActionStarted,
    EncounterStarted,
    Event,
    RollMade,
    to_json_line,
)
from mands_sim.kernel.encounter import Encounter
from mands_sim.kernel.snapshot import (
    ReplayDivergence,
    Snapshot,
    SnapshotError,
    recreate,
    start,
    take_snapshot,
)
from mands_sim.scenario import load_scenario
from mands_sim.simulation import Simulation

SCENARIO = load_scenario(Path(__file__).parent.parent / "scenarios" / "seraph_vs_sphinx.toml")


class PulledPunches:
    """Every blow resolves without effect, so nobody goes down before the time limit."""

    @hookimpl
    def mands_resolution_gate(
        self, encounter: Encounter, actor: str, action: ActionInProgress
    ) -> list[Event]:
        return []


def sparring(seed: int = 7, **options: Any) -> Simulation:
    return Simulation(
        SCENARIO, seed=seed, extra_plugins={"test-pulled": PulledPunches()}, **options
    )


def paused(simulation: Simulation, segment: int) -> tuple[Encounter, Snapshot]:
    encounter = start(simulation)
    encounter.run(until=segment)
    return encounter, take_snapshot(encounter)


def lines(events: list[Event]) -> list[str]:
    return [to_json_line(event) for event in events]


def agenda_keys(encounter: Encounter) -> list[tuple[int, int, int, str, int]]:
    return sorted(entry.key for entry in encounter.agenda.entries())


def test_a_paused_run_goes_on_as_if_it_had_never_stopped() -> None:
    whole = start(sparring())
    whole.run()
    stopped = start(sparring())
    stopped.run(until=333)
    stopped.run(until=1000)
    stopped.run()
    assert lines(stopped.log) == lines(whole.log)


def test_start_begins_the_log_as_simulation_run_does() -> None:
    events: list[Event] = []
    Simulation(SCENARIO, seed=11).run(observers=[events.append])
    encounter = start(Simulation(SCENARIO, seed=11))
    encounter.run()
    assert lines(encounter.log) == lines(events)


@pytest.mark.parametrize("segment", [0, 100, 517])
def test_the_recreated_encounter_equals_the_original_at_the_snapshot(segment: int) -> None:
    original, snapshot = paused(sparring(), segment)
    again = recreate(sparring(), snapshot)
    assert lines(again.log) == lines(original.log)
    assert list(again.state) == list(original.state)
    assert agenda_keys(again) == agenda_keys(original)
    assert again.now == original.now == snapshot.segment


def test_a_recreated_encounter_keeps_what_its_characters_carried_in() -> None:
    """A scene of an adventure day (``mands_sim.carry``): Seraph enters 20 VP, 3 DP and 30 EP
    down; the copy a lookahead plays from starts him so too."""
    carried = {"seraph": Carried(20, 3, 0, Fraction(30))}
    simulation = sparring(record=True)
    original = simulation.start(seed=7, carried=carried)
    original.run(until=300)
    snapshot = take_snapshot(original)
    assert snapshot.carried == carried
    again = recreate(sparring(), snapshot)
    assert list(again.state) == list(original.state)
    assert again.state["seraph"].carried == carried["seraph"]


def test_without_a_branch_the_recreated_encounter_continues_as_the_original() -> None:
    original, snapshot = paused(sparring(), 250)
    again = recreate(sparring(), snapshot)
    original.run()
    again.run()
    assert original.ended is not None and original.ended.segment == 2500
    assert lines(again.log) == lines(original.log)


def test_a_branch_keeps_the_past_and_draws_a_future_of_its_own() -> None:
    original, snapshot = paused(sparring(), 200)
    rollouts = [recreate(sparring(), snapshot, branch=key) for key in ("a", "b", "a")]
    for rollout in rollouts:
        rollout.run(until=400)
    original.run(until=400)
    futures = [lines(r.log[snapshot.log_length :]) for r in [original, *rollouts]]
    assert all(lines(r.log[: snapshot.log_length]) == lines(original.log[: snapshot.log_length])
               for r in rollouts)  # fmt: skip
    assert futures[1] != futures[0] and futures[2] != futures[1]
    assert futures[3] == futures[1]  # the same branch key deals the same faces


def rolls(events: list[Event], actor: str) -> list[tuple[int, ...]]:
    return [e.faces for e in events if isinstance(e, RollMade) and e.character == actor]


def test_a_branch_changes_dice_only_after_the_snapshot() -> None:
    original, snapshot = paused(sparring(), 200)
    rollout = recreate(sparring(), snapshot, branch=1)
    rollout.run(until=300)
    original.run(until=300)
    before = rolls(original.log[: snapshot.log_length], "seraph")
    assert rolls(rollout.log, "seraph")[: len(before)] == before
    assert (
        rolls(rollout.log, "seraph")[len(before) :] != rolls(original.log, "seraph")[len(before) :]
    )


def test_a_snapshot_of_a_branch_recreates_that_branch() -> None:
    _, first = paused(sparring(), 150)
    branch = recreate(sparring(), first, branch="x")
    branch.run(until=300)
    second = take_snapshot(branch)
    again = recreate(sparring(), second)
    branch.run(until=600)
    again.run(until=600)
    assert lines(again.log) == lines(branch.log)


class Foresight:
    """Punches like ``nearest-enemy``; once, from segment ``at``, rolls the fight forward while
    deciding (the later lookahead policy's move), with plain ``nearest-enemy`` taking over."""

    def __init__(
        self, simulation: Simulation, at: int, horizon: int, rollout_mind: Any = None
    ) -> None:
        self.simulation = simulation
        self.at = at
        self.horizon = horizon
        self.punch = NearestEnemy({})
        self.rollout_mind = rollout_mind or self.punch
        self.rollout: Encounter | None = None
        self.snapshot: Snapshot | None = None

    def choose(self, encounter: Encounter, actor: str) -> Intent | Wait | None:
        if self.rollout is None and encounter.now >= self.at:
            self.snapshot = take_snapshot(encounter)
            minds = {actor: self.rollout_mind}
            self.rollout = recreate(self.simulation, self.snapshot, minds=minds)
            self.rollout.run(until=self.snapshot.segment + self.horizon)
        return self.punch.choose(encounter, actor)

    def allocate(
        self, encounter: Encounter, actor: str, intent: Intent, quality: int
    ) -> QualityAllocation:
        return self.punch.allocate(encounter, actor, intent, quality)

    def explain(self, encounter: Encounter, actor: str, intent: Intent) -> Any:
        """``nearest-enemy``'s reason, so the rollout's log tells the same decisions."""
        return self.punch.explain(encounter, actor, intent)


def test_a_snapshot_taken_while_deciding_hands_that_decision_to_the_new_mind() -> None:
    minds: dict[str, Any] = {}
    simulation = sparring(minds=minds)
    foresight = minds["seraph"] = Foresight(simulation, at=120, horizon=60)
    original = start(simulation)
    original.run(until=300)
    assert foresight.rollout is not None and foresight.snapshot is not None
    assert 120 <= foresight.snapshot.segment < 300
    end = foresight.snapshot.segment + 60
    seen = [e for e in original.log if e.segment <= end]
    assert lines(foresight.rollout.log) == lines(seen)  # it foresaw exactly what happened


class Idle:
    def choose(self, encounter: Encounter, actor: str) -> None:
        return None


def starts(events: list[Event], actor: str) -> list[int]:
    return [e.segment for e in events if isinstance(e, ActionStarted) and e.character == actor]


def test_the_decision_being_made_at_the_snapshot_goes_to_the_new_mind() -> None:
    minds: dict[str, Any] = {}
    simulation = sparring(minds=minds)
    foresight = minds["seraph"] = Foresight(simulation, at=120, horizon=60, rollout_mind=Idle())
    original = start(simulation)
    original.run(until=300)
    assert foresight.rollout is not None and foresight.snapshot is not None
    segment = foresight.snapshot.segment
    assert segment in starts(original.log, "seraph")  # the original punched as it decided
    assert max(starts(foresight.rollout.log, "seraph")) < segment  # the idle mind did not


class Hesitant:
    """A mind with an optional question, answered differently each time it is asked."""

    def __init__(self) -> None:
        self.asked = 0
        self.punch = NearestEnemy({})

    def choose(self, encounter: Encounter, actor: str) -> Intent | Wait | None:
        return self.punch.choose(encounter, actor)

    def allocate(
        self, encounter: Encounter, actor: str, intent: Intent, quality: int
    ) -> QualityAllocation:
        return self.punch.allocate(encounter, actor, intent, quality)

    def buy_down_surprise(self, encounter: Encounter, actor: str, segments: int) -> int:
        self.asked += 1
        return min(segments, self.asked)


class AskingAmbush:
    """Surprises the Sphinx and asks its mind how much to buy down, if the mind can say."""

    @hookimpl
    def mands_encounter_opening(self, encounter: Encounter) -> list[Event]:
        ask = getattr(encounter.minds["sphinx"], "buy_down_surprise", None)
        bought = ask(encounter, "sphinx", 8) if ask is not None else 0
        return [Surprised(0, "sphinx", 8, bought, 8 - bought, bought)]


def test_mands_encounter_opening_questions_to_minds_are_replayed_from_the_journal() -> None:
    plugins = {"test-pulled": PulledPunches(), "test-ambush": AskingAmbush()}
    hesitant = Hesitant()
    hesitant.asked = 3
    simulation = Simulation(SCENARIO, seed=7, extra_plugins=plugins, minds={"sphinx": hesitant})
    original = start(simulation)
    original.run(until=40)
    again = recreate(simulation, take_snapshot(original))
    assert hesitant.asked == 4  # asked once, by the original run only
    assert [e for e in again.log if isinstance(e, Surprised)] == [
        Surprised(0, "sphinx", 8, 4, 4, 4)
    ]
    assert lines(again.log) == lines(original.log)


def test_given_dice_are_replaced_by_fresh_ones_that_deal_the_same_faces() -> None:
    original, snapshot = paused(sparring(dice=SeededDice(7)), 120)
    again = recreate(sparring(dice=SeededDice(7)), snapshot, dice=SeededDice(7))
    assert lines(again.log) == lines(original.log)


def test_an_encounter_that_was_not_recorded_cannot_be_snapshotted() -> None:
    encounter = sparring().build()
    encounter.run(until=10)
    with pytest.raises(SnapshotError, match="recorded"):
        take_snapshot(encounter)


def test_a_snapshot_is_recreated_with_its_own_seed() -> None:
    original = start(sparring(seed=3), seed=5)
    original.run(until=200)
    again = recreate(sparring(seed=3), take_snapshot(original))
    assert lines(again.log) == lines(original.log)
    assert again.log[0] == EncounterStarted(0, SCENARIO.name, 5, ("seraph", "sphinx"))


def test_a_replay_that_cannot_retrace_the_original_is_reported() -> None:
    _, snapshot = paused(sparring(), 150)  # the real fight is over long before segment 150
    with pytest.raises(ReplayDivergence, match=r"asked allocate\('sphinx'"):
        recreate(Simulation(SCENARIO, seed=7), snapshot)


def test_the_snapshot_counts_decisions_and_faces_drawn() -> None:
    """Seraph's stream has dealt the faces of his Combat Rolls, re-rolled ones included; his
    policy chose each punch and spent the Quality of each roll that succeeded (§5)."""
    original, snapshot = paused(sparring(), 100)
    made = [e for e in original.log if isinstance(e, RollMade) and e.character == "seraph"]
    assert snapshot.drawn[("seraph",)] == sum(len(e.faces) + len(e.rerolls) for e in made)
    asked = [decision.method for decision in snapshot.journals["seraph"]]
    assert asked.count("choose") == len(starts(original.log, "seraph"))
    assert asked.count("allocate") == len([e for e in made if e.quality >= 0])


def test_a_replay_that_stops_before_every_decision_was_asked_again_is_reported() -> None:
    _, snapshot = paused(sparring(), 200)
    cut_short = dataclasses.replace(snapshot, segment=100)
    with pytest.raises(ReplayDivergence, match="never asked again"):
        recreate(sparring(), cut_short)
