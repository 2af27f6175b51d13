"""The plugin that says what Microlite Platinum is to mands-sim: the ruleset ``microlite``, its
sheet format and how a sheet is figured (``mands_microlite.sheet``, ``mands_microlite.character``).
"""

from __future__ import annotations

from typing import Final

from mands_microlite.character import figure
from mands_microlite.sheet import read_sheet
from mands_sim.api import Register, RulesetDefinition, hookimpl

RULESET: Final = "microlite"
"""The name a scenario gives to be played by these rules (``ruleset = "microlite"``)."""

MICROLITE: Final = RulesetDefinition(
    name=RULESET,
    summary="Microlite Platinum: eight stats, HP and SDC, d20 strikes, parries and dodges",
    read_sheet=read_sheet,
    figure=figure,
)


@hookimpl
def mands_ruleset() -> str:
    """Every plugin of this package plays Microlite."""
    return RULESET


@hookimpl
def mands_register_rulesets(register: Register) -> None:
    """Register how Microlite's sheets are read and figured."""
    register(RULESET, MICROLITE, summary=MICROLITE.summary, source="rules text")
