"""The plugin API of mands-sim: everything a plugin author may import, and nothing else promised.

Import from here, and only from here: ``from mands_sim.api import hookimpl, PowerSpec, ...``.
``docs/api.md`` lists every name with its documentation (generated from this module by
``scripts/api_docs.py``; a test fails when the two differ), grouped as :data:`SECTIONS` groups
them. A name not exported here may move or change in any release.

The API is versioned by :data:`API_VERSION` (semantic versioning): a name removed or changed
incompatibly raises the major number, a name added the minor one. :data:`HOOK_API_VERSION` is
the version of the hook specifications alone (``docs/hooks.md`` "Version and deprecation
policy"); it is part of this API, and a change to it changes :data:`API_VERSION` too.

Layers: the kernel (``mands_sim``) knows no rule and no ruleset; this module declares it to the
authors of every ruleset's plugins. A ruleset declares its own kit beside it: Men & Supermen's
powers, blows and ranges are :mod:`mands_rulebook.api` (``docs/rulebook-api.md``). Nothing in
``mands_sim`` imports this module, and this module imports no ruleset
(``tests/meta/test_kernel_independence.py``).
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Final

from mands_sim.actions import (
    ActionDefinition,
    ActionInProgress,
    ActionOption,
    Initiate,
    Intent,
    Modifier,
    Prepared,
    QualityAllocation,
    Resolve,
    Wait,
    register_actions,
)
from mands_sim.carry import FRESH, Carried, RestBetweenScenes
from mands_sim.charts.action import ActionChart, Column
from mands_sim.charts.loading import CHART_NAMES, Chart, Charts, load_chart, load_standard_charts
from mands_sim.cli import STANDARD_OUTPUT, emit_json, json_option
from mands_sim.cli.run import batch_arguments
from mands_sim.commands import CommandDefinition, played_report
from mands_sim.conditions import (
    BROKE_OUT,
    WORE_OFF,
    BreakOut,
    ConditionDefinition,
    conditions_on,
    end_condition,
    lasting_until,
    under,
)
from mands_sim.defaults import CoreDefaults, RuleDefaults, defaults_summary, rule_default
from mands_sim.dice import DiceExpression, DiceSource, ScriptedDice, SeededDice, parse_dice
from mands_sim.errors import (
    IntentOptionError,
    MandsSimError,
    PluginError,
    PluginHookError,
    PluginValidationError,
    PreparedValueError,
    Problem,
    RulesDataError,
    ScenarioProblems,
    SheetError,
    SheetProblems,
    UnknownConditionError,
    UnplayedActionError,
)
from mands_sim.events import (
    ActionDropped,
    ActionResolved,
    ActionStarted,
    AttackResolved,
    BleedingStopped,
    ConditionEnded,
    ConditionImposed,
    DamageTaken,
    DefenseChanged,
    EndurancePaid,
    Event,
    Healed,
    InjuryRolled,
    Moved,
    OutOfAction,
    PercentRolled,
    PointsLent,
    PushedBack,
    QualityAllocated,
    RollMade,
    WeaknessFired,
)
from mands_sim.hookspecs import HOOK_API_VERSION, answers_actions, answers_characters, hookimpl
from mands_sim.installed import figured_here, installed_registries
from mands_sim.kept import KeptAnswers
from mands_sim.kernel.abilities import ABILITY_NAMES, AbilityModifier
from mands_sim.kernel.agenda import Phase
from mands_sim.kernel.contracts import (
    ActionRefused,
    Charge,
    Gate,
    Initiation,
    fighting,
    side_out_of_action,
)
from mands_sim.kernel.encounter import Encounter
from mands_sim.kernel.state import CharacterState
from mands_sim.kernel.time import SegmentTime
from mands_sim.log_index import (
    kept_answer,
    last_logged_before,
    logged,
    logged_before,
    logged_between,
)
from mands_sim.metrics import Metric, one_for
from mands_sim.model.character import Character, Figured, Sheet, build_character
from mands_sim.model.figured import FiguredAdjustment, FiguredAttributes, mind_skin_temper_row
from mands_sim.model.sheet import (
    Abilities,
    Attributes,
    CharacterSheet,
    PowerEntry,
    Weakness,
    load_sheet,
    parse_sheet,
)
from mands_sim.percent_rolls import (
    HIGH,
    LOW,
    character_d100,
    number_roll,
    percent_roll,
    percent_save,
    sheet_d100,
)
from mands_sim.policy.tactician import Estimate, Estimator, Tactician, weights_from_options
from mands_sim.registry import Register, Registries, Source, spoken
from mands_sim.report.plugin_sections import print_section
from mands_sim.report.verdict import TOUGHNESS_STEPS
from mands_sim.report_sections import (
    ReportInput,
    ReportSection,
    ReportSectionDefinition,
    SectionTable,
)
from mands_sim.rolls import (
    MINIMUM_PERFORMANCE_TIME,
    QUALITY_PER_DEFENSE,
    ActionRoll,
    action_roll,
    damage_bonus,
    defense_from_quality,
    hurried_performance_time,
    reduced_performance_time,
    roll_made,
    time_tradeoff_bonus,
)
from mands_sim.rule_state import RuleState
from mands_sim.rulesets import (
    ANY_RULESET,
    DEFAULT_RULESET,
    FigureCharacter,
    ReadSheet,
    RulesetDefinition,
)
from mands_sim.scenario import ScenarioSpec
from mands_sim.sheet_makers import SheetMaker
from mands_sim.units import SEGMENTS_PER_MINUTE, SEGMENTS_PER_ROUND
from mands_sim.weaknesses import Parameter, WeaknessKind
from mands_sim.world import Position

API_VERSION: Final = "5.2.0"
"""The version of this API (semantic versioning; the module docstring says what changes it)."""

SECTIONS: Final = MappingProxyType(
    {
        "Versions": ("API_VERSION", "HOOK_API_VERSION"),
        "Hooks and registration": (
            "hookimpl",
            "answers_actions",
            "answers_characters",
            "Register",
            "Source",
        ),
        "Actions": (
            "ActionDefinition",
            "register_actions",
            "ActionOption",
            "Initiate",
            "Resolve",
            "Intent",
            "Wait",
            "QualityAllocation",
            "Modifier",
            "ActionInProgress",
            "Prepared",
            "Initiation",
            "Charge",
            "Gate",
            "ActionRefused",
        ),
        "Conditions": (
            "ConditionDefinition",
            "BreakOut",
            "ConditionImposed",
            "ConditionEnded",
            "under",
            "lasting_until",
            "conditions_on",
            "end_condition",
            "BROKE_OUT",
            "WORE_OFF",
        ),
        "Rule state and metrics": ("RuleState", "Metric", "one_for"),
        "Report sections": (
            "ReportSectionDefinition",
            "ReportSection",
            "SectionTable",
            "ReportInput",
            "TOUGHNESS_STEPS",
        ),
        "Commands": (
            "CommandDefinition",
            "batch_arguments",
            "played_report",
            "json_option",
            "emit_json",
            "STANDARD_OUTPUT",
            "print_section",
        ),
        "Named defaults": ("rule_default", "RuleDefaults", "CoreDefaults", "defaults_summary"),
        "Weaknesses": ("WeaknessKind", "Parameter"),
        "Events": (
            "Event",
            "ActionStarted",
            "ActionResolved",
            "RollMade",
            "QualityAllocated",
            "EndurancePaid",
            "AttackResolved",
            "DefenseChanged",
            "DamageTaken",
            "ActionDropped",
            "PushedBack",
            "OutOfAction",
            "PercentRolled",
            "Moved",
            "WeaknessFired",
            "InjuryRolled",
            "BleedingStopped",
            "Healed",
            "PointsLent",
        ),
        "The encounter": (
            "Encounter",
            "CharacterState",
            "Character",
            "CharacterSheet",
            "Abilities",
            "FiguredAttributes",
            "FiguredAdjustment",
            "logged",
            "logged_between",
            "last_logged_before",
            "logged_before",
            "kept_answer",
            "fighting",
            "side_out_of_action",
            "Position",
            "PowerEntry",
            "Weakness",
            "AbilityModifier",
            "ABILITY_NAMES",
            "ScenarioSpec",
            "build_character",
            "mind_skin_temper_row",
            "KeptAnswers",
            "spoken",
        ),
        "Between scenes": ("Carried", "RestBetweenScenes", "FRESH"),
        "Scored policies": ("Tactician", "Estimator", "Estimate", "weights_from_options"),
        "Rulesets": (
            "RulesetDefinition",
            "ReadSheet",
            "FigureCharacter",
            "Sheet",
            "Figured",
            "parse_sheet",
            "DEFAULT_RULESET",
            "ANY_RULESET",
        ),
        "Characters outside an encounter": (
            "load_sheet",
            "Attributes",
            "figured_here",
            "installed_registries",
            "Registries",
            "SheetMaker",
        ),
        "Time": (
            "SEGMENTS_PER_ROUND",
            "SEGMENTS_PER_MINUTE",
            "SegmentTime",
            "Phase",
        ),
        "Dice, rolls and charts": (
            "DiceSource",
            "ScriptedDice",
            "SeededDice",
            "parse_dice",
            "action_roll",
            "ActionRoll",
            "roll_made",
            "percent_roll",
            "Charts",
            "ActionChart",
            "load_chart",
            "load_standard_charts",
            "Chart",
            "Column",
            "CHART_NAMES",
            "DiceExpression",
            "percent_save",
            "character_d100",
            "sheet_d100",
            "number_roll",
            "HIGH",
            "LOW",
            "reduced_performance_time",
            "hurried_performance_time",
            "time_tradeoff_bonus",
            "MINIMUM_PERFORMANCE_TIME",
            "QUALITY_PER_DEFENSE",
            "defense_from_quality",
            "damage_bonus",
        ),
        "Errors": (
            "MandsSimError",
            "PluginError",
            "PluginHookError",
            "PluginValidationError",
            "UnknownConditionError",
            "UnplayedActionError",
            "IntentOptionError",
            "PreparedValueError",
            "ScenarioProblems",
            "SheetError",
            "SheetProblems",
            "Problem",
            "RulesDataError",
        ),
    }
)
"""The exported names by section, in the order ``docs/api.md`` shows them."""

NOTES: Final = MappingProxyType(
    {
        "API_VERSION": "The version of this API (semantic versioning; the module's introduction "
        "above says what changes it).",
        "HOOK_API_VERSION": "The version of the hook specifications (``docs/hooks.md``).",
        "hookimpl": "Marks a function as a hook implementation: ``@hookimpl``, or "
        "``@hookimpl(tryfirst=True)`` and pluggy's other options (``docs/hooks.md``). A module "
        "function whose name starts with ``mands_`` must be a marked hook.",
        "Initiate": "``initiate(encounter, actor, intent, definition) -> Initiation``: an "
        "action's own start (``ActionDefinition.initiate``), the *initiate* stage of the "
        "initiation pipeline (``docs/hooks.md``).",
        "Resolve": "``resolve(encounter, actor, action) -> list[Event]``: what an action does "
        "when its Performance Time completes (``ActionDefinition.resolve``).",
        "Source": 'Where a registered entry\'s content comes from: ``"rules text"``, '
        '``"template, not rules text"`` or ``"third party"`` (yours).',
        "BreakOut": "``break_out(encounter, character, imposed) -> list[Event]``: one round's "
        "attempt to end a condition; a ``ConditionEnded`` among the events frees the character.",
        "BROKE_OUT": "The reason a ``break_out`` gives its ``ConditionEnded`` when the character "
        "frees itself.",
        "WORE_OFF": "The reason of the ``ConditionEnded`` the kernel logs when a condition's "
        "``until`` comes.",
        "ABILITY_NAMES": "The seven Basic Abilities by their sheet names, in the sheet's order "
        '(seed "Basic Abilities").',
        "SEGMENTS_PER_ROUND": "50 segments make a round (``docs/rules/combat.md`` §1).",
        "FRESH": "The :class:`Carried` of a character that has lost nothing: how everyone enters "
        "a lone scenario, and a scene of an adventure day unless it is in the party (G-298).",
        "SEGMENTS_PER_MINUTE": "250 segments make a minute (``docs/rules/combat.md`` §1).",
        "HIGH": "A d100 roll's ``favours``: the roller wants it high.",
        "LOW": "A d100 roll's ``favours``: the roller wants it low.",
        "MINIMUM_PERFORMANCE_TIME": 'An action never takes less than 1 segment (seed "Skill '
        'Rolls"; ``docs/rules/combat.md`` §3).',
        "QUALITY_PER_DEFENSE": '2 Q buy +1 Defense (seed "Skill Rolls"; '
        "``docs/rules/charts.md`` §5).",
        "Chart": "Any of the standard charts (``ActionChart``, the EP Use, Skin Temper and "
        "Experience charts, the Sight and Hearing tables).",
        "CHART_NAMES": "The names of the standard charts a ruleset registers (``Charts``).",
        "Column": 'An Action Chart\'s column: ``"square"``, ``"sphere"`` or ``"doubles"``.',
        "TOUGHNESS_STEPS": "The toughness verdict's words, mildest first, each with the award "
        "multiplier it stands for (G-71; seed 000: 1.1 to 1.5 for an especially tough "
        "adventure).",
        "STANDARD_OUTPUT": "``--json``'s value for standard output (``-``, or no file).",
        "DEFAULT_RULESET": "The ruleset of a scenario that names none, and of a plugin that does "
        'not say: ``"men-and-supermen"`` (``docs/rulesets.md``).',
        "ANY_RULESET": "What ``mands_ruleset`` answers for a plugin that serves every ruleset: "
        '``"*"``.',
        "ReadSheet": "``read_sheet(data, path, key_prefix) -> sheet``: a ruleset's sheet from its "
        "TOML data (without ``ruleset``); a mistake raises ``SheetProblems`` naming every key "
        "under ``key_prefix``.",
    }
)
"""Documentation of the exported values that carry no docstring of their own (constants)."""

__all__ = [
    "ABILITY_NAMES",
    "ANY_RULESET",
    "API_VERSION",
    "BROKE_OUT",
    "CHART_NAMES",
    "DEFAULT_RULESET",
    "FRESH",
    "HIGH",
    "HOOK_API_VERSION",
    "LOW",
    "MINIMUM_PERFORMANCE_TIME",
    "QUALITY_PER_DEFENSE",
    "SEGMENTS_PER_MINUTE",
    "SEGMENTS_PER_ROUND",
    "STANDARD_OUTPUT",
    "TOUGHNESS_STEPS",
    "WORE_OFF",
    "Abilities",
    "AbilityModifier",
    "ActionChart",
    "ActionDefinition",
    "ActionDropped",
    "ActionInProgress",
    "ActionOption",
    "ActionRefused",
    "ActionResolved",
    "ActionRoll",
    "ActionStarted",
    "AttackResolved",
    "Attributes",
    "BleedingStopped",
    "BreakOut",
    "Carried",
    "Character",
    "CharacterSheet",
    "CharacterState",
    "Charge",
    "Chart",
    "Charts",
    "Column",
    "CommandDefinition",
    "ConditionDefinition",
    "ConditionEnded",
    "ConditionImposed",
    "CoreDefaults",
    "DamageTaken",
    "DefenseChanged",
    "DiceExpression",
    "DiceSource",
    "Encounter",
    "EndurancePaid",
    "Estimate",
    "Estimator",
    "Event",
    "FigureCharacter",
    "Figured",
    "FiguredAdjustment",
    "FiguredAttributes",
    "Gate",
    "Healed",
    "Initiate",
    "Initiation",
    "InjuryRolled",
    "Intent",
    "IntentOptionError",
    "KeptAnswers",
    "MandsSimError",
    "Metric",
    "Modifier",
    "Moved",
    "OutOfAction",
    "Parameter",
    "PercentRolled",
    "Phase",
    "PluginError",
    "PluginHookError",
    "PluginValidationError",
    "PointsLent",
    "Position",
    "PowerEntry",
    "Prepared",
    "PreparedValueError",
    "Problem",
    "PushedBack",
    "QualityAllocated",
    "QualityAllocation",
    "ReadSheet",
    "Register",
    "Registries",
    "ReportInput",
    "ReportSection",
    "ReportSectionDefinition",
    "Resolve",
    "RestBetweenScenes",
    "RollMade",
    "RuleDefaults",
    "RuleState",
    "RulesDataError",
    "RulesetDefinition",
    "ScenarioProblems",
    "ScenarioSpec",
    "ScriptedDice",
    "SectionTable",
    "SeededDice",
    "SegmentTime",
    "Sheet",
    "SheetError",
    "SheetMaker",
    "SheetProblems",
    "Source",
    "Tactician",
    "UnknownConditionError",
    "UnplayedActionError",
    "Wait",
    "Weakness",
    "WeaknessFired",
    "WeaknessKind",
    "action_roll",
    "answers_actions",
    "answers_characters",
    "batch_arguments",
    "build_character",
    "character_d100",
    "conditions_on",
    "damage_bonus",
    "defaults_summary",
    "defense_from_quality",
    "emit_json",
    "end_condition",
    "fighting",
    "figured_here",
    "hookimpl",
    "hurried_performance_time",
    "installed_registries",
    "json_option",
    "kept_answer",
    "last_logged_before",
    "lasting_until",
    "load_chart",
    "load_sheet",
    "load_standard_charts",
    "logged",
    "logged_before",
    "logged_between",
    "mind_skin_temper_row",
    "number_roll",
    "one_for",
    "parse_dice",
    "parse_sheet",
    "percent_roll",
    "percent_save",
    "played_report",
    "print_section",
    "reduced_performance_time",
    "register_actions",
    "roll_made",
    "rule_default",
    "sheet_d100",
    "side_out_of_action",
    "spoken",
    "time_tradeoff_bonus",
    "under",
    "weights_from_options",
]
"""Every exported name (``SECTIONS`` groups them for ``docs/api.md``)."""
