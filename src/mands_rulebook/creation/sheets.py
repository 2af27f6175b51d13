"""A created character as a sheet file: the sheet format of ``mands_sim.model.sheet`` with a
comment block that says how it was made (``mands-sim generate``, ``docs/character-generation.md``).

The comment block names the procedure's version, the kind, the seed and the character's number
(which together make it again), the defaults switched, and one line per step of the making; a
TOML reader skips it, so ``mands-sim sheet`` and scenarios read the file as any other sheet.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, fields
from typing import Any, Final

import tomli_w

from mands_rulebook.creation.choices import CreationDefaults
from mands_rulebook.creation.procedure import PROCEDURE_VERSION, STANDARD, Creation
from mands_sim.api import CharacterSheet

SHEET_FORMAT: Final = 1


def sheet_document(sheet: CharacterSheet) -> dict[str, Any]:
    """``sheet`` as the data of a sheet file (the inverse of ``mands_sim.model.sheet``'s
    reading: reading the document back gives ``sheet``)."""
    document: dict[str, Any] = {
        "format": SHEET_FORMAT,
        "name": sheet.name,
        "special": sheet.is_special,
        "equipment": list(sheet.equipment),
        "abilities": asdict(sheet.abilities),
        "attributes": asdict(sheet.attributes),
    }
    if sheet.is_robot:
        document["robot"] = True
    for key, values in (("skills", sheet.skills), ("knowledge", sheet.knowledge)):
        if values:
            document[key] = dict(values)
    if sheet.powers:
        document["powers"] = {name: _power(entry) for name, entry in sheet.powers.items()}
    if sheet.overrides:
        document["overrides"] = dict(sheet.overrides)
    return document


def _power(entry: Any) -> dict[str, Any]:
    table: dict[str, Any] = {}
    if entry.power_rating is not None:
        table["power_rating"] = entry.power_rating
    if entry.percent_control is not None:
        table["percent_control"] = entry.percent_control
    table.update(entry.extra)
    return table


def provenance(
    creation: Creation, *, seed: int, number: int, defaults: CreationDefaults = STANDARD
) -> list[str]:
    """The comment block's lines (without ``#``)."""
    lines = [
        f"Made by mands-sim generate, procedure {PROCEDURE_VERSION}: "
        f"{remaking(creation, seed, defaults)}, character {number}.",
        "How (seed 001 'Creating a Character'; docs/character-generation.md):",
        *(f"  {line}" for line in creation.story),
        f"Not on the sheet: {creation.sex}, age {creation.age}"
        + (
            f"; {creation.weaknesses_rolled} weakness(es) to make"
            if creation.weaknesses_rolled
            else ""
        )
        + ".",
    ]
    return lines


def remaking(creation: Creation, seed: int, defaults: CreationDefaults = STANDARD) -> str:
    """The options that make ``creation`` again (with its number): kind, seed, the named powers
    and the defaults switched."""
    options = [f"--kind {creation.kind}", f"--seed {seed}"]
    options += [f'--power "{power}"' for power in creation.named]
    options += [f"--level {creation.level}"] if creation.level else []
    options += [f"--default {k}={v}" for k, v in _switched(defaults).items()]
    return " ".join(options)


def _switched(defaults: CreationDefaults) -> Mapping[str, str]:
    return {
        f.name: getattr(defaults, f.name)
        for f in fields(CreationDefaults)
        if getattr(defaults, f.name) != f.default
    }


def sheet_text(
    creation: Creation, *, seed: int, number: int, defaults: CreationDefaults = STANDARD
) -> str:
    """The sheet file of ``creation``: its provenance as comments, then the sheet."""
    lines = provenance(creation, seed=seed, number=number, defaults=defaults)
    header = "".join(f"# {line}".rstrip() + "\n" for line in lines)
    return header + "\n" + tomli_w.dumps(sheet_document(creation.sheet))
