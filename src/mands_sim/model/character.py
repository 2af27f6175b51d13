"""The frozen :class:`Character`: a sheet with its figured attributes.

:func:`build_character` figures the attributes of seed "Figured Attributes" and "Ability Rolls"
(formulas in :mod:`mands_sim.model.figured`) in dependency order. Two things can change a
figured attribute:

* **adjustments** — the seam for skills and powers: each :class:`FiguredAdjustment` adds its
  ``delta`` to the named attribute right after its formula, *before* the attributes figured from
  it (seed: a skill's level adds to EP, another's to Willpower; a change to
  Body DP also changes EP, Resist Death and the body-part DP);
* **overrides** on the sheet — for stat blocks that publish only results. An override replaces
  the attribute outright (adjustments to it are ignored: the published number already includes
  them) and feeds the attributes figured from it. Overrides win over everything but
* **changes during a fight** — what a rule lends or takes for a while (a power's stolen
  Hand Damage, G-181): added after the override, before the attributes figured from it
  (:mod:`mands_sim.kernel.abilities` refigures a character with them).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, Protocol

from typing_extensions import TypeVar

from mands_sim.defaults import CoreDefaults
from mands_sim.model import figured as f
from mands_sim.model.figured import FiguredAdjustment, FiguredAttributes, SkinTemper
from mands_sim.model.sheet import CharacterSheet

if TYPE_CHECKING:
    from mands_sim.charts.loading import Charts
    from mands_sim.defaults import RuleDefaults


class Sheet(Protocol):
    """What the kernel reads of any ruleset's character sheet (``docs/rulesets.md``): its name,
    the file it came from, whether its dice are a Special character's, and the powers, skills
    and weaknesses it names (checked against what the ruleset's plugins register)."""

    @property
    def name(self) -> str: ...

    @property
    def path(self) -> Path | None: ...

    @property
    def is_special(self) -> bool: ...

    @property
    def powers(self) -> Mapping[str, Any]: ...

    @property
    def skills(self) -> Mapping[str, int]: ...

    @property
    def weaknesses(self) -> tuple[Any, ...]: ...


class Figured(Protocol):
    """What the kernel reads of any ruleset's figured character: the three pools its state
    keeps (``docs/rulesets.md`` "Health"). Virtual Damage Points are the damage a character
    shrugs off; Body Damage Points its life; Endurance Points what its actions spend."""

    @property
    def virtual_damage_points(self) -> int: ...

    @property
    def body_damage_points(self) -> int: ...

    @property
    def endurance_points(self) -> int: ...


SheetT = TypeVar("SheetT", bound=Sheet, default=CharacterSheet, covariant=True)
FiguredT = TypeVar("FiguredT", bound=Figured, default=FiguredAttributes, covariant=True)


@dataclass(frozen=True, slots=True)
class Character(Generic[SheetT, FiguredT]):
    """A character as the rules see it before play: the sheet and its figured attributes.

    Of Men & Supermen's sheet and figures unless said otherwise: another ruleset's character
    is a ``Character[ItsSheet, ItsFigured]``, and the kernel reads only :class:`Sheet` and
    :class:`Figured` of it."""

    sheet: SheetT
    figured: FiguredT
    adjustments: tuple[FiguredAdjustment, ...] = ()
    """The skills' and powers' adjustments it was figured with, to figure it again mid-fight."""

    @property
    def name(self) -> str:
        return self.sheet.name

    @property
    def is_special(self) -> bool:
        """Special characters re-roll 1s on 2d10 (seed "Dice"; G-37 for the Simpler grunts)."""
        return self.sheet.is_special


def build_character(
    sheet: CharacterSheet,
    *,
    charts: Charts,
    defaults: RuleDefaults,
    adjustments: Iterable[FiguredAdjustment] = (),
    changes: Iterable[FiguredAdjustment] = (),
) -> Character:
    """Figure ``sheet``'s attributes under ``defaults``, applying ``adjustments``, overrides and
    the ``changes`` in force during a fight (added after the overrides)."""
    kept = tuple(adjustments)
    figured = _Figuring(sheet, charts, defaults, kept, changes).run()
    return Character(sheet=sheet, figured=figured, adjustments=kept)


class _Figuring:
    """One pass through the formulas, settling each attribute before its dependants."""

    def __init__(
        self,
        sheet: CharacterSheet,
        charts: Charts,
        defaults: RuleDefaults,
        adjustments: Iterable[FiguredAdjustment],
        changes: Iterable[FiguredAdjustment] = (),
    ) -> None:
        self.sheet = sheet
        self.chart = charts.action
        self.skin_temper_chart = charts.skin_temper
        self.defaults = defaults
        self.overrides: Mapping[str, int | float] = sheet.overrides
        self.deltas: dict[str, int] = defaultdict(int)
        for adjustment in adjustments:
            self.deltas[adjustment.attribute] += adjustment.delta
        self.changes: dict[str, int] = defaultdict(int)
        for change in changes:
            self.changes[change.attribute] += change.delta

    def settle(self, name: str, computed: int) -> int:
        """The override if the sheet has one, else the formula's value plus the adjustments;
        then the changes in force."""
        if name in self.overrides:
            return int(self.overrides[name]) + self.changes[name]
        return computed + self.deltas[name] + self.changes[name]

    def settle_mass(self, computed: float) -> float:
        if "mass" in self.overrides:
            return float(self.overrides["mass"]) + self.changes["mass"]
        return computed + self.deltas["mass"] + self.changes["mass"]

    def run(self) -> FiguredAttributes:
        a, t, chart = self.sheet.abilities, self.sheet.attributes, self.chart
        fractions = self.defaults.of(
            CoreDefaults
        ).G43_fractions  # G-43: where VP and EP drop fractions
        mass = self.settle_mass(f.mass(a.strength, t.build, a.constitution, t.height, chart))
        body = self.settle("damage_points", f.body_damage_points(t.build, mass, chart))
        low_mass = self.settle("low_mass_penalty", f.low_mass_penalty(mass, chart))
        row = self.settle(
            "skin_temper", f.skin_temper_row(a.strength, a.constitution, chart) - low_mass
        )
        return FiguredAttributes(
            mass=mass,
            damage_points=f.body_part_damage_points(body),
            resist_death=self.settle("resist_death", f.resist_death(body, a.newoen, chart)),
            virtual_damage_points=self.settle(
                "virtual_damage_points",
                f.virtual_damage_points(
                    a.agility,
                    a.strength,
                    a.learning,
                    a.newoen,
                    a.active_charisma,
                    drop_fractions=fractions,
                ),
            ),
            endurance_points=self.settle(
                "endurance_points",
                f.endurance_points(a.constitution, a.strength, body, drop_fractions=fractions),
            ),
            low_mass_penalty=low_mass,
            skin_temper=SkinTemper(row, self.skin_temper_chart.multiplier(row)),
            ignore_damage=self.settle("ignore_damage", 0),  # seed: "zero for most people"
            willpower=self.settle("willpower", f.willpower(a.newoen)),
            perception=self.settle("perception", f.perception(a.newoen, a.learning)),
            weirdness_bonus=self.settle("weirdness_bonus", f.weirdness_bonus(t.beauty)),
            hand_damage=self.settle("hand_damage", f.hand_damage(mass, a.strength, chart)),
            combat_roll=self.settle("combat_roll", f.combat_roll(a.agility, chart)),
            combat_pool=self.settle("combat_pool", f.combat_pool(a.learning)),
            **self._rolls(mass),
        )

    def _rolls(self, mass: float) -> dict[str, int]:
        """The Ability Rolls other than the Combat Roll (seed "Ability Rolls")."""
        a, t, chart = self.sheet.abilities, self.sheet.attributes, self.chart
        formulas = {
            # G-08: half Strength rounded up (the rule) or down (the Example of Movement).
            "move_roll": f.move_roll(
                a.agility,
                a.strength,
                t.height,
                chart,
                rounding=self.defaults.of(CoreDefaults).G08_move_roll_half_strength,
            ),
            "jump_roll": f.jump_roll(a.agility, a.strength),
            "jump_bonus": f.jump_bonus(t.height, chart),
            "lift_roll": f.lift_roll(a.strength, mass, chart),
            "throw_roll": f.throw_roll(a.strength),
            "throw_bonus": f.throw_bonus(mass, chart),
            "throwback_roll": f.throwback_roll(mass, chart),
            # G-44: the seed gives no rounding for the Hold Breath Roll's half Strength.
            "hold_breath_roll": f.hold_breath_roll(
                a.constitution,
                a.strength,
                rounding=self.defaults.of(CoreDefaults).G44_hold_breath_half_strength,
            ),
            "healing_roll": f.healing_roll(a.constitution, chart),
            "mental_healing_bonus": f.mental_healing_bonus(a.newoen),
            "discernment_roll": f.discernment_roll(a.newoen),
        }
        return {name: self.settle(name, value) for name, value in formulas.items()}
