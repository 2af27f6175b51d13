"""A Microlite character figured from its sheet (``docs/rules.md`` §1–§4, §6).

The kernel keeps three pools for every character, whatever its game (``docs/rulesets.md``
"Health"): Microlite's SDC is the damage a character shrugs off, taken first (the kernel's
Virtual Damage Points); its HP its life (Body Damage Points); it has no Endurance Points.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, cast

from mands_microlite.figures import (
    StrengthDamage,
    combat_bonus,
    hand_to_hand,
    hit_points,
    initiative_bonus,
    stat_bonus,
    strength_damage,
    structural_damage_capacity,
)
from mands_microlite.sheet import MicroliteSheet
from mands_microlite.tables import tables
from mands_sim.api import (
    Character,
    Encounter,
    FiguredAdjustment,
    MandsSimError,
    RuleDefaults,
    fighting,
)

UNARMED_PROFICIENCY = "unarmed"
"""The WP that gives the extra die of damage unarmed without Advanced Combat (seed "Unarmed")."""


@dataclass(frozen=True, slots=True)
class MicroliteFigured:
    """What a Microlite sheet figures to.

    Attributes:
        bonuses: each stat's bonus, keyed IQ … Spd (§1).
        hit_points: HP (§2).
        sdc: SDC (§2).
        armor_sdc: the SDC of the armor worn, 0 for none (§6).
        attacks: attacks per round (§3).
        mental_actions: mental actions per round (§3, Mystic).
        combat_bonus: the Combat Bonus (§4).
        initiative_bonus: the Spd bonus and the Hand to Hand type's (§3, §7).
        critical_from: the lowest natural strike roll that is a critical (§3, §4).
        extra_damage_die: Advanced Combat or WP Unarmed: an extra die unarmed (§6).
        strength: the Strength table's damage above PS 30, else ``None`` (§6).
    """

    bonuses: Mapping[str, int]
    hit_points: int
    sdc: int
    armor_sdc: int
    attacks: int
    mental_actions: int
    combat_bonus: int
    initiative_bonus: int
    critical_from: int
    extra_damage_die: bool
    strength: StrengthDamage | None

    @property
    def damage_bonus(self) -> int:
        """The PS bonus added to unarmed, melee and thrown damage (§1); above PS 30 the Strength
        table replaces it (§6)."""
        return 0 if self.strength is not None else self.bonuses["PS"]

    @property
    def virtual_damage_points(self) -> int:
        """SDC: what the kernel takes damage from first."""
        return self.sdc

    @property
    def body_damage_points(self) -> int:
        """HP: the kernel's life pool."""
        return self.hit_points

    @property
    def endurance_points(self) -> int:
        """Microlite spends no endurance."""
        return 0


def figure(
    sheet: Any,
    *,
    charts: Any = None,
    defaults: RuleDefaults,
    adjustments: Iterable[FiguredAdjustment] = (),
) -> Character[MicroliteSheet, MicroliteFigured]:
    """``sheet`` figured (the ruleset's :class:`~mands_sim.api.FigureCharacter`). Microlite reads
    no chart and no named default of Men & Supermen; an adjustment, which names a figured
    attribute of that game, is refused."""
    given = tuple(adjustments)
    if given:
        raise MandsSimError(f"Microlite figures no adjustments; a plugin gave {given[0]!r}")
    if not isinstance(sheet, MicroliteSheet):
        raise MandsSimError(f"a Microlite sheet, not {type(sheet).__name__}")
    return Character(sheet=sheet, figured=figured(sheet))


def figured(sheet: MicroliteSheet) -> MicroliteFigured:
    """The figures of ``sheet``: every formula of §1–§4 and §6."""
    stats = sheet.stats
    fighting = hand_to_hand(sheet.hand_to_hand, sheet.level)
    hp = (
        sheet.hit_points
        if sheet.hit_points is not None
        else hit_points(stats["PE"], sheet.hp_rolls)
    )
    sdc = structural_damage_capacity(
        sheet.focus, class_bonus=sheet.class_sdc, sdc_sacrifices=sheet.sdc_sacrifices
    )
    return MicroliteFigured(
        bonuses=MappingProxyType({name: stat_bonus(stats[name]) for name in tables().stats.names}),
        hit_points=hp,
        sdc=sdc,
        armor_sdc=sheet.armor.sdc if sheet.armor else 0,
        attacks=fighting.attacks,
        mental_actions=fighting.mental_actions,
        combat_bonus=combat_bonus(stats["PP"], fighting.combat, sheet.class_strike),
        initiative_bonus=initiative_bonus(stats["Spd"], fighting.initiative),
        critical_from=fighting.critical_from,
        extra_damage_die=sheet.hand_to_hand == "advanced"
        or UNARMED_PROFICIENCY in sheet.proficiencies,
        strength=strength_damage(stats["PS"], sheet.strength),
    )


def enemies_in_reach(encounter: Encounter, actor: str, *, anywhere: bool) -> list[str]:
    """``actor``'s enemies in the fight at its place, or ``anywhere`` on the map (a shot,
    ML-07), in the encounter's order."""
    me = encounter.state[actor]
    return [
        state.character_id
        for state in encounter.state
        if state.side != me.side
        and fighting(encounter, state)
        and (anywhere or state.position == me.position)
    ]


def microlite_character(
    encounter: Encounter, actor: str
) -> Character[MicroliteSheet, MicroliteFigured]:
    """``actor`` as Microlite figured it: the encounter holds each ruleset's own characters, and
    this checks it holds a Microlite one."""
    character = cast(Character[Any, Any], encounter.character(actor))
    if not isinstance(character.figured, MicroliteFigured):
        raise MandsSimError(f"{actor} is not a Microlite character")
    return cast(Character[MicroliteSheet, MicroliteFigured], character)
