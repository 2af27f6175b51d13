"""Psychic Immunity (seed "Psychic Immunity", under Creating a Character): a trait, registered as
a power so sheets can carry it and listings show it.

Seed: "Psychic Immunity makes characters nearly impervious to psychic and magical mind probing or
mind attacks (such as psychic illusion). The player rolls 2d100 for the amount of Psychic
Immunity. ... The Psychic Immunity score is added to any saving throw vs. mind probing or mind
attacks. Half this is added to saves vs. mind control (such as possession). If there is no saving
throw, the Psychic Immunity score is the chance of ignoring the attack." Seraph "misses the roll
for Psychic Immunity, with a roll of 56" (seed "Biff Turk Creates a Sample Character").

This is rules text (the trait's own section survived), so the power is tagged ``"rules text"``,
unlike the template powers around it. A sheet gives the score as the power's ``score`` (or its
``power_rating``)::

    [powers."Psychic Immunity"]
    score = 120

It has no action: the mind powers read it (:func:`psychic_immunity`) — the template's saves
(``mands_rulebook.powers.template.mind_save``: the whole score against mind probing, half
against Mind Control) and Psychic Invisibility, which a character with the trait ignores (G-132).
"""

from __future__ import annotations

from typing import Final

from mands_rulebook.kit.powers.uses import RULES_TEXT, PowerSpec, normalized, register_power
from mands_sim.api import CharacterSheet, PowerEntry, Register, SheetError, hookimpl

NAME: Final = "Psychic Immunity"
SCORE: Final = "score"
"""The sheet key of the rolled score (seed: "2d100 for the amount of Psychic Immunity")."""

PSYCHIC_IMMUNITY = PowerSpec(
    name=NAME,
    summary="A trait: its score is added to saves vs. mind attacks (half vs. mind control).",
    source=RULES_TEXT,
    uses=(),
)


def immunity_entry(sheet: CharacterSheet) -> PowerEntry | None:
    """The sheet's Psychic Immunity entry, its name matched as the kit matches power names."""
    wanted = normalized(NAME)
    return next((e for k, e in sheet.powers.items() if normalized(k) == wanted), None)


def psychic_immunity(sheet: CharacterSheet) -> int:
    """The character's Psychic Immunity score (0 without the trait)."""
    entry = immunity_entry(sheet)
    if entry is None:
        return 0
    value = entry.extra.get(SCORE, entry.power_rating or 0)
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise SheetError(
            sheet.path, f"powers.{entry.name}.{SCORE}", f"a whole number ≥ 0, got {value!r}"
        )
    return value


def is_psychically_immune(sheet: CharacterSheet) -> bool:
    return psychic_immunity(sheet) > 0


@hookimpl
def mands_register_powers(register: Register) -> None:
    register_power(register, PSYCHIC_IMMUNITY)
