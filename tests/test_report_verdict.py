"""The toughness verdict (G-71, ``mands_sim.report.verdict``)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mands_sim.batch.runner import BatchOptions, run_batch
from mands_sim.batch.stalemates import NOBODY_ACTED, OUT_OF_EP, RESTING, STALEMATES
from mands_sim.report.summary import build_summary
from mands_sim.report.verdict import (
    INCONCLUSIVE,
    SCALES,
    TOUGHNESS_STEPS,
    Runs,
    toughness,
    toughness_verdict,
)

SCENARIOS = Path(__file__).parent.parent / "scenarios"


@pytest.mark.parametrize(
    ("win_rate", "word", "multiplier"),
    [(0.95, "routine", 1.0), (0.80, "tough", 1.1), (0.62, "hard", 1.2), (0.5, "very hard", 1.3),
     (0.30, "grim", 1.4), (0.1, "deadly", 1.5)],
)  # fmt: skip
def test_standard_scale(win_rate: float, word: str, multiplier: float) -> None:
    verdict = toughness(win_rate, 0.0)
    assert (verdict.word, verdict.multiplier) == (word, multiplier)


def test_a_hero_dying_often_makes_it_one_step_harsher() -> None:
    assert toughness(0.95, 0.12).word == "tough"
    assert "dies in 12%" in toughness(0.95, 0.12).reason
    assert toughness(0.1, 0.5).word == "deadly"


def test_the_scales_differ_where_they_should() -> None:
    assert toughness(0.82, 0.0, "forgiving").word == "routine"
    assert toughness(0.82, 0.0, "strict").word == "hard"


def test_the_multipliers_span_the_rulebooks_range() -> None:
    """Seed 000 "Award Multipliers": "a number from 1.1 to 1.5" for an especially tough one."""
    assert [m for _, m in TOUGHNESS_STEPS] == [1.0, 1.1, 1.2, 1.3, 1.4, 1.5]


@given(st.floats(0, 1), st.floats(0, 1), st.sampled_from(sorted(SCALES)))
def test_more_wins_never_make_it_tougher(a: float, b: float, scale: str) -> None:
    low, high = sorted((a, b))
    assert toughness(high, 0.0, scale).multiplier <= toughness(low, 0.0, scale).multiplier


def test_the_scale_is_switched_from_the_scenarios_rules_table(tmp_path: Path) -> None:
    """G71_toughness_scale = "forgiving" in a scenario's [rules.defaults] (the ranged duel, 40
    runs): the report's verdict is the forgiving scale's for the batch's own rates, and not the
    standard scale's (here the police win 70 %, one step harsher for a hero's deaths)."""
    shutil.copytree(SCENARIOS / "characters", tmp_path / "characters")
    text = (SCENARIOS / "ranged_duel.toml").read_text(encoding="utf-8")
    switch = '\n[rules.defaults]\nG71_toughness_scale = "forgiving"\n\n[[map.places]]'
    text = text[: text.index("\n[expect]")].replace("\n[[map.places]]", switch, 1)
    scenario = tmp_path / "duel.toml"
    scenario.write_text(text + "\n", encoding="utf-8")
    result = run_batch(scenario, BatchOptions(runs=40, seed=3, jobs=1), store=tmp_path / "r.db")
    summary = build_summary(result)
    heroes = next(iter(summary["sides"]))
    rate = summary["sides"][heroes]["estimate"]
    dead = max(c["rates"]["dead"]["estimate"] for c in summary["characters"] if c["side"] == heroes)
    forgiving, standard = toughness(rate, dead, "forgiving"), toughness(rate, dead, "standard")
    assert summary["verdict"]["word"] == forgiving.word != standard.word


# -- G-230: inconclusive, never a tier ----------------------------------------------------------


def test_runs_at_the_time_limit_are_not_counted_as_losses() -> None:
    """72 wins of 95 runs decided (5 at the time limit, under G-230's 10 %): the tier is read
    off the 95 (76 %: tough), not off all 100 (72 %: hard)."""
    verdict = toughness_verdict(Runs(played=100, heroes_wins=72, timeouts=5))
    assert verdict.word == "tough" != toughness(72 / 100, 0.0).word
    assert verdict.warning is None
    assert "5 run(s) at the time limit left out" in verdict.reason


def test_a_share_of_timeouts_at_the_threshold_is_inconclusive() -> None:
    verdict = toughness_verdict(
        Runs(played=100, heroes_wins=90, timeouts=10, stalemates={NOBODY_ACTED: 10})
    )
    assert (verdict.word, verdict.multiplier) == (INCONCLUSIVE, 1.0)
    assert "10% of runs ended at the time limit" in verdict.reason


def test_just_under_the_threshold_still_has_a_tier() -> None:
    assert toughness_verdict(Runs(played=100, heroes_wins=90, timeouts=9)).word == "routine"


def test_the_threshold_is_switchable() -> None:
    runs = Runs(played=100, heroes_wins=80, timeouts=20)
    assert toughness_verdict(runs, inconclusive_at=0.25).word != INCONCLUSIVE
    assert toughness_verdict(runs, inconclusive_at=0.2).word == INCONCLUSIVE


def test_the_warning_names_why_the_runs_stalled_commonest_first() -> None:
    runs = Runs(played=10, heroes_wins=0, timeouts=10, stalemates={OUT_OF_EP: 3, RESTING: 7})
    warning = toughness_verdict(runs).warning
    assert warning is not None
    assert warning.index(STALEMATES[RESTING]) < warning.index(STALEMATES[OUT_OF_EP])
    assert "in 70%: " + STALEMATES[RESTING] in warning


def test_no_run_played_is_inconclusive() -> None:
    assert toughness_verdict(Runs(played=0, heroes_wins=0)).word == INCONCLUSIVE
