"""Streaming aggregation (``mands_sim.batch.aggregate``)."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given
from hypothesis import strategies as st

from mands_sim.batch.aggregate import CONVERGENCE_POINTS, FAILED_SHOWN, Aggregate, tally
from mands_sim.batch.records import CharacterRecord, RunRecord


def run(index: int, winner: str | None, segments: int, *, dead: bool = False) -> RunRecord:
    reason = "time limit" if winner is None else "the other side is out of action"
    hero = CharacterRecord(
        "seraph", "heroes", "dead" if dead else "active", 10, 5 if dead else 0, 3.5, 4, 10,
        segments if dead else None, (("fist-attack", 3),),
    )  # fmt: skip
    return RunRecord(index, 1000 + index, winner, reason, segments, (hero,))


def test_wins_timeouts_and_durations_are_counted() -> None:
    agg = Aggregate(sides=("heroes", "villains"))
    for record in [run(0, "heroes", 40), run(1, "villains", 60), run(2, None, 3000)]:
        agg.add(record)
    agg.add(RunRecord.failed(3, 5, "boom"))
    assert (agg.runs, agg.played, agg.timeouts) == (4, 3, 1)
    assert agg.wins == {"heroes": 1, "villains": 1}
    assert agg.duration(0.5) == 60
    assert agg.errors == {"boom": 1}


def test_notable_runs_are_the_first_death_and_the_extremes() -> None:
    agg = Aggregate(sides=("heroes", "villains"))
    for record in [run(0, "heroes", 40), run(1, "villains", 90, dead=True), run(2, "heroes", 20)]:
        agg.add(record)
    assert agg.notable["a hero died"] == (1, 1001, "seraph died")
    assert agg.notable["longest fight"][0] == 1
    assert agg.notable["quickest heroes win"][0] == 2


def test_survival_falls_when_characters_go_out() -> None:
    agg = Aggregate(sides=("heroes",))
    agg.add(run(0, "villains", 30, dead=True))
    agg.add(run(1, "heroes", 50))
    assert [agg.survival("seraph", t) for t in (0, 30, 60)] == [1.0, 0.5, 0.5]


@given(st.lists(st.sampled_from(["heroes", "villains", None]), min_size=1, max_size=2000))
def test_the_convergence_trace_stays_short_and_ends_near_the_total(
    winners: list[str | None],
) -> None:
    agg = Aggregate(sides=("heroes", "villains"))
    for index, winner in enumerate(winners):
        agg.add(run(index, winner, 10))
    assert len(agg.trace) < 2 * CONVERGENCE_POINTS
    counts = [n for n, _ in agg.trace]
    assert counts == sorted(counts) and counts[0] >= 1
    n, wins = agg.trace[-1]
    assert wins.get("heroes", 0) <= agg.wins["heroes"] and n <= agg.played


def worn(index: int, **counts: object) -> RunRecord:
    """A run of :func:`run` whose hero has the counts of record format 2 given."""
    plain = run(index, "heroes", 60)
    (hero,) = plain.characters
    return RunRecord(
        plain.index, plain.seed, plain.winner, plain.reason, plain.segments,
        (replace(hero, **counts),),  # type: ignore[arg-type]
    )  # fmt: skip


def test_wounds_exhaustion_and_comebacks_are_tallied() -> None:
    agg = Aggregate(sides=("heroes",))
    agg.add(worn(0, wounds=2, bleeding_at_end=True, exhausted=True))
    agg.add(worn(1, comebacks=2))
    agg.add(worn(2, wounds=1))
    tally = agg.characters["seraph"]
    assert (tally.bled, tally.bleeding_at_end, tally.exhausted, tally.back_in_action) == (
        2, 1, 1, 1
    )  # fmt: skip


def test_a_plugins_metrics_are_kept_as_histograms_of_their_runs() -> None:
    """``mands_sim.metrics``: the blows the Comics Code pulled (G-241) in each run, the runs
    it pulled none in counted as 0, and a count below zero (training taken off) kept as one."""
    agg = Aggregate(sides=("heroes",))
    for index, pulled in enumerate((3, 0, 2, 3, -1)):
        agg.add(worn(index, metrics=(("blows pulled", pulled),) if pulled else ()))
    tally = agg.characters["seraph"]
    assert tally.metric_counts["blows pulled"] == {3: 2, 2: 1, -1: 1}
    assert tally.metric_histogram("blows pulled") == {3: 2, 2: 1, 0: 1, -1: 1}
    assert tally.metric_histogram("never counted") == {0: 5}


def party(index: int, seraph: str, teller: str = "active", fled: str = "active") -> RunRecord:
    """Seraph, a hero who may have fled and a hostage of the heroes, in the given conditions."""
    hero = CharacterRecord("seraph", "heroes", seraph, 0, 0, 0.0, 0, 0, None, ())
    other = CharacterRecord("skyhawk", "heroes", fled, 0, 0, 0.0, 0, 0, None, ())
    hostage = replace(hero, id="teller", condition=teller, role="hostage")
    return RunRecord(index, index, "villains", "the other side is out of action", 50,
                     (hero, other, hostage))  # fmt: skip


def test_every_hero_out_of_action_counts_the_heroes_not_their_hostage() -> None:
    """G-235: a hostage standing does not save the party from a knock-out; G-239 counts any
    way out of action by default."""
    agg = Aggregate(sides=("heroes", "villains"))
    runs = [party(0, "dead", fled="fled"), party(1, "unconscious"), party(2, "dead", fled="dead")]
    for record in runs:
        agg.add(record)
    assert agg.party_knock_outs == 2
    assert agg.party_knock_out_rate().estimate == 2 / 3


def test_under_g239_down_a_hero_who_fled_is_no_knock_out() -> None:
    agg = Aggregate(sides=("heroes", "villains"), knock_out="down")
    for record in [party(0, "dead", fled="fled"), party(1, "dead", fled="unconscious")]:
        agg.add(record)
    assert agg.party_knock_outs == 1


def test_a_dead_hostage_is_no_dead_hero() -> None:
    agg = Aggregate(sides=("heroes", "villains"))
    agg.add(party(0, "active", teller="dead"))
    assert "a hero died" not in agg.notable
    assert agg.characters["teller"].role == "hostage"


def test_attacks_on_an_objectives_performer_are_counted_by_side() -> None:
    agg = Aggregate(sides=("heroes", "villains"))
    for index, attacks in enumerate([3, 0, 1]):
        record = party(index, "active")
        hero = replace(record.characters[0], objective_attacks=attacks)
        agg.add(replace(record, characters=(hero, *record.characters[1:])))
    assert agg.objective_attack_runs == {"heroes": 2}
    tally = agg.characters["seraph"]
    assert (tally.objective_attacks, tally.objective_attack_runs) == (4, 2)


def with_sides(index: int, hero: str, villain: str) -> RunRecord:
    """A run whose one hero and one villain end in these conditions."""
    base = run(index, "heroes", 40)
    (seraph,) = base.characters
    sphinx = replace(seraph, id="sphinx", side="villains", condition=villain)
    return replace(base, characters=(replace(seraph, condition=hero), sphinx))


def test_hero_and_villain_deaths_are_counted_apart_once_a_run() -> None:
    agg = Aggregate(sides=("heroes", "villains"))
    for index, (hero, villain) in enumerate(
        [("active", "dead"), ("dead", "dead"), ("active", "unconscious"), ("dead", "active")]
    ):
        agg.add(with_sides(index, hero, villain))
    assert (agg.hero_deaths, agg.villain_deaths) == (2, 2)
    assert agg.notable["a villain died"] == (0, 1000, "sphinx died")
    assert agg.notable["a hero died"] == (1, 1001, "seraph died")


def varied(
    index: int, outcome: str, segments: int, hero: str, villain: str, metric: int
) -> RunRecord:
    """A run ending ``outcome`` (a side's win, ``draw``, ``timeout`` or ``error``), its hero and
    villain in the given conditions, the villain counting ``metric`` of a plugin's metric."""
    if outcome == "error":
        return RunRecord.failed(index, 1000 + index, f"boom {index % 3}")
    base = with_sides(index, hero, villain)
    seraph, sphinx = base.characters
    sphinx = replace(
        sphinx, metrics=(("blows pulled", metric),) if metric else (), objective_attacks=metric % 2
    )
    winner = outcome if outcome in ("heroes", "villains") else None
    reason = "time limit" if outcome == "timeout" else "no one left"
    return replace(
        base, winner=winner, reason=reason, segments=segments, characters=(seraph, sphinx)
    )


RUNS = st.lists(
    st.tuples(
        st.sampled_from(["heroes", "villains", "draw", "timeout", "error"]),
        st.integers(1, 400),
        st.sampled_from(["active", "dead", "unconscious"]),
        st.sampled_from(["active", "dead"]),
        st.integers(-1, 3),
    ),
    min_size=1,
    max_size=900,
)


@given(RUNS, st.lists(st.integers(1, 60), min_size=1, max_size=40))
def test_merging_tallies_in_index_order_is_adding_their_runs_one_by_one(
    runs: list[tuple[str, int, str, str, int]], sizes: list[int]
) -> None:
    """What the batch's process merges from its workers' tallies (``Aggregate.merge``) is what
    adding each run would make: counts, histograms, the first errors, the notable runs and the
    convergence trace, however the runs were cut into chunks."""
    records = [varied(index, *run) for index, run in enumerate(runs)]
    one_by_one = Aggregate(sides=("heroes", "villains"))
    for record in records:
        one_by_one.add(record)
    merged = Aggregate(sides=("heroes", "villains"))
    start = 0
    for size in sizes * len(records):
        if start >= len(records):
            break
        merged.merge(tally(records[start : start + size], ("heroes", "villains"), "out_of_action"))
        start += size
    assert merged == one_by_one
    assert repr(merged) == repr(one_by_one)  # the order of every table's keys too
    assert len(merged.failed) <= FAILED_SHOWN
