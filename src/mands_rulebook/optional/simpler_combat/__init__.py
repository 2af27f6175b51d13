"""Simpler Combat: the rulebook's Combat Turns as an optional rule (seed "Simpler Combat";
``docs/rules/combat.md`` §19). Off unless a scenario lists it (``[rules] optional =
["simpler-combat"]``); then :class:`SimplerCombat` runs as ``optional-rule:simpler-combat``:

* **Combat Turns** (:mod:`.turns`, the clock :class:`CombatTurns` in :mod:`.clock`): 10
  segments, 5 a round; actions are announced on a turn's first two segments and resolve on
  their **Initiative** (G-140); "Divide an action's base Performance Time by 10 and round
  down", at least one turn; Q shortens it as under the standard rules, never below one turn,
  the speed Q it did not need going to Initiative (:mod:`.scheduling`).
* **Initiative** (:mod:`.initiative`): d10 "at the start of each combat", re-rolled for an
  Editing Point (the mind's ``reroll_initiative``; one of the character's own with
  ``editing-points`` on, G-194); Q adds to it "on a 1 for 1 basis" (a roll's ``speed`` Q), and
  to Damage "instead of using the Doubling Chart"; a sweep's later blows go on Initiative − 1
  each ("Multiple Opponents").
* **Order** (G-191): the clock orders the kernel's agenda within a segment
  (:meth:`CombatTurns.tiebreak`): announcing "in order of learning (from lowest to highest)",
  a delay (the mind's ``announce_delay``) counting as more Learning; resolving highest
  Initiative first.
* **Moving** "at the end of the Combat Turn" (G-192): runners are seen where the turn's start
  left them (:meth:`CombatTurns.movement_segment`, read by ``mands_rulebook.kit.positions``).
* **Bonus Pool** (:mod:`.announcing`): 10 − PT for a short action (G-141), −1 after a passive
  action that turn (G-143), −delay for announcing late (``Intent.options["announce_delay"]``).
* **Pushback does not apply** (:mod:`.pushback`, G-143); ongoing actions pay when started and
  "at the end of every fifth Turn" (G-38); runs end at a turn's end (G-142); switching clocks
  converts the actions in progress (``turns_from`` / ``turns_until``, :mod:`.switching`, G-144).

This module is the plugin (its hooks); the submodules hold its rules, each imported from its own
module, so no hook is registered twice.
"""

from __future__ import annotations

from functools import partial
from typing import Final

from mands_rulebook.optional.simpler_combat.announcing import (
    ANNOUNCE_DELAY,
    NAME,
    SimplerCombatDefaults,
    definition_of,
    pool_modifiers,
    turn_refusals,
)
from mands_rulebook.optional.simpler_combat.clock import CombatTurns
from mands_rulebook.optional.simpler_combat.initiative import (
    base_initiative,
    initiative_reroll,
    initiative_rolls,
)
from mands_rulebook.optional.simpler_combat.pushback import no_pushback, undo_pushback
from mands_rulebook.optional.simpler_combat.scheduling import on_initiative, with_events
from mands_rulebook.optional.simpler_combat.switching import switch_events
from mands_sim.api import (
    ActionDefinition,
    ActionInProgress,
    ActionOption,
    Encounter,
    Event,
    Gate,
    Initiation,
    Intent,
    Modifier,
    PushedBack,
    Register,
    ScenarioSpec,
    defaults_summary,
    hookimpl,
)


class SimplerCombat:
    """The optional rule's hooks; ``turns_from`` / ``turns_until`` switch clocks mid-fight."""

    def __init__(self, turns_from: int = 0, turns_until: int | None = None) -> None:
        self.clock = CombatTurns(turns_from, turns_until)

    def in_turns(self, encounter: Encounter) -> bool:
        return self.clock.in_turns(encounter.now)

    @hookimpl
    def mands_time_model(self, encounter_scenario: ScenarioSpec) -> CombatTurns:
        return self.clock

    @hookimpl
    def mands_encounter_opening(self, encounter: Encounter) -> list[Event]:
        """Seed: "Each player rolls d10 at the start of each combat. This is the character's
        base Initiative." """
        return initiative_rolls(encounter)

    @hookimpl
    def mands_bonus_pool_modifiers(
        self, encounter: Encounter, actor: str, intent: Intent, purpose: str
    ) -> list[Modifier]:
        definition = definition_of(encounter, intent)
        if definition is None or not self.in_turns(encounter):
            return []
        return pool_modifiers(encounter, actor, intent, definition)

    @hookimpl
    def mands_action_refusals(self, encounter: Encounter, actor: str, intent: Intent) -> list[str]:
        definition = definition_of(encounter, intent)
        if definition is None or not self.in_turns(encounter):
            return []
        return turn_refusals(encounter, actor, definition)

    @hookimpl
    def mands_initiation_gate(
        self, encounter: Encounter, actor: str, intent: Intent, definition: ActionDefinition
    ) -> Gate:
        """Turn an action's start into Combat Turns: Initiative, damage 1:1, no Pushback.

        At the gate: a clock switch converts what is in progress, an Initiative re-roll is
        made; the frame then schedules the action on its Initiative and takes back the kernel's
        pushback. A failed %Control roll's use (``mands_rulebook.powers.control``) is framed too."""
        switched = switch_events(encounter, self.clock)
        if not self.in_turns(encounter):
            return Gate(then=partial(with_events, before=switched, after=()))
        running = list(encounter.state[actor].actions)
        rerolled = initiative_reroll(encounter, actor, intent)

        def on_turns(initiation: Initiation) -> Initiation:
            base = base_initiative(encounter, actor, rerolled)
            turned = on_initiative(encounter, actor, definition, initiation, base)
            moved = {e.action_id: e.completes_at for e in switched if isinstance(e, PushedBack)}
            kept = no_pushback(encounter, actor, running, turned.events, moved)
            return with_events(turned, [*switched, *rerolled], kept)

        return Gate(then=on_turns)

    @hookimpl
    def mands_action_after(
        self, encounter: Encounter, actor: str, action: ActionInProgress
    ) -> list[Event]:
        """Seed: "Pushback does not apply": pushback other rules gave with this resolution (a
        Throwback, G-10) is taken back."""
        if not self.in_turns(encounter):
            return []
        return undo_pushback(encounter, action.action_id)


ANNOUNCE_DELAY_ENTRY: Final = ActionOption(
    ANNOUNCE_DELAY, "number", "Simpler Combat only: segments announced late, -1 each (G-143)"
)


@hookimpl
def mands_action_options(action: ActionDefinition) -> list[ActionOption]:
    """Under Simpler Combat any action may be announced late (``announce_delay``)."""
    return [ANNOUNCE_DELAY_ENTRY]


@hookimpl
def mands_register_optional_rules(register: Register) -> None:
    register(
        NAME,
        SimplerCombat(),
        summary="Combat Turns of 10 segments: Initiative, Q 1:1 to Initiative and damage.",
        source="rules text",
    )


@hookimpl
def mands_register_defaults(register: Register) -> None:
    """Register the named defaults this rule applies (``docs/rules/decisions.md``)."""
    register(
        "optional.simpler_combat",
        SimplerCombatDefaults,
        summary=defaults_summary(SimplerCombatDefaults),
        source="rules text",
    )
