"""What ``mands-sim generate`` does with its arguments: make the characters (nearest a sheet with
``--like``) and write each as a sheet file, never over an existing one without ``--force``."""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from mands_rulebook.creation.choices import CreationDefaults, Decisions, switched
from mands_rulebook.creation.generate import GenerationError, generate, installed_catalogue
from mands_rulebook.creation.likeness import CANDIDATES, nearest
from mands_rulebook.creation.procedure import Creation, Kind
from mands_rulebook.creation.sheets import sheet_text
from mands_sim.api import STANDARD_OUTPUT, CharacterSheet, load_sheet

DEFAULT_KIND: Final = "hero"
MAX_LIKE: Final = 50
"""The most characters ``--like`` makes at once (each is the nearest of 64)."""


@dataclass(frozen=True, slots=True)
class Made:
    """One character to write: its creation, its number and its file's text."""

    creation: Creation
    number: int
    text: str
    note: str = ""


def write_generated(args: argparse.Namespace) -> int:
    try:
        defaults = switched(named_values(args.default))
    except ValueError as error:
        raise GenerationError(f"--default: {error}") from error
    if args.like is not None and not 1 <= args.count <= MAX_LIKE:
        raise GenerationError(f"--count: 1 to {MAX_LIKE} characters with --like, not {args.count}")
    like = load_sheet(args.like) if args.like is not None else None
    kind: Kind = args.kind or _kind_like(like)
    decisions = Decisions(powers=tuple(args.power))
    made = characters(kind, args.seed, args.count, decisions, defaults, like)
    if args.out == STANDARD_OUTPUT:
        if len(made) != 1:
            raise GenerationError("--out -: one sheet at a time on standard output")
        sys.stdout.write(made[0].text)
        return 0
    paths = [Path(args.out) / f"{kind}-s{args.seed}-{m.number}.toml" for m in made]
    existing = [path for path in paths if path.exists()]
    if existing and not args.force:
        raise GenerationError(f"{existing[0]} exists: --force writes over it")
    Path(args.out).mkdir(parents=True, exist_ok=True)
    for path, one in zip(paths, made, strict=True):
        path.write_text(one.text, encoding="utf-8")
        print(f"{path}: {summary(one.creation.sheet)}{one.note}")
    return 0


def characters(
    kind: Kind,
    seed: int,
    count: int,
    decisions: Decisions,
    defaults: CreationDefaults,
    like: CharacterSheet | None,
) -> list[Made]:
    """The characters to write: the first ``count`` of the seed, or with ``like`` the nearest
    of each ``CANDIDATES`` in turn (numbers 1–64 for the first, 65–128 for the second …)."""
    catalogue = installed_catalogue()
    if like is None:
        made = generate(
            kind,
            seed=seed,
            count=count,
            decisions=decisions,
            defaults=defaults,
            catalogue=catalogue,
        )
        return [_made(c, seed, n, defaults) for n, c in enumerate(made, start=1)]
    chosen = []
    for index in range(count):
        first = index * CANDIDATES + 1
        pool = generate(
            kind,
            seed=seed,
            count=CANDIDATES,
            decisions=decisions,
            defaults=defaults,
            catalogue=catalogue,
            first=first,
        )
        best, distance = nearest(pool, like)
        note = f" (nearest of {CANDIDATES} to {like.name}: {distance:.2f})"
        chosen.append(_made(pool[best], seed, first + best, defaults, note))
    return chosen


def _made(
    creation: Creation, seed: int, number: int, defaults: CreationDefaults, note: str = ""
) -> Made:
    text = sheet_text(creation, seed=seed, number=number, defaults=defaults)
    return Made(creation, number, text, note)


def _kind_like(sheet: CharacterSheet | None) -> Kind:
    if sheet is None:
        return DEFAULT_KIND
    return "hero" if sheet.is_special else "grunt"


def named_values(values: list[str]) -> dict[str, str]:
    """``["G301_charismas=as-rolled"]`` → ``{"G301_charismas": "as-rolled"}``."""
    named = {}
    for value in values:
        name, equals, setting = value.partition("=")
        if not equals or not name or not setting:
            raise ValueError(f"NAME=VALUE, not {value!r}")
        named[name.strip()] = setting.strip()
    return named


def summary(sheet: CharacterSheet) -> str:
    """One line: the name, the abilities and the powers."""
    a = sheet.abilities
    powers = ", ".join(
        name for name, entry in sheet.powers.items() if not entry.extra.get("latent", False)
    )
    return f"{sheet.name}, St {a.strength} Ag {a.agility} Co {a.constitution}" + (
        f"; {powers}" if powers else ""
    )
