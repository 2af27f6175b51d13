"""Gravity Control, template, not rules text: named in the seed's Weakness example (Pulsar),
never described (``docs/rules/powers.md`` §2, §3).

Seed ("Power Related Physical Weakness"): "Pulsar has the power Gravity Control. Every time he
initiates this power at a level which uses one or more EP per round, his strength becomes 13
minus the number of EP being used per round." So its uses pay EP by the EP rows, as every power.

Built from the template's attack/blast power (G-130, ``mands_rulebook.powers.template``):

* ``gravity-control-crush`` — crushing gravity on one target: a Combat Roll, damage ⌈PR/2⌉ plus
  the damage Q, Cosmic-Rays ranges on the damage PR (G-21), Performance Time 20, EP from row 9
  less the PR spent on EP, maintainable. Default spend: all PR on damage.

Pulsar's weakness (Strength 13 − EP per round) belongs to him, not to the power: a sheet gives
it as an ``affects-ability`` weakness (:mod:`mands_rulebook.weaknesses.affects_ability`, G-270).
"""

from __future__ import annotations

from typing import Final

from mands_rulebook.kit.powers import power_refusals, register_power_actions
from mands_rulebook.kit.powers.uses import TEMPLATE, PowerSpec, register_power
from mands_rulebook.powers.template import blast_use
from mands_sim.api import Encounter, Intent, Register, answers_actions, hookimpl

NAME: Final = "Gravity Control"

CRUSH = blast_use(
    "gravity-control-crush",
    NAME,
    "Crushing gravity (template): Combat Roll, PR/2 damage (round up), Cosmic-Rays ranges.",
)

GRAVITY_CONTROL = PowerSpec(
    name=NAME,
    summary="Control gravity (template): a crushing blast of PR/2 damage (G-130).",
    source=TEMPLATE,
    uses=(CRUSH,),
)


@hookimpl
def mands_register_powers(register: Register) -> None:
    register_power(register, GRAVITY_CONTROL)


@hookimpl
def mands_register_actions(register: Register) -> None:
    register_power_actions(register, GRAVITY_CONTROL)


@hookimpl
@answers_actions(*GRAVITY_CONTROL.actions)
def mands_action_refusals(encounter: Encounter, actor: str, intent: Intent) -> list[str]:
    return power_refusals(encounter, actor, intent, GRAVITY_CONTROL)
