"""Sight Power (seed "Sight"), template, not rules text: the power's own description was not
recovered (``docs/rules/powers.md`` §2); its one rule is in the Sight attribute.

Seed "Sight": "If a character has a Sight Power, divide the distance something is from the
character by the sight power for the distance it seems to be. This reduced distance will apply
to Short Ranges and Range Sets, but not to Maximum Range."

An Automatic Effect (no action, no EP). G-136: the sight power is the PR; in the Combat Roll of
a fist or weapon attack (``mands_rulebook.combat.range``'s) the range penalty (G-20) and the Close /
Ranged sight modifier (seed 002) are figured at the apparent distance, true distance ÷ PR —
this plugin adds the difference as a ``"Sight Power"`` Bonus Pool modifier. Maximum Range, and
so what can be attacked at all, stays at the true distance. Power attacks figure their range
penalty inside ``mands_rulebook.kit.powers`` (``range_pool``), at the kit's ``seen_distance``,
which asks for this power by name.
"""

from __future__ import annotations

from mands_rulebook.kit.powers.attacks import SIGHT_POWER as NAME
from mands_rulebook.kit.powers.attacks import apparent_distance
from mands_rulebook.kit.powers.ratings import power_rating
from mands_rulebook.kit.powers.uses import register_power
from mands_rulebook.kit.range import (
    CONTACT,
    Reach,
    attack_reach,
    distance,
    range_modifier,
    sight_modifier,
)
from mands_rulebook.kit.weapons.table import Ranges
from mands_rulebook.powers.template import automatic_power
from mands_sim.api import Encounter, Intent, Modifier, Register, hookimpl

SIGHT_POWER = automatic_power(
    NAME,
    "Distances seem divided by the PR for Short Range, Range Sets and sight modifiers "
    "(not Maximum Range); automatic (G-136).",
)


def range_and_sight(encounter: Encounter, actor: str, reach: Ranges, meters: float) -> int:
    """The G-20 range penalty and the seed-002 sight modifier at ``meters``, summed."""
    penalty = range_modifier(encounter, reach, meters)
    return (penalty.amount if penalty else 0) + sight_modifier(encounter, actor, reach, meters)


def sight_power_modifier(encounter: Encounter, actor: str, intent: Intent) -> Modifier | None:
    """G-136: what the attack gains by seeing its target nearer than it is."""
    pr = power_rating(encounter, actor, SIGHT_POWER)
    reach: Reach | None = attack_reach(encounter, actor, intent)
    if pr <= 1 or intent.target is None or reach is None or reach == CONTACT:
        return None
    assert isinstance(reach, Ranges)
    meters = distance(encounter, actor, intent.target)
    seen = apparent_distance(meters, pr)
    gain = range_and_sight(encounter, actor, reach, seen) - range_and_sight(
        encounter, actor, reach, meters
    )
    reason = f"G-136: {meters:g} m seem {seen:g} m (seed Sight: distance ÷ Sight Power {pr})"
    return Modifier(gain, NAME, reason) if gain else None


@hookimpl
def mands_register_powers(register: Register) -> None:
    register_power(register, SIGHT_POWER)


@hookimpl
def mands_bonus_pool_modifiers(
    encounter: Encounter, actor: str, intent: Intent, purpose: str
) -> list[Modifier]:
    if purpose != "combat":
        return []
    found = sight_power_modifier(encounter, actor, intent)
    return [found] if found else []
