"""Variants of a scenario that must not change its result (``docs/fairness.md``).

A verdict has to come from the encounter, not from how the Editor happened to write it down.
Each function here takes a scenario as parsed TOML data and gives the same encounter written
another way; the fairness checks play both and compare:

* :func:`reordered` — the sides, and the characters of each side, listed in reverse: every
  run must be identical, event for event;
* :func:`renamed` — every character id replaced by another (a permutation of the ids): the
  distribution of outcomes must stay the same within its interval (a run may differ: the
  dice streams are keyed by id);
* :func:`with_defaults` — rules defaults switched, to measure what a default changes.

The ``[expect]`` block is dropped from every variant: it names characters by id and is about
the scenario as written.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

Data = dict[str, Any]


def _without_expectations(data: Mapping[str, Any]) -> Data:
    variant = copy.deepcopy(dict(data))
    variant.pop("expect", None)
    return variant


def character_ids(data: Mapping[str, Any]) -> list[str]:
    """Every character id, in file order."""
    return [str(c["id"]) for side in data.get("sides", []) for c in side.get("characters", [])]


def reordered(data: Mapping[str, Any]) -> Data:
    """The sides listed in reverse, and each side's characters in reverse. A file that leaves
    the heroes' side to its place (first, G-71) gets ``heroes = true`` on that side, so the
    variant is the same encounter."""
    variant = _without_expectations(data)
    sides = list(variant.get("sides", []))
    if sides and not any(side.get("heroes") for side in sides):
        sides[0]["heroes"] = True
    sides.reverse()
    for side in sides:
        side["characters"] = list(reversed(side.get("characters", [])))
    variant["sides"] = sides
    return variant


def rotation(ids: list[str]) -> dict[str, str]:
    """A permutation of ``ids`` that moves every one of two or more: each id to the next one
    in sorted order (the last to the first), so the names that sorted first no longer do."""
    order = sorted(ids)
    return {old: order[(i + 1) % len(order)] for i, old in enumerate(order)}


def renamed(data: Mapping[str, Any], names: Mapping[str, str]) -> Data:
    """Every string equal to an id in ``names`` replaced by its new name, wherever it appears
    (ids, targets, wards, objectives; a side or place of the same name is renamed with it, so
    the encounter is the same one under other names)."""
    variant: Data = _renamed(_without_expectations(data), names)
    return variant


def _renamed(value: Any, names: Mapping[str, str]) -> Any:
    if isinstance(value, str):
        return names.get(value, value)
    if isinstance(value, list):
        return [_renamed(item, names) for item in value]
    if isinstance(value, dict):
        return {names.get(k, k): _renamed(v, names) for k, v in value.items()}
    return value


def with_defaults(data: Mapping[str, Any], overrides: Mapping[str, Any]) -> Data:
    """The scenario with ``overrides`` among its ``[rules.defaults]``."""
    variant = _without_expectations(data)
    rules = variant.setdefault("rules", {})
    rules["defaults"] = {**rules.get("defaults", {}), **overrides}
    return variant


__all__ = ["character_ids", "renamed", "reordered", "rotation", "with_defaults"]
