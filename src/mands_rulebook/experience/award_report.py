"""The awards section of a batch's report (seed 000 "Editing Points", "Award Multipliers",
"Editing Points: Experience"; G-71), as plain data: :func:`measured_section` builds it from a
report, :func:`award_section` from awards given on the command line. The plugin that adds it is
:mod:`mands_rulebook.experience.awards`; the arithmetic is the kit's
(:mod:`mands_rulebook.kit.editing_points.awards`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any, Final

from mands_rulebook.kit.editing_points.awards import (
    DEFAULT_HOURS,
    HeroAward,
    InPlay,
    hero_award,
    level_ups,
)
from mands_rulebook.kit.editing_points.points import (
    EXPERIENCE_GAINED,
    POINTS_TRAINED,
    POINTS_USED,
)
from mands_sim.api import (
    Charts,
    ReportInput,
    ReportSection,
    SectionTable,
    load_standard_charts,
)

SECTION_NAME: Final = "awards"
"""The section's key in the JSON report (``sections.awards``)."""

TITLE: Final = "Editing Points earned"

COLUMNS: Final = (
    "hero",
    "Experience",
    "×",
    "earned",
    "used in play",
    "trained",
    "Experience after",
    "new rows",
)
"""The award table's columns."""


def heroes_of(summary: Mapping[str, Any]) -> list[str]:
    """The first side's combatants (the heroes, by the convention of G-71; G-235: a bystander
    or hostage on the heroes' side earns no award)."""
    sides = list(summary["sides"])
    first = sides[0] if sides else None
    return [
        c["id"]
        for c in summary["characters"]
        if c["side"] == first and c.get("role", "combatant") == "combatant"
    ]


def in_play(character: Mapping[str, Any]) -> InPlay:
    """What a batch measured of a character's Editing Points in play: the medians of the
    optional rule's metrics (0 for one that never counted), and the mean used."""
    metrics = character.get("metrics", {})

    def median(name: str) -> float:
        found = metrics.get(name)
        return 0 if found is None or found["median"] is None else found["median"]

    used = metrics.get(POINTS_USED.name)
    return InPlay(
        used=int(median(POINTS_USED.name)),
        trained=Fraction(str(median(POINTS_TRAINED.name))),
        gained=int(median(EXPERIENCE_GAINED.name)),
        used_mean=0.0 if used is None else float(used["per_run"]),
    )


def awards_for(
    heroes: Sequence[str],
    *,
    toughness: Fraction | int | float,
    charts: Charts,
    hours: Fraction | int | float = DEFAULT_HOURS,
    experience: Mapping[str, int] | None = None,
    used: Mapping[str, int] | None = None,
    measured: Mapping[str, InPlay] | None = None,
) -> list[HeroAward]:
    """Each hero's award at ``toughness``: its Experience before (0 unless given), the points
    it used given in ``used``, else measured in ``measured``, else none."""
    return [
        hero_award(
            hero,
            hours=hours,
            toughness=toughness,
            charts=charts,
            experience=(experience or {}).get(hero, 0),
            used=(used or {}).get(hero),
            in_play=(measured or {}).get(hero),
        )
        for hero in heroes
    ]


def award_section(word: str, awards: Sequence[HeroAward], charts: Charts) -> ReportSection:
    """The section for ``awards`` at the toughness ``word``: headline, table, one line per
    Experience row reached, and the values as data (``docs/reports.md``)."""
    heroes = [_hero_data(award, charts) for award in awards]
    first = awards[0] if awards else None
    return ReportSection(
        title=TITLE,
        headline=headline(word, awards),
        table=SectionTable(
            f"{TITLE} (seed 000)", COLUMNS, tuple(_hero_row(hero) for hero in heroes)
        ),
        notes=tuple(level_lines(heroes)),
        data={
            "hours": float(first.hours) if first else float(DEFAULT_HOURS),
            "toughness": word,
            "multiplier": float(first.toughness) if first else 1.0,
            "heroes": heroes,
        },
    )


def measured_section(
    report: ReportInput,
    *,
    hours: Fraction | int | float = DEFAULT_HOURS,
    experience: Mapping[str, int] | None = None,
    used: Mapping[str, int] | None = None,
) -> ReportSection:
    """The section of a batch's report: the heroes at the verdict's multiplier, after
    ``hours`` of play, with the Experience ``experience`` gives them (new characters
    otherwise) and the points ``used`` gives, else those each used in play as the batch
    measured them (``mands-sim award SCENARIO`` passes what its command line says)."""
    summary = report.summary
    verdict = summary["verdict"]
    charts = load_standard_charts(report.defaults)
    awards = awards_for(
        heroes_of(summary),
        toughness=Fraction(str(verdict["multiplier"])),
        charts=charts,
        hours=hours,
        experience=experience,
        used=used,
        measured={c["id"]: in_play(c) for c in summary["characters"]},
    )
    return award_section(verdict["word"], awards, charts)


def _hero_data(award: HeroAward, charts: Charts) -> dict[str, Any]:
    return {
        "id": award.character,
        "experience": award.experience,
        "experience_multiplier": float(award.experience_multiplier),
        "editing_points": round(float(award.editing_points), 2),
        "used": award.used,
        "used_mean": award.used_mean,
        "trained": float(award.trained),
        "experience_after": award.experience_after,
        "level_ups": [
            {
                "row": level.row,
                "perception": level.perception_increase,
                "ability": level.ability_increase,
                "resist_death": level.resist_death_increase,
                "active_charisma": float(level.charisma_change),
            }
            for level in level_ups(award.experience, award.experience_after, charts)
        ],
    }


def headline(word: str, awards: Sequence[HeroAward]) -> str:
    """ "At this toughness (grim, ×1.4) each hero earns about 5.6 Editing Points for 4 hours of
    play"; heroes with different Experience are named one by one."""
    if not awards:
        return "No heroes: nobody earns Editing Points."
    first = awards[0]
    lead = f"At this toughness ({word}, ×{float(first.toughness):.1f})"
    played = f"for {_number(first.hours)} hours of play"
    points = {award.editing_points for award in awards}
    if len(points) == 1:
        who = "each hero earns" if len(awards) > 1 else f"{first.character} earns"
        return f"{lead} {who} about {_number(first.editing_points)} Editing Points {played}."
    each = ", ".join(f"{a.character} {_number(a.editing_points)}" for a in awards)
    return f"{lead} the heroes earn about {each} Editing Points {played}."


def _number(value: Fraction) -> str:
    """2 decimals at most, trailing zeros dropped: 6.24, 5.6, 4."""
    return f"{float(value):.2f}".rstrip("0").rstrip(".")


def level_lines(heroes: Sequence[Mapping[str, Any]]) -> list[str]:
    """One line per Experience row a hero reaches, with its bonuses (seed 000)."""
    return [
        f"{hero['id']} reaches Experience row {level['row']}: Perception +{level['perception']}, "
        f"+{level['ability']} to learning, strength, agility, constitution, build or beauty, "
        f"Resist Death +{level['resist_death']}, Active Charisma +{level['active_charisma']:g}; "
        "and may roll d100 for a power or weakness change."
        for hero in heroes
        for level in hero["level_ups"]
    ]


def _hero_row(hero: Mapping[str, Any]) -> tuple[str, ...]:
    rows = ", ".join(str(level["row"]) for level in hero["level_ups"]) or "—"
    mean = hero.get("used_mean")
    used = str(hero["used"]) if mean is None else f"{hero['used']} (mean {mean:.1f})"
    return (
        str(hero["id"]),
        str(hero["experience"]),
        f"{hero['experience_multiplier']:.1f}",
        f"{hero['editing_points']:g}",
        used,
        f"{hero.get('trained', 0):g}",
        str(hero["experience_after"]),
        rows,
    )
