"""The plugin API of mands-sim: everything a plugin author may import, and nothing else promised.

Import from here, and only from here: ``from mands_sim.api import hookimpl, PowerSpec, ...``.
``docs/api.md`` lists every name with its documentation (generated from this module by
``scripts/api_docs.py``; a test fails when the two differ), grouped as :data:`SECTIONS` groups
them. A name not exported here may move or change in any release.

The API is versioned by :data:`API_VERSION` (semantic versioning): a name removed or changed
incompatibly raises the major number, a name added the minor one. :data:`HOOK_API_VERSION` is
the version of the hook specifications alone (``docs/hooks.md`` "Version and deprecation
policy"); it is part of this API, and a change to it changes :data:`API_VERSION` too.

Layers: the kernel (``mands_sim``) knows no rule; the rulebook's kit (``mands_rulebook``'s
power kit, blows and ranges) is built on it; this module declares both to plugin authors; the
rulebook's own powers and third parties' plugins are built on this module. Nothing in
``mands_sim`` imports this module, and it imports only the rulebook's kit, never a plugin's
hooks (``tests/meta/test_kernel_independence.py``).
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Final

from mands_rulebook.kit.damage import Blow, Cover, strike
from mands_rulebook.kit.powers import (
    ACTIVE_TIME,
    ATTACK,
    COVERS,
    DEFENSE,
    OTHER,
    PASSIVE_TIME,
    POWER_ROW,
    PowerSpec,
    PowerSpend,
    PowerUse,
    PowerUsed,
    attack_events,
    cosmic_ray_ranges,
    power_initiation,
    power_intent,
    power_rating,
    power_refusals,
    power_resolution,
    power_sustain,
    register_power,
    register_power_actions,
    standard_ranges,
)
from mands_rulebook.kit.weapons.table import Ranges
from mands_sim.actions import (
    ActionDefinition,
    ActionInProgress,
    ActionOption,
    Initiate,
    Intent,
    Modifier,
    QualityAllocation,
    Resolve,
    Wait,
    register_actions,
)
from mands_sim.charts import ActionChart, Charts, load_chart
from mands_sim.conditions import (
    BROKE_OUT,
    WORE_OFF,
    BreakOut,
    ConditionDefinition,
    conditions_on,
    end_condition,
    under,
)
from mands_sim.dice import DiceSource, ScriptedDice, SeededDice, parse_dice
from mands_sim.errors import (
    MandsSimError,
    PluginError,
    PluginHookError,
    PluginValidationError,
    UnknownConditionError,
)
from mands_sim.events import (
    ActionDropped,
    ActionResolved,
    ActionStarted,
    AttackResolved,
    ConditionEnded,
    ConditionImposed,
    DamageTaken,
    DefenseChanged,
    EndurancePaid,
    Event,
    OutOfAction,
    PushedBack,
    QualityAllocated,
    RollMade,
)
from mands_sim.hookspecs import HOOK_API_VERSION, answers_actions, hookimpl
from mands_sim.kernel.contracts import ActionRefused, Charge, Gate, Initiation
from mands_sim.kernel.encounter import Encounter
from mands_sim.kernel.state import CharacterState
from mands_sim.log_index import last_logged_before, logged, logged_between
from mands_sim.metrics import Metric, one_for
from mands_sim.model import Character, CharacterSheet, FiguredAdjustment, FiguredAttributes
from mands_sim.percent_rolls import percent_roll
from mands_sim.registry import Register, Source
from mands_sim.rolls import ActionRoll, action_roll, roll_made
from mands_sim.rule_state import RuleState
from mands_sim.weaknesses import Parameter, WeaknessKind

API_VERSION: Final = "2.0.0"
"""The version of this API (semantic versioning; the module docstring says what changes it)."""

SECTIONS: Final = MappingProxyType(
    {
        "Versions": ("API_VERSION", "HOOK_API_VERSION"),
        "Hooks and registration": ("hookimpl", "answers_actions", "Register", "Source"),
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
            "conditions_on",
            "end_condition",
            "BROKE_OUT",
            "WORE_OFF",
        ),
        "Rule state and metrics": ("RuleState", "Metric", "one_for"),
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
        ),
        "The encounter": (
            "Encounter",
            "CharacterState",
            "Character",
            "CharacterSheet",
            "FiguredAttributes",
            "FiguredAdjustment",
            "logged",
            "logged_between",
            "last_logged_before",
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
        ),
        "The rulebook's kit: powers": (
            "PowerSpec",
            "PowerUse",
            "PowerSpend",
            "PowerUsed",
            "ATTACK",
            "DEFENSE",
            "OTHER",
            "ACTIVE_TIME",
            "PASSIVE_TIME",
            "POWER_ROW",
            "COVERS",
            "register_power",
            "register_power_actions",
            "power_refusals",
            "power_initiation",
            "power_resolution",
            "power_sustain",
            "power_intent",
            "power_rating",
        ),
        "The rulebook's kit: attacks and damage": (
            "attack_events",
            "Blow",
            "Cover",
            "strike",
            "Ranges",
            "standard_ranges",
            "cosmic_ray_ranges",
        ),
        "Errors": (
            "MandsSimError",
            "PluginError",
            "PluginHookError",
            "PluginValidationError",
            "UnknownConditionError",
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
        "ATTACK": "A power use's role: an attack (a Combat Roll, a target, a blow).",
        "DEFENSE": "A power use's role: a protection (a sustained Cover, Skin Temper rows).",
        "OTHER": "A power use's role: anything else (the use gives its own ``resolve``).",
        "ACTIVE_TIME": 'The Performance Time of most power uses (seed "Power Rolls": 20).',
        "PASSIVE_TIME": 'The Performance Time of a passive power use (seed "Power Rolls": 10).',
        "POWER_ROW": "The EP Use Chart row a power use pays before PR spent on EP (row 9).",
        "COVERS": "The key of ``prepared`` under which a protection use gives its ``Cover`` "
        "values to the damage rules.",
    }
)
"""Documentation of the exported values that carry no docstring of their own (constants)."""

__all__ = [
    "ACTIVE_TIME",
    "API_VERSION",
    "ATTACK",
    "BROKE_OUT",
    "COVERS",
    "DEFENSE",
    "HOOK_API_VERSION",
    "OTHER",
    "PASSIVE_TIME",
    "POWER_ROW",
    "WORE_OFF",
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
    "Blow",
    "BreakOut",
    "Character",
    "CharacterSheet",
    "CharacterState",
    "Charge",
    "Charts",
    "ConditionDefinition",
    "ConditionEnded",
    "ConditionImposed",
    "Cover",
    "DamageTaken",
    "DefenseChanged",
    "DiceSource",
    "Encounter",
    "EndurancePaid",
    "Event",
    "FiguredAdjustment",
    "FiguredAttributes",
    "Gate",
    "Initiate",
    "Initiation",
    "Intent",
    "MandsSimError",
    "Metric",
    "Modifier",
    "OutOfAction",
    "Parameter",
    "PluginError",
    "PluginHookError",
    "PluginValidationError",
    "PowerSpec",
    "PowerSpend",
    "PowerUse",
    "PowerUsed",
    "PushedBack",
    "QualityAllocated",
    "QualityAllocation",
    "Ranges",
    "Register",
    "Resolve",
    "RollMade",
    "RuleState",
    "ScriptedDice",
    "SeededDice",
    "Source",
    "UnknownConditionError",
    "Wait",
    "WeaknessKind",
    "action_roll",
    "answers_actions",
    "attack_events",
    "conditions_on",
    "cosmic_ray_ranges",
    "end_condition",
    "hookimpl",
    "last_logged_before",
    "load_chart",
    "logged",
    "logged_between",
    "one_for",
    "parse_dice",
    "percent_roll",
    "power_initiation",
    "power_intent",
    "power_rating",
    "power_refusals",
    "power_resolution",
    "power_sustain",
    "register_actions",
    "register_power",
    "register_power_actions",
    "roll_made",
    "standard_ranges",
    "strike",
    "under",
]
"""Every exported name (``SECTIONS`` groups them for ``docs/api.md``)."""
