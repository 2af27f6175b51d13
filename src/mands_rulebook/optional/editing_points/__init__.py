"""Editing Points and Fate Points: the players bend the story (seed 000; seed 001 "Editing
Points", "Fate Points"; ``docs/rules/decisions.md`` G-34).

An optional rule: a scenario switches it on with ``[rules] optional = ["editing-points"]``, and
only then are the hooks of :data:`EDITING_POINTS` registered (as the plugin
``optional-rule:editing-points``). What it plays, module by module:

* **The points** (:mod:`mands_rulebook.kit.editing_points.points`; G-150, G-151): the characters
  the players play — by default the first side's Special characters ("All player characters are
  Special", seed glossary; the first side is the heroes', as G-71 reads it) — start the encounter
  with a new character's 4 Editing Points and 2 Fate Points (seed 001). Non-player characters have
  no Fate Points (seed 001: "Non-player character Specials ... start the game with 0"), and no
  Editing Points unless the Editor edits their rolls (G-153, off by default: then each has a
  player's 4).
* **Editing a die roll** (:mod:`mands_rulebook.kit.editing_points.rolls`; seed 000 "Editing Die
  Rolls"): each point moves a failed 2d10 roll by 1, only as many as needed (the mind's
  ``edit_roll``, default G-152). Half the points go to training whatever the roll was for, all of
  them to Experience (:class:`EditingPointsUsed`). Every Action Roll a character makes for an
  action is rolled through one seam, :func:`character_roll` (fists, weapons, thrown objects,
  sweeps, martial arts and wrestling, power attacks, skill checks, Move, Jump, Lift, Throw and drop
  rolls …; the charm and horror rolls call :func:`edited_roll` on theirs): it changes nothing while
  the rule is off. The Editor may lower a villain's successful Combat Roll at a player character
  (G-193, off by default); the consciousness check of :mod:`mands_rulebook.combat.out_of_action`
  (G-17) is edited after the fact: its outcome depends on nothing but the roll (G-154). The rolls a
  character makes to survive — the Injury roll, the save against a Death Shot, the Bleeding Roll
  (:func:`mands_rulebook.kit.injury.survival_roll`) — are its player's to edit too, and so is an
  explosion's roll against the thrower's foes (never its friends).
* **Death Shot** (:mod:`mands_rulebook.kit.editing_points.death_shots`; seed 000): a player turns a
  fist attack into a Death Shot (intent option ``death_shot``) for 4 Editing Points, which train
  the combat skill; "Editors cannot use this option": a non-player's Death Shot is refused while
  the rule is on, and so is a player's without 4 points left.
* **Fate Points** (:mod:`mands_rulebook.kit.editing_points.fate_points`; G-34): a death is
  cancelled by spending a Fate Point — the character is left unconscious at 0 Body DP, and its
  wounds stop bleeding. The mind may decline (``spend_fate_point``, default yes).

When the encounter opens, everyone's starting points are logged (:class:`EditingPointsDealt`;
Simpler Combat reads from them that the rule is on, G-194). Every point used is an event; what
is left is read back from the log, so plugins never change state. :func:`ledger`
(:mod:`mands_rulebook.kit.editing_points.points`) sums a log into what the after-encounter award
needs.

This module is the plugin (its hooks); the rules it plays are the kit's
(``mands_rulebook.kit.editing_points``), imported from there by every chapter that edits a
roll.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from typing import Final

from mands_rulebook.kit.editing_points.death_shots import death_shot_cost, death_shot_refusals
from mands_rulebook.kit.editing_points.fate_points import cancel_deaths
from mands_rulebook.kit.editing_points.points import (
    IN_PLAY_METRICS,
    FatePointSpent,
    points_carried,
    points_dealt,
)
from mands_rulebook.kit.editing_points.rolls import edit_consciousness_check, rolls_edited
from mands_sim.api import (
    ActionInProgress,
    Encounter,
    Event,
    Intent,
    Metric,
    Register,
    hookimpl,
    one_for,
)

RULE_NAME: Final = "editing-points"
"""The name a scenario lists under ``[rules] optional``."""


class EditingPointsRule:
    """The ``editing-points`` optional rule's hooks (registered only when a scenario lists it).

    Stateless: what is left of everyone's points is read from the encounter's log."""

    @hookimpl
    def mands_encounter_opening(self, encounter: Encounter) -> list[Event]:
        return points_dealt(encounter)

    @hookimpl
    def mands_carry_over(self, encounter: Encounter, actor: str) -> dict[str, object] | None:
        return points_carried(encounter, actor)

    @hookimpl
    def mands_action_refusals(self, encounter: Encounter, actor: str, intent: Intent) -> list[str]:
        return death_shot_refusals(encounter, actor, intent)

    @hookimpl
    def mands_initiation_watch(
        self, encounter: Encounter, actor: str, intent: Intent
    ) -> AbstractContextManager[list[Event]]:
        """Rolls edited while the action starts, and a Death Shot's points, join its events."""
        return points_used_starting(encounter, actor, intent)

    @hookimpl
    def mands_resolution_watch(
        self, encounter: Encounter, actor: str, action: ActionInProgress
    ) -> AbstractContextManager[list[Event]]:
        """Rolls edited while the action resolves, logged first."""
        return rolls_edited()

    @hookimpl
    def mands_resolution_adjust(
        self, encounter: Encounter, actor: str, action: ActionInProgress, events: list[Event]
    ) -> list[Event]:
        """Deaths the resolution causes that a Fate Point cancels (G-34)."""
        return cancel_deaths(encounter, events)

    @hookimpl
    def mands_status_watch(
        self, encounter: Encounter, actor: str
    ) -> AbstractContextManager[list[Event]]:
        """Rolls edited while the condition is checked, logged first."""
        return rolls_edited()

    @hookimpl
    def mands_status_adjust(
        self, encounter: Encounter, actor: str, events: list[Event]
    ) -> list[Event]:
        """A consciousness check edited after the fact (G-154; the points already used on this
        check's Injury or Bleeding Roll count, as the watch still holds them), then a death a
        Fate Point cancels (G-34)."""
        return cancel_deaths(encounter, edit_consciousness_check(encounter, actor, events))


EDITING_POINTS: Final = EditingPointsRule()
"""The plugin object registered as ``optional-rule:editing-points`` when a scenario asks."""


@contextmanager
def points_used_starting(encounter: Encounter, actor: str, intent: Intent) -> Iterator[list[Event]]:
    """The points used on rolls edited inside the ``with`` block, then a Death Shot's, in the
    list it yields once it ends."""
    used: list[Event] = []
    with rolls_edited() as pending:
        yield used
    used += [*pending, *death_shot_cost(encounter, actor, intent)]


FATE_POINTS_SPENT: Final = Metric(
    "fate points spent",
    {FatePointSpent: one_for("character")},
    summary="Fate Points spent cancelling a death (G-34)",
)
"""Counted for the character saved; the report gives it per run."""


@hookimpl
def mands_register_metrics(register: Register) -> None:
    """The Fate Points spent, and the Editing Points used with what they train and add to
    Experience (what the awards of ``mands_rulebook.experience.awards`` read)."""
    for metric in (FATE_POINTS_SPENT, *IN_PLAY_METRICS):
        register(metric.name, metric, summary=metric.summary, source="rules text")


@hookimpl
def mands_register_optional_rules(register: Register) -> None:
    register(
        RULE_NAME,
        EDITING_POINTS,
        summary="Editing Points edit 2d10 rolls and buy Death Shots; Fate Points cancel deaths",
        source="rules text",
    )
