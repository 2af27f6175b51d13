"""The run summary's further counts (``mands_sim.run_counts``): wounds and bleeding (G-19), EP
below zero (``docs/rules/combat.md`` §10), Death Shots (§16), comebacks (§9), and the plugins'
metrics (Fate and Editing Points, seed 000)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from mands_rulebook.kit.editing_points.points import POINTS_USED, FatePointSpent
from mands_rulebook.kit.injury import DEATH_SHOTS_GIVEN, DEATH_SHOTS_TAKEN, DeathShot
from mands_rulebook.optional.editing_points import FATE_POINTS_SPENT
from mands_rulebook.policies.comics_code import BLOWS_PULLED, BlowPulled
from mands_sim.events import (
    AttackResolved,
    BackInAction,
    BleedingStopped,
    ConditionEnded,
    ConditionImposed,
    EndurancePaid,
    Event,
    WeaknessFired,
    WoundOpened,
)
from mands_sim.metrics import Metric
from mands_sim.run_counts import NO_COUNTS, CharacterCounts, RunCounts
from mands_sim.scenario import load_scenario
from mands_sim.simulation import Simulation

SCENARIOS = Path(__file__).parent.parent / "scenarios"


def counted(events: list[Event]) -> RunCounts:
    counts = RunCounts((BLOWS_PULLED, FATE_POINTS_SPENT, DEATH_SHOTS_GIVEN, DEATH_SHOTS_TAKEN))
    for event in events:
        counts.add(event)
    return counts


def test_a_wound_bleeds_until_its_bleeding_stops() -> None:
    counts = counted(
        [
            WoundOpened(3, "seraph", "sphinx", 2),
            BleedingStopped(9, "seraph", "Bleeding Roll"),
            WoundOpened(12, "seraph", "sphinx", 1),
            WoundOpened(12, "sphinx", "seraph", 1),
            BleedingStopped(20, "sphinx", "First Aid"),
        ]
    )
    assert (counts.of("seraph").wounds, counts.of("seraph").bleeding_at_end) == (2, True)
    assert (counts.of("sphinx").wounds, counts.of("sphinx").bleeding_at_end) == (1, False)


def test_exhausted_means_endurance_went_below_zero() -> None:
    """§10: EP may go below zero (Dexter at −3 in the Simpler Combat Example)."""
    counts = counted(
        [
            EndurancePaid(1, "dexter", "fist-attack", "action", 4, Fraction(3), Fraction(0)),
            EndurancePaid(2, "sinister", "fist-attack", "action", 4, Fraction(3), Fraction(2)),
            EndurancePaid(8, "dexter", "fist-attack", "action", 4, Fraction(3), Fraction(-3)),
        ]
    )
    assert (counts.of("dexter").exhausted, counts.of("sinister").exhausted) == (True, False)


def test_death_shots_given_and_taken_count_only_those_not_saved() -> None:
    counts = counted(
        [
            DeathShot(5, "sphinx", "seraph", False, 3),
            DeathShot(7, "sphinx", "seraph", True, 0),
            DeathShot(9, "seraph", "sphinx", False, 2),
        ]
    )
    seraph, sphinx = counts.of("seraph"), counts.of("sphinx")
    both = (("death shots given", 1), ("death shots taken", 1))
    assert seraph.metrics == sphinx.metrics == both


def test_comebacks_count_each_back_in_action() -> None:
    counts = counted(
        [BackInAction(60, "seraph", "G-171: comes to"), BackInAction(90, "seraph", "Nerve Pinch")]
    )
    assert counts.of("seraph").comebacks == 2


def test_the_fate_points_spent_count_as_the_rules_metric() -> None:
    """G-34: the Fate Points a character spent are the optional rule's metric, no core count."""
    counts = counted([FatePointSpent(30, "sinister", "the death is cancelled (G-34)")])
    assert counts.of("sinister").metrics == (("fate points spent", 1),)


def test_attacks_and_hits_count_each_attack_by_its_attacker() -> None:
    """§6: every ``AttackResolved`` is an attack made; those with Attack ≥ Defense hit."""
    counts = counted(
        [
            AttackResolved(4, "dexter", "sinister", 3, 5, False),
            AttackResolved(9, "dexter", "sinister", 6, 5, True),
            AttackResolved(9, "sinister", "dexter", 1, 4, False),
        ]
    )
    dexter, sinister = counts.of("dexter"), counts.of("sinister")
    assert (dexter.attacks, dexter.hits) == (2, 1)
    assert (sinister.attacks, sinister.hits) == (1, 0)


def test_a_plugins_metric_counts_for_whom_its_count_says() -> None:
    """The Comics Code's ``blows pulled`` (G-241, ``mands_sim.metrics``): each ``BlowPulled``
    counts for the one who pulled it, and is no attack made; a metric that counted nothing for
    a character is left out of its counts."""
    counts = counted(
        [BlowPulled(12, "seraph", "sphinx", "fist-attack"), BlowPulled(30, "seraph", "x", "kick")]
    )
    assert (counts.of("seraph").metrics, counts.of("seraph").attacks) == (
        (("blows pulled", 2),), 0
    )  # fmt: skip
    assert counts.of("sphinx").metrics == ()


def test_a_metric_may_count_more_than_one_and_for_several_characters() -> None:
    both = Metric("blows exchanged", {BlowPulled: lambda e: [(e.character, 2), (e.target, 1)]})
    counts = RunCounts((both,))
    counts.add(BlowPulled(12, "seraph", "sphinx", "fist-attack"))
    assert (counts.of("seraph").metrics, counts.of("sphinx").metrics) == (
        (("blows exchanged", 2),), (("blows exchanged", 1),)
    )  # fmt: skip


def test_a_character_nothing_happened_to_has_no_counts() -> None:
    assert counted([]).of("nobody") == NO_COUNTS == CharacterCounts()


def test_the_run_summary_carries_the_counts_of_its_log() -> None:
    """With Editing Points on, the grunts' runs (seeds 0 … 7) use points and Fate Points: the
    summary's counts are those of the run's own event log."""
    simulation = Simulation(load_scenario(SCENARIOS / "grunts_editing_points.toml"))
    used = 0
    for seed in range(8):
        log: list[Event] = []
        result = simulation.run(seed=seed, observers=[log.append])
        expected = RunCounts(simulation.prepare().metrics)
        for event in log:
            expected.add(event)
        for outcome in result.characters:
            assert outcome.counts == expected.of(outcome.character_id)
            used += dict(outcome.counts.metrics).get(POINTS_USED.name, 0)
    assert used > 0


def test_each_weakness_counts_the_times_it_fired_by_its_sheet_name() -> None:
    counts = counted(
        [
            WeaknessFired(5, "prototron", "negative electricity", "vulnerability", "3x"),
            WeaknessFired(9, "prototron", "negative electricity", "vulnerability", "3x"),
            WeaknessFired(9, "prototron", "a temper", "low-self-control", "goes berserk"),
        ]
    )
    assert counts.of("prototron").weaknesses == (("a temper", 1), ("negative electricity", 2))
    assert counts.of("someone else").weaknesses == ()


def test_each_condition_counts_the_times_it_was_imposed_by_its_name() -> None:
    counts = counted(
        [
            ConditionImposed(5, "sphinx", "stunned", "seraph"),
            ConditionImposed(9, "sphinx", "stunned", "seraph", strength=3),
            ConditionImposed(9, "sphinx", "netted", None, until=40),
            ConditionEnded(12, "sphinx", "stunned", "broke out"),
        ]
    )
    assert counts.of("sphinx").conditions == (("netted", 1), ("stunned", 2))
    assert counts.of("seraph").conditions == ()
