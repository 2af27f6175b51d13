"""The kernel's time rules on synthetic actions (`docs/rules/combat.md` §1, §3; seed "Making
Rolls")."""

from __future__ import annotations

from collections.abc import Generator, Mapping
from fractions import Fraction
from typing import Any

import pytest
import simpy

from mands_sim.actions import ActionDefinition, ActionInProgress, Intent, Wait
from mands_sim.conditions import ConditionDefinition
from mands_sim.defaults import STANDARD_DEFAULTS
from mands_sim.dice import ScriptedDice, SeededDice
from mands_sim.events import (
    OUT_OF_ACTION,
    ActionDropped,
    ActionResolved,
    ActionStarted,
    ConditionImposed,
    Event,
    OutOfAction,
    PushedBack,
)
from mands_sim.kernel.agenda import Phase
from mands_sim.kernel.contracts import ActionRefused, Charge, Initiation
from mands_sim.kernel.encounter import Encounter
from mands_sim.kernel.state import CharacterState

ACTIONS = {
    "rifle-shot": ActionDefinition("rifle-shot", performance_time=15, ep_row=9),
    "run": ActionDefinition("run", performance_time=6, is_passive=True, ep_row=9),
    "spell": ActionDefinition("spell", performance_time=50, is_passive=True, ep_row=9),
    "lift": ActionDefinition("lift", performance_time=10, is_sustained=True, ep_row=7),
    "leap": ActionDefinition(
        "leap", performance_time=6, is_passive=True, ep_row=9, starts_with=frozenset({"run"})
    ),
}
# EP Use Chart rows the seed pins (docs/rules/charts.md §2): row 7 = 3 EP, row 8 = 4 EP, row 9 = 5
# EP.
EP_ROWS = {7: Fraction(3), 8: Fraction(4), 9: Fraction(5)}


class SyntheticRules:
    """Rules with no dice: every action takes its listed PT and charges its row once."""

    def definition(self, action: str) -> ActionDefinition:
        return ACTIONS[action]

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

    def bonus_pool(self, encounter: Encounter, actor: str, intent: Intent, purpose: str) -> int:
        return 0

    def quality_modifier(
        self, encounter: Encounter, actor: str, intent: Intent, purpose: str
    ) -> int:
        return 0

    opening_events: tuple[Event, ...] = ()
    drop_sustained_at: int | None = None

    def opening(self, encounter: Encounter) -> list[Event]:
        return list(self.opening_events)

    def sustain(self, encounter: Encounter, actor: str, action: ActionInProgress) -> list[Event]:
        if encounter.now == self.drop_sustained_at:
            return [ActionDropped(encounter.now, actor, action.name, action.action_id, "control")]
        return []

    def ep_cost(self, row: int) -> Fraction:
        return EP_ROWS[row]

    conditions: Mapping[str, ConditionDefinition] = {}

    def condition(self, name: str) -> ConditionDefinition:
        return self.conditions[name]

    def each_round(self, encounter: Encounter) -> list[list[Event]]:
        return []

    allowed_initiations = 1
    """How many initiations a segment allows (2: a rule like Double Action allows a second)."""

    def partners(self, action: str) -> frozenset[str]:
        named = ACTIONS[action].starts_with
        return named | {name for name, d in ACTIONS.items() if action in d.starts_with}

    def allowance(self, encounter: Encounter, actor: str) -> str | None:
        initiated = encounter.state[actor].initiated
        return "two at once" if len(initiated) < self.allowed_initiations else None


class Script:
    """A mind that starts each planned action as soon as the clock lets it, in plan order."""

    passive_actions = True

    def __init__(self, plan: Mapping[int, str]) -> None:
        self.plan = dict(plan)

    def choose(self, encounter: Encounter, actor: str) -> Intent | Wait | None:
        due = [segment for segment in self.plan if segment <= encounter.now]
        if due:
            return Intent(self.plan.pop(min(due)))
        later = [segment for segment in self.plan if segment > encounter.now]
        return Wait(min(later)) if later else None


def character(actor: str, side: str = "a") -> CharacterState:
    return CharacterState(actor, side, None, 10, 10, Fraction(50))


def run(plan: Mapping[int, str], *, until: int = 200) -> Encounter:
    encounter = Encounter(
        [character("maria"), character("foe", "b")],
        rules=SyntheticRules(),
        minds={"maria": Script(plan), "foe": Script({})},
        time_limit=until,
    )
    encounter.run()
    return encounter


def of(encounter: Encounter, kind: type[Event]) -> list[Event]:
    return [event for event in encounter.log if isinstance(event, kind)]


def test_passive_action_waits_a_tenth_of_the_running_performance_time() -> None:
    """Seed "Passive Actions": Maria fires her rifle (PT 15) on segment 39; she can't start a
    passive action until 2 segments later, segment 41."""
    encounter = run({39: "rifle-shot", 40: "run"}, until=100)
    starts = [(e.segment, e.action) for e in of(encounter, ActionStarted)]  # type: ignore[attr-defined]
    assert starts == [(39, "rifle-shot"), (41, "run")]


def test_refused_passive_start_names_the_wait() -> None:
    encounter = Encounter(
        [character("maria")], rules=SyntheticRules(), minds={"maria": Script({})}, time_limit=10
    )
    encounter.initiate("maria", Intent("rifle-shot"))
    encounter.env.run(until=1)
    with pytest.raises(ActionRefused, match="2 segments into rifle-shot"):
        encounter.initiate("maria", Intent("run"))


def test_spells_can_be_started_during_a_long_spell() -> None:
    """Seed "Passive Actions": Cerest-Ranon casts a 50-segment spell and may start another 5
    segments later: fly on segment 23, night vision on 28."""
    encounter = run({23: "spell", 28: "spell"}, until=200)
    starts = [e.segment for e in of(encounter, ActionStarted)]
    assert starts == [23, 28]


def test_starting_an_action_pushes_back_every_action_in_progress() -> None:
    """Seed "Passive Actions": starting an action during another's Performance Time adds 1 to
    the Performance Time of the action in progress (its Pushback)."""
    encounter = run({39: "rifle-shot", 41: "run"}, until=100)
    (push,) = of(encounter, PushedBack)
    assert (push.segment, push.completes_at) == (41, 55)  # type: ignore[attr-defined]
    resolved = {e.action: e.segment for e in of(encounter, ActionResolved)}  # type: ignore[attr-defined]
    assert resolved == {"rifle-shot": 55, "run": 47}


def test_no_active_action_starts_while_another_is_in_progress() -> None:
    """Seed "Initiating Actions": no action except passive ones while another is in progress."""
    with pytest.raises(ActionRefused, match="rifle-shot is in progress"):
        run({39: "rifle-shot", 45: "rifle-shot"}, until=100)


def test_an_active_action_may_start_during_a_passive_one() -> None:
    """G-12 (Sun-Ruler's Power Example): the ban applies only while an active action runs."""
    encounter = run({1: "spell", 6: "rifle-shot"}, until=100)
    assert [e.segment for e in of(encounter, ActionStarted)] == [1, 6]


def test_one_initiation_per_segment() -> None:
    encounter = Encounter(
        [character("maria")], rules=SyntheticRules(), minds={"maria": Script({})}, time_limit=10
    )
    encounter.initiate("maria", Intent("spell"))
    with pytest.raises(ActionRefused, match="one initiation per segment"):
        encounter.initiate("maria", Intent("spell"))


def test_time_limit_ends_the_encounter_without_a_winner() -> None:
    encounter = run({}, until=120)
    assert encounter.ended is not None
    assert (encounter.ended.segment, encounter.ended.winner) == (120, None)


class TenSegmentTurns:
    """A stand-in for Simpler Combat's clock: actions start and complete on multiples of 10."""

    name = "turns"

    def initiation_segment(self, earliest: int) -> int:
        return -(-earliest // 10) * 10

    def completion_segment(self, start: int, performance_time: int) -> int:
        return start + max(1, performance_time // 10) * 10

    def next_payment_segment(self, after: int) -> int:
        return (after // 50 + 1) * 50


def test_the_time_model_is_replaceable() -> None:
    """DESIGN.md seam: another clock decides where actions start and complete."""
    encounter = Encounter(
        [character("maria"), character("foe", "b")],
        rules=SyntheticRules(),
        minds={"maria": Script({0: "rifle-shot", 13: "rifle-shot"}), "foe": Script({})},
        time_model=TenSegmentTurns(),
        time_limit=100,
    )
    encounter.run()
    starts = [(e.segment, e.completes_at) for e in of(encounter, ActionStarted)]  # type: ignore[attr-defined]
    assert starts == [(0, 10), (20, 30)]  # wanted on 13, started on the next turn


DAZED = ConditionDefinition("dazed", "starts nothing until it wears off", keeps_actions=True)


def test_a_held_character_initiates_when_its_condition_wears_off() -> None:
    """As in the Lariat example (``docs/rules/combat.md`` §2: surprised 8 segments, 5 bought
    down, she acts on segment 3): a condition until segment 3 imposed by the opening hook,
    before anyone chooses, holds her first start until then."""
    rules = SyntheticRules()
    rules.conditions = {DAZED.name: DAZED}
    rules.opening_events = (ConditionImposed(0, "maria", DAZED.name, None, until=3),)
    encounter = Encounter(
        [character("maria"), character("foe", "b")],
        rules=rules,
        minds={"maria": Script({0: "rifle-shot"}), "foe": Script({})},
        time_limit=40,
    )
    encounter.run()
    assert [e.segment for e in of(encounter, ActionStarted)] == [3]


def test_a_held_character_is_refused_with_the_segment_it_may_act() -> None:
    rules = SyntheticRules()
    rules.conditions = {DAZED.name: DAZED}
    encounter = Encounter(
        [character("maria")], rules=rules, minds={"maria": Script({})}, time_limit=10
    )
    encounter.emit([ConditionImposed(0, "maria", DAZED.name, None, until=4)])
    with pytest.raises(ActionRefused, match="maria is dazed until segment 4"):
        encounter.initiate("maria", Intent("spell"))


def test_a_dropped_action_never_resolves_and_frees_the_character() -> None:
    encounter = Encounter(
        [character("maria"), character("foe", "b")],
        rules=SyntheticRules(),
        minds={"maria": Script({0: "rifle-shot", 5: "rifle-shot"}), "foe": Script({})},
        time_limit=40,
    )
    encounter.env.process(_drop_at(encounter, segment=3))
    encounter.run()
    assert [e.action_id for e in of(encounter, ActionDropped)] == [1]  # type: ignore[attr-defined]
    assert [e.action_id for e in of(encounter, ActionResolved)] == [2]  # type: ignore[attr-defined]
    assert [e.segment for e in of(encounter, ActionStarted)] == [0, 5]


def _drop_at(encounter: Encounter, *, segment: int) -> Generator[simpy.Event, Any, None]:
    yield encounter.env.timeout(segment)
    encounter.drop("maria", 1, "changed her mind")


def _knock_out_at(encounter: Encounter, *, segment: int) -> Generator[simpy.Event, Any, None]:
    yield encounter.env.timeout(segment)
    encounter.emit([OutOfAction(encounter.now, "maria", "unconscious")])


def test_going_out_of_action_logs_each_action_under_way_as_dropped_first() -> None:
    """Maria fires (PT 15) on segment 0 and starts a run beside it on 2; knocked out on 4, both
    end in the log, dropped, before she is out of action, and neither resolves."""
    encounter = Encounter(
        [character("maria"), character("foe", "b")],
        rules=SyntheticRules(),
        minds={"maria": Script({0: "rifle-shot", 2: "run"}), "foe": Script({})},
        time_limit=40,
    )
    encounter.env.process(_knock_out_at(encounter, segment=4))
    encounter.run()
    ends = [e for e in encounter.log if isinstance(e, ActionDropped | OutOfAction)]
    assert [(type(e).__name__, getattr(e, "action_id", None)) for e in ends] == [
        ("ActionDropped", 1),
        ("ActionDropped", 2),
        ("OutOfAction", None),
    ]
    assert {e.reason for e in of(encounter, ActionDropped)} == {OUT_OF_ACTION}  # type: ignore[attr-defined]
    assert not of(encounter, ActionResolved)
    assert encounter.state["maria"].actions == []


class SelfKnockingRules(SyntheticRules):
    """A rifle shot that knocks its shooter out when it goes off (a backfire)."""

    def resolve(self, encounter: Encounter, actor: str, action: ActionInProgress) -> list[Event]:
        if action.name != "rifle-shot":
            return []
        return [OutOfAction(encounter.now, actor, "unconscious")]


def test_an_action_whose_own_resolution_puts_its_actor_out_ends_resolved_once() -> None:
    """The shot resolves (its effects happened); the spell still under way is dropped."""
    encounter = Encounter(
        [character("maria"), character("foe", "b")],
        rules=SelfKnockingRules(),
        minds={"maria": Script({0: "rifle-shot", 2: "spell"}), "foe": Script({})},
        time_limit=40,
    )
    encounter.run()
    assert [e.action_id for e in of(encounter, ActionResolved)] == [1]  # type: ignore[attr-defined]
    assert [e.action_id for e in of(encounter, ActionDropped)] == [2]  # type: ignore[attr-defined]


def test_idle_since_tracks_when_the_character_last_had_nothing_in_progress() -> None:
    encounter = run({0: "rifle-shot"}, until=40)
    assert encounter.state["maria"].idle_since == 15
    assert encounter.state["foe"].idle_since == 0


def test_a_passive_action_waits_a_tenth_of_a_sustained_actions_own_pt() -> None:
    """A run (PT 6, sustained) scheduled to last 200 segments lets a passive action start after
    ⌈6/10⌉ = 1 segment, not after a tenth of the whole run."""
    ACTIONS["long-run"] = ActionDefinition(
        "long-run", performance_time=6, is_passive=True, is_sustained=True, ep_row=7
    )
    try:
        encounter = Encounter(
            [character("maria")], rules=LongRules(), minds={"maria": Script({})}, time_limit=300
        )
        encounter.initiate("maria", Intent("long-run"))
        encounter.env.run(until=1)
        assert encounter.check_timing("maria", ACTIONS["run"]) is None
    finally:
        del ACTIONS["long-run"]


class LongRules(SyntheticRules):
    """A long-run lasts 200 segments (a run to a far place)."""

    def initiate(
        self, encounter: Encounter, actor: str, intent: Intent, definition: ActionDefinition
    ) -> Initiation:
        time = 200 if definition.name == "long-run" else definition.performance_time
        return Initiation(time, charges=(Charge(definition.ep_row, "start"),))


# -- more than one initiation in a segment (§3's exceptions) ---------------------------------


class Queue:
    """A mind that starts its queued actions in order, each as soon as it is allowed (waiting a
    segment at a time until then), and records every question."""

    passive_actions = True

    def __init__(self, *actions: str) -> None:
        self.queue = list(actions)
        self.asked: list[int] = []

    def choose(self, encounter: Encounter, actor: str) -> Intent | Wait | None:
        self.asked.append(encounter.now)
        if not self.queue:
            return None
        intent = Intent(self.queue[0])
        if encounter.refused(actor, intent):
            return Wait(encounter.now + 1)
        return Intent(self.queue.pop(0))


def queued(*actions: str, rules: SyntheticRules | None = None, until: int = 30) -> Encounter:
    encounter = Encounter(
        [character("maria"), character("foe", "b")],
        rules=rules or SyntheticRules(),
        minds={"maria": Queue(*actions), "foe": Script({})},
        time_limit=until,
    )
    encounter.run()
    return encounter


def starts(encounter: Encounter) -> list[tuple[int, str]]:
    return [(e.segment, e.action) for e in of(encounter, ActionStarted)]  # type: ignore[attr-defined]


def test_a_partner_named_in_starts_with_starts_in_the_same_segment() -> None:
    """Seed "Jump Roll": a jump "can be started on the same segment as Move is started": a leap
    whose ``starts_with`` names the run starts with it on segment 0, without the passive wait
    (⌈6/10⌉ = 1 segment) of an action started in the same segment."""
    encounter = queued("run", "leap")
    assert starts(encounter)[:2] == [(0, "run"), (0, "leap")]


def test_the_mind_is_asked_again_only_when_another_initiation_is_possible() -> None:
    """After a rifle shot (no partner, no rule allowing more) the mind is not asked again on
    segment 0 (next on 2, ⌈15/10⌉ in); after a run (the leap may join it) it is, and its
    answer (a Wait: the spell may not start yet) ends the segment's initiations."""
    shot = queued("rifle-shot", until=5)
    assert shot.minds["maria"].asked[:2] == [0, 2]  # type: ignore[attr-defined]
    run = queued("run", "spell", until=5)
    assert run.minds["maria"].asked[:3] == [0, 0, 1]  # type: ignore[attr-defined]
    assert starts(run) == [(0, "run"), (1, "spell")]


def test_a_rules_allowance_lets_two_active_actions_start_together() -> None:
    """``Rules.allowance`` (Double Action): two rifle shots start on segment 0 and run beside
    each other; a third is refused (the allowance is for two); neither pushes the other back
    (G-161)."""
    rules = SyntheticRules()
    rules.allowed_initiations = 2
    encounter = queued("rifle-shot", "rifle-shot", "rifle-shot", rules=rules, until=20)
    assert starts(encounter)[:2] == [(0, "rifle-shot"), (0, "rifle-shot")]
    resolved = [(e.segment, e.action) for e in of(encounter, ActionResolved)]  # type: ignore[attr-defined]
    assert resolved[:2] == [(15, "rifle-shot"), (15, "rifle-shot")]
    assert of(encounter, PushedBack) == []
    assert starts(encounter)[2] == (15, "rifle-shot")


def test_an_allowance_never_puts_an_active_action_beside_an_older_one() -> None:
    rules = SyntheticRules()
    rules.allowed_initiations = 2
    encounter = Encounter(
        [character("maria")], rules=rules, minds={"maria": Script({})}, time_limit=30
    )
    encounter.initiate("maria", Intent("rifle-shot"))
    encounter.env.run(until=3)
    encounter.initiate("maria", Intent("run"))
    with pytest.raises(ActionRefused, match="rifle-shot is in progress"):
        encounter.initiate("maria", Intent("rifle-shot"))


def test_g161_push_makes_actions_started_together_push_each_other_back() -> None:
    """G-161 switched to ``push``: the leap started with the run pushes it back 1 segment."""
    encounter = Encounter(
        [character("maria")],
        rules=SyntheticRules(),
        minds={"maria": Queue("run", "leap")},
        time_limit=10,
        defaults=STANDARD_DEFAULTS.with_overrides({"G161_same_segment_pushback": "push"}),
    )
    encounter.run()
    assert [(e.segment, e.action) for e in of(encounter, PushedBack)] == [(0, "run")]  # type: ignore[attr-defined]


# -- the tie-break order (G-227) ------------------------------------------------------------


def ranked_encounter(ids: list[str], dice: Any, **overrides: str) -> Encounter:
    return Encounter(
        [character(who) for who in ids],
        rules=SyntheticRules(),
        minds={who: Script({}) for who in ids},
        dice=dice,
        defaults=STANDARD_DEFAULTS.with_overrides(overrides),
    )


def order_of(encounter: Encounter) -> list[str]:
    return encounter.ranked(encounter.state.ids())


def test_the_tie_order_is_drawn_from_the_dice_not_the_ids() -> None:
    ids = ["ash", "birch", "cedar"]
    orders = {tuple(order_of(ranked_encounter(ids, SeededDice(seed)))) for seed in range(60)}
    assert len(orders) == 6  # every order of three turns up: no name always goes first


def test_the_tie_order_is_the_same_for_a_seed_whatever_the_listing() -> None:
    ids = ["ash", "birch", "cedar"]
    for seed in range(10):
        listed = order_of(ranked_encounter(ids, SeededDice(seed)))
        assert order_of(ranked_encounter(ids[::-1], SeededDice(seed))) == listed


def test_g227_id_order_and_scripted_dice_keep_the_ids_sorted() -> None:
    ids = ["cedar", "ash", "birch"]
    by_id = ranked_encounter(ids, SeededDice(4), G227_tie_order="id")
    scripted = ranked_encounter(ids, ScriptedDice([]))
    assert order_of(by_id) == order_of(scripted) == ["ash", "birch", "cedar"]


def test_the_agenda_runs_tied_characters_in_rank_order() -> None:
    encounter = ranked_encounter(["ash", "birch", "cedar"], SeededDice(11))
    ran: list[str] = []
    for who in ("ash", "birch", "cedar"):
        encounter.at(0, Phase.RESOLVE, who, lambda who=who: ran.append(who))
    while (entry := encounter.agenda.pop()) is not None:
        entry.run()
    assert ran == order_of(encounter)


def test_the_segment_is_simpys_clock() -> None:
    """``Encounter.now`` reads the value behind SimPy's ``Environment.now`` (the rules ask it
    thousands of times a run): it must follow the clock however it is moved."""
    encounter = Encounter(
        [character("maria"), character("foe", "b")],
        rules=SyntheticRules(),
        minds={"maria": Script({}), "foe": Script({})},
        time_limit=100,
    )
    assert encounter.now == encounter.env.now == 0
    encounter.env.run(until=7)
    assert encounter.now == encounter.env.now == 7 and isinstance(encounter.now, int)
