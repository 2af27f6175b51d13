"""Falling out of action: Injury rolls, bleeding, unconsciousness and death (§9, §16).

These are the rules :mod:`mands_rulebook.combat.out_of_action` registers: the hooks named below are
that plugin's; nothing here is a hook.

The rulebook's rules for staying conscious below 1 DP, for Injury rolls and for bleeding are
lost; this plugin's ``mands_status_check`` applies the invented defaults of
``docs/rules/decisions.md`` in one place, in this order, each step seeing the Body DP the one before
left:

1. **Injury roll** (G-18, :mod:`mands_rulebook.kit.injury`): once per segment, when a hit in the
   segment took DP and left Body DP below 0 or took at least half the maximum, or a Death Shot
   was not saved (G-27).
2. **Wounds** (G-19): a hit that took penetrating DP opens a wound (one per attacker and
   segment), unless a plugin reported it with a :class:`~mands_sim.events.WoundOpened` already.
3. **Bleeding** (G-19, switch ``G19_bleeding``): at each Payment Segment every open wound takes
   1 penetrating DP; every second round a Bleeding Roll — 2d10 vs. Constitution (Sphere chart),
   pool = Body DP − penetrating DP lost in the spell — stops them all first; every round once
   First Aid has succeeded on them (seed "First Aid": it "halves the time between Bleeding
   Rolls"; :mod:`mands_rulebook.skills.first_aid`).
4. **Condition** (G-17): dead at Body DP ≤ −(maximum Body DP), or when the DP lost to hits on
   the head or neck reach twice that location's DP (its DP ≤ −its maximum); an unconscious
   character may come to (:mod:`mands_rulebook.kit.coming_to`: a Nerve Pinch's rounds are over,
   G-171); knocked out by an
   Injury roll failed by 10+ or a Nerve Pinch; otherwise, at Body DP ≤ 0, 2d10 ≤ Constitution
   (Sphere) + Resist Death + current Body DP (a negative number) or fall unconscious. Switches:
   ``G17_below_one_dp = "unconscious"`` makes Body DP ≤ 0 unconsciousness at once (no roll, and
   no coming to while it lasts); ``G16_low_ep = "collapse"`` knocks out a character whose EP
   deficit has reached its Constitution. A robot (a sheet's ``robot = true``) at 0 EP or less
   shuts down (seed "Intelligent Robots": "Robots shut down at 0 EP"; G-262).

A flyer that goes out of action before it lands falls (:mod:`mands_rulebook.movement.falling`,
G-175).

The kernel asks after every action that hurt someone (G-46: once every blow of the segment has
landed) and at every Payment Segment. Death is final: a dead character is never checked again.
Replace this plugin (answer ``mands_status_check`` first) to play other rules.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Literal

from mands_rulebook.kit.coming_to import coming_to
from mands_rulebook.kit.consciousness import ConsciousnessCheck
from mands_rulebook.kit.exhaustion import ExhaustionDefaults, low_ep_penalty
from mands_rulebook.kit.injury import (
    INJURY,
    INJURY_ROLL,
    VITAL_LOCATIONS,
    DeathShot,
    FirstAid,
    Hit,
    InjuryDefaults,
    NervePinched,
    dead_at,
    hits_between,
    injury_events,
    needs_injury_roll,
    resist_death_target,
    roll_2d10,
    roll_event,
    survival_roll,
    vital_lost,
)
from mands_sim.defaults import rule_default
from mands_sim.events import (
    BleedingStopped,
    DamageTaken,
    Event,
    InjuryRolled,
    OutOfAction,
    RollMade,
    WoundOpened,
)
from mands_sim.kernel.encounter import Encounter
from mands_sim.kernel.state import CharacterState
from mands_sim.log_index import kept_answer


@dataclass(frozen=True, slots=True)
class OutOfActionDefaults:
    """The named defaults this module applies (``docs/rules/decisions.md``): G-19, G-17, G-262."""

    G19_bleeding: Literal["per_round", "none"] = rule_default(
        "G-19",
        "Bleeding: each open penetrating wound takes 1 DP at every Payment Segment until a "
        "Bleeding Roll (every second round: 2d10 vs. Constitution on the Sphere chart, pool "
        "Body DP - penetrating DP lost) stops it ('per_round'), or wounds do not bleed.",
        "per_round",
        ("per_round", "none"),
    )
    G17_below_one_dp: Literal["check", "unconscious"] = rule_default(
        "G-17",
        "At Body DP <= 0: a roll to stay conscious (2d10 <= Constitution (Sphere) + Resist "
        "Death + Body DP) when hurt and at each Payment Segment ('check'), or unconscious at "
        "once, not coming to while Body DP <= 0 ('unconscious').",
        "check",
        ("check", "unconscious"),
    )
    G262_robot_shutdown: Literal["check", "off"] = rule_default(
        "G-262",
        "Robots shut down at 0 EP (seed): a robot at 0 EP or less goes out of action, 'shut "
        "down', at its next status check (after an action of its own or one that hurt it, and "
        "at each Payment Segment) and never comes to in the encounter ('check'), or robots play "
        "as anyone else ('off').",
        "check",
        ("check", "off"),
    )


BLEEDING: Final = "bleeding"
"""The ``source`` of the DP a wound bleeds away (G-19)."""


BLEEDING_ROLL: Final = "bleeding roll"
"""The purpose of a Bleeding Roll's :class:`~mands_sim.events.RollMade` (G-19)."""


CONSTITUTION: Final = "Constitution"
"""What Editing Points on a Bleeding Roll train: the roll is against Constitution (G-19,
G-154)."""


ROUNDS_BETWEEN_BLEEDING_ROLLS: Final = 2
"""G-19: without First Aid a Bleeding Roll comes every 2 rounds (First Aid halves it)."""


FIRST_AID_DIVISOR: Final = 2
"""Seed "First Aid": "A successful roll halves the time between Bleeding Rolls"."""


BLEEDING_PER_WOUND: Final = 1
"""G-19: each open wound loses 1 DP per round."""


DEAD: Final = "dead"


UNCONSCIOUS: Final = "unconscious"


SHUT_DOWN: Final = "shut down"
"""A robot at 0 EP (seed "Intelligent Robots", G-262): out of action, and it never comes to in
an encounter (only the unconscious do)."""


_OWN_SOURCES: Final = frozenset({BLEEDING, INJURY})
"""DP taken by this check itself: not hits, so they trigger no Injury roll."""


def damage_points(state: CharacterState, pending: Sequence[Event]) -> int:
    """Body DP once the ``pending`` events (not applied yet) are."""
    for event in reversed(pending):
        if isinstance(event, DamageTaken) and event.character == state.character_id:
            return event.damage_points_after
    return state.damage_points


def hits_on(encounter: Encounter, actor: str, start: int) -> list[Hit]:
    """The hits ``actor`` took since ``log[start]`` (not its own bleeding or injury)."""
    return [
        hit
        for hit in hits_between(encounter, start, len(encounter.log))
        if hit.victim == actor and hit.event.source not in _OWN_SOURCES
    ]


def logged_since(encounter: Encounter, start: int, actor: str) -> list[Event]:
    """The events about ``actor`` logged since ``log[start]``.

    The events since ``start`` are sorted by character once while the log does not grow
    (``log_index.kept_answer``): a status check asks for them part by part, and the checks of
    one segment ask for every character in turn."""
    by_character = kept_answer(
        encounter, ("logged_since", start), lambda: _by_character(encounter.log[start:])
    )
    return list(by_character.get(actor, ()))


def _by_character(events: Sequence[Event]) -> dict[object, list[Event]]:
    found: dict[object, list[Event]] = {}
    for event in events:
        found.setdefault(getattr(event, "character", None), []).append(event)
    return found


def injuries(encounter: Encounter, actor: str, start: int) -> list[Event]:
    """One Injury roll per segment when a hit (or an unsaved Death Shot) calls for one."""
    recent = logged_since(encounter, start, actor)
    if any(isinstance(e, RollMade) and e.purpose == INJURY_ROLL for e in recent):
        return []
    cause = injury_cause(encounter, actor, start, recent)
    if cause is None:
        return []
    dp = encounter.state[actor].damage_points
    return injury_events(encounter, actor, cause=cause, damage_points=dp)


def injury_cause(
    encounter: Encounter, actor: str, start: int, recent: Sequence[Event]
) -> str | None:
    """Why ``actor`` must make an Injury roll now, or ``None`` (G-18, G-27)."""
    for event in recent:
        if isinstance(event, DeathShot) and not event.saved:
            return f"death shot by {event.source}"
    maximum = encounter.figured(actor).damage_points.body
    trigger = encounter.defaults.of(InjuryDefaults).G18_injury_trigger
    for hit in hits_on(encounter, actor, start):
        if needs_injury_roll(hit, maximum, trigger):
            return f"hit by {hit.event.source}"
    return None


def wounds(encounter: Encounter, actor: str, start: int) -> list[Event]:
    """A wound for each attacker whose hits this segment took penetrating DP (G-19)."""
    reported = {
        e.source for e in logged_since(encounter, start, actor) if isinstance(e, WoundOpened)
    }
    points: dict[str, int] = {}
    for hit in hits_on(encounter, actor, start):
        if hit.event.penetrating > 0 and hit.event.source not in reported:
            points[hit.event.source] = points.get(hit.event.source, 0) + hit.event.penetrating
    return [WoundOpened(encounter.now, actor, source, n) for source, n in points.items()]


@dataclass(frozen=True, slots=True)
class BleedingSpell:
    """The wounds open since bleeding last stopped, how long they have bled, and whether First
    Aid has succeeded on them (seed "First Aid")."""

    wounds: int
    penetrating_lost: int
    rounds: int
    first_aid: bool = False

    @property
    def rounds_between_rolls(self) -> int:
        """G-19: every 2 rounds; seed "First Aid": "A successful roll halves the time"."""
        if self.first_aid:
            return ROUNDS_BETWEEN_BLEEDING_ROLLS // FIRST_AID_DIVISOR
        return ROUNDS_BETWEEN_BLEEDING_ROLLS


def bleeding_spell(log: Sequence[Event], actor: str) -> BleedingSpell:
    """Read back to the last time ``actor``'s bleeding stopped (G-19)."""
    wounds = lost = rounds = 0
    treated = False
    for event in reversed(log):
        if getattr(event, "character", None) != actor:
            continue
        if isinstance(event, BleedingStopped):
            break
        if isinstance(event, FirstAid):
            treated = treated or event.succeeded
        elif isinstance(event, WoundOpened):
            wounds += 1
            lost += event.penetrating_points
        elif isinstance(event, DamageTaken) and event.source == BLEEDING:
            rounds += 1
            lost += event.taken
    return BleedingSpell(wounds, lost, rounds, treated)


def is_payment_segment(encounter: Encounter) -> bool:
    """Whether now is a Payment Segment of the encounter's time model (G-33)."""
    now = encounter.now
    return now > 0 and encounter.time.next_payment_segment(now - 1) == now


def bled_this_segment(encounter: Encounter, actor: str, start: int) -> bool:
    return any(
        (isinstance(e, DamageTaken) and e.source == BLEEDING)
        or (isinstance(e, RollMade) and e.purpose == BLEEDING_ROLL)
        for e in logged_since(encounter, start, actor)
    )


def bleeding(encounter: Encounter, actor: str, start: int, dp: int) -> list[Event]:
    """Once per Payment Segment: the Bleeding Roll when due, else 1 DP per open wound."""
    if encounter.defaults.of(OutOfActionDefaults).G19_bleeding == "none" or not is_payment_segment(
        encounter
    ):
        return []
    state = encounter.state[actor]
    if state.damage_points >= encounter.figured(state.character_id).damage_points.body:
        return []  # a wound has taken DP: with none lost there is none to bleed
    if bled_this_segment(encounter, actor, start):
        return []
    spell = bleeding_spell(encounter.log, actor)
    if spell.wounds == 0:
        return []
    events: list[Event] = []
    if (spell.rounds + 1) % spell.rounds_between_rolls == 0:
        events = bleeding_roll(encounter, actor, dp, spell)
        if isinstance(events[-1], BleedingStopped):
            return events
    return [*events, bleed(encounter, actor, dp, spell.wounds * BLEEDING_PER_WOUND)]


def bleeding_roll(encounter: Encounter, actor: str, dp: int, spell: BleedingSpell) -> list[Event]:
    """G-19: 2d10 vs. Constitution (Sphere), pool = Body DP − penetrating DP lost."""
    constitution = encounter.abilities(actor).constitution
    target = int(encounter.charts.action.sphere(constitution))
    pool = dp - spell.penetrating_lost
    roll = survival_roll(
        encounter, actor, BLEEDING_ROLL, target, improves=CONSTITUTION, bonus_pool=pool
    )
    events: list[Event] = [roll_event(encounter, actor, BLEEDING_ROLL, roll)]
    if roll.succeeded:
        events.append(BleedingStopped(encounter.now, actor, BLEEDING_ROLL))
    return events


def bleed(encounter: Encounter, actor: str, dp: int, points: int) -> DamageTaken:
    """Blood lost: penetrating Body DP, past VP and protection (G-19)."""
    return DamageTaken(
        segment=encounter.now,
        character=actor,
        source=BLEEDING,
        raw=points,
        taken=points,
        virtual_damage_points_after=encounter.state[actor].virtual_damage_points,
        damage_points_after=dp - points,
        penetrating=points,
    )


def condition(
    encounter: Encounter, actor: str, start: int, pending: Sequence[Event]
) -> list[Event]:
    """Dead, knocked out, or a roll to stay conscious at Body DP ≤ 0 (G-17)."""
    state = encounter.state[actor]
    dp = damage_points(state, pending)
    if is_dead(encounter, actor, start, dp):
        return [OutOfAction(encounter.now, actor, DEAD)]
    out_below_one = encounter.defaults.of(OutOfActionDefaults).G17_below_one_dp == "unconscious"
    if state.condition == UNCONSCIOUS:
        return [] if out_below_one and dp <= 0 else coming_to(encounter, actor, dp)
    if not state.in_action:
        return []
    if knocked_out(encounter, actor, start, pending) or collapsed(encounter, state):
        return [OutOfAction(encounter.now, actor, UNCONSCIOUS)]
    if shuts_down(encounter, state):
        return [OutOfAction(encounter.now, actor, SHUT_DOWN)]
    if dp > 0:
        return []
    if out_below_one:  # G-17 "unconscious": no roll to stay conscious
        return [OutOfAction(encounter.now, actor, UNCONSCIOUS)]
    return consciousness_check(encounter, actor, dp)


def collapsed(encounter: Encounter, state: CharacterState) -> bool:
    """G-16 ``collapse``: the EP deficit (whole points, as the low-EP penalty) has reached
    Constitution (the optional reading); never with the default ``penalty``."""
    if encounter.defaults.of(ExhaustionDefaults).G16_low_ep != "collapse":
        return False
    deficit = -low_ep_penalty(state.endurance_points)
    return deficit > 0 and deficit >= encounter.abilities(state.character_id).constitution


def shuts_down(encounter: Encounter, state: CharacterState) -> bool:
    """Seed "Intelligent Robots", Healing: "Robots shut down at 0 EP." (G-262 ``check``: at a
    status check, a robot at 0 EP or less; ``off``: never)."""
    if encounter.defaults.of(OutOfActionDefaults).G262_robot_shutdown == "off":
        return False
    return bool(state.character.sheet.is_robot) and state.endurance_points <= 0


def is_dead(encounter: Encounter, actor: str, start: int, dp: int) -> bool:
    """G-17: Body DP ≤ −(maximum Body DP), or a head or neck at −(its maximum)."""
    if dead_at(encounter, actor, dp):
        return True
    vital = {hit.event.location for hit in hits_on(encounter, actor, start)}
    return any(vital_lost(encounter, actor, at, 0) for at in VITAL_LOCATIONS if at in vital)


def knocked_out(encounter: Encounter, actor: str, start: int, pending: Sequence[Event]) -> bool:
    """An Injury roll failed by 10 or more (G-18), or a Nerve Pinch not saved, this segment."""
    for event in [*logged_since(encounter, start, actor), *pending]:
        if isinstance(event, InjuryRolled) and event.knocked_out and event.character == actor:
            return True
        if isinstance(event, NervePinched) and event.character == actor:
            return True
    return False


def consciousness_check(encounter: Encounter, actor: str, dp: int) -> list[Event]:
    """G-17: 2d10 ≤ Constitution (Sphere) + Resist Death + Body DP, or unconscious."""
    target = resist_death_target(encounter, actor) + dp
    roll = roll_2d10(encounter, actor, target)
    check = ConsciousnessCheck(encounter.now, actor, target, roll.dice.total, roll.succeeded)
    if roll.succeeded:
        return [check]
    return [check, OutOfAction(encounter.now, actor, UNCONSCIOUS)]
