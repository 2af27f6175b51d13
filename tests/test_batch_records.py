"""Run records (``mands_sim.batch.records``): built from a run, round-tripped through a row."""

from __future__ import annotations

import json
from dataclasses import fields
from pathlib import Path

from mands_sim.batch.records import COUNTED, CharacterRecord, RunRecord
from mands_sim.errors import PluginHookError
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
    assert RunRecord.from_row(record.row()) == record


def test_a_failed_run_is_neither_a_win_nor_a_timeout() -> None:
    failed = RunRecord.failed(1, 2, "boom")
    assert (failed.winner, failed.timed_out, failed.characters) == (None, False, ())


EDITING_POINTS = SCENARIO.parent / "grunts_editing_points.toml"


def test_a_record_keeps_the_counts_of_the_run_and_round_trips_them() -> None:
    """Wounds, EP below zero, comebacks (format 2), and the metrics: Death Shots, Fate and
    Editing Points (format 6, 7)."""
    simulation = Simulation(load_scenario(EDITING_POINTS))
    for seed in range(6):
        result = simulation.run(seed=seed)
        record = RunRecord.from_result(seed, result)
        for kept, outcome in zip(record.characters, result.characters, strict=True):
            counts = outcome.counts
            assert (kept.wounds, kept.exhausted, kept.comebacks) == (
                counts.wounds, counts.exhausted, counts.comebacks
            )  # fmt: skip
            assert kept.metrics == counts.metrics
        assert RunRecord.from_row(record.row()) == record


def test_a_record_keeps_the_attacks_hits_and_pulled_blows_of_the_run() -> None:
    """Format 4: the attacks each character made and how many hit, read off its log."""
    simulation = Simulation(load_scenario(SCENARIO))
    attacks = 0
    for seed in range(4):
        result = simulation.run(seed=seed)
        record = RunRecord.from_result(seed, result)
        for kept, outcome in zip(record.characters, result.characters, strict=True):
            counts = outcome.counts
            assert (kept.attacks, kept.hits, kept.metrics) == (
                counts.attacks, counts.hits, counts.metrics
            )  # fmt: skip
            attacks += counts.attacks
        assert RunRecord.from_row(record.row()) == record
    assert attacks > 0


def test_a_format_1_row_reads_with_the_newer_counts_at_zero() -> None:
    """A row stored before record format 2 has no wounds, Fate or Editing Points keys."""
    old = json.dumps([{
        "id": "seraph", "side": "heroes", "condition": "dead", "vp_lost": 30, "dp_lost": 12,
        "ep_spent": 9.5, "damage_dealt": 4, "damage_taken": 42, "out_at": 80,
        "actions": [["fist-attack", 3]], "injured": True, "times_thrown": 1, "times_fallen": 0,
    }])  # fmt: skip
    record = RunRecord.from_row((5, 99, "villains", "out of action", 80, old, None, None))
    (seraph,) = record.characters
    assert (seraph.condition, seraph.injured, seraph.out_at) == ("dead", True, 80)
    assert set(COUNTED) <= {f.name for f in fields(CharacterRecord)}
    assert all(not getattr(seraph, name) for name in COUNTED)
    assert (seraph.bled, seraph.back_in_action) == (False, False)
    assert (seraph.attacks, seraph.hits) == (None, None)  # not counted before format 4


def test_the_times_each_weakness_fired_round_trip_and_an_older_row_has_none() -> None:
    character = CharacterRecord(
        "prototron", "heroes", "active", 0, 0, 0.0, 0, 0, None, (),
        weaknesses=(("negative electricity", 3),),
    )  # fmt: skip
    record = RunRecord(0, 1, "heroes", "side out of action", 50, (character,))
    row = record.row()
    assert RunRecord.from_row(row) == record
    older = json.loads(record.characters_json())
    del older[0]["weaknesses"]
    (read,) = RunRecord.from_row((*row[:5], json.dumps(older), None, None)).characters
    assert read.weaknesses == ()


def test_a_failed_run_round_trips_with_its_failure() -> None:
    """The plugin, hook, policy and traceback of an errored run come back from its row."""
    try:
        raise PluginHookError("flaky", "RuntimeError: boom", "mands_action_after")
    except PluginHookError as error:
        record = RunRecord.raised(3, 99, error)
    assert record.error == "plugin 'flaky' in hook 'mands_action_after': RuntimeError: boom"
    assert record.failure is not None and record.failure.plugin == "flaky"
    assert "raise PluginHookError" in record.failure.traceback
    assert RunRecord.from_row(record.row()) == record


def test_the_times_each_condition_was_imposed_round_trip_and_an_older_row_has_none() -> None:
    character = CharacterRecord(
        "sphinx", "villains", "active", 0, 0, 0.0, 0, 0, None, (),
        conditions=(("stunned", 2),),
    )  # fmt: skip
    record = RunRecord(0, 1, "heroes", "side out of action", 50, (character,))
    row = record.row()
    assert RunRecord.from_row(row) == record
    older = json.loads(record.characters_json())
    del older[0]["conditions"]
    (read,) = RunRecord.from_row((*row[:5], json.dumps(older), None, None)).characters
    assert read.conditions == ()
