"""The toughness verdict (G-71, ``mands_sim.report.verdict``)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mands_sim.batch import BatchOptions, run_batch
from mands_sim.report.summary import build_summary
from mands_sim.report.verdict import SCALES, STEPS, toughness

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
    assert [m for _, m in STEPS] == [1.0, 1.1, 1.2, 1.3, 1.4, 1.5]


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
    dead = max(
        c["rates"]["dead"]["estimate"] for c in summary["characters"] if c["side"] == heroes
    )
    forgiving, standard = toughness(rate, dead, "forgiving"), toughness(rate, dead, "standard")
    assert summary["verdict"]["word"] == forgiving.word != standard.word
