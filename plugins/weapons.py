"""Weapons: the weapon table, drawing a weapon, and attacking with one (``rules/gaps.md`` G-42).

The seed's weapon tables are lost; ``data/weapons.toml`` holds a handful of weapons, every value
marked with its source or "G-42 invented". This builtin plugin

* loads and checks that file (:func:`load_weapons`); a bad file raises
  :class:`~mands_sim.errors.RulesDataError` naming the file and the key, and loading never
  executes code;
* registers ``draw-weapon``: the weapon's draw time less the character's Quick Draw level for
  that weapon type (seed "Quick Draw"), no roll and no EP (G-62); the weapon is held ready when
  the draw completes (a :class:`~mands_sim.events.WeaponReadied` event);
* registers ``weapon-attack`` (``Intent.options["weapon"]``, default: the weapon held ready): a
  Combat Roll as for fists with the same Quality allocation (``rules/combat.md`` §5), damage =
  the weapon's damage (plus Hand Damage for a strength weapon) plus the damage Q, as a
  :class:`~mands_rulebook.damage.Blow` through ``strike`` (§7); EP = the Combat Roll's row 5
  plus the weapon's row (G-13);
* throws thrown weapons: a Throw Roll (§15) gives the Short Range and Range Set (G-21); the
  weapon leaves the hand when the throw resolves (:class:`~mands_sim.events.WeaponThrown`);
* rolls the Cover Chance of the target's place against a ranged hit (G-63);
* registers the ``armed`` policy.

Range penalties, sight and the range refusals are ``mands_rulebook.range``.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Annotated, Any, Final, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from mands_sim import answers_actions, hookimpl
from mands_sim.actions import ActionDefinition, ActionInProgress, Intent, QualityAllocation, Wait
from mands_sim.dice import roll_d100
from mands_sim.errors import RulesDataError
from mands_sim.events import (
    AttackResolved,
    Event,
    PercentRolled,
    QualityAllocated,
    RollMade,
    WeaponReadied,
    WeaponThrown,
)
from mands_sim.kernel.encounter import Charge, Encounter, Initiation
from mands_sim.kernel.state import CharacterState
from mands_sim.model.sheet import CharacterSheet
from mands_sim.registry import Register
from mands_sim.rolls import (
    MINIMUM_PERFORMANCE_TIME,
    ActionRoll,
    reduced_performance_time,
)

from .damage import Blow, strike
from .editing_points import character_roll
from .fists import combat_roll, new_defense, prepare_blow, roll_event, spend_quality
from .movement import distance_now, position_now

MELEE: Final = "melee"
RANGED: Final = "ranged"
THROWN: Final = "thrown"

WEAPON_OPTION: Final = "weapon"
"""``Intent.options`` key naming the weapon (as in the weapon table and on the sheet)."""

THROWN_RANGES_OPTION: Final = "thrown_ranges"
"""``Intent.options`` key set on the Combat Roll's intent: this throw's :class:`Ranges` (G-21)."""

COMBAT_ROLL_ROW: Final = 5
"""``rules/combat.md`` §5: the Combat Roll costs 1 EP (row 5), charged besides the weapon (G-13)."""

THROW_ROLL: Final = "Throw Roll"
"""What Editing Points on a Throw Roll train (seed 000: "whatever the roll was for")."""

WEAPONS_FILE: Final = Path(__file__).parent / "data" / "weapons.toml"
"""The bundled weapon table (``rules/gaps.md`` G-42)."""


# --- the weapon table --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Ranges:
    """A ranged attack's Short Range, Range Set and Maximum Range, in meters (§11)."""

    short_range: float
    range_set: float
    max_range: float


@dataclass(frozen=True, slots=True)
class Weapon:
    """One row of the weapon table; the keys are described in ``data/weapons.toml``."""

    name: str
    skill: str
    reach: str
    damage: int
    performance_time: int
    draw_time: int
    ep_row: int
    hand_damage: bool = False
    kind: str = "bludgeoning"
    penetration: int = 0
    vs_skin_temper: int = 0
    ranges: Ranges | None = None
    mass: float | None = None
    small_projectile: bool = False
    hands: int = 1

    @property
    def thrown(self) -> bool:
        return self.reach == THROWN

    @property
    def melee(self) -> bool:
        """A melee weapon needs contact with its target (no ranges)."""
        return self.reach == MELEE


_Positive = Annotated[float, Field(gt=0)]


class _WeaponFormat(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)
    skill: Annotated[str, Field(min_length=1)]
    reach: Literal["melee", "ranged", "thrown"]
    damage: Annotated[int, Field(ge=0)]
    hand_damage: bool = False
    kind: Literal["bludgeoning", "penetrating"] = "bludgeoning"
    penetration: Annotated[int, Field(ge=0)] = 0
    vs_skin_temper: Annotated[int, Field(ge=0)] = 0
    performance_time: Annotated[int, Field(ge=1)]
    draw_time: Annotated[int, Field(ge=1)]
    ep_row: Annotated[int, Field(ge=0)]
    short_range: _Positive | None = None
    range_set: _Positive | None = None
    max_range: _Positive | None = None
    mass: _Positive | None = None
    small_projectile: bool = False
    hands: Literal[1, 2] = 1


class _FileFormat(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)
    kind: Literal["weapons"]
    source: Annotated[str, Field(min_length=1)]
    weapons: dict[Annotated[str, Field(min_length=1)], _WeaponFormat]


def load_weapons(path: Path | str = WEAPONS_FILE) -> Mapping[str, Weapon]:
    """Read and check a weapon table; every problem raises ``RulesDataError`` naming the file
    and the dotted key (``weapons.knife.damage``)."""
    source = str(path)
    try:
        with open(path, "rb") as handle:
            content = tomllib.load(handle)
    except OSError as error:
        raise RulesDataError(source, f"cannot read the file ({error.strerror})") from error
    except tomllib.TOMLDecodeError as error:
        raise RulesDataError(source, f"not valid TOML ({error})") from error
    try:
        checked = _FileFormat.model_validate(content)
    except ValidationError as error:
        problem = error.errors()[0]
        key = ".".join(str(part) for part in problem["loc"])
        raise RulesDataError(source, f"{key}: {problem['msg']}") from None
    weapons = {name: _weapon(source, name, row) for name, row in checked.weapons.items()}
    return MappingProxyType(weapons)


def _weapon(source: str, name: str, row: _WeaponFormat) -> Weapon:
    """One checked row: ranges only (and all three) for ranged and thrown weapons, a mass for
    thrown ones, penetration only on bludgeoning weapons."""
    where = f"weapons.{name}"
    given = [row.short_range, row.range_set, row.max_range]
    if row.reach == MELEE and any(value is not None for value in given):
        raise RulesDataError(source, f"{where}: a melee weapon has no ranges")
    if row.reach != MELEE and any(value is None for value in given):
        raise RulesDataError(source, f"{where}: needs short_range, range_set and max_range")
    ranges = None if row.reach == MELEE else Ranges(*(float(v or 0) for v in given))
    if ranges is not None and ranges.short_range > ranges.max_range:
        raise RulesDataError(source, f"{where}: short_range is beyond max_range")
    if row.reach == THROWN and row.mass is None:
        raise RulesDataError(source, f"{where}: a thrown weapon needs its mass")
    if row.kind == "penetrating" and row.penetration:
        raise RulesDataError(source, f"{where}: penetration is for bludgeoning weapons")
    fields = row.model_dump(exclude={"short_range", "range_set", "max_range"})
    return Weapon(name=name, ranges=ranges, **fields)


@lru_cache(maxsize=1)
def standard_weapons() -> Mapping[str, Weapon]:
    """The bundled weapon table, read once."""
    return load_weapons(WEAPONS_FILE)


# --- who holds what ----------------------------------------------------------------------------


def intended_weapon(encounter: Encounter, actor: str, intent: Intent) -> Weapon | None:
    """The weapon ``intent`` names, or the one ``actor`` holds ready; ``None`` if neither is a
    weapon of the table."""
    name = intent.options.get(WEAPON_OPTION, encounter.state[actor].readied)
    return None if name is None else standard_weapons().get(str(name))


def carried(encounter: Encounter, actor: str, weapon: str) -> int:
    """How many of ``weapon`` the sheet's equipment lists, less those already thrown."""
    owned: int = encounter.character(actor).sheet.equipment.count(weapon)
    if owned == 0:
        return 0
    thrown = sum(
        1
        for event in encounter.log
        if isinstance(event, WeaponThrown) and (event.character, event.weapon) == (actor, weapon)
    )
    return owned - thrown


def first_weapon(sheet: CharacterSheet) -> str | None:
    """The first item of the sheet's equipment that is in the weapon table."""
    return next((item for item in sheet.equipment if item in standard_weapons()), None)


# --- drawing a weapon (seed "Quick Draw"; G-62) ------------------------------------------------

DRAW_WEAPON = ActionDefinition(
    name="draw-weapon",
    # G-62: the real time is the weapon's draw_time (data/weapons.toml); this is the listing's.
    performance_time=10,
    ep_row=0,  # G-62: drawing costs no EP
    summary="Draw a weapon and hold it ready: its draw time less Quick Draw (G-62).",
)


def quick_draw_level(sheet: CharacterSheet, weapon: Weapon) -> int:
    """Seed "Quick Draw" "applies to only one weapon type": the sheet's ``Quick Draw (<skill>)``."""
    return sheet.skills.get(f"Quick Draw ({weapon.skill})", 0)


def draw_time(sheet: CharacterSheet, weapon: Weapon) -> int:
    """Seed "Quick Draw": "reduces the Performance Time for drawing a weapon by level segments";
    never below 1 segment (``rules/combat.md`` §3)."""
    return max(MINIMUM_PERFORMANCE_TIME, weapon.draw_time - quick_draw_level(sheet, weapon))


def draw_refusals(encounter: Encounter, actor: str, intent: Intent) -> list[str]:
    name = intent.options.get(WEAPON_OPTION)
    if name is None:
        return ["draw-weapon needs options.weapon"]
    if name not in standard_weapons():
        return [f"no weapon named {name!r} in the weapon table"]
    if carried(encounter, actor, str(name)) < 1:
        return [f"{actor} carries no {name}"]
    if encounter.state[actor].readied == name:
        return [f"{actor} already holds the {name} ready"]
    return []


# --- attacking with a weapon (rules/combat.md §5-7, §15; G-13, G-21, G-42, G-63) ---------------

WEAPON_ATTACK = ActionDefinition(
    name="weapon-attack",
    # G-42: the real time is the weapon's performance_time; this is the listing's (a fist's).
    performance_time=15,
    ep_row=COMBAT_ROLL_ROW,
    needs_target=True,
    summary="Attack with the weapon held ready: Combat Roll, Attack against Defense, its damage.",
)


def attack_refusals(encounter: Encounter, actor: str, intent: Intent) -> list[str]:
    if intent.target is None:
        return ["weapon-attack needs a target"]
    name = intent.options.get(WEAPON_OPTION, encounter.state[actor].readied)
    if name is None:
        return [f"{actor} names no weapon and holds none ready"]
    if name not in standard_weapons():
        return [f"no weapon named {name!r} in the weapon table"]
    if encounter.state[actor].readied != name:
        return [f"{actor} has not drawn the {name} (G-62)"]
    return []


@dataclass(frozen=True, slots=True)
class Throw:
    """A Throw Roll and how far it sends the object (``rules/combat.md`` §15)."""

    roll: ActionRoll
    distance: float


def throw_roll(encounter: Encounter, actor: str, intent: Intent, weapon: Weapon) -> Throw:
    """Seed "Throw Roll": vs. Strength − 9, a Bonus Pool of Mass (Sphere); the Q covers the
    object's mass (Sphere) and the rest is distance, Result → Sphere meters. A failed roll still
    throws: its negative Q is read the same way (G-21 reading: all spare Q goes to distance)."""
    figured = encounter.character(actor).figured
    roll = character_roll(
        encounter,
        actor,
        intent,
        "throw",
        target=figured.throw_roll,
        pool=figured.throw_bonus,
        improves=THROW_ROLL,
    )
    chart = encounter.charts.action
    quality = roll.quality - chart.sphere(weapon.mass or 0) if roll.succeeded else roll.quality
    return Throw(roll, chart.from_result("sphere", quality, magnitude=True))


def thrown_ranges(weapon: Weapon, throw: Throw) -> Ranges:
    """G-21: Short Range = the Throw-Roll distance (never past Maximum Range), Range Set = ½."""
    assert weapon.ranges is not None
    short = min(throw.distance, weapon.ranges.max_range)
    return Ranges(short, short / 2, weapon.ranges.max_range)


def attack_initiation(
    encounter: Encounter, actor: str, intent: Intent, weapon: Weapon
) -> Initiation:
    """The Combat Roll (after a Throw Roll for a thrown weapon), its Quality, EP and time."""
    events: list[Event] = []
    rolled = intent
    if weapon.thrown and encounter.defaults.G21_thrown_ranges == "throw_roll":
        throw = throw_roll(encounter, actor, intent, weapon)
        events.append(roll_made(encounter, actor, "throw roll", throw.roll))
        options = {**intent.options, THROWN_RANGES_OPTION: thrown_ranges(weapon, throw)}
        rolled = replace(intent, options=options)
    roll = combat_roll(encounter, actor, rolled, improves=weapon.skill)
    allocation = spend_quality(encounter, actor, intent, roll.quality)
    events += [roll_event(encounter, actor, roll), allocated(encounter, actor, allocation)]
    return Initiation(
        performance_time=reduced_performance_time(
            weapon.performance_time, allocation.speed, encounter.defaults
        ),
        events=tuple(events),
        # G-13: the Combat Roll's row 5 (less EP Q) and the weapon's own row.
        charges=(
            Charge(COMBAT_ROLL_ROW - allocation.ep, "combat roll"),
            Charge(weapon.ep_row, weapon.name),
        ),
        prepared={
            **prepare_blow(encounter, actor, roll.quality, allocation),
            WEAPON_OPTION: weapon.name,
        },
    )


def roll_made(encounter: Encounter, actor: str, purpose: str, roll: ActionRoll) -> RollMade:
    return replace(roll_event(encounter, actor, roll), purpose=purpose)


def allocated(encounter: Encounter, actor: str, allocation: QualityAllocation) -> QualityAllocated:
    a = allocation
    return QualityAllocated(
        encounter.now, actor, WEAPON_ATTACK.name, a.attack, a.defense, a.speed, a.damage, a.ep
    )


def resolve_attack(encounter: Encounter, actor: str, action: ActionInProgress) -> list[Event]:
    """§6: Attack ≥ Defense hits; a thrown weapon leaves the hand; cover may stop a ranged hit
    (G-63); what lands goes through ``strike`` (§7)."""
    weapon = standard_weapons()[str(action.prepared[WEAPON_OPTION])]
    target = action.intent.target
    assert target is not None
    attack = int(action.prepared["attack"])
    defense = encounter.state[target].defense
    hit = attack >= defense  # §6: ties hit
    events: list[Event] = [
        new_defense(encounter, actor, action),
        AttackResolved(encounter.now, actor, target, attack, defense, hit),
    ]
    if weapon.thrown:
        events.append(WeaponThrown(encounter.now, actor, weapon.name, target))
    if not hit:
        return events
    cover = cover_roll(encounter, actor, target, weapon)
    if cover is not None:
        events.append(cover)
        if cover.succeeded:
            return events
    return events + strike(encounter, target, weapon_blow(encounter, actor, weapon, action))


def weapon_blow(encounter: Encounter, actor: str, weapon: Weapon, action: ActionInProgress) -> Blow:
    """The weapon's damage, plus Hand Damage for a strength weapon (seed "Hand Damage"), plus
    the blow's damage change; never below 0 (``rules/combat.md`` §7.1)."""
    hand = int(encounter.character(actor).figured.hand_damage) if weapon.hand_damage else 0
    raw = max(0, weapon.damage + hand + int(action.prepared["damage"]))
    return Blow(
        raw=raw,
        source=actor,
        kind=weapon.kind,
        penetration=min(weapon.penetration, raw),
        vs_skin_temper=weapon.vs_skin_temper,
        small_projectile=weapon.small_projectile,
        weapon=weapon.name,
    )


def cover_roll(
    encounter: Encounter, actor: str, target: str, weapon: Weapon
) -> PercentRolled | None:
    """G-63: a ranged or thrown hit on someone at a place with cover is stopped by the cover when
    the defender's d100 is at most the place's Cover Chance (§13: "roll d100 ≤ Cover Chance", as
    for armor). No roll in melee, from the same spot, at 0 %, or when G-63 ignores cover."""
    if weapon.melee or encounter.defaults.G63_cover_against_ranged == "ignored":
        return None
    here, there = position_now(encounter, actor), position_now(encounter, target)
    if encounter.world is None or there is None or here == there:
        return None
    place = encounter.world.nearest_place(there)
    chance = int(encounter.world.cover(place))
    if chance <= 0:
        return None
    roll = roll_d100(encounter.dice_for(target))
    return PercentRolled(encounter.now, target, f"cover at {place}", chance, roll, roll <= chance)


# --- the hooks -----------------------------------------------------------------------------------


@hookimpl
def mands_register_actions(register: Register) -> None:
    """Also reads the weapon table, so a bad data file fails when a simulation is built."""
    standard_weapons()
    for action in (DRAW_WEAPON, WEAPON_ATTACK):
        register(action.name, action, summary=action.summary, source="rules text")


@hookimpl
@answers_actions(DRAW_WEAPON.name, WEAPON_ATTACK.name)
def mands_action_refusals(encounter: Encounter, actor: str, intent: Intent) -> list[str]:
    if intent.action == DRAW_WEAPON.name:
        return draw_refusals(encounter, actor, intent)
    if intent.action == WEAPON_ATTACK.name:
        return attack_refusals(encounter, actor, intent)
    return []


@hookimpl(trylast=True)
@answers_actions(DRAW_WEAPON.name, WEAPON_ATTACK.name)
def mands_action_initiate(
    encounter: Encounter, actor: str, intent: Intent, definition: ActionDefinition
) -> Initiation | None:
    weapon = intended_weapon(encounter, actor, intent)
    if weapon is None:
        return None
    if definition.name == DRAW_WEAPON.name:
        sheet = encounter.character(actor).sheet
        return Initiation(draw_time(sheet, weapon), prepared={WEAPON_OPTION: weapon.name})
    if definition.name == WEAPON_ATTACK.name:
        return attack_initiation(encounter, actor, intent, weapon)
    return None


@hookimpl(trylast=True)
@answers_actions(DRAW_WEAPON.name, WEAPON_ATTACK.name)
def mands_action_resolve(
    encounter: Encounter, actor: str, action: ActionInProgress
) -> list[Event] | None:
    if action.name == DRAW_WEAPON.name:
        return [WeaponReadied(encounter.now, actor, str(action.prepared[WEAPON_OPTION]))]
    if action.name == WEAPON_ATTACK.name:
        return resolve_attack(encounter, actor, action)
    return None


@hookimpl
def mands_encounter_opening(encounter: Encounter) -> list[Event]:
    """G-62 switched to ``readied``: everyone starts with the first weapon on the sheet in hand."""
    if encounter.defaults.G62_weapons_start != "readied":
        return []
    ready = (
        (actor, first_weapon(encounter.character(actor).sheet)) for actor in encounter.state.ids()
    )
    return [WeaponReadied(encounter.now, actor, weapon) for actor, weapon in ready if weapon]


# --- the "armed" policy --------------------------------------------------------------------------

SPEED_STEP: Final = 3
"""``rules/combat.md`` §5: 3 Q halve the Performance Time."""


class Armed:
    """Draw a weapon, then attack the nearest enemy the weapon can reach; punch an enemy within
    reach otherwise. Options: ``weapon`` (which weapon to draw; default the sheet's first).
    Quality: Attack to meet the target's Defense, 3 Q speed, the rest damage. Not rules text."""

    def __init__(self, options: Mapping[str, Any]) -> None:
        self.options = dict(options)

    def choose(self, encounter: Encounter, actor: str) -> Intent | Wait | None:
        draw = self.draw(encounter, actor)
        if draw is not None:
            return draw
        readied = encounter.state[actor].readied
        for target in enemies_nearest_first(encounter, actor):
            for intent in attacks(target, readied):
                if not encounter.rules.refusals(encounter, actor, intent):
                    return intent
        return None

    def draw(self, encounter: Encounter, actor: str) -> Intent | None:
        if encounter.state[actor].readied is not None:
            return None
        sheet = encounter.character(actor).sheet
        wanted = self.options.get(WEAPON_OPTION)
        names = [wanted] if wanted else [w for w in sheet.equipment if w in standard_weapons()]
        for name in names:
            intent = Intent(DRAW_WEAPON.name, reason="armed: draw", options={WEAPON_OPTION: name})
            if not encounter.rules.refusals(encounter, actor, intent):
                return intent
        return None

    def allocate(
        self, encounter: Encounter, actor: str, intent: Intent, quality: int
    ) -> QualityAllocation:
        defense = encounter.state[intent.target].defense if intent.target else 0
        attack = min(quality, max(0, defense))
        speed = SPEED_STEP if quality - attack >= SPEED_STEP else 0
        return QualityAllocation(attack=attack, speed=speed, damage=quality - attack - speed)


def attacks(target: str, readied: str | None) -> list[Intent]:
    """The weapon held ready first, then fists (``mands_rulebook.fists``)."""
    fist = Intent("fist-attack", target=target, reason="armed: punch")
    if readied is None:
        return [fist]
    options = {WEAPON_OPTION: readied}
    return [Intent(WEAPON_ATTACK.name, target, "armed: weapon", options), fist]


def enemies_nearest_first(encounter: Encounter, actor: str) -> list[str]:
    """Enemies in action, nearest first along the map (lowest id on ties)."""
    me = encounter.state[actor]
    enemies = [s for s in encounter.state if s.side != me.side and s.in_action]

    def distance(other: CharacterState) -> float:
        return distance_now(encounter, actor, other.character_id)

    return [s.character_id for s in sorted(enemies, key=lambda s: (distance(s), s.character_id))]


@hookimpl
def mands_register_policies(register: Register) -> None:
    register(
        "armed",
        Armed,
        summary="Draw a weapon, attack the nearest enemy it reaches, else punch one in reach.",
        source="template, not rules text",
    )
