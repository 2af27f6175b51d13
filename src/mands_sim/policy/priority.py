"""Declarative priority lists: ordered rules a scenario writes for a character.

Each rule has an action (``do``), a target selector (``target``), an optional condition
(``when``, in the language of :mod:`mands_sim.policy.expressions`), intent ``options`` and an
optional Quality preset (``quality``). When the character may act, the first rule whose
condition holds *and* whose action the rules allow now wins; when none does, the fallback
decides (by default the ``nearest-enemy`` behaviour: close in, punch). Not rules text: a
simulator's stand-in for a player or the Editor (``docs/policies.md``).

The selector orders the candidates (enemies still in action, or one named character); a rule
tries them in that order, at most :data:`MAX_CANDIDATES`, and takes the first for which its
condition holds and its action is allowed, so ``target = "nearest"`` with
``when = "target.flying"`` means "the nearest enemy who flies". Every intent the policy returns
is one the kernel will accept (it asks the clock and the refusal hooks first); otherwise it
looks again next segment.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any, Final

from mands_sim.actions import ActionOption, Intent, QualityAllocation, Wait
from mands_sim.kernel.contracts import ActionRefused
from mands_sim.kernel.encounter import Encounter
from mands_sim.policy.errors import ExpressionError, PolicyOptionsError
from mands_sim.policy.explain import MAX_ALTERNATIVES, Explanation
from mands_sim.policy.expressions import Expression, parse_condition
from mands_sim.policy.names import MissingTarget
from mands_sim.policy.presets import PRESETS, allocate
from mands_sim.policy.view import (
    PLAIN_SENSES,
    CharacterView,
    PolicyView,
    Senses,
    build_view,
    refusals,
    registered_actions,
)
from mands_sim.scenario._file import ID_PATTERN

SELECTORS: Final = (
    "nearest",
    "weakest",
    "strongest",
    "most-dangerous",
    "lowest-defense",
    "objective-performer",
    "ward",
)
"""Target selectors; any other ``target`` names a character by id, or is :data:`SELF`."""

SELF: Final = "self"
"""The ``target`` of a rule aimed at the deciding character itself (a heal, a shield)."""

MAX_CANDIDATES: Final = 8
"""The most targets one rule tries per decision (a limit on the loop, not a rule)."""

LOOK_AGAIN: Final = 10
"""Segments an idle policy waits before it looks again: one Combat Turn (seed "Simpler
Combat"), a simulator choice."""

RULE_KEYS: Final = ("when", "do", "target", "options", "quality")
OPTION_KEYS: Final = ("rules", "quality", "fallback", "passive_actions")
FALLBACKS: Final = ("nearest-enemy", "wait")

Decision = Intent | Wait | None
Fallback = Callable[[Encounter, str], Decision]


@dataclass(frozen=True, slots=True)
class Tactic:
    """A named way to act that is more than one registered action (``flee``, ``close-in`` …).

    ``run(encounter, actor, target, options)`` returns the intent to try, a :class:`Wait` (the
    tactic is under way: keep at it), or ``None`` (it does not apply now); ``needs_target``
    says whether it acts on the rule's target; ``options`` lists every option it reads,
    checked as an action's are.
    """

    name: str
    run: Callable[[Encounter, str, str | None, Mapping[str, Any]], Decision]
    needs_target: bool = True
    summary: str = ""
    options: tuple[ActionOption, ...] = ()


@dataclass(frozen=True, slots=True)
class Rule:
    """One checked rule of a priority list; ``key`` is where it sits (``rules[2]``)."""

    key: str
    action: str
    target: str = "nearest"
    when: Expression | None = None
    options: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))
    quality: str | None = None

    @property
    def label(self) -> str:
        condition = f"{self.when.text} → " if self.when is not None else ""
        return f"{self.key}: {condition}{self.action}"


# -- reading the options ------------------------------------------------------------------------


def rules_from_options(raw: object, key: str = "rules") -> tuple[Rule, ...]:
    """Check a ``rules`` list as written; a problem raises :class:`PolicyOptionsError` at the
    rule's key (``rules[2].when``), a bad condition with its position and a caret."""
    if not isinstance(raw, list | tuple):
        raise PolicyOptionsError(key, "a list of rule tables ({ do = ..., when = ... })")
    return tuple(_rule(item, f"{key}[{index}]") for index, item in enumerate(raw))


def _rule(raw: object, key: str) -> Rule:
    if not isinstance(raw, Mapping):
        raise PolicyOptionsError(key, 'a rule table with at least do = "<action>"')
    for name in raw:
        if name not in RULE_KEYS:
            raise PolicyOptionsError(f"{key}.{name}", f"one of the rule keys {_listing(RULE_KEYS)}")
    return Rule(
        key=key,
        action=_action(raw.get("do"), f"{key}.do"),
        target=_selector(raw.get("target", "nearest"), f"{key}.target"),
        when=_condition(raw.get("when"), f"{key}.when"),
        options=_options(raw.get("options", {}), f"{key}.options"),
        quality=None if raw.get("quality") is None else preset(raw["quality"], f"{key}.quality"),
    )


def _action(raw: object, key: str) -> str:
    if not isinstance(raw, str) or not raw:
        raise PolicyOptionsError(key, "the name of an action or tactic (fist-attack, flee …)")
    return raw


def _selector(raw: object, key: str) -> str:
    if isinstance(raw, str) and (raw in SELECTORS or re.fullmatch(ID_PATTERN, raw)):
        return raw
    raise PolicyOptionsError(key, f"a selector ({_listing(SELECTORS)}) or a character id")


def _condition(raw: object, key: str) -> Expression | None:
    if raw is None:
        return None
    try:
        return parse_condition(raw)  # type: ignore[arg-type]
    except ExpressionError as error:
        raise PolicyOptionsError(key, f"a condition; {error}") from None


def _options(raw: object, key: str) -> Mapping[str, Any]:
    if not isinstance(raw, Mapping):
        raise PolicyOptionsError(key, "a table of intent options")
    return MappingProxyType(dict(raw))


def preset(raw: object, key: str = "quality") -> str:
    """A checked Quality preset name (:mod:`mands_sim.policy.presets`)."""
    if raw not in PRESETS:
        raise PolicyOptionsError(key, f"a Quality preset ({_listing(PRESETS)})")
    return str(raw)


def _listing(names: Sequence[str]) -> str:
    return ", ".join(names)


def check_option_keys(options: Mapping[str, Any], known: Sequence[str]) -> None:
    """Raise :class:`PolicyOptionsError` at the first option key not in ``known``."""
    for name in options:
        if name not in known:
            raise PolicyOptionsError(str(name), f"one of the options {_listing(known)}")


# -- choosing targets ---------------------------------------------------------------------------

_ORDERS: Final[Mapping[str, Callable[[CharacterView], tuple[Any, ...]]]] = {
    "nearest": lambda c: (c.distance, c.rank),
    "weakest": lambda c: (c.vitality, c.distance, c.rank),
    "strongest": lambda c: (-c.vitality, c.distance, c.rank),
    "most-dangerous": lambda c: (-c.danger, c.distance, c.rank),
    "lowest-defense": lambda c: (c.defense, c.distance, c.rank),
}


OBJECTIVE_SELECTORS: Final[Mapping[str, Callable[[PolicyView], list[CharacterView]]]] = {
    "objective-performer": lambda v: sorted(
        (e for e in v.enemies if e.standing and e.performer),
        key=lambda c: (not c.performing, c.distance, c.rank),
    ),
    "ward": lambda v: sorted(
        (a for a in v.allies if a.standing and a.ward), key=lambda c: (c.distance, c.rank)
    ),
}
"""Selectors read off the scenario's objectives (G-237): the enemies whose objective would make
the deciding character's side lose, those at it now first, then the nearer; the allies an
objective of its side hinges on, the nearer first. Ties by the encounter's tie order (G-227)."""


def candidates(view: PolicyView, selector: str) -> list[CharacterView]:
    """The targets ``selector`` picks, best first: enemies still in action in its order (ties
    to the nearer, then the encounter's tie-break order, G-227), the objectives' performers or
    wards (:data:`OBJECTIVE_SELECTORS`), the deciding character itself (:data:`SELF`), or the
    named character if it is still in action."""
    if selector == SELF:
        return [view.me]
    staked = OBJECTIVE_SELECTORS.get(selector)
    if staked is not None:
        return staked(view)[:MAX_CANDIDATES]
    order = _ORDERS.get(selector)
    if order is None:
        named = view.character(selector)
        return [named] if named is not None and named.standing else []
    standing = [enemy for enemy in view.enemies if enemy.standing]
    return sorted(standing, key=order)[:MAX_CANDIDATES]


# -- the policy ---------------------------------------------------------------------------------


def idle(encounter: Encounter, actor: str) -> Decision:
    """The ``wait`` fallback: do nothing, look again in :data:`LOOK_AGAIN` segments."""
    return Wait(encounter.now + LOOK_AGAIN, "no rule applies")


@dataclass(frozen=True, slots=True)
class _Remembered:
    """The last decision, for ``allocate`` (which preset) and ``explain`` (why)."""

    encounter: int
    segment: int
    actor: str
    decision: Decision
    why: Explanation
    quality: str


class PriorityPolicy:
    """A priority list: the first rule that holds and is allowed chooses (module docstring).

    ``tactics`` add actions beyond the registered ones (``flee`` …); ``fallback`` decides when no
    rule does; ``first``, when given, is asked before any rule and its answer, if not ``None``,
    is taken (a rule plugin's word, named ``first_name``: resting or giving up below zero EP,
    G-232); ``quality`` is the preset for rules without their own; with ``strict`` an action
    that is neither a tactic nor registered is an error at the first decision.
    """

    def __init__(
        self,
        rules: Sequence[Rule],
        *,
        name: str = "priority",
        quality: str = "balanced",
        senses: Senses = PLAIN_SENSES,
        tactics: Mapping[str, Tactic] | None = None,
        fallback: Fallback = idle,
        fallback_name: str = "wait",
        passive_actions: bool = False,
        strict: bool = True,
        first: Fallback | None = None,
        first_name: str = "first",
    ) -> None:
        self.rules = tuple(rules)
        self.first = first
        self.first_name = first_name
        self.name = name
        self.quality = preset(quality)
        self.senses = senses
        self.tactics = dict(tactics or {})
        self.fallback = fallback
        self.fallback_name = fallback_name
        self.passive_actions = passive_actions
        self.strict = strict
        self._checked = False
        self._last: _Remembered | None = None

    def with_rules(self, rules: Sequence[Rule]) -> PriorityPolicy:
        """The same policy deciding by ``rules`` instead, with nothing remembered."""
        twin = copy.copy(self)
        twin.rules = tuple(rules)
        twin._checked = False
        twin._last = None
        return twin

    # -- the Mind protocol --

    def choose(self, encounter: Encounter, actor: str) -> Decision:
        self._check_actions(encounter)
        early = None if self.first is None else self.first(encounter, actor)
        if early is not None:
            why = Explanation(f"{self.name} {self.first_name}")
            return self._remember(encounter, actor, early, why, None)
        view = build_view(encounter, actor, self.senses)
        passed: list[str] = []
        for rule in self.rules:
            chosen = self._try(rule, encounter, view, passed)
            if chosen is not None:
                decision, target = chosen
                why = Explanation(self._reason(rule, target), tuple(passed))
                return self._remember(encounter, actor, decision, why, rule.quality)
        fallen = self._fall_back(encounter, actor)
        because = f": {fallen.reason}" if isinstance(fallen, Intent) and fallen.reason else ""
        why = Explanation(f"{self.name} fallback {self.fallback_name}{because}", tuple(passed))
        return self._remember(encounter, actor, fallen, why, None)

    def allocate(
        self, encounter: Encounter, actor: str, intent: Intent, quality: int
    ) -> QualityAllocation:
        """The preset of the rule that chose ``intent`` (or the policy's own) spends the Q."""
        chosen = self._remembered(encounter, actor, intent)
        name = chosen.quality if chosen is not None else self.quality
        try:
            row = encounter.rules.definition(intent.action).ep_row
        except ActionRefused:
            row = 0
        defense = encounter.state[intent.target].defense if intent.target else None
        return allocate(name, quality, action=intent.action, defense=defense, ep_row=row)

    def explain(self, encounter: Encounter, actor: str, intent: Intent) -> Explanation | None:
        """Why ``intent`` was chosen, if it is this policy's latest choice for ``actor`` now."""
        chosen = self._remembered(encounter, actor, intent)
        return None if chosen is None else chosen.why

    # -- rules --

    def _try(
        self, rule: Rule, encounter: Encounter, view: PolicyView, passed: list[str]
    ) -> tuple[Intent | Wait, str | None] | None:
        """The rule's decision and the target it chose, or ``None`` (noted in ``passed``)."""
        when = rule.when
        if when is not None and not when.uses_target and not when.holds(view):
            passed.append(f"{rule.label}: the condition is false")
            return None
        targets: Sequence[CharacterView | None] = [None]
        if self._needs_target(rule, encounter):
            targets = candidates(view, rule.target)
            if not targets:
                passed.append(f"{rule.label}: no target ({rule.target})")
                return None
        notes: list[str] = []
        for target in targets:
            decision = self._attempt(rule, encounter, view, target, notes)
            if decision is not None:
                return decision, None if target is None else target.character_id
        passed.append(f"{rule.label}: {notes[0]}" + (f" (+{len(notes) - 1})" if notes[1:] else ""))
        return None

    def _attempt(
        self,
        rule: Rule,
        encounter: Encounter,
        view: PolicyView,
        target: CharacterView | None,
        notes: list[str],
    ) -> Decision:
        who = target.character_id if target is not None else None
        if rule.when is not None and rule.when.uses_target and not _holds(rule.when, view, target):
            notes.append(f"the condition is false for {who}")
            return None
        decision = self._act(rule, encounter, view.actor, who)
        if decision is None:
            notes.append(f"{rule.action} does not apply" + (f" to {who}" if who else ""))
            return None
        if isinstance(decision, Wait):
            return decision
        reasons = refusals(encounter, view.actor, decision)
        if reasons:
            notes.append(f"{decision.action} refused: {reasons[0]}")
            return None
        return decision

    def _act(self, rule: Rule, encounter: Encounter, actor: str, target: str | None) -> Decision:
        tactic = self.tactics.get(rule.action)
        if tactic is not None:
            return tactic.run(encounter, actor, target, rule.options)
        definition = registered_actions(encounter).get(rule.action)
        aimed = target if definition is None or definition.needs_target else None
        return Intent(rule.action, target=aimed, options=rule.options)

    def _needs_target(self, rule: Rule, encounter: Encounter) -> bool:
        if rule.when is not None and rule.when.uses_target:
            return True
        tactic = self.tactics.get(rule.action)
        if tactic is not None:
            return tactic.needs_target
        definition = registered_actions(encounter).get(rule.action)
        return definition is None or definition.needs_target

    def _check_actions(self, encounter: Encounter) -> None:
        """Once, at the first decision: :meth:`check_actions` against the encounter's actions."""
        if not self._checked:
            known = registered_actions(encounter)
            if known:
                self.check_actions(known)
            self._checked = True

    def check_actions(self, known: Collection[str]) -> None:
        """With ``strict``: every action a rule names is a tactic or one of ``known`` (the
        registered actions), else a :class:`PolicyOptionsError` at the rule's ``do``."""
        if not self.strict:
            return
        for rule in self.rules:
            if rule.action not in self.tactics and rule.action not in known:
                names = sorted({*self.tactics, *known})
                raise PolicyOptionsError(
                    f"{rule.key}.do",
                    f"an action or tactic this simulation knows ({', '.join(names)}), "
                    f"not {rule.action!r}",
                )

    def _fall_back(self, encounter: Encounter, actor: str) -> Decision:
        decision = self.fallback(encounter, actor)
        if isinstance(decision, Intent) and refusals(encounter, actor, decision):
            return Wait(encounter.now + 1, "the fallback's choice is not allowed now")
        return decision

    # -- memory --

    def _reason(self, rule: Rule, target: str | None) -> str:
        at = f" → {target}" if target else ""
        return f"{self.name} {rule.label}{at}"

    def _remember(
        self,
        encounter: Encounter,
        actor: str,
        decision: Decision,
        why: Explanation,
        quality: str | None,
    ) -> Decision:
        why = replace(why, alternatives=why.alternatives[:MAX_ALTERNATIVES])
        if isinstance(decision, Intent):
            decision = replace(decision, reason=why.reason)
        elif isinstance(decision, Wait):
            decision = Wait(max(decision.until, encounter.now + 1), decision.reason or why.reason)
        chosen = quality or self.quality
        self._last = _Remembered(id(encounter), encounter.now, actor, decision, why, chosen)
        return decision

    def _remembered(self, encounter: Encounter, actor: str, intent: Intent) -> _Remembered | None:
        last = self._last
        if last is None or (last.encounter, last.segment, last.actor) != (
            id(encounter),
            encounter.now,
            actor,
        ):
            return None
        return last if last.decision == intent else None


def _holds(when: Expression, view: PolicyView, target: CharacterView | None) -> bool:
    try:
        return when.holds(view, target)
    except MissingTarget:
        return False


def priority_policy(
    options: Mapping[str, Any],
    *,
    name: str = "priority",
    senses: Senses = PLAIN_SENSES,
    tactics: Mapping[str, Tactic] | None = None,
    fallbacks: Mapping[str, Fallback] | None = None,
    strict: bool = True,
) -> PriorityPolicy:
    """A :class:`PriorityPolicy` from a scenario's ``policy_options`` (``rules``, ``quality``,
    ``fallback``, ``passive_actions``); every problem is a :class:`PolicyOptionsError`."""
    check_option_keys(options, OPTION_KEYS)
    choices = {"wait": idle, **(fallbacks or {})}
    fallback = options.get("fallback", "nearest-enemy" if "nearest-enemy" in choices else "wait")
    if fallback not in choices:
        raise PolicyOptionsError("fallback", f"one of {_listing(sorted(choices))}")
    passive = options.get("passive_actions", False)
    if not isinstance(passive, bool):
        raise PolicyOptionsError("passive_actions", "true or false")
    return PriorityPolicy(
        rules_from_options(options.get("rules", [])),
        name=name,
        quality=preset(options.get("quality", "balanced")),
        senses=senses,
        tactics=tactics,
        fallback=choices[fallback],
        fallback_name=str(fallback),
        passive_actions=passive,
        strict=strict,
    )
