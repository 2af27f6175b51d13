"""Magnetism, template, not rules text: named in the seed's Perception and Special Use rules,
never described (``docs/rules/powers.md`` §2, §3).

Seed "Perception": "A power such as magnetism or electricity can aid in searching for another
such power/power source: Add the PR to the Perception roll." Seed "Special Use": "A character
with power over Magnetism might decide to create electricity by rapidly varying a magnetic field
around metal."

Built from the template's attack/blast power (G-130, ``mands_rulebook.powers.template``):

* ``magnetism-blast`` — metal hurled or wrenched by a magnetic field: a Combat Roll, damage
  ⌈PR/2⌉ plus the damage Q, Cosmic-Rays ranges on the damage PR (G-21), Performance Time 20,
  EP from row 9 less the PR spent on EP, maintainable. Default spend: all PR on damage.
* :func:`search_bonus` — the Perception rule (searching is not part of an encounter).
"""

from __future__ import annotations

from typing import Final

from mands_rulebook.kit.powers import power_refusals, register_power_actions
from mands_rulebook.kit.powers.uses import TEMPLATE, PowerSpec, register_power
from mands_rulebook.powers.template import blast_use
from mands_sim.api import Encounter, Intent, Register, answers_actions, hookimpl

NAME: Final = "Magnetism"

BLAST = blast_use(
    "magnetism-blast",
    NAME,
    "Hurled metal (template): Combat Roll, PR/2 damage (round up), Cosmic-Rays ranges.",
)

MAGNETISM = PowerSpec(
    name=NAME,
    summary="Control magnetic fields (template): a blast of PR/2 damage (G-130); +PR to "
    "Perception when searching for such a power.",
    source=TEMPLATE,
    uses=(BLAST,),
)


def search_bonus(pr: int) -> int:
    """Seed "Perception": "Add the PR to the Perception roll" searching for such a power."""
    return pr


@hookimpl
def mands_register_powers(register: Register) -> None:
    register_power(register, MAGNETISM)


@hookimpl
def mands_register_actions(register: Register) -> None:
    register_power_actions(register, MAGNETISM)


@hookimpl
@answers_actions(*MAGNETISM.actions)
def mands_action_refusals(encounter: Encounter, actor: str, intent: Intent) -> list[str]:
    return power_refusals(encounter, actor, intent, MAGNETISM)
