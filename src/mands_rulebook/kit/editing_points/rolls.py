"""Editing a die roll (seed 000 "Editing Die Rolls"; G-152 … G-154, G-193).

Each point moves a failed 2d10 roll by 1. The mind says how many points it is prepared to use
(``edit_roll``, default G-152); if that many would turn the roll into a success, exactly as
many as needed are used, otherwise none. Every Action Roll a character makes for an action is
rolled through one seam, :func:`character_roll`; rolls made elsewhere call :func:`edited_roll`.
The Editor may lower a non-player's successful Combat Roll (G-193), and the consciousness check
of :mod:`mands_rulebook.combat.out_of_action` (G-17) is edited after the fact (G-154).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Final

from mands_rulebook.kit.consciousness import ConsciousnessCheck
from mands_rulebook.kit.editing_points.points import (
    EDIT_ROLL,
    EDITOR,
    LOWER_ROLL,
    PENDING,
    PLAYER,
    UNCONSCIOUS,
    EditingPointsDefaults,
    EditingPointsUsed,
    edited_by,
    editing_points_left,
    editor_lowers,
    is_player,
)
from mands_rulebook.kit.extra_effort import raised_roll
from mands_sim.actions import Intent
from mands_sim.events import Event, OutOfAction
from mands_sim.kernel.encounter import Encounter
from mands_sim.rolls import ActionRoll, action_roll

CONSCIOUSNESS_CHECK: Final = "consciousness check"
CONSCIOUSNESS_ABILITY: Final = "Constitution"
"""G-17: the check is 2d10 vs. Constitution (Sphere) + Resist Death + Body DP."""

COMBAT: Final = "combat"


# --- how many points --------------------------------------------------------------------------


def prepared_points(
    encounter: Encounter,
    actor: str,
    intent: Intent | None,
    purpose: str,
    needed: int,
    available: int,
) -> int:
    """The points the mind is prepared to use on a roll failed by ``needed`` (``edit_roll``);
    without the method, G-152: all it has (``rescue``) or none (``keep``)."""
    ask = getattr(encounter.minds[actor], "edit_roll", None)
    if ask is None:
        return (
            available
            if encounter.defaults.of(EditingPointsDefaults).G152_editing_points_use == "rescue"
            else 0
        )
    answer = ask(encounter, actor, intent, purpose, needed, available)
    if isinstance(answer, bool) or not isinstance(answer, int) or answer < 0:
        raise ValueError(f"{actor}'s mind offered {answer!r} Editing Points; a whole number ≥ 0")
    return answer


def points_to_edit(needed: int, prepared: int, available: int) -> int:
    """Seed 000: "If that many points would modify the die roll successfully, the Editor tells
    them how many points they need to use"; otherwise none are used."""
    return needed if 0 < needed <= min(prepared, available) else 0


def edit_points(
    encounter: Encounter, actor: str, intent: Intent | None, purpose: str, needed: int
) -> tuple[int, str | None]:
    """How many points edit a roll ``actor`` failed by ``needed``, and who uses them."""
    by = edited_by(encounter, actor)
    available = editing_points_left(encounter, actor) if by else 0
    if by is None or needed <= 0 or available < needed:
        return 0, by
    prepared = prepared_points(encounter, actor, intent, purpose, needed, available)
    return points_to_edit(needed, prepared, available), by


def points_to_lower(
    encounter: Encounter, actor: str, intent: Intent | None, purpose: str, roll: ActionRoll
) -> int:
    """G-193 ``spare_players``: the Editor lowers a non-player's successful Combat Roll against
    a player character into a miss (Q −1: one point more than the Q), when its points for that
    non-player reach; else none. Seed 000: "If the Editor decreases a non-player character's
    die roll"; when it is "necessary for the story" is the Editor's judgment — here, to spare
    the players a blow."""
    target = None if intent is None else intent.target
    if purpose != COMBAT or not editor_lowers(encounter, actor) or not roll.succeeded:
        return 0
    if target is None or target not in encounter.state.ids() or not is_player(encounter, target):
        return 0
    needed = roll.quality + 1
    return needed if needed <= editing_points_left(encounter, actor) else 0


# --- editing while a hook runs ----------------------------------------------------------------


@contextmanager
def rolls_edited() -> Iterator[list[Event]]:
    """While a hook wrapper starts, resolves or checks: the rolls :func:`edited_roll` edits
    log their points in the list this yields (the rule's hooks add them to their events)."""
    pending: list[Event] = []
    token = PENDING.set(pending)
    try:
        yield pending
    finally:
        PENDING.reset(token)


# --- the seams --------------------------------------------------------------------------------


def edited_roll(
    encounter: Encounter,
    actor: str,
    intent: Intent | None,
    purpose: str,
    roll: ActionRoll,
    *,
    improves: str,
) -> ActionRoll:
    """The seam for rule plugins: ``roll`` as ``actor``'s player (or the Editor) edits it.

    Call it on a 2d10 roll just made while an action starts or resolves, or while a
    character's condition is checked (``mands_status_check``; ``intent`` is then ``None``). With
    the rule off, or on a success, the roll comes back unchanged; otherwise the points used (if
    any) are added to the roll's Q (each point "modifies the die roll by 1", seed 000) and logged
    with the hook's events. ``improves`` names the skill or ability the roll was for.
    """
    pending = PENDING.get()
    if pending is None:
        return roll
    if roll.succeeded:
        return lowered_roll(encounter, actor, intent, purpose, roll, improves, pending)
    points, by = edit_points(encounter, actor, intent, purpose, roll.margin)
    if points == 0:
        return roll
    edited = dataclasses.replace(roll, quality_modifier=roll.quality_modifier + points)
    pending.append(
        roll_edit(encounter, actor, points, purpose, improves, by, (roll.quality, edited.quality))
    )
    return edited


def lowered_roll(
    encounter: Encounter,
    actor: str,
    intent: Intent | None,
    purpose: str,
    roll: ActionRoll,
    improves: str,
    pending: list[Event],
) -> ActionRoll:
    """``roll`` as the Editor lowers it (G-193), the points logged with the hook's events."""
    points = points_to_lower(encounter, actor, intent, purpose, roll)
    if points == 0:
        return roll
    lowered = dataclasses.replace(roll, quality_modifier=roll.quality_modifier - points)
    before, after = roll.quality, lowered.quality
    pending.append(
        EditingPointsUsed(
            encounter.now, actor, points, LOWER_ROLL, purpose, improves, EDITOR, before, after
        )
    )
    return lowered


def character_roll(
    encounter: Encounter,
    actor: str,
    intent: Intent,
    purpose: str,
    *,
    target: int,
    improves: str,
    pool: int = 0,
) -> ActionRoll:
    """The one seam for a character's 2d10 Action Roll made for ``intent`` (G-154).

    Rolled on ``actor``'s own dice against ``target`` (seed "Action Rolls"), the Bonus Pool
    ``pool`` plus the rules' ``purpose`` modifiers (``mands_bonus_pool_modifiers``), Q changed
    by the rules' ``purpose`` Quality modifiers; once the dice are seen, the character may make
    an Extra Effort (seed "Ability Rolls": "after the roll is made",
    :func:`mands_rulebook.kit.extra_effort.raised_roll`), then :func:`edited_roll`: with Editing
    Points on, the player (or the Editor, G-153) may edit it; ``improves`` is what the points
    train."""
    rules = encounter.rules
    roll = action_roll(
        encounter.dice_for(actor),
        target=target,
        bonus_pool=pool + rules.bonus_pool(encounter, actor, intent, purpose),
        quality_modifier=rules.quality_modifier(encounter, actor, intent, purpose),
        is_special=encounter.character(actor).sheet.is_special,
        charts=encounter.charts,
    )
    raised = raised_roll(encounter, actor, intent, purpose, roll)
    return edited_roll(encounter, actor, intent, purpose, raised, improves=improves)


def roll_edit(
    encounter: Encounter,
    actor: str,
    points: int,
    purpose: str,
    improves: str,
    by: str | None,
    qualities: tuple[int, int],
) -> EditingPointsUsed:
    """The event of ``points`` used on a roll, with its Q before and after the edit."""
    before, after = qualities
    return EditingPointsUsed(
        encounter.now, actor, points, EDIT_ROLL, purpose, improves, by or PLAYER, before, after
    )


# --- the consciousness check (G-17), after the fact -------------------------------------------


def edit_consciousness_check(
    encounter: Encounter, actor: str, events: Sequence[Event]
) -> list[Event]:
    """G-154: a failed consciousness check (G-17) edited into a success, after the fact: the
    check and the fall it causes become the points used and a check made."""
    result = list(events)
    for index in range(len(result) - 1):
        check, fall = result[index], result[index + 1]
        if not knocked_out_by(check, fall, actor):
            continue
        assert isinstance(check, ConsciousnessCheck)
        needed = check.total - check.target
        points, by = edit_points(encounter, actor, None, CONSCIOUSNESS_CHECK, needed)
        if points:
            why = (CONSCIOUSNESS_CHECK, CONSCIOUSNESS_ABILITY)
            used = roll_edit(encounter, actor, points, *why, by, (-needed, 0))
            made = dataclasses.replace(check, total=check.total - points, stays_conscious=True)
            return [*result[:index], used, made, *result[index + 2 :]]
    return result


def knocked_out_by(check: Event, fall: Event, actor: str) -> bool:
    """Whether ``check`` is ``actor``'s failed consciousness check and ``fall`` its result."""
    return (
        isinstance(check, ConsciousnessCheck)
        and check.character == actor
        and not check.stays_conscious
        and isinstance(fall, OutOfAction)
        and fall.condition == UNCONSCIOUS
    )
