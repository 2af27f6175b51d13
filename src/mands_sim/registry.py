"""What plugins registered: entries stamped with their plugin, combined by order-free rules.

Every ``mands_register_*`` hook receives a ``register(...)`` callback (the shape of simonw/llm's
``register_tools(register)``). Each call records one :class:`Entry` stamped with the plugin that
made it, so a listing can say who added what and a duplicate can name both plugins.

How registrations combine (``docs/hooks.md`` "Plugin order"), so that plugin order never changes
the result:

1. Within one kind (powers, charts, ...) a name belongs to one plugin. Two plugins registering
   the same name raise :class:`~mands_sim.errors.DuplicateRegistrationError` naming both (the
   alphabetically first plugin is reported as the first registrant, whatever the call order).
2. ``register(name, payload, ..., replaces=True)`` replaces the entry another plugin registered
   under that name; the new entry records the replaced plugin in :attr:`Entry.replaces`. The
   name must be registered plainly by exactly one other plugin, and only one plugin may replace it.
3. A registry lists its entries sorted by name.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import (
    TYPE_CHECKING,
    Any,
    ClassVar,
    Final,
    Generic,
    Literal,
    Protocol,
    TypeVar,
    cast,
    get_args,
)

from mands_sim.action_options import collect_action_options
from mands_sim.defaults import CoreDefaults, default_switches, defaults_kind_problem
from mands_sim.errors import DuplicateRegistrationError, PluginError, PluginValidationError

if TYPE_CHECKING:
    import pluggy

    from mands_sim.actions import ActionOption
    from mands_sim.charts.loading import Charts
    from mands_sim.defaults import RuleDefaults

Source = Literal["rules text", "template, not rules text", "third party"]
"""Where an entry's content comes from: the rulebook (``rules/``), the powers template of
``docs/rules/powers.md`` standing in for missing rulebook text, or a third party's own invention."""

SOURCES: tuple[Source, ...] = get_args(Source)

CORE: Final = "mands_sim"
"""Who declares the core's own defaults (:class:`~mands_sim.defaults.CoreDefaults`) in a clash."""

STANDARD_CHARTS_PLUGIN: Final = "mands_rulebook.combat.charts"
"""The builtin plugin that registers the standard charts (named, never imported)."""


@dataclass(frozen=True, slots=True)
class Entry:
    """One registered thing, stamped with the plugin that registered it.

    Attributes:
        name: the name it is looked up by (unique within its kind).
        plugin: the name of the plugin that registered it.
        source: where its content comes from (one of :data:`SOURCES`).
        summary: one line for listings.
        payload: the thing itself (a power, a chart loader, a policy ...), as the plugin gave
            it. Not compared: entries are equal when everything else is.
        replaces: the plugin whose entry of the same name this one replaced, or ``None``.
        aliases: other names files may call it by (a sheet's "Electricity" for "Electric
            Power"); :meth:`Registry.find` matches them, case, spacing and punctuation aside.
    """

    kind: ClassVar[str] = "entry"
    hook: ClassVar[str] = ""

    name: str
    plugin: str
    source: Source
    summary: str
    payload: object = field(compare=False)
    replaces: str | None = None
    aliases: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class PowerEntry(Entry):
    """A power (``docs/rules/powers.md``)."""

    kind: ClassVar[str] = "power"
    hook: ClassVar[str] = "mands_register_powers"


@dataclass(frozen=True, slots=True)
class SkillEntry(Entry):
    """A skill."""

    kind: ClassVar[str] = "skill"
    hook: ClassVar[str] = "mands_register_skills"


@dataclass(frozen=True, slots=True)
class ActionEntry(Entry):
    """An action a character can take (``docs/rules/combat.md`` §3)."""

    kind: ClassVar[str] = "action"
    hook: ClassVar[str] = "mands_register_actions"


@dataclass(frozen=True, slots=True)
class OptionalRuleEntry(Entry):
    """An optional rule a scenario can switch on."""

    kind: ClassVar[str] = "optional rule"
    hook: ClassVar[str] = "mands_register_optional_rules"


@dataclass(frozen=True, slots=True)
class PolicyEntry(Entry):
    """A policy that chooses actions for a character."""

    kind: ClassVar[str] = "policy"
    hook: ClassVar[str] = "mands_register_policies"


@dataclass(frozen=True, slots=True)
class ChartEntry(Entry):
    """A chart (``docs/rules/charts.md``) by name; the payload is a loader taking ``RuleDefaults``
    and returning the chart (see :func:`build_charts`)."""

    kind: ClassVar[str] = "chart"
    hook: ClassVar[str] = "mands_register_charts"


@dataclass(frozen=True, slots=True)
class OutcomeConditionEntry(Entry):
    """A condition that ends an encounter or decides who won."""

    kind: ClassVar[str] = "outcome condition"
    hook: ClassVar[str] = "mands_register_outcome_conditions"


@dataclass(frozen=True, slots=True)
class WeaknessEntry(Entry):
    """A kind of Handicap or Weakness a sheet may list (seed "Handicap or Weakness"); the
    payload is a :class:`mands_sim.weaknesses.WeaknessKind`."""

    kind: ClassVar[str] = "weakness"
    hook: ClassVar[str] = "mands_register_weaknesses"


@dataclass(frozen=True, slots=True)
class ConditionEntry(Entry):
    """A condition a rule can put a character under (:mod:`mands_sim.conditions`); the payload
    is a :class:`mands_sim.conditions.ConditionDefinition` of the same name."""

    kind: ClassVar[str] = "condition"
    hook: ClassVar[str] = "mands_register_conditions"


@dataclass(frozen=True, slots=True)
class RuleStateEntry(Entry):
    """A value a rule keeps for each character (:mod:`mands_sim.rule_state`); the payload is a
    :class:`mands_sim.rule_state.RuleState` of the same name."""

    kind: ClassVar[str] = "rule state"
    hook: ClassVar[str] = "mands_register_rule_states"


@dataclass(frozen=True, slots=True)
class MetricEntry(Entry):
    """A count a rule keeps per character over a run (:mod:`mands_sim.metrics`); the payload
    is a :class:`mands_sim.metrics.Metric` of the same name."""

    kind: ClassVar[str] = "metric"
    hook: ClassVar[str] = "mands_register_metrics"


@dataclass(frozen=True, slots=True)
class ReportSectionEntry(Entry):
    """A section a rule adds to batch reports (:mod:`mands_sim.report_sections`); the payload
    is a :class:`mands_sim.report_sections.ReportSectionDefinition` of the same name."""

    kind: ClassVar[str] = "report section"
    hook: ClassVar[str] = "mands_register_report_sections"


@dataclass(frozen=True, slots=True)
class CommandEntry(Entry):
    """A ``mands-sim`` subcommand a plugin adds (:mod:`mands_sim.commands`); the payload is a
    :class:`mands_sim.commands.CommandDefinition` of the same name."""

    kind: ClassVar[str] = "command"
    hook: ClassVar[str] = "mands_register_commands"


@dataclass(frozen=True, slots=True)
class SheetMakerEntry(Entry):
    """A way to make a sheet from a scenario's recipe (:mod:`mands_sim.sheet_makers`); the
    payload is a :class:`mands_sim.sheet_makers.SheetMaker` of the same name."""

    kind: ClassVar[str] = "sheet maker"
    hook: ClassVar[str] = "mands_register_sheet_makers"


@dataclass(frozen=True, slots=True)
class RulesetEntry(Entry):
    """How one ruleset's characters are read and figured (:mod:`mands_sim.rulesets`); the
    payload is a :class:`mands_sim.rulesets.RulesetDefinition` of the same name."""

    kind: ClassVar[str] = "ruleset"
    hook: ClassVar[str] = "mands_register_rulesets"


@dataclass(frozen=True, slots=True)
class DefaultsEntry(Entry):
    """A class of named defaults a rule applies (:mod:`mands_sim.defaults`); the payload is a
    frozen dataclass of :func:`~mands_sim.defaults.rule_default` fields."""

    kind: ClassVar[str] = "defaults"
    hook: ClassVar[str] = "mands_register_defaults"


ENTRY_TYPES: tuple[type[Entry], ...] = (
    PowerEntry,
    SkillEntry,
    ActionEntry,
    OptionalRuleEntry,
    PolicyEntry,
    ChartEntry,
    OutcomeConditionEntry,
    WeaknessEntry,
    ConditionEntry,
    RuleStateEntry,
    MetricEntry,
    ReportSectionEntry,
    CommandEntry,
    SheetMakerEntry,
    RulesetEntry,
    DefaultsEntry,
)
"""One entry type per registration hook, in the order listings show them."""

E = TypeVar("E", bound=Entry)


class Register(Protocol):
    """The callback a ``mands_register_*`` hook receives (see ``docs/hooks.md``)."""

    def __call__(
        self,
        name: str,
        payload: object,
        *,
        summary: str,
        source: Source = "third party",
        replaces: bool = False,
        aliases: tuple[str, ...] = (),
    ) -> None: ...


@dataclass(slots=True, repr=False)
class Registrar(Generic[E]):
    """The ``register`` callback handed to one plugin for one kind; records what it registers."""

    entry_type: type[E]
    plugin: str
    entries: list[tuple[E, bool]] = field(default_factory=list)

    def __call__(
        self,
        name: str,
        payload: object,
        *,
        summary: str,
        source: Source = "third party",
        replaces: bool = False,
        aliases: tuple[str, ...] = (),
    ) -> None:
        self._check(name, summary, source)
        entry = self.entry_type(name, self.plugin, source, summary, payload, None, tuple(aliases))
        self.entries.append((entry, replaces))

    def __repr__(self) -> str:
        return f"<register {self.entry_type.kind} for {self.plugin!r}>"

    def _check(self, name: object, summary: object, source: object) -> None:
        kind = self.entry_type.kind
        if not isinstance(name, str) or not name.strip():
            self._fail(f"a {kind} name must be a non-empty string, got {name!r}")
        if not isinstance(summary, str) or not summary.strip() or "\n" in summary:
            self._fail(f"{kind} {name!r}: summary must be one non-empty line, got {summary!r}")
        if source not in SOURCES:
            self._fail(f"{kind} {name!r}: source must be one of {list(SOURCES)}, got {source!r}")

    def _fail(self, message: str) -> None:
        raise PluginValidationError(self.plugin, message, self.entry_type.hook)


@dataclass(frozen=True, slots=True)
class Registry(Mapping[str, E]):
    """The combined entries of one kind, by name, sorted by name. Read-only."""

    entries: tuple[E, ...] = ()

    def __getitem__(self, name: str) -> E:
        for entry in self.entries:
            if entry.name == name:
                return entry
        raise KeyError(name)

    def __iter__(self) -> Iterator[str]:
        return (entry.name for entry in self.entries)

    def __len__(self) -> int:
        return len(self.entries)

    def find(self, name: str) -> E | None:
        """The entry ``name`` means: its name or one of its aliases, case, spacing and
        punctuation aside (``"frost breath"`` finds ``"Frost-Breath"``); ``None`` for none."""
        wanted = spoken(name)
        for entry in self.entries:
            if wanted in (spoken(called) for called in (entry.name, *entry.aliases)):
                return entry
        return None

    def by_plugin(self, plugin: str) -> tuple[E, ...]:
        """The entries ``plugin`` registered (including those it replaced), sorted by name."""
        return tuple(entry for entry in self.entries if entry.plugin == plugin)


@dataclass(frozen=True, slots=True)
class Registries:
    """Everything the loaded plugins registered, one :class:`Registry` per kind, and the intent
    options declared for each action (:mod:`mands_sim.action_options`)."""

    powers: Registry[PowerEntry] = Registry()
    skills: Registry[SkillEntry] = Registry()
    actions: Registry[ActionEntry] = Registry()
    optional_rules: Registry[OptionalRuleEntry] = Registry()
    policies: Registry[PolicyEntry] = Registry()
    charts: Registry[ChartEntry] = Registry()
    outcome_conditions: Registry[OutcomeConditionEntry] = Registry()
    action_options: Mapping[str, tuple[ActionOption, ...]] = field(
        default_factory=lambda: MappingProxyType({})
    )

    def options_of(self, action: str) -> tuple[ActionOption, ...]:
        """The intent options declared for ``action`` (none for an unknown action)."""
        return self.action_options.get(action, ())

    weaknesses: Registry[WeaknessEntry] = Registry()
    conditions: Registry[ConditionEntry] = Registry()
    rule_states: Registry[RuleStateEntry] = Registry()
    metrics: Registry[MetricEntry] = Registry()
    report_sections: Registry[ReportSectionEntry] = Registry()
    commands: Registry[CommandEntry] = Registry()
    sheet_makers: Registry[SheetMakerEntry] = Registry()
    rulesets: Registry[RulesetEntry] = Registry()
    defaults: Registry[DefaultsEntry] = Registry()

    def default_kinds(self) -> tuple[type, ...]:
        """The classes of named defaults in force: the core's, then the registered ones."""
        registered = [entry.payload for entry in self.defaults.entries]
        return (CoreDefaults, *cast("list[type]", registered))

    def all_entries(self) -> tuple[Entry, ...]:
        """Every entry of every kind, kinds in :data:`ENTRY_TYPES` order."""
        return (
            *self.powers.entries,
            *self.skills.entries,
            *self.actions.entries,
            *self.optional_rules.entries,
            *self.policies.entries,
            *self.charts.entries,
            *self.outcome_conditions.entries,
            *self.weaknesses.entries,
            *self.conditions.entries,
            *self.rule_states.entries,
            *self.metrics.entries,
            *self.report_sections.entries,
            *self.commands.entries,
            *self.sheet_makers.entries,
            *self.rulesets.entries,
            *self.defaults.entries,
        )


def combine(registrations: list[tuple[E, bool]]) -> Registry[E]:
    """Combine one kind's registrations from all plugins by the rules in the module docstring.

    ``registrations`` holds ``(entry, replaces)`` pairs in any order; the result does not
    depend on that order.
    """
    plain: dict[str, E] = {}
    replacing: dict[str, E] = {}
    for entry, replaces in sorted(registrations, key=lambda pair: (pair[0].plugin, pair[0].name)):
        table = replacing if replaces else plain
        first = table.get(entry.name)
        if first is not None:
            raise DuplicateRegistrationError(entry.kind, entry.name, first.plugin, entry.plugin)
        table[entry.name] = entry
    for name, entry in replacing.items():
        original = plain.get(name)
        if original is None or original.plugin == entry.plugin:
            raise PluginValidationError(
                entry.plugin,
                f"replaces {entry.kind} {name!r}, but no other plugin registers it",
                entry.hook,
            )
        plain[name] = _replacing(entry, original.plugin)
    return Registry(tuple(plain[name] for name in sorted(plain)))


def _replacing(entry: E, replaced_plugin: str) -> E:
    return type(entry)(
        entry.name,
        entry.plugin,
        entry.source,
        entry.summary,
        entry.payload,
        replaced_plugin,
        entry.aliases,
    )


@functools.lru_cache(maxsize=4096)
def spoken(name: str) -> str:
    """A name for matching: case-folded, letters and digits only. Kept for the names asked
    about most (rules match sheet names to theirs on every action): a pure function of text."""
    return "".join(char for char in name.casefold() if char.isalnum())


def collect_registries(pm: pluggy.PluginManager) -> Registries:
    """Call every ``mands_register_*`` hook, once per implementing plugin, and combine.

    Each plugin gets its own ``register`` callback, so every entry carries the plugin's name.
    A registration hook must return nothing; an implementation returning a value most likely
    meant to call ``register`` and fails loudly instead of being ignored. Then every action's
    intent options are collected (``mands_action_options``).
    """
    actions = _collect_kind(pm, ActionEntry)
    return Registries(
        powers=_collect_kind(pm, PowerEntry),
        skills=_collect_kind(pm, SkillEntry),
        actions=actions,
        optional_rules=_collect_kind(pm, OptionalRuleEntry),
        policies=_collect_kind(pm, PolicyEntry),
        charts=_collect_kind(pm, ChartEntry),
        outcome_conditions=_collect_kind(pm, OutcomeConditionEntry),
        action_options=collect_action_options(pm, actions),
        weaknesses=_collect_kind(pm, WeaknessEntry),
        conditions=_collect_kind(pm, ConditionEntry),
        rule_states=_collect_kind(pm, RuleStateEntry),
        metrics=_collect_kind(pm, MetricEntry),
        report_sections=_collect_kind(pm, ReportSectionEntry),
        commands=_collect_kind(pm, CommandEntry),
        sheet_makers=_collect_kind(pm, SheetMakerEntry),
        rulesets=_collect_kind(pm, RulesetEntry),
        defaults=checked_defaults(_collect_kind(pm, DefaultsEntry)),
    )


def _collect_kind(pm: pluggy.PluginManager, entry_type: type[E]) -> Registry[E]:
    hook = getattr(pm.hook, entry_type.hook)
    plugins = {impl.plugin_name: impl.plugin for impl in hook.get_hookimpls()}
    registrations: list[tuple[E, bool]] = []
    for name in sorted(plugins):
        others = [plugin for other, plugin in plugins.items() if other != name]
        registrar = Registrar(entry_type, name)
        returned = pm.subset_hook_caller(entry_type.hook, others)(register=registrar)
        if returned:
            raise PluginValidationError(
                name,
                "a registration hook returns nothing: call register(...) instead",
                entry_type.hook,
            )
        registrations.extend(registrar.entries)
    return combine(registrations)


def checked_defaults(registry: Registry[DefaultsEntry]) -> Registry[DefaultsEntry]:
    """``registry``, once each payload is a class of named defaults, none replaces another (rules
    read the class they import, so a replacement would go unread) and no two classes (nor a
    class and :class:`~mands_sim.defaults.CoreDefaults`) declare one name (a G-number may have
    several switches, each its own name); a mistake fails naming the plugin (both plugins, and
    the entries, for a clash)."""
    declared: dict[str, list[tuple[str, str]]] = {
        switch.name: [(CORE, "CoreDefaults")] for switch in default_switches(CoreDefaults)
    }
    for entry in registry.entries:
        problem = defaults_kind_problem(entry.payload)
        if entry.replaces is not None:
            problem = f"replaces defaults {entry.name!r}: defaults are declared, not replaced"
        if problem:
            raise PluginValidationError(entry.plugin, problem, entry.hook)
        for switch in default_switches(entry.payload):  # type: ignore[arg-type]
            declared.setdefault(switch.name, []).append((entry.plugin, entry.name))
    for name, owners in sorted(declared.items()):
        if len(owners) > 1:
            first, second = sorted(owners, key=lambda owner: (owner[0] != CORE, owner))[:2]
            message = (
                f"declares the default {name} in {second[1]!r}, as {first[0]} does in {first[1]!r}"
            )
            raise PluginValidationError(second[0], message, DefaultsEntry.hook)
    return registry


def build_charts(charts: Registry[ChartEntry], defaults: RuleDefaults) -> Charts:
    """The :class:`~mands_sim.charts.loading.Charts` a simulation reads, built from registered
    charts.

    A chart entry's payload is a loader: called with the simulation's ``defaults``, it returns the
    chart. Every name in :data:`mands_sim.charts.loading.CHART_NAMES` must be registered (the
    builtin ``mands_rulebook.combat.charts`` plugin does); charts registered under other names stay
    in the registry for the plugins that use them.
    """
    from mands_sim.charts.loading import CHART_NAMES, Charts

    missing = [name for name in CHART_NAMES if name not in charts]
    if missing:
        raise PluginError(
            STANDARD_CHARTS_PLUGIN,
            f"no plugin registers the chart(s) {', '.join(missing)}; the builtin plugin that "
            "provides them is disabled, or a replacement is missing",
            ChartEntry.hook,
        )
    built: dict[str, Any] = {name: _load_chart(charts[name], defaults) for name in CHART_NAMES}
    bundle = Charts(**built)
    for name, chart in built.items():
        try:
            bundle = bundle.replace(name, chart)
        except TypeError as error:
            raise PluginValidationError(charts[name].plugin, str(error), ChartEntry.hook) from error
    return bundle


def _load_chart(entry: ChartEntry, defaults: RuleDefaults) -> object:
    if not callable(entry.payload):
        raise PluginValidationError(
            entry.plugin,
            f"chart {entry.name!r} must be registered as a loader taking RuleDefaults, "
            f"got {entry.payload!r}",
            entry.hook,
        )
    try:
        return entry.payload(defaults)
    except PluginError:
        raise
    except Exception as error:
        raise PluginError(
            entry.plugin, f"loading chart {entry.name!r} failed: {error}", entry.hook
        ) from error
