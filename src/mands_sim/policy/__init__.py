"""Policies: what a character sees, a safe condition language, priority lists, Quality presets
and explanations (``docs/policies.md``).

* :func:`build_view` — a read-only :class:`PolicyView` of an encounter from one character's
  place (frozen :class:`CharacterView` snapshots, group counts, the available actions);
* :func:`parse_condition` — the rule language (tokenizer and recursive-descent parser, no
  ``eval``), errors as :class:`ExpressionError` with a position;
* :class:`PriorityPolicy` / :func:`priority_policy` — ordered rules from a scenario;
* :func:`allocate` — the Quality presets (``all-out``, ``defensive``, ``fast``, ``economical``,
  ``balanced``);
* :class:`Explanation` — why a decision was made, logged as ``DecisionExplained``.

The policies built on these live in plugins (``mands_rulebook.policies.personalities`` registers
``priority``, ``coward``, ``brute`` and ``skirmisher``).
"""

from __future__ import annotations

from mands_sim.policy.errors import ExpressionError, PolicyOptionsError
from mands_sim.policy.explain import (
    Explanation,
    explained_event,
    explained_narrative,
    reason_given,
)
from mands_sim.policy.expressions import Expression, parse_condition
from mands_sim.policy.names import known_names
from mands_sim.policy.presets import PRESETS, allocate
from mands_sim.policy.priority import (
    SELECTORS,
    PriorityPolicy,
    Rule,
    Tactic,
    candidates,
    priority_policy,
    rules_from_options,
)
from mands_sim.policy.view import (
    AvailableAction,
    CharacterView,
    GroupView,
    PolicyView,
    RangeBands,
    Senses,
    allowed,
    build_view,
    range_band,
    refusals,
)

__all__ = [
    "PRESETS",
    "SELECTORS",
    "AvailableAction",
    "CharacterView",
    "Explanation",
    "Expression",
    "ExpressionError",
    "GroupView",
    "PolicyOptionsError",
    "PolicyView",
    "PriorityPolicy",
    "RangeBands",
    "Rule",
    "Senses",
    "Tactic",
    "allocate",
    "allowed",
    "build_view",
    "candidates",
    "explained_event",
    "explained_narrative",
    "known_names",
    "parse_condition",
    "priority_policy",
    "range_band",
    "reason_given",
    "refusals",
    "rules_from_options",
]
