"""Checking a priority list against its scenario before any run (``mands-sim validate``).

A rule that names an action no plugin registers, a character who is not in the encounter, an
option its action does not read or a place not on the map would otherwise do nothing, silently,
in every run. :func:`rule_problems` finds every such mistake of one character's rules, each a
:class:`~mands_sim.errors.Problem` at the rule's key in the file
(``sides[0].characters[1].policy_options.rules[2].options.toward``), with the closest names
that would fit. :func:`with_power_defaults` fills in the one thing a rule may leave out: the
sheet entry a power's action uses, when the sheet has exactly one.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import replace
from typing import Any, Final

from mands_sim.action_options import POWER_OPTION
from mands_sim.actions import ActionDefinition, ActionOption
from mands_sim.errors import Problem
from mands_sim.inputs import shown
from mands_sim.model.character import Sheet
from mands_sim.objectives import threatens
from mands_sim.policy.priority import (
    OBJECTIVE_SELECTORS,
    SELECTORS,
    SELF,
    PriorityPolicy,
    Rule,
    Tactic,
)
from mands_sim.registry import Registries
from mands_sim.scenario import CharacterSpec, ScenarioSpec
from mands_sim.suggestions import listing, suggestion


def rule_problems(
    policy: PriorityPolicy,
    scenario: ScenarioSpec,
    character: CharacterSpec,
    registries: Registries,
) -> list[Problem]:
    """Every mistake in ``policy``'s rules for ``character``, in rule order."""
    checking = _Checking(policy, scenario, character, registries)
    return [problem for rule in policy.rules for problem in checking.rule(rule)]


def with_power_defaults(
    policy: PriorityPolicy, sheet: Sheet, registries: Registries
) -> PriorityPolicy:
    """``policy`` with ``options.power`` filled in on every rule whose action is a power's use
    and names no entry, when ``sheet`` has exactly one entry for that power."""
    rules = tuple(_with_power(rule, sheet, registries) for rule in policy.rules)
    return policy if rules == policy.rules else policy.with_rules(rules)


def power_entries(sheet: Sheet, power: str, registries: Registries) -> list[str]:
    """The names of ``sheet``'s entries for the registered ``power`` (by name or alias)."""
    found = (name for name in sheet.powers if registries.powers.find(name) is not None)
    return [name for name in found if _entry_power(name, registries) == power]


def _entry_power(name: str, registries: Registries) -> str | None:
    entry = registries.powers.find(name)
    return None if entry is None else entry.name


def _with_power(rule: Rule, sheet: Sheet, registries: Registries) -> Rule:
    action = registries.actions.get(rule.action)
    definition = None if action is None else action.payload
    if not isinstance(definition, ActionDefinition) or definition.power is None:
        return rule
    if POWER_OPTION in rule.options:
        return rule
    entries = power_entries(sheet, definition.power, registries)
    if len(entries) != 1:
        return rule
    return replace(rule, options={**rule.options, POWER_OPTION: entries[0]})


class _Checking:
    """One character's rules checked against its scenario and the loaded plugins."""

    def __init__(
        self,
        policy: PriorityPolicy,
        scenario: ScenarioSpec,
        character: CharacterSpec,
        registries: Registries,
    ) -> None:
        self.tactics: Mapping[str, Tactic] = policy.tactics
        self.scenario = scenario
        self.character = character
        self.registries = registries
        self.ids = tuple(c.id for c in scenario.characters)
        self.groups = {c.group for c in scenario.characters if c.group is not None}

    def rule(self, rule: Rule) -> Iterator[Problem]:
        key = f"{self.character.key}.policy_options.{rule.key}"
        yield from self._target(rule.target, f"{key}.target")
        if rule.action in self.tactics:
            yield from self._options(rule.options, self.tactics[rule.action].options, key)
            return
        entry = self.registries.actions.get(rule.action)
        if entry is None or not isinstance(entry.payload, ActionDefinition):
            known = [*self.tactics, *self.registries.actions]
            yield Problem(
                f"{key}.do",
                f"expected an action or tactic this simulation knows, not {shown(rule.action)}; "
                f"{suggestion(rule.action, known)}",
            )
            return
        definition = entry.payload
        yield from self._options(rule.options, self.registries.options_of(rule.action), key)
        if definition.power is not None:
            yield from self._power(rule, definition, key)

    # -- targets --

    def _target(self, target: str, key: str) -> Iterator[Problem]:
        if target in OBJECTIVE_SELECTORS:
            yield from self._staked(target, key)
            return
        if target in SELECTORS or target == SELF or target in self.ids:
            return
        if target in self.groups:
            members = [c.id for c in self.scenario.characters if c.group == target]
            yield Problem(
                key,
                f"expected one character, not the group {shown(target)}: name a selector or one "
                f"of its members ({listing(members)})",
            )
            return
        choices = [*SELECTORS, SELF, *self.ids]
        yield Problem(
            key,
            f'expected a selector, "self" or the id of a character in this scenario, not '
            f"{shown(target)}; {suggestion(target, choices)}",
        )

    def _staked(self, selector: str, key: str) -> Iterator[Problem]:
        """An objective selector with no objective to read picks nobody, in every run."""
        side = self.character.side
        specs = self.scenario.stop.objectives
        if selector == "ward":
            found = any(spec.side == side for spec in specs)
            missing = f"no objective of side {shown(side)}"
        else:
            found = any(spec.kind != "protect" and threatens(spec, side) for spec in specs)
            missing = f"no objective another side wins by against {shown(side)}"
        if not found:
            yield Problem(
                key,
                f"expected a selector that can pick someone: {shown(selector)} reads the "
                f"scenario's objectives ([[stop.objectives]]), and there is {missing}",
            )

    # -- options --

    def _options(
        self, options: Mapping[str, Any], declared: Sequence[ActionOption], key: str
    ) -> Iterator[Problem]:
        known = {option.name: option for option in declared}
        for name, value in options.items():
            at = f"{key}.options.{name}"
            option = known.get(name)
            if option is not None:
                yield from self._value(option, value, at)
            else:
                yield Problem(
                    at,
                    f"expected an option this action reads, not {shown(name)}; "
                    f"{suggestion(name, known) if known else 'it reads none'}",
                )

    def _value(self, option: ActionOption, value: Any, key: str) -> Iterator[Problem]:
        wrong = _wrong_kind(option, value)
        if wrong:
            yield Problem(key, wrong)
        elif option.kind in ("place", "exit"):
            yield from self._place(option, value, key)
        elif option.kind == "character":
            yield from self._character(value, key)
        elif option.kind == "characters" or (option.kind == "targets" and value != "all"):
            for index, each in enumerate(value):
                yield from self._character(each, f"{key}[{index}]")

    def _character(self, value: str, key: str) -> Iterator[Problem]:
        if value not in self.ids:
            yield Problem(
                key,
                f"expected the id of a character in this scenario, not {shown(value)}; "
                f"{suggestion(value, self.ids)}",
            )

    def _place(self, option: ActionOption, value: str, key: str) -> Iterator[Problem]:
        places = self.scenario.map.places
        exits = [place.name for place in places if place.exit]
        names = [place.name for place in places]
        if option.kind == "exit" and value in names and value not in exits:
            yield Problem(
                key,
                f"expected an exit, but {shown(value)} is not marked exit = true; exits: "
                f"{listing(exits, near=value)}",
            )
        elif value not in names:
            wanted = exits if option.kind == "exit" else names
            what = "an exit" if option.kind == "exit" else "a place"
            yield Problem(
                key,
                f"expected {what} on the map, not {shown(value)}; {suggestion(value, wanted)}",
            )

    # -- powers --

    def _power(self, rule: Rule, definition: ActionDefinition, key: str) -> Iterator[Problem]:
        power = definition.power
        assert power is not None
        entries = power_entries(self.character.sheet, power, self.registries)
        named = rule.options.get(POWER_OPTION)
        sheet = shown(self.character.sheet.name)
        if not entries:
            yield Problem(
                f"{key}.do",
                f"expected an action of a power {sheet} has: {shown(rule.action)} is a use of "
                f"{shown(power)}, and the sheet has no such power",
            )
        elif named is None and len(entries) > 1:
            yield Problem(
                f"{key}.options.{POWER_OPTION}",
                f"expected the sheet entry {shown(rule.action)} uses: {sheet} has "
                f"{listing(entries)} for {shown(power)}",
            )
        elif named is not None and named not in entries:
            yield Problem(
                f"{key}.options.{POWER_OPTION}",
                f"expected {sheet}'s entry for {shown(power)} ({listing(entries)}), not "
                f"{shown(named)}; {suggestion(str(named), entries)}",
            )


_KINDS: Final = {
    "place": "a place's name",
    "exit": "an exit's name",
    "character": "a character's id",
    "characters": "a list of characters' ids",
    "targets": 'a list of characters\' ids, or "all"',
    "number": "a finite number",
    "flag": "true or false",
    "points": "true (all of them) or a finite number",
    "text": "text",
}


def _wrong_kind(option: ActionOption, value: Any) -> str:
    """What is wrong with the kind of ``value`` for ``option`` ("" if nothing is)."""
    fits = _FITS[option.kind](value)
    return "" if fits else f"expected {_KINDS[option.kind]}, not {shown(value)}"


def _number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


def _text(value: Any) -> bool:
    return isinstance(value, str)


_FITS: Final[Mapping[str, Callable[[Any], bool]]] = {
    "place": _text,
    "exit": _text,
    "character": _text,
    "characters": lambda value: isinstance(value, list | tuple) and all(map(_text, value)),
    "targets": lambda value: value == "all" or _FITS["characters"](value),
    "number": _number,
    "flag": lambda value: isinstance(value, bool),
    "points": lambda value: value is True or _number(value),
    "text": _text,
}
