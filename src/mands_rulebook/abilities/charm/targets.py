"""Whom a charm or horror works on (seed "Charisma", "Beauty"; G-157): the intent's target or
``targets``, those still in action, and immunity after a save made."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from mands_rulebook.abilities.charm.allures import Allure
from mands_rulebook.abilities.charm.saves import CharmSave
from mands_rulebook.kit.range import in_sight
from mands_sim.api import Encounter, Intent, fighting

ALL_TARGETS: Final = "all"
"""The intent option ``targets = "all"``: every enemy fighting (G-235) in sight."""


def immune(encounter: Encounter, target: str, source: str, family: str) -> bool:
    """Seed: once a target has saved against a character's charm (or fear, horror), it is
    immune to that character's further attempts of the family."""
    return any(
        isinstance(e, CharmSave)
        and e.saved
        and e.character == target
        and e.source == source
        and e.family == family
        for e in encounter.log
    )


def enemies_in_sight(encounter: Encounter, actor: str) -> list[str]:
    """The enemies in sight a charm on ``"all"`` (or an involuntary one, G-158) works on: those
    fighting — in action and combatants; a bystander or hostage is nobody's opponent (G-235)."""
    side = encounter.state[actor].side
    return [
        s.character_id for s in encounter.state
        if s.side != side and fighting(encounter, s) and in_sight(encounter, actor, s.character_id)
    ]  # fmt: skip


def chosen_targets(encounter: Encounter, actor: str, intent: Intent, allure: Allure) -> list[str]:
    """The intent's ``targets`` (a list of ids, or ``"all"``) or its one target."""
    wanted = intent.options.get("targets") if allure.several_targets else None
    if wanted == ALL_TARGETS:
        return sorted(enemies_in_sight(encounter, actor))
    if wanted:
        return list(intent.names("targets"))
    return [intent.target] if intent.target else []


def open_targets(
    encounter: Encounter, actor: str, allure: Allure, targets: Sequence[str]
) -> list[str]:
    """Those still in action and not immune to ``actor``'s ``allure``."""
    return [
        t for t in targets
        if encounter.state[t].in_action and not immune(encounter, t, actor, allure.family)
    ]  # fmt: skip
