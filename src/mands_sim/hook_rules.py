"""The kernel's view of the rules: every question goes to a plugin hook (``docs/hooks.md``).

:class:`HookRules` answers the kernel's :class:`~mands_sim.kernel.contracts.Rules` questions
by calling the plugin hooks, with the action hooks dispatched to the implementations that
answer the action asked about and the answers of one roll or intent kept while nothing is
logged (``docs/performance.md``).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import AbstractContextManager, ExitStack, contextmanager
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any, TypeVar

import pluggy

from mands_sim.actions import ActionDefinition, ActionInProgress, Intent, Modifier
from mands_sim.charts.loading import Charts
from mands_sim.commands import CommandDefinition
from mands_sim.conditions import ConditionDefinition
from mands_sim.errors import (
    MandsSimError,
    PluginError,
    PluginHookError,
    PluginValidationError,
    UnknownConditionError,
)
from mands_sim.events import ConditionImposed, Event
from mands_sim.interrupts import raised_by_code
from mands_sim.kernel.abilities import AbilityModifier
from mands_sim.kernel.contracts import ActionRefused, Gate, Initiation
from mands_sim.kernel.encounter import Encounter
from mands_sim.metrics import Metric
from mands_sim.plugin_calls import (
    ActionDispatch,
    action_dispatch,
    answer_of,
    described,
    each_answering_plugin,
    each_plugin,
    folded,
    folded_answering,
    results_by_plugin,
)
from mands_sim.registry import E, Registries, Registry
from mands_sim.report_sections import ReportSectionDefinition
from mands_sim.rule_state import RuleState

P = TypeVar("P")
"""A registered payload's type (:func:`checked_payloads`)."""


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
        charts: Charts | None,
        *,
        fast_calls: bool = True,
    ) -> None:
        self.pm = pm
        self.registries = registries
        """What the plugins registered (powers, skills, actions …), for rules that look names up."""
        self.charts = charts
        self.fast_calls = fast_calls
        self.dispatch: ActionDispatch | None = action_dispatch(pm) if fast_calls else None
        self._each_plugin = each_answering_plugin if fast_calls else each_plugin
        """The pipelines' stages call each plugin in turn; with fast calls, less those that
        answer only other characters (``@answers_characters``)."""
        self._folded = folded_answering if fast_calls else folded
        self._kept: _KeptModifiers | None = None
        self._refusals: _KeptRefusals | None = None
        self.actions: dict[str, ActionDefinition] = {
            name: entry.payload  # type: ignore[misc]
            for name, entry in registries.actions.items()
        }
        self._partners: dict[str, frozenset[str]] | None = None
        self.conditions: dict[str, ConditionDefinition] = condition_definitions(registries)

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
            kept = self._refusals = _KeptRefusals(encounter, encounter.now, len(encounter.log), {})
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
        if not all(isinstance(reasons, list) for reasons in results):
            self._blame_refusals(encounter, actor, intent)
        return sorted(reason for reasons in results for reason in reasons)

    def _blame_refusals(self, encounter: Encounter, actor: str, intent: Intent) -> None:
        """Name the plugin whose refusals were not a list (refusals roll no dice, so asking each
        plugin again changes nothing)."""
        hook = "mands_action_refusals"
        kwargs = {"encounter": encounter, "actor": actor, "intent": intent}
        for name, reasons in each_plugin(self.pm, hook, **kwargs):
            answer_of(name, hook, reasons, list)

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

    def percent_change(self, encounter: Encounter, actor: str, purpose: str) -> int:
        """``mands_percent_modifiers``: every modifier's amount, summed (order-free)."""
        results = self.pm.hook.mands_percent_modifiers(
            encounter=encounter, actor=actor, purpose=purpose
        )
        return sum(modifier.amount for modifiers in results for modifier in modifiers)

    def initiate(
        self, encounter: Encounter, actor: str, intent: Intent, definition: ActionDefinition
    ) -> Initiation:
        """The initiation pipeline (``docs/hooks.md``): watch → gate → the action's own
        ``initiate`` → adjust → the watchers' events → each gate's frame."""
        with ExitStack() as watching:
            noticed = self._watched(
                watching, "mands_initiation_watch", encounter=encounter, actor=actor, intent=intent
            )
            gates = self._gates(encounter, actor, intent, definition)
            started = self._started(encounter, actor, intent, definition, gates)
        extra = tuple(event for events in noticed for event in events)
        if extra:
            started = replace(started, events=(*started.events, *extra))
        for gate in gates:
            if gate.then is not None:
                started = gate.then(started)
        return started

    def _watched(self, watching: ExitStack, hook: str, **kwargs: object) -> list[list[Event]]:
        """Every plugin's watch from ``hook`` (``mands_initiation_watch``,
        ``mands_resolution_watch``, ``mands_status_watch``), checked and entered on
        ``watching`` in plugin-name order: the lists each fills by the time it exits."""
        return [
            watching.enter_context(answer_of(name, hook, watch, AbstractContextManager))
            for name, watch in self._each_plugin(self.pm, hook, **kwargs)
        ]

    def _started(
        self,
        encounter: Encounter,
        actor: str,
        intent: Intent,
        definition: ActionDefinition,
        gates: list[Gate],
    ) -> Initiation:
        """The first gate's ``instead``, or the action's own initiation adjusted; the gates'
        events first either way."""
        opened = tuple(event for gate in gates for event in gate.events)
        instead = next((gate.instead for gate in gates if gate.instead is not None), None)
        if instead is not None:
            return replace(instead, events=(*opened, *instead.events), own_rules=False)
        own = self._own_initiation(encounter, actor, intent, definition)
        started = replace(own, events=(*opened, *own.events))
        return self._adjusted(encounter, actor, intent, definition, started)

    def _gates(
        self, encounter: Encounter, actor: str, intent: Intent, definition: ActionDefinition
    ) -> list[Gate]:
        """``mands_initiation_gate``: every plugin's gate, in plugin-name order."""
        results = self._each_plugin(
            self.pm, "mands_initiation_gate",
            encounter=encounter, actor=actor, intent=intent, definition=definition,
        )  # fmt: skip
        return [answer_of(name, "mands_initiation_gate", gate, Gate) for name, gate in results]

    def _adjusted(
        self,
        encounter: Encounter,
        actor: str,
        intent: Intent,
        definition: ActionDefinition,
        initiation: Initiation,
    ) -> Initiation:
        """``mands_initiation_adjust``, folded in plugin-name order."""
        return self._folded(
            self.pm, "mands_initiation_adjust", "initiation", initiation, Initiation,
            encounter=encounter, actor=actor, intent=intent, definition=definition,
        )  # fmt: skip

    def _own_initiation(
        self, encounter: Encounter, actor: str, intent: Intent, definition: ActionDefinition
    ) -> Initiation:
        """The *initiate* stage: the definition's ``initiate``; without one, the action takes
        its own Performance Time, with no roll and no EP."""
        initiate = definition.initiate
        if initiate is None:
            return Initiation(performance_time=definition.performance_time)
        with self._naming_its_plugin(definition, "initiate"):
            initiation = initiate(encounter, actor, intent, definition)
        if not isinstance(initiation, Initiation):
            raise PluginError(
                self.registries.actions[definition.name].plugin,
                f"the initiate of action {definition.name!r} returned {initiation!r}, "
                "not an Initiation",
            )
        return initiation

    def resolve(self, encounter: Encounter, actor: str, action: ActionInProgress) -> list[Event]:
        """The resolution pipeline (``docs/hooks.md``): watch → gate → the action's own
        ``resolve`` → adjust → the watchers' events first."""
        with ExitStack() as watching:
            noticed = self._watched(
                watching, "mands_resolution_watch", encounter=encounter, actor=actor, action=action
            )
            events = self._resolution(encounter, actor, action)
            events = self._folded(
                self.pm, "mands_resolution_adjust", "events", events, list,
                encounter=encounter, actor=actor, action=action,
            )  # fmt: skip
        return [*(event for found in noticed for event in found), *events]

    def _resolution(
        self, encounter: Encounter, actor: str, action: ActionInProgress
    ) -> list[Event]:
        """The first gate's events, or the action's own resolution."""
        kwargs = {"encounter": encounter, "actor": actor, "action": action}
        hook = "mands_resolution_gate"
        for name, instead in self._each_plugin(self.pm, hook, **kwargs):
            return list(answer_of(name, hook, instead, list))
        resolve = action.definition.resolve
        if resolve is None:
            return []
        with self._naming_its_plugin(action.definition, "resolve"):
            return list(resolve(encounter, actor, action))

    @contextmanager
    def _naming_its_plugin(self, definition: ActionDefinition, rules: str) -> Iterator[None]:
        """An error raised by an action's own rules, as a :class:`PluginHookError` naming the
        plugin that registered the action (the error its ``__cause__``), as a hook's would be;
        the user's Ctrl-C passes (:func:`~mands_sim.interrupts.raised_by_code`)."""
        try:
            yield
        except PluginError:
            raise
        except (Exception, SystemExit, KeyboardInterrupt) as error:
            if not isinstance(error, Exception) and not raised_by_code(error):
                raise
            entry = self.registries.actions.get(definition.name)
            plugin = "(unregistered)" if entry is None else entry.plugin
            where = f"{rules} of action {definition.name!r}: {described(error)}"
            raise PluginHookError(plugin, where) from error

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
        """The status check (``docs/hooks.md``): watch → ``mands_status_check`` → adjust → the
        watchers' events first."""
        with ExitStack() as watching:
            noticed = self._watched(
                watching, "mands_status_watch", encounter=encounter, actor=actor
            )
            checked = self.pm.hook.mands_status_check(encounter=encounter, actor=actor)
            events = self._folded(
                self.pm, "mands_status_adjust", "events", list(checked or []), list,
                encounter=encounter, actor=actor,
            )  # fmt: skip
        return [*(event for found in noticed for event in found), *events]

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

    def condition(self, name: str) -> ConditionDefinition:
        try:
            return self.conditions[name]
        except KeyError:
            raise UnknownConditionError(
                f"no plugin registers a condition named {name!r} (mands_register_conditions); "
                f"registered: {sorted(self.conditions)}"
            ) from None

    def each_round(self, encounter: Encounter) -> Iterator[list[Event]]:
        """``mands_payment_segment``: each plugin's events in plugin-name order, one plugin at
        a time."""
        for _, events in each_plugin(self.pm, "mands_payment_segment", encounter=encounter):
            yield list(events)  # type: ignore[call-overload]

    def ability_modifiers(self, encounter: Encounter, actor: str) -> list[AbilityModifier]:
        """``mands_ability_modifiers``, every plugin's list concatenated (summed by name in
        :func:`mands_sim.kernel.abilities.summed`, so their order never matters)."""
        results = self.pm.hook.mands_ability_modifiers(encounter=encounter, actor=actor)
        return [modifier for modifiers in results for modifier in modifiers]

    def ep_cost(self, row: int) -> Fraction:
        """The EP Use chart's cost of ``row``; a ruleset without the standard charts has no EP
        rows, and an action naming one is a plugin's mistake."""
        if self.charts is None:
            raise MandsSimError(
                f"an action pays EP on row {row}, but this ruleset reads no EP Use chart "
                "(RulesetDefinition.standard_charts is false): give its actions no ep_row"
            )
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


__all__ = ["HookRules"]


def condition_definitions(registries: Registries) -> dict[str, ConditionDefinition]:
    """The registered conditions by name, each checked to be a
    :class:`~mands_sim.conditions.ConditionDefinition` of its entry's name."""
    return {
        entry.name: _naming_its_plugin(definition, entry.plugin)
        for entry, definition in checked_payloads(registries.conditions, ConditionDefinition)
    }


def _naming_its_plugin(definition: ConditionDefinition, plugin: str) -> ConditionDefinition:
    """``definition`` whose ``break_out`` raises a :class:`PluginHookError` naming ``plugin``
    (the error it raised its ``__cause__``), as an error in a hook does."""
    break_out = definition.break_out
    if break_out is None:
        return definition

    def attempt(encounter: Encounter, character: str, imposed: ConditionImposed) -> list[Event]:
        try:
            return break_out(encounter, character, imposed)
        except MandsSimError:
            raise
        except Exception as error:
            where = f"break_out of condition {definition.name!r}: {described(error)}"
            raise PluginHookError(plugin, where, "mands_register_conditions") from error

    return replace(definition, break_out=attempt)


def rule_states(registries: Registries) -> tuple[RuleState[Any], ...]:
    """The registered :class:`~mands_sim.rule_state.RuleState` values, checked: each must be a
    ``RuleState`` of the name it is registered under, or loading fails naming its plugin."""
    return tuple(state for _, state in checked_payloads(registries.rule_states, RuleState))


def metric_definitions(registries: Registries) -> tuple[Metric, ...]:
    """The registered :class:`~mands_sim.metrics.Metric` values, checked: each must be a
    ``Metric`` of the name it is registered under, or loading fails naming its plugin."""
    return tuple(metric for _, metric in checked_payloads(registries.metrics, Metric))


def report_section_definitions(
    registries: Registries,
) -> tuple[tuple[str, ReportSectionDefinition], ...]:
    """The registered :class:`~mands_sim.report_sections.ReportSectionDefinition` values, by
    name, each with the plugin that registered it, checked as :func:`metric_definitions`
    checks metrics."""
    return by_plugin(checked_payloads(registries.report_sections, ReportSectionDefinition))


def command_definitions(registries: Registries) -> tuple[tuple[str, CommandDefinition], ...]:
    """The registered :class:`~mands_sim.commands.CommandDefinition` values, by name, each
    with the plugin that registered it, checked as :func:`metric_definitions` checks metrics."""
    return by_plugin(checked_payloads(registries.commands, CommandDefinition))


def by_plugin(checked: list[tuple[E, P]]) -> tuple[tuple[str, P], ...]:
    """Checked payloads (:func:`checked_payloads`), each with the plugin that registered it."""
    return tuple((entry.plugin, payload) for entry, payload in checked)


def checked_payloads(registry: Registry[E], kind: type[P]) -> list[tuple[E, P]]:
    """Each entry of ``registry`` with its payload, checked to be a ``kind`` of the entry's
    name (``ConditionDefinition("stunned", ...)`` registered as ``"stunned"``); otherwise
    loading fails naming the plugin that registered it."""
    checked = []
    for name, entry in registry.items():
        payload = entry.payload
        if not isinstance(payload, kind) or getattr(payload, "name", None) != name:
            got = (
                f"a {kind.__name__} named {getattr(payload, 'name', None)!r}"
                if isinstance(payload, kind)
                else repr(payload)
            )
            raise PluginValidationError(
                entry.plugin,
                f"{entry.kind} {name!r} must be registered as {kind.__name__}({name!r}, ...), "
                f"got {got}",
                entry.hook,
            )
        checked.append((entry, payload))
    return checked
