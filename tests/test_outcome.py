"""The summary of one run (``mands_sim.outcome``): damage, actions and the knockout, tallied
from the event log."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import mands_sim.outcome as outcome_module
import mands_sim.simulation as simulation_module
from mands_sim.events import ActionStarted, DamageTaken, Event, OutOfAction
from mands_sim.scenario import load_scenario
from mands_sim.simulation import Simulation

SCENARIO = Path(__file__).parent.parent / "scenarios" / "seraph_vs_sphinx.toml"


def test_the_simulation_module_does_not_re_export_the_run_summary() -> None:
    """One way to import a thing: the run summary comes from ``mands_sim.outcome``."""
    assert not set(outcome_module.__all__) & set(simulation_module.__all__)


def test_the_run_summary_tallies_damage_actions_and_the_knockout() -> None:
    events: list[Event] = []
    result = Simulation(load_scenario(SCENARIO), seed=7).run(observers=[events.append])
    by_id = {c.character_id: c for c in result.characters}
    damage = [e for e in events if isinstance(e, DamageTaken)]
    for actor, outcome in by_id.items():
        assert outcome.damage_dealt == sum(e.taken for e in damage if e.source == actor)
        assert outcome.damage_taken == sum(e.taken for e in damage if e.character == actor)
        started = [e for e in events if isinstance(e, ActionStarted) and e.character == actor]
        assert sum(count for _, count in outcome.actions) == len(started)
    (out,) = [e for e in events if isinstance(e, OutOfAction)]
    assert by_id[out.character].out_at == out.segment == result.segments


def test_a_run_stopped_before_its_end_is_summarised_without_a_winner() -> None:
    encounter = Simulation(load_scenario(SCENARIO), seed=7).start()
    ended = encounter.run(until=3)
    result = outcome_module.summarise(encounter, 7, ended)
    assert ended is None
    assert (result.winner, result.reason, result.segments) == (None, "stopped early", encounter.now)
    assert result.events == len(encounter.log)


def test_attacks_on_an_objectives_performer_are_counted_with_each_role() -> None:
    """The bank job's safecracker is the crew's objective: heroes' actions aimed at him count;
    nobody's aimed at an ally does."""
    spec = load_scenario(Path(__file__).parent.parent / "scenarios" / "bank_job.toml")
    events: list[Event] = []
    result = Simulation(spec).run(seed=1, until=40, observers=[events.append])
    aimed = Counter(
        e.character for e in events if isinstance(e, ActionStarted) and e.target == "safecracker"
    )
    counted = {c.character_id: c.objective_attacks for c in result.characters}
    assert aimed and all(counted[who] == n for who, n in aimed.items())
    assert all(counted[c.character_id] == 0 for c in result.characters if c.side == "crew")
    assert {c.role for c in result.characters} == {"combatant"}
