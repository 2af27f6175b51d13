"""What Power Absorption lends of a target's figured attributes (seed "Absorption"; G-289).

A library of :mod:`mands_rulebook.powers.absorption`, which answers the hooks with it.

Seed: "Power Absorption does not steal the basic abilities (increased Strength, Cosmic Rays). It
steals the effects (Hand to Hand Damage, Cosmic Blast). Things that can be stolen include Hand
to Hand Damage, Blasts, EP, DP, Carrying Capacity, Movement, Skin Temper, and Action Modifier.
The abilities are only taken if there is a corresponding power. Hand to Hand damage will only
be absorbed if the target has increased strength, for example." Blasts are the PR taken
(G-181); the rest are the figured attributes of :data:`LENT`.

G-289 (``G289_absorbed_attributes``):

* **the corresponding power** is an ability-bonus power on the target's sheet
  (:data:`ABILITY_BONUSES`; its ``power_rating`` records the points it added, G-112): a lent
  attribute is one that power adds to. The target figured without the bonuses
  (:func:`without_bonuses`) is its "basic abilities"; what the powers add is the difference.
* **the share** (``added``): the percentage held of what the powers add to the attribute,
  rounded toward zero (as G-181 rounds a PR taken); ``whole``: of the whole attribute, where a
  power adds to it at all; ``off``: nothing is lent.
* **how long**: until the Duration ends (seed: "lost by the character with this power, and
  regained by the target, PR rounds after it was taken"), read from the log
  (``absorption.held_from``, :func:`lent_now`).
* **EP and DP**: their maxima move through ``mands_ability_modifiers``, and the points a
  character has now move with them as :class:`~mands_sim.events.PointsLent` (the target loses
  what the absorber gains, and the other way when the Duration ends): :func:`points_to_move`.
  A lent Body DP carries to EP what any change of Body DP carries (seed "Endurance Points":
  "Body DP ÷ 2"); the EP lent is netted of it, so the EP maximum moves by the EP share.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Final, Literal

from mands_rulebook.kit.powers.ratings import encounter_registries, power_specs, sheet_power
from mands_sim.api import (
    AbilityModifier,
    Character,
    Encounter,
    FiguredAdjustment,
    FiguredAttributes,
    KeptAnswers,
    PointsLent,
    build_character,
    logged,
    rule_default,
)


@dataclass(frozen=True, slots=True)
class AbsorptionDefaults:
    """The named defaults this module applies (``docs/rules/decisions.md``): G-100, G-181, G-289."""

    G100_absorption_save: Literal["total", "touch"] = rule_default(
        "G-100",
        "Absorption's save (d100 >= percentage x Skin Temper): the percentage is all the "
        "absorber holds of the target ('total') or what this touch took ('touch').",
        "total",
        ("total", "touch"),
    )
    G181_absorbed_powers: Literal["usable", "numbers"] = rule_default(
        "G-181",
        "Power and Psyche Absorption: the percentage taken of each of the target's powers that "
        "has a use (psychic ones for psyche, the others for powers) is PR the absorber may use "
        "and the target lacks until the Duration ends ('usable'), or only the numbers are "
        "logged ('numbers').",
        "usable",
        ("usable", "numbers"),
    )
    G289_absorbed_attributes: Literal["added", "whole", "off"] = rule_default(
        "G-289",
        "Power Absorption's stolen figured attributes (Hand Damage, Lift Roll, Move Roll, Skin "
        "Temper row, EP and Body DP): the percentage held of what the target's ability-bonus "
        "powers (Strength, Agility, Constitution Bonus) add to each ('added'), or of the whole "
        "attribute where such a power adds to it ('whole'), is lent to the absorber and lacked "
        "by the target until the Duration ends, current EP and DP moving with their maxima; or "
        "none is lent ('off').",
        "added",
        ("added", "whole", "off"),
    )


ABILITY_BONUSES: Final = (
    ("Agility Bonus", "agility"),
    ("Constitution Bonus", "constitution"),
    ("Strength Bonus", "strength"),
)
"""G-289: the powers that correspond to lent attributes, and the ability each adds to (seed
"Absorption": "increased Strength"; seed "Agility Bonus", "Constitution Bonus")."""

HAND_DAMAGE: Final = "hand_damage"
LIFT_ROLL: Final = "lift_roll"
MOVE_ROLL: Final = "move_roll"
SKIN_TEMPER: Final = "skin_temper"
ENDURANCE: Final = "endurance_points"
DAMAGE: Final = "damage_points"

LENT: Final = (HAND_DAMAGE, LIFT_ROLL, MOVE_ROLL, SKIN_TEMPER, ENDURANCE, DAMAGE)
"""Seed: "Hand to Hand Damage, ... EP, DP, Carrying Capacity, Movement, Skin Temper": Hand
Damage, the Lift Roll, the Move Roll, the Skin Temper row, the EP maximum and Body DP."""

WHOLE: Final = 100

Amounts = dict[str, int]

_ADDED: KeptAnswers[Mapping[str, int]] = KeptAnswers(limit=1024)
""":func:`powers_add`'s answers by character (frozen) and choice."""


def share(amount: int, percent: int) -> int:
    """``percent`` % of ``amount``, rounded toward zero (G-289): 35 % of 8 is 2, of −3 is −1."""
    return int(Fraction(amount * percent, WHOLE))


def attribute(figured: FiguredAttributes, name: str) -> int:
    """One of :data:`LENT` as a whole number: Body DP, the Skin Temper row, or the value."""
    if name == DAMAGE:
        return figured.damage_points.body
    if name == SKIN_TEMPER:
        return figured.skin_temper.row
    return int(getattr(figured, name))


def bonuses(encounter: Encounter, character: Character) -> dict[str, int]:
    """The ability-bonus powers on ``character``'s sheet, as points added per ability."""
    names = dict(ABILITY_BONUSES)
    added: dict[str, int] = defaultdict(int)
    for spec in power_specs(encounter_registries(encounter)):
        entry = sheet_power(character.sheet, spec) if spec.name in names else None
        if entry is not None:
            added[names[spec.name]] += int(entry.power_rating or 0)
    return dict(added)


def without_bonuses(
    encounter: Encounter, character: Character, added: Mapping[str, int]
) -> Character:
    """``character`` figured from its "basic abilities": the bonuses taken off (G-289)."""
    abilities = character.sheet.abilities
    basic = replace(abilities, **{a: getattr(abilities, a) - n for a, n in added.items()})
    return build_character(
        replace(character.sheet, abilities=basic),
        charts=encounter.charts,
        defaults=encounter.defaults,
        adjustments=character.adjustments,
    )


def powers_add(encounter: Encounter, character: Character) -> Mapping[str, int]:
    """Per lent attribute, what Power Absorption can take of it at 100 % (G-289): what the
    ability-bonus powers add (``added``), or the whole attribute where they add any
    (``whole``); attributes they add nothing to are left out."""
    mode = encounter.defaults.of(AbsorptionDefaults).G289_absorbed_attributes
    return _ADDED.answer((character,), mode, lambda: _powers_add(encounter, character, mode))


def _powers_add(encounter: Encounter, character: Character, mode: str) -> Mapping[str, int]:
    added = bonuses(encounter, character)
    if mode == "off" or not any(added.values()):
        return {}
    basic = without_bonuses(encounter, character, added).figured
    found: Amounts = {}
    for name in LENT:
        more = attribute(character.figured, name) - attribute(basic, name)
        if more:
            found[name] = attribute(character.figured, name) if mode == "whole" else more
    return found


def lent_at(encounter: Encounter, target: str, percent: int) -> Amounts:
    """What ``percent`` % of ``target`` lends of each attribute (none zero)."""
    built: Character = encounter.state[target].character
    lent = {name: share(amount, percent) for name, amount in powers_add(encounter, built).items()}
    return {name: amount for name, amount in lent.items() if amount}


def lent_now(encounter: Encounter, actor: str, held: Iterable[tuple[str, str, int]]) -> Amounts:
    """``actor``'s net lent amounts now: + what it holds of others, − what others hold of it;
    ``held`` lists (absorber, target, percent held) (``absorption.held_from``)."""
    total: Amounts = defaultdict(int)
    for absorber, target, percent in held:
        sign = (absorber == actor) - (target == actor)
        if sign:
            for name, amount in lent_at(encounter, target, percent).items():
                total[name] += sign * amount
    return {name: amount for name, amount in total.items() if amount}


def modifiers(encounter: Encounter, actor: str, lent: Mapping[str, int]) -> list[AbilityModifier]:
    """The ability modifiers for ``lent``: each attribute as lent, the EP maximum netted of what
    the lent Body DP carries to it (so it moves by the EP lent)."""
    carried = carried_endurance(encounter, actor, lent.get(DAMAGE, 0))
    source = "Absorption (G-289)"
    found = {**lent, ENDURANCE: lent.get(ENDURANCE, 0) - carried}
    return [AbilityModifier(name, amount, source) for name, amount in found.items() if amount]


def carried_endurance(encounter: Encounter, actor: str, damage_points: int) -> int:
    """EP the seam adds to ``actor``'s maximum for a change of ``damage_points`` Body DP."""
    if not damage_points:
        return 0
    built: Character = encounter.state[actor].character
    changed = build_character(
        built.sheet,
        charts=encounter.charts,
        defaults=encounter.defaults,
        adjustments=built.adjustments,
        changes=(FiguredAdjustment(DAMAGE, damage_points, "Absorption (G-289)"),),
    )
    return changed.figured.endurance_points - built.figured.endurance_points


def points_to_move(
    encounter: Encounter, absorber: str, target: str, percent: int, reason: str
) -> list[PointsLent]:
    """The current EP and DP to move now so that ``absorber`` has, of ``target``'s, what
    ``percent`` % lends: what it should have less what has moved already (both ways)."""
    should = lent_at(encounter, target, percent)
    moved_ep, moved_dp = points_moved(encounter, absorber, target)
    ep = should.get(ENDURANCE, 0) - moved_ep
    dp = should.get(DAMAGE, 0) - moved_dp
    if not (ep or dp):
        return []
    return [moving(encounter, absorber, target, ep, dp, reason),
            moving(encounter, target, absorber, -ep, -dp, reason)]  # fmt: skip


def points_moved(encounter: Encounter, absorber: str, target: str) -> tuple[int, int]:
    """EP and DP ``absorber`` has been given of ``target``'s so far, net (the log)."""
    moves = [e for e in logged(encounter, PointsLent, absorber) if e.other == target]
    return int(sum(e.endurance_points for e in moves)), sum(e.damage_points for e in moves)


def moving(encounter: Encounter, who: str, other: str, ep: int, dp: int, reason: str) -> PointsLent:
    """``who``'s points moved by ``ep`` and ``dp``."""
    state = encounter.state[who]
    return PointsLent(
        encounter.now, who, other, Fraction(ep), dp,
        state.endurance_points + ep, state.damage_points + dp, reason,
    )  # fmt: skip


__all__ = [
    "ABILITY_BONUSES",
    "LENT",
    "attribute",
    "bonuses",
    "carried_endurance",
    "lent_at",
    "lent_now",
    "modifiers",
    "points_moved",
    "points_to_move",
    "powers_add",
    "share",
    "without_bonuses",
]
