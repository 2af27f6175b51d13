"""Coming back into action: the end of a knock-out (``docs/rules/combat.md`` §9; G-171).

Not a plugin of its own: :mod:`mands_rulebook.combat.out_of_action` asks :func:`coming_to` whenever
it checks an unconscious character (at every Payment Segment, and when a timed knock-out ends).

* **Timed knock-outs** end when the seed says: a Nerve Pinch after "a number of rounds equal to
  the Q applied" (seed "Nerve Pinch", :class:`~mands_rulebook.kit.injury.NervePinched`), an
  absorption
  faint after "d100 rounds" (seed "Absorption"). The kernel is asked for a condition check at
  that segment (:meth:`~mands_sim.kernel.encounter.Encounter.check_status_at`).
* **Untimed knock-outs** (a failed check to stay conscious, G-17; an Injury roll failed by 10+,
  G-18) have no duration in any source. G-171 ``check`` (default): at each Payment Segment the
  character makes G-17's roll again, 2d10 ≤ Constitution (Sphere) + Resist Death + Body DP, and
  comes to on a success; ``never``: it stays out for the encounter.
* Whatever ended the knock-out, a character at Body DP ≤ 0 must still make that roll to come to
  (G-17: "remaining conscious when at less than 1 DP"), once per segment.

Coming to is a :class:`~mands_sim.events.BackInAction`: the kernel lets the character act again.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Literal

from mands_rulebook.kit.consciousness import ConsciousnessCheck
from mands_rulebook.kit.injury import (
    AbsorptionFaint,
    NervePinched,
    resist_death_target,
    roll_2d10,
    segment_start,
)
from mands_sim.defaults import rule_default
from mands_sim.events import (
    BackInAction,
    Event,
    OutOfAction,
)
from mands_sim.kernel.encounter import Encounter


@dataclass(frozen=True, slots=True)
class ComingToDefaults:
    """The named defaults this module applies (``docs/rules/decisions.md``): G-171."""

    G171_coming_to: Literal["check", "never"] = rule_default(
        "G-171",
        "An unconscious character with no knock-out duration (a failed G-17 check, an Injury "
        "roll failed by 10+): at each Payment Segment rolls G-17's check again and comes to on "
        "a success ('check'), or stays out for the encounter ('never').",
        "check",
        ("check", "never"),
    )


UNCONSCIOUS: Final = "unconscious"

TIMED_KNOCKOUTS: Final = (NervePinched, AbsorptionFaint)
"""Events that give a knock-out its end (``until``): seed "Nerve Pinch", seed "Absorption"."""


@dataclass(frozen=True, slots=True)
class KnockOut:
    """The latest fall out of action: its segment and, if timed, the segment it ends."""

    segment: int
    until: int | None


def latest_knock_out(log: Sequence[Event], actor: str) -> KnockOut | None:
    """Read back to ``actor``'s latest ``OutOfAction``; a timed knock-out logged in the same
    segment gives it its end."""
    fell: int | None = None
    for event in reversed(log):
        if getattr(event, "character", None) != actor:
            continue
        if fell is None:
            if isinstance(event, OutOfAction):
                fell = event.segment
            continue
        if event.segment < fell:
            break
        if isinstance(event, TIMED_KNOCKOUTS):
            return KnockOut(fell, event.until)
    return None if fell is None else KnockOut(fell, None)


def coming_to(encounter: Encounter, actor: str, dp: int) -> list[Event]:
    """What an unconscious ``actor`` at ``dp`` Body DP does at this check: nothing, or come to."""
    fall = latest_knock_out(encounter.log, actor)
    if fall is None or fall.segment == encounter.now:
        return []
    if fall.until is not None:
        if encounter.now < fall.until:
            encounter.check_status_at(fall.until, actor)
            return []
        return wake_up(encounter, actor, dp, "the knock-out's rounds are over")
    if encounter.defaults.of(ComingToDefaults).G171_coming_to == "never" or not at_payment_segment(
        encounter
    ):
        return []
    return come_to_roll(encounter, actor, dp)


def at_payment_segment(encounter: Encounter) -> bool:
    """Whether now is a Payment Segment (G-33), when G-171's roll is made."""
    now = encounter.now
    return now > 0 and encounter.time.next_payment_segment(now - 1) == now


def wake_up(encounter: Encounter, actor: str, dp: int, reason: str) -> list[Event]:
    """Back in action, unless Body DP ≤ 0 and G-17's roll fails."""
    if dp <= 0:
        return come_to_roll(encounter, actor, dp)
    return [BackInAction(encounter.now, actor, reason)]


def come_to_roll(encounter: Encounter, actor: str, dp: int) -> list[Event]:
    """G-17/G-171: 2d10 ≤ Constitution (Sphere) + Resist Death + Body DP, once per segment."""
    if rolled_this_segment(encounter, actor):
        return []
    target = resist_death_target(encounter, actor) + dp
    roll = roll_2d10(encounter, actor, target)
    check = ConsciousnessCheck(encounter.now, actor, target, roll.dice.total, roll.succeeded)
    if not roll.succeeded:
        return [check]
    return [check, BackInAction(encounter.now, actor, "G-171: comes to")]


def rolled_this_segment(encounter: Encounter, actor: str) -> bool:
    start = segment_start(encounter.log, encounter.now)
    return any(
        isinstance(e, ConsciousnessCheck) and e.character == actor for e in encounter.log[start:]
    )
