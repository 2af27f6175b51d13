"""The core (``src/mands_sim``, its plugin API included) names no power, skill or weapon of the
rulebook, nor a weapon or game term of Microlite: those are the rulesets' words (``docs/design.md``
"Plugins", ``docs/rulesets.md``). The words are read from what the installed plugins register
and their tables, so a new power's name is checked as soon as it exists. The core cites the
rules it seams by their G-number (``docs/rules/decisions.md``), never by a power's section."""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache
from pathlib import Path

from mands_microlite.tables import tables

from mands_rulebook.kit.weapons.table import standard_weapons
from mands_sim.plugins import make_plugin_manager
from mands_sim.registry import collect_registries

CORE = Path(__file__).resolve().parents[2] / "src" / "mands_sim"

GAME_VOCABULARY = frozenset(
    {
        "Running",
        "Speed",
        "Endurance",
        "Weight",
        "Falling",
        "Skin Temper",
        "Ignore Damage",
        "Hold Breath",
        "Healing",
        "Power Use",
        "Hearing Power",
    }
)
"""Names of skills or powers that are also the core's own words: figured attributes (Skin
Temper, Ignore Damage, the Hold Breath and Healing Rolls, Endurance Points, Speed, Weight), the
Hearing Power attribute of seed 002 and its chart, a run on the map, a fall, and the "Power Use"
skill family a power's use is trained in."""

MICROLITE_TERMS = frozenset({"Drama Points", "Horror Factor", "Hand to Hand", "Mental Affinity"})
"""Microlite's own game terms (seed 003), besides the weapons of its table."""


@cache
def rule_words() -> frozenset[str]:
    """Every installed Men & Supermen power's and skill's name and every standard weapon's, and
    Microlite's weapons and terms, less the core's own vocabulary."""
    registries = collect_registries(make_plugin_manager(environ={}))
    names = [entry.name for entry in registries.powers.entries]
    names += [entry.name for entry in registries.skills.entries]
    names += [weapon.name for weapon in standard_weapons().values()]
    names += [weapon.name for weapon in tables().weapons]
    return frozenset(names) - GAME_VOCABULARY | MICROLITE_TERMS


def spellings(word: str) -> list[str]:
    """How code and prose write ``word``: as is, lower case, snake_case and kebab-case."""
    lower = word.lower()
    return sorted({word, lower, lower.replace(" ", "_"), lower.replace(" ", "-")})


def files_naming(word: str, texts: Mapping[str, str]) -> set[str]:
    """The files among ``texts`` (by name) that write ``word`` in one of its spellings."""
    pattern = re.compile("|".join(rf"(?<![\w-]){re.escape(s)}(?![\w-])" for s in spellings(word)))
    stem = word.lower().split()[0]  # a quick filter: every spelling holds it
    return {name for name, text in texts.items() if stem in text.lower() and pattern.search(text)}


@cache
def core_texts() -> Mapping[str, str]:
    """The core's modules, by relative path."""
    return {str(p.relative_to(CORE)): p.read_text("utf-8") for p in CORE.rglob("*.py")}


@cache
def found_in_the_core() -> dict[str, set[str]]:
    found = {word: files_naming(word, core_texts()) for word in rule_words()}
    return {word: where for word, where in found.items() if where}


def test_the_words_come_from_the_installed_plugins() -> None:
    words = rule_words()
    assert {"Absorption", "Wrestling", "battle axe", "Drama Points"} <= words
    assert not words & GAME_VOCABULARY


def test_the_core_names_no_rule_word() -> None:
    assert found_in_the_core() == {}


def test_a_rule_word_in_a_core_text_is_found() -> None:
    texts = {"seam.py": 'GRAB = "wrestling"  # as the Body Hold does', "clean.py": "x = 1"}
    assert files_naming("Body Hold", texts) == {"seam.py"}
    assert files_naming("Wrestling", texts) == {"seam.py"}


def test_a_spelling_in_code_is_caught() -> None:
    assert spellings("Body Hold") == ["Body Hold", "body hold", "body-hold", "body_hold"]
