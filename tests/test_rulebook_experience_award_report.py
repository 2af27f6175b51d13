"""The after-encounter award section (``mands_rulebook.experience.award_report``; seed 000
"Editing Points", "Award Multipliers", "Editing Points: Experience"; G-71)."""

from __future__ import annotations

import io
from fractions import Fraction
from typing import Any

from rich.console import Console

from mands_rulebook.experience.award_report import (
    award_section,
    awards_for,
    measured_section,
)
from mands_rulebook.kit.editing_points.awards import hero_award
from mands_sim.charts.loading import Charts, load_standard_charts
from mands_sim.defaults import STANDARD_DEFAULTS as DEFAULTS
from mands_sim.report.plugin_sections import print_section, render_html_sections
from mands_sim.report_sections import ReportInput, ReportSection

CHARTS: Charts = load_standard_charts()


def summary(word: str = "very hard", multiplier: float = 1.3) -> dict[str, Any]:
    """The parts of a report summary the section reads."""
    return {
        "verdict": {"word": word, "multiplier": multiplier, "reason": "heroes win 50%"},
        "sides": {"heroes": {}, "villains": {}},
        "characters": [
            {"id": "seraph", "side": "heroes", "role": "combatant", "metrics": {}},
            {"id": "gremlin", "side": "heroes", "role": "combatant", "metrics": {}},
            {"id": "hostage", "side": "heroes", "role": "hostage", "metrics": {}},
            {"id": "sphinx", "side": "villains", "role": "combatant", "metrics": {}},
        ],
    }


def measured(used: int, mean: float, trained: float, gained: int) -> dict[str, Any]:
    """A report character's Editing Points metrics: medians over the batch's runs, and means."""
    share = {"estimate": 1.0, "low": 0.9, "high": 1.0}
    return {
        "editing points used": {"per_run": mean, "median": used, "share_of_runs": share},
        "editing points trained": {"per_run": mean / 2, "median": trained, "share_of_runs": share},
        "experience from editing points": {
            "per_run": mean,
            "median": gained,
            "share_of_runs": share,
        },
    }


def section_of(report: dict[str, Any], **given: Any) -> ReportSection:
    """What ``mands-sim award SCENARIO`` shows: the measured toughness and play, with what the
    command line gives."""
    return measured_section(ReportInput(report, DEFAULTS), **given)


def printed(section: ReportSection, width: int = 200) -> str:
    out = io.StringIO()
    print_section(section, Console(file=out, width=width))
    return out.getvalue()


def test_the_award_example_gives_6_24() -> None:
    """Seed 000: Experience 35 (×1.2) at toughness 1.3 for 4 hours: "4 times 1.56, or 6.24"."""
    award = hero_award("seraph", hours=4, toughness=1.3, charts=CHARTS, experience=35)
    assert (award.experience_multiplier, award.editing_points) == (
        Fraction(6, 5),
        Fraction(624, 100),
    )


def test_the_section_awards_only_the_first_sides_combatants() -> None:
    """The heroes are the first side's combatants (G-71, G-235): no villain, no hostage."""
    section = measured_section(ReportInput(summary(), DEFAULTS))
    assert [hero["id"] for hero in section.data["heroes"]] == ["seraph", "gremlin"]


def test_the_headline_says_what_each_hero_earns() -> None:
    """New characters (Experience 0, ×1) at ×1.3 for the default 4 hours: 5.2 each."""
    section = measured_section(ReportInput(summary(), DEFAULTS))
    assert section.headline == (
        "At this toughness (very hard, ×1.3) each hero earns about 5.2 Editing Points "
        "for 4 hours of play."
    )
    assert (section.data["toughness"], section.data["multiplier"]) == ("very hard", 1.3)


def test_heroes_of_different_experience_are_named_one_by_one() -> None:
    section = section_of(summary(), experience={"seraph": 35})
    assert "seraph 6.24, gremlin 5.2" in section.headline


def test_points_used_in_play_raise_experience_and_bring_level_ups() -> None:
    """Seed 000: 12 points used take Experience 35 to 47, row 3: Perception +3, +1 ability,
    Resist Death +1, Active Charisma +.3."""
    awards = awards_for(
        ["seraph"], toughness=1, charts=CHARTS, experience={"seraph": 35}, used={"seraph": 12}
    )
    (hero,) = award_section("routine", awards, CHARTS).data["heroes"]
    assert hero["experience_after"] == 47
    assert hero["level_ups"] == [
        {"row": 3, "perception": 3, "ability": 1, "resist_death": 1, "active_charisma": 0.3}
    ]


def test_the_printed_section_has_the_headline_and_the_level_up() -> None:
    awards = awards_for(["seraph"], toughness=1.1, charts=CHARTS, used={"seraph": 11})
    shown = printed(award_section("tough", awards, CHARTS))
    assert "seraph earns about 4.4 Editing Points" in shown
    assert "reaches Experience row 1: Perception +1" in shown


def test_the_html_section_escapes_the_names() -> None:
    section = award_section("routine", awards_for(["<b>"], toughness=1, charts=CHARTS), CHARTS)
    page = render_html_sections({"awards": section.as_data()})
    assert page.startswith('<section id="section-awards">')
    assert "&lt;b&gt;" in page and "<b>" not in page


def test_the_measured_section_feeds_the_points_each_hero_used_in_play() -> None:
    """Seraph (Experience 0) used a median 3 points a run (mean 2.6): seed 000, half of them
    train the skill the roll was for (1.5) and all go to Experience (0 → 3)."""
    report = summary("hard", 1.2)
    report["characters"][0]["metrics"] = measured(3, 2.6, 1.5, 3)
    report["characters"][3]["metrics"] = measured(4, 4.0, 2.0, 4)
    seraph, gremlin = measured_section(ReportInput(report, DEFAULTS)).data["heroes"]
    assert (seraph["used"], seraph["used_mean"], seraph["trained"]) == (3, 2.6, 1.5)
    assert (seraph["experience_after"], seraph["editing_points"]) == (3, 4.8)
    assert (gremlin["used"], gremlin["used_mean"], gremlin["experience_after"]) == (0, 0.0, 0)


def test_points_used_given_outright_replace_the_measured_ones() -> None:
    """``mands-sim award SCENARIO --used seraph=12``: 12 points, 6 trained (seed 000, half),
    Experience 35 → 47; gremlin, not named, keeps the batch's median 2 (1 trained)."""
    report = summary()
    report["characters"][0]["metrics"] = measured(3, 2.6, 1.5, 3)
    report["characters"][1]["metrics"] = measured(2, 1.8, 1.0, 2)
    section = section_of(report, experience={"seraph": 35}, used={"seraph": 12})
    seraph, gremlin = section.data["heroes"]
    assert (seraph["used"], seraph["used_mean"], seraph["trained"]) == (12, None, 6.0)
    assert seraph["experience_after"] == 47
    assert (gremlin["used"], gremlin["trained"], gremlin["experience_after"]) == (2, 1.0, 2)


def test_the_table_shows_the_median_used_with_its_mean_and_the_training() -> None:
    report = summary()
    report["characters"][0]["metrics"] = measured(3, 2.6, 1.5, 3)
    section = measured_section(ReportInput(report, DEFAULTS))
    shown = printed(section)
    assert "used in play" in shown and "3 (mean 2.6)" in shown and "1.5" in shown
    page = render_html_sections({"awards": section.as_data()})
    assert "<td>3 (mean 2.6)</td><td>1.5</td><td>3</td>" in page


def test_hero_award_trains_half_the_points_given() -> None:
    """Seed 000: "half that number of Edit Points for increasing whatever the roll was for"."""
    award = hero_award("seraph", hours=4, toughness=1, charts=CHARTS, used=5)
    assert (award.used, award.trained, award.experience_after) == (5, Fraction(5, 2), 5)


def test_hero_ids_read_whole_at_80_columns() -> None:
    """A report piped or in a CI log is 80 columns wide: ``police-officer-3`` reads whole."""
    awards = awards_for(["police-officer-3"], toughness=1.1, charts=CHARTS)
    rows = [line for line in printed(award_section("tough", awards, CHARTS), 80).splitlines()]
    assert any("police-officer-3" in row for row in rows if row.startswith("│"))


def test_a_section_without_heroes_prints_its_headline() -> None:
    """A batch whose every run raised an error has no character to award."""
    shown = printed(award_section("inconclusive", [], CHARTS), 80)
    assert "nobody earns Editing Points" in shown and "Editing Points earned" in shown
