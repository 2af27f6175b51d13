"""Explosions (``docs/rules/combat.md`` §14; ``docs/rules/decisions.md`` G-23; G-83).

Seed "Anti-Matter Production": an explosion does "d6 damage as an Explosion (see Combat)", has
"a Short Range ..., Range Set ..., Maximum Range ..., and gets a bonus ... to the Explosion
Combat Roll"; the Combat chapter that says how is lost. G-23 fills it in, and
:func:`explode` plays it for whatever sets an explosion off (a power, a thrown bomb):

* everyone (in action or unconscious) within Maximum Range of the center along the map is
  caught, except those the caller spares (Explosive Touch: "The explosion does not go towards
  the character causing the explosion");
* one **Explosion Combat Roll** per target, in the encounter's tie-break order (G-227): 2d10
  against the explosion's bonus on the Sphere chart (as a Combat Roll is twice Agility on it,
  §5), no re-rolled 1s (an explosion is no Special character), dice from the ``source``'s
  substream; its Bonus Pool loses 1 per full Range Set beyond Short Range from the center (G-23;
  counted as G-20 counts them);
* with Editing Points on (``mands_rulebook.optional.editing_points``, G-154, G-226), the roll
against a
  *foe* (a character of another side than the ``source``) is the thrower's to edit: its player
  may turn a failure into a success, as on any of its Combat Rolls; a roll against a friend (or
  the thrower itself) is never edited — no player spends points to hurt a friend;
* a success's Q is all Attack; a failure is dealt out Attack, Damage, Defense (§5, G-14): its
  Attack share against the target's Defense (§6: ties hit), its Damage share off the damage;
* the damage is the listed d6, rolled once for everyone (G-83 ``once``) or for each target hit
  (``per_target``), bludgeoning, through :func:`mands_rulebook.kit.damage.strike` (Skin Temper and
  Ignore Damage apply there).

This module registers no hooks: power plugins (Anti-Matter, Explosive Touch) and actions that
throw explosives call :func:`explode` or :func:`detonate` and return its events. Placing the
center at a spot is aiming at a spot (``mands_rulebook.combat.thrown_objects``, G-24); Explosive
Touch's bonus vs. the Skin Temper of what was touched is the power plugin's own blow.
"""

from __future__ import annotations

import math
from collections.abc import Collection
from dataclasses import dataclass
from typing import ClassVar, Final, Literal

from mands_rulebook.kit.damage import Blow, strike
from mands_rulebook.kit.editing_points.rolls import edited_roll
from mands_rulebook.kit.range import range_sets_beyond
from mands_rulebook.kit.room import meters_from
from mands_rulebook.kit.weapons.table import Ranges
from mands_sim.defaults import rule_default
from mands_sim.dice import DiceExpression
from mands_sim.events import AttackResolved, Event, RollMade
from mands_sim.kernel.encounter import Encounter
from mands_sim.rolls import ActionRoll, action_roll, roll_made, spread_negative_quality
from mands_sim.world import Position


@dataclass(frozen=True, slots=True)
class ExplosionDefaults:
    """The named defaults this module applies (``docs/rules/decisions.md``): G-83, G-226."""

    G83_explosion_damage: Literal["once", "per_target"] = rule_default(
        "G-83",
        "An explosion's d6 are rolled once for everyone it hits ('once') or for each target "
        "hit ('per_target').",
        "once",
        ("once", "per_target"),
    )
    G226_explosion_edits: Literal["foes", "off"] = rule_default(
        "G-226",
        "Editing Points on an explosion's rolls (one per character caught): the thrower's player "
        "(or the Editor, G-153) edits a failed roll against a character of another side, never "
        "against a friend ('foes'), or no explosion roll is edited ('off').",
        "foes",
        ("foes", "off"),
    )


D6: Final = 6
"""Seed: explosions do "d6 damage"."""

PENALTY_PER_RANGE_SET: Final = 1
"""G-23: −1 to the Explosion Combat Roll's pool per Range Set beyond Short Range."""

EXPLOSION_ROLL: Final = "explosion combat roll"
"""The ``purpose`` of an Explosion Combat Roll's :class:`~mands_sim.events.RollMade`."""

EXPLOSION_TRAINING: Final = "combat with explosions"
"""What Editing Points on an Explosion Combat Roll train when the caller names nothing (seed
000: "whatever the roll was for"); a power's caller names its own combat skill."""

EXPLOSION: Final = "explosion"
"""The ``weapon`` named on an explosion's :class:`~mands_rulebook.kit.damage.Blow`."""


@dataclass(frozen=True, slots=True)
class Explosion:
    """What a power or a bomb lists for its explosion (``docs/rules/combat.md`` §14)."""

    bonus: int
    """Added to the Explosion Combat Roll (looked up on the Sphere chart, G-23)."""
    dice: int
    """How many d6 of damage."""
    short_range: float
    range_set: float
    max_range: float
    """Meters from the center (§11)."""


def anti_matter(power_rating: int) -> Explosion:
    """Seed "Anti-Matter Production": "one fifth PR, rounded up, d6 damage ... a Short Range of
    PR divided by 5, Range Set of PR divided by 10, Maximum Range of PR divided by 4, and ... a
    bonus of twice PR to the Explosion Combat Roll"."""
    pr = power_rating
    return Explosion(2 * pr, math.ceil(pr / 5), pr / 5, pr / 10, pr / 4)


def explosive_touch(damage_power_rating: int) -> Explosion:
    """Seed "Explosive Touch": "PR/4 round up, d6 damage"; "Short Range ... is the damage PR,
    millimeters. Range Set is the damage PR centimeters. Maximum Range is the damage PR
    decimeters"; "a bonus to Attack others of twice the damage PR"."""
    pr = damage_power_rating
    return Explosion(2 * pr, math.ceil(pr / 4), pr / 1000, pr / 100, pr / 10)


@dataclass(frozen=True, slots=True)
class Exploded(Event):
    """An explosion went off at a spot; ``caught`` are the characters within its Maximum Range
    (``docs/rules/combat.md`` §14)."""

    kind: ClassVar[str] = "exploded"
    source: str
    place: str
    toward: str | None
    offset: float
    dice: int
    caught: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ExplosionDamage(Event):
    """The d6 an explosion does to ``character`` it hit (G-83: the same faces for everyone under
    ``once``), and ``damage`` after the roll's Damage share (never below 0)."""

    kind: ClassVar[str] = "explosion-damage"
    source: str
    character: str
    faces: tuple[int, ...]
    damage: int


def explode(
    encounter: Encounter,
    source: str,
    center: str | Position,
    bonus: int,
    dice: int,
    short_range: float,
    range_set: float,
    max_range: float,
    *,
    spared: Collection[str] = (),
    improves: str = EXPLOSION_TRAINING,
    anchor: str | None = None,
) -> list[Event]:
    """The events of an explosion at ``center`` (a place or a position) set off by ``source``
    (G-23): one Explosion Combat Roll per character caught, the damage through ``strike``;
    ``improves``: what Editing Points on a roll against a foe train (G-154); ``anchor``: the
    character the center is on (the room within a place, G-292), if any."""
    spot = Position(center) if isinstance(center, str) else center
    ranges = Ranges(short_range, range_set, max_range)
    caught = caught_in(encounter, spot, ranges, spared, anchor)
    events: list[Event] = [
        Exploded(encounter.now, source, spot.place, spot.toward, spot.offset, dice, caught)
    ]
    faces: tuple[int, ...] | None = None
    for target in caught:
        meters = meters_from(encounter, spot, anchor, target)
        roll = explosion_roll(encounter, source, bonus, ranges, meters)
        if is_foe(encounter, source, target):
            roll = edited_roll(encounter, source, None, EXPLOSION_ROLL, roll, improves=improves)
        attack, damage_change = attack_and_damage(roll)
        defense = encounter.state[target].defense
        hit = attack >= defense  # §6: ties hit
        events.append(explosion_roll_made(encounter, source, roll))
        events.append(AttackResolved(encounter.now, source, target, attack, defense, hit))
        if not hit:
            continue
        if (
            faces is None
            or encounter.defaults.of(ExplosionDefaults).G83_explosion_damage == "per_target"
        ):
            faces = DiceExpression(dice, D6).roll(encounter.dice_for(source)).faces
        events += damage_events(encounter, source, target, faces, damage_change)
    return events


def detonate(
    encounter: Encounter,
    source: str,
    center: str | Position,
    explosion: Explosion,
    *,
    spared: Collection[str] = (),
    improves: str = EXPLOSION_TRAINING,
    anchor: str | None = None,
) -> list[Event]:
    """:func:`explode` with the numbers of an :class:`Explosion`."""
    e = explosion
    return explode(
        encounter,
        source,
        center,
        e.bonus,
        e.dice,
        e.short_range,
        e.range_set,
        e.max_range,
        spared=spared,
        improves=improves,
        anchor=anchor,
    )


def is_foe(encounter: Encounter, source: str, target: str) -> bool:
    """Whether ``target`` is on another side than the character who set the explosion off: only
    then may the thrower's player edit the roll (G-154; ``G226_explosion_edits`` ``off``: never)."""
    ids = encounter.state.ids()
    if (
        encounter.defaults.of(ExplosionDefaults).G226_explosion_edits == "off"
        or source not in ids
        or target not in ids
    ):
        return False
    return encounter.state[source].side != encounter.state[target].side


def caught_in(
    encounter: Encounter,
    spot: Position,
    ranges: Ranges,
    spared: Collection[str],
    anchor: str | None = None,
) -> tuple[str, ...]:
    """Everyone in action or unconscious within Maximum Range of ``spot`` (where they stand
    now, with the room within a place, G-292), in the encounter's tie-break order (G-23,
    G-227)."""
    return tuple(
        s.character_id
        for s in sorted(encounter.state, key=lambda s: encounter.rank(s.character_id))
        if s.condition in ("active", "unconscious")
        and s.character_id not in spared
        and meters_from(encounter, spot, anchor, s.character_id) <= ranges.max_range
    )


def explosion_roll(
    encounter: Encounter, source: str, bonus: int, ranges: Ranges, meters: float
) -> ActionRoll:
    """G-23: 2d10 against the bonus on the Sphere chart, −1 per Range Set beyond Short Range."""
    return action_roll(
        encounter.dice_for(source),
        target=int(encounter.charts.action.sphere(bonus)),
        bonus_pool=-PENALTY_PER_RANGE_SET * range_sets_beyond(ranges, meters),
        is_special=False,
        charts=encounter.charts,
    )


def attack_and_damage(roll: ActionRoll) -> tuple[int, int]:
    """A success's Q all on Attack; a failure's Attack and Damage shares (§5, G-14)."""
    if roll.succeeded:
        return roll.quality, 0
    spread = spread_negative_quality(roll.quality)
    return spread.attack, spread.damage


def damage_events(
    encounter: Encounter, source: str, target: str, faces: tuple[int, ...], change: int
) -> list[Event]:
    damage = max(0, sum(faces) + change)
    rolled = ExplosionDamage(encounter.now, source, target, faces, damage)
    return [rolled, *strike(encounter, target, Blow(raw=damage, source=source, weapon=EXPLOSION))]


def explosion_roll_made(encounter: Encounter, source: str, roll: ActionRoll) -> RollMade:
    return roll_made(encounter.now, source, EXPLOSION_ROLL, roll)
