"""A whole run through the plugin hooks: the action protocol, determinism, plugin order."""

from __future__ import annotations

import dataclasses
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mands_rulebook.kit import fists
from mands_rulebook.kit.fists import FIST_ATTACK
from mands_sim.actions import ActionDefinition, ActionInProgress, Intent, Modifier
from mands_sim.api import hookimpl
from mands_sim.conditions import ConditionDefinition
from mands_sim.errors import PluginHookError
from mands_sim.events import (
    ActionDropped,
    ActionStarted,
    AttackResolved,
    ConditionImposed,
    DecisionMade,
    EncounterStarted,
    EndurancePaid,
    Event,
    OutOfAction,
    RollMade,
    to_json_line,
)
from mands_sim.kernel import snapshot
from mands_sim.kernel.contracts import ActionRefused, Charge, Initiation
from mands_sim.kernel.encounter import Encounter
from mands_sim.registry import Register
from mands_sim.scenario import load_scenario, parse_scenario
from mands_sim.simulation import Simulation
from tests.data.fighters import grunt

SCENARIO = Path(__file__).parent.parent / "scenarios" / "seraph_vs_sphinx.toml"


def run(*plugins: object, seed: int = 7, until: int | None = None) -> list[Event]:
    events: list[Event] = []
    extra = {f"test-{i}": plugin for i, plugin in enumerate(plugins)}
    Simulation(load_scenario(SCENARIO), seed=seed, extra_plugins=extra).run(
        until=until, observers=[events.append]
    )
    return events


def log(events: list[Event]) -> str:
    return "".join(to_json_line(e) + "\n" for e in events)


class Refuser:
    @hookimpl
    def mands_action_refusals(self, encounter: Encounter, actor: str, intent: Intent) -> list[str]:
        return ["gloves off"] if actor == "sphinx" else []


def test_mands_action_refusals_refuse_the_action_and_the_policy_respects_it() -> None:
    events = run(Refuser(), until=200)
    starters = {e.character for e in events if isinstance(e, ActionStarted)}  # type: ignore[attr-defined]
    assert starters == {"seraph"}
    encounter = Simulation(load_scenario(SCENARIO), extra_plugins={"refuser": Refuser()}).build()
    with pytest.raises(ActionRefused, match="gloves off"):
        encounter.initiate("sphinx", Intent("fist-attack", target="seraph"))


class Bonus:
    def __init__(self, amount: int) -> None:
        self.amount = amount

    @hookimpl
    def mands_bonus_pool_modifiers(
        self, encounter: Encounter, actor: str, intent: Intent, purpose: str
    ) -> list[Modifier]:
        return [Modifier(self.amount, "test", purpose)]


def test_mands_bonus_pool_modifiers_are_summed_into_the_combat_pool() -> None:
    """Seraph's pool is ⌊Learning 11/10⌋ = 1; modifiers +3 and −1 make it 3."""
    events = run(Bonus(3), Bonus(-1), until=0)
    pools = {e.character: e.bonus_pool for e in events if isinstance(e, RollMade)}  # type: ignore[attr-defined]
    assert pools["seraph"] == 3


def quick_jab(
    encounter: Encounter, actor: str, intent: Intent, definition: ActionDefinition
) -> Initiation:
    blow = {"attack": 0, "defense": 0, "damage": 0, "withheld": 0}
    return Initiation(5, charges=(Charge(0, "jab"),), prepared=blow)


class QuickJab:
    """Registers its own ``fist-attack`` in place of the rulebook's: a 5-segment jab."""

    @hookimpl
    def mands_register_actions(self, register: Register) -> None:
        jab = dataclasses.replace(FIST_ATTACK, initiate=quick_jab, resolve=fists.resolve)
        register(jab.name, jab, summary="a quick jab", replaces=True)


def test_mands_register_actions_a_plugin_takes_over_the_fist_attack() -> None:
    events = run(QuickJab(), until=5)
    resolved = [e.segment for e in events if isinstance(e, AttackResolved)]
    assert resolved == [5, 5]  # both jabs land on segment 5, not 15


class Pacifist:
    @hookimpl
    def mands_resolution_gate(
        self, encounter: Encounter, actor: str, action: ActionInProgress
    ) -> list[Event]:
        return []


def test_mands_resolution_gate_a_plugin_replaces_the_blow() -> None:
    events = run(Pacifist(), until=60)
    assert not [e for e in events if isinstance(e, AttackResolved)]


class Commentator:
    @hookimpl
    def mands_action_after(
        self, encounter: Encounter, actor: str, action: ActionInProgress
    ) -> list[Event]:
        return [DecisionMade(encounter.now, actor, action.name, None, "commentary")]


def test_mands_action_after_events_follow_each_resolution() -> None:
    events = run(Commentator(), until=30)
    comments = [e for e in events if isinstance(e, DecisionMade)]
    resolutions = [e for e in events if isinstance(e, AttackResolved)]
    assert len(comments) == len(resolutions) > 0


class GlassJaw:
    @hookimpl
    def mands_status_check(self, encounter: Encounter, actor: str) -> list[Event]:
        if (
            encounter.state[actor].virtual_damage_points
            < encounter.character(actor).figured.virtual_damage_points
        ):
            return [OutOfAction(encounter.now, actor, "unconscious")]
        return []


def test_mands_status_check_a_harsher_rule_ends_the_fight_at_the_first_hit() -> None:
    events = run(GlassJaw())
    (out,) = [e for e in events if isinstance(e, OutOfAction)]
    first_hit = next(e for e in events if isinstance(e, AttackResolved) and e.hit)  # type: ignore[attr-defined]
    assert out.segment == first_hit.segment


AMBUSHED = ConditionDefinition("ambushed", "starts nothing until it wears off", keeps_actions=True)


class Ambush:
    @hookimpl
    def mands_register_conditions(self, register: Register) -> None:
        register(AMBUSHED.name, AMBUSHED, summary=AMBUSHED.summary, source="third party")

    @hookimpl
    def mands_encounter_opening(self, encounter: Encounter) -> list[Event]:
        return [ConditionImposed(0, "sphinx", AMBUSHED.name, None, until=10)]


def test_mands_encounter_opening_settles_surprise_before_anyone_acts() -> None:
    """An ambush at the opening holds the Sphinx until segment 10; the Seraph acts at once."""
    events = run(Ambush(), until=40)
    assert isinstance(events[1], ConditionImposed)
    starts = [(e.character, e.segment) for e in events if isinstance(e, ActionStarted)]  # type: ignore[attr-defined]
    assert ("seraph", 0) in starts
    assert min(segment for who, segment in starts if who == "sphinx") == 10


MEDITATE = ActionDefinition("meditate", performance_time=200, is_sustained=True, ep_row=7)


class Meditation:
    """A sustained action whose hold breaks at the second Payment Segment."""

    @hookimpl
    def mands_register_actions(self, register: Any) -> None:
        meditate = dataclasses.replace(MEDITATE, initiate=self.initiate)
        register("meditate", meditate, summary="Sit still and breathe.")

    def initiate(
        self, encounter: Encounter, actor: str, intent: Intent, definition: ActionDefinition
    ) -> Initiation:
        return Initiation(definition.performance_time, charges=(Charge(7, "meditate"),))

    @hookimpl
    def mands_action_sustain(
        self, encounter: Encounter, actor: str, action: ActionInProgress
    ) -> list[Event]:
        if encounter.now < 100:
            return []
        return [ActionDropped(encounter.now, actor, action.name, action.action_id, "distracted")]


class Meditator:
    def choose(self, encounter: Encounter, actor: str) -> Intent | None:
        return None if encounter.state[actor].ep_spent else Intent("meditate")


def test_mands_action_sustain_can_end_a_sustained_action_before_it_pays() -> None:
    events: list[Event] = []
    simulation = Simulation(
        load_scenario(SCENARIO),
        seed=7,
        extra_plugins={"test-meditation": Meditation()},
        minds={"seraph": Meditator(), "sphinx": Meditator()},  # type: ignore[dict-item]
    )
    simulation.run(until=150, observers=[events.append])
    paid = [(e.character, e.segment) for e in events if isinstance(e, EndurancePaid)]  # type: ignore[attr-defined]
    assert paid == [("seraph", 0), ("sphinx", 0), ("seraph", 50), ("sphinx", 50)]
    dropped = [(e.character, e.segment) for e in events if isinstance(e, ActionDropped)]  # type: ignore[attr-defined]
    assert dropped == [("seraph", 100), ("sphinx", 100)]


class Broken:
    @hookimpl
    def mands_bonus_pool_modifiers(
        self, encounter: Any, actor: str, intent: Any, purpose: str
    ) -> Any:
        raise RuntimeError("broken plugin")


def test_a_plugin_raising_during_a_run_is_named() -> None:
    with pytest.raises(PluginHookError, match=r"test-0.*mands_bonus_pool_modifiers") as caught:
        run(Broken())
    assert caught.value.plugin == "test-0"


def test_a_fist_fight_runs_to_a_knockout() -> None:
    events = run()
    assert [e.kind for e in events][-1] == "encounter-ended"
    assert any(isinstance(e, OutOfAction) for e in events)


def test_same_seed_gives_a_byte_identical_log() -> None:
    assert log(run(seed=11)) == log(run(seed=11))


def test_different_seeds_give_different_fights() -> None:
    assert log(run(seed=11)) != log(run(seed=12))


def test_the_log_is_identical_in_another_process(tmp_path: Path) -> None:
    out = tmp_path / "log.jsonl"
    command = [sys.executable, "-m", "mands_sim", "replay", str(SCENARIO), "--seed", "11",
               "--jsonl", str(out)]  # fmt: skip
    subprocess.run(command, check=True, capture_output=True)
    assert out.read_text(encoding="utf-8") == log(run(seed=11))


class ExtraRoll:
    """Rolls one extra die on Seraph's own stream every time he starts an action."""

    @hookimpl
    def mands_initiation_gate(
        self, encounter: Encounter, actor: str, intent: Intent, definition: ActionDefinition
    ) -> None:
        if actor == "seraph":
            encounter.dice_for(actor).face(10)


def test_an_extra_roll_for_one_character_leaves_the_others_dice_alone() -> None:
    """DESIGN.md keyed substreams: the Sphinx's first rolls are the same either way."""

    def sphinx_rolls(events: list[Event]) -> list[tuple[int, ...]]:
        return [e.faces for e in events if isinstance(e, RollMade) and e.character == "sphinx"][:2]  # type: ignore[attr-defined]

    assert sphinx_rolls(run(ExtraRoll(), until=15)) == sphinx_rolls(run(until=15))


def run_with(plugins: list[tuple[str, object]], seed: int) -> str:
    events: list[Event] = []
    Simulation(load_scenario(SCENARIO), seed=seed, extra_plugins=dict(plugins)).run(
        observers=[events.append]
    )
    return log(events)


@settings(max_examples=10, deadline=None)
@given(st.randoms(use_true_random=False))
def test_plugin_registration_order_never_changes_the_log(rng: random.Random) -> None:
    """STYLE.md: shuffle plugin registration order and expect the same event log."""
    plugins = [("p0", Bonus(2)), ("p1", Bonus(-1)), ("p2", Commentator()), ("p3", Bonus(1))]
    shuffled = list(plugins)
    rng.shuffle(shuffled)
    assert run_with(shuffled, seed=3) == run_with(plugins, seed=3)


def test_one_simulation_runs_many_seeds_as_fresh_ones_would() -> None:
    spec = load_scenario(SCENARIO)
    shared = Simulation(spec)
    for seed in (1, 2, 3):
        assert shared.run(seed=seed) == Simulation(spec, seed=seed).run()


def test_a_recording_simulation_can_be_snapshotted_and_recreated() -> None:
    simulation = Simulation(load_scenario(SCENARIO), seed=5, record=True)
    encounter = simulation.start()
    encounter.run(until=30)
    shot = snapshot.take_snapshot(encounter)
    again = snapshot.recreate(simulation, shot)
    assert [to_json_line(e) for e in again.log] == [to_json_line(e) for e in encounter.log]


def test_start_logs_the_encounter_start_first() -> None:
    encounter = Simulation(load_scenario(SCENARIO), seed=5).start()
    assert [type(e) for e in encounter.log] == [EncounterStarted]


class Clumsy:
    """An optional rule: every Combat Roll at −10."""

    @hookimpl
    def mands_bonus_pool_modifiers(
        self, encounter: Encounter, actor: str, intent: Intent, purpose: str
    ) -> list[Modifier]:
        return [Modifier(-10, "clumsy")] if purpose == "combat" else []


class OffersClumsy:
    @hookimpl
    def mands_register_optional_rules(self, register: Any) -> None:
        register("clumsy", Clumsy(), summary="every Combat Roll at -10")


def rolls_needed(simulation: Simulation) -> set[int]:
    events: list[Event] = []
    simulation.run(until=0, observers=[events.append])
    return {e.target + e.pool_bonus for e in events if isinstance(e, RollMade)}  # type: ignore[attr-defined]


def test_mands_register_optional_rules_an_optional_rule_runs_only_when_switched_on() -> None:
    spec = load_scenario(SCENARIO)
    off = Simulation(spec, extra_plugins={"offers": OffersClumsy()})
    on = Simulation(
        dataclasses.replace(spec, optional_rules=("clumsy",)),
        extra_plugins={"offers": OffersClumsy()},
    )
    assert rolls_needed(off) == {15, 12}  # Seraph needs 15, the Sphinx 12 (the combat example)
    # Combat Rolls 14 and 11 with pool 1 − 10 = −9, −8 on the Sphere chart: need 6 and 3.
    assert rolls_needed(on) == {6, 3}
    assert on.prepare().pm.get_plugin("optional-rule:clumsy") is not None


class TenSegmentTurns:
    """Actions start and complete on multiples of 10 (as Simpler Combat's Combat Turns)."""

    def initiation_segment(self, earliest: int) -> int:
        return -(-earliest // 10) * 10

    def completion_segment(self, start: int, performance_time: int) -> int:
        return start + max(1, performance_time // 10) * 10

    def next_payment_segment(self, after: int) -> int:
        return (after // 50 + 1) * 50


class Turns:
    @hookimpl
    def mands_time_model(self, encounter_scenario: Any) -> Any:
        return TenSegmentTurns()


def test_mands_time_model_a_plugin_replaces_the_segment_clock() -> None:
    events = run(Turns(), until=60)
    starts = [e.segment for e in events if isinstance(e, ActionStarted)]
    resolutions = [e.segment for e in events if isinstance(e, AttackResolved)]
    assert starts and all(segment % 10 == 0 for segment in starts + resolutions)


# -- fast calls: the same event logs with and without them ------------------------------------

SCENARIOS = sorted((Path(__file__).parent.parent / "scenarios").glob("*.toml"))


def logs_of(path: Path, *, fast_calls: bool, seeds: range) -> list[str]:
    simulation = Simulation(load_scenario(path), fast_calls=fast_calls)
    logs = []
    for seed in seeds:
        events: list[Event] = []
        simulation.run(seed=seed, until=300, observers=[events.append])
        logs.append(log(events))
    return logs


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_fast_calls_leave_every_bundled_scenarios_event_log_unchanged(path: Path) -> None:
    """Action dispatch (``@answers_actions``) and refusals asked once are only faster: every
    bundled scenario logs the same events, byte for byte, with them on and off."""
    seeds = range(2)
    fast = logs_of(path, fast_calls=True, seeds=seeds)
    assert fast == logs_of(path, fast_calls=False, seeds=seeds)
    assert all(text.count('"kind":"action-resolved"') > 1 for text in fast)


def tired_and_running_logs(*, fast_calls: bool) -> list[str]:
    """A grunt that tires easily (8-Ball's 2x EP and Diamondback's fatigue, G-266, G-267) and
    runs (seed "Running") against one of low self-control (G-264, G-265), ten meters apart,
    fighting to a knockout, seeds 0 to 3."""
    runner = grunt(
        skills={"Fistfighting": 2, "Running": 3},
        weaknesses=[{"kind": "tires-easily", "ep_multiplier": 2, "fatigue_after": 1}],
    )
    hothead = grunt(weaknesses=[{"kind": "low-self-control"}])
    data = {
        "format": 1,
        "name": "tired runners",
        "map": {
            "places": [{"name": "a", "x": 0.0, "y": 0.0}, {"name": "b", "x": 10.0, "y": 0.0}],
            "edges": [{"between": ["a", "b"]}],
        },
        "sides": [
            {"name": "first", "characters": [{"id": "tired", "sheet": runner, "place": "a"}]},
            {"name": "second", "characters": [{"id": "fresh", "sheet": hothead, "place": "b"}]},
        ],
        "stop": {"time_limit": 600},
    }
    simulation = Simulation(
        parse_scenario(data, base_dir=SCENARIOS[0].parent), fast_calls=fast_calls
    )
    logs = []
    for seed in range(4):
        events: list[Event] = []
        simulation.run(seed=seed, observers=[events.append])
        logs.append(log(events))
    return logs


def test_implementations_answering_some_characters_leave_the_event_log_unchanged() -> None:
    """``@answers_characters`` (the weaknesses' rules, Running and Weightlifting) only leaves
    out calls that answer nothing: a tired runner's fight logs the same with dispatch on and
    off, and his weakness and skill are in it."""
    fast = tired_and_running_logs(fast_calls=True)
    assert fast == tired_and_running_logs(fast_calls=False)
    assert all('"reason":"tires easily"' in text for text in fast)
    assert any('"kind":"moved"' in text for text in fast)
    assert any('"weakness_kind":"low-self-control"' in text for text in fast)
