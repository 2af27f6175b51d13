"""The ``lookahead`` policy (``mands_sim.policy.lookahead``): candidates searched in futures,
deterministically and within the budget; small horizons and few futures keep these tests
quick."""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any

import pytest

from mands_rulebook.policies.candidates import ESTIMATOR
from mands_rulebook.policies.tacticians import lookahead
from mands_sim.actions import Intent, QualityAllocation
from mands_sim.events import DamageTaken, DecisionExplained, EndurancePaid, Event, to_json_line
from mands_sim.kernel.encounter import Encounter
from mands_sim.kernel.futures import FORKING, ForkedFutures, FuturePlayer, ReplayedFutures
from mands_sim.kernel.snapshot import start
from mands_sim.policy.errors import PolicyOptionsError
from mands_sim.policy.lookahead import (
    EP_SHARE,
    SIMULATION_KEY,
    Committed,
    Lookahead,
    Searched,
    Settings,
    rollout_minds,
    split_options,
    value_of,
    vitality_by_side,
)
from mands_sim.policy.tactician import Tactician
from mands_sim.simulation import Simulation
from tests.data.arena import simulation
from tests.data.fighters import grunt

QUICK = {"horizon": 20, "rollouts": 4, "candidates": 2, "margin": 1.0, "allocations": True}


def brawl(
    villain: str = "lookahead", options: dict[str, Any] | None = None, **settings: Any
) -> Simulation:
    """Dexter (tactician) and a grunt beside each other at ``b``; Sinister (``villain``) at
    ``c``, 10 m off."""
    return simulation(
        {
            "dexter": ("heroes", "b", "dexter", "tactician", {}),
            "grunt": ("heroes", "b", grunt(), "tactician", {}),
            "sinister": (
                "villains",
                "c",
                "sinister",
                villain,
                QUICK if options is None else options,
            ),
        },
        seed=5,
        limit=150,
        **settings,
    )


def played(sim: Simulation) -> tuple[Encounter, list[Event]]:
    events: list[Event] = []
    encounter = start(sim, observers=[events.append]) if sim.record else sim.start([events.append])
    encounter.run()
    return encounter, events


def test_a_simulation_puts_itself_in_its_encounters_context() -> None:
    sim = brawl()
    assert sim.build().context[SIMULATION_KEY] is sim


def test_a_recorded_lookahead_decides_from_futures_and_explains_their_values() -> None:
    sim = brawl()
    sim.record = True
    encounter, events = played(sim)
    mind = encounter.minds["sinister"].mind  # type: ignore[attr-defined]
    assert isinstance(mind, Lookahead) and mind.stats.decisions > 0
    assert mind.stats.futures >= 2 * mind.stats.decisions
    looked = [
        e for e in events if isinstance(e, DecisionExplained) and e.reason.startswith("lookahead:")
    ]
    assert looked, "some decision had two candidates or more"
    assert all("futures of 20 segments" in e.reason and " ± " in e.reason for e in looked)
    assert all(" ± " in alternative for e in looked for alternative in e.alternatives)
    assert all(len(e.scores) == len(e.alternatives) + 1 for e in looked)


def test_a_lookahead_run_is_deterministic() -> None:
    logs = []
    for _ in range(2):
        sim = brawl()
        sim.record = True
        _, events = played(sim)
        logs.append([to_json_line(e) for e in events])
    assert logs[0] == logs[1]


def test_without_a_recorded_encounter_it_decides_as_its_tactician() -> None:
    """An encounter built by hand and not recorded: the same log as a tactician villain, and no
    future played."""
    alone = brawl().build()
    events: list[Event] = []
    alone.observers.append(events.append)
    alone.run()
    assert alone.minds["sinister"].stats.decisions == 0  # type: ignore[attr-defined]
    plain = brawl("tactician", {}).build()
    tactician_events: list[Event] = []
    plain.observers.append(tactician_events.append)
    plain.run()
    assert [e.kind for e in events] == [e.kind for e in tactician_events]
    for looked, scored in zip(events, tactician_events, strict=True):
        if isinstance(looked, DecisionExplained) and looked.character == "sinister":
            assert isinstance(scored, DecisionExplained)
            assert looked.reason.startswith("lookahead (no ")
            assert looked.reason.endswith(f") → {scored.reason}")
        else:
            assert to_json_line(looked) == to_json_line(scored)


def test_a_simulation_records_on_its_own_when_a_policy_looks_ahead() -> None:
    """``Simulation.start`` (what ``mands-sim run`` uses) records a run with a lookahead mind,
    so the lookahead plays its futures without ``record=True``."""
    encounter, _ = played(brawl())
    assert encounter.minds["sinister"].mind.stats.decisions > 0  # type: ignore[attr-defined]


def test_another_lookahead_is_played_by_its_tactician_in_the_futures() -> None:
    encounter = brawl().build()
    encounter.minds["dexter"] = lookahead(QUICK)
    stand_ins = rollout_minds(encounter, "sinister")
    assert set(stand_ins) == {"dexter"} and isinstance(stand_ins["dexter"], Tactician)


def test_a_committed_mind_answers_once_with_its_candidate_then_as_its_base() -> None:
    encounter = brawl().build()
    base = Tactician(ESTIMATOR)
    punch = Intent("fist-attack", target="grunt")
    mind = Committed(
        base, intent=Intent("move", options={"toward": "b"}), split=QualityAllocation(speed=3)
    )
    assert mind.choose(encounter, "sinister") == Intent("move", options={"toward": "b"})
    assert mind.allocate(encounter, "sinister", punch, 3) == QualityAllocation(speed=3)
    assert mind.choose(encounter, "sinister") == base.choose(encounter, "sinister")
    assert mind.allocate(encounter, "sinister", punch, 3) == base.allocate(
        encounter, "sinister", punch, 3
    )


def test_the_win_value_counts_a_won_fight_as_1_and_a_running_one_by_what_each_side_lost() -> None:
    """Sinister has lost 10 of his VP and DP; the heroes nothing: from the heroes' side the
    future is worth 0.5 + 0.5 × ½ × 10 / Sinister's full VP and DP (half the value is EP,
    and nobody has spent any)."""
    encounter = brawl().start()
    baseline = vitality_by_side(encounter.state)
    state = encounter.state["sinister"]
    encounter.emit(
        [
            DamageTaken(
                0,
                "sinister",
                "dexter",
                10,
                10,
                state.virtual_damage_points - 10,
                state.damage_points,
            )
        ]
    )
    full = baseline["villains"].full
    vitality = (1 - EP_SHARE) * 10 / full  # no EP spent
    assert value_of(encounter, "dexter", baseline, "win") == pytest.approx(0.5 + 0.5 * vitality)
    assert value_of(encounter, "dexter", baseline, "damage") == 10.0
    assert value_of(encounter, "sinister", baseline, "damage") == -10.0


@pytest.mark.parametrize(
    ("options", "key"),
    [
        ({"rollouts": 0}, "rollouts"),
        ({"rollouts": 1001}, "rollouts"),
        ({"candidates": 9}, "candidates"),
        ({"horizon": 10**18}, "horizon"),
        ({"margin": float("nan")}, "margin"),
        ({"confidence": -1}, "confidence"),
        ({"confidence": "sure"}, "confidence"),
        ({"value": "glory"}, "value"),
        ({"allocations": 1}, "allocations"),
        ({"margin": -0.5}, "margin"),
    ],
)
def test_bad_lookahead_options_name_their_key(options: dict[str, Any], key: str) -> None:
    with pytest.raises(PolicyOptionsError) as caught:
        Settings.from_options(options)
    assert caught.value.key == key


def test_the_lookahead_keeps_its_own_options_and_passes_on_the_rest() -> None:
    settings, rest = split_options({"horizon": 30, "threat": 1})
    assert settings == Settings(horizon=30) and rest == {"threat": 1}


def test_only_a_close_call_is_looked_at() -> None:
    """Margin 0.25: of scores 4, 3.5, 2.9 only the first two are within 25 % of the best."""
    mind = Lookahead(Tactician(ESTIMATOR), Settings(candidates=3, margin=0.25))
    assert mind._close(["a", "b", "c"], [4.0, 3.5, 2.9]) == ["a", "b"]
    assert mind._close(["a", "b"], [-1.0, -1.2]) == ["a", "b"]
    assert mind._close([], []) == []


def looked_with(player: FuturePlayer, **options: Any) -> tuple[Lookahead, list[str]]:
    """The brawl with Sinister's lookahead (``QUICK`` and ``options``) playing futures with
    ``player``: the mind and the log as JSON lines."""
    settings = Settings.from_options({**QUICK, **options})
    mind = Lookahead(Tactician(ESTIMATOR), settings, player=player)
    sim = brawl(minds={"sinister": mind})
    sim.record = True
    _, events = played(sim)
    return mind, [to_json_line(e) for e in events]


@pytest.mark.skipif(not FORKING, reason="this platform cannot fork: only replayed futures")
def test_forked_and_replayed_futures_value_every_look_alike() -> None:
    """A future played in a forked copy of the process and one re-created from a snapshot
    start from the same state, draw the same dice and stop at the same point: the decisions,
    and so the whole log, are the same."""
    forked, forked_log = looked_with(ForkedFutures(), horizon=30, rollouts=6, candidates=3)
    replayed, replayed_log = looked_with(ReplayedFutures(), horizon=30, rollouts=6, candidates=3)
    assert forked.stats.decisions == replayed.stats.decisions > 0
    assert forked.stats.futures == replayed.stats.futures
    assert forked_log == replayed_log


def test_the_search_stays_within_its_budget_and_plays_the_bases_choice_every_round() -> None:
    """Sequential halving over 4 candidates with 12 futures a look: the base's choice and its
    3 challengers 1 future each in the first of 2 rounds (4), then the base's choice and the
    better 2 challengers 2 more each (6): 10 of 12, never more."""
    mind, log = looked_with(ReplayedFutures(), candidates=4, rollouts=12)
    assert mind.stats.decisions > 0
    assert mind.stats.futures <= 12 * mind.stats.decisions
    looked = [line for line in log if '"reason":"lookahead:' in line]
    counts = [[int(n) for n in re.findall(r"over (\d+) futures", line)] for line in looked]
    assert counts and all(sum(c) <= 12 and c[0] == max(c) for c in counts)
    assert any(c == [6, 6] for c in counts)  # two candidates: one round of 6 each


def test_another_candidate_replaces_the_bases_choice_only_beyond_the_futures_noise() -> None:
    """Future by future the second candidate does better: by 0.5 with no spread it wins at
    once; by 0.1 ± 0.1 (standard error 0.058) only if 1 standard error is enough."""
    sure = Searched(((0.0, 0.5, 0.25), (0.5, 1.0, 0.75), (0.25,)))
    assert sure.challenger == 1 and sure.gain(1) == (0.5, 0.0) and sure.best == 1
    noisy = ((0.5, 0.5, 0.5), (0.6, 0.7, 0.5))
    assert Searched(noisy).best == 0
    assert Searched(noisy, confidence=1.0).best == 1
    assert Searched(((0.5, 0.5), (0.9,))).best == 0  # one future: no error to judge by
    assert Searched(((0.5,),)).best == 0  # nothing to challenge it


def test_a_look_explains_each_candidate_by_its_futures_mean_and_spread() -> None:
    searched = Searched(((0.0, 1.0, 0.5), (1.0, 1.0, 1.0), (0.2,)))
    assert searched.summary(0) == "0.5 ± 0.5 over 3 futures"
    assert searched.summary(2) == "0.2 ± 0 over 1 futures"


class _Boom:
    """A mind that fails as soon as it is asked, in a future."""

    passive_actions = False

    def choose(self, encounter: Encounter, actor: str) -> None:
        raise RuntimeError(f"{actor} cannot think in this future")

    def allocate(self, *args: Any) -> QualityAllocation:
        raise RuntimeError("no split either")


class _FailsInFutures(Tactician):
    """A tactician whose stand-in in others' futures is :class:`_Boom`."""

    def rollout_mind(self) -> _Boom:
        return _Boom()


@pytest.mark.skipif(not FORKING, reason="this platform cannot fork: only replayed futures")
def test_an_error_in_a_forked_future_is_raised_where_the_look_was_taken() -> None:
    """Dexter's stand-in fails in Sinister's futures: the error comes back with the future's
    traceback as a note, and nothing of the future reached the real encounter's log."""
    settings = Settings.from_options(QUICK)
    mind = Lookahead(Tactician(ESTIMATOR), settings, player=ForkedFutures())
    sim = brawl(minds={"sinister": mind, "dexter": _FailsInFutures(ESTIMATOR)})
    sim.record = True
    events: list[Event] = []
    encounter = start(sim, observers=[events.append])
    with pytest.raises(RuntimeError, match="dexter cannot think in this future") as caught:
        encounter.run()
    raised = caught.value.__cause__  # SimPy raises a copy of a process's error
    assert any("in a future played to look ahead" in n for n in getattr(raised, "__notes__", []))
    assert all(event.segment <= encounter.now for event in events)
    assert not encounter.running


def test_a_running_future_counts_the_ep_each_side_spent() -> None:
    """Dexter has spent 10 EP, Sinister none: from Sinister's side the future is worth
    0.5 + 0.5 × ½ × 10 / the heroes' full EP."""
    encounter = brawl().start()
    baseline = vitality_by_side(encounter.state)
    dexter = encounter.state["dexter"]
    after = Fraction(dexter.endurance_points) - 10
    encounter.emit([EndurancePaid(0, "dexter", "fist-attack", "attempt", 2, Fraction(10), after)])
    full = baseline["heroes"].full_endurance
    worth = 0.5 + 0.5 * EP_SHARE * 10 / full
    assert value_of(encounter, "sinister", baseline, "win") == pytest.approx(worth)
