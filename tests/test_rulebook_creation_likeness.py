"""``--like``: the candidate whose fighting figures come nearest a sheet's (G-304)."""

from __future__ import annotations

from pathlib import Path

from mands_rulebook.creation.generate import generate, installed_catalogue
from mands_rulebook.creation.likeness import FIGURES, Fighting, fighting, nearest
from mands_sim.api import load_sheet

ROOT = Path(__file__).parents[1]
SERAPH = load_sheet(ROOT / "scenarios" / "characters" / "seraph.toml")


def test_a_sheet_s_fighting_figures_are_those_an_encounter_figures() -> None:
    # docs/rules/combat.md §20: Seraph's Combat Roll 14, Combat Pool 1, Hand Damage 6, VP 43,
    # EP 74, Move Roll 29; Body DP 9 (charts.md §1.4); Electric Power 17 and Healing 7 playable
    values = dict(zip(FIGURES, fighting(SERAPH).values, strict=True))
    assert {k: values[k] for k in ("combat_roll", "combat_pool", "hand_damage")} == {
        "combat_roll": 14,
        "combat_pool": 1,
        "hand_damage": 6,
    }
    assert (values["virtual_damage_points"], values["endurance_points"]) == (43, 74)
    assert (values["body_damage_points"], values["move_roll"]) == (9, 29)
    assert (values["powers"], values["power_rating"]) == (2, 24)  # the latent one not counted


def test_the_distance_weighs_each_figure_against_the_target_s_own() -> None:
    target = Fighting((10.0, 0.0, 50.0))
    assert Fighting((10.0, 0.0, 50.0)).distance(target) == 0
    assert Fighting((15.0, 0.0, 50.0)).distance(target) == 0.5  # 5 of 10
    assert Fighting((10.0, 2.0, 75.0)).distance(target) == 2.5  # 2 of (at least) 1, 25 of 50


def test_the_nearest_candidate_is_nearer_than_the_others() -> None:
    pool = generate("hero", seed=9, count=24, catalogue=installed_catalogue())
    best, distance = nearest(pool, SERAPH)
    aim = fighting(SERAPH)
    others = [fighting(c.sheet).distance(aim) for c in pool]
    assert distance == min(others) == others[best]
    assert others.index(distance) == best  # the first of equals
    assert distance < sorted(others)[len(others) // 2]
