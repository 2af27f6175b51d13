"""The report data (``mands_sim.report.summary``) from a real batch."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mands_sim.batch.runner import BatchOptions, BatchResult, run_batch
from mands_sim.batch.seeds import run_seed
from mands_sim.report.summary import build_summary, replay_command
from tests.data.unruly_plugin import Flaky

SCENARIO = Path(__file__).parent.parent / "scenarios" / "seraph_vs_sphinx.toml"
GRUNTS = SCENARIO.parent / "grunts.toml"


@pytest.fixture(scope="module")
def batch(tmp_path_factory: pytest.TempPathFactory) -> BatchResult:
    store = tmp_path_factory.mktemp("store") / "r.db"
    return run_batch(SCENARIO, BatchOptions(runs=200, seed=8, jobs=1), store=store)


def test_the_summary_is_json_and_counts_every_run(batch: BatchResult) -> None:
    summary = json.loads(json.dumps(build_summary(batch)))
    assert summary["batch"]["runs"] == summary["batch"]["played"] == 200
    shares = [rate["estimate"] for rate in summary["sides"].values()]
    shares += [summary["draws"]["estimate"], summary["timeouts"]["estimate"]]
    assert sum(shares) == pytest.approx(1.0)
    assert sum(count for _, count in summary["durations"]) == 200


def test_win_rates_match_the_stored_rows(batch: BatchResult) -> None:
    summary = build_summary(batch)
    wins = sum(1 for record in batch.records() if record.winner == "heroes")
    assert summary["sides"]["heroes"]["estimate"] == wins / 200
    low, high = summary["sides"]["heroes"]["low"], summary["sides"]["heroes"]["high"]
    assert low < wins / 200 < high


def test_characters_have_rates_losses_and_a_falling_survival_curve(batch: BatchResult) -> None:
    summary = build_summary(batch)
    sphinx = next(c for c in summary["characters"] if c["id"] == "sphinx")
    survival = [share for _, share in sphinx["survival"]]
    assert survival[0] == 1.0 and survival == sorted(survival, reverse=True)
    assert sphinx["rates"]["out_of_action"]["estimate"] == pytest.approx(1 - survival[-1], abs=0.01)
    assert sphinx["median_lost"]["vp"] is not None


def test_hero_and_villain_deaths_are_the_shares_of_runs_with_one(batch: BatchResult) -> None:
    deaths = build_summary(batch)["deaths"]
    records = list(batch.records())
    for who, side in (("hero", "heroes"), ("villain", "villains")):
        runs = sum(
            any(c.side == side and c.condition == "dead" for c in r.characters) for r in records
        )
        assert deaths[who]["estimate"] == runs / 200
        assert deaths[who]["low"] <= runs / 200 <= deaths[who]["high"]


def test_notable_runs_carry_seeds_that_replay(batch: BatchResult) -> None:
    summary = build_summary(batch)
    seeds = {record.seed for record in batch.records()}
    assert summary["notable"] and all(note["seed"] in seeds for note in summary["notable"])


def test_the_verdict_is_named_with_its_multiplier(batch: BatchResult) -> None:
    verdict = build_summary(batch)["verdict"]
    assert verdict["word"] == "routine" and verdict["multiplier"] == 1.0


EDITING_POINTS = SCENARIO.parent / "grunts_editing_points.toml"


@pytest.fixture(scope="module")
def grunts(tmp_path_factory: pytest.TempPathFactory) -> BatchResult:
    """The grunts with Editing Points on: Sinister, the player's character, uses points."""
    store = tmp_path_factory.mktemp("store") / "r.db"
    return run_batch(EDITING_POINTS, BatchOptions(runs=60, seed=2, jobs=1), store=store)


def test_the_new_rates_and_per_run_counts_match_the_stored_rows(grunts: BatchResult) -> None:
    summary = build_summary(grunts)
    rows = [c for record in grunts.records() for c in record.characters if c.id == "dexter"]
    dexter = next(c for c in summary["characters"] if c["id"] == "dexter")
    for rate, happened in (("bled", "bled"), ("exhausted", "exhausted"),
                           ("back_in_action", "back_in_action")):  # fmt: skip
        assert dexter["rates"][rate]["estimate"] == sum(getattr(c, happened) for c in rows) / 60
    given = sum(dict(c.metrics).get("death shots given", 0) for c in rows) / 60
    assert dexter["metrics"].get("death shots given", {"per_run": 0.0})["per_run"] == given
    spent = sum(dict(c.metrics).get("fate points spent", 0) for c in rows) / 60
    assert dexter["metrics"].get("fate points spent", {"per_run": 0.0})["per_run"] == spent


def test_a_metric_of_halves_is_reported_in_whole_units(grunts: BatchResult) -> None:
    """``editing points trained`` counts half points (``parts=2``): the report divides its mean
    and median by 2, so Sinister's median trained is half his median used (seed 000)."""
    (sinister,) = [c for c in build_summary(grunts)["characters"] if c["id"] == "sinister"]
    used, trained = (
        sinister["metrics"]["editing points used"],
        sinister["metrics"]["editing points trained"],
    )
    halves = [dict(c.metrics).get("editing points trained", 0) for r in grunts.records()
              for c in r.characters if c.id == "sinister"]  # fmt: skip
    assert trained["per_run"] == pytest.approx(sum(halves) / len(halves) / 2)
    assert (trained["median"], used["median"]) == (
        sorted(halves)[(len(halves) - 1) // 2] / 2,
        2 * trained["median"],
    )


def test_the_awards_carry_the_points_the_hero_used_in_play(grunts: BatchResult) -> None:
    """Sinister's median Editing Points used over the 60 runs (a metric of the optional rule),
    half of them trained (seed 000), all of them Experience; the mean beside the median: the
    awards section of the plugin ``mands_rulebook.experience.awards`` reads them."""
    summary = build_summary(grunts)
    used = sorted(dict(c.metrics).get("editing points used", 0) for r in grunts.records()
                  for c in r.characters if c.id == "sinister")  # fmt: skip
    assert sum(used) > 0
    (sinister,) = [c for c in summary["characters"] if c["id"] == "sinister"]
    metric = sinister["metrics"]["editing points used"]
    assert metric["median"] == used[(len(used) - 1) // 2]
    assert metric["per_run"] == pytest.approx(sum(used) / len(used))
    (hero,) = summary["sections"]["awards"]["data"]["heroes"]
    assert hero["id"] == "sinister"
    assert hero["used"] == used[(len(used) - 1) // 2] or hero["used"] == used[len(used) // 2]
    assert hero["used_mean"] == pytest.approx(sum(used) / len(used))
    assert hero["trained"] == hero["used"] / 2
    assert hero["experience_after"] == hero["used"]


CODE_BRAWL = """
format = 1
name = "Two heroes keeping the Comics Code against two Sinisters"

[[map.places]]
name = "a"
x = 0.0
y = 0.0

[[sides]]
name = "heroes"

[[sides.characters]]
id = "dexter"
sheet = "characters/dexter.toml"
place = "a"
policy = "hero"

[[sides.characters]]
id = "dex2"
sheet = "characters/dexter.toml"
place = "a"
policy = "hero"

[[sides]]
name = "villains"

[[sides.characters]]
id = "sinister"
sheet = "characters/sinister.toml"
place = "a"
policy = "nearest-enemy"

[[sides.characters]]
id = "sin2"
sheet = "characters/sinister.toml"
place = "a"
policy = "nearest-enemy"

[stop]
time_limit = 600
"""

VULNERABILITY = """
[[weaknesses]]
kind = "vulnerability"
name = "negative electricity"
attacks = ["Electric Power"]
multiplier = 3
"""


@pytest.fixture(scope="module")
def code_brawl(tmp_path_factory: pytest.TempPathFactory) -> BatchResult:
    """Two ``hero``s (who keep the Comics Code) against two Sinisters, 40 runs."""
    folder = tmp_path_factory.mktemp("code")
    (folder / "characters").mkdir()
    for sheet in ("dexter.toml", "sinister.toml"):
        source = SCENARIO.parent / "characters" / sheet
        (folder / "characters" / sheet).write_text(source.read_text(encoding="utf-8"))
    scenario = folder / "code_brawl.toml"
    scenario.write_text(CODE_BRAWL, encoding="utf-8")
    return run_batch(scenario, BatchOptions(runs=40, seed=1, jobs=1), store=folder / "r.db")


def test_a_plugins_metric_is_reported_per_character(code_brawl: BatchResult) -> None:
    """The Comics Code's ``blows pulled`` metric (G-241): the heroes pull blows (measured: 40
    runs, seed 1), the villains, free of the Code, none; each character's ``per_run`` is its
    stored rows' mean and ``share_of_runs`` the runs it pulled any in."""
    summary = build_summary(code_brawl)
    rows = [c for record in code_brawl.records() for c in record.characters]
    reported = {c["id"]: c["metrics"].get("blows pulled") for c in summary["characters"]}
    for who, metric in reported.items():
        counted = [dict(c.metrics).get("blows pulled", 0) for c in rows if c.id == who]
        if metric is None:
            assert not any(counted)
            continue
        assert metric["per_run"] == sum(counted) / 40
        assert metric["median"] == sorted(counted)[19]
        assert metric["share_of_runs"]["estimate"] == sum(1 for n in counted if n) / 40
    assert reported["dexter"] is not None or reported["dex2"] is not None
    assert reported["sinister"] is None and reported["sin2"] is None


@pytest.fixture(scope="module")
def vulnerable(tmp_path_factory: pytest.TempPathFactory) -> BatchResult:
    """Seraph against Seraph, the west one vulnerable to Electric Power (Prototron's 3×)."""
    folder = tmp_path_factory.mktemp("vulnerable")
    sheet = (SCENARIO.parent / "characters" / "seraph.toml").read_text("utf-8")
    (folder / "seraph.toml").write_text(sheet, "utf-8")
    (folder / "weak.toml").write_text(sheet + VULNERABILITY, "utf-8")
    scenario = (SCENARIO.parent / "mirror_powers.toml").read_text("utf-8")
    scenario = scenario.replace('"characters/seraph.toml"', '"weak.toml"', 1)
    scenario = scenario.replace('"characters/seraph.toml"', '"seraph.toml"')
    (folder / "mirror.toml").write_text(scenario, "utf-8")
    options = BatchOptions(runs=40, seed=1, jobs=1)
    return run_batch(folder / "mirror.toml", options, store=folder / "r.db")


def test_the_share_of_runs_a_weakness_fired_in_is_reported(vulnerable: BatchResult) -> None:
    summary = json.loads(json.dumps(build_summary(vulnerable)))
    west, east = (
        next(c for c in summary["characters"] if c["id"] == who)
        for who in ("west-seraph", "east-seraph")
    )
    rows = [c for r in vulnerable.records() for c in r.characters if c.id == "west-seraph"]
    fired = sum(dict(c.weaknesses).get("negative electricity", 0) > 0 for c in rows)
    assert west["weaknesses_fired"]["negative electricity"]["estimate"] == fired / 40
    assert fired >= 30
    assert east["weaknesses_fired"] == {}


def test_the_first_errored_runs_are_listed_with_their_seeds(tmp_path: Path) -> None:
    flaky = {"flaky": Flaky(seed=run_seed(2, 3))}
    options = BatchOptions(runs=10, seed=2, jobs=1)
    result = run_batch(GRUNTS, options, store=tmp_path / "r.db", extra_plugins=flaky)
    summary = build_summary(result)
    (failed,) = summary["failed_runs"]
    assert (failed["run"], failed["seed"]) == (3, run_seed(2, 3))
    assert failed["error"] == summary["errors"][0]["error"]
    assert replay_command(summary, failed["seed"]).startswith(f"mands-sim replay {GRUNTS} --seed")
    assert (summary["batch"]["runs"], summary["batch"]["planned"]) == (10, 10)
