"""Figured attributes: what the seed's "Figured Attributes" and "Ability Rolls" derive from a sheet.

Each function below is one formula, named for the figured attribute and quoting its rule; the
frozen :class:`FiguredAttributes` holds a character's results. The order in which they are
figured, the skill/power adjustments and the sheet's overrides are applied by
:func:`mands_sim.model.character.build_character`.

"X on the Sphere Chart" means: look X up in the Sphere column and read the Result
(``docs/rules/charts.md`` §1.1); negative numbers read their magnitude and negate (G-02).

Readings where the seed is silent or loose (each is also in the module's report):

* Damage Points: "Look up the character's Mass, if greater than 50, on the Square Chart, and
  subtract 7" — for a Mass of 50 or less the whole term (lookup and −7) is left out; at 50 the
  term would be Square row 7 − 7 = 0 anyway, so DP do not jump there.
* Skin Temper: a Strength/Constitution sum under .5 reads a negative row on the Doubles chart
  and moves Skin Temper *down* (10/9 …); the seed's floor at 1 is stated for weapons only. The
  low-Mass penalty (Mass < 50) moves it down the same way.
* Virtual Damage Points: Active Charisma "may be substituted" for Learning when greater; the
  player always gains by it, so it is substituted whenever it is greater.
* Hold Breath Roll: "Constitution plus half Strength" gives no rounding; the Move Roll's
  "half Strength (round up)" is followed, under the switch ``G44_hold_breath_half_strength``.
* Jump and Throw Rolls: their "bonus" (twice Height on the Square chart; Mass on the Sphere
  chart) is a Bonus Pool entry, kept apart from the roll as ``jump_bonus`` / ``throw_bonus``.
* The seed gives no figured value for Ignore Damage other than "zero for most people"; it starts
  at 0 and only adjustments (powers) raise it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Final, Literal

if TYPE_CHECKING:
    from mands_sim.charts.action import ActionChart

HalfRounding = Literal["up", "down"]


@dataclass(frozen=True, slots=True)
class BodyDamagePoints:
    """Body DP and the body-part DP figured from it (seed "Damage Points"). ``arm`` is each arm."""

    body: int
    head: int
    neck: int
    arm: int
    legs: int


@dataclass(frozen=True, slots=True)
class SkinTemper:
    """A Skin Temper row and its damage multiplier (``docs/rules/charts.md`` §3, G-05)."""

    row: int
    multiplier: Fraction


@dataclass(frozen=True, slots=True)
class FiguredAttributes:
    """Every figured attribute of one character (seed "Figured Attributes", "Ability Rolls").

    Roll attributes are roll *targets* (2d10 ≤ target); ``*_bonus`` fields are Bonus Pool
    entries that go with a roll; ``mass`` is in kilograms.
    """

    mass: float
    damage_points: BodyDamagePoints
    resist_death: int
    virtual_damage_points: int
    endurance_points: int
    low_mass_penalty: int
    skin_temper: SkinTemper
    ignore_damage: int
    willpower: int
    perception: int
    weirdness_bonus: int
    hand_damage: int
    combat_roll: int
    combat_pool: int
    move_roll: int
    jump_roll: int
    jump_bonus: int
    lift_roll: int
    throw_roll: int
    throw_bonus: int
    throwback_roll: int
    hold_breath_roll: int
    healing_roll: int
    mental_healing_bonus: int
    discernment_roll: int

    @property
    def body_damage_points(self) -> int:
        """Body DP (``damage_points.body``): the pool the kernel keeps as the character's life."""
        return self.damage_points.body

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready values keyed by snake_case name; the Skin Temper multiplier as "9/10"."""
        values: dict[str, Any] = {name: getattr(self, name) for name in FIGURED_ATTRIBUTE_NAMES}
        parts = self.damage_points
        values["damage_points"] = {
            "body": parts.body,
            "head": parts.head,
            "neck": parts.neck,
            "arm": parts.arm,
            "legs": parts.legs,
        }
        values["skin_temper"] = {
            "row": self.skin_temper.row,
            "multiplier": str(self.skin_temper.multiplier),
            "multiplier_float": float(self.skin_temper.multiplier),
        }
        return values


FIGURED_ATTRIBUTE_NAMES: Final[tuple[str, ...]] = tuple(FiguredAttributes.__dataclass_fields__)
"""Every figured attribute, by the name a sheet's ``[overrides]`` and an adjustment use.
``damage_points`` names Body DP; ``skin_temper`` names the Skin Temper row."""

FRACTIONAL_FIGURED_ATTRIBUTES: Final = frozenset({"mass"})
"""The figured attributes that are not whole numbers."""


@dataclass(frozen=True, slots=True)
class FiguredAdjustment:
    """A change a skill or power makes to a figured attribute (e.g. Endurance: +2 × level EP).

    ``delta`` is added to ``attribute`` before the attributes figured from it are computed;
    ``source`` says who asked (e.g. ``"skill:Endurance"``) for explanations.
    """

    attribute: str
    delta: int
    source: str

    def __post_init__(self) -> None:
        if self.attribute not in FIGURED_ATTRIBUTE_NAMES:
            raise ValueError(
                f"{self.source}: no figured attribute '{self.attribute}'; "
                f"known: {', '.join(FIGURED_ATTRIBUTE_NAMES)}"
            )


# --- the formulas ------------------------------------------------------------------------------

BODY_PART_SHARES: Final = {
    "head": Fraction(3, 5),
    "neck": Fraction(1, 2),
    "arm": Fraction(2, 3),
    "legs": Fraction(3, 4),
}
"""Seed "Damage Points": Head 3/5, Neck 1/2, each arm 2/3, legs 3/4 of Body DP, rounded up."""


def mass(strength: int, build: int, constitution: int, height: float, chart: ActionChart) -> float:
    """Seed "Mass": ((Strength − 10) on the Sphere chart ÷ 10 + Build + Constitution ÷ 10)
    × height³ (height × √height below 1 m) ÷ 2.2, in kilograms."""
    bulk = Fraction(chart.sphere(strength - 10), 10) + build + Fraction(constitution, 10)
    size = height**3 if height >= 1 else height * math.sqrt(height)
    return float(bulk) * size / 2.2


def body_damage_points(build: int, mass_kg: float, chart: ActionChart) -> int:
    """Seed "Damage Points": Build ÷ 5, plus (Mass on the Square chart − 7) if Mass > 50,
    rounded up. (Seraph: 31/5 + 9 − 7 = 8.2 → 9.)"""
    mass_term = chart.square(mass_kg) - 7 if mass_kg > 50 else 0
    return math.ceil(Fraction(build, 5) + mass_term)


def body_part_damage_points(body: int) -> BodyDamagePoints:
    """Seed "Damage Points": each body part's share of Body DP, rounded up."""
    shares = {part: math.ceil(body * share) for part, share in BODY_PART_SHARES.items()}
    return BodyDamagePoints(body=body, **shares)


def resist_death(body_dp: int, newoen: int, chart: ActionChart) -> int:
    """Seed "Resist Death": (maximum Body DP + Newoen − 14) on the Doubles chart."""
    return chart.doubles(body_dp + newoen - 14)


def virtual_damage_points(
    agility: int,
    strength: int,
    learning: int,
    newoen: int,
    active_charisma: float,
    *,
    drop_fractions: Literal["total", "per_term"],
) -> int:
    """Seed "Virtual Damage Points": Agility + Strength + Learning ÷ 3 + Newoen ÷ 3, dropping
    fractions (G-43: from the total by default — Seraph 43.33 → 43). Active Charisma replaces
    Learning when greater."""
    mind = max(Fraction(learning), Fraction(str(active_charisma)))
    thirds = (mind / 3, Fraction(newoen, 3))
    if drop_fractions == "per_term":
        return agility + strength + sum(math.trunc(third) for third in thirds)
    return math.trunc(agility + strength + sum(thirds))


def endurance_points(
    constitution: int,
    strength: int,
    body_dp: int,
    *,
    drop_fractions: Literal["total", "per_term"],
) -> int:
    """Seed "Endurance Points": 2 × Constitution + Strength ÷ 2 + Body DP ÷ 2, ignoring fractions
    (G-43: from the total by default — Seraph 64 + 5.5 + 4.5 = 74)."""
    halves = (Fraction(strength, 2), Fraction(body_dp, 2))
    if drop_fractions == "per_term":
        return 2 * constitution + sum(math.trunc(half) for half in halves)
    return math.trunc(2 * constitution + sum(halves))


def low_mass_penalty(mass_kg: float, chart: ActionChart) -> int:
    """Seed "Mass": below 50 kg, a Skin Temper penalty of Mass ÷ 100 on the Doubles chart
    (Mass 40 → .4 → row −1 → 1 line); also the opponents' bonus vs. Skin Temper."""
    if mass_kg >= 50:
        return 0
    return -chart.doubles(mass_kg / 100)


def skin_temper_row(strength: int, constitution: int, chart: ActionChart) -> int:
    """Seed "Skin Temper": rows up from row 0 = Strength ÷ 50 + Constitution ÷ 25 on the Doubles
    chart (Seraph: .22 + 1.28 = 1.5 → row 1)."""
    return chart.doubles(Fraction(strength, 50) + Fraction(constitution, 25))


def mind_skin_temper_row(newoen: int, charisma: float) -> int:
    """Seed "Skin Temper": "In Mind Combat, Skin Temper is normally 1. For newoens greater than
    20, subtract 20 from newoen for the number of rows to move up. For charismas higher than 20,
    subtract 20 and divide by 10 for the rows to move." Rows up from row 0; the Charisma's part
    is rounded down to whole rows (G-100). Newoen 25 → row 5; Charisma 35 → 1."""
    charisma_rows = math.floor((Fraction(charisma) - 20) / 10)
    return max(0, newoen - 20) + max(0, charisma_rows)


def willpower(newoen: int) -> int:
    """Seed "Willpower": starts at Newoen × 4 (Seraph: 80)."""
    return 4 * newoen


def perception(newoen: int, learning: int) -> int:
    """Seed "Perception": Newoen ÷ 2 + Learning ÷ 4, rounded up."""
    return math.ceil(Fraction(newoen, 2) + Fraction(learning, 4))


def weirdness_bonus(beauty: int) -> int:
    """Seed "Weirdness Bonus": 10 − Beauty if Beauty is less than 10, otherwise 0."""
    return 10 - beauty if beauty < 10 else 0


def hand_damage(mass_kg: float, strength: int, chart: ActionChart) -> int:
    """Seed "Hand Damage": Mass ÷ 10 on the Doubles chart + Strength ÷ 4 (round down); Mass ÷ 4
    instead when Strength is greater than Mass (G-35: the score against the kilograms, literally).
    (Mass 100 kg, Strength 14 → 4 + 3 = 7.)"""
    muscle = mass_kg if strength > mass_kg else strength
    return chart.doubles(mass_kg / 10) + math.floor(muscle / 4)


def combat_roll(agility: int, chart: ActionChart) -> int:
    """Seed "Combat Roll": twice Agility on the Sphere chart (Agility 22 → 44 → 14)."""
    return chart.sphere(2 * agility)


def combat_pool(learning: int) -> int:
    """``docs/rules/combat.md`` §5 (seed "Combat Roll"): Learning ÷ 10, rounded down, enters the
    Combat Roll's Bonus Pool. Sight, size and skill bonuses depend on the fight and are added
    there."""
    return learning // 10


def half_strength(strength: int, rounding: HalfRounding) -> int:
    """Half of Strength, rounded as ``rounding`` says."""
    half = Fraction(strength, 2)
    return math.ceil(half) if rounding == "up" else math.floor(half)


def move_roll(
    agility: int, strength: int, height: float, chart: ActionChart, *, rounding: HalfRounding
) -> int:
    """Seed "Move Roll": Agility + half Strength (round up; G-08 switch) + Height on the Square
    chart (Seraph: 22 + 6 + 1 = 29; 28 rounding down as the Example of Movement does)."""
    return agility + half_strength(strength, rounding) + chart.square(height)


def jump_roll(agility: int, strength: int) -> int:
    """Seed "Jump Roll": Agility + Strength."""
    return agility + strength


def jump_bonus(height: float, chart: ActionChart) -> int:
    """Seed "Jump Roll": a bonus of twice Height on the Square chart."""
    return chart.square(2 * height)


def lift_roll(strength: int, mass_kg: float, chart: ActionChart) -> int:
    """Seed "Lift Roll": Strength − 9 + Mass on the Sphere chart."""
    return strength - 9 + chart.sphere(mass_kg)


def throw_roll(strength: int) -> int:
    """Seed "Throw Roll": Strength − 9."""
    return strength - 9


def throw_bonus(mass_kg: float, chart: ActionChart) -> int:
    """Seed "Throw Roll": a bonus of Mass on the Sphere chart."""
    return chart.sphere(mass_kg)


def throwback_roll(mass_kg: float, chart: ActionChart) -> int:
    """Seed "Throwback Roll": Mass on the Sphere chart (no Bonus Pool; the blow's bonus and
    penalty depend on the hit)."""
    return chart.sphere(mass_kg)


def hold_breath_roll(constitution: int, strength: int, *, rounding: HalfRounding) -> int:
    """Seed "Hold Breath Roll": Constitution + half Strength; the seed gives no rounding (G-44,
    round up by default). Current Body DP is a bonus added when rolling."""
    return constitution + half_strength(strength, rounding)


def healing_roll(constitution: int, chart: ActionChart) -> int:
    """Seed "Healing Roll": Constitution on the Sphere chart (current Body DP joins the pool)."""
    return chart.sphere(constitution)


def mental_healing_bonus(newoen: int) -> int:
    """Seed "Healing Roll": mental healing adds Newoen ÷ 4, rounded down, to the pool."""
    return newoen // 4


def discernment_roll(newoen: int) -> int:
    """Seed "Discernment Roll": half Newoen, rounded down."""
    return newoen // 2
