"""One running encounter on a SimPy clock (DESIGN.md "Time and actions").

The :class:`Encounter` owns a ``simpy.Environment`` whose time unit is one segment, an
:class:`~mands_sim.kernel.agenda.Agenda` that fixes the order of everything in a segment, one
SimPy process per character, and the encounter state. Rules live in plugins: the kernel asks
its :class:`Rules` (backed by the plugin hooks) whether an action may start, how it starts
(rolls, Quality, costs, performance time) and what it does when it completes. The kernel itself
enforces only the time rules of ``rules/combat.md`` §1 and §3:

* one initiation per segment; one active action at a time; passive actions may start during
  another action once ⌈PT/10⌉ of its segments have passed; any action may start during passive
  ones (``rules/gaps.md`` G-12);
* the exceptions to one initiation per segment: actions whose ``starts_with`` names each other
  (a jump in the segment a move starts, seed "Jump Roll"), and what a rule allows
  (``Rules.allowance``: Double Action's second action, even an active one beside the first);
  only then is the mind asked again in the same segment;
* starting an action during others adds 1 segment of pushback to each of them (G-161: not to
  those started in the same segment);
* single actions pay EP per attempt; sustained ones when they start and at every Payment
  Segment (G-33), and a re-roll pays only the difference above what was paid this period (the
  seed's "EP Cost"; G-36 switches to the example's full payments);
* a surprised character initiates nothing before its surprise ends (§2); an action can end
  early without resolving (:meth:`Encounter.drop`).

What the kernel asks and is answered (:class:`Rules`, :class:`Mind`, :class:`Initiation` …)
lives in :mod:`mands_sim.kernel.contracts`, and is imported from here as well.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Generator, Iterable, Mapping
from fractions import Fraction
from typing import Any

import simpy

from mands_sim.actions import (
    ActionDefinition,
    ActionInProgress,
    Intent,
    Wait,
)
from mands_sim.defaults import STANDARD_DEFAULTS, RuleDefaults
from mands_sim.events import (
    ActionDropped,
    ActionResolved,
    ActionStarted,
    BackInAction,
    EncounterEnded,
    EndurancePaid,
    Event,
    OutOfAction,
    PushedBack,
)
from mands_sim.kernel.agenda import Agenda, Entry, Phase
from mands_sim.kernel.contracts import (
    ActionRefused,
    Charge,
    Initiation,
    Mind,
    Observer,
    OutcomeCondition,
    Rules,
    Verdict,
    side_out_of_action,
)
from mands_sim.kernel.state import CharacterState, EncounterState
from mands_sim.kernel.time import CharacterClock, SegmentTime, TimeModel, character_clock

_NO_EP = Fraction(0)
"""Nothing paid yet this period: one shared zero (a ``Fraction`` is immutable) rather than a
new one at every charge."""


def _trigger(event: simpy.Event) -> None:
    if not event.triggered:
        event.succeed()


def _passive_wait(action: ActionInProgress) -> int:
    """⌈PT/10⌉ segments of ``action`` must pass before a passive action starts (§3).

    A sustained action runs on past its Performance Time (a run lasts until it arrives), so its
    own PT counts (movement: PT 6 → 1 segment), not how long it has been scheduled to run."""
    time = action.performance_time
    if action.definition.is_sustained:
        time = min(time, action.definition.performance_time)
    return math.ceil(time / 10)


class Encounter:
    """A single encounter run: clock, agenda, processes, state and the action lifecycle."""

    def __init__(
        self,
        characters: Iterable[CharacterState],
        *,
        rules: Rules,
        minds: Mapping[str, Mind],
        time_model: TimeModel | None = None,
        time_limit: int = 3000,
        observers: Iterable[Observer] = (),
        dice: Any = None,
        charts: Any = None,
        defaults: RuleDefaults = STANDARD_DEFAULTS,
        context: Mapping[str, Any] | None = None,
        outcome_conditions: Iterable[OutcomeCondition] = (side_out_of_action,),
        world: Any = None,
    ) -> None:
        self.env = simpy.Environment()
        self.agenda = Agenda()
        self.state = EncounterState(list(characters))
        self.rules = rules
        self.minds = dict(minds)
        self.time = time_model or SegmentTime()
        self.time_limit = time_limit
        self.observers = list(observers)
        self.dice = dice
        self.charts = charts
        self.defaults = defaults
        self._streams: dict[str, Any] = {}
        self.context = dict(context or {})
        self.outcome_conditions = tuple(outcome_conditions)
        self.world = world
        """The map (:class:`mands_sim.world.World`), or ``None`` for an encounter without one."""
        self.log: list[Event] = []
        self.log_index: object = None
        """The log's index by kind and character, kept here by :mod:`mands_sim.log_index`."""
        self.ended: EncounterEnded | None = None
        self._next_action_id = 1
        self._entries: dict[int, Entry] = {}
        self._wakes: dict[str, simpy.Event] = {}
        self._restless: set[str] = set()
        """Sleepers that may have no active action: every sleeper, less those found busy by
        :meth:`_wake_everyone` and not since freed by an event of theirs (:meth:`emit`)."""
        self._paid_this_period: dict[int, Fraction] = {}
        self._started = False
        self._lives: dict[str, simpy.Process] = {}
        self._status_due: set[tuple[int, str]] = set()

    # -- the clock -----------------------------------------------------------------------

    @property
    def time(self) -> TimeModel:
        """The time model (``kernel.time``): the segment clock unless an optional rule's."""
        return self._time

    @time.setter
    def time(self, model: TimeModel) -> None:
        self._time = model
        self._clock: CharacterClock | None = character_clock(model)
        """``model`` if it orders a segment and times each character (asked once, here)."""

    @property
    def now(self) -> int:
        return int(self.env.now)

    def run(self, until: int | None = None) -> EncounterEnded | None:
        """Run to the end of the encounter, or until segment ``until``.

        Before anyone acts, the rules' opening events are applied: surprise is settled "just
        before fighting breaks out" (``rules/combat.md`` §2). A later call continues where the
        last one stopped (everything at segments ≤ ``until`` has run), so a paused or
        re-created encounter (:mod:`mands_sim.kernel.snapshot`) can go on.
        """
        if not self._started:
            self._open()
        driver = self.env.process(self._drive(until))
        self.env.run(until=driver)
        return self.ended

    def _open(self) -> None:
        """Opening events, one process per character, the first Payment Segment, the limit."""
        self._started = True
        self.emit(self.rules.opening(self))
        for state in self.state:
            self._begin_life(state.character_id)
        self._schedule_payment()
        self.agenda.add(self.time_limit, Phase.STATUS, "", self._time_up, label="time limit")

    def _drive(self, until: int | None) -> Generator[simpy.Event, Any, None]:
        """Pop agenda entries in key order; let SimPy run what each one wakes."""
        while self.ended is None:
            segment = self.agenda.next_segment()
            if segment is None or (until is not None and segment > until):
                return
            if segment > self.now:
                yield self.env.timeout(segment - self.now)
            entry = self.agenda.pop()
            assert entry is not None
            entry.run()
            yield self.env.timeout(0)

    def at(self, segment: int, phase: Phase, actor: str, run: Callable[[], None]) -> Entry:
        """Schedule ``run`` on the agenda (never before now), in the time model's order within
        the segment (``kernel.time.tiebreak``)."""
        segment = max(segment, self.now)
        clock = self._clock
        order = clock.tiebreak(self, segment, phase, actor) if clock is not None and actor else 0
        return self.agenda.add(segment, phase, actor, run, tiebreak=order)

    def dice_for(self, actor: str) -> Any:
        """``actor``'s own dice substream (DESIGN.md "Keyed random substreams")."""
        stream = self._streams.get(actor)
        if stream is None:
            stream = self._streams[actor] = self.dice.substream(actor)
        return stream

    def character(self, actor: str) -> Any:
        """The frozen sheet-and-figures of ``actor``."""
        return self.state[actor].character

    # -- events --------------------------------------------------------------------------

    def emit(self, events: Iterable[Event]) -> None:
        """Apply each event to the state (the one place it changes) and tell the observers."""
        for event in events:
            self.state.apply(event)
            self.log.append(event)
            for observer in self.observers:
                observer(event)
            if isinstance(event, ActionDropped):
                self._restless.add(event.character)
                self._forget(event)
            elif isinstance(event, ActionResolved | OutOfAction):
                self._restless.add(event.character)  # its active action may have ended
            elif isinstance(event, PushedBack):
                self._reschedule(event)
            elif isinstance(event, BackInAction):
                self._come_back(event.character)

    def _reschedule(self, event: PushedBack) -> None:
        """Pushback a rule returned as an event moves the action's completion (§8.2).

        (:meth:`push_back` takes the entry off the agenda itself before it emits.)"""
        entry = self._entries.pop(event.action_id, None)
        action = self.state[event.character].find_action(event.action_id)
        if entry is None or action is None:
            return
        entry.cancel()
        self._schedule_completion(event.character, action)

    def _forget(self, event: ActionDropped) -> None:
        """A dropped action will not complete; its character may choose again."""
        entry = self._entries.pop(event.action_id, None)
        if entry is not None:
            entry.cancel()
        self.wake(event.character)

    # -- character processes -------------------------------------------------------------

    def _begin_life(self, actor: str) -> None:
        self._lives[actor] = self.env.process(self._life(actor))

    def _come_back(self, actor: str) -> None:
        """A character back in action (§9) chooses again: its process, ended when it fell out
        of action, starts anew; one still waiting is woken."""
        if not self.state[actor].in_action:
            return
        life = self._lives.get(actor)
        if life is not None and life.is_alive:
            self.wake(actor)
        else:
            self._begin_life(actor)

    def _life(self, actor: str) -> Generator[simpy.Event, Any, None]:
        """One character's process: wait until it may act, ask its mind, start the action."""
        state = self.state[actor]
        while state.in_action and self.ended is None:
            if state.active_action is None:
                wake = self._sleep(actor)
                self.wake(actor)
                yield wake
            elif getattr(self.minds[actor], "passive_actions", False):
                yield self._alarm(self._earliest_passive(state), actor)
            else:
                yield self._sleep(actor)  # until the active action completes
            if not state.in_action or self.ended is not None:
                return
            decision = self.minds[actor].choose(self, actor)
            if decision is None:
                yield self._sleep(actor)  # nothing to do until something changes
            elif isinstance(decision, Wait):
                yield self._alarm(decision.until, actor)
            else:
                self.initiate(actor, decision)
                self._initiate_again(actor)

    def _initiate_again(self, actor: str) -> None:
        """While a rule allows another initiation in this segment, ask the mind again (§3).

        An answer the clock or the rules refuse, ``None`` or a :class:`Wait` ends the segment's
        initiations: the character is then asked as it would have been without the question."""
        while self._may_initiate_again(actor):
            decision = self.minds[actor].choose(self, actor)
            if not isinstance(decision, Intent) or self.refused(actor, decision):
                return
            self.initiate_checked(actor, decision, self.rules.definition(decision.action))

    def _may_initiate_again(self, actor: str) -> bool:
        """Whether some action could still be initiated in this segment: a partner of every
        action initiated in it, or one a rule allows (``Rules.allowance``)."""
        state = self.state[actor]
        if not state.in_action or self.ended is not None or state.last_initiation != self.now:
            return False
        partners = [self.rules.partners(name) for name in state.initiated]
        return bool(frozenset.intersection(*partners)) or self._allowed(actor)

    def _allowed(self, actor: str) -> bool:
        return self.rules.allowance(self, actor) is not None

    def _alarm(self, segment: int, actor: str) -> simpy.Event:
        alarm = self.env.event()
        self.at(segment, Phase.INITIATE, actor, lambda: _trigger(alarm))
        return alarm

    def _sleep(self, actor: str) -> simpy.Event:
        wake = self.env.event()
        self._wakes[actor] = wake
        self._restless.add(actor)
        return wake

    def _earliest_initiation(self, state: CharacterState) -> int:
        """One initiation per segment (``rules/combat.md`` §3)."""
        earliest = max(self.now, state.surprised_until)
        if state.last_initiation is not None and state.last_initiation >= earliest:
            earliest = state.last_initiation + 1
        clock = self._clock
        if clock is None:
            return self._time.initiation_segment(earliest)
        return clock.character_initiation_segment(self, state.character_id, earliest)

    def _earliest_passive(self, state: CharacterState) -> int:
        """A passive action may start once ⌈PT/10⌉ of each running action has passed (§3)."""
        waits = [a.started_at + _passive_wait(a) for a in state.actions]
        return max([self._earliest_initiation(state), *waits])

    def wake(self, actor: str) -> None:
        """Let a sleeping ``actor`` with no active action choose at its next chance to initiate."""
        state = self.state[actor]
        wake = self._wakes.get(actor)
        if wake is None or state.active_action is not None:
            return
        del self._wakes[actor]
        self.at(self._earliest_initiation(state), Phase.INITIATE, actor, lambda: _trigger(wake))

    def _wake_everyone(self) -> None:
        """Every sleeping character with no active action, in id order, gets its chance to
        choose again (:meth:`wake`).

        Only sleepers can be woken, and a sleeper found busy here stays busy until an event of
        its own ends its active action (``ActionResolved``, ``ActionDropped``, ``OutOfAction``:
        the only ways ``CharacterState.actions`` loses one), which puts it back among the
        restless; so the busy are not looked at again on every completion."""
        restless = self._restless
        for actor in sorted(restless.intersection(self._wakes)):
            self.wake(actor)
            if actor in self._wakes:
                restless.discard(actor)  # asleep until its active action ends

    # -- the action lifecycle ------------------------------------------------------------

    def check_timing(self, actor: str, definition: ActionDefinition) -> str | None:
        """Why the clock forbids starting ``definition`` now, or ``None`` (§3, G-12)."""
        state = self.state[actor]
        if not state.in_action:
            return f"{actor} is {state.condition}"
        if self.now < state.surprised_until:
            return f"{actor} is surprised until segment {state.surprised_until}"
        again = state.last_initiation == self.now
        partnered = again and self._partnered(state, definition)
        allowed = again and not partnered and self._allowed(actor)
        if again and not (partnered or allowed):
            return "one initiation per segment"
        running = state.active_action
        if running is not None and not definition.is_passive and not self._beside(state, allowed):
            return f"{running.name} is in progress and {definition.name} is not passive"
        for action in state.actions:
            wait = _passive_wait(action)
            together = again and action.started_at == self.now  # started in this segment
            if definition.is_passive and self.now < action.started_at + wait and not together:
                return f"a passive action may start only {wait} segments into {action.name}"
        return None

    def _partnered(self, state: CharacterState, definition: ActionDefinition) -> bool:
        """Whether ``definition`` may start with every action initiated in this segment (its
        ``starts_with``, read both ways, §3): a jump in the segment a move starts."""
        partners = self.rules.partners(definition.name)
        return all(name in partners for name in state.initiated)

    def _beside(self, state: CharacterState, allowed: bool) -> bool:
        """An allowed initiation may be active beside the active actions started in this same
        segment (Double Action), never beside older ones."""
        actives = [a for a in state.actions if not a.definition.is_passive]
        return allowed and all(a.started_at == self.now for a in actives)

    def refused(self, actor: str, intent: Intent) -> list[str]:
        """Why ``intent`` may not start now: the clock's reason and the rules' (none: it may)."""
        definition = self.rules.definition(intent.action)
        reasons = [r for r in [self.check_timing(actor, definition)] if r]
        return reasons + self.rules.refusals(self, actor, intent)

    def initiate(self, actor: str, intent: Intent) -> ActionInProgress:
        """Start ``intent`` now: check, let the rules roll and decide, pay, schedule, push back."""
        reasons = self.refused(actor, intent)
        if reasons:
            raise ActionRefused(f"segment {self.now}: {actor} cannot {intent.action}: {reasons}")
        definition = self.rules.definition(intent.action)
        started = self.initiate_checked(actor, intent, definition)
        return started

    def initiate_checked(
        self, actor: str, intent: Intent, definition: ActionDefinition
    ) -> ActionInProgress:
        state = self.state[actor]
        in_progress = list(state.actions)
        initiation = self.rules.initiate(self, actor, intent, definition)
        self.emit(initiation.events)
        action = ActionInProgress(
            action_id=self._take_action_id(),
            definition=definition,
            intent=intent,
            started_at=self.now,
            completes_at=self._time.completion_segment(self.now, initiation.performance_time),
            prepared=dict(initiation.prepared),
        )
        self.state.stage(action)
        self.emit([self._started_event(actor, action)])
        self._schedule_completion(actor, action)
        self.pay(actor, action, initiation.charges, new_period=True)
        apart = self.defaults.G161_same_segment_pushback == "none"
        for running in in_progress:
            if apart and running.started_at == self.now:
                continue  # G-161: actions started together do not push each other back
            self.push_back(actor, running.action_id, 1, f"{definition.name} started")
        return action

    def _take_action_id(self) -> int:
        action_id = self._next_action_id
        self._next_action_id += 1
        return action_id

    def _started_event(self, actor: str, action: ActionInProgress) -> ActionStarted:
        definition = action.definition
        return ActionStarted(
            segment=self.now,
            character=actor,
            action=definition.name,
            action_id=action.action_id,
            target=action.intent.target,
            performance_time=action.performance_time,
            completes_at=action.completes_at,
            is_passive=definition.is_passive,
            is_sustained=definition.is_sustained,
        )

    def _schedule_completion(self, actor: str, action: ActionInProgress) -> None:
        run = lambda: self._complete(actor, action.action_id)  # noqa: E731
        self._entries[action.action_id] = self.at(action.completes_at, Phase.RESOLVE, actor, run)

    def push_back(self, actor: str, action_id: int, segments: int, reason: str) -> None:
        """Delay an action in progress by ``segments`` (``rules/combat.md`` §3, §8.2)."""
        action = self.state[actor].find_action(action_id)
        if action is None or segments <= 0:
            return
        self._entries.pop(action_id).cancel()
        event = PushedBack(
            segment=self.now,
            character=actor,
            action=action.name,
            action_id=action_id,
            segments=segments,
            completes_at=action.completes_at + segments,
            reason=reason,
        )
        self.emit([event])
        self._schedule_completion(actor, action)

    def drop(self, actor: str, action_id: int, reason: str) -> None:
        """End an action in progress without resolving it: dropped, or control lost (§3).

        Its completion is cancelled and nothing it prepared happens; EP already paid stays paid.
        """
        action = self.state[actor].find_action(action_id)
        if action is not None:
            self.emit([ActionDropped(self.now, actor, action.name, action_id, reason)])

    def push_back_all(self, actor: str, segments: int, reason: str) -> None:
        """Pushback from outside (a blow, a throwback): every action the victim has in progress."""
        for action in list(self.state[actor].actions):
            self.push_back(actor, action.action_id, segments, reason)

    def _complete(self, actor: str, action_id: int) -> None:
        self._entries.pop(action_id, None)
        state = self.state[actor]
        action = state.find_action(action_id)
        if action is None or not state.in_action:
            return
        events = self.rules.resolve(self, actor, action)
        self.emit(events)
        self.emit([self._resolved_event(actor, action)])
        for follow_up in self.rules.after(self, actor, action):
            self.emit(follow_up)
        hurt = sorted({str(getattr(e, "character", actor)) for e in events} | {actor})
        self.at(self.now, Phase.STATUS, actor, lambda: self._status(hurt))
        self._wake_everyone()

    def _resolved_event(self, actor: str, action: ActionInProgress) -> ActionResolved:
        outcome = str(action.prepared.get("outcome", "done"))
        return ActionResolved(
            segment=self.now,
            character=actor,
            action=action.name,
            action_id=action.action_id,
            target=action.intent.target,
            outcome=outcome,
        )

    # -- Endurance Points ----------------------------------------------------------------

    def pay(
        self,
        actor: str,
        action: ActionInProgress,
        charges: Iterable[Charge],
        *,
        new_period: bool = False,
    ) -> None:
        """Charge EP off the EP Use Chart (seed "EP Cost"); EP may go below zero (§10)."""
        if new_period:
            self._paid_this_period[action.action_id] = _NO_EP
        for charge in charges:
            amount = self.rules.ep_cost(charge.row)
            self._charge(actor, action, charge, amount)

    def _charge(
        self, actor: str, action: ActionInProgress, charge: Charge, amount: Fraction
    ) -> None:
        self._paid_this_period[action.action_id] = (
            self._paid_this_period.get(action.action_id, _NO_EP) + amount
        )
        after = self.state[actor].endurance_points - amount
        self.emit(
            [
                EndurancePaid(
                    segment=self.now,
                    character=actor,
                    action=action.name,
                    reason=charge.reason,
                    row=charge.row,
                    amount=amount,
                    endurance_after=after,
                )
            ]
        )

    def reroll_sustained(self, actor: str, action_id: int, row: int, *, full: bool = False) -> None:
        """A sustained action re-rolled to a new EP row (seed "EP Cost"; G-36).

        Only the difference above what was paid since the action started or the last Payment
        Segment is charged; ``full=True`` (the G-36 switch) charges the whole new cost, as the
        book's Example of Movement does.
        """
        action = self.state[actor].find_action(action_id)
        if action is None:
            return
        cost = self.rules.ep_cost(row)
        due = cost if full else cost - self._paid_this_period.get(action_id, _NO_EP)
        action.prepared = {**action.prepared, "ep_row": row}
        if due > 0:
            self._charge(actor, action, Charge(row, "re-roll"), due)

    def _schedule_payment(self) -> None:
        segment = self._time.next_payment_segment(self.now)
        self.agenda.add(segment, Phase.PAYMENT, "", self._payment_segment, label="payment")

    def _payment_segment(self) -> None:
        """G-33: every sustained action in progress pays its row again; status is checked.

        The rules see each sustained action first (``Rules.sustain``: a %Control roll per round,
        for one); an action they drop pays nothing more.
        """
        for state in self.state:
            for action in list(state.actions):
                if not action.definition.is_sustained:
                    continue
                self.emit(self.rules.sustain(self, state.character_id, action))
                if state.find_action(action.action_id) is not None:
                    row = int(action.prepared.get("ep_row", action.definition.ep_row))
                    self.pay(
                        state.character_id,
                        action,
                        [Charge(row, "payment segment")],
                        new_period=True,
                    )
            if state.in_action or state.condition == "unconscious":
                self.emit(self.rules.status_checks(self, state.character_id))
        self._check_end()
        if self.ended is None and self.agenda.next_segment() is not None:
            self._schedule_payment()

    # -- status and the end --------------------------------------------------------------

    def check_status_at(self, segment: int, actor: str) -> None:
        """Check ``actor``'s condition at ``segment`` even while it is out of action: a
        knock-out that ends then (a Nerve Pinch's rounds, §9) asks for one so the character
        can come to (:class:`~mands_sim.events.BackInAction`). Asked twice, one check."""
        key = (max(segment, self.now), actor)
        if key in self._status_due:
            return
        self._status_due.add(key)
        self.at(segment, Phase.STATUS, actor, lambda: self._status_of_the_fallen(key))

    def _status_of_the_fallen(self, key: tuple[int, str]) -> None:
        self._status_due.discard(key)
        actor = key[1]
        if self.state[actor].condition in ("active", "unconscious"):
            self.emit(self.rules.status_checks(self, actor))
        self._check_end()

    def _status(self, actors: list[str]) -> None:
        """Conditions are checked after every action that completes in the segment (§9, G-17)."""
        for actor in actors:
            if self.state[actor].in_action:
                self.emit(self.rules.status_checks(self, actor))
        self._check_end()

    def _check_end(self) -> None:
        """The first outcome condition, in order, that gives a verdict ends the encounter."""
        if self.ended is not None:
            return
        for condition in self.outcome_conditions:
            verdict = condition(self)
            if verdict is not None:
                self._end(verdict.winner, verdict.reason)
                return

    def _time_up(self) -> None:
        self._end(None, "time limit")

    def _end(self, winner: str | None, reason: str) -> None:
        event = EncounterEnded(segment=self.now, winner=winner, reason=reason)
        self.emit([event])
        self.ended = event


__all__ = [
    "ActionRefused",
    "Charge",
    "Encounter",
    "Initiation",
    "Mind",
    "Observer",
    "OutcomeCondition",
    "Rules",
    "Verdict",
    "side_out_of_action",
]
