"""%Control: whether a power works when it is used (seed "Power Rolls and %Control").

These are the rules :mod:`mands_rulebook.powers.control` registers: the hooks named below are
that plugin's; nothing here is a hook.

Seed: "Whenever a power with %Control is used, a roll must be made on d100 less than or equal to
the %Control for that power. For power uses that last a period of time (such as flying) the roll
must be made once per Panel (once per round in combat). If the roll is missed, the power in
question failed to operate. EP is not used for the power the round or Panel it failed."

An action that uses a power names it in ``Intent.options["power"]``. When the actor's sheet gives
that power a %Control below 100, this plugin

* rolls d100 at initiation, at the pipeline's gate (``mands_initiation_gate``), before the
  action's own rules roll anything; on a miss they are not called at all: the use starts
  *instead* as a "lost control" action that charges no EP and does nothing when it completes;
* rolls again for a sustained use at every Payment Segment (``mands_action_sustain``); a miss
  drops the use before it pays for the round.

Each roll is a :class:`~mands_sim.events.PercentRolled` event. A power with no %Control (a robot's,
a totally automatic one) or with 100 is never rolled for. G-53 says how long a failed use takes
and that a failed round ends a sustained use.
"""

from __future__ import annotations

from typing import Final

from mands_rulebook.kit.maintained import maintained_shot
from mands_sim.actions import ActionDefinition, Intent
from mands_sim.events import PercentRolled
from mands_sim.kernel.contracts import Initiation
from mands_sim.kernel.encounter import Encounter
from mands_sim.model.sheet import PowerEntry
from mands_sim.percent_rolls import percent_roll

POWER_OPTION: Final = "power"
"""``Intent.options`` key naming the power (as on the character sheet) an action uses."""


LOST_CONTROL: Final = "lost control"
"""The ``prepared["outcome"]`` of a use whose %Control roll failed, and the drop reason."""


FULL_CONTROL: Final = 100
"""Seed: "%Control cannot be greater than 100"; at 100 the roll cannot fail, so none is made."""


def controlled_power(encounter: Encounter, actor: str, intent: Intent) -> PowerEntry | None:
    """The sheet's entry for the power ``intent`` uses, if it has a %Control roll to make."""
    name = intent.options.get(POWER_OPTION)
    if name is None:
        return None
    power: PowerEntry | None = encounter.character(actor).sheet.powers.get(str(name))
    if power is None or power.percent_control is None:
        return None
    return power if power.percent_control < FULL_CONTROL else None


def control_roll(encounter: Encounter, actor: str, power: PowerEntry) -> PercentRolled:
    """d100 ≤ %Control succeeds (seed "Percent Chance of Success"; Seraph's 97: 97 works)."""
    chance = int(power.percent_control or 0)
    return percent_roll(encounter, actor, f"{power.name} %Control", chance)


def lost_control_time(
    encounter: Encounter, actor: str, intent: Intent, definition: ActionDefinition
) -> int:
    """G-53: a failed use takes the use's Performance Time before Quality (no roll shortens it):
    the action's own, or ¼ of it for a maintained follow-up
    (``mands_rulebook.combat.maintained``)."""
    shot = maintained_shot(encounter, actor, intent, definition)
    return shot.performance_time if shot is not None else definition.performance_time


def lost_control(
    encounter: Encounter,
    actor: str,
    intent: Intent,
    definition: ActionDefinition,
    roll: PercentRolled,
) -> Initiation:
    """The seed's "failed to operate": no Combat Roll, no EP, nothing at completion (G-53)."""
    return Initiation(
        performance_time=lost_control_time(encounter, actor, intent, definition),
        events=(roll,),
        charges=(),
        prepared={"outcome": LOST_CONTROL, POWER_OPTION: intent.options[POWER_OPTION]},
    )
