"""Simpler Combat: the rulebook's Combat Turns as an optional rule (seed "Simpler Combat";
``rules/combat.md`` §19). Off unless a scenario lists it (``[rules] optional =
["simpler-combat"]``); then :class:`SimplerCombat` runs as ``optional-rule:simpler-combat``:

* **Combat Turns** (:class:`CombatTurns`): 10 segments, 5 a round; actions are announced on a
  turn's first two segments and resolve on their **Initiative** (G-140); "Divide an action's
  base Performance Time by 10 and round down", at least one turn; Q never shortens it.
* **Initiative**: d10 "at the start of each combat", re-rolled for an Editing Point (the mind's
  ``reroll_initiative``; one of the character's own with ``editing-points`` on, G-194); Q adds
  to it "on a 1 for 1 basis" (a roll's ``speed`` Q), and to Damage "instead of using the
  Doubling Chart"; a sweep's later blows go on Initiative − 1 each ("Multiple Opponents").
* **Order** (G-191): the clock orders the kernel's agenda within a segment
  (:meth:`CombatTurns.tiebreak`): announcing "in order of learning (from lowest to highest)",
  a delay (the mind's ``announce_delay``) counting as more Learning; resolving highest
  Initiative first.
* **Moving** "at the end of the Combat Turn" (G-192): runners are seen where the turn's start
  left them (:meth:`CombatTurns.movement_segment`, read by ``mands_rulebook.positions``).
* **Bonus Pool**: 10 − PT for a short action (G-141), −1 after a passive action that turn
  (G-143), −delay for announcing late (``Intent.options["announce_delay"]``).
* **Pushback does not apply** (G-143); ongoing actions pay when started and "at the end of every
  fifth Turn" (G-38); runs end at a turn's end (G-142); switching clocks converts the actions in
  progress (``turns_from`` / ``turns_until``, G-144).
"""

from __future__ import annotations

from collections.abc import Generator, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any, ClassVar, Final

from mands_sim import hookimpl
from mands_sim.actions import ActionDefinition, ActionInProgress, Intent, Modifier
from mands_sim.events import (
    ActionDropped,
    ActionResolved,
    ActionStarted,
    Event,
    PushedBack,
    QualityAllocated,
)
from mands_sim.kernel.agenda import Phase
from mands_sim.kernel.encounter import ActionRefused, Encounter, Initiation
from mands_sim.kernel.time import SegmentTime
from mands_sim.registry import Register
from mands_sim.rolls import damage_bonus
from mands_sim.scenario import ScenarioSpec

from .editing_points import (
    EDITOR,
    PLAYER,
    EditingPointsUsed,
    editing_points_in_play,
    editing_points_left,
    is_player,
)
from .movement import MOVE, REROLL_MOVE
from .opponents import SWEEP_BLOW, pending_blows

NAME: Final = "simpler-combat"
TURN: Final = 10
"""Seed: "There are 5 Combat Turns in a round ... Combat Turns are thus 10 segments long"."""
ANNOUNCING: Final = 2
"""G-140: a turn's first two segments are for announcing its (at most two) actions."""
INITIATIVE_DIE: Final = 10  # seed: "Each player rolls d10 at the start of each combat"
PASSIVE_PENALTY: Final = 1  # seed: "Making a passive action adds a penalty of 1"
TRAINING_SHARE: Final = Fraction(1, 2)  # seed: "These Editing Points are halved"
ANNOUNCE_DELAY: Final = "announce_delay"
"""The intent option, and the mind's optional method: points of delay in announcing (seed: "Each
point of delay subtracts that much from their bonus pool")."""
DROP_PER_ATTACK: Final = 1
"""Seed "Multiple Opponents": "the character's Initiative is dropped by 1 for each attack"."""
INITIATIVE_REROLL: Final = "initiative re-roll"
"""The ``use`` of the Editing Point a re-rolled Initiative spends (G-194)."""
NO_PUSHBACK: Final = "no Pushback in Simpler Combat"
RUNNING_SPEED: Final = frozenset({MOVE.name, REROLL_MOVE.name})
"""Actions whose ``speed`` Q is running speed (seed "Move Roll"), not Initiative."""


@dataclass(frozen=True, slots=True)
class InitiativeRolled(Event):
    """An Initiative roll: at the start of combat, or re-rolled for an Editing Point."""

    kind: ClassVar[str] = "initiative"
    character: str
    roll: int
    initiative: int
    editing_points: int = 0
    training: Fraction = Fraction(0)
    """Seed: the Editing Points "are halved, then go to training in the action being performed"."""
    training_in: str = ""


@dataclass(frozen=True, slots=True)
class TurnScheduled(Event):
    """When an action started under Combat Turns resolves, and on what Initiative."""

    kind: ClassVar[str] = "combat-turn"
    character: str
    action: str
    initiative: int
    turns: int
    resolves_at: int


@dataclass(frozen=True, slots=True)
class ClockSwitched(Event):
    """The encounter's clock changed at segment ``at`` (G-144): to ``"combat turns"`` or
    ``"segments"``."""

    kind: ClassVar[str] = "clock-switched"
    at: int
    clock: str


# -- the arithmetic of Combat Turns ------------------------------------------------------------


def combat_turns(performance_time: int) -> int:
    """Seed: "Divide an action's base Performance Time by 10 and round down ... If the action
    takes less than 10 segments, it takes one Combat Turn" (15 → 1, 24 → 2, 6 → 1)."""
    return max(1, performance_time // TURN)


def short_action_bonus(performance_time: int) -> int:
    """Seed: "Add 10 minus the action's base time to the character's Bonus Pool" (6 → 4)."""
    return max(0, TURN - performance_time)


def initiative_offset(initiative: int) -> int:
    """G-140: the segment of its turn an action resolves on: 12 − Initiative, between the end
    of the announcements (+2: Initiative 10 or more) and the turn's end (+10: 2 or less)."""
    return min(TURN, max(ANNOUNCING, TURN + ANNOUNCING - initiative))


def turns_remaining(segments: int) -> int:
    """Seed, switching to Combat Turns: "divide their remaining Performance Time by 10 and round
    down for the number of Combat Turns remaining, as below" (at least one, G-144)."""
    return combat_turns(segments)


def segments_remaining(turns: int, initiative: int) -> int:
    """Seed, switching back: "multiply their remaining Combat Turns by 10 ... If no Combat Turns
    remain, use the character's Initiative (subtracted from 10)" (G-144: at least 1)."""
    return turns * TURN if turns > 0 else max(1, TURN - initiative)


class CombatTurns:
    """The clock of Simpler Combat: Combat Turns from ``turns_from`` up to ``turns_until``
    (``None``: to the end), the segment clock outside them (``kernel.time.SegmentTime``)."""

    name = "combat-turns"

    def __init__(self, turns_from: int = 0, turns_until: int | None = None) -> None:
        for segment in (turns_from, turns_until):
            if segment is not None and (segment < 0 or segment % TURN):
                raise ValueError(f"switch clocks on a multiple of {TURN}, not {segment}")
        self.turns_from = turns_from
        self.turns_until = turns_until

    def in_turns(self, segment: int) -> bool:
        until = self.turns_until
        return self.turns_from <= segment and (until is None or segment < until)

    @staticmethod
    def turn_start(segment: int) -> int:
        return segment - segment % TURN

    @staticmethod
    def turn_end(segment: int) -> int:
        """The first turn boundary at or after ``segment``."""
        return -(-segment // TURN) * TURN

    def initiation_segment(self, earliest: int) -> int:
        """Under Combat Turns, only a turn's announcing segments (G-140)."""
        if not self.in_turns(earliest) or earliest % TURN < ANNOUNCING:
            return earliest
        return self.turn_end(earliest)

    def character_initiation_segment(self, encounter: Encounter, actor: str, earliest: int) -> int:
        """As :meth:`initiation_segment`, but a sweep's next blow follows through mid-turn on
        the segment the last one landed (seed "Multiple Opponents", G-191)."""
        if earliest == encounter.now and pending_blows(encounter, actor) is not None:
            return earliest
        return self.initiation_segment(earliest)

    def tiebreak(self, encounter: Encounter, segment: int, phase: Phase, actor: str) -> int:
        """G-191: within a segment of a Combat Turn, characters announce "in order of learning
        (from lowest to highest)", a delay counting as that much more Learning, and actions
        resolve "highest initiative first"."""
        if not self.in_turns(segment) or encounter.defaults.G191_segment_order == "id":
            return 0
        if phase == Phase.INITIATE:
            return announcing_learning(encounter, actor)
        if phase == Phase.RESOLVE:
            return -resolving_initiative(encounter, actor, segment)
        return 0

    def movement_segment(self, encounter: Encounter, segment: int) -> int:
        """The segment runners are seen at (``mands_rulebook.positions``): seed "Move at the
        end of the Combat Turn" — within a turn, where its start left them (G-192)."""
        if not self.in_turns(segment) or encounter.defaults.G192_turn_movement == "continuous":
            return segment
        return self.turn_start(segment)

    def completion_segment(self, start: int, performance_time: int) -> int:
        """:class:`SimplerCombat` sets an action's time so that it ends on its Initiative."""
        return start + max(1, performance_time)

    def next_payment_segment(self, after: int) -> int:
        """Seed: ongoing actions are paid "at the end of every fifth Turn": the Payment Segments
        (G-33; G-38: by the rule, not the example's ledger)."""
        return SegmentTime().next_payment_segment(after)

    def switches(self) -> list[tuple[int, str]]:
        """The segments where the clock changes, and to what."""
        found = [(self.turns_from, "combat turns")] if self.turns_from > 0 else []
        return found + ([(self.turns_until, "segments")] if self.turns_until is not None else [])


# -- reading the log ---------------------------------------------------------------------------


def initiative(encounter: Encounter, actor: str) -> int:
    """``actor``'s current base Initiative (its latest :class:`InitiativeRolled`; 0 if none)."""
    for event in reversed(encounter.log):
        if isinstance(event, InitiativeRolled) and event.character == actor:
            return event.initiative
    return 0


def started_this_turn(encounter: Encounter, actor: str) -> list[ActionStarted]:
    """The actions ``actor`` has started in the current Combat Turn."""
    start, found = CombatTurns.turn_start(encounter.now), []
    for event in reversed(encounter.log):
        if event.segment < start:
            break
        if isinstance(event, ActionStarted) and event.character == actor:
            found.append(event)
    return found


def announcing_learning(encounter: Encounter, actor: str) -> int:
    """The Learning ``actor`` announces on: its own plus the delay its mind takes (G-191)."""
    learning = int(encounter.character(actor).sheet.abilities.learning)
    return learning + mind_delay(encounter, actor)


def mind_delay(encounter: Encounter, actor: str) -> int:
    """The mind's ``announce_delay(encounter, actor)`` answer (default none): how many points of
    Learning later it announces, asked when its chance to announce is scheduled."""
    ask = getattr(encounter.minds[actor], ANNOUNCE_DELAY, None)
    delay = 0 if ask is None else int(ask(encounter, actor))
    if delay < 0:
        raise ValueError(f"{actor}'s {ANNOUNCE_DELAY} must not be negative ({delay})")
    return delay


def announcement_delay(encounter: Encounter, actor: str, intent: Intent) -> int:
    """The delay an action pays for: the intent's ``announce_delay`` option, else the mind's."""
    if ANNOUNCE_DELAY in intent.options:
        return int(intent.options[ANNOUNCE_DELAY])
    return mind_delay(encounter, actor)


def resolving_initiative(encounter: Encounter, actor: str, segment: int) -> int:
    """The highest Initiative among ``actor``'s actions completing at ``segment`` (its base
    Initiative for one started without a Combat Turn's schedule)."""
    due = [a for a in encounter.state[actor].actions if a.completes_at == segment]
    known = [int(a.prepared["initiative"]) for a in due if "initiative" in a.prepared]
    if due and len(known) == len(due):
        return max(known)
    return max([*known, initiative(encounter, actor)])


def last_scheduled(encounter: Encounter, actor: str) -> TurnScheduled | None:
    """``actor``'s latest :class:`TurnScheduled` in the current Combat Turn."""
    start = CombatTurns.turn_start(encounter.now)
    for event in reversed(encounter.log):
        if event.segment < start:
            return None
        if isinstance(event, TurnScheduled) and event.character == actor:
            return event
    return None


def editing_points_spent(encounter: Encounter, actor: str) -> int:
    """The Editing Points ``actor`` has spent on Initiative in this encounter."""
    rolls = [e for e in encounter.log if isinstance(e, InitiativeRolled) and e.character == actor]
    return sum(e.editing_points for e in rolls)


def announcement_order(encounter: Encounter) -> list[list[str]]:
    """Seed: "Players announce their actions in order of learning (from lowest to highest) ...
    the same learning announce at the same time": groups of ids in action, lowest first."""
    groups: dict[int, list[str]] = {}
    for state in encounter.state:
        if state.in_action:
            learning = state.character.sheet.abilities.learning
            groups.setdefault(learning, []).append(state.character_id)
    return [sorted(groups[learning]) for learning in sorted(groups)]


def definition_of(encounter: Encounter, intent: Intent) -> ActionDefinition | None:
    try:
        return encounter.rules.definition(intent.action)
    except ActionRefused:
        return None


# -- the plugin --------------------------------------------------------------------------------


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
        rolls: list[Event] = []
        for actor in encounter.state.ids():
            if encounter.state[actor].in_action:
                roll = encounter.dice_for(actor).face(INITIATIVE_DIE)
                rolls.append(InitiativeRolled(encounter.now, actor, roll, roll))
        return rolls

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

    @hookimpl(wrapper=True, tryfirst=True)
    def mands_action_initiate(
        self, encounter: Encounter, actor: str, intent: Intent, definition: ActionDefinition
    ) -> Generator[None, Initiation | None, Initiation | None]:
        """Turn an action's start into Combat Turns: Initiative, damage 1:1, no Pushback.

        A %Control roll that failed (``mands_rulebook.control``) passes through untouched."""
        switched = switch_events(encounter, self.clock)
        if not self.in_turns(encounter):
            initiation = yield
            return None if initiation is None else with_events(initiation, switched, ())
        running = list(encounter.state[actor].actions)
        rerolled = initiative_reroll(encounter, actor, intent)
        initiation = yield
        if initiation is None:
            return None
        new = [e for e in rerolled if isinstance(e, InitiativeRolled)]
        base = new[-1].initiative if new else initiative(encounter, actor)
        turned = on_initiative(encounter, self.clock, actor, definition, initiation, base)
        moved = {e.action_id: e.completes_at for e in switched if isinstance(e, PushedBack)}
        kept = no_pushback(encounter, actor, running, turned.events, moved)
        return with_events(turned, [*switched, *rerolled], kept)

    @hookimpl
    def mands_action_after(
        self, encounter: Encounter, actor: str, action: ActionInProgress
    ) -> list[Event]:
        """Seed: "Pushback does not apply": pushback other rules gave with this resolution (a
        Throwback, G-10) is taken back."""
        if not self.in_turns(encounter):
            return []
        return undo_pushback(encounter, action.action_id)


def with_events(
    initiation: Initiation, before: Sequence[Event], after: Sequence[Event]
) -> Initiation:
    return replace(initiation, events=(*before, *initiation.events, *after))


# -- Bonus Pool and refusals -------------------------------------------------------------------


def pool_modifiers(
    encounter: Encounter, actor: str, intent: Intent, definition: ActionDefinition
) -> list[Modifier]:
    """The short action's bonus (G-141), the passive action's penalty (G-143), the delay."""
    modifiers: list[Modifier] = []
    bonus = short_action_bonus(definition.performance_time)
    passives_too = encounter.defaults.G141_short_action_bonus == "all"
    if bonus and (passives_too or not definition.is_passive):
        reason = f"an action of {definition.performance_time} segments"
        modifiers.append(Modifier(bonus, NAME, reason))
    passive = any(s.is_passive for s in started_this_turn(encounter, actor))
    if passive and not definition.is_passive:
        modifiers.append(Modifier(-PASSIVE_PENALTY, NAME, "a passive action this Combat Turn"))
    delay = announcement_delay(encounter, actor, intent)
    if delay < 0:
        raise ValueError(f"{actor}'s {ANNOUNCE_DELAY} must not be negative ({delay})")
    if delay:
        modifiers.append(Modifier(-delay, NAME, f"announced {delay} Learning late"))
    return modifiers


def turn_refusals(encounter: Encounter, actor: str, definition: ActionDefinition) -> list[str]:
    """G-140: announce on a turn's first two segments; one active action and "a single passive
    Action Roll" per Combat Turn. A sweep's next blow is its announced attack going on (G-191)."""
    if definition.name == SWEEP_BLOW.name:
        return []
    if encounter.now % TURN >= ANNOUNCING:
        return ["Simpler Combat: actions are announced at the start of a Combat Turn"]
    kind = "passive" if definition.is_passive else "active"
    started = started_this_turn(encounter, actor)
    if any(s.is_passive == definition.is_passive for s in started):
        return [f"Simpler Combat: one {kind} action per Combat Turn"]
    return []


# -- starting an action under Combat Turns -----------------------------------------------------


def initiative_reroll(encounter: Encounter, actor: str, intent: Intent) -> list[Event]:
    """Seed: "at the start of any Combat Turn, expend one Editing Point to re-roll their
    Initiative (and take the better ...)". Asked at the turn's first announcement (G-143); with
    the ``editing-points`` rule on, the point is one of the character's (G-194)."""
    ask = getattr(encounter.minds[actor], "reroll_initiative", None)
    current = initiative(encounter, actor)
    if ask is None or started_this_turn(encounter, actor) or not ask(encounter, actor, current):
        return []
    spent = initiative_point(encounter, actor, intent)
    if spent is None:
        return []
    roll = encounter.dice_for(actor).face(INITIATIVE_DIE)
    better = max(current, roll)
    rolled = InitiativeRolled(encounter.now, actor, roll, better, 1, TRAINING_SHARE, intent.action)
    return [rolled, *spent]


def initiative_point(encounter: Encounter, actor: str, intent: Intent) -> list[Event] | None:
    """G-194: the Editing Point of a re-roll, as ``mands_rulebook.editing_points`` keeps them —
    one of the character's, "halved, then go to training in the action being performed" — or
    ``None`` when it has none left; with that rule off, the mind keeps the budget (G-143)."""
    if not editing_points_in_play(encounter):
        return []
    if editing_points_left(encounter, actor) < 1:
        return None
    by = PLAYER if is_player(encounter, actor) else EDITOR
    why = (INITIATIVE_REROLL, "initiative", intent.action, by)
    return [EditingPointsUsed(encounter.now, actor, 1, *why)]


def spent_quality(
    initiation: Initiation, actor: str, definition: ActionDefinition
) -> QualityAllocated | None:
    spent = [e for e in initiation.events if isinstance(e, QualityAllocated)]
    return next((e for e in spent if (e.character, e.action) == (actor, definition.name)), None)


def on_initiative(
    encounter: Encounter,
    clock: CombatTurns,
    actor: str,
    definition: ActionDefinition,
    initiation: Initiation,
    base: int,
) -> Initiation:
    """When the action resolves: a single action on its Initiative in its last turn; an ongoing
    one (a run) at the end of the turn it is due in (G-140, G-142)."""
    now, spent = encounter.now, spent_quality(initiation, actor, definition)
    speed = 0 if spent is None or definition.name in RUNNING_SPEED else spent.speed
    action_initiative = base + speed
    if definition.name == SWEEP_BLOW.name:
        action_initiative, turns = next_attack_initiative(encounter, actor, action_initiative), 1
        resolves = max(now + 1, clock.turn_start(now) + initiative_offset(action_initiative))
    elif definition.is_sustained:
        resolves = clock.turn_end(now + max(1, initiation.performance_time))
        turns = (resolves - clock.turn_start(now)) // TURN
    else:
        turns = combat_turns(max(definition.performance_time, initiation.performance_time))
        offset = initiative_offset(action_initiative)
        resolves = clock.turn_start(now) + TURN * (turns - 1) + offset
    damage = one_for_one(encounter, initiation.prepared, spent)
    prepared = {**damage, "initiative": action_initiative}
    scheduled = TurnScheduled(now, actor, definition.name, action_initiative, turns, resolves)
    return replace(
        initiation,
        performance_time=max(1, resolves - now),
        events=(*initiation.events, scheduled),
        prepared=prepared,
    )


def next_attack_initiative(encounter: Encounter, actor: str, base: int) -> int:
    """Seed "Multiple Opponents": "rather than each attack working on subsequent Segments, the
    character's Initiative is dropped by 1 for each attack" — 1 below the last blow's."""
    last = last_scheduled(encounter, actor)
    return (base if last is None else last.initiative) - DROP_PER_ATTACK


def one_for_one(
    encounter: Encounter, prepared: Mapping[str, Any], spent: QualityAllocated | None
) -> Mapping[str, Any]:
    """Seed: "Quality Points can be used to increase Damage on a 1 for 1 basis as well (instead
    of using the Doubling Chart)": the Doubles-chart damage the action's plugin added is
    replaced by the Q itself."""
    if spent is None or spent.damage <= 0 or "damage" not in prepared:
        return prepared
    chart = damage_bonus(spent.damage, encounter.charts)
    return {**prepared, "damage": int(prepared["damage"]) - chart + spent.damage}


def no_pushback(
    encounter: Encounter,
    actor: str,
    running: Iterable[ActionInProgress],
    events: Sequence[Event],
    moved: Mapping[int, int],
) -> list[Event]:
    """Seed: "Pushback does not apply": the kernel is about to add 1 segment to each action
    ``actor`` has in progress (``rules/combat.md`` §3); these events take it back first, and a
    run a slower pace pushed off a turn's end goes on to that end (G-142)."""
    dropped = {e.action_id for e in events if isinstance(e, ActionDropped)}
    live = [a for a in running if encounter.state[actor].find_action(a.action_id) is not None]
    kept: list[Event] = []
    for action in (a for a in live if a.action_id not in dropped):
        now_at = moved.get(action.action_id, action.completes_at)
        wanted = CombatTurns.turn_end(now_at) if action.definition.is_sustained else now_at
        shift = wanted - now_at - 1
        if shift:
            kept.append(pushed(encounter, actor, action, shift, now_at + shift, NO_PUSHBACK))
    return kept


def pushed(
    encounter: Encounter, who: str, action: ActionInProgress, shift: int, at: int, reason: str
) -> PushedBack:
    return PushedBack(encounter.now, who, action.name, action.action_id, shift, at, reason)


def undo_pushback(encounter: Encounter, action_id: int) -> list[Event]:
    """Take back every PushedBack logged since ``action_id`` resolved (other rules' after-hooks)."""
    shifts: dict[tuple[str, int], int] = {}
    for event in reversed(encounter.log):
        if isinstance(event, ActionResolved) and event.action_id == action_id:
            break
        if isinstance(event, PushedBack) and event.reason != NO_PUSHBACK:
            key = (event.character, event.action_id)
            shifts[key] = shifts.get(key, 0) + event.segments
    undone: list[Event] = []
    for (who, pushed_id), shift in sorted(shifts.items()):
        action = encounter.state[who].find_action(pushed_id)
        if action is not None and shift:
            back = action.completes_at - shift
            undone.append(pushed(encounter, who, action, -shift, back, NO_PUSHBACK))
    return undone


# -- switching clocks (G-144) ------------------------------------------------------------------


def switch_events(encounter: Encounter, clock: CombatTurns) -> list[Event]:
    """At the first initiation within a turn of a switch, the actions in progress convert."""
    events: list[Event] = []
    for at, to in clock.switches():
        if at <= encounter.now < at + TURN and not switched(encounter.log, at):
            events.append(ClockSwitched(encounter.now, at, to))
            events += converted(encounter, at, into_turns=to == "combat turns")
    return events


def switched(log: Sequence[Event], at: int) -> bool:
    for event in reversed(log):
        if event.segment < at:
            return False
        if isinstance(event, ClockSwitched) and event.at == at:
            return True
    return False


def converted(encounter: Encounter, at: int, *, into_turns: bool) -> list[Event]:
    events: list[Event] = []
    convert = into_turn_time if into_turns else into_segment_time
    reason = f"clock switched to {'Combat Turns' if into_turns else 'segments'}"
    for state in encounter.state:
        base = initiative(encounter, state.character_id)
        for action in state.actions:
            wanted = max(encounter.now + 1, convert(action, at, base))
            shift = wanted - action.completes_at
            if shift:
                events.append(pushed(encounter, state.character_id, action, shift, wanted, reason))
    return events


def into_turn_time(action: ActionInProgress, at: int, base: int) -> int:
    """Remaining segments ÷ 10, rounded down (at least one turn), ending on the Initiative; an
    ongoing action at the end of its turn."""
    if action.definition.is_sustained:
        return CombatTurns.turn_end(action.completes_at)
    turns = turns_remaining(action.completes_at - at)
    return at + TURN * (turns - 1) + initiative_offset(base)


def into_segment_time(action: ActionInProgress, at: int, base: int) -> int:
    """Whole turns left × 10, or 10 − Initiative when it would resolve in the current turn."""
    if action.definition.is_sustained:
        return action.completes_at
    turns = (action.completes_at - at) // TURN
    return at + segments_remaining(turns, int(action.prepared.get("initiative", base)))


# -- registration ------------------------------------------------------------------------------


@hookimpl
def mands_register_optional_rules(register: Register) -> None:
    register(
        NAME,
        SimplerCombat(),
        summary="Combat Turns of 10 segments: Initiative, Q 1:1 to Initiative and damage.",
        source="rules text",
    )
