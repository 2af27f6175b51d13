"""Multiple opponents, the plugin (``mands_rulebook.combat.opponents``;
``docs/rules/combat.md`` §12; seed "Combat Roll"; G-80, G-81, G-82): its hooks registered once. The
rules it plays are the kit's, each tested in ``test_rulebook_kit_opponents_<module>.py``
(extra_opponents, sweeps, split_attacks, teamwork)."""

from __future__ import annotations

import mands_rulebook.combat.opponents as opponents
from tests.data.hook_impls import registration_problems


def test_the_opponents_hooks_are_registered_once() -> None:
    """Only the plugin's own hook implementations, each once (none re-exported elsewhere)."""
    assert registration_problems(opponents) == []
