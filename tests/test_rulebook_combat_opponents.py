"""Multiple opponents, the plugin (``mands_rulebook.combat.opponents``;
``docs/rules/combat.md`` §12; seed "Combat Roll"; G-80, G-81, G-82): its hooks registered once,
and the names it re-exports from its modules, each tested in
``test_rulebook_combat_opponents_<module>.py`` (extra_opponents, sweeps, split_attacks,
teamwork)."""

from __future__ import annotations

from types import ModuleType

import pytest

import mands_rulebook.combat.opponents as opponents
from mands_rulebook.combat.opponents import (
    extra_opponents,
    split_attacks,
    sweeps,
    teamwork,
)
from tests.data.reexports import facade_problems, registration_problems


@pytest.mark.parametrize("module", [extra_opponents, sweeps, split_attacks, teamwork])
def test_opponents_re_exports_every_name_of_its_modules(module: ModuleType) -> None:
    """Their importers keep importing from ``mands_rulebook.combat.opponents``: the same objects."""
    assert facade_problems(opponents, module) == []


def test_the_opponents_hooks_are_registered_once() -> None:
    """Only the plugin's own hook implementations, each once (none re-exported elsewhere)."""
    assert registration_problems(opponents) == []
