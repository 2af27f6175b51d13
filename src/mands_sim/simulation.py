"""The composition root: one scenario, one seed, one run (DESIGN.md "Data flow (one run)").

:class:`Simulation` builds everything a run needs from a loaded scenario — a fresh plugin
manager, the registries, the charts and named defaults, the characters with their figured
attributes, one policy per character, keyed dice — and runs the encounter on the kernel.
:class:`~mands_sim.hook_rules.HookRules` is the kernel's view of the rules (every question goes
to a plugin hook); :func:`~mands_sim.outcome.summarise` sums a run up.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import cast

import pluggy

from mands_sim.carry import FRESH, Carried
from mands_sim.charts.loading import Charts
from mands_sim.defaults import CoreDefaults, default_switches, defaults_problems, switches_of
from mands_sim.dice import DiceSource, SeededDice
from mands_sim.errors import MandsSimError, Problem, ScenarioError, ScenarioProblems
from mands_sim.events import EncounterStarted
from mands_sim.hook_rules import (
    HookRules,
    metric_definitions,
    report_section_definitions,
    rule_states,
)
from mands_sim.kernel import snapshot
from mands_sim.kernel.contracts import Mind, Observer, OutcomeCondition
from mands_sim.kernel.encounter import Encounter
from mands_sim.kernel.state import CharacterState
from mands_sim.kernel.time import TimeModel
from mands_sim.metrics import Metric
from mands_sim.model.character import Character, Figured, Sheet
from mands_sim.objectives import objective_conditions
from mands_sim.outcome import RunResult, summarise
from mands_sim.plugin_calls import action_declarations, figured_adjustments
from mands_sim.plugins import (
    OPTIONAL_RULE_PLUGIN,
    check_event_classes,
    check_requirements,
    installed_entry_points,
    make_plugin_manager,
    named_plugins,
)
from mands_sim.policy.checks import rule_problems, with_power_defaults
from mands_sim.policy.errors import PolicyOptionsError
from mands_sim.policy.priority import PriorityPolicy
from mands_sim.registry import Registries, build_charts, collect_registries
from mands_sim.rulesets import RulesetDefinition, ruleset_definition
from mands_sim.scenario import (
    CharacterSpec,
    ScenarioSpec,
    check_plugin_names,
    name_problems,
    sheet_problems,
)
from mands_sim.world import Position, World

DEFAULT_POLICY = "nearest-enemy"
"""The policy of a combatant whose scenario entry names none."""

NON_COMBATANT_POLICY = "stand-by"
"""The policy of a bystander or hostage whose scenario entry names none: it does nothing
(``mands_rulebook.policies.presets``)."""


@dataclass(frozen=True, slots=True)
class PreparedSimulation:
    """What every run of one simulation shares, built once: the plugin manager, registries,
    charts, each character's figured attributes, the map and the stop conditions.

    Plugins must not keep state between runs (``docs/writing-plugins.md``), so one plugin
    manager serves a whole batch; building it is most of the cost of a short run.
    """

    pm: pluggy.PluginManager
    registries: Registries
    charts: Charts | None
    """The standard charts, or ``None`` for a ruleset that reads none
    (:attr:`~mands_sim.rulesets.RulesetDefinition.standard_charts`)."""
    characters: Mapping[str, Character[Sheet, Figured]]
    world: World
    outcome_conditions: tuple[OutcomeCondition, ...]
    time_model: TimeModel | None = None
    """From ``mands_time_model`` (an optional rule's clock), or ``None``: the segment clock."""
    metrics: tuple[Metric, ...] = ()
    """What the plugins count per character in a run (``mands_register_metrics``)."""

    def standard_charts(self) -> Charts:
        """The standard charts; a :class:`~mands_sim.errors.MandsSimError` for a ruleset that
        reads none (what needs them, such as resting between scenes, is that ruleset's)."""
        if self.charts is None:
            raise MandsSimError(
                "this ruleset reads no standard charts (the rest between scenes "
                "and the EP Use chart need them)"
            )
        return self.charts


@dataclass
class Simulation:
    """Builds and runs encounters of ``scenario``: one per seed.

    ``disabled`` names plugins not to load, besides the scenario's ``[plugins] disable``;
    ``extra_plugins`` adds plugin objects (tests, the Python API); ``dice`` replaces the seeded
    dice (scripted dice in tests). The plugins, charts and characters are prepared on first use
    and shared by every later run of this object.
    With ``record`` every run journals its minds and counts its dice, so a policy can take a
    snapshot and look ahead (:mod:`mands_sim.kernel.snapshot`); it costs about a tenth more
    time per run, so it is off unless asked for. ``fast_calls=False`` calls every implementation
    of every action hook for every action (:class:`HookRules`): slower, same results.
    """

    scenario: ScenarioSpec
    seed: int = 0
    disabled: tuple[str, ...] = ()
    extra_plugins: Iterable[object] | Mapping[str, object] = ()
    dice: DiceSource | None = None
    minds: Mapping[str, Mind] = field(default_factory=dict)
    load_entry_points: bool = True
    record: bool = False
    fast_calls: bool = True
    _prepared: PreparedSimulation | None = field(
        default=None, init=False, repr=False, compare=False
    )

    def prepare(self) -> PreparedSimulation:
        """Load the plugins, check the scenario's names, figure the characters (once)."""
        if self._prepared is None:
            if not isinstance(self.extra_plugins, Mapping):
                self.extra_plugins = tuple(self.extra_plugins)  # may be read twice: keep it
            pm = self._plugin_manager()
            check_event_classes(pm)
            check_makers(pm, self.scenario)
            registries = collect_registries(pm)
            if self._switch_on_optional_rules(pm, registries):
                registries = collect_registries(pm)
            check_requirements(pm)  # after the optional rules: one may be what is required
            action_declarations(pm)  # @answers_actions on a hook that is not an action hook
            report_section_definitions(registries)  # a misnamed one fails now, not after a batch
            check_scenario(registries, self.scenario, self._left_out_defaults(registries))
            ruleset = ruleset_definition(registries, self.scenario)
            charts = (
                build_charts(registries.charts, self.scenario.rule_defaults)
                if ruleset.standard_charts
                else None
            )
            self._prepared = PreparedSimulation(
                pm=pm,
                registries=registries,
                charts=charts,
                characters={
                    spec.id: self._character(pm, ruleset, spec, charts)
                    for spec in self.scenario.characters
                },
                world=World(
                    self.scenario.map,
                    passing_places=self.scenario.rule_defaults.of(CoreDefaults).G248_passing_places
                    == "pass",
                ),
                outcome_conditions=tuple(self._outcome_conditions(registries)),
                time_model=pm.hook.mands_time_model(encounter_scenario=self.scenario),
                metrics=metric_definitions(registries),
            )
            self._minds(registries)  # bad policy options fail before any run
        return self._prepared

    def _plugin_manager(self) -> pluggy.PluginManager:
        """The plugins of the scenario's ruleset (and of any) this simulation loads; a ruleset
        none plays is an error at the scenario's ``ruleset`` key."""
        try:
            return make_plugin_manager(
                disabled=self._disabled_plugins(),
                extra_plugins=self.extra_plugins,
                load_entry_points=self.load_entry_points,
                ruleset=self.scenario.ruleset,
            )
        except ScenarioError as error:
            raise ScenarioError(self.scenario.path, error.key, error.expected) from None

    def _left_out_defaults(self, registries: Registries) -> dict[str, str]:
        """Each default the scenario switches that no loaded plugin declares but a plugin left
        out does, with that plugin: looked for only then, among every installed and given
        plugin."""
        known = switches_of(registries.default_kinds())
        unknown = set(self.scenario.rule_defaults.overrides) - known.keys()
        if not unknown:
            return {}
        try:
            everyone = make_plugin_manager(
                extra_plugins=self.extra_plugins,
                load_entry_points=self.load_entry_points,
                environ={},
                ruleset=self.scenario.ruleset,
            )
            entries = collect_registries(everyone).defaults.entries
        except MandsSimError:  # a plugin that fails to load alone says so where it is loaded
            return {}
        return {
            switch.name: entry.plugin
            for entry in entries
            for switch in default_switches(entry.payload)  # type: ignore[arg-type]
            if switch.name in unknown
        }

    def _disabled_plugins(self) -> tuple[str, ...]:
        """The scenario's ``[plugins] disable`` and this simulation's ``disabled``, together; a
        scenario's name no installed or given plugin has is a scenario error at its key."""
        if not self.scenario.disabled_plugins:
            return self.disabled
        known = {entry.name for entry in installed_entry_points()}
        known.update(name for name, _ in named_plugins(self.extra_plugins))
        check_plugin_names(self.scenario, known)
        return (*self.scenario.disabled_plugins, *self.disabled)

    def _switch_on_optional_rules(self, pm: pluggy.PluginManager, registries: Registries) -> bool:
        """Register the plugin object of each optional rule the scenario lists (``[rules]
        optional``); an unknown name is left for :func:`check_names` to report."""
        switched = False
        for name in self.scenario.optional_rules:
            entry = registries.optional_rules.get(name)
            if entry is not None and pm.get_plugin(f"{OPTIONAL_RULE_PLUGIN}{name}") is None:
                pm.register(entry.payload, name=f"{OPTIONAL_RULE_PLUGIN}{name}")
                switched = True
        return switched

    def build(
        self,
        observers: Iterable[Observer] = (),
        *,
        seed: int | None = None,
        carried: Mapping[str, Carried] | None = None,
    ) -> Encounter:
        """A ready encounter for ``seed`` (default: this simulation's seed), nothing run yet;
        ``carried`` starts characters, by id, with what they brought from earlier scenes."""
        prepared = self.prepare()
        seed = self.seed if seed is None else seed
        carried = carried or {}
        states = [
            initial_state(spec, prepared.characters[spec.id], carried.get(spec.id, FRESH))
            for spec in self.scenario.characters
        ]
        return Encounter(
            states,
            rules=HookRules(
                prepared.pm, prepared.registries, prepared.charts, fast_calls=self.fast_calls
            ),
            minds=self._minds(prepared.registries),
            time_limit=self.scenario.stop.time_limit,
            observers=observers,
            dice=self.dice if self.dice is not None else SeededDice(seed),
            charts=prepared.charts,
            defaults=self.scenario.rule_defaults,
            context={
                "aware": {c.id: c.aware for c in self.scenario.characters},
                "heroes": self.scenario.sides[0].name,  # G-71: the heroes' side
                "simulation": self,  # for policies that look ahead (mands_sim.policy.lookahead)
            },
            outcome_conditions=prepared.outcome_conditions,
            world=prepared.world,
            time_model=prepared.time_model,
            kept=rule_states(prepared.registries),
        )

    def _outcome_conditions(self, registries: Registries) -> list[OutcomeCondition]:
        """Objectives first, in file order, then the ``[stop] when`` conditions."""
        sides = (side.name for side in self.scenario.sides)
        conditions = objective_conditions(self.scenario.stop.objectives, sides)
        for name in self.scenario.stop.when:
            conditions.append(registries.outcome_conditions[name].payload)  # type: ignore[arg-type]
        return conditions

    def run(
        self,
        *,
        until: int | None = None,
        observers: Iterable[Observer] = (),
        seed: int | None = None,
        carried: Mapping[str, Carried] | None = None,
    ) -> RunResult:
        """Run one encounter to its end (or to segment ``until``) and summarise it."""
        seed = self.seed if seed is None else seed
        encounter = self.start(observers, seed=seed, carried=carried)
        ended = encounter.run(until=until)
        return summarise(encounter, seed, ended, self.prepare().metrics)

    def start(
        self,
        observers: Iterable[Observer] = (),
        *,
        seed: int | None = None,
        carried: Mapping[str, Carried] | None = None,
    ) -> Encounter:
        """An encounter for ``seed`` with its ``EncounterStarted`` logged, ready to ``run``."""
        seed = self.seed if seed is None else seed
        encounter = self.build(observers, seed=seed, carried=carried)
        if self.record or _looks_ahead(encounter.minds.values()):
            snapshot.record(encounter, seed=seed)
        ids = tuple(encounter.state.ids())
        encounter.emit([EncounterStarted(0, self.scenario.name, seed, ids)])
        return encounter

    def _character(
        self,
        pm: pluggy.PluginManager,
        ruleset: RulesetDefinition,
        spec: CharacterSpec,
        charts: Charts | None,
    ) -> Character[Sheet, Figured]:
        """``spec``'s sheet figured as its ruleset figures a sheet (:mod:`mands_sim.rulesets`)."""
        return ruleset.figure(
            spec.sheet,
            charts=charts,
            defaults=self.scenario.rule_defaults,
            adjustments=figured_adjustments(pm, spec.sheet),
        )

    def _minds(self, registries: Registries) -> dict[str, Mind]:
        minds = dict(self.minds)
        for spec in self.scenario.characters:
            if spec.id not in minds:
                minds[spec.id] = self._mind(registries, spec)
        return minds

    def _mind(self, registries: Registries, spec: CharacterSpec) -> Mind:
        return build_mind(registries, self.scenario, spec)


def _looks_ahead(minds: Iterable[Mind]) -> bool:
    """Whether a policy plays futures (``rollout_mind``): its runs must be recorded."""
    return any(callable(getattr(mind, "rollout_mind", None)) for mind in minds)


def build_mind(registries: Registries, scenario: ScenarioSpec, spec: CharacterSpec) -> Mind:
    """``spec``'s policy, built from its options; bad options are a scenario error naming the
    file and the key (``sides[1].characters[0].policy_options.rules[0].when``). A priority
    list's rules are checked against the scenario (:func:`~mands_sim.policy.checks.rule_problems`,
    every mistake in one :class:`ScenarioProblems`) and get their power entries filled in."""
    factory = registries.policies[policy_name(spec)].payload
    try:
        mind = factory(spec.policy_options)  # type: ignore[operator]
    except PolicyOptionsError as error:
        raise error.in_scenario(scenario.path, spec.key) from None
    if not isinstance(mind, PriorityPolicy):
        return mind  # type: ignore[no-any-return]
    problems = rule_problems(mind, scenario, spec, registries)
    if problems:
        raise ScenarioProblems(scenario.path, problems)
    return with_power_defaults(mind, spec.sheet, registries)


def policy_name(spec: CharacterSpec) -> str:
    """The policy driving ``spec``: its own, else the default for a combatant or, for a
    bystander or hostage, the one that stands by."""
    return spec.policy or (DEFAULT_POLICY if spec.combatant else NON_COMBATANT_POLICY)


def check_scenario(
    registries: Registries, scenario: ScenarioSpec, left_out: Mapping[str, str] | None = None
) -> None:
    """Raise one :class:`ScenarioProblems` listing every mistake :func:`scenario_problems`
    finds; return quietly when there is none."""
    problems = scenario_problems(registries, scenario, left_out)
    if problems:
        raise ScenarioProblems(scenario.path, problems)


def scenario_problems(
    registries: Registries, scenario: ScenarioSpec, left_out: Mapping[str, str] | None = None
) -> list[Problem]:
    """Everything in ``scenario`` the loaded plugins would discover late or never: the named
    defaults it switches and their values; names of policies, optional rules, outcome conditions
    and objective actions; the sheets' powers and skills; each character's policy options and
    priority rules (each table once). ``left_out`` names the plugin left out that declares a
    switched default, by switch (:meth:`Simulation.prepare` finds them)."""
    problems = name_problems(
        scenario,
        policies=registries.policies.keys(),
        optional_rules=registries.optional_rules.keys(),
        outcome_conditions=registries.outcome_conditions.keys(),
        actions=registries.actions.keys(),
    )
    problems += sheet_problems(scenario, registries)
    problems += [
        Problem(f"rules.defaults.{name}", expected)
        for name, expected in defaults_problems(
            scenario.rule_defaults, registries.default_kinds(), left_out
        )
    ]
    for spec in scenario.characters:
        if policy_name(spec) in registries.policies:
            problems += _mind_problems(registries, scenario, spec)
    return list(dict.fromkeys(problems))


def _mind_problems(
    registries: Registries, scenario: ScenarioSpec, spec: CharacterSpec
) -> list[Problem]:
    try:
        build_mind(registries, scenario, spec)
    except ScenarioProblems as error:
        return list(error.problems)
    except ScenarioError as error:
        return [Problem(error.key, error.expected)]
    return []


def initial_state(
    spec: CharacterSpec, character: Character[Sheet, Figured], carried: Carried = FRESH
) -> CharacterState:
    """A character at full VP, DP and EP less what it ``carried`` from the scenes before
    (:mod:`mands_sim.carry`), in the condition it carried, Defense 0 (``docs/rules/combat.md``
    §5: base Defense 0)."""
    figured = character.figured
    return CharacterState(
        character_id=spec.id,
        side=spec.side,
        # The state holds the ruleset's own character; Men & Supermen's rules read it as theirs,
        # another ruleset's through its own checked accessor (docs/rulesets.md).
        character=cast(Character, character),
        virtual_damage_points=figured.virtual_damage_points - carried.virtual_damage_points_lost,
        damage_points=figured.body_damage_points - carried.damage_points_lost,
        endurance_points=figured.endurance_points - carried.endurance_points_lost,
        condition=carried.condition,
        position=Position(spec.place),
        role=spec.role,
        carried=carried,
    )


__all__ = [
    "PreparedSimulation",
    "Simulation",
    "build_mind",
    "check_scenario",
    "scenario_problems",
]


def check_makers(pm: pluggy.PluginManager, scenario: ScenarioSpec) -> None:
    """Refuse a scenario whose sheet a plugin left out of this simulation made (``--disable``):
    the sheet would come from a plugin not in play, and the batch's versions would not name it.
    """
    for key, plugin in scenario.made_by:
        if pm.get_plugin(plugin) is None:
            raise ScenarioError(
                scenario.path,
                key,
                f"a sheet made by a plugin in play: {plugin} made it and is disabled",
            )
