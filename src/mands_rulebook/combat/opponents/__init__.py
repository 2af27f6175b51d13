"""Multiple opponents, sweeps, forked blasts and Teamwork (``docs/rules/combat.md`` §5, §6, §12).

Seed "Combat Roll": "If the character wants extra opponents, each extra opponent counts as a
penalty of 1 to the Combat Roll's Bonus Pool. The character's Defense counts against all
opponents. The player must apply Attack separately for each opponent ... in a 'sweeping'
manner ... Each attack takes place on successive segments ... Whether or not a multiple attack
can be performed must be handled on a case-by-case basis." This builtin plugin (its hooks here,
the rules in the package's modules)

* adds −1 to the Combat Bonus Pool per opponent beyond the first the roll attacks; under G-80
  ``engaged`` also per further enemy in contact (G-65 reach):
  :mod:`~mands_rulebook.kit.opponents.extra_opponents`;
* registers ``sweep`` (intent options ``targets``, the intent's ``target`` first, and
  ``weapon``: fists cannot sweep) and ``sweep-blow`` (G-81): one Combat Roll with the weapon,
  its Attack Q split among enemies in its reach, the later blows a segment apart:
  :mod:`~mands_rulebook.kit.opponents.sweeps`, the weapon's part
  :mod:`mands_rulebook.kit.sweep_weapons`
  (G-172);
* gives power plugins :func:`fork_blast` (seed "Fire Coat": "Fire blasts may be forked ...
  dividing the damage between more than one target. Attack Q must be supplied for each
  target") and :func:`split_attack`: :mod:`~mands_rulebook.kit.opponents.split_attacks`;
* plays Teamwork (seed "Teamwork", G-82): :mod:`~mands_rulebook.kit.opponents.teamwork`.

The ``sweeper`` policy that plays these actions is a plugin of the policies,
:mod:`mands_rulebook.policies.sweeper`.

"""

from __future__ import annotations

from mands_rulebook.kit.opponents.extra_opponents import opponents_modifier
from mands_rulebook.kit.opponents.sweeps import (
    SWEEP,
    SWEEP_BLOW,
    land_blows,
    sweep_blow_initiation,
    sweep_blow_refusals,
    sweep_initiation,
    sweep_refusals,
    sweep_resolution,
    sweep_targets,
)
from mands_rulebook.kit.opponents.teamwork import teamwork_modifiers
from mands_rulebook.kit.sweep_weapons import sweep_range_and_sight
from mands_sim.api import (
    ActionDefinition,
    ActionInProgress,
    Encounter,
    Event,
    Initiation,
    Intent,
    Modifier,
    Register,
    UnplayedActionError,
    answers_actions,
    hookimpl,
    register_actions,
)

# --- the hooks ----------------------------------------------------------------------------------


@hookimpl
def mands_register_actions(register: Register) -> None:
    register_actions(
        register, (SWEEP, SWEEP_BLOW), initiate=initiate, resolve=resolve, source="rules text"
    )


@hookimpl
@answers_actions(SWEEP.name, SWEEP_BLOW.name)
def mands_action_refusals(encounter: Encounter, actor: str, intent: Intent) -> list[str]:
    if intent.action == SWEEP.name:
        return sweep_refusals(encounter, actor, intent)
    if intent.action == SWEEP_BLOW.name:
        return sweep_blow_refusals(encounter, actor, intent)
    return []


@hookimpl
def mands_bonus_pool_modifiers(
    encounter: Encounter, actor: str, intent: Intent, purpose: str
) -> list[Modifier]:
    """Extra opponents (G-80), Teamwork (G-82), and a sweep's range and sight modifiers (as a
    punch's or a weapon's, ``mands_rulebook.combat.range``; G-172)."""
    if purpose != "combat" or intent.target is None:
        return []
    found = [m for m in [opponents_modifier(encounter, actor, intent)] if m is not None]
    if intent.action == SWEEP.name:
        found += sweep_range_and_sight(encounter, actor, intent, sweep_targets(intent))
    return found + teamwork_modifiers(encounter, actor, intent)


def initiate(
    encounter: Encounter, actor: str, intent: Intent, definition: ActionDefinition
) -> Initiation:
    if definition.name == SWEEP.name:
        return sweep_initiation(encounter, actor, intent)
    if definition.name == SWEEP_BLOW.name:
        return sweep_blow_initiation(encounter, actor)
    raise UnplayedActionError(definition.name)


def resolve(encounter: Encounter, actor: str, action: ActionInProgress) -> list[Event]:
    if action.name == SWEEP.name:
        return sweep_resolution(encounter, actor, action)
    if action.name == SWEEP_BLOW.name:
        return land_blows(encounter, actor, action, 1)
    raise UnplayedActionError(action.name)
