"""Resting and waiting as actions (``docs/rules/combat.md`` §10, §17; seed "Healing Roll").

These are the rules :mod:`mands_rulebook.combat.rest` registers: the hooks named below are
that plugin's; nothing here is a hook.

Seed "Healing Roll": "VP and EP (things that heal per round) are handled slightly differently.
Take the Healing Roll and add the Bonus Pool (Sphere Chart, of course). Half this (round up) for
the VP that is restored each round. The same amount of EP (round down) are restored each round.
The character must be resting to regain lost VP and EP." The Healing Roll "costs no EP and
cannot be increased via Extra Effort. The roll is vs. Constitution (Sphere Chart). The
character's current Body DP is added to the Bonus Pool." "There is no penalty applied to
Healing Rolls because of low EP or low DP."

Our reading, word for word (G-50): "the Healing Roll" is the figured number (Constitution on the
Sphere chart, ``FiguredAttributes.healing_roll``), as "the Combat Roll" is twice Agility on the
Sphere chart; "the Bonus Pool" is current Body DP, looked up on the Sphere chart. So one round of
rest gives back

* VP = ⌈(Healing Roll + Body DP on the Sphere chart) / 2⌉,
* EP = ⌊(Healing Roll + Body DP on the Sphere chart) / 2⌋,

with no dice (``docs/rules/combat.md`` §10: "(the Healing Roll's target number + its Bonus Pool
looked up on the Sphere chart) / 2"; were it a rolled Quality, "add the Bonus Pool" would count the
pool twice). A total of 0 or less gives nothing back. No Bonus Pool modifier is asked for: low EP
and low DP give no penalty, and Extra Effort is not allowed. VP and EP never rise above their
figured maximum, and healing never lowers them.

Actions (G-51 for ``rest``):

``rest``
    One round (``docs/rules/combat.md`` §1: 50 segments) doing nothing else active; no roll, no EP
    (EP Use row 0 costs nothing, ``docs/rules/charts.md`` §2). When it completes, the round's VP and
    EP come back as a :class:`~mands_sim.events.Healed` event. Pushback delays it; a rest that
    is dropped gives nothing. A policy rests round after round by choosing ``rest`` again.

``wait``
    An action that does nothing for ``Intent.options["segments"]`` segments (default
    :data:`DEFAULT_WAIT_SEGMENTS`), at no EP. It differs from the kernel's
    :class:`~mands_sim.actions.Wait`: a ``Wait(until)`` answer is *no action* — the character
    stays idle (which counts as "no action at all" for resting off a surprise penalty,
    ``docs/rules/combat.md`` §2), nothing is logged, and its mind is asked again at ``until``, at
    the latest. The ``wait`` action is an action in progress: it is logged (started, resolved), it
    is the one initiation of its segment, it pushes back actions already in progress by 1 (§3),
    it can itself be pushed back, and until it completes no other active action can start (a
    mind with passive actions may still start those). Use it to hold a character for a fixed
    time as a move in the game; use ``Wait`` to let a policy think again later.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Final, Literal

from mands_sim.actions import (
    ActionDefinition,
    ActionInProgress,
    ActionOption,
    Intent,
)
from mands_sim.carry import IN_ACTION, Carried, RestBetweenScenes
from mands_sim.charts.loading import Charts
from mands_sim.defaults import rule_default
from mands_sim.errors import UnplayedActionError
from mands_sim.events import Event, Healed
from mands_sim.kernel.contracts import ActionRefused, Initiation
from mands_sim.kernel.encounter import Encounter
from mands_sim.rolls import action_roll
from mands_sim.units import SEGMENTS_PER_MINUTE, SEGMENTS_PER_ROUND

REST = ActionDefinition(
    name="rest",
    # G-51: one round of rest per action (docs/rules/combat.md §1: 50 segments = 1 round).
    performance_time=SEGMENTS_PER_ROUND,
    # Seed "Healing Roll": it costs no EP; EP Use row 0 costs 0 (docs/rules/charts.md §2).
    ep_row=0,
    summary="Rest one round; VP and EP come back (seed 'Healing Roll'; G-50, G-51).",
)


DEFAULT_WAIT_SEGMENTS: Final = 10
"""How long ``wait`` lasts when its intent names no ``segments`` (a simulator choice, not a rule:
one Combat Turn of the seed's "Simpler Combat")."""


WAIT_SEGMENTS_OPTION: Final = "segments"
"""``Intent.options`` key: how many segments a ``wait`` lasts (a whole number ≥ 1)."""


WAIT = ActionDefinition(
    name="wait",
    performance_time=DEFAULT_WAIT_SEGMENTS,
    ep_row=0,  # doing nothing costs no EP (EP Use row 0, docs/rules/charts.md §2)
    summary="Do nothing for options['segments'] segments (default 10) as an action; no EP.",
    options=(ActionOption(WAIT_SEGMENTS_OPTION, "number", "segments to wait (default 10)"),),
)


@dataclass(frozen=True, slots=True)
class RoundOfRest:
    """What one round of rest gives back (seed "Healing Roll"; G-50).

    Attributes:
        healing_roll: the figured Healing Roll (Constitution on the Sphere chart).
        body_damage_points: current Body DP, the Healing Roll's Bonus Pool.
        pool_bonus: that pool on the Sphere chart (negative for negative DP, G-02).
    """

    healing_roll: int
    body_damage_points: int
    pool_bonus: int

    @property
    def total(self) -> int:
        """ "Take the Healing Roll and add the Bonus Pool (Sphere Chart, of course)"."""
        return self.healing_roll + self.pool_bonus

    @property
    def virtual_damage_points(self) -> int:
        """ "Half this (round up) for the VP that is restored each round"; never below 0."""
        return max(0, math.ceil(Fraction(self.total, 2)))

    @property
    def endurance_points(self) -> int:
        """ "The same amount of EP (round down) are restored each round"; never below 0."""
        return max(0, math.floor(Fraction(self.total, 2)))


def round_of_rest(healing_roll: int, body_damage_points: int, charts: Charts) -> RoundOfRest:
    """One round of rest for a character with this Healing Roll and current Body DP (G-50).

    Seraph (Constitution 32 → Healing Roll 13, Body DP 9 → 8 on the Sphere chart): 21, so
    11 VP and 10 EP a round.
    """
    return RoundOfRest(
        healing_roll=healing_roll,
        body_damage_points=body_damage_points,
        pool_bonus=charts.action.sphere(body_damage_points),
    )


def restored(current: Fraction, gain: int, maximum: int) -> Fraction:
    """``current`` with ``gain`` (≥ 0) given back, never above ``maximum`` and never lowered:
    a value already at or above the maximum stays as it is."""
    if current >= maximum:
        return current
    return min(Fraction(maximum), current + gain)


def rest_healing(encounter: Encounter, actor: str) -> Healed:
    """The :class:`Healed` event of one completed round of rest by ``actor``."""
    state = encounter.state[actor]
    figured = encounter.figured(actor)
    rest = round_of_rest(figured.healing_roll, state.damage_points, encounter.charts)
    vp = Fraction(state.virtual_damage_points)
    vp_after = int(restored(vp, rest.virtual_damage_points, figured.virtual_damage_points))
    ep_after = restored(state.endurance_points, rest.endurance_points, figured.endurance_points)
    return Healed(
        segment=encounter.now,
        character=actor,
        virtual_damage_points=vp_after - state.virtual_damage_points,
        endurance_points=ep_after - state.endurance_points,
        virtual_damage_points_after=vp_after,
        endurance_points_after=ep_after,
        reason=_reason(rest),
    )


def _reason(rest: RoundOfRest) -> str:
    return (
        f"a round of rest: Healing Roll {rest.healing_roll} + Body DP "
        f"{rest.body_damage_points} on the Sphere chart ({rest.pool_bonus}) = {rest.total}: "
        f"up to {rest.virtual_damage_points} VP and {rest.endurance_points} EP (G-50)"
    )


def wait_segments(intent: Intent) -> int | str:
    """The segments a ``wait`` intent asks for, or why its option is not a whole number ≥ 1."""
    segments = intent.options.get(WAIT_SEGMENTS_OPTION, DEFAULT_WAIT_SEGMENTS)
    if isinstance(segments, bool) or not isinstance(segments, int) or segments < 1:
        return f"wait needs options['{WAIT_SEGMENTS_OPTION}'] a whole number ≥ 1, not {segments!r}"
    return segments


def initiate(
    encounter: Encounter, actor: str, intent: Intent, definition: ActionDefinition
) -> Initiation:
    """Rest and wait start with no roll and no EP; wait lasts as long as it asks."""
    if definition.name == REST.name:
        return Initiation(performance_time=definition.performance_time)
    if definition.name == WAIT.name:
        segments = wait_segments(intent)
        if isinstance(segments, str):  # refused before this, unless initiation skipped the check
            raise ActionRefused(f"segment {encounter.now}: {actor} cannot wait: {segments}")
        return Initiation(performance_time=segments)
    raise UnplayedActionError(definition.name)


def resolve(encounter: Encounter, actor: str, action: ActionInProgress) -> list[Event]:
    """A completed round of rest gives VP and EP back (G-50); a wait does nothing."""
    if action.name == REST.name:
        return [rest_healing(encounter, actor)]
    if action.name == WAIT.name:
        return []
    raise UnplayedActionError(action.name)


# --- Resting between scenes (an adventure day; G-296, G-297) --------------------------------

ROUNDS_PER_MINUTE: Final = SEGMENTS_PER_MINUTE // SEGMENTS_PER_ROUND
"""``docs/rules/combat.md`` §1: 250 segments a minute, 50 a round: 5 rounds a minute."""

MINUTES_PER_HOUR: Final = 60
MINUTES_PER_DAY: Final = 24 * MINUTES_PER_HOUR
"""Seed "Healing Roll": a roll "every hour" for bludgeoning DP, "every day" for penetrating."""

DEAD: Final = "dead"


@dataclass(frozen=True, slots=True)
class RestDefaults:
    """The named defaults this module applies (``docs/rules/decisions.md``): G-296, G-297."""

    G296_coming_to_after_rest: Literal["healed", "stay-out"] = rule_default(
        "G-296",
        "A character unconscious at the end of a scene comes to during the rest before the next "
        "if the rest leaves it at 1 Body DP or more ('healed'), or enters the next scene still "
        "unconscious, left to the encounter's own rules for coming to (G-171) ('stay-out').",
        "healed",
        ("healed", "stay-out"),
    )
    G297_healing_rolls_between_scenes: Literal["roll", "none"] = rule_default(
        "G-297",
        "During a rest between scenes, a Healing Roll after every full hour heals its Quality in "
        "bludgeoning DP and one after every full day its Quality in penetrating DP ('roll'); or "
        "only VP and EP come back, round by round ('none').",
        "roll",
        ("roll", "none"),
    )


def rest_between_scenes(rest: RestBetweenScenes) -> Carried:
    """What ``rest`` leaves of the character's losses (G-296, G-297): the rest's rounds give VP
    and EP back as rounds of rest do (G-50), hour by hour with Body DP as it stands; after every
    full hour of rest a Healing Roll heals bludgeoning DP, after every full day penetrating DP,
    the hours counted on from the minutes it has rested since it last fought
    (``Carried.minutes_rested``); an unconscious character comes to if it ends at 1 Body DP or
    more. The dead heal nothing; one whose scene ended at Body DP at or below minus its maximum
    before its status check is dead (G-17)."""
    carried = rest.carried
    body = rest.character.figured.damage_points.body
    if carried.condition != DEAD and body - carried.damage_points_lost <= -body:  # G-17
        carried = replace(carried, condition=DEAD)
    if carried.condition == DEAD:
        return carried
    defaults = rest.defaults.of(RestDefaults)
    rested = carried.minutes_rested
    end = rested + rest.minutes
    while rested < end:
        stretch = min(MINUTES_PER_HOUR - rested % MINUTES_PER_HOUR, end - rested)
        carried = _rounds_of_rest(rest, carried, stretch * ROUNDS_PER_MINUTE)
        rested += stretch
        if defaults.G297_healing_rolls_between_scenes == "roll":
            carried = _healing_rolls(rest, carried, rested)
    carried = replace(carried, minutes_rested=end)
    comes_to = defaults.G296_coming_to_after_rest == "healed" and rest.minutes > 0
    if carried.condition == "unconscious" and comes_to and body > carried.damage_points_lost:
        carried = replace(carried, condition=IN_ACTION)
    return carried


def _rounds_of_rest(rest: RestBetweenScenes, carried: Carried, rounds: int) -> Carried:
    """``rounds`` rounds of rest at the Body DP ``carried`` leaves (G-50 for each)."""
    figured = rest.character.figured
    body = figured.damage_points.body - carried.damage_points_lost
    each = round_of_rest(figured.healing_roll, body, rest.charts)
    return replace(
        carried,
        virtual_damage_points_lost=max(
            0, carried.virtual_damage_points_lost - rounds * each.virtual_damage_points
        ),
        endurance_points_lost=max(
            Fraction(0), carried.endurance_points_lost - rounds * each.endurance_points
        ),
    )


def _healing_rolls(rest: RestBetweenScenes, carried: Carried, elapsed: int) -> Carried:
    """The Healing Rolls due at minute ``elapsed`` of the rest: one for bludgeoning DP at each
    full hour, one for penetrating DP at each full day (seed "Healing Roll"; G-297); none
    rolled with nothing of its kind to heal."""
    bludgeoning = carried.damage_points_lost - carried.penetrating_damage_points
    if elapsed % MINUTES_PER_HOUR == 0 and bludgeoning > 0:
        healed = min(bludgeoning, healing_quality(rest, carried))
        carried = replace(carried, damage_points_lost=carried.damage_points_lost - healed)
    if elapsed % MINUTES_PER_DAY == 0 and carried.penetrating_damage_points > 0:
        healed = min(carried.penetrating_damage_points, healing_quality(rest, carried))
        carried = replace(
            carried,
            damage_points_lost=carried.damage_points_lost - healed,
            penetrating_damage_points=carried.penetrating_damage_points - healed,
        )
    return carried


def healing_quality(rest: RestBetweenScenes, carried: Carried) -> int:
    """One Healing Roll's Quality, 0 on a failure (seed "Healing Roll": 2d10 against the
    Healing Roll, "the character's current Body DP is added to the Bonus Pool", no EP, no
    Extra Effort, no penalty for low EP or DP; Special characters re-roll 1s)."""
    figured = rest.character.figured
    roll = action_roll(
        rest.dice,
        target=figured.healing_roll,
        bonus_pool=figured.damage_points.body - carried.damage_points_lost,
        is_special=rest.character.sheet.is_special,
        charts=rest.charts,
    )
    return max(0, roll.quality)
