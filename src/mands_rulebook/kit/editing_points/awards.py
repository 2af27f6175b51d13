"""Editing Points awards and Experience levels (seed 000 "Editing Points", "Experience").

Characters gain 1 Editing Point per hour played, multiplied by the adventure's toughness and by
the point multiplier of their Experience row (``docs/rules/charts.md`` §4). Each Experience row a
character reaches brings level-up bonuses. Arithmetic is exact (:class:`~fractions.Fraction`):
the seed's example gives 4 × 1.2 × 1.3 = 6.24 points.

:func:`hero_award` puts it together for one hero and one session: the award, the points it used
in play (given, or what a batch measured of its runs: :class:`InPlay`), what they train, and
the Experience after. The report section and ``mands-sim award`` that show it are the plugin
:mod:`mands_rulebook.experience.awards`.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Final

from mands_rulebook.kit.editing_points.points import TRAINING_SHARE
from mands_sim.charts.loading import Charts

__all__ = [
    "DEFAULT_HOURS",
    "HeroAward",
    "InPlay",
    "LevelUp",
    "editing_points_award",
    "experience_row",
    "hero_award",
    "level_ups",
]

EDITING_POINTS_PER_HOUR = 1
"""seed "Editing Points": 1 Editing Point for every hour played."""

NO_TOUGHNESS = Fraction(1)
"""An ordinary adventure: the award is not multiplied for toughness."""

MAX_TOUGHNESS = Fraction(3, 2)
"""seed "Award Multipliers": a tough adventure multiplies the award by 1.1 to 1.5."""

RESIST_DEATH_PER_LEVEL = 1
"""seed "Editing Points: Experience": each level adds 1 to Resist Death."""

ABILITY_POINTS_PER_LEVEL = 1
"""seed "Editing Points: Experience": each level adds 1 to one of the listed abilities."""

CHARISMA_DIVISOR = 10
"""seed "Editing Points: Experience": Active Charisma rises by the Row number divided by 10."""


def _exact(value: Fraction | int | float) -> Fraction:
    """A float is read by its decimal form, so ``1.3`` means 13/10, not its binary neighbour."""
    return Fraction(str(value)) if isinstance(value, float) else Fraction(value)


def editing_points_award(
    hours: Fraction | int | float,
    toughness_multiplier: Fraction | int | float,
    experience: int,
    charts: Charts,
) -> Fraction:
    """seed "Editing Points": hours played × toughness multiplier × Experience multiplier.

    ``toughness_multiplier`` is 1 for an ordinary adventure, or 1.1 to 1.5 for a tough one
    ("Award Multipliers"); anything outside 1 to 1.5, or negative hours, raises ``ValueError``.
    The Experience multiplier comes from the Experience chart (``docs/rules/charts.md`` §4).
    """
    played = _exact(hours)
    toughness = _exact(toughness_multiplier)
    if played < 0:
        raise ValueError(f"hours played must be 0 or more, not {hours}")
    if not NO_TOUGHNESS <= toughness <= MAX_TOUGHNESS:
        raise ValueError(f"toughness multiplier must be 1 to 1.5, not {toughness_multiplier}")
    per_hour = EDITING_POINTS_PER_HOUR * toughness * charts.experience.multiplier(experience)
    return played * per_hour


def experience_row(experience: int, charts: Charts) -> int:
    """The Experience chart row (level) an Experience total reaches (``docs/rules/charts.md``
    §4)."""
    return charts.experience.row(experience)


@dataclass(frozen=True, slots=True)
class LevelUp:
    """The bonuses for reaching one Experience row (seed "Editing Points: Experience").

    The ability point goes to the player's choice of learning, strength, agility,
    constitution, build or beauty; the d100 roll for a power or weakness change is voluntary
    and left to the caller.

    Attributes:
        row: the Experience row reached.
    """

    row: int

    @property
    def perception_increase(self) -> int:
        """Seed 000: "Add the Row number to the character's Perception"."""
        return self.row

    @property
    def ability_increase(self) -> int:
        """Seed 000: "Add 1 to any of learning, strength, agility, constitution, build, or …"."""
        return ABILITY_POINTS_PER_LEVEL

    @property
    def resist_death_increase(self) -> int:
        """Seed 000: "Add 1 to the character's Resist Death"."""
        return RESIST_DEATH_PER_LEVEL

    @property
    def charisma_change(self) -> Fraction:
        """Seed 000: "Divide the Row number by 10 and add this to the character's Active charisma".

        Non-player characters with negative charisma subtract it instead; the caller decides.
        """
        return Fraction(self.row, CHARISMA_DIVISOR)


def level_ups(experience_before: int, experience_after: int, charts: Charts) -> tuple[LevelUp, ...]:
    """Each Experience row newly reached between two Experience totals, lowest first.

    seed "Editing Points: Experience": "Every time a character jumps a level on the Experience
    Chart, the character gains some bonuses"; a jump of several rows gives each row's bonuses.
    """
    first = experience_row(experience_before, charts) + 1
    last = experience_row(experience_after, charts)
    return tuple(LevelUp(row=row) for row in range(first, last + 1))


DEFAULT_HOURS: Final = 4
"""Hours played an award assumes unless told: the seed's example session ("If the players
played for 4 hours, that character gains 4 times 1.56, or 6.24 Editing Points")."""


@dataclass(frozen=True, slots=True)
class InPlay:
    """What a batch measured of a hero's Editing Points in play (the metrics of
    :mod:`mands_rulebook.kit.editing_points.points`): the median used, trained and gained as
    Experience over its runs, and the mean used."""

    used: int
    trained: Fraction
    gained: int
    used_mean: float


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
        experience_multiplier: the point multiplier of its Experience row.
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
    Experience), or what a batch measured of its play (``in_play``); points given outright
    replace the measured ones."""
    points = editing_points_award(hours, toughness, experience, charts)
    measured = in_play if used is None else None
    spent = measured.used if measured is not None else used or 0
    return HeroAward(
        character=character,
        experience=experience,
        used=spent,
        toughness=_exact(toughness),
        hours=_exact(hours),
        experience_multiplier=charts.experience.multiplier(experience),
        editing_points=points,
        trained=spent * TRAINING_SHARE if measured is None else measured.trained,
        used_mean=None if measured is None else measured.used_mean,
        gained=None if measured is None else measured.gained,
    )
