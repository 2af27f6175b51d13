"""Scenario regression testing: the ``[expect]`` table, its checks, golden logs, the pytest plugin.

The plugin is tested with pytest's own ``pytester`` on a small scenario (Seraph against the
Sphinx, 20 runs) in a throwaway folder; the bundled scenarios themselves are checked by
``pytest scenarios/`` (``scripts/test``).
"""

from __future__ import annotations

import os
import shutil
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

from mands_sim.batch.records import CharacterRecord, RunRecord
from mands_sim.batch.stats import Interval
from mands_sim.errors import ScenarioError
from mands_sim.regression import (
    BatchVerdict,
    RegressionFailure,
    check_batch,
    check_golden,
    event_happened,
    first_difference,
    golden_log,
    has_expectations,
    load_expectations,
    overlaps,
    quantile_interval,
    suggest_expectations,
)
from mands_sim.scenario import load_scenario

pytest_plugins = ["pytester"]

ROOT = Path(__file__).parent.parent
SHEETS = ("seraph.toml", "sphinx.toml")

DUEL = """\
format = 1
name = "Duel"

[[map.places]]
name = "rooftop"

[[sides]]
name = "heroes"

[[sides.characters]]
id = "seraph"
sheet = "characters/seraph.toml"
place = "rooftop"
policy = "nearest-enemy"

[[sides]]
name = "villains"

[[sides.characters]]
id = "sphinx"
sheet = "characters/sphinx.toml"
place = "rooftop"
policy = "nearest-enemy"

[stop]
time_limit = 2500
"""
"""Seraph against the Sphinx, as ``scenarios/seraph_vs_sphinx.toml`` (the heroes win ~99 %)."""

MET = """
[expect]
seed = 3
runs = 20
win_rate = { heroes = [0.60, 1.00] }
duration.median = [10, 500]
never = ["fled:seraph"]
"""
"""Expectations wide enough to hold whatever rule details change."""

WRONG = """
[expect]
seed = 3
runs = 20
win_rate = { heroes = [0.00, 0.05] }
"""
"""A deliberately wrong expectation: the heroes almost always win."""

GOLDEN = """
[expect]
golden = "golden/duel.seed5.jsonl"
golden_seed = 5
"""


def folder_with(target: Path, **scenarios: str) -> Path:
    """``target`` holding the sample sheets and ``NAME.toml`` for each keyword."""
    (target / "characters").mkdir(parents=True, exist_ok=True)
    for sheet in SHEETS:
        shutil.copy(ROOT / "scenarios" / "characters" / sheet, target / "characters" / sheet)
    for name, text in scenarios.items():
        (target / f"{name}.toml").write_text(text, encoding="utf-8")
    return target


def load_text(tmp_path: Path, text: str) -> Path:
    return folder_with(tmp_path / "scenarios", duel=text) / "duel.toml"


def error_of(tmp_path: Path, expect: str) -> ScenarioError:
    with pytest.raises(ScenarioError) as caught:
        load_scenario(load_text(tmp_path, DUEL + "\n[expect]\n" + expect))
    return caught.value


# -- the [expect] table ---------------------------------------------------------------------------


def test_duration_shorthand_means_the_median(tmp_path: Path) -> None:
    spec = load_scenario(load_text(tmp_path, DUEL + MET.replace("duration.median", "duration")))
    assert spec.expect is not None
    assert (spec.expect.duration, spec.expect.duration_p90) == ((10, 500), None)


def test_duration_table_gives_median_and_p90(tmp_path: Path) -> None:
    text = DUEL + MET + "duration.p90 = [20, 900]\n"
    expect = load_scenario(load_text(tmp_path, text)).expect
    assert expect is not None
    assert (expect.duration, expect.duration_p90) == ((10, 500), (20, 900))


def test_character_risks_are_read(tmp_path: Path) -> None:
    text = DUEL + MET + "\n[expect.characters.sphinx]\ndead = [0.4, 0.8]\n"
    expect = load_scenario(load_text(tmp_path, text)).expect
    assert expect is not None
    assert dict(expect.characters["sphinx"]) == {"dead": (0.4, 0.8)}


def test_risks_of_an_unknown_character_are_refused(tmp_path: Path) -> None:
    error = error_of(tmp_path, "seed = 1\nruns = 5\n[expect.characters.batman]\ndead = [0, 1]")
    assert error.key == "expect.characters.batman"


def test_unknown_risk_is_refused(tmp_path: Path) -> None:
    error = error_of(tmp_path, "seed = 1\nruns = 5\n[expect.characters.seraph]\nbored = [0, 1]")
    assert error.key == "expect.characters.seraph.bored"


def test_event_outside_the_vocabulary_is_refused(tmp_path: Path) -> None:
    error = error_of(tmp_path, 'seed = 1\nruns = 5\nnever = ["seraph.dp < 0"]')
    assert (error.key, "dead:<id>" in error.expected) == ("expect.never[0]", True)


def test_event_naming_an_unknown_character_is_refused(tmp_path: Path) -> None:
    error = error_of(tmp_path, 'seed = 1\nruns = 5\nalways = ["dead:batman"]')
    assert (error.key, "seraph, sphinx" in error.expected) == ("expect.always[0]", True)


def test_event_naming_an_unknown_side_is_refused(tmp_path: Path) -> None:
    assert (
        error_of(tmp_path, 'seed = 1\nruns = 5\nnever = ["winner:gang"]').key == "expect.never[0]"
    )


def test_event_both_never_and_always_is_refused(tmp_path: Path) -> None:
    text = 'seed = 1\nruns = 5\nnever = ["timeout"]\nalways = ["timeout"]'
    assert error_of(tmp_path, text).key == "expect.always[0]"


def test_batch_expectations_need_the_run_count(tmp_path: Path) -> None:
    error = error_of(tmp_path, "seed = 1\ntimeout_rate = [0, 0.1]")
    assert (error.key, "the regression batch's runs" in error.expected) == ("expect.runs", True)


def test_golden_log_needs_its_seed(tmp_path: Path) -> None:
    assert error_of(tmp_path, 'golden = "golden/x.jsonl"').key == "expect.golden_seed"


def test_golden_log_must_stay_in_the_scenario_folder(tmp_path: Path) -> None:
    error = error_of(tmp_path, 'golden = "../x.jsonl"\ngolden_seed = 1')
    assert (error.key, "inside the scenario's folder" in error.expected) == ("expect.golden", True)


def test_golden_log_path_is_resolved_against_the_scenario(tmp_path: Path) -> None:
    expect = load_scenario(load_text(tmp_path, DUEL + GOLDEN)).expect
    assert expect is not None
    assert expect.golden == (tmp_path / "scenarios/golden/duel.seed5.jsonl").resolve()


# -- statistics and events -------------------------------------------------------------------


def test_range_is_met_when_the_interval_overlaps_it() -> None:
    assert overlaps(Interval(0.50, 0.43, 0.57), (0.56, 0.70))


def test_range_is_not_met_when_the_interval_misses_it() -> None:
    assert not overlaps(Interval(0.50, 0.43, 0.57), (0.58, 0.70))


def test_quantile_interval_brackets_the_median_by_order_statistics() -> None:
    # 100 values 1..100: the median is 50; ranks 50 ∓ 1.96·√25 → 40 and 61.
    assert quantile_interval(Counter(range(1, 101)), 0.5) == Interval(50, 40, 61)


def test_quantile_interval_of_nothing_is_none() -> None:
    assert quantile_interval(Counter(), 0.5) is None


def record(winner: str | None, reason: str, *conditions: tuple[str, str]) -> RunRecord:
    characters = tuple(
        CharacterRecord(ident, "side", condition, 0, 0, 0.0, 0, 0, None, ())
        for ident, condition in conditions
    )
    return RunRecord(0, 1, winner, reason, 100, characters)


@pytest.mark.parametrize(
    ("event", "happened"),
    [
        ("winner:heroes", True),
        ("winner:villains", False),
        ("dead:sphinx", True),
        ("out-of-action:sphinx", True),
        ("out-of-action:seraph", False),
        ("unconscious:sphinx", False),
        ("timeout", False),
        ("draw", False),
    ],
)
def test_event_happened_reads_the_run_record(event: str, happened: bool) -> None:
    run = record("heroes", "side out of action", ("seraph", "active"), ("sphinx", "dead"))
    assert event_happened(event, run) is happened


def test_time_limit_is_a_timeout_and_not_a_draw() -> None:
    run = record(None, "time limit")
    assert (event_happened("timeout", run), event_happened("draw", run)) == (True, False)


def test_first_difference_names_the_line_and_both_texts() -> None:
    text = first_difference(b"a\nb\nc\n", b"a\nB\nc\n")
    assert text.splitlines() == [
        "first difference at line 2 (golden 3 lines, this run 3):",
        "  golden:   b",
        "  this run: B",
    ]


def test_first_difference_of_a_shorter_log_shows_its_end() -> None:
    assert "this run: (end of log)" in first_difference(b"a\nb\n", b"a\n")


# -- checks ------------------------------------------------------------------------------------


def test_met_expectations_pass(tmp_path: Path) -> None:
    verdict = check_batch(load_expectations(load_text(tmp_path, DUEL + MET)))
    assert verdict.passed, verdict.report()


def test_wrong_expectation_shows_observed_interval_and_expected_range(tmp_path: Path) -> None:
    verdict = check_batch(load_expectations(load_text(tmp_path, DUEL + WRONG)))
    [failure] = verdict.failures
    assert (failure.name, failure.expected) == ("win_rate.heroes", "[0.00, 0.05]")
    assert "(95 % CI " in failure.observed


def test_never_failure_names_a_run_to_replay(tmp_path: Path) -> None:
    text = DUEL + MET.replace('["fled:seraph"]', '["out-of-action:sphinx"]')
    verdict = check_batch(load_expectations(load_text(tmp_path, text)))
    [failure] = verdict.failures
    assert "mands-sim replay " in failure.observed and " --seed " in failure.observed


def test_failed_verdict_raises_with_its_report() -> None:
    verdict = BatchVerdict(Path("x.toml"), 1, 5, ())
    assert str(RegressionFailure(verdict)) == verdict.report()


def test_golden_log_is_the_replay_jsonl(tmp_path: Path) -> None:
    spec = load_scenario(load_text(tmp_path, DUEL + GOLDEN))
    assert golden_log(spec, 5).decode().splitlines()[0].startswith("{")


def test_golden_log_is_byte_stable_across_runs(tmp_path: Path) -> None:
    spec = load_scenario(load_text(tmp_path, DUEL + GOLDEN))
    assert golden_log(spec, 5) == golden_log(spec, 5)


def test_missing_golden_log_fails_and_update_writes_it(tmp_path: Path) -> None:
    spec = load_scenario(load_text(tmp_path, DUEL + GOLDEN))
    assert check_golden(spec).status == "missing"
    assert check_golden(spec, update=True).status == "written"
    assert check_golden(spec).status == "same"


def test_changed_golden_log_fails_with_the_first_difference(tmp_path: Path) -> None:
    spec = load_scenario(load_text(tmp_path, DUEL + GOLDEN))
    assert spec.expect is not None and spec.expect.golden is not None
    check_golden(spec, update=True)
    spec.expect.golden.write_bytes(b'{"changed":1}\n' + spec.expect.golden.read_bytes())
    verdict = check_golden(spec)
    assert (verdict.status, "first difference at line 1" in verdict.report()) == ("differs", True)


def test_bundled_golden_log_matches() -> None:
    spec = load_scenario(ROOT / "scenarios" / "seraph_vs_sphinx.toml")
    assert check_golden(spec).status == "same"


def test_file_without_expect_has_no_expectations() -> None:
    assert not has_expectations(ROOT / "scenarios" / "characters" / "seraph.toml")


def test_a_named_pipe_counts_as_expecting_so_that_loading_refuses_it(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe.toml")
    assert has_expectations(tmp_path / "pipe.toml")


def test_a_file_nested_past_the_bound_counts_as_expecting(tmp_path: Path) -> None:
    (tmp_path / "deep.toml").write_text("a = " + "[" * 5_000 + "]" * 5_000, encoding="utf-8")
    assert has_expectations(tmp_path / "deep.toml")


def test_a_golden_log_that_is_a_named_pipe_is_refused_at_its_key(tmp_path: Path) -> None:
    spec = load_scenario(load_text(tmp_path, DUEL + GOLDEN))
    assert spec.expect is not None and spec.expect.golden is not None
    spec.expect.golden.parent.mkdir()
    os.mkfifo(spec.expect.golden)
    with pytest.raises(ScenarioError) as caught:
        check_golden(spec)
    assert (caught.value.key, "is a named pipe" in caught.value.expected) == (
        "expect.golden",
        True,
    )


# -- the pytest plugin -------------------------------------------------------------------------


def run_pytest(pytester: pytest.Pytester, *args: str) -> pytest.RunResult:
    """pytest in this process, without hypothesis (whose re-import would cost seconds a run)."""
    return pytester.runpytest("-p", "no:hypothesispytest", "-p", "no:cacheprovider", *args)


def test_plugin_passes_met_expectations(pytester: pytest.Pytester) -> None:
    folder_with(pytester.path / "scenarios", duel=DUEL + MET)
    run_pytest(pytester, "scenarios").assert_outcomes(passed=1)


def test_plugin_failure_shows_observed_against_expected(pytester: pytest.Pytester) -> None:
    folder_with(pytester.path / "scenarios", duel=DUEL + WRONG)
    result = run_pytest(pytester, "scenarios")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(
        [
            "*_ scenario duel.toml: expect _*",
            "1 of 2 expectations not met (seed 3, 20 runs;*",
            "*FAILED win_rate.heroes: * (95 % CI *); expected [[]0.00, 0.05]",
        ]
    )


def test_plugin_reports_malformed_scenario_as_collection_error(
    pytester: pytest.Pytester,
) -> None:
    folder_with(
        pytester.path / "scenarios", bad=DUEL + "\n[expect]\nseed = 1\nruns = 5\nluck = 3\n"
    )
    result = run_pytest(pytester, "scenarios")
    result.assert_outcomes(errors=1)
    result.stdout.fnmatch_lines(["*bad.toml at 'expect.luck': unknown key 'luck'*"])


def test_plugin_collects_only_scenarios_with_expect(pytester: pytest.Pytester) -> None:
    folder = folder_with(pytester.path / "scenarios", duel=DUEL + MET, plain=DUEL)
    (folder / "deeper").mkdir()
    (folder / "deeper" / "other.toml").write_text(DUEL + MET, encoding="utf-8")
    result = run_pytest(pytester, "scenarios", "--collect-only", "-q")
    assert [line for line in result.outlines if "::" in line] == ["scenarios/duel.toml::expect"]


def test_plugin_collects_more_scenarios_by_ini_glob(pytester: pytest.Pytester) -> None:
    folder_with(pytester.path / "scenarios" / "deeper", other=DUEL + MET)
    pytester.makeini("[pytest]\nmands_sim_scenarios = scenarios/deeper/*.toml\n")
    result = run_pytest(pytester, "--collect-only", "-q", ".")
    assert "scenarios/deeper/other.toml::expect" in result.outlines


def test_plugin_update_golden_rewrites_the_log(pytester: pytest.Pytester) -> None:
    folder = folder_with(pytester.path / "scenarios", duel=DUEL + GOLDEN)
    run_pytest(pytester, "scenarios").assert_outcomes(failed=1)
    run_pytest(pytester, "scenarios", "--update-golden").assert_outcomes(passed=1)
    assert (folder / "golden" / "duel.seed5.jsonl").exists()


def test_surrendered_is_an_event_and_a_risk_an_expect_block_may_name(tmp_path: Path) -> None:
    text = 'seed = 1\nruns = 5\nnever = ["surrendered:seraph"]\n'
    text += "[expect.characters.sphinx]\nsurrendered = [0.0, 0.1]\n"
    spec = load_scenario(load_text(tmp_path, DUEL + "\n[expect]\n" + text))
    assert spec.expect is not None
    assert spec.expect.never == ("surrendered:seraph",)
    assert spec.expect.characters["sphinx"]["surrendered"] == (0.0, 0.1)


def test_bled_exhausted_and_back_in_action_are_events_and_risks_an_expect_block_may_name(
    tmp_path: Path,
) -> None:
    text = 'seed = 1\nruns = 5\nnever = ["bled:seraph", "back-in-action:sphinx"]\n'
    text += 'always = ["exhausted:sphinx"]\n[expect.characters.sphinx]\n'
    text += "bled = [0.0, 0.1]\nexhausted = [0.2, 0.5]\nback_in_action = [0.0, 0.05]\n"
    spec = load_scenario(load_text(tmp_path, DUEL + "\n[expect]\n" + text))
    assert spec.expect is not None
    assert spec.expect.never == ("bled:seraph", "back-in-action:sphinx")
    assert spec.expect.always == ("exhausted:sphinx",)
    assert dict(spec.expect.characters["sphinx"]) == {
        "bled": (0.0, 0.1), "exhausted": (0.2, 0.5), "back_in_action": (0.0, 0.05)
    }  # fmt: skip


@pytest.mark.parametrize(
    ("event", "counts", "happened"),
    [
        ("bled:seraph", {"wounds": 1}, True),
        ("bled:seraph", {"bleeding_at_end": False}, False),
        ("exhausted:seraph", {"exhausted": True}, True),
        ("exhausted:seraph", {}, False),
        ("back-in-action:seraph", {"comebacks": 2}, True),
        ("back-in-action:seraph", {"exhausted": True}, False),
    ],
)
def test_event_happened_reads_the_counts_of_the_record(
    event: str, counts: dict[str, object], happened: bool
) -> None:
    (seraph,) = record("heroes", "side out of action", ("seraph", "active")).characters
    counted = RunRecord(
        0,
        1,
        "heroes",
        "won",
        100,
        (replace(seraph, **counts),),  # type: ignore[arg-type]
    )
    assert event_happened(event, counted) is happened


def test_an_exhausted_range_is_checked_on_the_batch(tmp_path: Path) -> None:
    """Seraph's fists open no wound, and he seldom ends below 0 EP: a range of 90 % or more
    fails, naming the risk."""
    text = DUEL + MET.replace('["fled:seraph"]', '["fled:seraph", "bled:seraph"]')
    text += "\n[expect.characters.seraph]\nexhausted = [0.90, 1.00]\n"
    verdict = check_batch(load_expectations(load_text(tmp_path, text)))
    [failure] = verdict.failures
    assert (failure.name, failure.expected) == ("characters.seraph.exhausted", "[0.90, 1.00]")
    assert any(check.name == "never bled:seraph" and check.passed for check in verdict.checks)


def test_suggest_bounds_the_exhausted_rate_only_where_it_happened(tmp_path: Path) -> None:
    """The grunts' fist fight: Dexter ends below 0 EP in some runs (G-16), nobody bleeds (no
    penetrating blow), so the suggested block bounds ``exhausted`` and never ``bled``."""
    grunts = ROOT / "scenarios" / "grunts.toml"
    block = suggest_expectations(grunts, runs=40, seed=3, jobs=1)
    dexter = block.split("[expect.characters.dexter]")[1].split("[expect.characters")[0]
    assert "exhausted = [" in dexter and "bled" not in dexter.replace("bled:", "")
    text = grunts.read_text(encoding="utf-8").split("[expect]")[0]
    copy = tmp_path / "grunts.toml"
    copy.write_text(text + block, encoding="utf-8")
    shutil.copytree(ROOT / "scenarios" / "characters", tmp_path / "characters")
    spec = load_scenario(copy)
    assert spec.expect is not None and "exhausted" in spec.expect.characters["dexter"]
