"""The composition root: one scenario, one seed, one run (DESIGN.md "Data flow (one run)").

:class:`Simulation` builds everything a run needs from a loaded scenario — a fresh plugin
manager, the registries, the charts and named defaults, the characters with their figured
attributes, one policy per character, keyed dice — and runs the encounter on the kernel.
:class:`HookRules` is the kernel's view of the rules: every question goes to a plugin hook.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from fractions import Fraction

import pluggy

from mands_sim.actions import ActionDefinition, ActionInProgress, Intent, Modifier
from mands_sim.charts import Charts
from mands_sim.dice import DiceSource, SeededDice
from mands_sim.errors import PluginError
from mands_sim.events import (
    ActionStarted,
    DamageTaken,
    EncounterEnded,
    EncounterStarted,
    Event,
    Fell,
    InjuryRolled,
    OutOfAction,
    ThrownBack,
)
from mands_sim.kernel import snapshot
from mands_sim.kernel.encounter import (
    ActionRefused,
    Encounter,
    Initiation,
    Mind,
    Observer,
    OutcomeCondition,
)
from mands_sim.kernel.state import CharacterState
from mands_sim.kernel.time import TimeModel
from mands_sim.model import Character, build_character
from mands_sim.objectives import objective_conditions
from mands_sim.plugin_calls import (
    ActionDispatch,
    action_declarations,
    action_dispatch,
    each_plugin,
    figured_adjustments,
    results_by_plugin,
)
from mands_sim.plugins import installed_entry_points, make_plugin_manager, named_plugins
from mands_sim.policy import PolicyOptionsError
from mands_sim.registry import Registries, build_charts, collect_registries
from mands_sim.run_counts import NO_COUNTS, CharacterCounts, RunCounts
from mands_sim.scenario import CharacterSpec, ScenarioSpec, check_names, check_plugin_names
from mands_sim.world import Position, World

DEFAULT_POLICY = "nearest-enemy"
"""The policy of a character whose scenario entry names none."""


@dataclass(frozen=True, slots=True)
class _KeptModifiers:
    """The Bonus Pool modifiers of the roll just asked about, and when (segment, log length)."""

    encounter: Encounter
    actor: str
    intent: Intent
    purpose: str
    segment: int
    logged: int
    modifiers: list[Modifier]

    def serve(self, encounter: Encounter, actor: str, intent: Intent, purpose: str) -> bool:
        """Whether this is the same roll (same encounter and intent), in the same segment with
        no event logged since."""
        return (
            encounter is self.encounter
            and intent is self.intent
            and actor == self.actor
            and purpose == self.purpose
            and len(encounter.log) == self.logged
            and encounter.now == self.segment
        )


@dataclass(slots=True)
class _KeptRefusals:
    """The refusal-hook answers given in one segment with the log at one length, by actor and
    intent object (intents need not be hashable, so the key is the object's id, and the intent
    is kept so its id is not reused)."""

    encounter: Encounter
    segment: int
    logged: int
    answers: dict[tuple[str, int], tuple[Intent, list[str]]]

    def fresh(self, encounter: Encounter) -> bool:
        return (
            encounter is self.encounter
            and len(encounter.log) == self.logged
            and encounter.now == self.segment
        )


class HookRules:
    """The rules as the kernel sees them, answered by the plugin hooks (``docs/hooks.md``).

    With ``fast_calls`` (the default) the action hooks go only to the implementations that
    answer the action asked about (:class:`~mands_sim.plugin_calls.ActionDispatch`), and the
    refusals of one intent are asked once per segment and log length; without it every
    implementation is called every time, as a plain ``pm.hook`` call does. Results are the same
    either way (``tests/test_simulation.py`` compares the event logs of every bundled
    scenario); the switch is there to show it and to measure what it saves.
    """

    def __init__(
        self,
        pm: pluggy.PluginManager,
        registries: Registries,
        charts: Charts,
        *,
        fast_calls: bool = True,
    ) -> None:
        self.pm = pm
        self.registries = registries
        """What the plugins registered (powers, skills, actions …), for rules that look names up."""
        self.charts = charts
        self.fast_calls = fast_calls
        self.dispatch: ActionDispatch | None = action_dispatch(pm) if fast_calls else None
        self._kept: _KeptModifiers | None = None
        self._refusals: _KeptRefusals | None = None
        self.actions: dict[str, ActionDefinition] = {
            name: entry.payload  # type: ignore[misc]
            for name, entry in registries.actions.items()
        }
        self._partners: dict[str, frozenset[str]] | None = None

    def definition(self, action: str) -> ActionDefinition:
        try:
            return self.actions[action]
        except KeyError:
            raise ActionRefused(f"no plugin registers an action named '{action}'") from None

    def refusals(self, encounter: Encounter, actor: str, intent: Intent) -> list[str]:
        """``mands_action_refusals``, combined; asked once per intent object, segment and log
        length (a policy asks before it chooses, the kernel again as it initiates): the hook
        must not roll dice and reads only the encounter, which changes only as events are
        logged."""
        if self.dispatch is None:
            return self._refusals_now(encounter, actor, intent)
        kept = self._refusals
        if kept is None or not kept.fresh(encounter):
            kept = self._refusals = _KeptRefusals(
                encounter, encounter.now, len(encounter.log), {}
            )
        key = (actor, id(intent))
        answer = kept.answers.get(key)
        if answer is None or answer[0] is not intent:
            answer = kept.answers[key] = (intent, self._refusals_now(encounter, actor, intent))
        return list(answer[1])

    def _refusals_now(self, encounter: Encounter, actor: str, intent: Intent) -> list[str]:
        if self.dispatch is None:
            results = self.pm.hook.mands_action_refusals(
                encounter=encounter, actor=actor, intent=intent
            )
        else:
            results = self.dispatch.call(
                "mands_action_refusals", intent.action,
                encounter=encounter, actor=actor, intent=intent,
            )  # fmt: skip
        return sorted(reason for reasons in results for reason in reasons)

    def bonus_pool(self, encounter: Encounter, actor: str, intent: Intent, purpose: str) -> int:
        """The raw Bonus Pool the ``"pool"`` modifiers add up to.

        The modifiers are kept for the :meth:`quality_modifier` of the same roll, which rule
        plugins ask right after, so a roll costs one ``mands_bonus_pool_modifiers`` call."""
        modifiers = self._modifiers(encounter, actor, intent, purpose)
        self._kept = _KeptModifiers(
            encounter, actor, intent, purpose, encounter.now, len(encounter.log), modifiers
        )
        return sum(m.amount for m in modifiers if m.applies_to == "pool")

    def quality_modifier(
        self, encounter: Encounter, actor: str, intent: Intent, purpose: str
    ) -> int:
        """What the ``"quality"`` modifiers add to Q after the roll.

        Reuses the modifiers :meth:`bonus_pool` just got for the same roll: the hook must not
        roll dice and reads only the encounter, which changes only as events are logged, so
        the same roll in the same segment with no event logged in between gets the same
        modifiers."""
        kept, self._kept = self._kept, None
        if kept is not None and kept.serve(encounter, actor, intent, purpose):
            modifiers = kept.modifiers
        else:
            modifiers = self._modifiers(encounter, actor, intent, purpose)
        return sum(m.amount for m in modifiers if m.applies_to == "quality")

    def _modifiers(
        self, encounter: Encounter, actor: str, intent: Intent, purpose: str
    ) -> list[Modifier]:
        if self.dispatch is None:
            results = self.pm.hook.mands_bonus_pool_modifiers(
                encounter=encounter, actor=actor, intent=intent, purpose=purpose
            )
        else:
            results = self.dispatch.call(
                "mands_bonus_pool_modifiers", intent.action,
                encounter=encounter, actor=actor, intent=intent, purpose=purpose,
            )  # fmt: skip
        return [modifier for modifiers in results for modifier in modifiers]

    def initiate(
        self, encounter: Encounter, actor: str, intent: Intent, definition: ActionDefinition
    ) -> Initiation:
        initiation: Initiation | None
        if self.dispatch is None:
            initiation = self.pm.hook.mands_action_initiate(
                encounter=encounter, actor=actor, intent=intent, definition=definition
            )
        else:
            initiation = self.dispatch.call(
                "mands_action_initiate", definition.name,
                encounter=encounter, actor=actor, intent=intent, definition=definition,
            )  # fmt: skip
        if initiation is None:
            raise PluginError("(none)", f"no plugin initiates '{definition.name}'")
        return initiation

    def resolve(self, encounter: Encounter, actor: str, action: ActionInProgress) -> list[Event]:
        if self.dispatch is None:
            events = self.pm.hook.mands_action_resolve(
                encounter=encounter, actor=actor, action=action
            )
        else:
            events = self.dispatch.call(
                "mands_action_resolve", action.name, encounter=encounter, actor=actor, action=action
            )
        return list(events or [])

    def after(
        self, encounter: Encounter, actor: str, action: ActionInProgress
    ) -> Iterator[list[Event]]:
        """``mands_action_after``: each plugin's events in plugin-name order, one plugin at a
        time, so the kernel applies one plugin's events before the next plugin looks."""
        hook = "mands_action_after"
        if self.dispatch is None:
            results = each_plugin(self.pm, hook, encounter=encounter, actor=actor, action=action)
        else:
            results = self.dispatch.each_plugin(
                hook, action.name, encounter=encounter, actor=actor, action=action
            )
        for _, events in results:
            yield list(events)  # type: ignore[call-overload]

    def status_checks(self, encounter: Encounter, actor: str) -> list[Event]:
        events: list[Event] | None = self.pm.hook.mands_status_check(
            encounter=encounter, actor=actor
        )
        return list(events or [])

    def opening(self, encounter: Encounter) -> list[Event]:
        """``mands_encounter_opening``: results concatenated in plugin-name order."""
        results = results_by_plugin(self.pm, "mands_encounter_opening", encounter=encounter)
        return [event for _, events in results for event in events]  # type: ignore[attr-defined]

    def sustain(self, encounter: Encounter, actor: str, action: ActionInProgress) -> list[Event]:
        """``mands_action_sustain``: results concatenated in plugin-name order."""
        hook = "mands_action_sustain"
        if self.dispatch is None:
            results = results_by_plugin(
                self.pm, hook, encounter=encounter, actor=actor, action=action
            )
        else:
            results = list(
                self.dispatch.each_plugin(
                    hook, action.name, encounter=encounter, actor=actor, action=action
                )
            )
        return [event for _, events in results for event in events]  # type: ignore[attr-defined]

    def ep_cost(self, row: int) -> Fraction:
        return self.charts.ep_use.cost(row)

    def partners(self, action: str) -> frozenset[str]:
        """Actions that may start in the segment ``action`` does (``starts_with``, both ways)."""
        if self._partners is None:
            pairs = [(a, b) for a, d in self.actions.items() for b in d.starts_with]
            pairs += [(b, a) for a, b in pairs]
            self._partners = {
                name: frozenset(b for a, b in pairs if a == name) for name in self.actions
            }
        return self._partners.get(action, frozenset())

    def allowance(self, encounter: Encounter, actor: str) -> str | None:
        """``mands_initiation_allowance``: a rule's leave to initiate again in this segment."""
        allowed: str | None = self.pm.hook.mands_initiation_allowance(
            encounter=encounter, actor=actor
        )
        return allowed


@dataclass(frozen=True, slots=True)
class CharacterOutcome:
    """How one character came out of a run.

    ``damage_dealt`` and ``damage_taken`` count damage after protection (``DamageTaken.taken``);
    ``out_at`` is the segment the character went out of action (``None``: it never did);
    ``actions`` counts the actions it started, by name.
    """

    character_id: str
    side: str
    condition: str
    virtual_damage_points_lost: int
    damage_points_lost: int
    endurance_points_spent: Fraction
    damage_dealt: int = 0
    damage_taken: int = 0
    out_at: int | None = None
    actions: tuple[tuple[str, int], ...] = ()
    injury_points: int = 0
    """Injury damage from Injury rolls (G-18): heals monthly, so it outlasts the fight."""
    permanent_damage_points: int = 0
    times_thrown: int = 0
    """Throwbacks suffered (§8.1)."""
    times_fallen: int = 0
    """Falls from a height (seed "Falling"; G-174, G-175)."""
    counts: CharacterCounts = NO_COUNTS
    """Wounds, EP below zero, Death Shots, comebacks, Fate and Editing Points
    (:mod:`mands_sim.run_counts`)."""

    @property
    def injured(self) -> bool:
        return self.injury_points > 0 or self.permanent_damage_points > 0


@dataclass(frozen=True, slots=True)
class RunResult:
    """The summary of one run: who won, when, and what it cost each character."""

    seed: int
    winner: str | None
    reason: str
    segments: int
    characters: tuple[CharacterOutcome, ...]
    events: int


@dataclass(frozen=True, slots=True)
class Prepared:
    """What every run of one simulation shares, built once: the plugin manager, registries,
    charts, each character's figured attributes, the map and the stop conditions.

    Plugins must not keep state between runs (``docs/writing-plugins.md``), so one plugin
    manager serves a whole batch; building it is most of the cost of a short run.
    """

    pm: pluggy.PluginManager
    registries: Registries
    charts: Charts
    characters: Mapping[str, Character]
    world: World
    outcome_conditions: tuple[OutcomeCondition, ...]
    time_model: TimeModel | None = None
    """From ``mands_time_model`` (an optional rule's clock), or ``None``: the segment clock."""


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
    _prepared: Prepared | None = field(default=None, init=False, repr=False, compare=False)

    def prepare(self) -> Prepared:
        """Load the plugins, check the scenario's names, figure the characters (once)."""
        if self._prepared is None:
            pm = make_plugin_manager(
                disabled=self._disabled_plugins(),
                extra_plugins=self.extra_plugins,
                load_entry_points=self.load_entry_points,
            )
            registries = collect_registries(pm)
            if self._switch_on_optional_rules(pm, registries):
                registries = collect_registries(pm)
            action_declarations(pm)  # @answers_actions on a hook that is not an action hook
            check_names(
                self.scenario,
                policies=registries.policies.keys(),
                optional_rules=registries.optional_rules.keys(),
                outcome_conditions=registries.outcome_conditions.keys(),
                actions=registries.actions.keys(),
            )
            charts = build_charts(registries.charts, self.scenario.rule_defaults)
            self._prepared = Prepared(
                pm=pm,
                registries=registries,
                charts=charts,
                characters={
                    spec.id: self._character(pm, spec, charts) for spec in self.scenario.characters
                },
                world=World(self.scenario.map),
                outcome_conditions=tuple(self._outcome_conditions(registries)),
                time_model=pm.hook.mands_time_model(encounter_scenario=self.scenario),
            )
            self._minds(registries)  # bad policy options fail before any run
        return self._prepared

    def _disabled_plugins(self) -> tuple[str, ...]:
        """The scenario's ``[plugins] disable`` and this simulation's ``disabled``, together; a
        scenario's name no installed or given plugin has is a scenario error at its key."""
        if not self.scenario.disabled_plugins:
            return self.disabled
        if not isinstance(self.extra_plugins, Mapping):
            self.extra_plugins = tuple(self.extra_plugins)  # named twice: keep it re-iterable
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
            if entry is not None and pm.get_plugin(f"optional-rule:{name}") is None:
                pm.register(entry.payload, name=f"optional-rule:{name}")
                switched = True
        return switched

    def build(self, observers: Iterable[Observer] = (), *, seed: int | None = None) -> Encounter:
        """A ready encounter for ``seed`` (default: this simulation's seed), nothing run yet."""
        prepared = self.prepare()
        seed = self.seed if seed is None else seed
        states = [
            initial_state(spec, prepared.characters[spec.id]) for spec in self.scenario.characters
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
                "simulation": self,  # for policies that look ahead (mands_sim.policy.lookahead)
            },
            outcome_conditions=prepared.outcome_conditions,
            world=prepared.world,
            time_model=prepared.time_model,
        )

    def _outcome_conditions(self, registries: Registries) -> list[OutcomeCondition]:
        """Objectives first, in file order, then the ``[stop] when`` conditions."""
        conditions = objective_conditions(self.scenario.stop.objectives)
        for name in self.scenario.stop.when:
            conditions.append(registries.outcome_conditions[name].payload)  # type: ignore[arg-type]
        return conditions

    def run(
        self,
        *,
        until: int | None = None,
        observers: Iterable[Observer] = (),
        seed: int | None = None,
    ) -> RunResult:
        """Run one encounter to its end (or to segment ``until``) and summarise it."""
        seed = self.seed if seed is None else seed
        encounter = self.start(observers, seed=seed)
        ended = encounter.run(until=until)
        return summarise(encounter, seed, ended)

    def start(self, observers: Iterable[Observer] = (), *, seed: int | None = None) -> Encounter:
        """An encounter for ``seed`` with its ``EncounterStarted`` logged, ready to ``run``."""
        seed = self.seed if seed is None else seed
        encounter = self.build(observers, seed=seed)
        if self.record or _looks_ahead(encounter.minds.values()):
            snapshot.record(encounter, seed=seed)
        ids = tuple(encounter.state.ids())
        encounter.emit([EncounterStarted(0, self.scenario.name, seed, ids)])
        return encounter

    def _character(
        self, pm: pluggy.PluginManager, spec: CharacterSpec, charts: Charts
    ) -> Character:
        return build_character(
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
    file and the key (``sides[1].characters[0].policy_options.rules[0].when``)."""
    factory = registries.policies[spec.policy or DEFAULT_POLICY].payload
    try:
        mind = factory(spec.policy_options)  # type: ignore[operator]
        check = getattr(mind, "check_actions", None)
        if callable(check):
            check(registries.actions.keys())
    except PolicyOptionsError as error:
        raise error.in_scenario(scenario.path, spec.key) from None
    return mind  # type: ignore[no-any-return]


def initial_state(spec: CharacterSpec, character: Character) -> CharacterState:
    """A character at full VP, DP and EP, Defense 0 (``rules/combat.md`` §5: base Defense 0)."""
    figured = character.figured
    return CharacterState(
        character_id=spec.id,
        side=spec.side,
        character=character,
        virtual_damage_points=figured.virtual_damage_points,
        damage_points=figured.damage_points.body,
        endurance_points=Fraction(figured.endurance_points),
        position=Position(spec.place),
    )


def summarise(encounter: Encounter, seed: int, ended: EncounterEnded | None) -> RunResult:
    """The run's :class:`RunResult`, read off the final state and one pass over the log."""
    tally = _Tally()
    for event in encounter.log:
        tally.add(event)
    outcomes = tuple(_outcome(state, tally) for state in encounter.state)
    return RunResult(
        seed=seed,
        winner=ended.winner if ended else None,
        reason=ended.reason if ended else "stopped early",
        segments=encounter.now,
        characters=outcomes,
        events=len(encounter.log),
    )


class _Tally:
    """Per-character counts from the event log: damage dealt and taken, out of action, actions."""

    def __init__(self) -> None:
        self.dealt: Counter[str] = Counter()
        self.taken: Counter[str] = Counter()
        self.out_at: dict[str, int] = {}
        self.actions: dict[str, Counter[str]] = {}
        self.injury: Counter[str] = Counter()
        self.permanent: Counter[str] = Counter()
        self.thrown: Counter[str] = Counter()
        self.fallen: Counter[str] = Counter()
        self.counts = RunCounts()

    def add(self, event: Event) -> None:
        if isinstance(event, DamageTaken):
            self.dealt[event.source] += event.taken
            self.taken[event.character] += event.taken
        elif isinstance(event, ActionStarted):
            self.actions.setdefault(event.character, Counter())[event.action] += 1
        elif isinstance(event, OutOfAction):
            self.out_at.setdefault(event.character, event.segment)
        elif isinstance(event, InjuryRolled):
            self.injury[event.character] += event.injury_points
            self.permanent[event.character] += event.permanent_points
        elif isinstance(event, ThrownBack):
            self.thrown[event.character] += 1
        elif isinstance(event, Fell):
            self.fallen[event.character] += 1
        self.counts.add(event)


def _outcome(state: CharacterState, tally: _Tally) -> CharacterOutcome:
    figured = state.character.figured
    actor = state.character_id
    return CharacterOutcome(
        character_id=state.character_id,
        side=state.side,
        condition=state.condition,
        virtual_damage_points_lost=figured.virtual_damage_points - state.virtual_damage_points,
        damage_points_lost=figured.damage_points.body - state.damage_points,
        endurance_points_spent=state.ep_spent,
        damage_dealt=tally.dealt[actor],
        damage_taken=tally.taken[actor],
        out_at=tally.out_at.get(actor),
        actions=tuple(sorted(tally.actions.get(actor, Counter()).items())),
        injury_points=tally.injury[actor],
        permanent_damage_points=tally.permanent[actor],
        times_thrown=tally.thrown[actor],
        times_fallen=tally.fallen[actor],
        counts=tally.counts.of(actor),
    )


__all__ = ["HookRules", "Prepared", "RunResult", "Simulation", "build_mind", "summarise"]
