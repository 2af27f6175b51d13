"""Strength Bonus (the Superhuman class tables' Strength increase), registered so that sheets
naming it load and ``mands-sim plugins`` lists it. Template, not rules text: the seed describes
Agility, Beauty, Charisma and Constitution Bonus but not this one (``docs/rules/powers.md`` §2, §3
"Ability-bonus power: add the listed dice to the ability; no EP").

Built on the seed's "Agility Bonus": "Roll the dice given where the bonus was rolled up and add
this to the character's current agility. This power does not use EP." Absorption calls it
"increased Strength" (its stolen effect is Hand-to-Hand damage, not the ability).

It has no action and does nothing during an encounter: the bonus is rolled once, when the
character is made, and written into the sheet's Strength (as Seraph's sheet does with his
Agility, Constitution and Beauty bonuses), from which Hand Damage and the other figured numbers
follow. Adding it again at encounter time would count it twice. :func:`strength_with_bonus` is
the creation-time sum.
"""

from __future__ import annotations

from typing import Final

from mands_rulebook.kit.powers.uses import register_power
from mands_rulebook.powers.template import automatic_power
from mands_sim.api import Register, hookimpl

NAME: Final = "Strength Bonus"

STRENGTH_BONUS = automatic_power(
    NAME,
    "Add the rolled dice to Strength at creation (as Agility Bonus); no EP, no action.",
    aliases=("Strength Increase", "Increased Strength"),
)


def strength_with_bonus(strength: int, rolled: int) -> int:
    """Seed "Agility Bonus", for Strength: the dice rolled are added to the current score."""
    return strength + rolled


@hookimpl
def mands_register_powers(register: Register) -> None:
    register_power(register, STRENGTH_BONUS)
