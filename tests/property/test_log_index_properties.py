"""The log index (mands_sim.log_index) answers exactly as reading the whole log does, however
the log grew between questions."""

from __future__ import annotations

from typing import cast

from hypothesis import given, settings
from hypothesis import strategies as st

from mands_sim.events import DamageTaken, Event, Moved
from mands_sim.kernel.encounter import Encounter
from mands_sim.log_index import last_logged_before, logged, logged_between

WHO = ("a", "b", "c")


class Logged:
    def __init__(self) -> None:
        self.log: list[Event] = []


def events() -> st.SearchStrategy[Event]:
    who = st.sampled_from(WHO)
    damage = st.builds(lambda w, dp: DamageTaken(0, w, "x", 1, 1, 0, dp), who, st.integers(-5, 9))
    move = st.builds(lambda w: Moved(0, w, "yard", None, 0.0, "arrived"), who)
    return st.one_of(damage, move)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.lists(events(), max_size=6), min_size=1, max_size=6), st.data())
def test_the_index_agrees_with_a_read_of_the_whole_log(
    batches: list[list[Event]], data: st.DataObject
) -> None:
    holder = Logged()
    fight = cast(Encounter, holder)
    for batch in batches:
        holder.log.extend(batch)
        log = holder.log
        who = data.draw(st.sampled_from((None, *WHO)))
        end = data.draw(st.integers(0, len(log)))
        start = data.draw(st.integers(0, end))

        def about(event: Event) -> bool:
            return isinstance(event, DamageTaken) and who in (None, event.character)  # noqa: B023

        assert list(logged(fight, DamageTaken, who)) == [e for e in log if about(e)]
        places = [(i, e) for i, e in enumerate(log) if start <= i < end and about(e)]
        assert logged_between(fight, DamageTaken, start, end, who) == places
        earlier = [(i, e) for i, e in enumerate(log[:end]) if about(e)]
        last = earlier[-1] if earlier else None
        assert last_logged_before(fight, DamageTaken, end, who) == last
