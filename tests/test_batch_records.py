"""Run records (``mands_sim.batch.records``): built from a run, round-tripped through a row."""

from __future__ import annotations

from pathlib import Path

from mands_sim.batch.records import RunRecord
from mands_sim.scenario import load_scenario
from mands_sim.simulation import Simulation

SCENARIO = Path(__file__).parent.parent / "scenarios" / "seraph_vs_sphinx.toml"


def test_a_record_keeps_what_the_run_summary_says() -> None:
    result = Simulation(load_scenario(SCENARIO)).run(seed=7)
    record = RunRecord.from_result(4, result)
    assert (record.index, record.seed, record.winner, record.segments) == (
        4, 7, result.winner, result.segments
    )  # fmt: skip
    for kept, outcome in zip(record.characters, result.characters, strict=True):
        assert kept.id == outcome.character_id
        assert kept.out_of_action == (outcome.condition != "active")
        assert kept.damage_taken == outcome.damage_taken
        assert kept.actions == outcome.actions


def test_a_record_round_trips_through_its_store_row() -> None:
    record = RunRecord.from_result(0, Simulation(load_scenario(SCENARIO)).run(seed=3))
    row = (record.index, record.seed, record.winner, record.reason, record.segments,
           record.characters_json(), record.error)  # fmt: skip
    assert RunRecord.from_row(row) == record


def test_a_failed_run_is_neither_a_win_nor_a_timeout() -> None:
    failed = RunRecord.failed(1, 2, "boom")
    assert (failed.winner, failed.timed_out, failed.characters) == (None, False, ())
