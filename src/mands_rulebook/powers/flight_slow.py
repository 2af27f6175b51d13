"""Flight, Slow (seed "Flight, Slow"): flying is movement's ``move`` with ``fly``.

Seed: "Flight, Slow: This is the ability to fly. Basic Effects: (Movement, Combat Bonus)" — and
there the rulebook copy breaks off (``rules/README.md``: it "stops before ... the powers after
'Flight, Slow'"), so what Movement and Combat Bonus do is lost.

G-128: "Slow" flight goes at running pace: a flyer makes Move Rolls as a runner does and flies in a
straight line between places (``mands_rulebook.movement.moving``'s ``move`` with ``fly``, G-67),
paying the Move Roll's row each round. Movement and Combat Bonus add nothing (their numbers are
lost). The power is registered under the seed's name with the alias ``Flight``, the name movement's
``fly`` looks for (G-67), so a sheet listing ``[powers.Flight]`` flies and is this power. Flying is
a use that lasts, so %Control is rolled "once per round in combat" (seed "%Control") —
``mands_rulebook.powers.control`` rolls it for a move whose intent names the power in
``options["power"]``, at the start and at every Payment Segment, and a miss ends the flight. So that
it is never skipped, this plugin refuses a ``fly`` move that does not name the sheet's entry when
that entry has a %Control below 100.
"""

from __future__ import annotations

from typing import Final

from mands_rulebook.kit.control import FULL_CONTROL, POWER_OPTION
from mands_rulebook.kit.movement.pace import FLY, MOVE
from mands_rulebook.kit.powers.ratings import sheet_power
from mands_rulebook.kit.powers.uses import RULES_TEXT, PowerSpec, register_power
from mands_sim.api import (
    ActionDefinition,
    ActionOption,
    Encounter,
    Intent,
    Register,
    answers_actions,
    hookimpl,
)

NAME: Final = "Flight, Slow"
ALIAS: Final = "Flight"
"""The name movement's ``fly`` option looks for on the sheet (G-67)."""

FLIGHT_SLOW = PowerSpec(
    name=NAME,
    summary="Fly: movement's move with fly at running pace (G-128); %Control every round.",
    source=RULES_TEXT,
    uses=(),
    aliases=(ALIAS,),
)


def flight_refusals(encounter: Encounter, actor: str, intent: Intent) -> list[str]:
    """A ``fly`` move names the sheet's entry when it has a %Control to roll (G-128)."""
    if intent.action != MOVE.name or not intent.options.get(FLY):
        return []
    entry = sheet_power(encounter.character(actor).sheet, FLIGHT_SLOW)
    if entry is None or entry.percent_control is None:
        return []
    if entry.percent_control >= FULL_CONTROL or intent.options.get(POWER_OPTION) == entry.name:
        return []
    return [f"flying must name {entry.name!r} in options['{POWER_OPTION}'] (%Control, G-128)"]


@hookimpl
def mands_register_powers(register: Register) -> None:
    register_power(register, FLIGHT_SLOW)


@hookimpl
@answers_actions(MOVE.name)
def mands_action_refusals(encounter: Encounter, actor: str, intent: Intent) -> list[str]:
    return flight_refusals(encounter, actor, intent)


FLIGHT_ENTRY: Final = ActionOption(
    POWER_OPTION, "text", "flying: the sheet's entry of Flight, Slow (%Control, G-128)"
)


@hookimpl
def mands_action_options(action: ActionDefinition) -> list[ActionOption] | None:
    """``power`` on a move: the flight's entry when it must roll %Control."""
    return [FLIGHT_ENTRY] if action.name == MOVE.name else None
