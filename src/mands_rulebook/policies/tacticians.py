"""Scored and lookahead personalities (``docs/policies.md`` "Scored policies"). Not rules text:
a simulator's stand-in for a player or the Editor.

Registers the policies

* ``tactician`` — scores every candidate action (``mands_rulebook.policies.candidates``) by its
expected
  damage per segment and per EP, from the charts, with threat and focus-fire terms, and splits
  its Q between Attack, speed, Defense and damage to deal the most and take the least
  (:mod:`mands_sim.policy.tactician`); with nothing worth doing it closes in on the nearest
  enemy. Its ``objective`` term weighs a character performing an objective that would make its
  side lose (G-237). Options ``threat``, ``focus``, ``objective``, ``ep_weight``,
  ``defense_weight``, ``horizon``. Below zero EP it first gives up or rests as
  ``nearest-enemy`` does (G-232, :func:`~mands_rulebook.policies.presets.catch_breath`), before
  anything is scored; otherwise a round of rest is one of its candidates, taken when it is
  worth more than fighting on (G-294, :func:`~mands_rulebook.policies.candidates.rest_value`).
* ``lookahead`` — a tactician whose closest candidates (and Q splits) are searched in simulated
  futures by sequential halving, the best kept (:mod:`mands_sim.policy.lookahead`). Options
  ``horizon``, ``rollouts`` (futures a look), ``candidates``, ``margin``, ``value`` (``win`` /
  ``damage``), ``allocations``, and the tactician's. A simulation with a lookahead records its
  runs on its own; without a recorded one it decides as the tactician does.
* ``focus-fire`` — a tactician whose side fights as a team: every member attacks an objective's
  performer (G-237), else the enemy most of them are already attacking, else the weakest
  (fewest VP and DP left, the encounter's tie-break order on ties, G-227).
* ``hero`` — the heroes' default: a tactician that counts a threat to any of its side as a
  threat to itself (``threat`` 1: it goes for whoever attacks its allies), raises its power
  protections when they are worth it, never flees or yields (below zero EP it rests when
  nobody presses it, G-232, but never gives up), and keeps the Comics Code
  (:mod:`mands_rulebook.policies.comics_code`; ``comics_code = false`` drops it).

Each also takes the option ``comics_code`` (true or false; false by default but for ``hero``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from mands_rulebook.policies.candidates import ESTIMATOR
from mands_rulebook.policies.comics_code import code_option, keeping_code, offers_code
from mands_rulebook.policies.objective_play import performing_targets
from mands_rulebook.policies.personalities import nearest_enemy
from mands_rulebook.policies.presets import catch_breath
from mands_sim.actions import Intent
from mands_sim.api import hookimpl
from mands_sim.kernel.contracts import fighting
from mands_sim.kernel.encounter import Encounter
from mands_sim.policy.lookahead import Lookahead, split_options
from mands_sim.policy.tactician import Scored, Tactician, weights_from_options
from mands_sim.registry import Register, Source


def keep_going(encounter: Encounter, actor: str) -> Intent | None:
    """The hero's G-232: rest below zero EP when nobody presses, never give up."""
    return catch_breath(encounter, actor, yields=False)


def scored(options: Mapping[str, Any]) -> Tactician:
    """The scored policy itself, from the tactician's options; below zero EP it first catches
    its breath (G-232)."""
    weights = weights_from_options(options)
    return Tactician(ESTIMATOR, weights=weights, fallback=nearest_enemy, first=catch_breath)


@offers_code()
def tactician(options: Mapping[str, Any]) -> Tactician:
    """The scored policy; options ``threat``, ``focus``, ``ep_weight``, ``defense_weight``,
    ``horizon`` (``docs/policies.md``)."""
    return scored(options)


def lookahead(options: Mapping[str, Any]) -> Lookahead:
    """A tactician looking ahead; options ``horizon``, ``rollouts``, ``candidates``, ``value``,
    ``allocations``, ``comics_code`` and the tactician's. Keeping the Code, it stands on a
    tactician keeping it (:class:`~mands_rulebook.policies.comics_code.ScoredCodeBound`): it tries
    only
    what the Code allows, and its futures play it, and its allies looking ahead, by the Code."""
    keeps, rest = code_option(options, default=False)
    settings, rest = split_options(rest)
    return Lookahead(keeping_code(scored(rest), keeps), settings)


@offers_code()
def focus_fire(options: Mapping[str, Any]) -> Tactician:
    """A tactician attacking its team's target (``focus`` 1 and ``threat`` 0 by default)."""
    weights = weights_from_options(options, focus=1.0, threat=0.0)
    return Tactician(
        ESTIMATOR,
        weights=weights,
        fallback=nearest_enemy,
        narrow=on_team_target,
        name="focus-fire",
        first=catch_breath,
    )


@offers_code(default=True)
def hero(options: Mapping[str, Any]) -> Tactician:
    """A tactician guarding its side (``threat`` 1, threats to allies count), keeping the
    Comics Code unless ``comics_code = false`` (:mod:`mands_rulebook.policies.comics_code`)."""
    weights = weights_from_options(options, threat=1.0, guard_allies=True)
    return Tactician(
        ESTIMATOR, weights=weights, fallback=nearest_enemy, name="hero", first=keep_going
    )


def team_target(encounter: Encounter, actor: str) -> str | None:
    """An objective's performer (G-237: the first of
    :func:`~mands_rulebook.policies.objective_play.performing_targets`); else the enemy most of
    ``actor``'s side aim their actions in progress at; else the enemy fighting (G-235) with the
    fewest VP and DP left (the encounter's tie-break order on ties, G-227)."""
    performers = performing_targets(encounter, actor)
    if performers:
        return performers[0]
    side = encounter.state[actor].side
    enemies = {
        s.character_id: s for s in encounter.state if s.side != side and fighting(encounter, s)
    }
    aimed = Counter(
        action.intent.target
        for state in encounter.state
        if state.side == side and state.in_action
        for action in state.actions
        if action.intent.target in enemies
    )
    if aimed:
        return min(aimed, key=lambda who: (-aimed[who], encounter.rank(who)))
    if not enemies:
        return None
    return min(
        enemies.values(),
        key=lambda s: (s.virtual_damage_points + s.damage_points, encounter.rank(s.character_id)),
    ).character_id


def on_team_target(encounter: Encounter, actor: str, scored: Sequence[Scored]) -> list[Scored]:
    """Only candidates aimed at (or leading to) the team's target, and those aimed at nobody;
    all of them if none is."""
    target = team_target(encounter, actor)
    kept = [s for s in scored if s.estimate.target in (target, None)]
    return kept if any(s.estimate.target == target for s in kept) else list(scored)


@hookimpl
def mands_register_policies(register: Register) -> None:
    source: Source = "template, not rules text"
    register(
        "tactician",
        tactician,
        summary="Scores every candidate by expected damage per segment and per EP from the "
        "charts, with threat and focus terms; splits Q to deal most and take least.",
        source=source,
    )
    register(
        "lookahead",
        lookahead,
        summary="A tactician whose closest candidates are searched in simulated futures "
        "(horizon, rollouts a look, candidates, value = win | damage).",
        source=source,
    )
    register(
        "focus-fire",
        focus_fire,
        summary="A tactician attacking its side's common target: the enemy most of them "
        "attack, else the weakest.",
        source=source,
    )
    register(
        "hero",
        hero,
        summary="The heroes' default: a tactician going for whoever threatens its side; "
        "never flees or yields; keeps the Comics Code (comics_code).",
        source=source,
    )
