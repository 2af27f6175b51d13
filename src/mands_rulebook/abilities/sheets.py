"""Men & Supermen's characters to mands-sim: the sheet format its scenarios are written in, and
the figuring of a sheet (seed "Basic Abilities", "Figured Attributes", "Ability Rolls").

The plugin registers the ruleset's :class:`~mands_sim.api.RulesetDefinition`: a sheet is read
by :func:`~mands_sim.api.parse_sheet` (``docs/scenarios.md`` "Character sheets") and figured by
:func:`~mands_sim.api.build_character`, which reads the standard charts.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any, Final

from mands_sim.api import (
    DEFAULT_RULESET,
    CharacterSheet,
    Register,
    RulesetDefinition,
    build_character,
    hookimpl,
    parse_sheet,
)


def read_sheet(data: Mapping[str, Any], path: Path | None, key_prefix: str) -> CharacterSheet:
    """A Men & Supermen sheet from its TOML data."""
    return parse_sheet(data, path=path, key_prefix=key_prefix)


MEN_AND_SUPERMEN: Final = RulesetDefinition(
    name=DEFAULT_RULESET,
    summary="Men & Supermen: seven Basic Abilities, figured attributes, powers and skills",
    read_sheet=read_sheet,
    figure=build_character,
    standard_charts=True,
)


@hookimpl
def mands_register_rulesets(register: Register) -> None:
    """Register how Men & Supermen's sheets are read and figured."""
    register(
        MEN_AND_SUPERMEN.name,
        MEN_AND_SUPERMEN,
        summary=MEN_AND_SUPERMEN.summary,
        source="rules text",
    )
