"""Generating characters from Python (notebooks, ``balance``) and for ``mands-sim generate``.

    from mands_rulebook.creation.generate import generate
    grunts = generate("grunt", seed=1, count=4)        # four Creations, the same for seed 1
    print(grunts[0].sheet.abilities, sheet_text(grunts[0], seed=1, number=1))

Character *i* (1-based) of a kind rolls on the seed's substream ``("character", kind, i)``, so the
first four of ``--count 8`` are the four of ``--count 4``, on any machine. The powers and skills
are the installed plugins' (``mands_register_powers``, ``mands_register_skills``): a plugin's
power that names a Hero Type (``PowerSpec.hero_types``) can be rolled too (G-299).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from types import MappingProxyType
from typing import Final

from mands_rulebook.creation.choices import CreationDefaults, Decisions, GenerationError
from mands_rulebook.creation.experience import advanced
from mands_rulebook.creation.procedure import (
    KINDS,
    NO_DECISIONS,
    STANDARD,
    Catalogue,
    Creation,
    Kind,
    PowerFacts,
    create,
)
from mands_rulebook.creation.tables import creation_tables
from mands_rulebook.kit.powers.uses import PowerSpec
from mands_sim.api import Registries, SeededDice, installed_registries, spoken

MAX_COUNT: Final = 1000
"""The most characters one call makes (an input bounds every loop)."""

NO_PR: Final = "none"
"""A power's ``pr_dice`` when it has no Power Roll (Extra Appendage)."""


def catalogue_of(registries: Registries) -> Catalogue:
    """What the installed plugins offer a new character: every registered power (its PR dice,
    whether it has %Control, the Hero Types its plugin names) and skill."""
    entries = registries.powers.entries
    powers = {entry.name: _facts(entry.name, entry.payload) for entry in entries}
    skills = tuple(entry.name for entry in registries.skills.entries)
    called = {spoken(name): e.name for e in entries for name in (e.name, *e.aliases)}
    return Catalogue(MappingProxyType(powers), skills, MappingProxyType(called))


def _facts(name: str, payload: object) -> PowerFacts:
    if not isinstance(payload, PowerSpec):
        return PowerFacts(name, "3d6", has_control=True)
    dice = None if payload.pr_dice == NO_PR or "/" in payload.pr_dice else payload.pr_dice
    return PowerFacts(name, dice, bool(payload.uses), payload.hero_types)


def installed_catalogue() -> Catalogue:
    """:func:`catalogue_of` the plugins installed here."""
    return catalogue_of(installed_registries())


def generate(
    kind: Kind,
    *,
    seed: int,
    count: int = 1,
    decisions: Decisions = NO_DECISIONS,
    defaults: CreationDefaults = STANDARD,
    catalogue: Catalogue | None = None,
    first: int = 1,
    level: int = 0,
) -> tuple[Creation, ...]:
    """``count`` characters of ``kind`` made with ``seed``, numbered from ``first``, each
    advanced to Experience row ``level`` (G-305).

    Raises:
        GenerationError: ``kind`` is not one of :data:`KINDS`, ``count`` is not 1 to
            :data:`MAX_COUNT`, a power in ``decisions.powers`` is not installed or is asked of
            a grunt.
    """
    books = catalogue or installed_catalogue()
    check_request(kind, count, decisions.powers, books)
    if first < 1:
        raise GenerationError(f"first: characters are numbered from 1, not {first}")
    named = tuple(books.power_called(power) for power in decisions.powers)
    decisions = replace(decisions, powers=named)
    tables = creation_tables()
    made = (
        create(
            kind,
            SeededDice(seed).substream("character", kind, number),
            name=f"{kind.capitalize()} {number}",
            tables=tables,
            catalogue=books,
            decisions=decisions,
            defaults=defaults,
        )
        for number in range(first, first + count)
    )
    return tuple(at_level(creation, level, defaults) for creation in made)


def at_level(creation: Creation, level: int, defaults: CreationDefaults) -> Creation:
    """``creation`` advanced to Experience row ``level``, its story told."""
    sheet, story = advanced(creation.sheet, level, defaults)
    return replace(creation, sheet=sheet, story=creation.story + story, level=level)


def check_request(kind: str, count: int, powers: Sequence[str], catalogue: Catalogue) -> None:
    """Refuse what cannot be made, saying what is expected."""
    if kind not in KINDS:
        raise GenerationError(f"--kind: one of {', '.join(KINDS)}, not {kind!r}")
    if not 1 <= count <= MAX_COUNT:
        raise GenerationError(f"--count: 1 to {MAX_COUNT} characters, not {count}")
    problem = powers_problem(powers, kind, catalogue)
    if problem:
        raise GenerationError(f"--power: {problem}")


def powers_problem(powers: Sequence[str], kind: object, catalogue: Catalogue) -> str:
    """Why the Editor's ``powers`` cannot be given to a ``kind``, or ``""``: a grunt has none, a
    power not installed (with the nearest name), a power named twice (aliases counted)."""
    if powers and kind == "grunt":
        return "a grunt is a Normal and has no powers"
    for power in powers:
        if not catalogue.power_called(power):
            return f"no installed power {power!r}{_near(power, catalogue)}"
    canonical = [catalogue.power_called(power) for power in powers]
    twice = next((p for p in canonical if canonical.count(p) > 1), None)
    return f"{twice} named twice" if twice else ""


def _near(name: str, catalogue: Catalogue) -> str:
    import difflib

    close = difflib.get_close_matches(name, list(catalogue.powers), n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""
