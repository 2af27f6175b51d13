"""The default way an encounter ends: one side has nobody left in action (``docs/scenarios.md``,
``[stop]``; who counts, G-235). No surviving rules text says when a fight ends.

Registers the outcome condition ``side-out-of-action`` that scenarios name in ``[stop] when``
(and that applies when a scenario names none). A plugin can register its own conditions, or
replace this one with ``replaces=True``.
"""

from __future__ import annotations

from mands_sim.api import Register, hookimpl, side_out_of_action


@hookimpl
def mands_register_outcome_conditions(register: Register) -> None:
    register(
        "side-out-of-action",
        side_out_of_action,
        summary="The encounter ends when at most one side has anyone in action; that side wins.",
        source="template, not rules text",
    )
