"""The names the condition language knows, and how each reads a policy view.

Every name is an entry in one of the tables below, each a fixed function of a frozen snapshot
(:mod:`mands_sim.policy.view`); the parser looks names up here and nowhere else, so nothing but
these values can be reached from a condition (``docs/policies.md`` "Conditions").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Final, Literal

from mands_sim.policy.view import CharacterView, GroupView, PolicyView

Kind = Literal["number", "gauge", "flag", "text", "percent"]
Value = float | bool | str


@dataclass(frozen=True, slots=True)
class Scope:
    """What a condition reads: the deciding character's view and the rule's candidate target."""

    view: PolicyView
    target: CharacterView | None = None


class MissingTarget(LookupError):
    """A condition about ``target`` was evaluated without one (the rule does not apply)."""


# -- the whitelist ------------------------------------------------------------------------------

CHARACTER_NUMBERS: Final[Mapping[str, Callable[[CharacterView], float]]] = {
    "defense": lambda c: float(c.defense),
    "distance": lambda c: c.distance,
    "range_sets": lambda c: float(c.range_sets),
    "danger": lambda c: float(c.danger),
    "max_dp": lambda c: float(c.max_damage_points),
    "max_vp": lambda c: float(c.max_virtual_damage_points),
    "max_ep": lambda c: float(c.max_endurance_points),
}
CHARACTER_GAUGES: Final[Mapping[str, Callable[[CharacterView], tuple[float, float]]]] = {
    "dp": lambda c: (float(c.damage_points), float(c.max_damage_points)),
    "vp": lambda c: (float(c.virtual_damage_points), float(c.max_virtual_damage_points)),
    "ep": lambda c: (float(c.endurance_points), float(c.max_endurance_points)),
}
CHARACTER_FLAGS: Final[Mapping[str, Callable[[CharacterView], bool]]] = {
    "standing": lambda c: c.standing,
    "in_sight": lambda c: c.in_sight,
    "in_contact": lambda c: c.in_contact,
    "running": lambda c: c.running,
    "flying": lambda c: c.flying,
    "special": lambda c: c.special,
    "ally": lambda c: c.ally,
    "performer": lambda c: c.performer,
    "performing": lambda c: c.performing,
    "ward": lambda c: c.ward,
}
CHARACTER_TEXTS: Final[Mapping[str, Callable[[CharacterView], str]]] = {
    "id": lambda c: c.character_id,
    "side": lambda c: c.side,
    "condition": lambda c: c.condition,
    "band": lambda c: c.band,
    "readied": lambda c: c.readied or "",
    "place": lambda c: c.place,
    "started": lambda c: c.started,
}
GROUP_NUMBERS: Final[Mapping[str, Callable[[GroupView], float]]] = {
    "count": lambda g: float(g.count),
    "standing": lambda g: float(g.standing),
    "down": lambda g: float(g.down),
    "in_contact": lambda g: float(g.in_contact),
    "in_sight": lambda g: float(g.in_sight),
    "nearest": lambda g: g.nearest,
    "least_ep": lambda g: g.least_ep,
    "most_ep": lambda g: g.most_ep,
}
EXIT_NUMBERS: Final[Mapping[str, Callable[[PolicyView], float]]] = {
    "nearest": lambda v: v.nearest_exit,
    "count": lambda v: float(v.exits),
}
OBJECTIVE_FLAGS: Final[Mapping[str, Callable[[PolicyView], bool]]] = {
    "threatened": lambda v: v.threatened,
}
CLOCK_NUMBERS: Final[Mapping[str, Callable[[PolicyView], float]]] = {
    "segment": lambda v: float(v.segment),
    "round": lambda v: float(v.round),
}
CHARACTERS: Final = ("self", "target")
GROUPS: Final = ("enemies", "allies")


def character_attributes() -> tuple[str, ...]:
    """Every attribute of ``self`` and ``target``, sorted (for docs and messages)."""
    tables = (CHARACTER_NUMBERS, CHARACTER_GAUGES, CHARACTER_FLAGS, CHARACTER_TEXTS)
    return tuple(sorted(name for table in tables for name in table))


def known_names() -> tuple[str, ...]:
    """Every name the language knows, dotted (``self.dp``, ``enemies.count``, ``round`` …)."""
    names = [*CLOCK_NUMBERS]
    names += [f"{who}.{a}" for who in CHARACTERS for a in character_attributes()]
    names += [f"{group}.{a}" for group in GROUPS for a in GROUP_NUMBERS]
    names += [f"exits.{a}" for a in EXIT_NUMBERS]
    names += [f"objective.{a}" for a in OBJECTIVE_FLAGS]
    return tuple(names)


@dataclass(frozen=True, slots=True)
class Node:
    """A checked sub-expression: its kind, how to compute it, where it starts in the text; a
    gauge also knows its share of its maximum."""

    kind: Kind
    run: Callable[[Scope], Value]
    start: int
    share: Callable[[Scope], float] | None = None


def lookup(whose: str, attribute: str, start: int) -> Node | None:
    """The node for ``whose.attribute`` from the tables, or ``None`` if there is none."""
    if whose in GROUPS:
        group = GROUP_NUMBERS.get(attribute)
        if group is None:
            return None
        side = _enemies if whose == "enemies" else _allies
        return Node("number", lambda s: group(side(s)), start)
    if whose == "exits":
        exits = EXIT_NUMBERS.get(attribute)
        return None if exits is None else Node("number", lambda s: exits(s.view), start)
    if whose == "objective":
        stake = OBJECTIVE_FLAGS.get(attribute)
        return None if stake is None else Node("flag", lambda s: stake(s.view), start)
    return _character_node(_self if whose == "self" else _target, attribute, start)


def _character_node(
    who: Callable[[Scope], CharacterView], attribute: str, start: int
) -> Node | None:
    if attribute in CHARACTER_GAUGES:
        gauge = CHARACTER_GAUGES[attribute]
        return Node("gauge", lambda s: gauge(who(s))[0], start, lambda s: _share(gauge(who(s))))
    if attribute in CHARACTER_NUMBERS:
        return _reading("number", CHARACTER_NUMBERS[attribute], who, start)
    if attribute in CHARACTER_FLAGS:
        return _reading("flag", CHARACTER_FLAGS[attribute], who, start)
    if attribute in CHARACTER_TEXTS:
        return _reading("text", CHARACTER_TEXTS[attribute], who, start)
    return None


def _reading(
    kind: Kind,
    read: Callable[[CharacterView], Value],
    who: Callable[[Scope], CharacterView],
    start: int,
) -> Node:
    return Node(kind, lambda s: read(who(s)), start)


def _share(gauge: tuple[float, float]) -> float:
    value, maximum = gauge
    return value / maximum if maximum > 0 else 0.0


def _self(scope: Scope) -> CharacterView:
    return scope.view.me


def _target(scope: Scope) -> CharacterView:
    if scope.target is None:
        raise MissingTarget("the condition reads target, and the rule has none")
    return scope.target


def _enemies(scope: Scope) -> GroupView:
    return scope.view.enemy_group


def _allies(scope: Scope) -> GroupView:
    return scope.view.ally_group
