"""Handicaps and Weaknesses (seed "Handicap or Weakness", "Sample Weaknesses"): a library for the
plugins that play each kind, with no hooks of its own (as ``mands_rulebook.kit.powers``).

A sheet lists a character's weaknesses as ``[[weaknesses]]`` tables (``docs/weaknesses.md``);
each kind is registered and played by its own plugin, one module each:

* :mod:`.vulnerability` — more damage from some attacks (Prototron: "Negative electrical
  attacks do 3 times normal damage to him");
* :mod:`.tires_easily` — more EP for every action (8-Ball: "twice normal EP"), or a growing
  Combat Pool penalty (Diamondback);
* :mod:`.low_self_control` — a d100 save after damage or berserk (Armadillo);
* :mod:`.focus` — no power without its item (Jake Kotter's Cosmic Guitar);
* :mod:`.limited_use` — a power held too long costs DP (Brinn X'Halikso's Slide Molecules);
* :mod:`.affects_ability` — using a power lowers an ability (Pulsar's Strength, 13 − the EP a
  round of his Gravity Control), read by every rule through ``mands_ability_modifiers``.

:mod:`.power_use` tells a power's actions apart for the kinds that name a power (kept out of
this module, which :mod:`mands_rulebook.kit.damage` imports through :mod:`.vulnerability`).

Every time a weakness changes the fight it is logged as a
:class:`~mands_sim.events.WeaknessFired`, which the run summary counts per character.
"""

from __future__ import annotations

from collections.abc import Mapping

from mands_sim.events import WeaknessFired
from mands_sim.kernel.encounter import Encounter
from mands_sim.model.sheet import Weakness, WeaknessValue
from mands_sim.registry import spoken


def weaknesses_of(encounter: Encounter, actor: str, kind: str) -> tuple[Weakness, ...]:
    """``actor``'s weaknesses of ``kind`` (case, spacing and punctuation aside), sheet order."""
    wanted = spoken(kind)
    sheet = encounter.character(actor).sheet
    return tuple(w for w in sheet.weaknesses if spoken(w.kind) == wanted)


def parameter(weakness: Weakness, name: str, default: WeaknessValue) -> WeaknessValue:
    """The sheet's value of ``name`` for ``weakness``, else the kind's ``default``."""
    parameters: Mapping[str, WeaknessValue] = weakness.parameters
    return parameters.get(name, default)


def whole(weakness: Weakness, name: str, default: int) -> int:
    """A whole-number parameter (checked at load: :class:`mands_sim.weaknesses.Parameter`)."""
    return int(parameter(weakness, name, default))  # type: ignore[arg-type]


def names(weakness: Weakness, name: str) -> tuple[str, ...]:
    """A list-of-names parameter (empty if the sheet gives none)."""
    value = parameter(weakness, name, ())
    return value if isinstance(value, tuple) else ()


def fired(encounter: Encounter, actor: str, weakness: Weakness, effect: str) -> WeaknessFired:
    """The event logging that ``weakness`` changed the fight for ``actor``."""
    return WeaknessFired(encounter.now, actor, weakness.name, weakness.kind, effect)


__all__ = ["fired", "names", "parameter", "weaknesses_of", "whole"]
