"""Policies: what a character sees, a safe condition language, priority lists, Quality presets
and explanations (``docs/policies.md``). Import a name from the module that defines it:

* :mod:`.view` — a read-only ``PolicyView`` of an encounter from one character's place
  (``build_view``; frozen ``CharacterView`` snapshots, group counts, the available actions);
* :mod:`.expressions` — the rule language (``parse_condition``: a tokenizer and a
  recursive-descent parser, no ``eval``), errors as ``ExpressionError`` (:mod:`.errors`) with a
  position;
* :mod:`.priority` — ``PriorityPolicy`` and ``priority_policy``: ordered rules from a scenario;
* :mod:`.presets` — ``allocate``, the Quality presets (``all-out``, ``defensive``, ``fast``,
  ``economical``, ``balanced``);
* :mod:`.explain` — ``Explanation``: why a decision was made, logged as ``DecisionExplained``.

The policies built on these live in plugins (``mands_rulebook.policies.personalities`` registers
``priority``, ``coward``, ``brute`` and ``skirmisher``).
"""
