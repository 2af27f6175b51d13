"""Falling out of action from damage (``rules/combat.md`` §9; ``rules/gaps.md`` G-17).

The rulebook's rules for staying conscious below 1 DP are lost. G-17 (invented, switchable by
replacing this plugin): at Body DP ≤ 0 a character must pass 2d10 ≤ Constitution (Sphere) +
Resist Death + current Body DP (a negative number) whenever it is hurt and at each Payment
Segment, or fall unconscious; at Body DP ≤ −(maximum Body DP) it is dead.
"""

from __future__ import annotations

from mands_sim import hookimpl
from mands_sim.events import ConsciousnessCheck, Event, OutOfAction
from mands_sim.kernel.encounter import Encounter
from mands_sim.rolls import action_roll


@hookimpl(trylast=True)
def mands_status_check(encounter: Encounter, actor: str) -> list[Event] | None:
    """G-17: death at −max Body DP, else a consciousness roll at Body DP ≤ 0."""
    state = encounter.state[actor]
    if state.damage_points > 0:
        return []
    character = encounter.character(actor)
    if state.damage_points <= -character.figured.damage_points.body:
        return [OutOfAction(encounter.now, actor, "dead")]
    target = (
        encounter.charts.action.sphere(character.sheet.abilities.constitution)
        + character.figured.resist_death
        + state.damage_points
    )
    roll = action_roll(
        encounter.dice_for(actor),
        target=target,
        is_special=character.sheet.is_special,
        charts=encounter.charts,
    )
    check = ConsciousnessCheck(encounter.now, actor, target, roll.dice.total, roll.succeeded)
    if roll.succeeded:
        return [check]
    return [check, OutOfAction(encounter.now, actor, "unconscious")]
