"""Sixth Sense, template, not rules text: named in the seed's Optional Rules (a power "in a
ring"), never described (``docs/rules/powers.md`` §2).

Seed ("Optional Rules", items): "Sixth Sense doesn't use Endurance Points." That is all the seed
says. It is registered as an Automatic Effect (no action, no EP) so sheets naming it load and
listings show it; it does nothing in an encounter: the danger sense it suggests would act on the
Detect Danger roll, which takes no modifiers in this simulator (G-48,
``mands_rulebook.combat.surprise`` has no hook for them), and no number for it survives.
"""

from __future__ import annotations

from typing import Final

from mands_rulebook.kit.powers.uses import register_power
from mands_rulebook.powers.template import automatic_power
from mands_sim.api import Register, hookimpl

NAME: Final = "Sixth Sense"

SIXTH_SENSE = automatic_power(
    NAME, "Uses no EP (seed Optional Rules); no encounter effect: nothing else survives."
)


@hookimpl
def mands_register_powers(register: Register) -> None:
    register_power(register, SIXTH_SENSE)
