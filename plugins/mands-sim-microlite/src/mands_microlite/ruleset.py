"""The plugin that says what Microlite Platinum is to mands-sim: the ruleset ``microlite``."""

from __future__ import annotations

from typing import Final

from mands_sim.api import hookimpl

RULESET: Final = "microlite"
"""The name a scenario gives to be played by these rules (``ruleset = "microlite"``)."""


@hookimpl
def mands_ruleset() -> str:
    """Every plugin of this package plays Microlite."""
    return RULESET
