"""A synthetic blast for the %Control and maintained-attack tests (not rulebook content).

``ray`` is a maintainable attack shaped like the seed's typical power use (``docs/rules/combat.md``
§17a): Performance Time 20, EP row 9, a Combat Roll whose whole Quality buys Attack. ``hover``
is a sustained use (PT 120, row 7) that does nothing. :class:`ScriptedMind` plays a list of
intents, one whenever its character is free to act.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from dataclasses import replace
from pathlib import Path
from typing import Any

from mands_rulebook.kit.maintained import maintained_shot
from mands_sim.actions import (
    ActionDefinition,
    ActionInProgress,
    Intent,
    QualityAllocation,
    Wait,
)
from mands_sim.api import hookimpl
from mands_sim.dice import DiceSource
from mands_sim.events import AttackResolved, Event, RollMade
from mands_sim.kernel.contracts import Charge, Initiation
from mands_sim.kernel.encounter import Encounter
from mands_sim.rolls import action_roll
from mands_sim.scenario import load_scenario
from mands_sim.simulation import Simulation

SCENARIO = Path(__file__).resolve().parents[2] / "scenarios" / "seraph_vs_sphinx.toml"
"""Seraph (Electric Power, %Control 97) and the Sphinx (no powers)."""

RAY = ActionDefinition(
    "ray",
    performance_time=20,  # docs/rules/combat.md §17a: "Most powers have Performance Time 20"
    ep_row=9,  # seed "EP Cost": normally row 9
    needs_target=True,
    can_maintain=True,
    summary="test blast",
)
HOVER = ActionDefinition("hover", performance_time=120, is_sustained=True, ep_row=7)


class RayPlugin:
    """Registers and plays ``ray`` and ``hover``; a follow-up asks :func:`maintained_shot`."""

    @hookimpl
    def mands_register_actions(self, register: Any) -> None:
        register(
            RAY.name,
            replace(RAY, initiate=self.initiate, resolve=self.resolve),
            summary=RAY.summary,
        )
        register(
            HOVER.name,
            replace(HOVER, initiate=self.initiate, resolve=self.resolve),
            summary="test sustained use",
        )

    def initiate(
        self, encounter: Encounter, actor: str, intent: Intent, definition: ActionDefinition
    ) -> Initiation | None:
        if definition.name == HOVER.name:
            return Initiation(HOVER.performance_time, charges=(Charge(HOVER.ep_row, "hover"),))
        if definition.name != RAY.name:
            return None
        shot = maintained_shot(encounter, actor, intent, definition)
        if shot is not None:
            return shot.initiation("maintained ray")
        return first_shot(encounter, actor)

    def resolve(
        self, encounter: Encounter, actor: str, action: ActionInProgress
    ) -> list[Event] | None:
        if action.name == HOVER.name:
            return []
        if action.name != RAY.name:
            return None
        target = str(action.intent.target)
        attack = int(action.prepared["attack"])
        defense = encounter.state[target].defense
        return [AttackResolved(encounter.now, actor, target, attack, defense, attack >= defense)]


def first_shot(encounter: Encounter, actor: str) -> Initiation:
    """A Combat Roll (``docs/rules/combat.md`` §5) whose whole Quality is the ray's Attack."""
    figured = encounter.character(actor).figured
    roll = action_roll(
        encounter.dice_for(actor),
        target=figured.combat_roll,
        bonus_pool=figured.combat_pool,
        is_special=encounter.character(actor).sheet.is_special,
        charts=encounter.charts,
    )
    event = RollMade(
        encounter.now,
        actor,
        "combat roll",
        roll.target,
        roll.bonus_pool,
        roll.pool_bonus,
        roll.dice.faces,
        roll.dice.rerolls,
        roll.dice.total,
        roll.quality,
    )
    return Initiation(
        RAY.performance_time,
        events=(event,),
        charges=(Charge(RAY.ep_row, "ray"),),
        prepared={"attack": roll.quality, "ep_row": RAY.ep_row},
    )


class ScriptedMind:
    """Plays ``plan`` in order (an :class:`Intent` or a :class:`Wait`), then does nothing."""

    def __init__(self, plan: Iterable[Intent | Wait] = ()) -> None:
        self.plan = deque(plan)

    def choose(self, encounter: Encounter, actor: str) -> Intent | Wait | None:
        return self.plan.popleft() if self.plan else None

    def allocate(
        self, encounter: Encounter, actor: str, intent: Intent, quality: int
    ) -> QualityAllocation:
        return QualityAllocation(attack=quality)


def ray(*, power: str | None = None, maintain: bool = False, target: str = "sphinx") -> Intent:
    """Seraph's ray at ``target`` using ``power`` (for %Control); a follow-up if ``maintain``."""
    options: dict[str, Any] = {"maintain": maintain}
    if power is not None:
        options["power"] = power
    return Intent(RAY.name, target=target, options=options)


def run_plan(
    plan: Iterable[Intent | Wait], dice: DiceSource, *, until: int, **simulation: Any
) -> list[Event]:
    """Seraph plays ``plan``; the Sphinx stands still. The events of the run, in order."""
    events: list[Event] = []
    Simulation(
        load_scenario(SCENARIO),
        extra_plugins={"test-ray": RayPlugin()},
        dice=dice,
        minds={"seraph": ScriptedMind(plan), "sphinx": ScriptedMind()},
        **simulation,
    ).run(until=until, observers=[events.append])
    return events
