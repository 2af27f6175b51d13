"""The ``lookahead`` policy (``mands_sim.policy.lookahead``): candidates tried in re-created
futures, deterministically; small horizons and one or two rollouts keep these tests quick."""

from __future__ import annotations

from typing import Any

import pytest
from mands_rulebook.candidates import ESTIMATOR
from mands_rulebook.tacticians import lookahead

from mands_sim.actions import Intent, QualityAllocation
from mands_sim.events import DamageTaken, DecisionExplained, Event, to_json_line
from mands_sim.kernel.encounter import Encounter
from mands_sim.kernel.snapshot import start
from mands_sim.policy import PolicyOptionsError
from mands_sim.policy.lookahead import (
    SIMULATION_KEY,
    Committed,
    Lookahead,
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

QUICK = {"horizon": 20, "rollouts": 2, "candidates": 2, "margin": 1.0}


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
    assert all("futures of 20 segments" in e.reason for e in looked)
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
    future is worth 0.5 + 0.5 × 10 / Sinister's full VP and DP."""
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
    assert value_of(encounter, "dexter", baseline, "win") == pytest.approx(0.5 + 0.5 * 10 / full)
    assert value_of(encounter, "dexter", baseline, "damage") == 10.0
    assert value_of(encounter, "sinister", baseline, "damage") == -10.0


@pytest.mark.parametrize(
    ("options", "key"),
    [
        ({"rollouts": 0}, "rollouts"),
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
