"""The hook specifications: the contract between mands-sim and its plugins.

Every hook is documented in ``docs/hooks.md`` under a heading with its exact signature, and has
at least one test whose name contains the hook's name (``tests/meta`` checks both).

Naming convention: every hook name starts with ``mands_`` (:data:`HOOK_PREFIX`). A plugin
function or attribute with that prefix *looks like a hook*; strict loading (``mands_sim.plugins``)
refuses one that is not marked with ``@hookimpl`` (from ``mands_sim.api``), matches no
specification here, or takes a parameter the specification lacks.

Versioning (:data:`HOOK_API_VERSION`, ``docs/hooks.md`` "Version and deprecation policy"):
within a major version hooks and hook arguments are only added. A hook or argument to be retired
is first marked with pluggy's ``warn_on_impl`` / ``warn_on_impl_args`` and a
:class:`HookDeprecationWarning` for at least one minor version; it is removed only in the next
major version.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Final, TypeVar

import pluggy

if TYPE_CHECKING:
    from mands_sim.actions import (
        ActionDefinition,
        ActionInProgress,
        ActionOption,
        Intent,
        Modifier,
    )
    from mands_sim.carry import Carried, RestBetweenScenes
    from mands_sim.events import Event
    from mands_sim.kernel.abilities import AbilityModifier
    from mands_sim.kernel.contracts import Gate, Initiation
    from mands_sim.kernel.encounter import Encounter
    from mands_sim.kernel.time import TimeModel
    from mands_sim.model.character import Character
    from mands_sim.model.figured import FiguredAdjustment
    from mands_sim.model.sheet import CharacterSheet
    from mands_sim.registry import Register
    from mands_sim.scenario import ScenarioSpec

PROJECT_NAME: Final = "mands_sim"
"""The pluggy project name; it also names the entry-point group plugins are installed under."""

ENTRY_POINT_GROUP: Final = "mands_sim"
"""The entry-point group (contract) a package declares its plugin module under."""

HOOK_PREFIX: Final = "mands_"
"""Every hook name starts with this; a plugin function with this prefix looks like a hook."""

HOOK_API_VERSION: Final = "2.5"
"""Version of the hook API. Minor: hooks or arguments added (or deprecated). Major: removed."""

hookspec = pluggy.HookspecMarker(PROJECT_NAME)
"""Marks a hook specification (only mands-sim itself defines them)."""

hookimpl = pluggy.HookimplMarker(PROJECT_NAME)
"""Marks a plugin's hook implementation: ``@hookimpl`` (from ``mands_sim.api``)."""


class HookDeprecationWarning(DeprecationWarning):
    """A plugin implements a hook, or takes a hook argument, that is going away."""


# -------------------------------------------------------------------------
# Answering only some actions
#
# Most action plugins answer the action hooks for their own actions only and return ``None``
# (or an empty list) for every other. An implementation that says so with ``@answers_actions``
# is called only for the actions it names (``docs/writing-plugins.md``, "Answering only your
# own actions"); one that declares nothing is called for every action, as before.
# -------------------------------------------------------------------------

ACTION_HOOKS: Final = {
    "mands_action_refusals": "intent",
    "mands_bonus_pool_modifiers": "intent",
    "mands_action_after": "action",
    "mands_action_sustain": "action",
}
"""The hooks an implementation may declare ``@answers_actions`` on, each with the argument whose
``name`` (``Intent.action``, ``ActionDefinition.name``, ``ActionInProgress.name``) is the action
asked about."""

ANSWERS_ACTIONS_ATTRIBUTE: Final = "mands_sim_answers_actions"
"""The attribute ``@answers_actions`` sets on the implementation: a ``frozenset`` of names."""

_Function = TypeVar("_Function", bound=Callable[..., object])


def answers_actions(*names: str) -> Callable[[_Function], _Function]:
    """Declare that the decorated action-hook implementation answers only the actions ``names``.

    For any other action it must contribute nothing — return ``None`` or an empty list, roll no
    dice, change nothing — so mands-sim may leave it out of the call
    (:class:`mands_sim.plugin_calls.ActionDispatch`). Put it on implementations of the hooks in
    :data:`ACTION_HOOKS`, above or below ``@hookimpl``::

        @hookimpl
        @answers_actions("punch", "kick")
        def mands_action_refusals(encounter, actor, intent): ...

    An implementation without it is called for every action.
    """
    if not names or not all(isinstance(name, str) and name for name in names):
        raise ValueError(f"answers_actions needs one or more action names, got {names!r}")
    declared = frozenset(names)

    def declare(function: _Function) -> _Function:
        setattr(function, ANSWERS_ACTIONS_ATTRIBUTE, declared)
        return function

    return declare


ANSWERS_CHARACTERS_ATTRIBUTE: Final = "mands_sim_answers_characters"
"""The attribute ``@answers_characters`` sets on the implementation: the predicate."""

CharacterTest = Callable[["Character"], bool]
"""``test(character) -> bool``: whether an implementation can answer for a character, from the
character as built before play (its sheet and figured attributes) alone."""


def answers_characters(test: CharacterTest) -> Callable[[_Function], _Function]:
    """Declare that the decorated action-hook implementation answers only for the characters
    ``test`` accepts (the ``actor`` of the call: a weakness or a skill on its sheet …).

    ``test`` reads only the character as built before play — what its sheet says, never what
    happens in the fight — and is asked once per character and action in a batch. For any
    other actor the implementation must contribute nothing, as for :func:`answers_actions`,
    so mands-sim may leave it out of the call. Put it on implementations of the hooks in
    :data:`ACTION_HOOKS` or of the pipelines' stages asked about an actor (``docs/hooks.md``),
    above or below ``@hookimpl``, alone or with ``@answers_actions``::

        @hookimpl
        @answers_characters(has_weakness("tires easily"))
        def mands_action_after(encounter, actor, action): ...
    """
    if not callable(test):
        raise ValueError(f"answers_characters needs a test of a character, got {test!r}")

    def declare(function: _Function) -> _Function:
        setattr(function, ANSWERS_CHARACTERS_ATTRIBUTE, test)
        return function

    return declare


def answered_characters(function: object) -> CharacterTest | None:
    """The test ``function`` declared with :func:`answers_characters`, or ``None``: it answers
    for every character."""
    test = getattr(function, ANSWERS_CHARACTERS_ATTRIBUTE, None)
    return test if callable(test) else None


def answered_actions(function: object) -> frozenset[str] | None:
    """The actions ``function`` (an implementation, or a bound method) declared it answers with
    :func:`answers_actions`, or ``None``: it answers every action."""
    declared = getattr(function, ANSWERS_ACTIONS_ATTRIBUTE, None)
    return declared if isinstance(declared, frozenset) else None


# -------------------------------------------------------------------------
# Registration hooks
#
# Called once per simulation (and by ``mands-sim plugins``), once per implementing plugin, each
# time with a ``register`` callback bound to that plugin. They return nothing; entries are
# combined by ``mands_sim.registry`` so that plugin order never changes the result.
# -------------------------------------------------------------------------


@hookspec
def mands_register_powers(register: Register) -> None:
    """Register powers.

    :param register: call ``register(name, power, summary=..., source=..., replaces=False)``
        once per power. ``source`` is ``"third party"`` unless the power is rulebook content.

    Returns nothing. Results combine by name: a name registered by two plugins is a
    :class:`~mands_sim.errors.DuplicateRegistrationError`; ``replaces=True`` replaces another
    plugin's power of that name; the registry is sorted by name.
    """


@hookspec
def mands_register_skills(register: Register) -> None:
    """Register skills.

    :param register: call ``register(name, skill, summary=..., source=..., replaces=False)``
        once per skill.

    Returns nothing. Results combine as for :func:`mands_register_powers`.
    """


@hookspec
def mands_register_actions(register: Register) -> None:
    """Register actions a character can take (``docs/rules/combat.md`` §3).

    :param register: call ``register(name, action, summary=..., source=..., replaces=False)``
        once per action.

    Returns nothing. Results combine as for :func:`mands_register_powers`.
    """


@hookspec
def mands_register_optional_rules(register: Register) -> None:
    """Register optional rules a scenario can switch on.

    :param register: call ``register(name, rule, summary=..., source=..., replaces=False)``
        once per optional rule. ``rule`` is a plugin object (a module or an instance with
        ``@hookimpl`` methods): a simulation whose scenario lists ``name`` under
        ``[rules] optional`` registers it as the plugin ``optional-rule:<name>``; otherwise its
        hooks never run.

    Returns nothing. Results combine as for :func:`mands_register_powers`.
    """


@hookspec
def mands_register_policies(register: Register) -> None:
    """Register policies that choose actions for characters.

    :param register: call ``register(name, policy, summary=..., source=..., replaces=False)``
        once per policy.

    Returns nothing. Results combine as for :func:`mands_register_powers`.
    """


@hookspec
def mands_register_charts(register: Register) -> None:
    """Register charts (``docs/rules/charts.md``), or replace one by name.

    :param register: call ``register(name, chart, summary=..., source=..., replaces=False)``
        once per chart. To override a chart another plugin registers, pass ``replaces=True``;
        the listing then names both plugins.

    Returns nothing. Results combine as for :func:`mands_register_powers`.
    """


@hookspec
def mands_register_outcome_conditions(register: Register) -> None:
    """Register conditions that end an encounter or decide who won.

    :param register: call ``register(name, condition, summary=..., source=..., replaces=False)``
        once per outcome condition.

    Returns nothing. Results combine as for :func:`mands_register_powers`.
    """


@hookspec
def mands_requires() -> list[str] | None:
    """The plugins this plugin needs loaded beside it, by name (``mands-sim plugins`` lists the
    names): a policy that draws weapons needs the plugin that plays drawing them. An optional
    rule is named ``optional-rule:<name>``: the scenario must switch it on (``[rules] optional``).

    Returns the names, or ``None`` for none. Results combine per plugin: each plugin is asked on its
    own when a simulation is prepared (after the scenario's optional rules are switched on), and
    one whose requirement is disabled, not installed or not switched on fails then, before any
    run, with a :class:`~mands_sim.errors.PluginValidationError` naming both (rather than every
    run failing on an action nobody plays).
    """


@hookspec
def mands_ruleset() -> str | None:
    """The ruleset (game) this plugin's content belongs to (:mod:`mands_sim.rulesets`): a name
    such as ``"microlite"``, ``"*"`` for a plugin that serves every ruleset, or ``None`` for
    Men & Supermen (``"men-and-supermen"``, the default of a plugin that does not say).

    Returns the name or ``None``. Results combine per plugin: read from each plugin object
    before it is registered (:func:`mands_sim.rulesets.declared_ruleset`, not a hook call), so a
    manager for one ruleset registers its plugins and those of ``"*"`` and never another
    game's. A crash raises :class:`~mands_sim.errors.PluginHookError`, an answer that is not a
    name (letters, digits and ``-``) :class:`~mands_sim.errors.PluginValidationError`, each
    naming the plugin.
    """


@hookspec
def mands_register_conditions(register: Register) -> None:
    """Register conditions a rule can put a character under: encased, held, stunned …
    (:mod:`mands_sim.conditions`).

    :param register: call ``register(name, ConditionDefinition(name, ...), summary=...,
        source=...)`` once per condition; the name must be the definition's own.

    Returns nothing. Results combine by name, as for powers. A
    :class:`~mands_sim.events.ConditionImposed` naming a condition no loaded plugin registers
    raises :class:`~mands_sim.errors.UnknownConditionError`.
    """


@hookspec
def mands_register_rule_states(register: Register) -> None:
    """Register the values a rule keeps for each character (:mod:`mands_sim.rule_state`).

    :param register: ``register(name, rule_state, *, summary, source="third party")``; the
        payload is a :class:`~mands_sim.rule_state.RuleState` of the same name.

    Returns nothing. Results combine as registrations do: one entry per name across all
    plugins (a clash fails naming both); the kernel keeps each for every character and changes
    it as the events its ``changes`` name are applied.
    """


@hookspec
def mands_register_metrics(register: Register) -> None:
    """Register what your rules count per character over a run (:mod:`mands_sim.metrics`).

    :param register: ``register(name, metric, *, summary, source="third party")``; the payload
        is a :class:`~mands_sim.metrics.Metric` of the same name.

    Returns nothing. Results combine as registrations do: one entry per name across all
    plugins (a clash fails naming both); every run counts each metric per character, and the
    report gives its mean per run and the share of runs it counted in.
    """


@hookspec
def mands_register_report_sections(register: Register) -> None:
    """Register what your rules add to a batch's report (:mod:`mands_sim.report_sections`).

    :param register: ``register(name, section, *, summary, source="third party")``; the
        payload is a :class:`~mands_sim.report_sections.ReportSectionDefinition` of the same
        name.

    Returns nothing. Results combine as registrations do: one entry per name across all
    plugins (a clash fails naming both); after every batch each section's ``build`` reads the
    report data, and what it returns is the report's ``sections.<name>``, drawn by the
    terminal and HTML reports in the order of the names.
    """


@hookspec
def mands_register_commands(register: Register) -> None:
    """Register ``mands-sim`` subcommands (:mod:`mands_sim.commands`).

    :param register: ``register(name, command, *, summary, source="third party")``; the
        payload is a :class:`~mands_sim.commands.CommandDefinition` of the same name.

    Returns nothing. Results combine as registrations do: one entry per name across all
    plugins (a clash fails naming both), and no name of a built-in command; ``mands-sim NAME``
    runs the command, and ``mands-sim --help`` lists it.
    """


@hookspec
def mands_register_sheet_makers(register: Register) -> None:
    """Register ways to make a character's sheet from a scenario's recipe
    (:mod:`mands_sim.sheet_makers`): ``sheet = { make = "NAME", ... }``.

    :param register: ``register(name, maker, *, summary, source="third party")``; the payload
        is a :class:`~mands_sim.sheet_makers.SheetMaker` of the same name.

    Returns nothing. Results combine as registrations do: one entry per name across all
    plugins (a clash fails naming both); loading a scenario calls the named maker's ``make``
    with the recipe (the table without ``make``), and its sheet is the character's.
    """


@hookspec
def mands_register_rulesets(register: Register) -> None:
    """Register how a ruleset's characters are read and figured (:mod:`mands_sim.rulesets`):
    the sheet format a scenario of that ruleset is written in, and the figuring of a sheet into
    a :class:`~mands_sim.model.character.Character`.

    :param register: ``register(name, definition, *, summary, source="third party")``; the
        payload is a :class:`~mands_sim.rulesets.RulesetDefinition` whose name is the ruleset's
        (the name its plugins answer to ``mands_ruleset``).

    Returns nothing. Results combine as registrations do: one definition per ruleset across
    all plugins (a clash fails naming both). Loading a scenario reads its sheets with its
    ruleset's ``read_sheet``; preparing a simulation figures them with its ``figure``.
    """


@hookspec
def mands_register_defaults(register: Register) -> None:
    """Register the named defaults your rules apply where no rules text decides
    (:mod:`mands_sim.defaults`, ``docs/rules/decisions.md``).

    :param register: ``register(name, kind, *, summary, source="third party")``; the payload
        is a frozen dataclass whose every field is a :func:`~mands_sim.defaults.rule_default`.

    Returns nothing. Results combine as registrations do: one entry per name across all
    plugins (a clash fails naming both), and no two classes may declare one field name (a
    G-number may have several switches). A scenario switches a registered default under
    ``[rules.defaults]``; your rules read theirs with ``encounter.defaults.of(kind)``.
    """


@hookspec
def mands_action_options(action: ActionDefinition) -> list[ActionOption] | None:
    """Declare the intent options this plugin reads on ``action``, an action it may not own.

    Called once per registered action per simulation, after the actions are registered
    (:func:`mands_sim.registry.collect_registries`). An option the action's own plugin reads
    belongs in its :attr:`~mands_sim.actions.ActionDefinition.options`; this hook is for a rule
    that reads an option on other plugins' actions (``maintain`` on every action that can be
    maintained, ``announce_delay`` on every action under Simpler Combat).

    :param action: the registered action's definition.

    Returns the options this plugin reads on ``action``, or ``None`` (or ``[]``) for none.
    Results combine: the action's own options, ``power`` on a power's use (declared by
    mands-sim) and every plugin's lists are merged into the action's options, sorted by name;
    an option name declared twice for one action (by two plugins, or by a plugin and the action
    itself) is a :class:`~mands_sim.errors.PluginValidationError` naming both. ``mands-sim
    validate`` reports a policy rule giving an action any option not declared for it.
    """


@hookspec
def mands_register_weaknesses(register: Register) -> None:
    """Register kinds of Handicap or Weakness a sheet's ``[[weaknesses]]`` may list.

    :param register: call ``register(kind, WeaknessKind(...), summary=..., source=...)`` once per
        kind the plugin plays (:class:`mands_sim.weaknesses.WeaknessKind` names its parameters).

    Returns nothing. Results combine by name, as for powers. A sheet naming a kind no loaded
    plugin registers, or a parameter its kind does not take, fails before any run.
    """


# -------------------------------------------------------------------------
# Character hooks
#
# Called while a character sheet is turned into a Character, before the simulation starts.
# -------------------------------------------------------------------------


@hookspec
def mands_figured_adjustments(sheet: CharacterSheet) -> list[FiguredAdjustment] | None:
    """Adjust the figured attributes of the character built from ``sheet``.

    The seam for skills and powers that change a figured attribute (seed "Figured Attributes":
    e.g. a skill adding to Endurance Points); ``mands_sim.model.character.build_character``
    applies the adjustments.

    :param sheet: the validated character sheet (``mands_sim.model.sheet.CharacterSheet``).

    Return a list of ``FiguredAdjustment(attribute, delta, source)`` values
    (``mands_sim.model.figured``), or ``None`` for none. Results combine by concatenation:
    every plugin's adjustments apply, sorted by (attribute, source, delta), so plugin order
    never matters (``mands_sim.plugin_calls.figured_adjustments``).
    """


# -------------------------------------------------------------------------
# Action protocol
#
# Called by the encounter kernel (``mands_sim.kernel.encounter``) while a run goes on, in this
# order for one action: refusals, bonus-pool modifiers (asked by whoever rolls), initiate,
# resolve (when the Performance Time completes), after. Status checks run after every segment
# in which an action completed and at every Payment Segment. ``encounter`` is the running
# :class:`~mands_sim.kernel.encounter.Encounter`: read its ``state``, ``charts``, ``defaults``,
# ``now`` and ``dice_for(actor)``; never change its state — return events instead.
# Collecting hooks (refusals, modifiers) never roll dice.
# -------------------------------------------------------------------------


@hookspec
def mands_action_refusals(encounter: Encounter, actor: str, intent: Intent) -> list[str] | None:
    """Rule-legal reasons why ``actor`` may not start ``intent`` now.

    :param encounter: the running encounter (read-only).
    :param actor: the id of the character who would act.
    :param intent: what its policy asks for (action name, target, options).

    Return a list of reasons in words (empty or ``None`` for none). Results combine by
    concatenation and sorting; any reason refuses the action. Must not roll dice.
    """


@hookspec
def mands_bonus_pool_modifiers(
    encounter: Encounter, actor: str, intent: Intent, purpose: str
) -> list[Modifier] | None:
    """Modifiers to the Bonus Pool of a roll ``actor`` makes for ``intent``.

    :param encounter: the running encounter (read-only).
    :param actor: the id of the character who rolls.
    :param intent: the action the roll is for.
    :param purpose: what the roll is for, e.g. ``"combat"`` for a Combat Roll.

    Return a list of :class:`~mands_sim.actions.Modifier` (or ``None``). Results combine by
    summing every modifier's ``amount`` (order-free): the ``"pool"`` modifiers join the roll's
    pool before the Sphere-chart lookup (``docs/rules/combat.md`` §5); the ``"quality"`` ones are
    added to Q after the roll (the trailing surprise penalty, §2). Must not roll dice.
    """


@hookspec
def mands_ability_modifiers(encounter: Encounter, actor: str) -> list[AbilityModifier] | None:
    """Changes in force now to ``actor``'s abilities and figured attributes.

    The seam for rules that change a character during a fight (a weakness lowering Strength
    while a power is used, G-270; a power lending Hand Damage, EP or Skin Temper, G-181).
    Every rule reads the values it uses in a fight through ``encounter.figured(actor)``,
    ``encounter.abilities(actor)`` or ``encounter.current(actor)``
    (:mod:`mands_sim.kernel.abilities`), which asks this hook.

    :param encounter: the running encounter (read-only).
    :param actor: the id of the character whose abilities are read.

    Return a list of ``AbilityModifier(name, amount, source)`` values
    (:class:`mands_sim.kernel.abilities.AbilityModifier`: ``name`` an ability such as
    ``"strength"`` or a figured attribute such as ``"hand_damage"``), or ``None`` for none.
    Results combine by summing every modifier's ``amount`` per name (order-free); a changed
    ability is figured again into the attributes figured from it (G-287), a figured attribute's
    sum is added after the sheet's overrides. Read the modifiers from the encounter's log and
    state (the answer is kept while the log and the segment stay as they are). Must not roll
    dice, and must not read ``encounter.figured`` or ``encounter.abilities`` of ``actor``.
    """


@hookspec
def mands_percent_modifiers(
    encounter: Encounter, actor: str, purpose: str
) -> list[Modifier] | None:
    """Changes to a d100 roll ``actor`` makes for ``purpose`` (a save, a chance, a %Control).

    :param encounter: the running encounter (read-only).
    :param actor: the id of the character who rolls: the one whose dice roll it and whose
        :class:`~mands_sim.events.PercentRolled` (or save) logs it.
    :param purpose: what the roll is for, as its event names it (``"Flight %Control"``,
        ``"save vs. blindness"``, ``"cover at roof"``).

    Return a list of :class:`~mands_sim.actions.Modifier` (or ``None``); ``applies_to`` is not
    read. Results combine by summing every modifier's ``amount`` (order-free); the sum is
    applied directly to the d100 roll (G-113, quoting the seed: "directly to the roll, not to
    the bonus pool") in the roller's favour: a roll that must come in at or under its chance is
    lowered by it, one that must come in at or over its number is raised; a negative sum works
    against the roller. Asked once per d100 roll, by the one seam every d100 roll of an
    encounter goes through (:mod:`mands_sim.percent_rolls`). Must not roll dice.
    """


# -------------------------------------------------------------------------
# The initiation pipeline (``docs/hooks.md``, "The initiation pipeline")
#
# Every action starts through the same stages, in this order: watch (opened) → gate → the
# action's own ``initiate`` → adjust → watch (closed, its events appended) → each gate's frame.
# Within a stage, plugins are asked one at a time in plugin-name order.
# -------------------------------------------------------------------------


@hookspec
def mands_initiation_watch(
    encounter: Encounter, actor: str, intent: Intent
) -> AbstractContextManager[list[Event]] | None:
    """Watch what happens while an action starts (the *watch* stage).

    :param encounter: the running encounter (read-only).
    :param actor: the id of the character who acts.
    :param intent: what its policy asked for.

    Return a context manager, or ``None``. Each is entered, in plugin-name order, before the
    gates are asked and exited after the *adjust* stage; what its ``__enter__`` returns is a
    list the plugin fills by the time it exits (rolls edited, Extra Efforts made on the way);
    Results combine in plugin-name order: the lists are logged after the action's own events,
    in that order. An exception inside reaches ``__exit__`` as usual. Must not roll dice
    itself.
    """


@hookspec
def mands_initiation_gate(
    encounter: Encounter, actor: str, intent: Intent, definition: ActionDefinition
) -> Gate | None:
    """Have a say before the action's own rules start it (the *gate* stage).

    :param encounter: the running encounter (read-only).
    :param actor: the id of the character who acts.
    :param intent: what its policy asked for.
    :param definition: the registered :class:`~mands_sim.actions.ActionDefinition`.

    Return a :class:`~mands_sim.kernel.contracts.Gate` or ``None``. Results combine in plugin-name
    order: every plugin is asked, one at a time, and may roll dice (a %Control roll). The gates'
    ``events`` go first among the action's events, in that order; the first gate with an ``instead``
    decides what starts (the action's own ``initiate`` and the *adjust* stage are then skipped);
    every gate's ``then`` reframes the finished initiation last, in the same order.
    """


@hookspec
def mands_initiation_adjust(
    encounter: Encounter,
    actor: str,
    intent: Intent,
    definition: ActionDefinition,
    initiation: Initiation,
) -> Initiation | None:
    """Adjust an action its own rules have just started (the *adjust* stage).

    :param encounter: the running encounter (read-only).
    :param actor: the id of the character who acts.
    :param intent: what its policy asked for.
    :param definition: the registered :class:`~mands_sim.actions.ActionDefinition`.
    :param initiation: the initiation so far: the action's own, the gates' events first, and
        the adjustments of plugins earlier in name order.

    Return the adjusted :class:`~mands_sim.kernel.contracts.Initiation` (a skill shortening
    its Performance Time, a defensive skill adding Defense and its EP charge, the mind's
    explanation put first) or ``None`` for no change. Results combine by folding in plugin-name
    order: each plugin receives what the one before returned. Not asked when a gate started
    something ``instead``. Must not roll dice.
    """


# -------------------------------------------------------------------------
# The resolution pipeline (``docs/hooks.md``, "The resolution pipeline")
#
# When an action's time is up: watch (opened) → gate → the action's own ``resolve`` → adjust →
# watch (closed, its events put first). Within a stage, plugins go in plugin-name order.
# -------------------------------------------------------------------------


@hookspec
def mands_resolution_watch(
    encounter: Encounter, actor: str, action: ActionInProgress
) -> AbstractContextManager[list[Event]] | None:
    """Watch what happens while an action resolves (the *watch* stage).

    :param encounter: the running encounter (read-only).
    :param actor: the id of the character whose action completes.
    :param action: the action in progress, with what initiation ``prepared``.

    Return a context manager, or ``None``. Results combine in plugin-name order: each is
    entered before the gates are asked and exited after the *adjust* stage; the lists their
    ``__enter__`` returned (filled by then: rolls edited on the way) are logged first, before
    the resolution's events, in that order. Must not roll dice itself.
    """


@hookspec
def mands_resolution_gate(
    encounter: Encounter, actor: str, action: ActionInProgress
) -> list[Event] | None:
    """What happens instead of the action's own resolution (the *gate* stage).

    :param encounter: the running encounter (read-only).
    :param actor: the id of the character whose action completes.
    :param action: the action in progress.

    Return the events that happen instead (``[]``: nothing happens, as for a power that failed
    to operate), or ``None`` to let the action resolve by its own rules. Results combine in
    plugin-name order: the first non-``None`` answer wins and later plugins are not asked.
    """


@hookspec
def mands_resolution_adjust(
    encounter: Encounter, actor: str, action: ActionInProgress, events: list[Event]
) -> list[Event] | None:
    """Adjust what a resolution caused (the *adjust* stage).

    :param encounter: the running encounter (read-only).
    :param actor: the id of the character whose action completes.
    :param action: the action that resolves.
    :param events: the resolution's events so far (a gate's or the action's own, adjusted by
        plugins earlier in name order).

    Return the adjusted list (a flyer knocked out falls; a death a Fate Point cancels) or
    ``None`` for no change. Results combine by folding in plugin-name order.
    """


@hookspec
def mands_action_after(
    encounter: Encounter, actor: str, action: ActionInProgress
) -> list[Event] | None:
    """Follow-up events once an action has resolved (its events are already applied).

    :param encounter: the running encounter (read-only).
    :param actor: the id of the character whose action resolved.
    :param action: the action that resolved.

    Return a list of events or ``None``. Results combine by concatenation in plugin-name order
    (``mands_sim.plugin_calls.results_by_plugin``), each plugin called on its own, so plugin
    registration order never changes the log.
    """


@hookspec(firstresult=True)
def mands_status_check(encounter: Encounter, actor: str) -> list[Event] | None:
    """Check ``actor``'s condition: staying conscious, dying (``docs/rules/combat.md`` §9).

    :param encounter: the running encounter (read-only).
    :param actor: the id of the character to check.

    Called for every character affected by an action that completed in the segment, and for everyone
    in action or unconscious at each Payment Segment (bleeding goes on while unconscious). Return
    the events (checks, out of action), or ``None`` to leave it to the next plugin. Results combine
    as ``firstresult``: the first non-``None`` wins; the rulebook's G-17 default answers
    ``trylast``.
    """


@hookspec
def mands_status_watch(
    encounter: Encounter, actor: str
) -> AbstractContextManager[list[Event]] | None:
    """Watch what happens while ``actor``'s condition is checked (the status check's *watch*).

    :param encounter: the running encounter (read-only).
    :param actor: the id of the character checked.

    Return a context manager, or ``None``. Results combine in plugin-name order: each is
    entered before ``mands_status_check`` is asked and exited after the adjustments; the lists
    their ``__enter__`` returned (rolls edited on the way) are logged first, in that order.
    Must not roll dice itself.
    """


@hookspec
def mands_status_adjust(
    encounter: Encounter, actor: str, events: list[Event]
) -> list[Event] | None:
    """Adjust what a status check decided (the status check's *adjust*).

    :param encounter: the running encounter (read-only).
    :param actor: the id of the character checked.
    :param events: the check's events so far (adjusted by plugins earlier in name order).

    Return the adjusted list (a failed check edited after the fact, a death a Fate Point
    cancels) or ``None`` for no change. Results combine by folding in plugin-name order, inside
    the watches.
    """


@hookspec
def mands_payment_segment(encounter: Encounter) -> list[Event] | None:
    """Events of a rule that acts once a round, at every Payment Segment (G-33).

    :param encounter: the running encounter at the Payment Segment (read-only).

    Called at each Payment Segment after the conditions' break-out attempts and before
    sustained actions pay. Return events (a roll each round, a poison's damage …) or ``None``.
    Results combine by concatenation in plugin-name order, each plugin called on its own and its
    events applied before the next plugin looks, so registration order never changes the log.
    """


@hookspec
def mands_encounter_opening(encounter: Encounter) -> list[Event] | None:
    """Events that settle the situation before anyone acts: surprise (``docs/rules/combat.md`` §2).

    :param encounter: the encounter at segment 0, before any character chooses (read-only).

    Called once per run. Return events (Detect Danger rolls, surprise …) or ``None``. Results
    combine by concatenation in plugin-name order, each plugin called on its own, so
    registration order never changes the log.
    """


@hookspec
def mands_action_sustain(
    encounter: Encounter, actor: str, action: ActionInProgress
) -> list[Event] | None:
    """A sustained action reaches a Payment Segment and is about to pay for another round.

    :param encounter: the running encounter (read-only).
    :param actor: the id of the character sustaining the action.
    :param action: the sustained action in progress.

    Return events or ``None``; an :class:`~mands_sim.events.ActionDropped` for the action (a
    failed %Control roll per round, for one) ends it and it pays nothing more. Results combine
    by concatenation in plugin-name order, each plugin called on its own.
    """


@hookspec(firstresult=True)
def mands_initiation_allowance(encounter: Encounter, actor: str) -> str | None:
    """Whether a rule lets ``actor``, who has already initiated an action in this segment,
    initiate one more now (``docs/rules/combat.md`` §3: "one initiation per segment").

    :param encounter: the running encounter (read-only); ``encounter.state[actor].initiated``
        names the actions initiated in this segment so far, in order.
    :param actor: the id of the character who would initiate again.

    Return the rule's name in words (``"a second action"``) to allow it, or ``None``. An allowed
    initiation may also be an active action beside the active actions started in this same
    segment (never beside older ones), and waits for no passive delay of them. The kernel asks
    after every initiation (to know whether to ask the mind again in the segment) and from
    :meth:`~mands_sim.kernel.encounter.Encounter.check_timing`. Pairs of actions that may always
    start together (a jump with a move) need no hook: ``ActionDefinition.starts_with``.
    Results combine as ``firstresult``: the first non-``None`` wins. Must not roll dice.
    """


@hookspec(firstresult=True)
def mands_time_model(encounter_scenario: ScenarioSpec) -> TimeModel | None:
    """The clock an encounter runs on: where actions may start and complete, and where Payment
    Segments fall (``mands_sim.kernel.time.TimeModel``).

    :param encounter_scenario: the scenario being simulated (read-only).

    Return a time model, or ``None`` to leave it to the next plugin; without any, the rulebook's
    segment clock (G-33) is used. Results combine as ``firstresult``: the first non-``None``
    wins. Optional rules such as Simpler Combat's 10-segment Combat Turns answer here.
    """


# -------------------------------------------------------------------------
# Between scenes
#
# Called by an adventure day (``mands_sim.adventure``) between one scene and the next, never
# while an encounter runs.
# -------------------------------------------------------------------------


@hookspec
def mands_carry_over(encounter: Encounter, actor: str) -> dict[str, object] | None:
    """Values a rule keeps for ``actor`` from a scene that has ended into its next scene.

    :param encounter: the ended encounter (read-only).
    :param actor: the id of a party member (the adventure's ``party``) who is not dead.

    Return a dict of plain values (numbers, strings) by key, or ``None``. The next scene's
    plugins read them with ``encounter.state[actor].carried.value(key)``. Results combine by
    merging in plugin-name order; two plugins giving the same key is a :class:`PluginError`
    naming both. Must not roll dice.
    """


@hookspec(firstresult=True)
def mands_rest_between_scenes(rest: RestBetweenScenes) -> Carried | None:
    """What a rest between two scenes leaves of a party member's losses.

    :param rest: the character, what it carries, the rest's minutes and dice, and the next
        scene's charts and named defaults (:class:`mands_sim.carry.RestBetweenScenes`).

    Called once per party member who is not dead, before each scene after the first, even for a
    rest of 0 minutes. Return the :class:`~mands_sim.carry.Carried` after the rest, or ``None``
    to leave it to the next plugin; with no answer nothing heals. Results combine as
    ``firstresult``: the first non-``None`` wins; the rulebook's answer (G-296, G-297) is
    ``trylast``. Roll only on ``rest.dice``.
    """


# -------------------------------------------------------------------------
# Policy hooks
#
# Asked by policies (``mands_sim.policy``), never by the kernel: what a character could do now.
# -------------------------------------------------------------------------


@hookspec
def mands_candidate_actions(encounter: Encounter, actor: str) -> list[Intent] | None:
    """Candidate actions ``actor`` could start now, for scored and lookahead policies.

    Each action plugin proposes the concrete intents it knows how to carry out (a punch at each
    enemy, a weapon attack with the weapon held ready, a power's uses, running to meet an enemy
    or for an exit); a policy then weighs them (``docs/policies.md``, the ``tactician``).

    :param encounter: the running encounter (read-only).
    :param actor: the id of the character who would act.

    Return a list of :class:`~mands_sim.actions.Intent` (or ``None`` for none). Candidates need
    not be allowed: the caller drops those the clock or the refusal hooks forbid
    (:func:`mands_sim.policy.proposals.candidate_actions`). Results combine by concatenation in
    plugin-name order, the first of two equal intents kept. Must not roll dice.
    """
