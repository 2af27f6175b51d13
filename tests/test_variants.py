"""The same scenario written another way (``mands_sim.variants``)."""

from __future__ import annotations

from typing import Any

from mands_sim.variants import character_ids, renamed, reordered, rotation, with_defaults


def scenario() -> dict[str, Any]:
    return {
        "name": "test",
        "sides": [
            {"name": "heroes", "characters": [{"id": "seraph"}, {"id": "officer"}]},
            {
                "name": "villains",
                "characters": [
                    {"id": "sphinx", "policy_options": {"rules": [{"target": "seraph"}]}}
                ],
            },
        ],
        "stop": {"objectives": [{"characters": ["sphinx"], "place": "vault"}]},
        "expect": {"characters": {"seraph": {"dead": [0, 0.1]}}},
    }


def test_reordered_lists_sides_and_characters_backwards_and_drops_expectations() -> None:
    variant = reordered(scenario())
    assert character_ids(variant) == ["sphinx", "officer", "seraph"]
    assert "expect" not in variant
    assert character_ids(scenario()) == ["seraph", "officer", "sphinx"]  # the original is kept


def test_rotation_moves_every_id_to_the_next_in_sorted_order() -> None:
    assert rotation(["seraph", "officer", "sphinx"]) == {
        "officer": "seraph",
        "seraph": "sphinx",
        "sphinx": "officer",
    }


def test_renamed_renames_every_reference() -> None:
    variant = renamed(scenario(), {"seraph": "sphinx", "sphinx": "seraph"})
    assert character_ids(variant) == ["sphinx", "officer", "seraph"]
    assert variant["sides"][1]["characters"][0]["policy_options"]["rules"][0]["target"] == "sphinx"
    assert variant["stop"]["objectives"][0] == {"characters": ["seraph"], "place": "vault"}


def test_with_defaults_adds_to_the_scenarios_own() -> None:
    data = scenario() | {"rules": {"defaults": {"G19_bleeding": "none"}}}
    variant = with_defaults(data, {"G227_tie_order": "id"})
    assert variant["rules"]["defaults"] == {"G19_bleeding": "none", "G227_tie_order": "id"}


def test_reordered_keeps_the_heroes_side_by_saying_it() -> None:
    variant = reordered(scenario())
    assert [(s["name"], s.get("heroes", False)) for s in variant["sides"]] == [
        ("villains", False),
        ("heroes", True),
    ]
