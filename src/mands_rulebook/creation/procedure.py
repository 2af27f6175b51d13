"""Creating a character by the rulebook's procedure, step by step (seed 001 "Creating a
Character"; ``docs/character-generation.md``).

:func:`create` follows the seed's order, each step a function named after its section and
rolling on its own substream of the dice (``"abilities"``, ``"hero type"``, ``"extra powers"``,
``"choices"``, ``"power rolls"``, ``"attributes"``, ``"age"``, ``"skills"``, ``"knowledge"``,
``"weakness"``, ``"psychic immunity"``, ``"latent"``), so a test scripts each step's dice as the
walk-through gives them and one step's extra roll never moves another's:

1. Determining Abilities: three sets of six abilities on 3d6 and three attributes on 4d6.
2. Powers: the first Hero Type's roll (a Special Power for a hero or villain, G-300).
3. Extra Powers: tried until a chance is missed (15 % a Class Power, 35 % a Special Power, 45 %
   the first time for a character whose first power was Special).
4. Choose Your Ability/Attribute Set, switching the charismas if wanted; a woman adds 1 to
   Constitution.
5. Power Rolls and %Control: the power's dice (3d6 unless it says otherwise; four times, the best
   kept, for a first Special Power), %Control 76 + 4d6 for a power with a use; the ability bonuses
   rolled (Agility + 3d8 ...).
6. Remaining Attributes: height (d100 on the chart, plus 2d100 mm), build and beauty (4d6; a man
   adds 11 to build, a woman 10).
7. Age: 3d6 on the chart plus d10; under 16, play starts at 15 + d4 and the difference is added to
   every %Control (never above 100).
8. Skills: Driving d3 + 1, the starting combat skills, Power Use 2 for each power, extra skills at
   20 % until missed.
9. Knowledge: a language at five times Learning, Learning's points of d20, the hobby rolls.
10. Handicap or Weakness: (½ Class Powers + Special Powers + 2 − ½ weaknesses)² %, until missed.
11. Psychic Immunity and 12. Latent Powers.

What a sheet cannot hold or no rule of an encounter reads (appearance, family, wealth, base, pet)
is not rolled (G-303). A grunt is a Normal: no powers, and its few chances a Normal's.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Final, Literal, get_args

from mands_rulebook.creation.choices import SEXES, CreationDefaults, Decisions
from mands_rulebook.creation.tables import D100, CreationTables, HeroType, TableRow
from mands_rulebook.powers.agility_bonus import with_agility_bonus
from mands_rulebook.powers.beauty_bonus import roll_beauty_bonus, with_beauty_bonus
from mands_rulebook.powers.charisma_bonus import fear_inspiring, with_charisma_bonus
from mands_rulebook.powers.constitution_bonus import with_constitution_bonus
from mands_rulebook.powers.psychic_immunity import SCORE
from mands_rulebook.powers.strength_bonus import strength_with_bonus
from mands_sim.api import (
    Abilities,
    Attributes,
    CharacterSheet,
    DiceSource,
    PowerEntry,
    parse_dice,
    sheet_d100,
    spoken,
)

NO_DECISIONS: Final = Decisions()
STANDARD: Final = CreationDefaults()

Kind = Literal["hero", "villain", "grunt"]
KINDS: Final[tuple[Kind, ...]] = get_args(Kind)

PROCEDURE_VERSION: Final = 1
"""Raised whenever a change makes a seed give another character; every generated sheet says
which procedure made it."""

ABILITY_ORDER: Final = (
    "strength",
    "agility",
    "constitution",
    "learning",
    "active_charisma",
    "normal_charisma",
    "newoen",
    "hearing",
    "sight",
)
"""The box's nine scores in the order they are rolled: the six abilities on 3d6, then the three
attributes on 4d6 (seed "Abilities and Attributes"; the box is lost, G-302 orders it)."""

ABILITY_DICE: Final = "3d6"
ATTRIBUTE_DICE: Final = "4d6"
SETS: Final = 3
"""Seed: "Now, roll three sets of these"."""

SPECIAL: Final = "special"
POWER_ROLL_TRIES_FIRST_SPECIAL: Final = 4
"""Seed (Electricity): "He rolls 4 times for this one, since it was his first Special Power and he
rolled for his first power on the Special Powers table" — the best kept."""
CONTROL_BASE: Final = 76
CONTROL_DICE: Final = "4d6"
"""Seed: "%Control is found by rolling 4d6 and adding the result to 76"."""
MAX_CONTROL: Final = 100
"""Seed: "remembering that %Control cannot increase above 100"."""
HEIGHT_MM_DICE: Final = "2d100"
"""Seed: "To this, add 2d100 millimeters (2d100 divided by 1000 meters)"."""
BUILD_DICE: Final = "4d6"
BEAUTY_DICE: Final = "4d6"
BUILD_BONUS: Final = MappingProxyType({"female": 10, "male": 11})
"""Seed: "Female humans add 10 to build. Males add 11"."""
FEMALE_CONSTITUTION: Final = 1
"""Seed: "If your character is going to be female, add 1 to her Constitution"."""
AGE_DICE: Final = "3d6"
AGE_EXTRA_DIE: Final = "d10"
MATURITY_AGE: Final = 16
MATURITY_BASE: Final = 15
MATURITY_DIE: Final = "d4"
"""Seed: an age "less than 16 ... Your character will start the game at 15 plus d4 years"."""
DRIVING_DIE: Final = "d3"
"""Seed: "Most characters will have a driving level of d3 plus 1"."""
COMBAT_SKILLS: Final = MappingProxyType(
    {"Fistfighting": 2, "Clubs": 2, "Thrown Clubs": 2, "Firearms": 1}
)
"""Seed "Combat Skills": "level two in each of these skills: fist fighting, clubs, and thrown
clubs ... level 1 in Firearms"."""
POWER_USE: Final = "Power Use"
POWER_USE_LEVEL: Final = 2
"""Seed: "Characters start at level 2 in Power Use for each power" (G-302: each power that is
used, one with %Control; an ability bonus or a trait is never used in an action). A skill of
its own per power, so no extra skill is a bare "Power Use"."""
EXTRA_SKILL_CHANCE: Final = 20
STARTING_DICE: Final = "d4"
"""Seed: "The skill's level is rolled for with the Starting Dice" (lost; G-302)."""
LANGUAGE: Final = "English"
LANGUAGE_TIMES_LEARNING: Final = 5
KNOWLEDGE_DIE: Final = "d20"
MANDATORY_AREAS: Final = ("Mathematics", "Science", "Literature")
"""Seed: "at least one point in each of the following areas: Mathematics, Science, and
Language/Literature"."""
MORE_AREAS: Final = ("History", "Geography", "Mathematics", "Science", "Literature")
HOBBIES: Final = ("Climbing", "Fishing", "Hunting", "Survival", "Photography")
"""The areas the remaining points and the hobby rolls go to (G-302: the Knowledge List is
lost; no rule of an encounter reads knowledge)."""
HOBBY_DIVISOR: Final = 4
WEAKNESS_BASE: Final = 2
LATENT_BASE: Final = 10
"""Seed "Latent Powers": "10% for everybody else" (a hero or villain of no package; a grunt, a
Normal with no powers, has none)."""
IMMUNITY_ROLL: Final = MappingProxyType({"hero": (100, 100), "villain": (100, 100)})
"""Seed "Psychic Immunity": "Other characters have Psychic Immunity on a roll of 100 on d100.
Normals have it on a roll of 10000 on d10000"."""
NORMAL_IMMUNITY_ROLL: Final = (10000, 10000)
PSYCHIC_IMMUNITY: Final = "Psychic Immunity"
"""A trait rolled at step 11, not a power of a Hero Type: named with ``--power``, the character
has it without the roll for it, and its amount is rolled as step 11 rolls it."""
LOOP_LIMIT: Final = 20
"""No roll-until-missed step goes on past this many successes (every rolling loop has a
limit); no seed chance comes near it."""


@dataclass(frozen=True, slots=True)
class PowerFacts:
    """What creation needs of a registered power: how its PR is rolled (``None``: it has none),
    whether it has %Control (a power with a use; an automatic one has none) and the Hero Type
    tables its plugin puts it on besides the rulebook's (G-299)."""

    name: str
    pr_dice: str | None
    has_control: bool
    hero_types: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Catalogue:
    """The installed powers and skills a character may be made with."""

    powers: Mapping[str, PowerFacts]
    skills: tuple[str, ...]
    called: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    """A power's names and aliases, case, spacing and punctuation aside (``spoken``), to its
    registered name ("Electricity" → "Electric Power")."""

    def power_called(self, name: str) -> str:
        """The registered name of the power ``name`` means, or ``""``."""
        if name in self.powers:
            return name
        return self.called.get(spoken(name), "")


@dataclass(frozen=True, slots=True)
class Gained:
    """A power gained in steps 2, 3 and 12: its name, the table it came from or, for one the
    Editor named, the first table listing it (``None`` if none does: it counts as a Special
    Power), whether the Editor named it and whether it is latent."""

    name: str
    hero_type: str | None
    latent: bool = False
    named: bool = False


@dataclass(frozen=True, slots=True)
class Creation:
    """A created character: its sheet, the story of its making (one line per step, for the
    sheet's comment block) and what a sheet has no key for."""

    kind: Kind
    sheet: CharacterSheet
    story: tuple[str, ...]
    sex: str
    age: int
    weaknesses_rolled: int
    gained: tuple[Gained, ...] = field(default=())
    named: tuple[str, ...] = ()
    """The powers the Editor named (``--power``), in order."""
    level: int = 0
    """The Experience rows it has reached (``mands_rulebook.creation.experience``)."""


@dataclass(slots=True)
class _Making:
    """The character as the steps build it (private to :func:`create`)."""

    kind: Kind
    story: list[str]
    gained: list[Gained]
    sets: list[tuple[int, ...]] = field(default_factory=list)
    scores: dict[str, int | float] = field(default_factory=dict)
    sex: str = "male"
    powers: dict[str, PowerEntry] = field(default_factory=dict)
    bonuses: list[tuple[str, int]] = field(default_factory=list)
    skills: dict[str, int] = field(default_factory=dict)
    knowledge: dict[str, int] = field(default_factory=dict)
    age: int = 0
    weaknesses: int = 0
    immune: bool = False
    """Psychic Immunity named by the Editor (:data:`PSYCHIC_IMMUNITY`)."""

    def note(self, line: str) -> None:
        self.story.append(line)


def create(
    kind: Kind,
    dice: DiceSource,
    *,
    name: str,
    tables: CreationTables,
    catalogue: Catalogue,
    decisions: Decisions = NO_DECISIONS,
    defaults: CreationDefaults = STANDARD,
) -> Creation:
    """A character of ``kind`` made by the rulebook's procedure with ``dice``. ``decisions`` are
    the player's choices (each left ``None`` is made by ``defaults``); ``decisions.powers`` are
    powers the Editor names, taken before any roll."""
    making = _Making(kind, [], [])
    types = rolling_tables(tables, catalogue)
    decisions.check_types(types)
    determine_abilities(making, dice.substream("abilities"))
    if kind != "grunt":
        choose_powers(making, dice, types, tables, catalogue, decisions, defaults)
    choose_set(making, dice.substream("choices"), decisions, defaults)
    power_rolls(making, dice.substream("power rolls"), catalogue, tables)
    remaining_attributes(making, dice.substream("attributes"), tables)
    age(making, dice.substream("age"), tables)
    skills(making, dice.substream("skills"), catalogue)
    knowledge(making, dice.substream("knowledge"))
    weakness(making, dice.substream("weakness"))
    psychic_immunity(making, dice.substream("psychic immunity"))
    if kind != "grunt":
        latent_powers(making, dice.substream("latent"), types, tables, catalogue)
    return Creation(
        kind=kind,
        sheet=_sheet(making, name),
        story=tuple(making.story),
        sex=making.sex,
        age=making.age,
        weaknesses_rolled=making.weaknesses,
        gained=tuple(making.gained),
        named=decisions.powers,
    )


# --- the tables as installed -------------------------------------------------------------------


def rolling_tables(tables: CreationTables, catalogue: Catalogue) -> Mapping[str, HeroType]:
    """The Hero Type tables as the installed powers make them (G-299): a row naming a power no
    installed plugin registers is rolled again; a power a plugin puts on a table the rulebook's
    rows do not list joins it with a band of the table's mean width past 100 (the table is then
    rolled on the larger die), so the listed powers keep their rolls."""
    made: dict[str, HeroType] = {}
    for name, kind in tables.types.items():
        listed = set(kind.powers)
        joining = sorted(
            facts.name
            for facts in catalogue.powers.values()
            if name in facts.hero_types and facts.name not in listed
        )
        width = round(D100 / len(kind.rows))
        extra = tuple(
            TableRow(D100 + i * width + 1, D100 + (i + 1) * width, power)
            for i, power in enumerate(joining)
        )
        made[name] = replace(kind, rows=kind.rows + extra)
    return MappingProxyType(made)


def table_die(kind: HeroType) -> int:
    return kind.rows[-1].high


def roll_on(
    kind: HeroType,
    dice: DiceSource,
    catalogue: Catalogue,
    taken: Iterable[str],
    *,
    take_alternative: bool = False,
) -> str:
    """A power rolled on ``kind``'s table (a row's second power if it offers two and
    ``take_alternative``): a roll landing on a power not installed, or one the character has, is
    rolled again (G-299), at most :data:`LOOP_LIMIT` times; ``""`` if none lands."""
    have = set(taken)
    for _ in range(LOOP_LIMIT):
        row = kind.row_for(dice.face(table_die(kind)))
        power = row.alternative if take_alternative and row.alternative else row.power
        if power in catalogue.powers and power not in have:
            return power
    return ""


# --- 1. Determining Abilities ------------------------------------------------------------------


def determine_abilities(making: _Making, dice: DiceSource) -> None:
    """Seed: "Now, roll three sets of these. Roll 3d6 for the first 6 (abilities), and 4d6 for the
    last 3 (attributes)"."""
    for _ in range(SETS):
        making.sets.append(
            tuple(_roll(ABILITY_DICE if i < 6 else ATTRIBUTE_DICE, dice) for i in range(9))
        )
    shown = "; ".join(
        f"{_roman(i)} " + " ".join(str(v) for v in values) for i, values in enumerate(making.sets)
    )
    making.note(f"1. abilities (str agi con lrn ach nch new hea sig): {shown}")


# --- 2 and 3. Powers ---------------------------------------------------------------------------


def choose_powers(
    making: _Making,
    dice: DiceSource,
    types: Mapping[str, HeroType],
    tables: CreationTables,
    catalogue: Catalogue,
    decisions: Decisions,
    defaults: CreationDefaults,
) -> None:
    """Steps 2 and 3: the Editor's named powers, the first Hero Type's roll and the extra
    powers."""
    for name in decisions.powers:
        making.note(f"2. power named: {name}")
        if name == PSYCHIC_IMMUNITY:
            making.immune = True
            continue
        making.gained.append(Gained(name, _table_of(name, types), named=True))
    choosing = dice.substream("choices", "hero types")
    if making.gained:
        first = making.gained[0].hero_type or SPECIAL  # G-300: the named power's kind
    else:
        first = decisions.first_type or _first_type(defaults, tables, choosing)
    if not decisions.powers:
        roll_hero_type(
            making,
            first,
            dice.substream("hero type"),
            types,
            catalogue,
            step=2,
            take_alternative=decisions.take_alternative,
        )
    extra_powers(
        making, first, dice.substream("extra powers"), types, tables, catalogue, decisions, defaults
    )


def _first_type(defaults: CreationDefaults, tables: CreationTables, dice: DiceSource) -> str:
    """G-300: a hero's or villain's first Hero Type."""
    if defaults.G300_first_hero_type == SPECIAL:
        return SPECIAL
    return _class_type(tables, dice)


def _class_type(tables: CreationTables, dice: DiceSource) -> str:
    """G-300: a Class Power table picked by a die with as many faces as there are tables."""
    classes = tables.class_types
    return classes[dice.face(len(classes)) - 1]


def roll_hero_type(
    making: _Making,
    type_name: str,
    dice: DiceSource,
    types: Mapping[str, HeroType],
    catalogue: Catalogue,
    *,
    step: int,
    take_alternative: bool = False,
) -> None:
    """One roll on a Hero Type, for the creation ``step`` (2: the first Hero Type, 3: an extra
    power): a Special Power, or a Class Power's number of powers each rolled on its table (Biff:
    "he rolls for the number of powers and finds he has 4")."""
    kind = types[type_name]
    count = int(kind.rolls) if kind.rolls.isdigit() else _roll(kind.rolls, dice)
    rolled = []
    for _ in range(count):
        taken = (g.name for g in making.gained)
        power = roll_on(kind, dice, catalogue, taken, take_alternative=take_alternative)
        if power:
            making.gained.append(Gained(power, type_name))
            rolled.append(power)
    making.note(f"{step}. {kind.title}: " + (", ".join(rolled) or "nothing installed to roll"))


def extra_powers(
    making: _Making,
    first: str,
    dice: DiceSource,
    types: Mapping[str, HeroType],
    tables: CreationTables,
    catalogue: Catalogue,
    decisions: Decisions,
    defaults: CreationDefaults,
) -> None:
    """Seed "Extra Powers": "Roll for extra powers until the chance is missed", each try at the
    chance of the kind tried for; a character whose first Hero Type was a Special Power tries its
    first extra Special Power at 45 %."""
    planned = list(decisions.extra_tries or ())
    choosing = dice.substream("choices")
    special_tried = False
    for _ in range(LOOP_LIMIT):
        tried = planned.pop(0) if planned else _extra_try(defaults, tables, choosing)
        chance = _extra_chance(tables, tried, first, special_tried)
        special_tried = special_tried or tried == SPECIAL
        roll = sheet_d100(dice)
        if roll > chance:
            making.note(
                f"3. extra power: {types[tried].title} at {chance} %, rolled {roll}: missed"
            )
            return
        making.note(f"3. extra power: {types[tried].title} at {chance} %, rolled {roll}")
        roll_hero_type(
            making,
            tried,
            dice,
            types,
            catalogue,
            step=3,
            take_alternative=decisions.take_alternative,
        )


def _extra_chance(tables: CreationTables, tried: str, first: str, special_tried: bool) -> int:
    chances = tables.extra_powers
    if tried != SPECIAL:
        return chances.class_power
    if first == SPECIAL and not special_tried:
        return chances.first_special_after_special
    return chances.special_power


def _extra_try(defaults: CreationDefaults, tables: CreationTables, dice: DiceSource) -> str:
    """G-300: the kind of power an extra roll tries for."""
    tries = defaults.G300_extra_power_tries
    if tries == SPECIAL or (tries == "alternate" and dice.face(2) == 1):
        return SPECIAL
    return _class_type(tables, dice)


def _table_of(name: str, types: Mapping[str, HeroType]) -> str | None:
    """The first table listing ``name`` (the Special Powers first), or ``None``."""
    return next((t for t, kind in types.items() if name in kind.powers), None)


# --- 4. Choose Your Ability/Attribute Set ------------------------------------------------------


def choose_set(
    making: _Making, dice: DiceSource, decisions: Decisions, defaults: CreationDefaults
) -> None:
    """Seed: "choose which set—I, II, or III—you wish to use ... decide whether or not you want to
    switch your active and normal charismas ... If your character is going to be female, add 1 to
    her Constitution". Left to the defaults: G-301."""
    index = (decisions.ability_set or _best_set(making.sets, defaults)) - 1
    making.scores = dict(zip(ABILITY_ORDER, making.sets[index], strict=True))
    switch = decisions.switch_charismas
    if switch is None:
        switch = (
            defaults.G301_charismas == "higher-active"
            and making.scores["normal_charisma"] > making.scores["active_charisma"]
        )
    if switch:
        scores = making.scores
        scores["active_charisma"], scores["normal_charisma"] = (
            scores["normal_charisma"],
            scores["active_charisma"],
        )
    making.sex = decisions.sex or SEXES[dice.face(len(SEXES)) - 1]
    if making.sex == "female":
        making.scores["constitution"] += FEMALE_CONSTITUTION
    making.note(
        f"4. set {_roman(index)}" + (", charismas switched" if switch else "") + f"; {making.sex}"
    )


def _best_set(sets: Sequence[tuple[int, ...]], defaults: CreationDefaults) -> int:
    """G-301: the set with the highest total of its nine scores (the first of equals)."""
    if defaults.G301_ability_set == "first":
        return 1
    totals = [sum(values) for values in sets]
    return totals.index(max(totals)) + 1


# --- 5. Power Rolls and %Control ---------------------------------------------------------------


def power_rolls(
    making: _Making, dice: DiceSource, catalogue: Catalogue, tables: CreationTables
) -> None:
    """Seed: "Roll Power Rolls for each power you have ... Roll %Control for each applicable
    power", power by power in the order gained; the ability bonuses' dice are rolled here and
    added when their ability is known."""
    first = making.gained[0] if making.gained else None
    rolled_special_first = first is not None and first.hero_type == SPECIAL and not first.named
    for gained in making.gained:
        facts = catalogue.powers[gained.name]
        tries = POWER_ROLL_TRIES_FIRST_SPECIAL if rolled_special_first and gained is first else 1
        bonus_step = ABILITY_BONUSES.get(gained.name)
        if bonus_step is not None:
            bonus = bonus_step(making, dice)
            making.bonuses.append((gained.name, bonus))
            making.note(f"5. {gained.name}: {bonus:+d}")
            continue
        if gained.name in PROTECTIONS:
            making.powers[gained.name] = PROTECTIONS[gained.name](making, dice)
            continue
        rating = _power_rating(facts, dice, tries)
        controlled = facts.has_control or gained.name in tables.controlled
        control = _control(dice) if controlled else None
        making.powers[gained.name] = PowerEntry(gained.name, rating, control)
        making.note(f"5. {gained.name}: {_rating_text(rating)}" + _control_text(control))


def _rating_text(rating: int | None) -> str:
    return "no PR" if rating is None else f"PR {rating}"


def _control_text(control: int | None) -> str:
    return f", {control} %Control" if control is not None else ""


def _power_rating(facts: PowerFacts, dice: DiceSource, tries: int) -> int | None:
    if facts.pr_dice is None:
        return None
    return max(_roll(facts.pr_dice, dice) for _ in range(tries))


def _control(dice: DiceSource) -> int:
    return min(MAX_CONTROL, CONTROL_BASE + _roll(CONTROL_DICE, dice))


def _skin_temper(making: _Making, dice: DiceSource) -> PowerEntry:
    """Superhuman roll 87: "Skin Temper + d5/5" (Seraph: 4 on d5, "a bonus of .8"); the share of
    the time it protects is a d100 rolled now (G-06: Seraph 42)."""
    bonus = dice.face(5) / 5
    cover = sheet_d100(dice)
    making.note(f"5. Skin Temper: +{bonus:g}, protects {cover} % of the time")
    return PowerEntry(
        "Skin Temper", extra=MappingProxyType({"bonus": bonus, "cover_chance": cover})
    )


def _ignore_damage(making: _Making, dice: DiceSource) -> PowerEntry:
    """Superhuman roll 87's other choice: "Ignore 2d5 points damage", Personal Armor whose Cover
    Chance is rolled as Skin Temper's (G-06)."""
    points = _roll("2d5", dice)
    cover = sheet_d100(dice)
    making.note(f"5. Ignore Damage: {points} points, protects {cover} % of the time")
    extra = MappingProxyType({"bonus": points, "cover_chance": cover})
    return PowerEntry("Ignore Damage", extra=extra)


_BonusStep = Callable[["_Making", DiceSource], int]


def _dice_bonus(expression: str) -> _BonusStep:
    def roll(making: _Making, dice: DiceSource) -> int:
        return _roll(expression, dice)

    return roll


def _beauty(making: _Making, dice: DiceSource) -> int:
    """Beauty + 3d6, taken off on the seed's 1 % (a hero) or 20 % (a villain)."""
    return roll_beauty_bonus(dice, "villain" if making.kind == "villain" else "hero")


def _charisma(making: _Making, dice: DiceSource) -> int:
    """Charisma Bonus: the dice, and a villain's 25 % of being fear-inspiring (recorded)."""
    bonus = _roll("3d6", dice)
    if making.kind == "villain" and fear_inspiring(dice):
        making.note("5. Charisma Bonus: a fear-inspiring villain")
    return bonus


ABILITY_BONUSES: Final = MappingProxyType(
    {
        "Agility Bonus": _dice_bonus("3d8"),
        "Constitution Bonus": _dice_bonus("3d8"),
        "Strength Bonus": _dice_bonus("3d6"),
        "Beauty Bonus": _beauty,
        "Charisma Bonus": _charisma,
    }
)
"""The ability bonuses' rolls (Superhuman: "Agility + 3d8", "Constitution + 3d8", "Beauty +
3d6"; Strength's and Charisma's dice are lost, 3d6 as most powers)."""

PROTECTIONS: Final = MappingProxyType(
    {"Skin Temper": _skin_temper, "Ignore Damage": _ignore_damage}
)


# --- 6. Remaining Attributes -------------------------------------------------------------------


def remaining_attributes(making: _Making, dice: DiceSource, tables: CreationTables) -> None:
    """Seed: height "Roll d100 and consult the following chart ... add 2d100 millimeters"; build
    and beauty 4d6, "Female humans add 10 to build. Males add 11"."""
    base = round(tables.height_base + tables.height_step * sheet_d100(dice), 3)
    height = round(base + _roll(HEIGHT_MM_DICE, dice) / 1000, 3)
    build = _roll(BUILD_DICE, dice) + BUILD_BONUS[making.sex]
    beauty = _roll(BEAUTY_DICE, dice)
    making.scores.update(height=height, build=build, beauty=beauty)
    making.note(f"6. height {base:.3f} + mm = {height:.3f} m; build {build}; beauty {beauty}")


# --- 7. Age ------------------------------------------------------------------------------------


def age(making: _Making, dice: DiceSource, tables: CreationTables) -> None:
    """Seed: "Roll 3d6 ... for the character's base age, and add d10"; under 16, "start the game
    at 15 plus d4 years" and add the difference to every %Control (never above 100)."""
    rolled = _roll(AGE_DICE, dice) + tables.age_offset + _roll(AGE_EXTRA_DIE, dice)
    making.age = rolled
    if rolled < MATURITY_AGE:
        making.age = MATURITY_BASE + _roll(MATURITY_DIE, dice)
        raised = making.age - rolled
        for name, entry in making.powers.items():
            if entry.percent_control is not None:
                control = min(MAX_CONTROL, entry.percent_control + raised)
                making.powers[name] = replace(entry, percent_control=control)
        making.note(f"7. age rolled {rolled}, plays at {making.age}: +{raised} %Control")
        return
    making.note(f"7. age {rolled}")


# --- 8. Skills ---------------------------------------------------------------------------------


def skills(making: _Making, dice: DiceSource, catalogue: Catalogue) -> None:
    """Seed "Skills": Driving d3 + 1, the starting combat skills, Power Use 2 for each power, and
    "a 20% chance of being able to choose an extra skill. This can be rolled until it is
    missed", its level on the Starting Dice."""
    making.skills["Driving"] = _roll(DRIVING_DIE, dice) + 1
    making.note(f"8. Driving {making.skills['Driving']}")
    making.skills.update(COMBAT_SKILLS)
    for name, entry in making.powers.items():
        if entry.percent_control is not None:
            making.skills[f"{POWER_USE} ({name})"] = POWER_USE_LEVEL
    choices = [s for s in catalogue.skills if s not in making.skills and s != POWER_USE]
    for _ in range(LOOP_LIMIT):
        if not choices or sheet_d100(dice) > EXTRA_SKILL_CHANCE:
            break
        skill = choices.pop(dice.face(len(choices)) - 1)
        making.skills[skill] = _roll(STARTING_DICE, dice)
        making.note(f"8. extra skill: {skill} {making.skills[skill]}")


# --- 9. Knowledge ------------------------------------------------------------------------------


def knowledge(making: _Making, dice: DiceSource) -> None:
    """Seed "Knowledge": a language at "five times learning"; Learning's points, each a d20 in
    an area, one in each of Mathematics, Science and Language/Literature first; the hobby rolls,
    "Normal Charisma by 4, round up, and make this positive", each d20 no higher than Newoen."""
    learning = int(making.scores["learning"])
    making.knowledge[LANGUAGE] = LANGUAGE_TIMES_LEARNING * max(0, learning)
    points = max(0, learning)
    areas = [*MANDATORY_AREAS] if points >= len(MANDATORY_AREAS) else []
    for point in range(points):
        area = areas[point] if point < len(areas) else MORE_AREAS[dice.face(len(MORE_AREAS)) - 1]
        _learn(making, area, _roll(KNOWLEDGE_DIE, dice))
    hobby_rolls = abs(math.ceil(making.scores["normal_charisma"] / HOBBY_DIVISOR))
    for _ in range(hobby_rolls):
        hobby = HOBBIES[dice.face(len(HOBBIES)) - 1]
        _learn(making, hobby, min(_roll(KNOWLEDGE_DIE, dice), int(making.scores["newoen"])))


def _learn(making: _Making, area: str, score: int) -> None:
    making.knowledge[area] = making.knowledge.get(area, 0) + max(0, score)


# --- 10. Handicap or Weakness, 11. Psychic Immunity, 12. Latent Powers -------------------------


def weakness_chance(class_powers: int, special_powers: int, weaknesses: int) -> float:
    """Seed: "Add half the number of Class Powers your character has to the number of Special
    Powers, add 2, and then subtract half the number of weaknesses already rolled up. Square
    this" (Seraph: ½ × 4 + 2 + 2 = 6, 36 %)."""
    return (class_powers / 2 + special_powers + WEAKNESS_BASE - weaknesses / 2) ** 2


def weakness(making: _Making, dice: DiceSource) -> None:
    """Seed "Handicap or Weakness": rolled until missed; each one rolled is for the Editor to make
    (G-303: noted on the sheet, not played)."""
    class_powers, special_powers = _power_counts(making)
    for _ in range(LOOP_LIMIT):
        chance = weakness_chance(class_powers, special_powers, making.weaknesses)
        if chance <= 0 or sheet_d100(dice) > chance:
            break
        making.weaknesses += 1
    if making.weaknesses:
        making.note(f"10. {making.weaknesses} Handicap(s) or Weakness(es) for the Editor to make")


def _power_counts(making: _Making) -> tuple[int, int]:
    """(Class Powers, Special Powers) gained; a power the Editor named that no Class table lists
    counts as a Special Power."""
    powers = [g for g in making.gained if not g.latent]
    special = sum(1 for g in powers if g.hero_type in (SPECIAL, None))
    return len(powers) - special, special


def psychic_immunity(making: _Making, dice: DiceSource) -> None:
    """Seed "Psychic Immunity": "on a roll of 100 on d100" (Normals 10000 on d10000); "2d100 for
    the amount" (Normals d100), and "a chance equal to newoen, rolled until missed, that another
    d100 can be added"."""
    sides, needed = IMMUNITY_ROLL.get(making.kind, NORMAL_IMMUNITY_ROLL)
    if not making.immune and dice.face(sides) < needed:
        return
    score = _roll("d100" if making.kind == "grunt" else "2d100", dice)
    for _ in range(LOOP_LIMIT):
        if sheet_d100(dice) > making.scores["newoen"]:
            break
        score += _roll("d100", dice)
    making.powers[PSYCHIC_IMMUNITY] = PowerEntry(
        PSYCHIC_IMMUNITY, extra=MappingProxyType({SCORE: score})
    )
    making.note(f"11. Psychic Immunity {score}")


def latent_powers(
    making: _Making,
    dice: DiceSource,
    types: Mapping[str, HeroType],
    tables: CreationTables,
    catalogue: Catalogue,
) -> None:
    """Seed "Latent Powers": the base chance less one for each Class and Special power; "roll d8
    for the kind of power, and then roll for the power on the appropriate table". It shows up
    only on a triggering event, so it has a PR and no %Control yet."""
    chance = LATENT_BASE - sum(_power_counts(making))
    if chance <= 0 or sheet_d100(dice) > chance:
        return
    kind = types[tables.latent_type(dice.face(tables.latent_die))]
    power = roll_on(kind, dice, catalogue, (g.name for g in making.gained))
    if not power:
        return
    making.gained.append(Gained(power, kind.name, latent=True))
    making.powers[power] = _latent_entry(making, power, dice, catalogue)
    making.note(f"12. latent: {power}, {_rating_text(making.powers[power].power_rating)}")


def _latent_entry(
    making: _Making, power: str, dice: DiceSource, catalogue: Catalogue
) -> PowerEntry:
    """A latent power's entry: its roll as a gained power's (a protection's values, a bonus's
    dice, else the PR), marked latent; no %Control until it shows up, and an ability bonus is
    not added to the ability until then."""
    if power in PROTECTIONS:
        entry = PROTECTIONS[power](making, dice)
    elif power in ABILITY_BONUSES:
        entry = PowerEntry(power, power_rating=abs(ABILITY_BONUSES[power](making, dice)))
    else:
        entry = PowerEntry(power, _power_rating(catalogue.powers[power], dice, 1))
    return replace(entry, extra=MappingProxyType({**entry.extra, "latent": True}))


# --- the sheet ---------------------------------------------------------------------------------


def _sheet(making: _Making, name: str) -> CharacterSheet:
    scores = making.scores
    sheet = CharacterSheet(
        name=name,
        is_special=making.kind != "grunt",
        abilities=Abilities(
            strength=int(scores["strength"]),
            agility=int(scores["agility"]),
            constitution=int(scores["constitution"]),
            learning=int(scores["learning"]),
            newoen=int(scores["newoen"]),
            active_charisma=scores["active_charisma"],
            normal_charisma=scores["normal_charisma"],
        ),
        attributes=Attributes(
            beauty=int(scores["beauty"]),
            build=int(scores["build"]),
            height=float(scores["height"]),
            hearing=int(scores["hearing"]),
            sight=int(scores["sight"]),
        ),
        skills=MappingProxyType(dict(making.skills)),
        powers=MappingProxyType(dict(making.powers)),
        knowledge=MappingProxyType(dict(making.knowledge)),
    )
    for power, bonus in making.bonuses:
        sheet = _with_bonus(sheet, power, bonus)
    return sheet


def _with_bonus(sheet: CharacterSheet, power: str, bonus: int) -> CharacterSheet:
    """An ability bonus made into the sheet by its power's own creation step (G-112)."""
    if power == "Agility Bonus":
        return with_agility_bonus(sheet, bonus)
    if power == "Constitution Bonus":
        return with_constitution_bonus(sheet, bonus)
    if power == "Beauty Bonus":
        return with_beauty_bonus(sheet, bonus)
    if power == "Charisma Bonus":
        return with_charisma_bonus(sheet, active=bonus, normal=0)
    strength = strength_with_bonus(sheet.abilities.strength, bonus)
    abilities = replace(sheet.abilities, strength=strength)
    powers = {**sheet.powers, power: PowerEntry(power, power_rating=bonus)}
    return replace(sheet, abilities=abilities, powers=MappingProxyType(powers))


def _roll(expression: str, dice: DiceSource) -> int:
    return parse_dice(expression).roll(dice).total


def _roman(index: int) -> str:
    return ("I", "II", "III")[index]
