"""Rest healing (``mands_rulebook.combat.rest``; seed "Healing Roll"; G-50) never raises VP or EP
above the figured maximum and never lowers them."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from mands_rulebook.kit.rest import restored, round_of_rest
from mands_sim.actions import Intent, QualityAllocation, Wait
from mands_sim.charts.loading import Charts, load_standard_charts
from mands_sim.dice import ScriptedDice
from mands_sim.events import DamageTaken, EndurancePaid, Event, Healed
from mands_sim.kernel.encounter import Encounter
from mands_sim.scenario import load_scenario
from mands_sim.simulation import Simulation

CHARTS: Charts = load_standard_charts()
SCENARIO = load_scenario(Path(__file__).parents[2] / "scenarios" / "seraph_vs_sphinx.toml")
SERAPH_VP, SERAPH_EP = 43, 74
"""Seraph's figured maxima (seed "Biff Turk Creates a Sample Character")."""

endurance = st.fractions(min_value=-40, max_value=120, max_denominator=40)


@given(
    constitution=st.integers(1, 80),
    body_dp=st.integers(-30, 40),
    vp=st.integers(-20, 100),
    max_vp=st.integers(1, 100),
    ep=endurance,
    max_ep=st.integers(1, 100),
)
def test_a_round_of_rest_stays_between_now_and_the_maximum(
    constitution: int, body_dp: int, vp: int, max_vp: int, ep: Fraction, max_ep: int
) -> None:
    rest = round_of_rest(CHARTS.action.sphere(constitution), body_dp, CHARTS)
    vp_after = restored(Fraction(vp), rest.virtual_damage_points, max_vp)
    ep_after = restored(ep, rest.endurance_points, max_ep)
    assert vp <= vp_after <= max(vp, max_vp)
    assert ep <= ep_after <= max(ep, max_ep)


@given(body_dp=st.integers(-30, 40), healing_roll=st.integers(-5, 40))
def test_vp_back_is_never_less_than_ep_back(body_dp: int, healing_roll: int) -> None:
    """Seed: half the total rounded up for VP, "the same amount" rounded down for EP."""
    rest = round_of_rest(healing_roll, body_dp, CHARTS)
    assert 0 <= rest.endurance_points <= rest.virtual_damage_points <= rest.endurance_points + 1


class Resting:
    def choose(self, encounter: Encounter, actor: str) -> Intent | Wait | None:
        return Intent("rest") if actor == "seraph" else None

    def allocate(
        self, encounter: Encounter, actor: str, intent: Intent, quality: int
    ) -> QualityAllocation:
        return QualityAllocation()


@settings(max_examples=20, deadline=None)
@given(
    vp=st.integers(-10, SERAPH_VP + 10),
    body_dp=st.integers(1, 9),
    ep=st.fractions(min_value=-30, max_value=SERAPH_EP + 10, max_denominator=20),
)
def test_resting_seraph_never_ends_above_his_maximum_or_below_where_he_was(
    vp: int, body_dp: int, ep: Fraction
) -> None:
    """Through the kernel: Seraph, left anywhere (even above his maxima), rests two rounds."""
    resting = Resting()
    encounter = Simulation(
        SCENARIO, dice=ScriptedDice([]), minds={"seraph": resting, "sphinx": resting}
    ).build()
    encounter.emit(
        [
            DamageTaken(0, "seraph", "set-up", 0, 0, vp, body_dp),
            EndurancePaid(0, "seraph", "set-up", "set-up", 9, SERAPH_EP - ep, ep),
        ]
    )
    events: list[Event] = []
    encounter.observers.append(events.append)
    encounter.run(until=100)
    heals = [e for e in events if isinstance(e, Healed)]
    assert len(heals) == 2
    for heal in heals:
        before_vp = heal.virtual_damage_points_after - heal.virtual_damage_points
        before_ep = heal.endurance_points_after - heal.endurance_points
        assert before_vp <= heal.virtual_damage_points_after <= max(before_vp, SERAPH_VP)
        assert before_ep <= heal.endurance_points_after <= max(before_ep, SERAPH_EP)
    state = encounter.state["seraph"]
    assert (state.virtual_damage_points, state.endurance_points) == (
        heals[-1].virtual_damage_points_after,
        heals[-1].endurance_points_after,
    )
