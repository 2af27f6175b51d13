"""The kernel's invariants under random play (STYLE.md: ``RuleBasedStateMachine`` for combat).

A state machine drives one :class:`~mands_sim.kernel.encounter.Encounter` on synthetic rules (no
dice): characters are given actions of every kind (active or passive, single or sustained, any
Performance Time) to start as soon as the clock lets them or at once; actions are pushed back
and dropped; characters are surprised and knocked out; the clock advances. After every step:

* time never goes back (the clock, and the segments of logged events);
* nobody initiates twice in a segment, while surprised (``docs/rules/combat.md`` §2) or out of
  action; at most one active action runs at a time (§3) — except what the kernel allows: an action
  whose ``starts_with`` names each action already initiated in the segment (a jump with a move),
  and a second action, even a second active one, where a rule allows it (Double Action);
* the EP ledger is the sum of ``ep-paid`` events and EP = start − ledger (§1, seed "EP Cost");
* every started action ends at most once (resolved or dropped), never before it completes;
  no action in progress is overdue while the encounter goes on.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from fractions import Fraction

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    rule,
)

from mands_sim.actions import ActionDefinition, ActionInProgress, Intent, QualityAllocation, Wait
from mands_sim.conditions import ConditionDefinition
from mands_sim.events import (
    ActionDropped,
    ActionResolved,
    ActionStarted,
    ConditionEnded,
    ConditionImposed,
    EndurancePaid,
    Event,
    OutOfAction,
    PushedBack,
)
from mands_sim.kernel.contracts import ActionRefused, Charge, Initiation
from mands_sim.kernel.encounter import Encounter
from mands_sim.kernel.state import CharacterState

START_EP = Fraction(50)
CHARACTERS = {"ann": "heroes", "bea": "heroes", "cyd": "villains"}
# EP Use Chart rows the seed pins (docs/rules/charts.md §2): row 7 = 3 EP, row 8 = 4 EP, row 9 = 5
# EP.
EP_ROWS = {7: Fraction(3), 8: Fraction(4), 9: Fraction(5)}


RUN = ActionDefinition("run", 6, is_passive=True, is_sustained=True, ep_row=9)
"""A move-like action others may start with (``starts_with``)."""


def action_name(
    passive: bool, sustained: bool, performance_time: int, ep_row: int, with_run: bool = False
) -> str:
    kind = f"{'passive' if passive else 'active'}-{'sustained' if sustained else 'single'}"
    return f"{kind}-{performance_time}-{ep_row}{'-with-run' if with_run else ''}"


def definition(
    passive: bool, sustained: bool, pt: int, row: int, with_run: bool
) -> ActionDefinition:
    name = action_name(passive, sustained, pt, row, with_run)
    partners = frozenset({RUN.name}) if with_run else frozenset()
    return ActionDefinition(name, pt, passive, sustained, row, starts_with=partners)


action_definitions = st.one_of(
    st.just(RUN),
    st.builds(
        definition,
        st.booleans(),
        st.booleans(),
        st.integers(0, 60),
        st.sampled_from(sorted(EP_ROWS)),
        st.booleans(),
    ),
)
actors = st.sampled_from(sorted(CHARACTERS))


DAZED = ConditionDefinition("dazed", "starts nothing until it wears off", keeps_actions=True)
"""A condition that stops initiations and keeps what is under way, as surprise does."""


class RandomRules:
    """Rules with no dice: an action takes its listed PT and charges its row when it starts;
    sustained ones pay again at each Payment Segment (the kernel's G-33)."""

    def __init__(self) -> None:
        self.actions: dict[str, ActionDefinition] = {RUN.name: RUN}
        self.doubles: set[str] = set()
        """Characters a rule lets start two actions in a segment (as Double Action does)."""

    def definition(self, action: str) -> ActionDefinition:
        return self.actions[action]

    def refusals(self, encounter: Encounter, actor: str, intent: Intent) -> list[str]:
        return []

    def initiate(
        self, encounter: Encounter, actor: str, intent: Intent, definition: ActionDefinition
    ) -> Initiation:
        charges = (Charge(definition.ep_row, "start"),)
        return Initiation(definition.performance_time, charges=charges)

    def resolve(self, encounter: Encounter, actor: str, action: ActionInProgress) -> list[Event]:
        return []

    def after(
        self, encounter: Encounter, actor: str, action: ActionInProgress
    ) -> list[list[Event]]:
        return []

    def status_checks(self, encounter: Encounter, actor: str) -> list[Event]:
        return []

    def opening(self, encounter: Encounter) -> list[Event]:
        return []

    def sustain(self, encounter: Encounter, actor: str, action: ActionInProgress) -> list[Event]:
        return []

    def condition(self, name: str) -> ConditionDefinition:
        return {DAZED.name: DAZED}[name]

    def each_round(self, encounter: Encounter) -> list[list[Event]]:
        return []

    def bonus_pool(self, encounter: Encounter, actor: str, intent: Intent, purpose: str) -> int:
        return 0

    def quality_modifier(
        self, encounter: Encounter, actor: str, intent: Intent, purpose: str
    ) -> int:
        return 0

    def ep_cost(self, row: int) -> Fraction:
        return EP_ROWS[row]

    def partners(self, action: str) -> frozenset[str]:
        named = self.actions[action].starts_with
        return named | {name for name, d in self.actions.items() if action in d.starts_with}

    def allowance(self, encounter: Encounter, actor: str) -> str | None:
        doubling = actor in self.doubles and len(encounter.state[actor].initiated) < 2
        return "two at once" if doubling else None


class Puppet:
    """A mind that starts its planned actions in order, each as soon as the clock allows."""

    passive_actions = True

    def __init__(self) -> None:
        self.plan: list[Intent] = []

    def choose(self, encounter: Encounter, actor: str) -> Intent | Wait | None:
        if not self.plan:
            return None
        definition = encounter.rules.definition(self.plan[0].action)
        if encounter.check_timing(actor, definition) is None:
            return self.plan.pop(0)
        return Wait(encounter.now + 1)

    def allocate(
        self, encounter: Encounter, actor: str, intent: Intent, quality: int
    ) -> QualityAllocation:
        return QualityAllocation()


@dataclass
class LogChecker:
    """Reads the log once, in order, checking what each event may follow."""

    read: int = 0
    segment: int = 0
    held_until: dict[str, int] = field(default_factory=dict)
    out: set[str] = field(default_factory=set)
    initiations: dict[tuple[str, int], list[str]] = field(default_factory=dict)
    rules: RandomRules = field(default_factory=RandomRules)
    completes_at: dict[int, int] = field(default_factory=dict)
    ended: set[int] = field(default_factory=set)
    paid: dict[str, Fraction] = field(default_factory=lambda: defaultdict(Fraction))

    def check(self, log: list[Event]) -> None:
        for event in log[self.read :]:
            assert event.segment >= self.segment, f"time went back: {event}"
            self.segment = event.segment
            self._check(event)
        self.read = len(log)

    def _check(self, event: Event) -> None:
        if isinstance(event, ActionStarted):
            self._started(event)
        elif isinstance(event, PushedBack):
            assert event.action_id not in self.ended
            self.completes_at[event.action_id] = event.completes_at
        elif isinstance(event, ActionResolved | ActionDropped):
            self._ending(event)
        elif isinstance(event, EndurancePaid):
            self.paid[event.character] += event.amount
        elif isinstance(event, ConditionImposed):
            self.held_until[event.character] = event.until or 0
        elif isinstance(event, ConditionEnded):
            self.held_until.pop(event.character, None)
        elif isinstance(event, OutOfAction):
            self.out.add(event.character)

    def _started(self, event: ActionStarted) -> None:
        who = event.character
        before = self.initiations.setdefault((who, event.segment), [])
        partnered = all(name in self.rules.partners(event.action) for name in before)
        allowed = who in self.rules.doubles and len(before) < 2
        assert partnered or allowed, "two initiations in a segment"
        assert event.segment >= self.held_until.get(who, 0), "initiated while held"
        assert who not in self.out, "initiated while out of action"
        before.append(event.action)
        self.completes_at[event.action_id] = event.completes_at

    def _ending(self, event: ActionResolved | ActionDropped) -> None:
        assert event.action_id in self.completes_at, "ended before it started"
        assert event.action_id not in self.ended, "ended twice"
        self.ended.add(event.action_id)
        if isinstance(event, ActionResolved):
            assert event.segment == self.completes_at[event.action_id], "resolved off time"


class KernelMachine(RuleBasedStateMachine):
    """Random play on the kernel; the invariants above after every step."""

    def __init__(self) -> None:
        super().__init__()
        self.rules = RandomRules()
        self.minds = {actor: Puppet() for actor in CHARACTERS}
        states = [
            CharacterState(actor, side, None, 10, 10, START_EP)
            for actor, side in CHARACTERS.items()
        ]
        self.encounter = Encounter(states, rules=self.rules, minds=self.minds, time_limit=5000)
        self.until = 0
        self.now = 0
        self.checker = LogChecker(rules=self.rules)

    @initialize()
    def open_the_encounter(self) -> None:
        self.encounter.run(until=0)

    def _known(self, definition: ActionDefinition) -> Intent:
        self.rules.actions[definition.name] = definition
        return Intent(definition.name)

    @rule(actor=actors, definitions=st.lists(action_definitions, min_size=1, max_size=3))
    def plan_actions(self, actor: str, definitions: list[ActionDefinition]) -> None:
        self.minds[actor].plan.extend(self._known(definition) for definition in definitions)
        self.encounter.wake(actor)

    @rule(actor=actors, definition=action_definitions)
    def start_an_action_at_once(self, actor: str, definition: ActionDefinition) -> None:
        intent = self._known(definition)
        why_not = self.encounter.check_timing(actor, definition)
        try:
            self.encounter.initiate(actor, intent)
        except ActionRefused:
            assert why_not is not None
        else:
            assert why_not is None

    @rule(actor=actors)
    def learn_double_action(self, actor: str) -> None:
        """From now on a rule lets ``actor`` start two actions in a segment."""
        self.rules.doubles.add(actor)

    @rule(segments=st.integers(1, 40))
    def advance_the_clock(self, segments: int) -> None:
        self.until += segments
        self.encounter.run(until=self.until)

    def _pick(self, actor: str, index: int) -> ActionInProgress | None:
        actions = self.encounter.state[actor].actions
        return actions[index % len(actions)] if actions else None

    @rule(actor=actors, index=st.integers(0, 3), segments=st.integers(1, 10))
    def push_back_an_action(self, actor: str, index: int, segments: int) -> None:
        action = self._pick(actor, index)
        if action is not None:
            self.encounter.push_back(actor, action.action_id, segments, "a blow")

    @rule(actor=actors, index=st.integers(0, 3))
    def drop_an_action(self, actor: str, index: int) -> None:
        action = self._pick(actor, index)
        if action is not None:
            self.encounter.drop(actor, action.action_id, "changed plans")

    @rule(actor=actors, segments=st.integers(1, 30))
    def daze(self, actor: str, segments: int) -> None:
        now = self.encounter.now
        self.encounter.emit([ConditionImposed(now, actor, DAZED.name, None, until=now + segments)])

    @rule(actor=actors, chance=st.integers(0, 3))
    def knock_out(self, actor: str, chance: int) -> None:
        """Now and then, while both sides still stand (so the encounter mostly goes on)."""
        sides = self.encounter.state.sides_in_action()
        if chance == 3 and self.encounter.state[actor].in_action and len(sides) > 1:
            self.encounter.emit([OutOfAction(self.encounter.now, actor, "unconscious")])

    @invariant()
    def time_never_goes_back(self) -> None:
        assert self.encounter.now >= self.now
        self.now = self.encounter.now

    @invariant()
    def the_log_keeps_the_rules_of_time_and_the_ep_ledger(self) -> None:
        self.checker.check(self.encounter.log)
        for state in self.encounter.state:
            assert state.ep_spent == self.checker.paid[state.character_id]
            assert state.endurance_points == START_EP - state.ep_spent

    @invariant()
    def at_most_one_active_action_and_none_overdue(self) -> None:
        """One active action at a time, or two started together where a rule allows it."""
        for state in self.encounter.state:
            actives = [a for a in state.actions if not a.definition.is_passive]
            if state.character_id in self.rules.doubles:  # two, started together
                assert len(actives) <= 2 and len({a.started_at for a in actives}) <= 1
            else:
                assert len(actives) <= 1
            if self.encounter.ended is None:
                assert all(a.completes_at > self.encounter.now for a in state.actions)
            assert state.in_action or not state.actions


KernelMachine.TestCase.settings = settings(max_examples=60, stateful_step_count=30, deadline=None)
test_kernel_state_machine = KernelMachine.TestCase
