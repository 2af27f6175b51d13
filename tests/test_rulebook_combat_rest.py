"""Resting and waiting (``mands_rulebook.combat.rest``; seed "Healing Roll",
``docs/rules/combat.md`` §17;
G-50, G-51) through the whole kernel, on the rulebook's Seraph vs the Sphinx scenario."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path

import pytest

from mands_rulebook.kit.rest import DEFAULT_WAIT_SEGMENTS, REST, WAIT, restored, round_of_rest
from mands_sim.actions import Intent, QualityAllocation, Wait
from mands_sim.carry import Carried, RestBetweenScenes
from mands_sim.charts.loading import load_standard_charts
from mands_sim.defaults import STANDARD_DEFAULTS, RuleDefaults
from mands_sim.dice import ScriptedDice
from mands_sim.events import (
    ActionResolved,
    ActionStarted,
    DamageTaken,
    EndurancePaid,
    Event,
    Healed,
)
from mands_sim.kernel.contracts import ActionRefused
from mands_sim.kernel.encounter import Encounter
from mands_sim.registry import collect_registries
from mands_sim.scenario import load_scenario
from mands_sim.simulation import Simulation
from mands_sim.testing import PluginManagerFactory

SCENARIO = Path(__file__).parent.parent / "scenarios" / "seraph_vs_sphinx.toml"
CHARTS = load_standard_charts(STANDARD_DEFAULTS)


class Plan:
    """Take the intents in order, then do nothing until something changes."""

    def __init__(self, *intents: Intent) -> None:
        self.intents = list(intents)

    def choose(self, encounter: Encounter, actor: str) -> Intent | Wait | None:
        return self.intents.pop(0) if self.intents else None

    def allocate(
        self, encounter: Encounter, actor: str, intent: Intent, quality: int
    ) -> QualityAllocation:
        return QualityAllocation()

    def use_personal_armor(self, encounter: Encounter, actor: str, power: str) -> bool:
        """The combat example: Seraph "deliberately does not use his power-based Skin Temper"."""
        return False


def run(
    seraph: Sequence[Intent],
    *,
    until: int,
    sphinx: Sequence[Intent] = (),
    setup: Sequence[Event] = (),
    dice: ScriptedDice | None = None,
) -> list[Event]:
    """Seraph and the Sphinx follow their plans; ``setup`` events are applied first."""
    minds = {"seraph": Plan(*seraph), "sphinx": Plan(*sphinx)}
    simulation = Simulation(load_scenario(SCENARIO), dice=dice or ScriptedDice([]), minds=minds)
    encounter = simulation.build()
    encounter.emit(setup)
    events: list[Event] = []
    encounter.observers.append(events.append)
    encounter.run(until=until)
    return events


def healed(events: list[Event]) -> list[Healed]:
    return [e for e in events if isinstance(e, Healed)]


def hurt(vp: int, dp: int = 9) -> DamageTaken:
    """Set-up: Seraph (VP 43, Body DP 9) left at ``vp`` and ``dp``."""
    return DamageTaken(0, "seraph", "set-up", 0, 0, vp, dp)


def tired(ep: int) -> EndurancePaid:
    """Set-up: Seraph (EP 74) spends ``ep``."""
    return EndurancePaid(0, "seraph", "set-up", "set-up", 9, Fraction(ep), Fraction(74 - ep))


# --- one round of rest, by the numbers --------------------------------------------------------


def test_seraphs_round_of_rest_gives_11_vp_and_10_ep() -> None:
    """Seraph: Constitution 32 → Healing Roll 13 (seed "Healing Roll": Constitution on the Sphere
    chart); Body DP 9 → 8 on the Sphere chart; 13 + 8 = 21: ⌈21/2⌉ = 11 VP, ⌊21/2⌋ = 10 EP."""
    rest = round_of_rest(13, 9, CHARTS)
    assert (rest.total, rest.virtual_damage_points, rest.endurance_points) == (21, 11, 10)


def test_negative_body_dp_lowers_the_pool() -> None:
    """Body DP −3 reads −3 on the Sphere chart (G-02): 13 − 3 = 10 → 5 VP, 5 EP."""
    rest = round_of_rest(13, -3, CHARTS)
    assert (rest.pool_bonus, rest.virtual_damage_points, rest.endurance_points) == (-3, 5, 5)


def test_a_total_below_zero_gives_nothing_back() -> None:
    """G-50: a Healing Roll 3 with Body DP −9 (−8) totals −5; rest never takes VP or EP away."""
    rest = round_of_rest(3, -9, CHARTS)
    assert (rest.virtual_damage_points, rest.endurance_points) == (0, 0)


def test_restored_stops_at_the_maximum_and_never_lowers() -> None:
    assert restored(Fraction(36), 11, 43) == 43
    assert restored(Fraction(20), 11, 43) == 31
    assert restored(Fraction(50), 11, 43) == 50


# --- the rest action in a fight ---------------------------------------------------------------


@pytest.fixture(scope="module")
def sphinx_hits_a_resting_seraph() -> list[Event]:
    """Seraph rests from segment 0; the Sphinx punches him with the example's 12 (6, 6)."""
    punch = Intent("fist-attack", target="seraph")
    dice = ScriptedDice({"sphinx": [6, 6]})
    return run([Intent("rest")], sphinx=[punch], until=60, dice=dice)


def test_resolve_rest_heals_the_sphinxs_blow(
    sphinx_hits_a_resting_seraph: list[Event],
) -> None:
    """Combat example: the Sphinx's 7 takes Seraph's VP 43 → 36 on segment 15. His round of rest
    ends on 50 and gives up to 11 VP back: 36 → 43, his maximum (7 given); EP stays 74."""
    (hit,) = [e for e in sphinx_hits_a_resting_seraph if isinstance(e, DamageTaken)]
    assert (hit.segment, hit.virtual_damage_points_after) == (15, 36)
    (heal,) = healed(sphinx_hits_a_resting_seraph)
    assert (heal.segment, heal.character) == (50, "seraph")
    assert (heal.virtual_damage_points, heal.virtual_damage_points_after) == (7, 43)
    assert (heal.endurance_points, heal.endurance_points_after) == (0, 74)


def test_initiate_rest_takes_one_round_and_no_ep(
    sphinx_hits_a_resting_seraph: list[Event],
) -> None:
    """G-51: a rest lasts one round (50 segments); seed "Healing Roll": it costs no EP."""
    events = sphinx_hits_a_resting_seraph
    (started,) = [e for e in events if isinstance(e, ActionStarted) and e.action == "rest"]
    assert (started.segment, started.performance_time, started.completes_at) == (0, 50, 50)
    assert not [e for e in events if isinstance(e, EndurancePaid) and e.character == "seraph"]


def test_rest_gives_back_half_rounded_up_in_vp_and_down_in_ep() -> None:
    """Seraph at VP 20 and EP 54 rests a round: +11 VP (31) and +10 EP (64). No dice are rolled
    (the scripted dice are empty)."""
    (heal,) = healed(run([Intent("rest")], until=50, setup=[hurt(20), tired(20)]))
    assert (heal.virtual_damage_points, heal.virtual_damage_points_after) == (11, 31)
    assert (heal.endurance_points, heal.endurance_points_after) == (10, 64)


def test_current_body_dp_is_the_healing_rolls_pool() -> None:
    """Seraph down to Body DP 2 (VP 0): 13 + 2 on the Sphere chart = 15 → 8 VP and 7 EP."""
    (heal,) = healed(run([Intent("rest")], until=50, setup=[hurt(0, dp=2), tired(30)]))
    assert (heal.virtual_damage_points_after, heal.endurance_points_after) == (8, 44 + 7)


def test_each_round_of_rest_heals_again_up_to_the_maximum() -> None:
    """Three rounds from VP 10, EP 50: VP 21, 32, 43; EP 60, 70, 74 (the maximum)."""
    events = run([Intent("rest")] * 3, until=150, setup=[hurt(10), tired(24)])
    after = [
        (e.segment, e.virtual_damage_points_after, e.endurance_points_after) for e in healed(events)
    ]
    assert after == [(50, 21, 60), (100, 32, 70), (150, 43, 74)]


def test_rest_at_full_vp_and_ep_gives_nothing() -> None:
    (heal,) = healed(run([Intent("rest")], until=50))
    assert (heal.virtual_damage_points, heal.endurance_points) == (0, 0)
    assert (heal.virtual_damage_points_after, heal.endurance_points_after) == (43, 74)


def test_a_rest_not_yet_complete_heals_nothing() -> None:
    """G-51: VP and EP come back when the round is over, not before."""
    assert healed(run([Intent("rest")], until=49, setup=[hurt(20)])) == []


# --- the wait action --------------------------------------------------------------------------


def test_wait_lasts_ten_segments_unless_told() -> None:
    events = run([Intent("wait"), Intent("wait", options={"segments": 25})], until=40)
    started = [(e.segment, e.completes_at) for e in events if isinstance(e, ActionStarted)]
    assert started == [(0, DEFAULT_WAIT_SEGMENTS), (10, 35)]
    resolved = [(e.segment, e.outcome) for e in events if isinstance(e, ActionResolved)]
    assert resolved == [(10, "done"), (35, "done")]


def test_resolve_wait_changes_nothing_and_costs_no_ep() -> None:
    events = run([Intent("wait", options={"segments": 5})], until=10)
    kinds = {type(e).__name__ for e in events}
    assert kinds == {"ActionStarted", "ActionResolved"}


@pytest.mark.parametrize("segments", [0, -3, 2.5, "ten", True])
def test_mands_action_refusals_wait_needs_a_whole_number_of_segments(segments: object) -> None:
    with pytest.raises(ActionRefused, match="wait needs"):
        run([Intent("wait", options={"segments": segments})], until=10)


def test_mands_register_actions_rest_and_wait(
    plugin_manager_factory: PluginManagerFactory,
) -> None:
    from mands_rulebook.combat import rest

    actions = collect_registries(plugin_manager_factory(rest)).actions
    assert actions["rest"].payload == REST and actions["wait"].payload == WAIT
    assert (REST.is_passive, REST.is_sustained, REST.needs_target) == (False, False, False)
    assert actions["rest"].plugin == "mands_rulebook.combat.rest"


def test_mands_rest_between_scenes_is_answered_by_the_rulebook() -> None:
    """G-50, G-296: two minutes (10 rounds) at full Body DP give Seraph back 11 VP and 10 EP a
    round; unconscious at Body DP 9, he comes to."""
    prepared = Simulation(load_scenario(SCENARIO)).prepare()
    carried = Carried(
        virtual_damage_points_lost=100,
        endurance_points_lost=Fraction(95),
        condition="unconscious",
    )
    rest = RestBetweenScenes(
        prepared.characters["seraph"], carried, 2, ScriptedDice([]), CHARTS, RuleDefaults()
    )
    after = prepared.pm.hook.mands_rest_between_scenes(rest=rest)
    assert after == Carried(minutes_rested=2)
