"""Fist fights, the plugin: registers ``fist-attack`` with the kit's rules for the Combat Roll,
Quality, hitting and Hand Damage (:mod:`mands_rulebook.kit.fists`; ``docs/rules/combat.md``
§5–7)."""

from __future__ import annotations

from mands_rulebook.kit.fists import FIST_ATTACK, initiate, resolve
from mands_sim.api import Register, hookimpl, register_actions


@hookimpl
def mands_register_actions(register: Register) -> None:
    register_actions(
        register, (FIST_ATTACK,), initiate=initiate, resolve=resolve, source="rules text"
    )
