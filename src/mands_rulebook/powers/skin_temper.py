"""Skin Temper, the power (Superhuman class roll 87, "Skin Temper + d5/5"), registered so that
sheets naming it load and ``mands-sim plugins`` lists it. Template, not rules text: the power's
description was not recovered (``docs/rules/powers.md`` §2).

Seed ("Biff Turk Creates a Sample Character"): "He chooses a Skin Temper increase, and rolls 4 on
d5, for a bonus of .8 to his Skin Temper. It is only partial protection, and protects 42% of the
time." Seed "Armor Use": Skin Temper and Ignore Damage powers are "Personal Armor".

It has no action and costs no EP: it is on whenever its owner is hit. ``mands_rulebook.kit.damage``
already applies it from the sheet (``bonus``, ``cover_chance``) as Personal Armor — a d100 ≤ the
Cover Chance (+5 per level of Armor Use (Personal Armor)) on every blow, and when it covers, the
multiplier 1 − bonus on the nearest Skin Temper row (G-06; ``G06_skin_temper_power = "rows"``:
the bonus in whole rows). This module only registers the power (under the table's names too, and
the bonus dice as its roll): it adds no cover of its own, so the protection is applied once.
:func:`skin_temper_multiplier` is the G-06 number for sheets and reports.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Final

from mands_rulebook.kit.powers.uses import register_power
from mands_rulebook.powers.template import automatic_power
from mands_sim.api import Register, hookimpl

NAME: Final = "Skin Temper"
"""The name ``data/armor.toml`` ``[personal] skin_temper_power`` gives the power."""

BONUS_DICE: Final = "d5/5"
"""Superhuman class roll 87: "Skin Temper + d5/5" (a bonus of .2 to 1)."""

TABLE_NAMES: Final = (f"{NAME} + {BONUS_DICE}", f"{NAME} Increase")
"""The names the seed writes for it: the Superhuman class table's "Skin Temper + d5/5" (also
"Skin Temper +d5/5": spacing aside) and "He chooses a Skin Temper increase" (seed "Biff Turk
Creates a Sample Character"). A sheet copied from the book may use either."""

SKIN_TEMPER = automatic_power(
    NAME,
    "Personal Armor: Skin Temper multiplier 1 - bonus when its Cover Chance covers (G-06); "
    "applied by mands_rulebook.kit.damage.",
    aliases=TABLE_NAMES,
    pr_dice=BONUS_DICE,
)


def skin_temper_multiplier(bonus: Fraction) -> Fraction:
    """G-06: the power's multiplier before it is snapped to a row: 1 − bonus (.8 → 1/5)."""
    return 1 - bonus


@hookimpl
def mands_register_powers(register: Register) -> None:
    register_power(register, SKIN_TEMPER)
