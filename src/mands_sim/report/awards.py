"""After the encounter: the Editing Points the heroes earn (seed 000 "Editing Points", "Award
Multipliers", "Editing Points: Experience"; G-71).

Seed 000: characters gain 1 Editing Point for every hour played, multiplied by the adventure's
toughness (1.1 to 1.5 for an "especially tough" one) and by the point multiplier of their
Experience row. The report measures the toughness (G-71's documented mapping from the heroes'
win rate and deaths, :mod:`mands_sim.report.verdict`); this module turns it into the award
("at this toughness each hero earns about X Editing Points") and adds what the award and the
points used in play do to Experience: the new row and its level-up bonuses. From a batch, the
points each hero used in play are the median over its runs (the mean is shown beside it), and
what they trained: seed 000 "Editing Die Rolls", half of the points to the skill or ability the
roll was for; all of them to Experience.

:func:`award_section` builds the report section as plain data from a report summary
(:func:`mands_sim.report.summary.build_summary`); :func:`render_terminal` and
:func:`render_html_section` draw it. ``mands-sim award`` (:mod:`mands_sim.cli.award`) prints the
same for numbers given on the command line.
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Final

from rich.console import Console
from rich.table import Table

from mands_sim.awards import TRAINING_SHARE, LevelUp, editing_points_award, level_ups
from mands_sim.charts.loading import Charts, load_standard_charts
from mands_sim.defaults import RuleDefaults
from mands_sim.report.verdict import Verdict

__all__ = [
    "DEFAULT_HOURS",
    "HeroAward",
    "InPlay",
    "award_section",
    "awards_for",
    "hero_award",
    "is_hero_role",
    "level_lines",
    "measured_in_play",
    "render_html_section",
    "render_terminal",
    "verdict_awards",
]

DEFAULT_HOURS: Final = 4
"""Hours played the section assumes unless told: the seed's example session ("If the players
played for 4 hours, that character gains 4 times 1.56, or 6.24 Editing Points")."""


@dataclass(frozen=True, slots=True)
class HeroAward:
    """One character's award for a session (seed 000).

    Attributes:
        character: the character's id.
        experience: its Experience before the session.
        used: Editing Points it used in play (added to Experience, seed 000); from a batch,
            the median over its runs.
        toughness: the toughness multiplier (1 to 1.5).
        hours: hours played.
        editing_points: the award: hours × toughness × the Experience multiplier.
        trained: what the points used train (seed 000: half of them).
        used_mean: from a batch, the mean points used per run (``None``: given, not measured).
        gained: the Experience the points used add (``None``: all of them, seed 000).
    """

    character: str
    experience: int
    used: int
    toughness: Fraction
    hours: Fraction
    experience_multiplier: Fraction
    editing_points: Fraction
    trained: Fraction = Fraction(0)
    used_mean: float | None = None
    gained: int | None = None

    @property
    def experience_after(self) -> int:
        """Seed 000: "When Editing Points are used, they are added to the character's
        Experience"; the award itself is not Experience until it is used."""
        return self.experience + (self.used if self.gained is None else self.gained)


def hero_award(
    character: str,
    *,
    hours: Fraction | int | float,
    toughness: Fraction | int | float,
    charts: Charts,
    experience: int = 0,
    used: int | None = None,
    in_play: InPlay | None = None,
) -> HeroAward:
    """The award of ``character`` (Experience ``experience``) after ``hours`` of play at
    ``toughness``, having used ``used`` Editing Points (seed 000: half of them train, all go to
    Experience), or what a batch measured of its play (``in_play``)."""
    points = editing_points_award(hours, toughness, experience, charts)
    if used is not None or in_play is None:
        in_play = None  # points given outright replace the measured ones
        used = used or 0
    else:
        used = in_play.used
    return HeroAward(
        character=character,
        experience=experience,
        used=used,
        toughness=_exact(toughness),
        hours=_exact(hours),
        experience_multiplier=charts.experience.multiplier(experience),
        editing_points=points,
        trained=used * TRAINING_SHARE if in_play is None else in_play.trained,
        used_mean=None if in_play is None else in_play.used_mean,
        gained=None if in_play is None else in_play.gained,
    )


@dataclass(frozen=True, slots=True)
class InPlay:
    """What a batch measured of a hero's Editing Points in play (the report's
    ``characters[].editing_points``): the median used, trained and gained as Experience over
    the runs, and the mean used."""

    used: int
    trained: Fraction
    gained: int
    used_mean: float

    @classmethod
    def of(cls, character: Mapping[str, Any]) -> InPlay | None:
        points = character.get("editing_points")
        if not points or points.get("used_median") is None:
            return None
        return cls(
            used=int(points["used_median"]),
            trained=Fraction(str(points["trained_median"] or 0)),
            gained=int(points["experience_median"] or 0),
            used_mean=float(points["used_mean"]),
        )


def measured_in_play(characters: Sequence[Mapping[str, Any]]) -> dict[str, InPlay]:
    """Each character's :class:`InPlay`, where the report measured it."""
    found = {c["id"]: InPlay.of(c) for c in characters}
    return {ident: in_play for ident, in_play in found.items() if in_play is not None}


def _exact(value: Fraction | int | float) -> Fraction:
    return Fraction(str(value)) if isinstance(value, float) else Fraction(value)


def heroes_of(summary: Mapping[str, Any]) -> list[str]:
    """The first side's characters (the heroes, by the convention of G-71)."""
    sides = list(summary["sides"])
    first = sides[0] if sides else None
    return [c["id"] for c in summary["characters"] if c["side"] == first]


def award_section(
    summary: Mapping[str, Any],
    charts: Charts,
    *,
    hours: Fraction | int | float = DEFAULT_HOURS,
    experience: Mapping[str, int] | None = None,
    used: Mapping[str, int] | None = None,
) -> dict[str, Any]:
    """The report section: each hero's award at the measured toughness, as JSON-ready data.

    ``experience`` gives heroes' Experience before the session (0 for those not named: a new
    character); ``used`` the Editing Points each used in play, for those named; the others'
    are what the batch measured (the median over its runs).
    """
    verdict = summary["verdict"]
    return awards_for(
        heroes_of(summary),
        word=verdict["word"],
        toughness=Fraction(str(verdict["multiplier"])),
        charts=charts,
        hours=hours,
        experience=experience,
        used=used,
        in_play=measured_in_play(summary["characters"]),
    )


def verdict_awards(
    characters: Sequence[Mapping[str, Any]],
    heroes: str | None,
    verdict: Verdict,
    defaults: RuleDefaults,
) -> dict[str, Any]:
    """The section as :func:`mands_sim.report.summary.build_summary` adds it: the combatants of
    the side ``heroes`` at ``verdict``'s multiplier, new characters, the default hours, and the
    Editing Points each used in play as the batch measured them."""
    return awards_for(
        [c["id"] for c in characters if c["side"] == heroes and is_hero_role(c)],
        word=verdict.word,
        toughness=Fraction(str(verdict.multiplier)),
        charts=load_standard_charts(defaults),
        in_play=measured_in_play(characters),
    )


def is_hero_role(character: Mapping[str, Any]) -> bool:
    """A report character who can be a hero: a combatant (G-235: a bystander or hostage on the
    heroes' side earns no award)."""
    return bool(character.get("role", "combatant") == "combatant")


def awards_for(
    heroes: Sequence[str],
    *,
    word: str,
    toughness: Fraction | int | float,
    charts: Charts,
    hours: Fraction | int | float = DEFAULT_HOURS,
    experience: Mapping[str, int] | None = None,
    used: Mapping[str, int] | None = None,
    in_play: Mapping[str, InPlay] | None = None,
) -> dict[str, Any]:
    """The section for ``heroes`` at a toughness ``word`` with its multiplier ``toughness``."""
    awards = [
        hero_award(
            hero,
            hours=hours,
            toughness=toughness,
            charts=charts,
            experience=(experience or {}).get(hero, 0),
            used=(used or {}).get(hero),
            in_play=(in_play or {}).get(hero),
        )
        for hero in heroes
    ]
    return {
        "hours": float(_exact(hours)),
        "toughness": word,
        "multiplier": float(_exact(toughness)),
        "headline": headline(word, awards),
        "heroes": [_hero_data(award, charts) for award in awards],
    }


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
            _level_data(level)
            for level in level_ups(award.experience, award.experience_after, charts)
        ],
    }


def _level_data(level: LevelUp) -> dict[str, Any]:
    """Seed 000: the bonuses of each Experience row reached."""
    return {
        "row": level.row,
        "perception": level.perception_increase,
        "ability": level.ability_increase,
        "resist_death": level.resist_death_increase,
        "active_charisma": float(level.charisma_change),
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


def render_terminal(section: Mapping[str, Any], console: Console) -> None:
    """The section as a table after its headline."""
    console.print(section["headline"], soft_wrap=True)
    table = Table(title="Editing Points earned (seed 000)", title_justify="left")
    ids = [len(str(hero["id"])) for hero in section["heroes"]]
    for column in COLUMNS:
        if column == "hero":  # ids read whole, even at 80 columns
            table.add_column(column, no_wrap=True, min_width=max([len(column), *ids]))
        else:  # a heading too wide folds rather than being cut at 80 columns
            table.add_column(column, justify="right", overflow="fold")
    for hero in section["heroes"]:
        table.add_row(*_hero_row(hero))
    console.print(table)
    for line in level_lines(section):
        console.print(line, soft_wrap=True)


def level_lines(section: Mapping[str, Any]) -> list[str]:
    """One line per Experience row a hero reaches, with its bonuses (seed 000)."""
    return [
        f"{hero['id']} reaches Experience row {level['row']}: Perception +{level['perception']}, "
        f"+{level['ability']} to learning, strength, agility, constitution, build or beauty, "
        f"Resist Death +{level['resist_death']}, Active Charisma +{level['active_charisma']:g}; "
        "and may roll d100 for a power or weakness change."
        for hero in section["heroes"]
        for level in hero["level_ups"]
    ]


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
"""The award table's columns (terminal and HTML)."""


def _hero_row(hero: Mapping[str, Any]) -> list[str]:
    rows = ", ".join(str(level["row"]) for level in hero["level_ups"]) or "—"
    mean = hero.get("used_mean")
    used = str(hero["used"]) if mean is None else f"{hero['used']} (mean {mean:.1f})"
    return [
        str(hero["id"]),
        str(hero["experience"]),
        f"{hero['experience_multiplier']:.1f}",
        f"{hero['editing_points']:g}",
        used,
        f"{hero.get('trained', 0):g}",
        str(hero["experience_after"]),
        rows,
    ]


def render_html_section(section: Mapping[str, Any]) -> str:
    """The section as ``<section id="awards">`` (cells escaped), for the HTML report."""
    head = "".join(f"<th>{html.escape(h)}</th>" for h in COLUMNS)
    rows = "\n".join(
        "<tr>" + "".join(f"<td>{html.escape(cell)}</td>" for cell in _hero_row(hero)) + "</tr>"
        for hero in section["heroes"]
    )
    return (
        '<section id="awards"><h2>Editing Points earned</h2>\n'
        f"<p>{html.escape(section['headline'])}</p>\n"
        f"<table><thead><tr>{head}</tr></thead><tbody>\n{rows}\n</tbody></table>\n"
        + "".join(f"<p>{html.escape(line)}</p>\n" for line in level_lines(section))
        + "</section>"
    )
