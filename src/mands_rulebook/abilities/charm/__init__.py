"""Charm, fear and horror: Charisma and Beauty used on others (seed "Charisma"; seed 002 "Beauty",
"An Example of Horrification"; ``docs/rules/decisions.md`` G-155 … G-158).

Three actions, each an Action Roll whose Quality the mind spends (``spend_charm_quality``), then
a d100 save vs. Willpower by every target:

* ``charm`` (seed "Charisma"): 2d10 vs. the charmer's Active Charisma, with a penalty equal to
  the target's; a charmer whose Charisma is below 0 causes **fear** instead ("The Action Roll is
  the same"). Performance Time 5 minutes. Q: speed (3 Q halve the time), 3 per point off the
  target's save, or a row up the save progression (``interval``).
* ``beauty-charm`` (seed "Beauty"): the Charm Roll is half the Beauty (Sex Appeal adds its level
  to the Charm Pool); 12 minutes; the save has a bonus of Beauty (Sphere).
* ``horrify`` (seed "Beauty"): the Horror Roll is the negative of the Beauty; the save has a
  penalty of Beauty (Sphere) and the target's Weirdness Bonus; Q: 3 per point off every
  target's save, or extra d6 of paralysis (the Q on the Sphere chart). A horrified target is
  inactive for 1d6 segments and those extra d6 — it starts nothing (the ``paralysed`` condition)
  and its actions in progress wait as long. A save made adds 2 to the Weirdness Bonus, one failed
  takes 1 off (read back from the log).

Whose Beauty the saves read is G-155 (the target's, by default: the example's 62, 68 and 54).
``beauty-charm`` and ``horrify`` may take several targets (intent option ``targets``: a list of ids,
or ``"all"``: every enemy fighting in sight, never a bystander or hostage, G-235), −1 to the Bonus
Pool per target (G-157). A target who saves is immune to that character's Charisma charm and fear,
or to its Beauty charm and horror, for the rest of the encounter (seed). A charmed or frightened
target leaves the fight (out of action as ``charmed`` / ``frightened``, G-156); its later saves come
after days or hours (the Action Chart from −½ Newoen), far beyond an encounter, and are only logged.

The optional rule ``involuntary-beauty`` (G-158) plays "If the character's Beauty is greater than 20
or less than −20, it may be used to Charm or Horrify involuntarily": when the encounter opens, d100
≤ |Beauty| − 20 makes an immediate charm or horror roll against every enemy in sight. Terror ("If
Beauty is less than 0, see Terror") is lost with its section and is not played. The rolls go through
:func:`mands_rulebook.kit.editing_points.rolls.edited_roll`, so players may edit them when Editing
Points are on.

The package by concept: :mod:`.allures` (the three actions as data), :mod:`.rolls` (the roll
and its Q), :mod:`.targets` (whom it works on, immunity), :mod:`.saves` (the Willpower save),
:mod:`.effects` (horrified, charmed), :mod:`.involuntary` (G-158). This module is the plugin
(its hooks); the submodules hold its rules, each imported from its own module, so no
hook is registered twice.
"""

from __future__ import annotations

from mands_rulebook.abilities.charm.allures import ALLURES, CharmDefaults
from mands_rulebook.abilities.charm.effects import PARALYSED, work_on
from mands_rulebook.abilities.charm.involuntary import INVOLUNTARY_BEAUTY
from mands_rulebook.abilities.charm.rolls import attempt
from mands_rulebook.abilities.charm.targets import chosen_targets, open_targets
from mands_sim.api import (
    ActionDefinition,
    ActionInProgress,
    Charge,
    Encounter,
    Event,
    Initiation,
    Intent,
    Register,
    answers_actions,
    defaults_summary,
    hookimpl,
    reduced_performance_time,
    register_actions,
)


@hookimpl
def mands_register_conditions(register: Register) -> None:
    """Paralysed with horror (seed "Beauty")."""
    register(PARALYSED.name, PARALYSED, summary=PARALYSED.summary, source="rules text")


@hookimpl
def mands_register_actions(register: Register) -> None:
    register_actions(
        register,
        (allure.action for allure in ALLURES.values()),
        initiate=initiate,
        resolve=resolve,
        source="rules text",
    )


@hookimpl
@answers_actions(*ALLURES)
def mands_action_refusals(encounter: Encounter, actor: str, intent: Intent) -> list[str] | None:
    allure = ALLURES.get(intent.action)
    if allure is None:
        return None
    if not open_targets(encounter, actor, allure, chosen_targets(encounter, actor, intent, allure)):
        return [f"nobody in action is open to {actor}'s {allure.action.name} (immune or out)"]
    return None


def initiate(
    encounter: Encounter, actor: str, intent: Intent, definition: ActionDefinition
) -> Initiation:
    """The roll and its Q; the saves come when the Performance Time ends."""
    allure = ALLURES[definition.name]
    wanted = chosen_targets(encounter, actor, intent, allure)
    targets = open_targets(encounter, actor, allure, wanted)
    made = attempt(encounter, actor, intent, allure, targets)
    prepared: dict[str, object] = {
        "targets": tuple(targets),
        "spent": made.spent,
        "outcome": "rolled" if made.roll.succeeded else "failed",
    }
    speed = made.spent.get("speed", 0)
    time = reduced_performance_time(definition.performance_time, speed, encounter.defaults)
    charges = (Charge(definition.ep_row, definition.name),)
    return Initiation(time, made.events, charges, prepared)


def resolve(encounter: Encounter, actor: str, action: ActionInProgress) -> list[Event]:
    allure = ALLURES[action.name]
    if action.prepared["outcome"] == "failed":
        return []
    targets, spent = action.prepared.names("targets"), action.prepared.of("spent", dict)
    return work_on(encounter, actor, targets, allure, spent)


@hookimpl
def mands_register_optional_rules(register: Register) -> None:
    register(
        "involuntary-beauty",
        INVOLUNTARY_BEAUTY,
        summary="Beauty beyond +-20 charms or horrifies on sight (d100 <= |Beauty| - 20)",
        source="rules text",
    )


@hookimpl
def mands_register_defaults(register: Register) -> None:
    """Register the named defaults this rule applies (``docs/rules/decisions.md``)."""
    register(
        "abilities.charm",
        CharmDefaults,
        summary=defaults_summary(CharmDefaults),
        source="rules text",
    )
