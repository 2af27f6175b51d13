"""The save vs. Willpower against a charm or horror (``mands_rulebook.abilities.charm.saves``; seed
"Beauty";
G-155)."""

from __future__ import annotations

from tests.test_rulebook_abilities_charm import EXAMPLE_DICE, HORROR, Once, play, saves


def test_g155_source_reads_the_horror_s_beauty() -> None:
    """The switch changes the outcome: the Nightgaunt's Beauty −4 (Sphere −4) against all
    three: 72 − 4 − 6 = 62, 80 − 4 − 6 = 70, 60 − 4 − 6 + 4 = 54."""
    encounter = play(
        {"nightgaunt": Once(HORROR)},
        dict(EXAMPLE_DICE),
        G157_multiple_targets_penalty="example",
        G155_beauty_save_modifier="source",
    )
    assert {c: s.target for c, s in saves(encounter).items()} == {
        "cerest-ranon": 62,
        "seraph": 70,
        "gremlin": 54,
    }
