"""Ignore Damage, the power (Superhuman class roll 87, "Ignore 2d5 points damage"), registered so
that sheets naming it load and ``mands-sim plugins`` lists it. Template, not rules text: the
power's description was not recovered (``docs/rules/powers.md`` §2).

Seed "Figured Attributes": Ignore Damage is subtracted from each hit before Skin Temper; seed
"Armor Use": Skin Temper and Ignore Damage powers are "Personal Armor", protecting only when
their Cover Chance covers.

It has no action and costs no EP. ``mands_rulebook.kit.damage`` already applies it from the sheet
(``bonus``: the points ignored, whole; ``cover_chance``: as rolled, 100 without one) as Personal
Armor (G-06, G-22). This module only registers the power (under the table's name too, and the
bonus dice as its roll) and adds no cover, so the protection is applied once.
:func:`points_ignored` is that number for sheets and reports.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Final

from mands_rulebook.kit.powers.uses import register_power
from mands_rulebook.powers.template import automatic_power
from mands_sim.api import Register, hookimpl

NAME: Final = "Ignore Damage"
"""The name ``data/armor.toml`` ``[personal] ignore_damage_power`` gives the power."""

BONUS_DICE: Final = "2d5"
"""Superhuman class roll 87: "Ignore 2d5 points damage"."""

TABLE_NAME: Final = f"Ignore {BONUS_DICE} points damage"
"""The Superhuman class table's name for it (seed "Biff Turk Creates a Sample Character": "Skin
Temper + d5/5 or Ignore 2d5 points damage"); a sheet copied from the book may use it."""

IGNORE_DAMAGE = automatic_power(
    NAME,
    "Personal Armor: ignore the bonus in points of each hit when its Cover Chance covers "
    "(G-06); applied by mands_rulebook.kit.damage.",
    aliases=(TABLE_NAME,),
    pr_dice=BONUS_DICE,
)


def points_ignored(bonus: Fraction) -> int:
    """The whole points a covering Ignore Damage power takes off a hit (as damage applies it)."""
    return math.floor(bonus)


@hookimpl
def mands_register_powers(register: Register) -> None:
    register_power(register, IGNORE_DAMAGE)
