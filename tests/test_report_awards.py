"""The after-encounter award section (``mands_sim.report.awards``; seed 000 "Editing Points",
"Award Multipliers", "Editing Points: Experience"; G-71)."""

from __future__ import annotations

import io
from fractions import Fraction
from typing import Any

from rich.console import Console

from mands_sim.charts.loading import Charts, load_standard_charts
from mands_sim.defaults import STANDARD_DEFAULTS as DEFAULTS
from mands_sim.report.awards import (
    award_section,
    awards_for,
    hero_award,
    render_html_section,
    render_terminal,
    verdict_awards,
)
from mands_sim.report.verdict import Verdict

CHARTS: Charts = load_standard_charts()


def summary(word: str = "very hard", multiplier: float = 1.3) -> dict[str, Any]:
    """The parts of a report summary the section reads."""
    return {
        "verdict": {"word": word, "multiplier": multiplier, "reason": "heroes win 50%"},
        "sides": {"heroes": {}, "villains": {}},
        "characters": [
            {"id": "seraph", "side": "heroes"},
            {"id": "gremlin", "side": "heroes"},
            {"id": "sphinx", "side": "villains"},
        ],
    }


def test_the_award_example_gives_6_24() -> None:
    """Seed 000: Experience 35 (×1.2) at toughness 1.3 for 4 hours: "4 times 1.56, or 6.24"."""
    award = hero_award("seraph", hours=4, toughness=1.3, charts=CHARTS, experience=35)
    assert (award.experience_multiplier, award.editing_points) == (
        Fraction(6, 5),
        Fraction(624, 100),
    )


def test_the_section_awards_only_the_first_side() -> None:
    """The heroes are the first side (G-71's convention); the villains earn nothing here."""
    section = award_section(summary(), CHARTS)
    assert [hero["id"] for hero in section["heroes"]] == ["seraph", "gremlin"]


def test_the_headline_says_what_each_hero_earns() -> None:
    """New characters (Experience 0, ×1) at ×1.3 for the default 4 hours: 5.2 each."""
    section = award_section(summary(), CHARTS)
    assert section["headline"] == (
        "At this toughness (very hard, ×1.3) each hero earns about 5.2 Editing Points "
        "for 4 hours of play."
    )


def test_heroes_of_different_experience_are_named_one_by_one() -> None:
    section = award_section(summary(), CHARTS, experience={"seraph": 35})
    assert "seraph 6.24, gremlin 5.2" in section["headline"]


def test_points_used_in_play_raise_experience_and_bring_level_ups() -> None:
    """Seed 000: 12 points used take Experience 35 to 47, row 3: Perception +3, +1 ability,
    Resist Death +1, Active Charisma +.3."""
    section = awards_for(
        ["seraph"], word="routine", toughness=1, charts=CHARTS, experience={"seraph": 35},
        used={"seraph": 12},
    )  # fmt: skip
    (hero,) = section["heroes"]
    assert hero["experience_after"] == 47
    assert hero["level_ups"] == [
        {"row": 3, "perception": 3, "ability": 1, "resist_death": 1, "active_charisma": 0.3}
    ]


def test_render_terminal_prints_the_headline_and_the_level_up() -> None:
    section = awards_for(
        ["seraph"], word="tough", toughness=1.1, charts=CHARTS, used={"seraph": 11}
    )
    out = io.StringIO()
    render_terminal(section, Console(file=out, width=200))
    printed = out.getvalue()
    assert "seraph earns about 4.4 Editing Points" in printed
    assert "reaches Experience row 1: Perception +1" in printed


def test_render_html_section_escapes_the_names() -> None:
    section = awards_for(["<b>"], word="routine", toughness=1, charts=CHARTS)
    page = render_html_section(section)
    assert page.startswith('<section id="awards">') and "&lt;b&gt;" in page and "<b>" not in page


def test_verdict_awards_is_the_section_the_summary_carries() -> None:
    """``build_summary`` adds the section for the first side at the verdict's multiplier
    (G-71's "hard" is ×1.2): new characters earn 4.8 in the default 4 hours."""
    characters = [{"id": "seraph", "side": "heroes"}, {"id": "sphinx", "side": "villains"}]
    section = verdict_awards(characters, "heroes", Verdict("hard", 1.2, "heroes win 60%"), DEFAULTS)
    assert [(h["id"], h["editing_points"]) for h in section["heroes"]] == [("seraph", 4.8)]


def measured(used: int, mean: float, trained: float, gained: int) -> dict[str, Any]:
    """A report character's ``editing_points``: medians over the batch's runs, and the mean."""
    return {
        "used_median": used,
        "used_mean": mean,
        "trained_median": trained,
        "experience_median": gained,
    }


def test_verdict_awards_feeds_the_points_each_hero_used_in_play() -> None:
    """Seraph (Experience 0) used a median 3 points a run (mean 2.6): seed 000, half of them
    train the skill the roll was for (1.5) and all go to Experience (0 → 3)."""
    characters = [
        {"id": "seraph", "side": "heroes", "editing_points": measured(3, 2.6, 1.5, 3)},
        {"id": "sphinx", "side": "villains", "editing_points": measured(4, 4.0, 2.0, 4)},
    ]
    section = verdict_awards(characters, "heroes", Verdict("hard", 1.2, "heroes win 60%"), DEFAULTS)
    (hero,) = section["heroes"]
    assert (hero["used"], hero["used_mean"], hero["trained"], hero["experience_after"]) == (
        3, 2.6, 1.5, 3
    )  # fmt: skip


def test_points_used_given_outright_replace_the_measured_ones() -> None:
    """``mands-sim award SCENARIO --used seraph=12``: 12 points, 6 trained (seed 000, half),
    Experience 35 → 47; gremlin, not named, keeps the batch's median 2 (1 trained)."""
    base = summary()
    base["characters"][0]["editing_points"] = measured(3, 2.6, 1.5, 3)
    base["characters"][1]["editing_points"] = measured(2, 1.8, 1.0, 2)
    section = award_section(base, CHARTS, experience={"seraph": 35}, used={"seraph": 12})
    seraph, gremlin = section["heroes"]
    assert (seraph["used"], seraph["used_mean"], seraph["trained"]) == (12, None, 6.0)
    assert seraph["experience_after"] == 47
    assert (gremlin["used"], gremlin["trained"], gremlin["experience_after"]) == (2, 1.0, 2)


def test_the_table_shows_the_median_used_with_its_mean_and_the_training() -> None:
    base = summary()
    base["characters"][0]["editing_points"] = measured(3, 2.6, 1.5, 3)
    out = io.StringIO()
    render_terminal(award_section(base, CHARTS), Console(file=out, width=200))
    printed = out.getvalue()
    assert "used in play" in printed and "3 (mean 2.6)" in printed and "1.5" in printed
    page = render_html_section(award_section(base, CHARTS))
    assert "<td>3 (mean 2.6)</td><td>1.5</td><td>3</td>" in page


def test_hero_award_trains_half_the_points_given() -> None:
    """Seed 000: "half that number of Edit Points for increasing whatever the roll was for"."""
    award = hero_award("seraph", hours=4, toughness=1, charts=CHARTS, used=5)
    assert (award.used, award.trained, award.experience_after) == (5, Fraction(5, 2), 5)


def test_render_terminal_keeps_hero_ids_whole_at_80_columns() -> None:
    """A report piped or in a CI log is 80 columns wide: ``police-officer-3`` reads whole."""
    section = awards_for(["police-officer-3"], word="tough", toughness=1.1, charts=CHARTS)
    out = io.StringIO()
    render_terminal(section, Console(file=out, width=80))
    rows = [line for line in out.getvalue().splitlines() if line.startswith("│")]
    assert any("police-officer-3" in row for row in rows)


def test_render_terminal_of_a_section_without_heroes_prints_its_headline() -> None:
    """A batch whose every run raised an error has no character to award."""
    section = awards_for([], word="inconclusive", toughness=1.0, charts=CHARTS)
    out = io.StringIO()
    render_terminal(section, Console(file=out, width=80))
    assert "Editing Points earned" in out.getvalue()
