"""What ``mands-sim generate`` does with its arguments: make the characters (nearest a sheet with
``--like``) and write each as a sheet file, never over an existing one without ``--force``."""

from __future__ import annotations

import argparse
import sys
import tomllib
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Final

from mands_rulebook.creation.choices import CreationDefaults, Decisions, GenerationError, switched
from mands_rulebook.creation.generate import generate, installed_catalogue
from mands_rulebook.creation.likeness import CANDIDATES, nearest
from mands_rulebook.creation.procedure import Creation, Kind
from mands_rulebook.creation.sheets import sheet_text
from mands_sim.api import STANDARD_OUTPUT, CharacterSheet, SheetError, load_sheet

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
    like = _like(args.like) if args.like is not None else None
    kind: Kind = args.kind or _kind_like(like)
    decisions = Decisions(powers=tuple(args.power))
    made = characters(kind, args.seed, args.count, decisions, defaults, like, args.level)
    if args.out == STANDARD_OUTPUT:
        if len(made) != 1:
            raise GenerationError("--out -: one sheet at a time on standard output")
        sys.stdout.write(made[0].text)
        return 0
    paths = [Path(args.out) / f"{kind}-s{args.seed}-{m.number}.toml" for m in made]
    write_all(Path(args.out), paths, [m.text for m in made], force=args.force)
    for path, one in zip(paths, made, strict=True):
        print(f"{path}: {summary(one.creation.sheet)}{one.note}")
    return 0


def write_all(folder: Path, paths: list[Path], texts: list[str], *, force: bool) -> None:
    """Write every sheet or none: an existing file (without ``force``), a path that is a folder
    or a folder that cannot be made is refused before anything is written, and a write that
    fails takes back the files written before it."""
    if folder.exists() and not folder.is_dir():
        raise GenerationError(f"--out: {folder} is a file, not a folder")
    for path in paths:
        if path.is_dir():
            raise GenerationError(f"--out: {path} is a folder, not a sheet file")
        if path.exists() and not force:
            raise GenerationError(f"{path} exists: --force writes over it")
    written: list[tuple[Path, bytes | None]] = []
    try:
        folder.mkdir(parents=True, exist_ok=True)
        for path, text in zip(paths, texts, strict=True):
            before = path.read_bytes() if path.exists() else None
            path.write_text(text, encoding="utf-8")
            written.append((path, before))
    except OSError as error:
        for path, before in reversed(written):
            path.unlink() if before is None else path.write_bytes(before)
        raise GenerationError(f"--out: cannot write {folder}: {error.strerror or error}") from error


def _like(path: Path) -> CharacterSheet:
    """The ``--like`` sheet; a scenario or adventure file given instead is named as such."""
    try:
        return load_sheet(path)
    except SheetError as error:
        what = _what_else(path)
        if what:
            raise GenerationError(f"--like: {path} is {what}, not a character sheet") from error
        raise


def characters(
    kind: Kind,
    seed: int,
    count: int,
    decisions: Decisions,
    defaults: CreationDefaults,
    like: CharacterSheet | None,
    level: int = 0,
) -> list[Made]:
    """The characters to write: the first ``count`` of the seed, or with ``like`` the nearest
    of each ``CANDIDATES`` in turn (numbers 1–64 for the first, 65–128 for the second …)."""
    made = partial(
        generate,
        kind,
        seed=seed,
        decisions=decisions,
        defaults=defaults,
        catalogue=installed_catalogue(),
        level=level,
    )
    if like is None:
        return [_made(c, seed, n, defaults) for n, c in enumerate(made(count=count), start=1)]
    chosen = []
    for index in range(count):
        first = index * CANDIDATES + 1
        pool = made(count=CANDIDATES, first=first)
        best, distance = nearest(pool, like)
        note = f" (nearest of {CANDIDATES} to {like.name}: {distance:.2f})"
        chosen.append(_made(pool[best], seed, first + best, defaults, note))
    return chosen


def _made(
    creation: Creation, seed: int, number: int, defaults: CreationDefaults, note: str = ""
) -> Made:
    text = sheet_text(creation, seed=seed, number=number, defaults=defaults)
    return Made(creation, number, text, note)


def _what_else(path: Path) -> str:
    """``"a scenario"`` or ``"an adventure file"`` if ``path`` reads as one, else ``""``."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return ""
    if "sides" in data:
        return "a scenario"
    return "an adventure file" if "scenes" in data else ""


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
