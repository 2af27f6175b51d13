"""A character's abilities and figured attributes as they are *now*, in a running encounter.

A character is built once, before play (:func:`mands_sim.model.character.build_character`), but
some rules change an ability or a figured attribute during a fight: a weakness lowers Strength
with the EP a power uses (seed "Handicap or Weakness", G-270), a power lends a target's Hand
Damage, EP or Skin Temper to its user for a number of rounds (G-289).
Every rule that reads a value that matters in a fight reads it here, through
:meth:`Encounter.figured <mands_sim.kernel.encounter.Encounter.figured>`,
:meth:`~mands_sim.kernel.encounter.Encounter.abilities` and
:meth:`~mands_sim.kernel.encounter.Encounter.current`.

Where the changes come from: the ``mands_ability_modifiers`` hook (``docs/hooks.md``). Each
plugin returns the :class:`AbilityModifier` values in force for a character, read from the
encounter's log and state (never kept by the plugin); the amounts are summed per name, so
plugin order never matters. No modifier: the character as built, the very same object, so an
encounter no rule changes plays exactly as before. Modifiers: the sheet's abilities changed by
theirs, the character figured again from them with its own skills' and powers' adjustments and
the figured attributes' modifiers added after its overrides; under G-287 ``as-built`` its body
(Mass, Body DP, Resist Death, the VP and EP maxima, the low-Mass penalty) stays as built.

The answer is kept while the log and the segment stay as they are, and each refigured character
is kept by its summed modifiers, so reading it costs a dictionary look-up.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import TYPE_CHECKING, Final

from mands_sim.defaults import CoreDefaults
from mands_sim.log_index import kept_answer
from mands_sim.model.character import Character, build_character
from mands_sim.model.figured import (
    FIGURED_ATTRIBUTE_NAMES,
    FiguredAdjustment,
    FiguredAttributes,
)
from mands_sim.model.sheet import Abilities

if TYPE_CHECKING:
    from mands_sim.kernel.encounter import Encounter

ABILITY_NAMES: Final[tuple[str, ...]] = tuple(Abilities.__dataclass_fields__)
"""The sheet's abilities (seed "Abilities"): ``strength``, ``agility`` … ``normal_charisma``."""

BODY: Final[tuple[str, ...]] = (
    "mass",
    "damage_points",
    "resist_death",
    "virtual_damage_points",
    "endurance_points",
    "low_mass_penalty",
)
"""G-287 ``as-built``: the figured attributes a changed ability leaves as they were built."""

Changes = tuple[tuple[str, int], ...]
"""Summed modifiers, by name, sorted, none zero: the key a refigured character is kept by."""


@dataclass(frozen=True, slots=True)
class AbilityModifier:
    """A change in force now to one of a character's abilities or figured attributes.

    Attributes:
        name: an ability (:data:`ABILITY_NAMES`, ``"strength"``) or a figured attribute
            (:data:`~mands_sim.model.figured.FIGURED_ATTRIBUTE_NAMES`, ``"hand_damage"``;
            ``"damage_points"`` is Body DP, ``"skin_temper"`` the Skin Temper row).
        amount: what it adds (negative: takes away).
        source: who says so, for explanations (``"weakness:Pulsar's strength"``).
    """

    name: str
    amount: int
    source: str

    def __post_init__(self) -> None:
        if self.name not in ABILITY_NAMES and self.name not in FIGURED_ATTRIBUTE_NAMES:
            known = ", ".join((*ABILITY_NAMES, *FIGURED_ATTRIBUTE_NAMES))
            raise ValueError(f"{self.source}: no ability '{self.name}'; known: {known}")


def summed(modifiers: Iterable[AbilityModifier]) -> Changes:
    """The modifiers' amounts summed per name, sorted by name, zeros left out."""
    totals: dict[str, int] = defaultdict(int)
    for modifier in modifiers:
        totals[modifier.name] += modifier.amount
    return tuple(sorted((name, amount) for name, amount in totals.items() if amount))


class CurrentAbilities:
    """One encounter's view of its characters as they are now (the seam)."""

    def __init__(self, encounter: Encounter) -> None:
        self.encounter = encounter
        self._refigured: dict[tuple[str, Changes], Character] = {}

    def changes(self, actor: str) -> Changes:
        """``actor``'s summed modifiers now (asked of the rules once per log length and
        segment)."""
        encounter = self.encounter
        return kept_answer(
            encounter,
            ("ability-modifiers", actor),
            lambda: summed(encounter.rules.ability_modifiers(encounter, actor)),
        )

    def character(self, actor: str) -> Character:
        """``actor`` as it is now: as built when nothing changes it, else figured again."""
        built: Character = self.encounter.state[actor].character
        changes = self.changes(actor)
        if not changes:
            return built
        key = (actor, changes)
        character = self._refigured.get(key)
        if character is None:
            character = self._refigured[key] = self.refigure(built, changes)
        return character

    def refigure(self, built: Character, changes: Changes) -> Character:
        """``built`` with ``changes``: abilities changed, then figured again (G-287)."""
        encounter = self.encounter
        by_name = dict(changes)
        abilities = changed_abilities(built.sheet.abilities, by_name)
        overrides = dict(built.sheet.overrides)
        as_built = encounter.defaults.of(CoreDefaults).G287_refigured_body == "as-built"
        if as_built and abilities != built.sheet.abilities:
            overrides.update(body_as_built(built.figured))
        sheet = replace(built.sheet, abilities=abilities, overrides=MappingProxyType(overrides))
        lent = [
            FiguredAdjustment(name, amount, "during the fight")
            for name, amount in changes
            if name in FIGURED_ATTRIBUTE_NAMES
        ]
        return build_character(
            sheet,
            charts=encounter.charts,
            defaults=encounter.defaults,
            adjustments=built.adjustments,
            changes=lent,
        )


def changed_abilities(abilities: Abilities, changes: Mapping[str, int]) -> Abilities:
    """``abilities`` with the changes to them added (the rest are figured attributes')."""
    mine = {
        name: getattr(abilities, name) + amount
        for name, amount in changes.items()
        if name in ABILITY_NAMES
    }
    return replace(abilities, **mine) if mine else abilities


def body_as_built(figured: FiguredAttributes) -> dict[str, int | float]:
    """G-287 ``as-built``: the body's figured attributes, pinned as the character was built."""
    pinned: dict[str, int | float] = {name: getattr(figured, name) for name in BODY}
    pinned["damage_points"] = figured.damage_points.body
    return pinned


__all__ = [
    "ABILITY_NAMES",
    "BODY",
    "AbilityModifier",
    "Changes",
    "CurrentAbilities",
    "body_as_built",
    "changed_abilities",
    "summed",
]
