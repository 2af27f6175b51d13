"""Registrations (mands_sim.registry): stamped with their plugin, combined by order-free rules."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

import pytest

from mands_sim.api import hookimpl
from mands_sim.charts.loading import CHART_NAMES, load_standard_charts
from mands_sim.defaults import CoreDefaults, RuleDefaults, rule_default
from mands_sim.errors import DuplicateRegistrationError, PluginError, PluginValidationError
from mands_sim.plugins import MandsPluginManager, make_plugin_manager
from mands_sim.registry import (
    ENTRY_TYPES,
    ActionEntry,
    ChartEntry,
    CommandEntry,
    ConditionEntry,
    DefaultsEntry,
    Entry,
    MetricEntry,
    OptionalRuleEntry,
    OutcomeConditionEntry,
    PolicyEntry,
    PowerEntry,
    Register,
    Registrar,
    Registry,
    ReportSectionEntry,
    RulesetEntry,
    RuleStateEntry,
    SheetMakerEntry,
    SkillEntry,
    WeaknessEntry,
    build_charts,
    collect_registries,
    combine,
)

KINDS = [
    pytest.param(PowerEntry, "powers", marks=pytest.mark.hook("mands_register_powers")),
    pytest.param(SkillEntry, "skills", marks=pytest.mark.hook("mands_register_skills")),
    pytest.param(ActionEntry, "actions", marks=pytest.mark.hook("mands_register_actions")),
    pytest.param(
        OptionalRuleEntry, "optional_rules", marks=pytest.mark.hook("mands_register_optional_rules")
    ),
    pytest.param(PolicyEntry, "policies", marks=pytest.mark.hook("mands_register_policies")),
    pytest.param(ChartEntry, "charts", marks=pytest.mark.hook("mands_register_charts")),
    pytest.param(
        OutcomeConditionEntry,
        "outcome_conditions",
        marks=pytest.mark.hook("mands_register_outcome_conditions"),
    ),
    pytest.param(WeaknessEntry, "weaknesses", marks=pytest.mark.hook("mands_register_weaknesses")),
    pytest.param(ConditionEntry, "conditions", marks=pytest.mark.hook("mands_register_conditions")),
    pytest.param(
        RuleStateEntry, "rule_states", marks=pytest.mark.hook("mands_register_rule_states")
    ),
    pytest.param(MetricEntry, "metrics", marks=pytest.mark.hook("mands_register_metrics")),
    pytest.param(
        ReportSectionEntry,
        "report_sections",
        marks=pytest.mark.hook("mands_register_report_sections"),
    ),
    pytest.param(CommandEntry, "commands", marks=pytest.mark.hook("mands_register_commands")),
    pytest.param(
        SheetMakerEntry, "sheet_makers", marks=pytest.mark.hook("mands_register_sheet_makers")
    ),
    pytest.param(RulesetEntry, "rulesets", marks=pytest.mark.hook("mands_register_rulesets")),
    pytest.param(DefaultsEntry, "defaults", marks=pytest.mark.hook("mands_register_defaults")),
]


def payload_for(entry_type: type[Entry]) -> object:
    """A payload of ``entry_type`` the registry accepts: anything, but a class of named defaults
    for defaults."""
    if entry_type is not DefaultsEntry:
        return object()

    @dataclass(frozen=True)
    class MadeUpDefaults:
        G999_made_up: Literal["a", "b"] = rule_default(
            "G-999", "A made-up switch.", "a", ("a", "b")
        )

    return MadeUpDefaults


def registering(hook: str, *registrations: tuple[str, object], replaces: bool = False) -> object:
    """A plugin object whose ``hook`` registers each ``(name, payload)``."""

    class Plugin:
        pass

    def implementation(self: object, register: Register) -> None:
        for name, payload in registrations:
            register(name, payload, summary=f"{name} for tests", replaces=replaces)

    setattr(Plugin, hook, hookimpl(implementation))
    return Plugin()


def load(**plugins: object) -> MandsPluginManager:
    return make_plugin_manager(extra_plugins=plugins, load_entry_points=False, environ={})


def entry(name: str, plugin: str, entry_type: type[Entry] = PowerEntry) -> Entry:
    return entry_type(name, plugin, "third party", f"{name} summary", object())


def test_every_registration_hook_is_tested_here() -> None:
    assert [param.values[0] for param in KINDS] == list(ENTRY_TYPES)


@pytest.mark.parametrize(("entry_type", "field"), KINDS)
def test_registered_entry_carries_its_plugin(entry_type: type[Entry], field: str) -> None:
    payload = payload_for(entry_type)
    pm = load(maker=registering(entry_type.hook, ("Thing", payload)))

    registered = getattr(collect_registries(pm), field)["Thing"]

    assert (type(registered), registered.plugin) == (entry_type, "maker")
    assert registered.payload is payload


@pytest.mark.parametrize(("entry_type", "field"), KINDS)
def test_duplicate_registration_names_both_plugins(entry_type: type[Entry], field: str) -> None:
    pm = load(
        zulu=registering(entry_type.hook, ("Thing", payload_for(entry_type))),
        alpha=registering(entry_type.hook, ("Thing", payload_for(entry_type))),
    )

    with pytest.raises(DuplicateRegistrationError) as raised:
        collect_registries(pm)

    error = raised.value
    assert (error.first, error.plugin, error.name) == ("alpha", "zulu", "Thing")


@pytest.mark.hook("mands_register_charts")
def test_mands_register_charts_can_replace_a_chart_by_name() -> None:
    replacement = object()
    pm = load(
        rulebook=registering("mands_register_charts", ("action", "standard")),
        house=registering("mands_register_charts", ("action", replacement), replaces=True),
    )

    chart = collect_registries(pm).charts["action"]

    assert (chart.plugin, chart.replaces, chart.payload) == ("house", "rulebook", replacement)


def test_replacing_a_name_no_other_plugin_registers_fails() -> None:
    pm = load(house=registering("mands_register_charts", ("action", 1), replaces=True))

    with pytest.raises(PluginValidationError, match="no other plugin registers it") as raised:
        collect_registries(pm)

    assert raised.value.plugin == "house"


def test_two_plugins_replacing_one_name_name_both() -> None:
    registrations = [
        (entry("Zap", "base"), False),
        (entry("Zap", "one"), True),
        (entry("Zap", "two"), True),
    ]

    with pytest.raises(DuplicateRegistrationError) as raised:
        combine(registrations)

    assert (raised.value.first, raised.value.plugin) == ("one", "two")


def test_one_plugin_registering_a_name_twice_is_a_duplicate() -> None:
    with pytest.raises(DuplicateRegistrationError, match="already registered by plugin 'me'"):
        combine([(entry("Zap", "me"), False), (entry("Zap", "me"), False)])


def test_combined_registry_is_sorted_by_name() -> None:
    registry = combine([(entry(name, "p"), False) for name in ("b", "c", "a")])

    assert list(registry) == ["a", "b", "c"]


def test_duplicate_error_does_not_depend_on_registration_order() -> None:
    forward = [(entry("Zap", "alpha"), False), (entry("Zap", "zulu"), False)]

    messages = set()
    for registrations in (forward, forward[::-1]):
        with pytest.raises(DuplicateRegistrationError) as raised:
            combine(registrations)
        messages.add(str(raised.value))

    assert len(messages) == 1


@pytest.mark.parametrize(
    ("name", "summary", "source", "problem"),
    [
        ("", "fine", "third party", "name must be a non-empty string"),
        ("Zap", "two\nlines", "third party", "summary must be one non-empty line"),
        ("Zap", "fine", "rulebook", "source must be one of"),
    ],
)
def test_register_refuses_a_malformed_entry_naming_the_plugin(
    name: str, summary: str, source: Any, problem: str
) -> None:
    register = Registrar(PowerEntry, "sloppy")

    with pytest.raises(PluginValidationError, match=problem) as raised:
        register(name, object(), summary=summary, source=source)

    assert (raised.value.plugin, raised.value.hook) == ("sloppy", "mands_register_powers")


def test_registration_hook_returning_a_value_fails() -> None:
    class Returning:
        @hookimpl
        def mands_register_skills(self, register: Register) -> list[str]:
            return ["Fistfighting"]

    with pytest.raises(PluginValidationError, match="call register") as raised:
        collect_registries(load(returning=Returning()))

    assert raised.value.plugin == "returning"


def test_registry_lookup_of_an_unknown_name_raises_key_error() -> None:
    with pytest.raises(KeyError):
        Registry((entry("Zap", "p"),))["Zip"]


def test_by_plugin_lists_one_plugins_entries() -> None:
    registry = combine([(entry("a", "p"), False), (entry("b", "q"), False)])

    assert [e.name for e in registry.by_plugin("q")] == ["b"]


def test_build_charts_from_the_builtin_charts_plugin_gives_the_standard_charts() -> None:
    defaults = RuleDefaults()
    registries = collect_registries(make_plugin_manager(environ={}))

    assert build_charts(registries.charts, defaults) == load_standard_charts(defaults)


def test_build_charts_without_the_builtin_names_the_missing_charts() -> None:
    with pytest.raises(PluginError, match=", ".join(CHART_NAMES)):
        build_charts(Registry(), RuleDefaults())


def test_build_charts_refuses_a_chart_that_is_not_a_loader() -> None:
    charts = load_standard_charts(RuleDefaults())
    entries = [
        ChartEntry(name, "house", "third party", "x", lambda d, n=name: getattr(charts, n))
        for name in CHART_NAMES
        if name != "action"
    ]
    bad = ChartEntry("action", "house", "third party", "x", "not a loader")

    with pytest.raises(PluginValidationError, match="loader") as raised:
        build_charts(combine([(e, False) for e in (*entries, bad)]), RuleDefaults())

    assert raised.value.plugin == "house"


def test_build_charts_refuses_a_loader_returning_the_wrong_chart_type() -> None:
    charts = load_standard_charts(RuleDefaults())
    entries = [
        ChartEntry(name, "house", "third party", "x", lambda d, n=name: getattr(charts, n))
        for name in CHART_NAMES
        if name != "action"
    ]
    wrong = ChartEntry("action", "house", "third party", "x", lambda d: charts.ep_use)

    with pytest.raises(PluginValidationError, match="ActionChart") as raised:
        build_charts(combine([(e, False) for e in (*entries, wrong)]), RuleDefaults())

    assert raised.value.plugin == "house"


def test_build_charts_names_the_plugin_whose_loader_fails() -> None:
    def broken(defaults: RuleDefaults) -> None:
        raise OSError("chart file gone")

    entries = [ChartEntry(name, "house", "third party", "x", broken) for name in CHART_NAMES]

    with pytest.raises(PluginError, match="chart file gone") as raised:
        build_charts(combine([(e, False) for e in entries]), RuleDefaults())

    assert raised.value.plugin == "house"


@dataclass(frozen=True)
class SpellDefaults:
    G901_spell_range: Literal["short", "long"] = rule_default(
        "G-901", "How far a made-up spell reaches.", "short", ("short", "long")
    )


@dataclass(frozen=True)
class OtherSpellDefaults:
    G901_spell_range: Literal["near", "far"] = rule_default(
        "G-901", "The same switch name, declared again.", "near", ("near", "far")
    )


@pytest.mark.hook("mands_register_defaults")
def test_mands_register_defaults_adds_its_class_to_the_kinds_in_force() -> None:
    pm = load(spells=registering("mands_register_defaults", ("spells", SpellDefaults)))

    kinds = collect_registries(pm).default_kinds()

    assert kinds == (CoreDefaults, SpellDefaults)


def test_two_classes_declaring_one_default_name_both_plugins() -> None:
    pm = load(
        alpha=registering("mands_register_defaults", ("spells", SpellDefaults)),
        zulu=registering("mands_register_defaults", ("more-spells", OtherSpellDefaults)),
    )

    expected = "G901_spell_range in 'more-spells', as alpha does in 'spells'"
    with pytest.raises(PluginValidationError, match=expected) as raised:
        collect_registries(pm)

    assert raised.value.plugin == "zulu"


def test_a_class_may_not_redeclare_a_core_default() -> None:
    @dataclass(frozen=True)
    class Clash:
        G28_performance_time_rounding: Literal["up"] = rule_default("G-28", "Clash.", "up", ("up",))

    pm = load(clash=registering("mands_register_defaults", ("clash", Clash)))

    with pytest.raises(PluginValidationError, match="as mands_sim does"):
        collect_registries(pm)


def test_one_plugin_declaring_one_default_twice_names_both_entries() -> None:
    pm = load(
        spells=registering(
            "mands_register_defaults", ("a", SpellDefaults), ("b", OtherSpellDefaults)
        )
    )

    with pytest.raises(PluginValidationError, match="in 'b', as spells does in 'a'"):
        collect_registries(pm)


def test_a_class_of_defaults_cannot_replace_another() -> None:
    pm = load(
        base=registering("mands_register_defaults", ("spells", SpellDefaults)),
        house=registering("mands_register_defaults", ("spells", OtherSpellDefaults), replaces=True),
    )

    with pytest.raises(
        PluginValidationError, match="defaults are declared, not replaced"
    ) as raised:
        collect_registries(pm)

    assert raised.value.plugin == "house"


def defaults_class(name: str, standard: object, choices: tuple[object, ...]) -> type:
    """A frozen dataclass with one rule_default field ``name``."""
    field = rule_default("G-900", "Made up.", standard, choices)
    return dataclass(frozen=True)(
        type("Made", (), {"__annotations__": {name: object}, name: field})
    )


@pytest.mark.parametrize(
    ("payload", "expected"),
    [
        (defaults_class("ok_name", None, (None, "x")), "choices must be strings, numbers"),
        (defaults_class("ok_name", "z", ("x", "y")), "standard value 'z' is not a choice"),
        (defaults_class("ok_name", "x", ()), "choices must be strings, numbers"),
        (object(), "expected a dataclass of rule_default fields"),
        (dataclass(type("Loose", (), {"__annotations__": {"x": int}, "x": 1})), "frozen"),
        (
            dataclass(frozen=True)(type("Plain", (), {"__annotations__": {"x": int}, "x": 1})),
            "must be made with rule_default",
        ),
    ],
)
def test_a_defaults_payload_that_is_no_class_of_defaults_names_the_plugin(
    payload: object, expected: str
) -> None:
    pm = load(sloppy=registering("mands_register_defaults", ("sloppy", payload)))

    with pytest.raises(PluginValidationError, match=expected) as raised:
        collect_registries(pm)

    assert raised.value.plugin == "sloppy"
