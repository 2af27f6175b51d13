"""Which actions use a power, for the weakness kinds that name one (focus, limited use)."""

from __future__ import annotations

from mands_rulebook.kit.control import POWER_OPTION
from mands_rulebook.kit.powers.uses import power_slug
from mands_rulebook.kit.weaknesses import WeaknessDefaults
from mands_sim.api import Encounter, Intent, spoken


def uses_power(encounter: Encounter, intent: Intent, power: str) -> bool:
    """G-268 ``slug-or-named``: ``intent`` is one of ``power``'s actions (its name starts with
    the power's slug, ``electric-power-blast``) or names the power (``options["power"]``);
    ``named``: only the latter."""
    named = intent.options.get(POWER_OPTION)
    if isinstance(named, str) and spoken(named) == spoken(power):
        return True
    if encounter.defaults.of(WeaknessDefaults).G268_power_actions == "named":
        return False
    return intent.action.startswith(f"{power_slug(power)}-")


__all__ = ["uses_power"]
