"""The player's choices in "Creating a Character", and the named defaults that make them when
nobody does (``docs/rules/decisions.md`` G-300, G-301).

The seed leaves many steps to the player ("He decides he wants to roll for a Special Power",
"He decides to use group II", "He could switch them, but he decides not to"). :class:`Decisions`
holds the choices a user makes (the worked example makes Biff's); every one left ``None`` is
made by :class:`CreationDefaults`, whose switches ``mands-sim generate --default NAME=VALUE``
sets.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, fields, replace
from typing import Any, Literal

from mands_sim.api import MandsSimError, rule_default

SEXES = ("female", "male")
"""Seed (the siblings): "Rolling d2 for sex (1 means female, 2 means male)"."""
SETS = (1, 2, 3)
"""Seed: "choose which set—I, II, or III—you wish to use"."""


class GenerationError(MandsSimError):
    """A character that cannot be made as asked (an unknown kind, power, Hero Type or choice,
    a count out of bounds, a file that cannot be written), with what was expected."""


@dataclass(frozen=True, slots=True)
class CreationDefaults:
    """The named defaults of character creation (``docs/rules/decisions.md``)."""

    G300_first_hero_type: Literal["special", "class"] = rule_default(
        "G-300",
        "A generated hero's or villain's first Hero Type: a Special Power, as Biff's ('special'), "
        "or a Class Power whose table a die picks ('class').",
        "special",
        ("special", "class"),
    )
    G300_extra_power_tries: Literal["alternate", "special", "class"] = rule_default(
        "G-300",
        "What each extra-power roll tries for: a d2 between a Special Power and a Class Power "
        "whose table a die picks ('alternate'), always a Special Power ('special'), always a "
        "Class Power ('class').",
        "alternate",
        ("alternate", "special", "class"),
    )
    G301_ability_set: Literal["highest-total", "first"] = rule_default(
        "G-301",
        "The ability set a generated character takes: the one whose nine scores add up highest "
        "('highest-total'), or set I ('first').",
        "highest-total",
        ("highest-total", "first"),
    )
    G301_charismas: Literal["higher-active", "as-rolled"] = rule_default(
        "G-301",
        "A generated character's charismas: the higher one made Active Charisma "
        "('higher-active'), or kept as rolled ('as-rolled').",
        "higher-active",
        ("higher-active", "as-rolled"),
    )
    G305_experience_ability: Literal["lowest-physical", "strength", "agility", "constitution"] = (
        rule_default(
            "G-305",
            "The ability each Experience row of a generated character's level raises by 1: the "
            "lowest of Strength, Agility and Constitution ('lowest-physical'), or always one of "
            "them.",
            "lowest-physical",
            ("lowest-physical", "strength", "agility", "constitution"),
        )
    )


def switched(overrides: Mapping[str, str]) -> CreationDefaults:
    """:class:`CreationDefaults` with ``overrides`` (switch name → value) applied.

    Raises:
        ValueError: an unknown switch or a value it does not take, naming both.
    """
    known = {f.name: f.metadata["choices"] for f in fields(CreationDefaults)}
    for name, value in overrides.items():
        if name not in known:
            raise ValueError(f"no creation default {name!r}; the switches: {', '.join(known)}")
        if value not in known[name]:
            shown = ", ".join(known[name])
            raise ValueError(f"{name} takes one of {shown}, not {value!r}")
    chosen: dict[str, Any] = dict(overrides)
    return replace(CreationDefaults(), **chosen)


@dataclass(frozen=True, slots=True)
class Decisions:
    """A player's choices; ``None`` leaves one to :class:`CreationDefaults`.

    Attributes:
        powers: powers the Editor names, taken before any roll (``--power``).
        first_type: the first Hero Type rolled on (``"special"``, ``"superhuman"`` ...).
        extra_tries: the Hero Types the extra-power rolls try for, in order (after them, the
            defaults choose).
        ability_set: the set taken, 1 to 3.
        switch_charismas: whether Active and Normal Charisma are switched.
        sex: ``"female"`` or ``"male"``.
        take_alternative: on a row that offers two powers ("Skin Temper + d5/5 or Ignore 2d5
            points damage"), take the second.
    """

    powers: tuple[str, ...] = ()
    first_type: str | None = None
    extra_tries: tuple[str, ...] | None = None
    ability_set: Literal[1, 2, 3] | None = None
    switch_charismas: bool | None = None
    sex: Literal["female", "male"] | None = None
    take_alternative: bool = False

    def __post_init__(self) -> None:
        if self.ability_set is not None and self.ability_set not in SETS:
            raise GenerationError(
                f"ability_set: 1, 2 or 3 (set I, II or III), not {self.ability_set!r}"
            )
        if self.sex is not None and self.sex not in SEXES:
            raise GenerationError(f"sex: female or male, not {self.sex!r}")
        if len(set(self.powers)) != len(self.powers):
            twice = next(p for p in self.powers if self.powers.count(p) > 1)
            raise GenerationError(f"--power: {twice} named twice")

    def check_types(self, types: Iterable[str]) -> None:
        """Refuse a Hero Type not among ``types``, naming them."""
        known = tuple(types)
        for kind in (self.first_type, *(self.extra_tries or ())):
            if kind is not None and kind not in known:
                raise GenerationError(f"Hero Type: one of {', '.join(known)}, not {kind!r}")
