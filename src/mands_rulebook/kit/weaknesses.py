"""Reading a sheet's Handicaps and Weaknesses (seed "Handicap or Weakness"): a kind's entries, their
parameters and the event a weakness logs when it changes the fight; and a vulnerability's
multiplied damage, which the damage path reads for every blow."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Final, Literal

from mands_sim.defaults import rule_default
from mands_sim.events import WeaknessFired
from mands_sim.kernel.encounter import Encounter
from mands_sim.model.character import Character
from mands_sim.model.sheet import Weakness, WeaknessValue
from mands_sim.registry import spoken


@dataclass(frozen=True, slots=True)
class WeaknessDefaults:
    """The named defaults this module applies (``docs/rules/decisions.md``): G-268."""

    G268_power_actions: Literal["slug-or-named", "named"] = rule_default(
        "G-268",
        "Which actions use a power a weakness names (Focus, Limited Use): those whose name "
        "starts with the power's slug ('electric-power-blast') or whose intent names the power "
        "('slug-or-named'), or only those whose intent names it ('named').",
        "slug-or-named",
        ("slug-or-named", "named"),
    )


KIND: Final = "vulnerability"


PROTOTRON_MULTIPLIER: Final = 3
"""Seed, Prototron: "Negative electrical attacks do 3 times normal damage to him"."""


def applies(weakness: Weakness, weapon: str) -> bool:
    """Whether a blow dealt by ``weapon`` is one ``weakness`` multiplies."""
    return bool(weapon) and spoken(weapon) in {spoken(name) for name in names(weakness, "attacks")}


def vulnerable_damage(
    encounter: Encounter, victim: str, weapon: str, taken: int
) -> tuple[int, list[WeaknessFired]]:
    """``taken`` times the multiplier of each vulnerability the blow hits, and the events
    (G-263: after Skin Temper; none when nothing was taken)."""
    events: list[WeaknessFired] = []
    for weakness in weaknesses_of(encounter, victim, KIND):
        if taken <= 0 or not applies(weakness, weapon):
            continue
        multiplier = whole(weakness, "multiplier", PROTOTRON_MULTIPLIER)
        effect = f"{weapon} does {multiplier} times normal damage: {taken} → {taken * multiplier}"
        taken *= multiplier
        events.append(fired(encounter, victim, weakness, effect))
    return taken, events


def has_weakness(kind: str) -> Callable[[Character], bool]:
    """The test of the characters whose sheet lists a weakness of ``kind`` (case, spacing and
    punctuation aside): for ``@answers_characters`` on a rule that only they can set off."""

    def test(character: Character) -> bool:
        return bool(of_kind(character.sheet.weaknesses, kind))

    return test


def weaknesses_of(encounter: Encounter, actor: str, kind: str) -> tuple[Weakness, ...]:
    """``actor``'s weaknesses of ``kind`` (case, spacing and punctuation aside), sheet order."""
    return of_kind(encounter.character(actor).sheet.weaknesses, kind)


def of_kind(weaknesses: Iterable[Weakness], kind: str) -> tuple[Weakness, ...]:
    """The ``weaknesses`` of ``kind``, case, spacing and punctuation aside, in their order."""
    wanted = spoken(kind)
    return tuple(w for w in weaknesses if spoken(w.kind) == wanted)


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
