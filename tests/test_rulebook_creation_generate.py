"""Generating from Python: deterministic per seed and number, the installed plugins' powers
(a third party's too, G-299), and a request that cannot be met refused with what is expected."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mands_rulebook.creation.choices import Decisions, GenerationError, switched
from mands_rulebook.creation.generate import catalogue_of, generate, installed_catalogue
from mands_sim.api import installed_registries

CATALOGUE = installed_catalogue()


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**40), kind=st.sampled_from(["hero", "villain", "grunt"]))
def test_a_seed_makes_the_same_characters_and_more_of_them_start_with_the_same(
    seed: int, kind: str
) -> None:
    four = generate(kind, seed=seed, count=4, catalogue=CATALOGUE)  # type: ignore[arg-type]
    again = generate(kind, seed=seed, count=2, catalogue=CATALOGUE)  # type: ignore[arg-type]
    assert four[:2] == again
    third = generate(kind, seed=seed, first=3, catalogue=CATALOGUE)  # type: ignore[arg-type]
    assert third == four[2:3]
    assert [c.sheet.name for c in four] == [f"{kind.capitalize()} {n}" for n in range(1, 5)]


def test_two_seeds_or_two_kinds_make_different_characters() -> None:
    one = generate("hero", seed=1, count=3, catalogue=CATALOGUE)
    assert one != generate("hero", seed=2, count=3, catalogue=CATALOGUE)
    grunts = generate("grunt", seed=1, count=3, catalogue=CATALOGUE)
    assert [c.sheet.abilities for c in one] != [c.sheet.abilities for c in grunts]


def test_a_third_party_power_is_rolled_up_too() -> None:
    """The example plugin's Sonic Scream names the Special Powers (``hero_types``)."""
    assert CATALOGUE.powers["Sonic Scream"].hero_types == ("special",)
    only_special = switched({"G300_extra_power_tries": "special"})
    made = generate("hero", seed=3, count=300, defaults=only_special, catalogue=CATALOGUE)
    assert any("Sonic Scream" in c.sheet.powers for c in made)


def test_the_catalogue_knows_which_powers_have_control_and_a_power_roll() -> None:
    catalogue = catalogue_of(installed_registries())
    assert catalogue.powers["Electric Power"].has_control  # it has uses
    assert not catalogue.powers["Agility Bonus"].has_control  # automatic: no %Control
    assert catalogue.powers["Extra Appendage"].pr_dice is None  # "none"
    assert "Fistfighting" in catalogue.skills


def test_named_powers_come_first() -> None:
    (made,) = generate(
        "villain", seed=4, decisions=Decisions(powers=("Fire Coat",)), catalogue=CATALOGUE
    )
    assert next(iter(made.sheet.powers)) == "Fire Coat"
    assert made.sheet.powers["Fire Coat"].percent_control is not None


@pytest.mark.parametrize(
    ("kind", "count", "powers", "message"),
    [
        ("sidekick", 1, (), "--kind: one of hero, villain, grunt, not 'sidekick'"),
        ("hero", 0, (), "--count: 1 to 1000 characters, not 0"),
        ("grunt", 1, ("Fire Coat",), "a grunt is a Normal and has no powers"),
        ("hero", 1, ("Fire Coats",), "no installed power 'Fire Coats' (did you mean 'Fire Coat'?)"),
    ],
)
def test_a_request_that_cannot_be_met_says_what_is_expected(
    kind: str, count: int, powers: tuple[str, ...], message: str
) -> None:
    with pytest.raises(GenerationError) as caught:
        generate(kind, seed=0, count=count, decisions=Decisions(powers=powers))  # type: ignore[arg-type]
    assert message in str(caught.value)
