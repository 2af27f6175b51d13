"""What a character carries from one scene into the next (``mands_sim.carry``, G-298), and how a
scene starts it (``mands_sim.simulation.initial_state``)."""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from mands_sim.carry import FRESH, Carried, carried_out
from mands_sim.kernel.state import CharacterState
from mands_sim.scenario import load_scenario
from mands_sim.simulation import Simulation

SCENARIO = Path(__file__).parent.parent / "scenarios" / "seraph_vs_sphinx.toml"


@cache
def simulation() -> Simulation:
    return Simulation(load_scenario(SCENARIO))


def seraph_state(**changes: object) -> CharacterState:
    """Seraph as an encounter starts him (VP 43, Body DP 9, EP 74), with ``changes``."""
    state = simulation().build(seed=0).state["seraph"]
    for name, value in changes.items():
        setattr(state, name, value)
    return state


def test_fresh_is_nothing_lost() -> None:
    assert FRESH.fresh and FRESH.condition == "active"
    assert not Carried(endurance_points_lost=Fraction(1, 2)).fresh


def test_value_reads_what_a_plugin_kept() -> None:
    carried = Carried(kept=(("editing_points", 2), ("fate_points", 1)))
    assert carried.value("editing_points") == 2
    assert carried.value("ammunition") is None
    assert carried.value("ammunition", 0) == 0


def test_carried_out_reads_the_losses_off_the_state() -> None:
    state = seraph_state(
        virtual_damage_points=-3, damage_points=4, endurance_points=Fraction(61, 2)
    )
    before = Carried(penetrating_damage_points=1, injury_points=2)
    carried = carried_out(
        state,
        before,
        penetrating_taken=3,
        injury_points=1,
        permanent_damage_points=0,
        kept={"b": 1, "a": 2},
    )
    assert carried.virtual_damage_points_lost == 46  # 43 − (−3)
    assert carried.damage_points_lost == 5  # 9 − 4
    assert carried.penetrating_damage_points == 4  # 1 before + 3 now, within the 5 lost
    assert carried.endurance_points_lost == Fraction(87, 2)  # 74 − 30½
    assert (carried.injury_points, carried.permanent_damage_points) == (3, 0)
    assert carried.kept == (("a", 2), ("b", 1))


def test_penetrating_dp_never_exceed_the_dp_lost() -> None:
    """Healed in the scene: 2 DP lost now, though 5 penetrating were taken."""
    carried = carried_out(
        seraph_state(damage_points=7),
        FRESH,
        penetrating_taken=5,
        injury_points=0,
        permanent_damage_points=0,
        kept={},
    )
    assert (carried.damage_points_lost, carried.penetrating_damage_points) == (2, 2)


@given(
    vp=st.integers(0, 60),
    dp=st.integers(0, 20),
    ep=st.fractions(0, 150),
    condition=st.sampled_from(["active", "unconscious", "dead", "fled"]),
)
def test_a_scene_starts_a_character_with_what_it_carried(
    vp: int, dp: int, ep: Fraction, condition: str
) -> None:
    carried = Carried(vp, dp, 0, ep, condition)
    state = simulation().build(seed=0, carried={"seraph": carried}).state["seraph"]
    assert (state.virtual_damage_points, state.damage_points) == (43 - vp, 9 - dp)
    assert state.endurance_points == 74 - ep
    assert state.condition == condition and state.carried == carried
    again = carried_out(
        state, carried, penetrating_taken=0, injury_points=0, permanent_damage_points=0, kept={}
    )
    assert (again.virtual_damage_points_lost, again.damage_points_lost) == (vp, dp)
    assert again.endurance_points_lost == ep


def test_characters_not_named_start_fresh() -> None:
    encounter = simulation().build(seed=0, carried={"seraph": Carried(damage_points_lost=3)})
    assert encounter.state["sphinx"].carried == FRESH
    assert encounter.state["sphinx"].damage_points == encounter.figured("sphinx").damage_points.body
