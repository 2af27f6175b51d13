"""The kernel's view of the rules answered by the plugin hooks (``mands_sim.hook_rules``): the
modifiers of one roll and the refusals of one intent are asked once while nothing is logged."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path

import pytest

import mands_sim.hook_rules as hook_rules
from mands_rulebook.kit.fists import FIST_ATTACK
from mands_sim.actions import ActionDefinition, ActionInProgress, Intent, Modifier
from mands_sim.api import hookimpl
from mands_sim.conditions import WORE_OFF, ConditionDefinition
from mands_sim.errors import PluginHookError, PluginValidationError, UnknownConditionError
from mands_sim.events import ConditionEnded, ConditionImposed, EncounterStarted, Event
from mands_sim.kernel.contracts import Gate, Initiation
from mands_sim.kernel.encounter import Encounter
from mands_sim.registry import Register
from mands_sim.scenario import load_scenario
from mands_sim.simulation import Simulation

SCENARIO = Path(__file__).parent.parent / "scenarios" / "seraph_vs_sphinx.toml"


def test_a_built_encounter_asks_its_rules_through_hook_rules() -> None:
    encounter = Simulation(load_scenario(SCENARIO)).build()
    assert isinstance(encounter.rules, hook_rules.HookRules)


class CountingModifiers:
    """+2 to the pool and −1 to Q for purpose "test roll"; counts its calls."""

    def __init__(self) -> None:
        self.calls = 0

    @hookimpl
    def mands_bonus_pool_modifiers(
        self, encounter: Encounter, actor: str, intent: Intent, purpose: str
    ) -> list[Modifier]:
        if purpose != "test roll":
            return []
        self.calls += 1
        return [Modifier(2, "test"), Modifier(-1, "test", applies_to="quality")]


def counted_encounter() -> tuple[Encounter, CountingModifiers]:
    counter = CountingModifiers()
    spec = load_scenario(SCENARIO)
    return Simulation(spec, extra_plugins={"counter": counter}).build(), counter


def test_mands_bonus_pool_modifiers_is_asked_once_for_the_pool_and_the_quality_of_a_roll() -> None:
    encounter, counter = counted_encounter()
    intent = Intent("punch", target="sphinx")
    rules = encounter.rules
    pool = rules.bonus_pool(encounter, "seraph", intent, "test roll")
    quality = rules.quality_modifier(encounter, "seraph", intent, "test roll")
    assert (pool, quality, counter.calls) == (2, -1, 1)


def test_mands_bonus_pool_modifiers_is_asked_again_once_an_event_is_logged() -> None:
    encounter, counter = counted_encounter()
    intent = Intent("punch", target="sphinx")
    encounter.rules.bonus_pool(encounter, "seraph", intent, "test roll")
    encounter.emit([EncounterStarted(0, "test", 0, ("seraph", "sphinx"))])
    encounter.rules.quality_modifier(encounter, "seraph", intent, "test roll")
    assert counter.calls == 2


def test_mands_bonus_pool_modifiers_is_asked_again_for_another_roll() -> None:
    encounter, counter = counted_encounter()
    intent = Intent("punch", target="sphinx")
    encounter.rules.bonus_pool(encounter, "seraph", intent, "test roll")
    encounter.rules.quality_modifier(
        encounter, "seraph", Intent("punch", target="sphinx"), "test roll"
    )
    encounter.rules.quality_modifier(encounter, "seraph", intent, "test roll")
    assert counter.calls == 3


class CountingRefusals:
    def __init__(self) -> None:
        self.calls = 0

    @hookimpl
    def mands_action_refusals(self, encounter: Encounter, actor: str, intent: Intent) -> list[str]:
        self.calls += 1
        return ["not now"] if intent.reason == "rude" else []


def refusing_encounter(*, fast_calls: bool = True) -> tuple[Encounter, CountingRefusals]:
    counter = CountingRefusals()
    spec = load_scenario(SCENARIO)
    simulation = Simulation(spec, extra_plugins={"counter": counter}, fast_calls=fast_calls)
    return simulation.build(), counter


def test_mands_action_refusals_is_asked_once_per_intent_segment_and_log_length() -> None:
    encounter, counter = refusing_encounter()
    intent, other = Intent("punch", target="sphinx"), Intent("punch", "sphinx", reason="rude")
    answers = [encounter.rules.refusals(encounter, "seraph", i) for i in (intent, other, intent)]
    assert answers == [[], ["not now"], []]
    assert counter.calls == 2


def test_mands_action_refusals_is_asked_again_once_an_event_is_logged() -> None:
    encounter, counter = refusing_encounter()
    intent = Intent("punch", target="sphinx")
    encounter.rules.refusals(encounter, "seraph", intent)
    encounter.emit([EncounterStarted(0, "test", 0, ("seraph", "sphinx"))])
    encounter.rules.refusals(encounter, "seraph", intent)
    assert counter.calls == 2


def test_mands_action_refusals_without_fast_calls_is_asked_every_time() -> None:
    encounter, counter = refusing_encounter(fast_calls=False)
    intent = Intent("punch", target="sphinx")
    encounter.rules.refusals(encounter, "seraph", intent)
    encounter.rules.refusals(encounter, "seraph", intent)
    assert counter.calls == 2


class PercentNudges:
    """Two modifiers to Seraph's d100 rolls; nothing (``None``) for anyone else's."""

    @hookimpl
    def mands_percent_modifiers(
        self, encounter: Encounter, actor: str, purpose: str
    ) -> list[Modifier] | None:
        if actor != "seraph":
            return None
        return [Modifier(24, "nudge"), Modifier(-4, "nudge", applies_to="quality")]


def test_mands_percent_modifiers_sum_to_the_percent_change_whatever_they_apply_to() -> None:
    spec = load_scenario(SCENARIO)
    encounter = Simulation(spec, extra_plugins={"nudges": PercentNudges()}).build()
    rules = encounter.rules
    changes = [rules.percent_change(encounter, who, "save") for who in ("seraph", "sphinx")]
    assert changes == [20, 0]


class Smoke:
    """Registers "blinded" (a mark) and blinds the first character for a round, each round."""

    @hookimpl
    def mands_register_conditions(self, register: Register) -> None:
        register("blinded", ConditionDefinition("blinded", "smoke", False), summary="smoke")

    @hookimpl
    def mands_payment_segment(self, encounter: Encounter) -> list[Event]:
        until = encounter.time.next_payment_segment(encounter.now)
        first = encounter.state.ids()[0]
        return [ConditionImposed(encounter.now, first, "blinded", None, until=until)]


def test_mands_payment_segment_events_are_logged_once_a_round() -> None:
    spec = load_scenario(SCENARIO.with_name("grunts.toml"))
    encounter = Simulation(spec, extra_plugins={"smoke": Smoke()}).build()
    encounter.run()
    imposed = [e.segment for e in encounter.log if isinstance(e, ConditionImposed)]
    payments = [encounter.time.next_payment_segment(0)]
    while len(payments) < len(imposed):
        payments.append(encounter.time.next_payment_segment(payments[-1]))
    assert imposed and imposed == payments
    worn = [e for e in encounter.log if isinstance(e, ConditionEnded)]
    assert all(e.reason == WORE_OFF for e in worn)


def test_mands_register_conditions_gives_the_kernel_its_definitions() -> None:
    encounter = Simulation(load_scenario(SCENARIO), extra_plugins={"smoke": Smoke()}).build()
    assert encounter.rules.condition("blinded").stops_actions is False
    with pytest.raises(UnknownConditionError, match=r"'netted'.*registered: \[.*'blinded'"):
        encounter.rules.condition("netted")


class Misnamed:
    @hookimpl
    def mands_register_conditions(self, register: Register) -> None:
        register("held", ConditionDefinition("grabbed", "a hold"), summary="a hold")


def test_a_condition_registered_under_another_name_fails_naming_the_plugin() -> None:
    with pytest.raises(PluginValidationError, match=r"plugin 'misnamed'.*'held'"):
        Simulation(load_scenario(SCENARIO), extra_plugins={"misnamed": Misnamed()}).build()


def clumsy_break_out(
    encounter: Encounter, character: str, imposed: ConditionImposed
) -> list[Event]:
    raise ZeroDivisionError("division by zero")


class Clumsy:
    """Nets the first character at segment 0; its break-out raises."""

    @hookimpl
    def mands_register_conditions(self, register: Register) -> None:
        netted = ConditionDefinition("netted", "a net", break_out=clumsy_break_out)
        register("netted", netted, summary="a net")

    @hookimpl
    def mands_encounter_opening(self, encounter: Encounter) -> list[Event]:
        return [ConditionImposed(0, encounter.state.ids()[0], "netted", None)]


def test_a_break_out_that_raises_names_its_plugin_and_keeps_the_error() -> None:
    spec = load_scenario(SCENARIO.with_name("grunts.toml"))
    encounter = Simulation(spec, extra_plugins={"clumsy": Clumsy()}).build()
    with pytest.raises(
        PluginHookError, match=r"plugin 'clumsy'.*'netted'.*ZeroDivisionError"
    ) as raised:
        encounter.run()
    assert isinstance(raised.value.__cause__, ZeroDivisionError)


# -- the initiation pipeline (docs/hooks.md) ---------------------------------------------------


def marker(label: str) -> Event:
    return EncounterStarted(0, label, 0, ())


def labels(initiation: Initiation) -> list[str]:
    return [e.scenario for e in initiation.events if isinstance(e, EncounterStarted)]


class Staged:
    """A plugin at every stage of the initiation pipeline, marking each step it takes; with
    ``instead`` its gate starts a 7-segment action of its own in place of the asked one."""

    def __init__(self, label: str, *, instead: bool = False) -> None:
        self.label = label
        self.instead = instead

    @contextmanager
    def noticing(self) -> Iterator[list[Event]]:
        noticed: list[Event] = []
        yield noticed
        noticed.append(marker(f"{self.label} noticed"))

    @hookimpl
    def mands_initiation_watch(self, encounter: Encounter, actor: str, intent: Intent) -> object:
        return self.noticing()

    @hookimpl
    def mands_initiation_gate(
        self, encounter: Encounter, actor: str, intent: Intent, definition: ActionDefinition
    ) -> Gate:
        own = Initiation(7, events=(marker(f"{self.label} instead"),))
        return Gate(
            events=(marker(f"{self.label} gate"),),
            instead=own if self.instead else None,
            then=lambda i: replace(i, events=(marker(f"{self.label} frame"), *i.events)),
        )

    @hookimpl
    def mands_initiation_adjust(
        self,
        encounter: Encounter,
        actor: str,
        intent: Intent,
        definition: ActionDefinition,
        initiation: Initiation,
    ) -> Initiation:
        marked = (*initiation.events, marker(f"{self.label} adjust"))
        return replace(initiation, performance_time=initiation.performance_time + 1, events=marked)


def staged_initiation(plugins: dict[str, object]) -> Initiation:
    encounter = Simulation(load_scenario(SCENARIO), extra_plugins=plugins).build()
    punch = Intent("fist-attack", target="sphinx")
    definition = encounter.rules.definition(punch.action)
    return encounter.rules.initiate(encounter, "seraph", punch, definition)


def test_mands_initiation_adjust_gate_and_watch_run_in_stated_stages_by_plugin_name() -> None:
    plain = staged_initiation({})
    staged = staged_initiation({"b-staged": Staged("b"), "a-staged": Staged("a")})
    assert labels(staged) == [
        "b frame", "a frame",  # each gate's frame, in name order, last
        "a gate", "b gate",  # the gates' events first among the action's
        "a adjust", "b adjust",  # folded in name order after the action's own
        "a noticed", "b noticed",  # what the watches noticed, after everything
    ]  # fmt: skip
    assert staged.performance_time == plain.performance_time + 2
    own = [e for e in staged.events if not isinstance(e, EncounterStarted)]
    assert own == list(plain.events)


def test_mands_initiation_gate_order_is_by_name_not_registration() -> None:
    one = staged_initiation({"b-staged": Staged("b"), "a-staged": Staged("a")})
    other = staged_initiation({"a-staged": Staged("a"), "b-staged": Staged("b")})
    assert labels(one) == labels(other)


def test_mands_initiation_gate_instead_skips_the_actions_own_rules_and_the_adjustments() -> None:
    staged = staged_initiation({"a-staged": Staged("a", instead=True), "b-staged": Staged("b")})
    assert labels(staged) == [
        "b frame", "a frame", "a gate", "b gate", "a instead", "a noticed", "b noticed"
    ]  # fmt: skip
    assert staged.performance_time == 7
    assert len(staged.events) == 7  # no roll of the punch's own


def test_mands_initiation_watch_sees_an_error_and_logs_nothing() -> None:
    class Failing(Staged):
        @hookimpl
        def mands_initiation_adjust(self, initiation: Initiation) -> Initiation:  # type: ignore[override]
            raise RuntimeError("adjusting failed")

    exited: list[bool] = []

    class Watching(Staged):
        @contextmanager
        def noticing(self) -> Iterator[list[Event]]:
            try:
                yield []
            finally:
                exited.append(True)

    with pytest.raises(PluginHookError, match="adjusting failed"):
        staged_initiation({"a-failing": Failing("a"), "b-watching": Watching("b")})
    assert exited == [True]


# -- the resolution pipeline (docs/hooks.md) ---------------------------------------------------


class Resolving:
    """A plugin at every stage of the resolution pipeline, marking each step; with ``instead``
    its gate answers for the action."""

    def __init__(self, label: str, *, instead: bool = False) -> None:
        self.label = label
        self.instead = instead

    @contextmanager
    def noticing(self) -> Iterator[list[Event]]:
        noticed: list[Event] = []
        yield noticed
        noticed.append(marker(f"{self.label} noticed"))

    @hookimpl
    def mands_resolution_watch(
        self, encounter: Encounter, actor: str, action: ActionInProgress
    ) -> object:
        return self.noticing()

    @hookimpl
    def mands_resolution_gate(
        self, encounter: Encounter, actor: str, action: ActionInProgress
    ) -> list[Event] | None:
        return [marker(f"{self.label} instead")] if self.instead else None

    @hookimpl
    def mands_resolution_adjust(
        self, encounter: Encounter, actor: str, action: ActionInProgress, events: list[Event]
    ) -> list[Event]:
        return [*events, marker(f"{self.label} adjust")]


def resolved(plugins: dict[str, object]) -> list[Event]:
    encounter = Simulation(load_scenario(SCENARIO), extra_plugins=plugins).build()
    punch = Intent("fist-attack", target="sphinx")
    action = encounter.initiate("seraph", punch)
    return encounter.rules.resolve(encounter, "seraph", action)


def test_mands_resolution_adjust_and_watch_run_in_stated_stages_by_plugin_name() -> None:
    plain = resolved({})
    events = resolved({"b-resolving": Resolving("b"), "a-resolving": Resolving("a")})
    labels = [e.scenario for e in events if isinstance(e, EncounterStarted)]
    assert labels == ["a noticed", "b noticed", "a adjust", "b adjust"]
    assert [e for e in events if not isinstance(e, EncounterStarted)] == plain


def test_mands_resolution_gate_first_by_name_answers_instead_of_the_actions_own_rules() -> None:
    events = resolved(
        {"b-resolving": Resolving("b", instead=True), "a-resolving": Resolving("a", instead=True)}
    )
    labels = [e.scenario for e in events if isinstance(e, EncounterStarted)]
    assert labels == ["a noticed", "b noticed", "a instead", "a adjust", "b adjust"]
    assert len(events) == 5  # the punch itself resolved nothing


def clumsy_initiate(
    encounter: Encounter, actor: str, intent: Intent, definition: ActionDefinition
) -> Initiation:
    raise ZeroDivisionError("division by zero")


class ClumsyPunch:
    """Registers a ``fist-attack`` of its own whose start raises."""

    @hookimpl
    def mands_register_actions(self, register: Register) -> None:
        punch = replace(FIST_ATTACK, initiate=clumsy_initiate)
        register(punch.name, punch, summary="a clumsy punch", replaces=True)


def test_an_error_in_an_actions_own_rules_names_the_plugin_that_registered_it() -> None:
    with pytest.raises(PluginHookError) as raised:
        staged_initiation({"clumsy": ClumsyPunch()})
    assert raised.value.plugin == "clumsy"
    assert "initiate of action 'fist-attack': ZeroDivisionError: division by zero" in str(
        raised.value
    )
    assert isinstance(raised.value.__cause__, ZeroDivisionError)


def test_mands_resolution_watch_logs_what_it_noticed_before_the_resolutions_events() -> None:
    events = resolved({"a-resolving": Resolving("a")})
    assert isinstance(events[0], EncounterStarted)
    assert events[0].scenario == "a noticed"
    assert not any(isinstance(e, EncounterStarted) for e in events[1:-1])


def test_mands_initiation_gate_instead_is_not_resolved_by_the_actions_own_rules() -> None:
    """What a gate started in place of a punch does nothing of the punch's when it completes:
    no Attack against Defense, no blow (its resolution's gates and adjustments still run)."""
    encounter = Simulation(
        load_scenario(SCENARIO), extra_plugins={"a-staged": Staged("a", instead=True)}
    ).build()
    action = encounter.initiate("seraph", Intent("fist-attack", target="sphinx"))
    assert action.definition.resolve is None
    assert action.definition == encounter.rules.definition("fist-attack")
    assert encounter.rules.resolve(encounter, "seraph", action) == []


class Sloppy:
    """Answers each pipeline hook with something of the wrong kind."""

    def __init__(self, stage: str) -> None:
        self.stage = stage

    @hookimpl
    def mands_initiation_gate(self) -> object:
        return ["not", "a", "gate"] if self.stage == "gate" else None

    @hookimpl
    def mands_initiation_adjust(self) -> object:
        return 7 if self.stage == "adjust" else None


@pytest.mark.parametrize(
    ("stage", "hook", "answer"),
    [
        ("gate", "mands_initiation_gate", "['not', 'a', 'gate']"),
        ("adjust", "mands_initiation_adjust", "7"),
    ],
)
def test_a_pipeline_answer_of_the_wrong_kind_names_the_plugin_that_gave_it(
    stage: str, hook: str, answer: str
) -> None:
    with pytest.raises(PluginHookError) as raised:
        staged_initiation({"sloppy": Sloppy(stage)})
    assert (raised.value.plugin, raised.value.hook) == ("sloppy", hook)
    assert f"returned {answer}, not" in str(raised.value)


# -- the status check's stages (docs/hooks.md) -------------------------------------------------


class Checking:
    """Watches and adjusts every status check, marking each step."""

    def __init__(self, label: str) -> None:
        self.label = label

    @contextmanager
    def noticing(self) -> Iterator[list[Event]]:
        noticed: list[Event] = []
        yield noticed
        noticed.append(marker(f"{self.label} noticed"))

    @hookimpl
    def mands_status_watch(self, encounter: Encounter, actor: str) -> object:
        return self.noticing()

    @hookimpl
    def mands_status_adjust(self, events: list[Event]) -> list[Event]:
        return [*events, marker(f"{self.label} adjust")]


def test_mands_status_watch_and_mands_status_adjust_stage_the_check_by_plugin_name() -> None:
    plain = Simulation(load_scenario(SCENARIO)).build()
    encounter = Simulation(
        load_scenario(SCENARIO),
        extra_plugins={"b-checking": Checking("b"), "a-checking": Checking("a")},
    ).build()
    checked = plain.rules.status_checks(plain, "seraph")
    events = encounter.rules.status_checks(encounter, "seraph")
    labels = [e.scenario for e in events if isinstance(e, EncounterStarted)]
    assert labels == ["a noticed", "b noticed", "a adjust", "b adjust"]
    assert [e for e in events if not isinstance(e, EncounterStarted)] == checked


class Curt:
    """Refuses with a bare string instead of a list of reasons."""

    @hookimpl
    def mands_action_refusals(self) -> object:
        return "too tired"


def test_mands_action_refusals_that_are_not_a_list_name_their_plugin() -> None:
    encounter = Simulation(load_scenario(SCENARIO), extra_plugins={"curt": Curt()}).build()
    with pytest.raises(PluginHookError, match=r"plugin 'curt'.*returned 'too tired', not list"):
        encounter.refused("seraph", Intent("fist-attack", target="sphinx"))
