"""Involuntary charm and horror, the optional rule ``involuntary-beauty``
(``mands_rulebook.abilities.charm.involuntary``; seed "Beauty"; G-158)."""

from __future__ import annotations

from mands_rulebook.abilities.charm.saves import CharmSave
from tests.test_rulebook_abilities_charm import of, play, saves


def test_mands_encounter_opening_involuntary_charm_on_sight() -> None:
    """Seed "Beauty": Seraph's Beauty 31 charms involuntarily on d100 ≤ 11; he rolls 5. The
    Charm Roll is half his Beauty, 15: 5 + 5 gives Q 5, all off the save (15); the Nightgaunt's
    Willpower 56 with Beauty (Sphere) −4 (its own, G-155) − 15 = 37, and it rolls 50."""
    dice = {"seraph": [5, 5, 5], "nightgaunt": [50]}
    encounter = play({}, dice, optional=("involuntary-beauty",), until=0)
    (save,) = of(encounter.log, CharmSave)
    assert (save.target, save.saved) == (37, False)
    assert encounter.state["nightgaunt"].condition == "charmed"


def test_mands_encounter_opening_without_the_rule_nobody_charms_on_sight() -> None:
    encounter = play({}, {}, until=0)
    assert not of(encounter.log, CharmSave)


def test_mands_encounter_opening_a_beauty_below_minus_20_horrifies_on_sight() -> None:
    """Beauty −25: d100 ≤ 5 (rolled 3) makes a Horror Roll of 25 against the three heroes (−3,
    G-157): needs 22, 5 + 5 gives Q 12, 6 Q × 3 = 18 off every save; all roll 1 and save."""
    dice = {"nightgaunt": [3, 5, 5], "cerest-ranon": [1], "gremlin": [1], "seraph": [1, 50]}
    encounter = play(
        {}, dice, villain="beauty = -25\nspecial = true", optional=("involuntary-beauty",), until=0
    )
    found = saves(encounter)
    assert sorted(found) == ["cerest-ranon", "gremlin", "seraph"]
    assert {(s.action, s.quality_penalty, s.saved) for s in found.values()} == {
        ("horrify", 18, True)
    }
