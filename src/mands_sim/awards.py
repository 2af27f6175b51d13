"""Editing Points awards and Experience levels (seed 000 "Editing Points", "Experience").

Characters gain 1 Editing Point per hour played, multiplied by the adventure's toughness and by
the point multiplier of their Experience row (``docs/rules/charts.md`` §4). Each Experience row a
character reaches brings level-up bonuses. Arithmetic is exact (:class:`~fractions.Fraction`):
the seed's example gives 4 × 1.2 × 1.3 = 6.24 points.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from mands_sim.charts.loading import Charts

__all__ = [
    "TRAINING_SHARE",
    "LevelUp",
    "editing_points_award",
    "experience_row",
    "level_ups",
]

TRAINING_SHARE = Fraction(1, 2)
"""Seed 000 "Editing Die Rolls": Editing Points used on a roll give "the use of half that number
of Edit Points for increasing whatever the roll was for"; all of them go to Experience."""

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
