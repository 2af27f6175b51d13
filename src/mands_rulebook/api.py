"""The Men & Supermen kit for plugin authors: powers, blows and ranges, as the rulebook's own
power plugins build on them.

A plugin of the Men & Supermen ruleset imports the kernel's API from :mod:`mands_sim.api` and
this ruleset's kit from here: ``from mands_rulebook.api import PowerSpec, register_power``.
``docs/rulebook-api.md`` lists every name with its documentation (generated from this module by
``scripts/api_docs.py``; a test fails when the two differ). A name not exported here may move
or change in any release.

Versioned by :data:`API_VERSION` as :mod:`mands_sim.api` is: a name removed or changed
incompatibly raises the major number, a name added the minor one. Another ruleset declares its
own kit the same way (``docs/rulesets.md``); nothing in ``mands_sim`` imports this module.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Final

from mands_rulebook.kit.damage import Blow, Cover, strike
from mands_rulebook.kit.maintained import maintained_shot
from mands_rulebook.kit.powers import (
    power_initiation,
    power_refusals,
    power_resolution,
    power_sustain,
    register_power_actions,
)
from mands_rulebook.kit.powers.attacks import attack_events, cosmic_ray_ranges, standard_ranges
from mands_rulebook.kit.powers.ratings import power_intent, power_rating
from mands_rulebook.kit.powers.uses import (
    ACTIVE_TIME,
    ATTACK,
    COVERS,
    DEFENSE,
    OTHER,
    PASSIVE_TIME,
    POWER_ROW,
    PowerSpec,
    PowerSpend,
    PowerUse,
    PowerUsed,
    register_power,
)
from mands_rulebook.kit.weapons.table import Ranges

API_VERSION: Final = "1.0.0"
"""The version of this kit's API (semantic versioning; the module docstring says what changes
it)."""

SECTIONS: Final = MappingProxyType(
    {
        "Versions": ("API_VERSION",),
        "Powers": (
            "PowerSpec",
            "PowerUse",
            "PowerSpend",
            "PowerUsed",
            "ATTACK",
            "DEFENSE",
            "OTHER",
            "ACTIVE_TIME",
            "PASSIVE_TIME",
            "POWER_ROW",
            "COVERS",
            "register_power",
            "register_power_actions",
            "power_refusals",
            "power_initiation",
            "power_resolution",
            "power_sustain",
            "power_intent",
            "power_rating",
            "maintained_shot",
        ),
        "Attacks and damage": (
            "attack_events",
            "Blow",
            "Cover",
            "strike",
            "Ranges",
            "standard_ranges",
            "cosmic_ray_ranges",
        ),
    }
)
"""The exported names by section, in the order ``docs/rulebook-api.md`` shows them."""

NOTES: Final = MappingProxyType(
    {
        "API_VERSION": "The version of this kit's API (semantic versioning; the module's "
        "introduction above says what changes it).",
        "ATTACK": "A power use's role: an attack (a Combat Roll, a target, a blow).",
        "DEFENSE": "A power use's role: a protection (a sustained Cover, Skin Temper rows).",
        "OTHER": "A power use's role: anything else (the use gives its own ``resolve``).",
        "ACTIVE_TIME": 'The Performance Time of most power uses (seed "Power Rolls": 20).',
        "PASSIVE_TIME": 'The Performance Time of a passive power use (seed "Power Rolls": 10).',
        "POWER_ROW": "The EP Use Chart row a power use pays before PR spent on EP (row 9).",
        "COVERS": "The key of ``prepared`` under which a protection use gives its ``Cover`` "
        "values to the damage rules.",
    }
)
"""Documentation of the exported values that have no docstring of their own."""

__all__ = [
    "ACTIVE_TIME",
    "API_VERSION",
    "ATTACK",
    "COVERS",
    "DEFENSE",
    "OTHER",
    "PASSIVE_TIME",
    "POWER_ROW",
    "Blow",
    "Cover",
    "PowerSpec",
    "PowerSpend",
    "PowerUse",
    "PowerUsed",
    "Ranges",
    "attack_events",
    "cosmic_ray_ranges",
    "maintained_shot",
    "power_initiation",
    "power_intent",
    "power_rating",
    "power_refusals",
    "power_resolution",
    "power_sustain",
    "register_power",
    "register_power_actions",
    "standard_ranges",
    "strike",
]
