"""What the kernel does for any condition (``mands_sim.kernel.held``): it stops its character,
wears off at its ``until``, and is broken out of by its ``break_out`` once a round."""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from mands_sim.actions import Intent
from mands_sim.conditions import (
    BROKE_OUT,
    WORE_OFF,
    ConditionDefinition,
    end_condition,
    lasting_until,
    under,
)
from mands_sim.events import (
    ActionDropped,
    ActionResolved,
    ActionStarted,
    ConditionEnded,
    ConditionImposed,
    Event,
)
from mands_sim.kernel.contracts import ActionRefused
from mands_sim.kernel.encounter import Encounter
from mands_sim.kernel.held import FOREVER, held_until
from mands_sim.kernel.time import SegmentTime
from tests.test_kernel_encounter import Script, SyntheticRules, character


def tries_until(rounds: int) -> ConditionDefinition:
    """A condition broken out of at the ``rounds``-th attempt (no dice: the kernel's part)."""
    attempts: list[int] = []

    def break_out(encounter: Encounter, who: str, imposed: ConditionImposed) -> list[Event]:
        attempts.append(encounter.now)
        if len(attempts) < rounds:
            return []
        return end_condition(encounter, who, imposed.condition, BROKE_OUT)

    return ConditionDefinition("encased", "cannot act", break_out=break_out)


class HeldRules(SyntheticRules):
    def __init__(self, *conditions: ConditionDefinition, opening: tuple[Event, ...] = ()):
        self.conditions: Mapping[str, ConditionDefinition] = {c.name: c for c in conditions}
        self.opening_events = opening


def encounter_of(rules: HeldRules, plan: Mapping[int, str], until: int = 100) -> Encounter:
    return Encounter(
        [character("maria"), character("foe", "b")],
        rules=rules,
        minds={"maria": Script(plan), "foe": Script({})},
        time_limit=until,
    )


def of(encounter: Encounter, kind: type[Event]) -> list[Event]:
    return [event for event in encounter.log if isinstance(event, kind)]


ENCASED = ConditionDefinition("encased", "cannot act")


def test_a_stopping_condition_holds_the_character_until_it_wears_off() -> None:
    imposed = ConditionImposed(0, "maria", "encased", "foe", until=30)
    encounter = encounter_of(HeldRules(ENCASED, opening=(imposed,)), {1: "rifle-shot"})
    encounter.run()
    (ended,) = of(encounter, ConditionEnded)
    assert (ended.segment, ended.reason) == (30, WORE_OFF)  # type: ignore[attr-defined]
    starts = [(e.segment, e.action) for e in of(encounter, ActionStarted)]  # type: ignore[attr-defined]
    assert starts == [(30, "rifle-shot")]
    assert under(encounter, "maria", "encased") is None


def test_a_held_character_is_refused_with_the_condition_named() -> None:
    """The refusal names the condition and, when it wears off, the segment it does."""
    imposed = ConditionImposed(0, "maria", "encased", "foe", until=30)
    encounter = encounter_of(HeldRules(ENCASED, opening=(imposed,)), {})
    encounter.run(until=5)
    assert encounter.refused("maria", Intent("rifle-shot")) == ["maria is encased until segment 30"]
    with pytest.raises(ActionRefused, match="maria is encased"):
        encounter.initiate("maria", Intent("run"))


def test_imposing_a_stopping_condition_drops_every_action_under_way() -> None:
    encounter = encounter_of(HeldRules(ENCASED), {1: "spell", 2: "rifle-shot"})
    encounter.run(until=5)
    encounter.emit([ConditionImposed(5, "maria", "encased", "foe", until=40)])
    dropped = [(e.action, e.reason) for e in of(encounter, ActionDropped)]  # type: ignore[attr-defined]
    assert dropped == [("spell", "encased"), ("rifle-shot", "encased")]
    assert encounter.state["maria"].actions == []


def test_a_condition_that_keeps_actions_lets_them_finish_and_holds_only_new_starts() -> None:
    """``keeps_actions`` (surprise, a paralysing horror): the rifle shot started on 2 resolves on
    17 as planned; the shot wanted on 20 waits until the condition wears off on 40."""
    startled = ConditionDefinition("startled", "starts nothing", keeps_actions=True)
    encounter = encounter_of(HeldRules(startled), {2: "rifle-shot", 20: "rifle-shot"})
    encounter.run(until=5)
    encounter.emit([ConditionImposed(5, "maria", "startled", None, until=40)])
    encounter.run(until=60)
    assert of(encounter, ActionDropped) == []
    resolved = [(e.segment, e.action) for e in of(encounter, ActionResolved)]  # type: ignore[attr-defined]
    assert resolved[0] == (17, "rifle-shot")
    starts = [e.segment for e in of(encounter, ActionStarted)]
    assert starts == [2, 40]


def test_a_mark_that_does_not_stop_leaves_the_character_acting() -> None:
    dazed = ConditionDefinition("dazed", "a mark other rules read", stops_actions=False)
    imposed = ConditionImposed(0, "maria", "dazed", None, until=50)
    encounter = encounter_of(HeldRules(dazed, opening=(imposed,)), {1: "rifle-shot"})
    encounter.run()
    assert [e.segment for e in of(encounter, ActionStarted)] == [1]


def test_a_condition_without_an_end_holds_until_the_break_out_frees_the_character() -> None:
    """Broken out at the third attempt: the third Payment Segment; the character acts then."""
    definition = tries_until(3)
    imposed = ConditionImposed(0, "maria", "encased", "foe")
    rules = HeldRules(definition, opening=(imposed,))
    encounter = encounter_of(rules, {1: "rifle-shot"}, until=400)
    encounter.run(until=5)
    assert held_until(encounter, encounter.state["maria"]) == FOREVER
    encounter.run()
    third = SegmentTime().next_payment_segment(0)
    for _ in range(2):
        third = SegmentTime().next_payment_segment(third)
    (ended,) = of(encounter, ConditionEnded)
    assert (ended.segment, ended.reason) == (third, BROKE_OUT)  # type: ignore[attr-defined]
    assert [e.segment for e in of(encounter, ActionStarted)] == [third]


def test_a_condition_imposed_again_replaces_the_first_and_its_wearing_off() -> None:
    first = ConditionImposed(0, "maria", "encased", "foe", until=10)
    encounter = encounter_of(HeldRules(ENCASED, opening=(first,)), {1: "rifle-shot"})
    encounter.run(until=5)
    encounter.emit([ConditionImposed(5, "maria", "encased", "foe", until=25)])
    encounter.run()
    assert [e.segment for e in of(encounter, ConditionEnded)] == [25]
    assert [e.segment for e in of(encounter, ActionStarted)] == [25]


@pytest.mark.parametrize(("wanted", "lasts"), [(20, 30), (40, 40)])
def test_a_condition_imposed_again_lasts_to_the_later_end(wanted: int, lasts: int) -> None:
    first = ConditionImposed(0, "maria", "encased", "foe", until=30)
    encounter = encounter_of(HeldRules(ENCASED, opening=(first,)), {})
    encounter.run(until=5)
    assert lasting_until(encounter, "maria", "encased", wanted) == lasts
    assert lasting_until(encounter, "foe", "encased", wanted) == wanted  # not under it


def test_a_condition_without_an_end_is_not_given_one_by_a_second_imposition() -> None:
    first = ConditionImposed(0, "maria", "encased", "foe")  # no until: held until broken
    encounter = encounter_of(HeldRules(ENCASED, opening=(first,)), {})
    encounter.run(until=5)
    assert lasting_until(encounter, "maria", "encased", 40) is None


def test_the_state_follows_the_events() -> None:
    imposed = ConditionImposed(0, "maria", "encased", "foe", until=30, strength=12)
    encounter = encounter_of(HeldRules(ENCASED, opening=(imposed,)), {})
    encounter.run(until=1)
    assert encounter.state["maria"].conditions == {"encased": imposed}
    assert end_condition(encounter, "foe", "encased", "none") == []
