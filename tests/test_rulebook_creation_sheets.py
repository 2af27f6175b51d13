"""A created character as a sheet file: the sheet reads back as it was made, and the comment
block says how it was made (seed, procedure, steps, what the sheet cannot hold: G-303)."""

from __future__ import annotations

import tomllib

from hypothesis import given, settings
from hypothesis import strategies as st

from mands_rulebook.creation.choices import Decisions, switched
from mands_rulebook.creation.generate import generate, installed_catalogue
from mands_rulebook.creation.procedure import PROCEDURE_VERSION
from mands_rulebook.creation.sheets import provenance, sheet_document, sheet_text
from mands_sim.model.sheet import parse_sheet

CATALOGUE = installed_catalogue()


@settings(max_examples=40, deadline=None)
@given(kind=st.sampled_from(["hero", "villain", "grunt"]), seed=st.integers(0, 10**9))
def test_a_generated_sheet_reads_back_as_it_was_made(kind: str, seed: int) -> None:
    (made,) = generate(kind, seed=seed, catalogue=CATALOGUE)  # type: ignore[arg-type]
    text = sheet_text(made, seed=seed, number=1)
    assert parse_sheet(tomllib.loads(text)) == made.sheet
    assert parse_sheet(sheet_document(made.sheet)) == made.sheet


def test_the_comment_block_names_the_procedure_the_seed_and_the_number() -> None:
    (made,) = generate("hero", seed=5, first=3, catalogue=CATALOGUE)
    text = sheet_text(made, seed=5, number=3)
    first = text.splitlines()[0]
    assert first == (
        f"# Made by mands-sim generate, procedure {PROCEDURE_VERSION}: "
        "--kind hero --seed 5, character 3."
    )
    comments = [line for line in text.splitlines() if line.startswith("#")]
    assert any(line.startswith("#   1. abilities") for line in comments)
    assert any("4. set" in line for line in comments)
    assert comments[-1].startswith(f"# Not on the sheet: {made.sex}, age {made.age}")


def test_the_comment_block_remakes_a_character_with_named_powers() -> None:
    (made,) = generate("villain", seed=7, decisions=Decisions(powers=("Fire Coat",)))
    first = provenance(made, seed=7, number=1)[0]
    assert first.endswith('--kind villain --seed 7 --power "Fire Coat", character 1.')


def test_switched_defaults_and_weaknesses_to_make_are_in_the_comment_block() -> None:
    """G-303: a weakness rolled is for the Editor to make; the block counts it."""
    defaults = switched({"G301_ability_set": "first"})
    for seed in range(40):
        (made,) = generate("hero", seed=seed, defaults=defaults, catalogue=CATALOGUE)
        if made.weaknesses_rolled:
            break
    lines = provenance(made, seed=seed, number=1, defaults=defaults)
    assert lines[0].endswith(f"--seed {seed} --default G301_ability_set=first, character 1.")
    assert lines[-1].endswith(f"; {made.weaknesses_rolled} weakness(es) to make.")
    assert not made.sheet.weaknesses
