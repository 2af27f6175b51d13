"""One running encounter on a SimPy clock (DESIGN.md "Time and actions").

The :class:`Encounter` owns a ``simpy.Environment`` whose time unit is one segment, an
:class:`~mands_sim.kernel.agenda.Agenda` that fixes the order of everything in a segment, one
SimPy process per character, and the encounter state. Rules live in plugins: the kernel asks
its :class:`Rules` (backed by the plugin hooks) whether an action may start, how it starts
(rolls, Quality, costs, performance time) and what it does when it completes. The processes
are :mod:`mands_sim.kernel.lives`. The kernel itself enforces only the time rules of
``docs/rules/combat.md`` §1 and §3:

* when a character may initiate (one initiation per segment, passive actions, surprise, the
  exceptions of ``starts_with`` and ``Rules.allowance``): :mod:`mands_sim.kernel.initiation`;
  only when an exception applies is the mind asked again in the same segment;
* starting an action during others adds 1 segment of pushback to each of them (G-161: not to
  those started in the same segment);
* Endurance Point payments, per attempt, at every Payment Segment (G-33) and on a re-roll
  (G-36): :mod:`mands_sim.kernel.payment`;
* an action can end early without resolving (:meth:`Encounter.drop`).

What the kernel asks and is answered (:class:`Rules`, :class:`Mind`, :class:`Initiation` …)
lives in :mod:`mands_sim.kernel.contracts`; import those names from there.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterable, Mapping
from dataclasses import replace
from typing import Any

import simpy

from mands_sim.actions import ActionDefinition, ActionInProgress, Intent, Prepared
from mands_sim.charts.loading import Charts
from mands_sim.defaults import STANDARD_DEFAULTS, CoreDefaults, RuleDefaults
from mands_sim.dice import DiceSource
from mands_sim.errors import MandsSimError
from mands_sim.events import (
    OUT_OF_ACTION,
    ActionDropped,
    ActionResolved,
    ActionStarted,
    BackInAction,
    ConditionEnded,
    ConditionImposed,
    EncounterEnded,
    Event,
    OutOfAction,
    PushedBack,
)
from mands_sim.kernel import held
from mands_sim.kernel.abilities import CurrentAbilities
from mands_sim.kernel.agenda import Agenda, Entry, Phase
from mands_sim.kernel.contracts import (
    ActionRefused,
    Charge,
    FutureEnding,
    Mind,
    Observer,
    OutcomeCondition,
    Rules,
    side_out_of_action,
)
from mands_sim.kernel.initiation import timing_refusal
from mands_sim.kernel.lives import Lives
from mands_sim.kernel.payment import Payments
from mands_sim.kernel.state import CharacterState, EncounterState
from mands_sim.kernel.time import CharacterClock, SegmentTime, TimeModel, character_clock
from mands_sim.model.character import Character
from mands_sim.model.figured import FiguredAttributes
from mands_sim.model.sheet import Abilities
from mands_sim.rule_state import RuleState
from mands_sim.world import World


class Encounter:
    """A single encounter run: clock, agenda, processes, state and the action lifecycle.

    What a rule reads besides the methods below: ``state`` (every character's
    :class:`~mands_sim.kernel.state.CharacterState`, by id), ``log`` (the events so far),
    ``now`` (the segment), ``world`` (the map, or ``None``), ``defaults`` (the scenario's rule
    defaults, ``G..`` switches), ``minds`` (each character's policy) and ``rules`` (the kernel's
    view of the plugins' rules). Change nothing on it directly: return events."""

    def __init__(
        self,
        characters: Iterable[CharacterState],
        *,
        rules: Rules,
        minds: Mapping[str, Mind],
        time_model: TimeModel | None = None,
        time_limit: int = 3000,
        observers: Iterable[Observer] = (),
        dice: DiceSource | None = None,
        charts: Charts | None = None,
        defaults: RuleDefaults = STANDARD_DEFAULTS,
        context: Mapping[str, Any] | None = None,
        outcome_conditions: Iterable[OutcomeCondition] = (side_out_of_action,),
        world: World | None = None,
        kept: Iterable[RuleState[Any]] = (),
    ) -> None:
        self.env = simpy.Environment()
        self.agenda = Agenda()
        self.state = EncounterState(list(characters), kept)
        self.rules = rules
        self.minds = dict(minds)
        self.time = time_model or SegmentTime()
        self.time_limit = time_limit
        self.observers = list(observers)
        self._dice = dice
        self._charts = charts
        self.defaults = defaults
        self._streams: dict[str, DiceSource] = {}
        self.context = dict(context or {})
        self.outcome_conditions = tuple(outcome_conditions)
        self.world = world
        """The map (:class:`mands_sim.world.World`), or ``None`` for an encounter without one."""
        self.log: list[Event] = []
        self.log_index: object = None
        """The log's index by kind and character, kept here by :mod:`mands_sim.log_index`."""
        self.kept_answers: object = None
        """Answers kept while the log and the segment stay as they are
        (:func:`mands_sim.log_index.kept_answer`)."""
        self.ended: EncounterEnded | None = None
        self._next_action_id = 1
        self._entries: dict[int, Entry] = {}
        self.lives = Lives(self)
        """The characters' processes (:mod:`mands_sim.kernel.lives`)."""
        self.payments = Payments(self)
        """The EP ledger (:mod:`mands_sim.kernel.payment`)."""
        self._started = False
        self._status_due: set[tuple[int, str]] = set()
        self._ranks = tie_order(self.state.ids(), dice, defaults)
        self._resolving: int | None = None
        """The action whose resolution's events are being emitted: it ends resolved."""
        self._choosing = choosing_phase(defaults)
        self.current_abilities = CurrentAbilities(self)
        """The characters as they are now (:mod:`mands_sim.kernel.abilities`)."""
        self.running = False
        """Whether :meth:`run` is running the encounter (a policy may then play futures)."""
        self.future: FutureEnding | None = None
        """In a forked copy playing a future (:mod:`mands_sim.kernel.futures`): what ends it,
        at its horizon, at the encounter's end or on an error, never returning to the caller."""

    @property
    def dice(self) -> DiceSource:
        """The run's dice, every character's stream drawn from them (:meth:`dice_for`)."""
        if self._dice is None:
            raise MandsSimError("this encounter was built without dice")
        return self._dice

    @dice.setter
    def dice(self, dice: DiceSource) -> None:
        """A re-created encounter's dice, set before it runs (:mod:`mands_sim.kernel.snapshot`)."""
        self._dice = dice

    @property
    def charts(self) -> Charts:
        """The charts the rules read (the Action chart, the EP Use chart …)."""
        if self._charts is None:
            raise MandsSimError("this encounter was built without charts")
        return self._charts

    def need_world(self) -> World:
        """The map, for a rule that plays only on one (a run, a throw's landing): an encounter
        without one raises, naming what needed it."""
        if self.world is None:
            raise MandsSimError("this rule needs a map, and the encounter has none")
        return self.world

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
    def clock(self) -> CharacterClock | None:
        """The time model if it orders a segment and times each character, else ``None``."""
        return self._clock

    @property
    def choosing(self) -> Phase:
        """The phase characters choose in: :attr:`Phase.DECIDE`, all before anyone starts
        anything (G-228), unless the time model orders announcements (Simpler Combat)."""
        return Phase.INITIATE if self._clock is not None else self._choosing

    @property
    def now(self) -> int:
        """The current segment: SimPy's clock (``Environment.now``, read here from the value
        behind it: the rules ask the segment thousands of times a run)."""
        return int(self.env._now)

    def run(self, until: int | None = None) -> EncounterEnded | None:
        """Run to the end of the encounter, or until segment ``until``.

        Before anyone acts, the rules' opening events are applied: surprise is settled "just
        before fighting breaks out" (``docs/rules/combat.md`` §2). A later call continues where the
        last one stopped (everything at segments ≤ ``until`` has run), so a paused or
        re-created encounter (:mod:`mands_sim.kernel.snapshot`) can go on.
        """
        try:
            if not self._started:
                self._open()
            self.running = True
            driver = self.env.process(self._drive(until))
            self.env.run(until=driver)
        except BaseException as error:
            if self.future is not None:
                self.future.failed(error)
            raise
        finally:
            self.running = False
        if self.future is not None:
            if self.ended is None and until is not None:
                self.run()  # a future runs to its horizon whatever its original was asked
            self.future.reached(self)
        return self.ended

    def _open(self) -> None:
        """Opening events, one process per character, the first Payment Segment, the limit."""
        self._started = True
        self.emit(self.rules.opening(self))
        for state in self.state:
            self.lives.begin(state.character_id)
        self.payments.schedule_payment()
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
        return self.agenda.add(segment, phase, actor, run, tiebreak=order, rank=self.rank(actor))

    def ranked(self, actors: Iterable[str]) -> list[str]:
        """``actors`` in the encounter's tie-break order (:meth:`rank`)."""
        return sorted(actors, key=self.rank)

    def rank(self, actor: str) -> int:
        """``actor``'s place in the encounter's tie-break order (G-227): break ties between
        characters with it, never with their ids or the order a file lists them in.

        The order is drawn from the dice's own stream when the encounter is built; a character
        that joins later (a duplicate) comes after everyone there before it; ``""`` (the
        encounter's own bookkeeping) comes first."""
        if not actor:
            return -1
        ranks = self._ranks
        rank = ranks.get(actor)
        if rank is None:
            rank = ranks[actor] = len(ranks)
        return rank

    def dice_for(self, actor: str) -> DiceSource:
        """``actor``'s own dice substream (DESIGN.md "Keyed random substreams")."""
        stream = self._streams.get(actor)
        if stream is None:
            stream = self._streams[actor] = self.dice.substream(actor)
        return stream

    def character(self, actor: str) -> Character:
        """The frozen sheet-and-figures of ``actor`` as built, before play: its sheet's
        equipment, powers and skills. Read what changes in a fight through :meth:`current`,
        :meth:`figured` and :meth:`abilities`."""
        return self.state[actor].character

    def current(self, actor: str) -> Character:
        """``actor`` as it is now: as built, or figured again with the changes in force to its
        abilities and figured attributes (:mod:`mands_sim.kernel.abilities`)."""
        return self.current_abilities.character(actor)

    def figured(self, actor: str) -> FiguredAttributes:
        """``actor``'s figured attributes now (Hand Damage, Skin Temper, the Ability Rolls,
        the DP and EP maxima …)."""
        return self.current_abilities.character(actor).figured

    def abilities(self, actor: str) -> Abilities:
        """``actor``'s abilities now (Strength, Agility …)."""
        return self.current_abilities.character(actor).sheet.abilities

    # -- events --------------------------------------------------------------------------

    def emit(self, events: Iterable[Event]) -> None:
        """Apply each event to the state (the one place it changes) and tell the observers.

        A character going out of action first ends every action it has under way, each logged
        as an :class:`ActionDropped` (:data:`OUT_OF_ACTION`), so every action started ends in
        the log (:meth:`_end_actions_of`)."""
        for event in events:
            if isinstance(event, OutOfAction):
                self._end_actions_of(event.character)
            self._record(event)

    def _record(self, event: Event) -> None:
        """Apply one event, log it, tell the observers and follow it up on the agenda."""
        self.state.apply(event)
        self.log.append(event)
        for observer in self.observers:
            observer(event)
        if isinstance(event, ActionDropped):
            self.lives.restless.add(event.character)
            self._forget(event)
        elif isinstance(event, ActionResolved | OutOfAction):
            self.lives.restless.add(event.character)  # its active action may have ended
        elif isinstance(event, PushedBack):
            self._reschedule(event)
        elif isinstance(event, BackInAction):
            self.lives.come_back(event.character)
        elif isinstance(event, ConditionImposed):
            held.imposed(self, event)
        elif isinstance(event, ConditionEnded):
            held.freed(self, event)

    def _end_actions_of(self, actor: str) -> None:
        """A character going out of action ends every action it has under way (the kernel's
        own rule, ``docs/design.md``, "Every action ends in the log"; no rules text states it): each
        is logged as dropped, in the order they started, except the one resolving now, whose
        :class:`ActionResolved` follows."""
        for action in list(self.state[actor].actions):
            if action.action_id != self._resolving:
                self._record(
                    ActionDropped(self.now, actor, action.name, action.action_id, OUT_OF_ACTION)
                )

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
        """A dropped action will not complete; its character may choose again, unless it is
        going out of action."""
        entry = self._entries.pop(event.action_id, None)
        if entry is not None:
            entry.cancel()
        if event.reason != OUT_OF_ACTION:
            self.wake(event.character)

    def wake(self, actor: str) -> None:
        """Let a sleeping ``actor`` with no active action choose at its next chance to initiate
        (:meth:`~mands_sim.kernel.lives.Lives.wake`)."""
        self.lives.wake(actor)

    # -- the action lifecycle ------------------------------------------------------------

    def check_timing(self, actor: str, definition: ActionDefinition) -> str | None:
        """Why the clock forbids starting ``definition`` now, or ``None`` (§3, G-12;
        :func:`~mands_sim.kernel.initiation.timing_refusal`)."""
        return timing_refusal(self, actor, definition)

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
            definition=definition if initiation.own_rules else replace(definition, resolve=None),
            intent=intent,
            started_at=self.now,
            completes_at=self._time.completion_segment(self.now, initiation.performance_time),
            prepared=Prepared(initiation.prepared),
        )
        self.state.stage(action)
        self.emit([self._started_event(actor, action)])
        self._schedule_completion(actor, action)
        self.payments.pay(actor, action, initiation.charges, new_period=True)
        apart = self.defaults.of(CoreDefaults).G161_same_segment_pushback == "none"
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
        """Delay an action in progress by ``segments`` (``docs/rules/combat.md`` §3, §8.2)."""
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
        self._resolving = action_id
        self.emit(events)
        self._resolving = None
        self.emit([self._resolved_event(actor, action)])
        for follow_up in self.rules.after(self, actor, action):
            self.emit(follow_up)
        hurt = self.ranked({str(getattr(e, "character", actor)) for e in events} | {actor})
        self.at(self.now, Phase.STATUS, actor, lambda: self._status(hurt))
        self.lives.wake_everyone()

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

    # -- Endurance Points (:mod:`mands_sim.kernel.payment`) ------------------------------

    def pay(
        self,
        actor: str,
        action: ActionInProgress,
        charges: Iterable[Charge],
        *,
        new_period: bool = False,
    ) -> None:
        """Charge EP off the EP Use Chart (seed "EP Cost"); EP may go below zero (§10)."""
        self.payments.pay(actor, action, charges, new_period=new_period)

    def reroll_sustained(self, actor: str, action_id: int, row: int, *, full: bool = False) -> None:
        """A sustained action re-rolled to a new EP row: the difference is paid (G-36)."""
        self.payments.reroll_sustained(actor, action_id, row, full=full)

    # -- status and the end --------------------------------------------------------------

    def check_status_at(self, segment: int, actor: str) -> None:
        """Check ``actor``'s condition at ``segment`` even while it is out of action: a
        knock-out that ends then (a timed knock-out's rounds, §9) asks for one so the character
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
        self.check_end()

    def _status(self, actors: list[str]) -> None:
        """Conditions are checked after every action that completes in the segment (§9, G-17)."""
        for actor in actors:
            if self.state[actor].in_action:
                self.emit(self.rules.status_checks(self, actor))
        self.check_end()

    def check_end(self) -> None:
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


TIE_STREAM = "~tiebreak"
"""The dice stream the tie-break order is drawn from (no character id starts with ``~``)."""


def choosing_phase(defaults: RuleDefaults) -> Phase:
    """G-228: choices made together in :attr:`Phase.DECIDE`, or in turn in ``INITIATE``."""
    simultaneous = defaults.of(CoreDefaults).G228_same_segment_decisions == "simultaneous"
    return Phase.DECIDE if simultaneous else Phase.INITIATE


def tie_order(
    ids: Iterable[str], dice: DiceSource | None, defaults: RuleDefaults
) -> dict[str, int]:
    """Each character's rank (G-227): the ids, sorted so that no listing order counts, then put
    in an order drawn from the dice ('dice') or left sorted ('id', or no dice)."""
    order = sorted(ids)
    if dice is not None and defaults.of(CoreDefaults).G227_tie_order == "dice":
        order = dice.substream(TIE_STREAM).shuffled(order)
    return {actor: rank for rank, actor in enumerate(order)}


__all__ = ["TIE_STREAM", "Encounter", "choosing_phase", "tie_order"]
