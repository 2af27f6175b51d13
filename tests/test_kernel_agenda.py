"""The documented same-segment ordering key (DESIGN.md contract)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from mands_sim.kernel.agenda import Agenda, Phase


def drain(agenda: Agenda) -> list[str]:
    labels = []
    while (entry := agenda.pop()) is not None:
        labels.append(entry.label)
    return labels


def test_phases_run_payment_resolve_status_decide_initiate() -> None:
    agenda = Agenda()
    for phase in reversed(Phase):
        agenda.add(15, phase, "seraph", lambda: None, label=phase.name)
    assert drain(agenda) == ["PAYMENT", "RESOLVE", "STATUS", "DECIDE", "INITIATE"]


def test_within_a_phase_tiebreak_then_character_id_decide() -> None:
    agenda = Agenda()
    agenda.add(15, Phase.RESOLVE, "sphinx", lambda: None, label="sphinx")
    agenda.add(15, Phase.RESOLVE, "seraph", lambda: None, label="seraph")
    agenda.add(15, Phase.RESOLVE, "zed", lambda: None, label="zed-first", tiebreak=-1)
    assert drain(agenda) == ["zed-first", "seraph", "sphinx"]


def test_entries_lists_the_live_entries() -> None:
    agenda = Agenda()
    old = agenda.add(15, Phase.RESOLVE, "seraph", lambda: None, label="old")
    agenda.add(16, Phase.STATUS, "seraph", lambda: None, label="new")
    old.cancel()
    assert [entry.label for entry in agenda.entries()] == ["new"]
    assert len(agenda) == 1


def test_cancelled_entries_are_skipped() -> None:
    agenda = Agenda()
    entry = agenda.add(15, Phase.RESOLVE, "seraph", lambda: None, label="old")
    agenda.add(16, Phase.RESOLVE, "seraph", lambda: None, label="new")
    entry.cancel()
    assert agenda.next_segment() == 16
    assert drain(agenda) == ["new"]


entries = st.lists(
    st.tuples(st.integers(0, 100), st.sampled_from(list(Phase)), st.sampled_from(["a", "b", "c"])),
    max_size=30,
)


@given(entries, st.randoms())
def test_order_never_depends_on_insertion_order(items: list, rng) -> None:  # type: ignore[no-untyped-def]
    """Same entries added in any order pop in the same order (up to a character's own ties)."""
    first, second = Agenda(), Agenda()
    shuffled = list(items)
    rng.shuffle(shuffled)
    for agenda, batch in ((first, items), (second, shuffled)):
        for segment, phase, who in batch:
            agenda.add(segment, phase, who, lambda: None, label=f"{segment}-{phase}-{who}")
    assert drain(first) == drain(second)


@given(entries)
def test_time_never_goes_back(items: list) -> None:  # type: ignore[type-arg]
    agenda = Agenda()
    for segment, phase, who in items:
        agenda.add(segment, phase, who, lambda: None)
    keys = []
    while (entry := agenda.pop()) is not None:
        keys.append(entry.key[:4])
    assert keys == sorted(keys)
