"""Strength Bonus (template): ``mands_rulebook.powers.strength_bonus``.

Built on the seed's "Agility Bonus": "Roll the dice given where the bonus was rolled up and add
this to the character's current agility. This power does not use EP." Seraph's "Agility + 3d8:
He gets +11, for a agility of 22" is the pattern: the bonus is in the sheet's ability already.
"""

from __future__ import annotations

from mands_rulebook.kit.powers.ratings import canonical_power_name
from mands_rulebook.kit.powers.uses import TEMPLATE
from mands_rulebook.powers.strength_bonus import STRENGTH_BONUS, strength_with_bonus
from tests.data.template_powers import installed_registries


def test_mands_register_powers_strength_bonus_with_its_aliases() -> None:
    registries = installed_registries()
    assert registries.powers["Strength Bonus"].source == TEMPLATE
    assert canonical_power_name(registries, "Increased Strength") == "Strength Bonus"
    assert canonical_power_name(registries, "strength increase") == "Strength Bonus"


def test_no_action_and_no_ep() -> None:
    assert STRENGTH_BONUS.uses == ()
    assert not [a for a in installed_registries().actions if a.startswith("strength-bonus")]


def test_the_bonus_adds_to_the_ability_as_agility_bonus_does() -> None:
    """As "He gets +11, for a agility of 22": 11 + 11 = 22."""
    assert strength_with_bonus(11, 11) == 22
