"""Editing die rolls (``mands_rulebook.kit.editing_points.rolls``; seed 000 "Editing Die
Rolls"; G-152 …
G-154, G-193)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from mands_rulebook.kit.consciousness import ConsciousnessCheck
from mands_rulebook.kit.editing_points.points import (
    EditingPointsUsed,
    Ledger,
    editing_points_left,
    ledger,
)
from mands_rulebook.kit.editing_points.rolls import rolls_edited
from mands_rulebook.kit.injury import DeathShot, death_shot_events
from mands_rulebook.kit.throwback import Impact, throwback
from mands_sim.actions import Intent
from mands_sim.events import (
    BleedingStopped,
    DamageTaken,
    InjuryRolled,
    OutOfAction,
    RollMade,
    WoundOpened,
)
from mands_sim.kernel.encounter import Encounter
from tests.test_rulebook_optional_editing_points import (
    CLUB_ZAP,
    ON,
    Idle,
    checked,
    of,
    rooftop,
    wound,
)


def test_mands_status_check_editing_keeps_a_player_conscious() -> None:
    """Seraph at 0 DP needs 17 and rolls 9 + 9 = 18: one Editing Point makes it (seed 000:
    "Players need only use as many editing points as necessary"); half a point trains
    Constitution. (The blow that took his 9 DP first calls for an Injury roll: 5 + 5, made.)"""
    encounter = rooftop(ON, dice={"seraph": [5, 5, 9, 9]})
    wound(encounter, "seraph", 0)
    events = checked(encounter, "seraph")
    (used,) = of(events, EditingPointsUsed)
    (check,) = of(events, ConsciousnessCheck)
    assert (used.points, used.training, used.improves) == (1, Fraction(1, 2), "Constitution")
    assert (check.total, check.stays_conscious) == (17, True)
    assert encounter.state["seraph"].condition == "active"
    assert editing_points_left(encounter, "seraph") == 3


def test_g152_keep_spends_no_points_on_rolls() -> None:
    """The switch changes the outcome: a mind that keeps its points falls unconscious."""
    encounter = rooftop(ON, dice={"seraph": [5, 5, 9, 9]}, G152_editing_points_use="keep")
    wound(encounter, "seraph", 0)
    assert checked(encounter, "seraph")[-1] == OutOfAction(0, "seraph", "unconscious")


def test_a_roll_missed_by_more_than_the_points_left_is_not_edited() -> None:
    """Seed 000: points are used only "If that many points would modify the die roll
    successfully": 10 + 10 = 20 against 15 (Body DP −2) needs 5; Seraph has 4."""
    encounter = rooftop(ON, dice={"seraph": [5, 5, 10, 10]})
    wound(encounter, "seraph", -2)
    events = checked(encounter, "seraph")
    assert not of(events, EditingPointsUsed)
    assert events[-1] == OutOfAction(0, "seraph", "unconscious")


def test_the_mind_says_how_many_points_it_is_prepared_to_use() -> None:
    """``edit_roll`` is asked with what the roll needs and what is left; an offer below the need
    uses nothing."""
    mind = Idle(offer=0)
    encounter = rooftop(ON, dice={"seraph": [5, 5, 9, 9]}, minds={"seraph": mind})
    wound(encounter, "seraph", 0)
    assert checked(encounter, "seraph")[-1].condition == "unconscious"  # type: ignore[attr-defined]
    assert mind.asked == [("consciousness check", 1, 4)]


def test_g153_as_players_lets_the_editor_edit_the_villain() -> None:
    """The switch changes the outcome: the Editor edits the Sphinx's failed check (8 + 9 = 17
    against 13 at 0 DP) with a player's points, bookkept as the Editor's; off, the Sphinx falls."""
    dice = {"sphinx": [5, 5, 8, 9]}
    off = rooftop(ON, dice=dice)
    on = rooftop(ON, dice=dice, G153_editor_edits="as_players")
    for encounter in (off, on):
        wound(encounter, "sphinx", 0)
    (check,) = of(checked(off, "sphinx"), ConsciousnessCheck)
    (used,) = of(checked(on, "sphinx"), EditingPointsUsed)
    assert not check.stays_conscious
    assert (used.by, used.points) == ("editor", check.total - check.target)
    assert (off.state["sphinx"].condition, on.state["sphinx"].condition) == (
        "unconscious",
        "active",
    )


@pytest.mark.parametrize("lowering", ["off", "spare_players"])
def test_g193_the_editor_lowers_a_villains_roll_against_a_player(lowering: str) -> None:
    """Seed 000: "If the Editor decreases a non-player character's die roll, those Edit Points
    reduce the relevant skill or ability." The Sphinx's Combat Roll at Seraph (needs 12) rolls
    5 + 6 = 11: Q 1. Under ``spare_players`` the Editor lowers it by 2 into a miss (Q −1),
    taking 1 point off the Sphinx's Clubs and adding no Experience; ``off``, it stands."""
    encounter = rooftop(ON, dice={"sphinx": [5, 6]}, G193_editor_lowers=lowering)
    quality = encounter.initiate("sphinx", Intent(CLUB_ZAP.name, "seraph")).prepared["quality"]
    book = ledger(encounter.log, "sphinx")
    if lowering == "off":
        assert (quality, book) == (1, Ledger())
        return
    (used,) = of(encounter.log, EditingPointsUsed)
    assert (used.use, used.by, used.points, used.quality_after) == ("lower roll", "editor", 2, -1)
    assert quality == -1
    assert book == Ledger(training={"Clubs": Fraction(-1)}, points_lowered=2)
    assert (book.experience, editing_points_left(encounter, "sphinx")) == (0, 2)


def test_g193_the_editor_never_lowers_a_players_roll_nor_one_against_the_editors_own() -> None:
    """Only non-players' rolls, and only those at player characters, are lowered: Seraph's 5 + 5
    against the Sphinx (Q 5) and the Sphinx's 5 + 6 at itself stand."""
    encounter = rooftop(
        ON, dice={"seraph": [5, 5], "sphinx": [5, 6]}, G193_editor_lowers="spare_players"
    )
    mine = encounter.initiate("seraph", Intent(CLUB_ZAP.name, "sphinx")).prepared["quality"]
    own = encounter.initiate("sphinx", Intent(CLUB_ZAP.name, "sphinx")).prepared["quality"]
    assert (mine, own, of(encounter.log, EditingPointsUsed)) == (5, 1, [])


def zap(optional: list[str] | None, faces: list[int]) -> tuple[Encounter, dict[str, Any]]:
    encounter = rooftop(optional, dice={"seraph": faces})
    action = encounter.initiate("seraph", Intent("zap"))
    return encounter, dict(action.prepared)


def test_initiate_three_points_on_a_combat_roll_train_one_and_a_half() -> None:
    """Seed 000: "If Seraph applies 3 Edit Points to modify a combat roll with Electricity, he has
    1.5 Edit Points to apply to increasing his combat skill with Electricity." His Combat Roll
    needs 15 (14, pool 1); 9 + 9 = 18 misses by 3: three points make it, Q 0."""
    encounter, prepared = zap(ON, [9, 9])
    (used,) = of(encounter.log, EditingPointsUsed)
    assert (used.points, used.quality_before, used.quality_after) == (3, -3, 0)
    assert prepared["quality"] == 0
    assert ledger(encounter.log, "seraph") == Ledger(
        points_used=3, training={"Power Use (Electric Power)": Fraction(3, 2)}
    )
    assert ledger(encounter.log, "seraph").experience == 3


def test_edited_roll_changes_nothing_while_the_rule_is_off() -> None:
    encounter, prepared = zap(None, [9, 9])
    assert prepared["quality"] == -3 and not of(encounter.log, EditingPointsUsed)


def test_edited_roll_leaves_a_success_alone() -> None:
    encounter, prepared = zap(ON, [5, 5])
    assert prepared["quality"] == 5 and not of(encounter.log, EditingPointsUsed)


def rolls_and_edits(encounter: Encounter) -> tuple[list[RollMade], list[EditingPointsUsed]]:
    return of(encounter.log, RollMade), of(encounter.log, EditingPointsUsed)


def blast(optional: list[str] | None) -> tuple[Encounter, dict[str, Any]]:
    """Seraph blasts the Sphinx with Electric Power: %Control 97 rolled 5, then his Combat Roll
    (14, pool 1: needs 15) rolled 9 + 9 = 18, missed by 3."""
    encounter = rooftop(optional, dice={"seraph": [5, 9, 9]})
    intent = Intent("electric-power-blast", "sphinx", options={"power": "Electric Power"})
    return encounter, dict(encounter.initiate("seraph", intent).prepared)


def test_initiate_editing_points_make_a_power_attack() -> None:
    """Seed 000: "If Seraph applies 3 Edit Points to modify a combat roll with Electricity, he has
    1.5 Edit Points to apply to increasing his combat skill with Electricity." The power attack's
    Combat Roll (``power_kit.power_combat_roll``) goes through ``character_roll``: the miss by 3
    (a blow of Attack −1, G-14) becomes a hit of Q 0 for 3 points."""
    off, missed = blast(None)
    on, made = blast(ON)
    assert (missed["quality"], made["quality"]) == (-3, 0)
    assert missed["attack"] < 0 and made["attack"] == 0
    (roll,), (used,) = rolls_and_edits(on)
    assert (roll.total, roll.quality) == (18, 0)
    assert (used.points, used.quality_before) == (3, -3)
    assert used.improves == "combat with Electric Power"
    assert ledger(on.log, "seraph").training == {"combat with Electric Power": Fraction(3, 2)}
    assert not rolls_and_edits(off)[1]


def test_initiate_editing_points_make_a_skill_check() -> None:
    """Seraph's Driving 3 ("Biff rolls level 3 in driving"): 2 + 3 = 5 misses by 2 (seed "Skill
    Rolls"); with the rule on his player uses exactly 2 points ("only as many editing points as
    necessary"), 1 toward Driving, and the check is made."""
    results = {}
    for optional in (None, ON):
        encounter = rooftop(optional, dice={"seraph": [2, 3]})
        encounter.initiate("seraph", Intent("skill-check", options={"skill": "Driving"}))
        results[bool(optional)] = rolls_and_edits(encounter)
    (missed,), edits_off = results[False]
    (made,), (used,) = results[True]
    assert (missed.quality, made.quality, edits_off) == (-2, 0, [])
    assert (used.points, used.purpose, used.improves, used.training) == (
        2,
        "skill check",
        "Driving",
        Fraction(1),
    )


def test_character_roll_a_combat_roll_trains_the_skill_it_is_made_with() -> None:
    """Seed 000: the points go to "the combat skill being used": ``fists.combat_roll`` (which
    weapons and thrown objects share) trains Fistfighting unless told the weapon's skill."""
    encounter = rooftop(ON, dice={"seraph": [9, 9]})
    encounter.initiate("seraph", Intent(CLUB_ZAP.name))
    (used,) = of(encounter.log, EditingPointsUsed)
    assert (used.points, used.improves) == (3, "Clubs")


# --- the rolls a character makes to survive (G-154): Injury, Death Shot save, Bleeding --------


def test_mands_status_check_a_player_edits_a_failed_injury_roll() -> None:
    """Seraph is left at Body DP −2 (11 DP in one blow): his Injury roll, 2d10 ≤ Constitution 13
    (Sphere) + Resist Death 4 = 17 (G-18), comes 9 + 9 = 18, failed by 1: one Editing Point makes
    it — no Injury damage (G-69) — and half a point trains Resist Death (seed 000: "Resist Death
    Increase"), the whole point is Experience. His check at −2 (15) is 5 + 5, made. With the
    rule off the roll stands: 1 Injury damage, Body DP −3."""
    on, off = rooftop(ON, dice={"seraph": [9, 9, 5, 5]}), rooftop(dice={"seraph": [9, 9, 5, 5]})
    for encounter in (on, off):
        wound(encounter, "seraph", -2)
    edited, plain = checked(on, "seraph"), checked(off, "seraph")
    assert of(edited, EditingPointsUsed) == [
        EditingPointsUsed(
            0, "seraph", 1, "edit roll", "injury roll", "Resist Death", "player", -1, 0
        )
    ]
    assert ledger(on.log, "seraph") == Ledger(1, {"Resist Death": Fraction(1, 2)})
    assert ledger(on.log, "seraph").experience == 1
    assert of(edited, InjuryRolled) == []
    assert [e.injury_points for e in of(plain, InjuryRolled)] == [1]
    assert (on.state["seraph"].damage_points, off.state["seraph"].damage_points) == (-2, -3)
    assert editing_points_left(on, "seraph") == 3


def test_mands_status_check_points_used_on_the_injury_roll_are_gone_for_the_check() -> None:
    """The Injury roll 10 + 10 = 20 against 17 takes 3 of Seraph's 4 points; the check at −2
    (15) then comes 9 + 8 = 17, failed by 2 with 1 point left: he falls unconscious."""
    encounter = rooftop(ON, dice={"seraph": [10, 10, 9, 8]})
    wound(encounter, "seraph", -2)
    events = checked(encounter, "seraph")
    assert [(e.purpose, e.points) for e in of(events, EditingPointsUsed)] == [("injury roll", 3)]
    assert events[-1] == OutOfAction(0, "seraph", "unconscious")


def test_death_shot_events_the_victims_player_edits_the_save() -> None:
    """A Death Shot takes 4 of Seraph's 9 Body DP; his save, 2d10 ≤ 17 (G-27), comes 9 + 9 = 18:
    one of his player's points saves him (Resist Death trains); without the seam open (the
    rule off) the shot is not saved and doubles the DP lost."""
    blow = [DamageTaken(0, "seraph", "sphinx", 4, 4, 0, 5)]
    on = rooftop(ON, dice={"seraph": [9, 9]})
    with rolls_edited() as pending:
        saved = death_shot_events(on, "sphinx", "seraph", blow)
    off = rooftop(dice={"seraph": [9, 9]})
    unsaved = death_shot_events(off, "sphinx", "seraph", blow)
    assert [(e.purpose, e.improves, e.points) for e in of(pending, EditingPointsUsed)] == [
        ("death shot save", "Resist Death", 1)
    ]
    assert [e.saved for e in of(saved, DeathShot)] == [True]
    assert [(e.saved, e.extra_damage_points) for e in of(unsaved, DeathShot)] == [(False, 4)]


def test_throwback_the_victims_player_edits_the_throwback_roll() -> None:
    """Seraph loses 1 DP to 10 raw: his Throwback Roll is 2d10 ≤ Mass 16 (Sphere) − 10 + his
    Strength bonus 9 = 15 (seed "Throwback Roll") and comes 8 + 8 = 16. One of his player's
    points keeps him standing (half a point trains Mass); with the rule off he is thrown by the
    1 missed."""
    impact = Impact("seraph", "sphinx", 10, 1)
    on = rooftop(ON, dice={"seraph": [8, 8]})
    with rolls_edited() as pending:
        kept, kept_margin = throwback(on, impact)
    off = rooftop(dice={"seraph": [8, 8]})
    _, thrown_margin = throwback(off, impact)
    assert [(e.purpose, e.improves, e.points) for e in of(pending, EditingPointsUsed)] == [
        ("throwback roll", "Mass", 1)
    ]
    assert (kept_margin, thrown_margin) == (0, 1)
    assert [roll.total for roll in of(kept, RollMade)] == [16]


def bleeding_rooftop(optional: list[str] | None) -> Encounter:
    """Seraph, out of VP, takes a penetrating wound of 3 DP (9 → 6); nobody acts. Round 1
    (segment 50): −1 (5); round 2 (100): the Bleeding Roll, 2d10 vs. Constitution 13 (Sphere)
    with the pool 5 − (3 + 1) = 1 → 14 (G-19), comes 8 + 7 = 15."""
    encounter = rooftop(optional, dice={"seraph": [8, 7]})
    wound(encounter, "seraph", 6, penetrating=3)
    encounter.emit([WoundOpened(0, "seraph", "sphinx", 3)])
    encounter.run(until=110)
    return encounter


def test_mands_status_check_a_player_edits_a_failed_bleeding_roll() -> None:
    """The Bleeding Roll fails by 1: one point stops the bleeding at Body DP 5 (half a point
    trains Constitution, what the roll is against); off, Seraph bleeds on to 4."""
    on, off = bleeding_rooftop(ON), bleeding_rooftop(None)
    assert [(e.purpose, e.improves, e.points) for e in of(on.log, EditingPointsUsed)] == [
        ("bleeding roll", "Constitution", 1)
    ]
    assert ledger(on.log, "seraph").training == {"Constitution": Fraction(1, 2)}
    assert [e.segment for e in of(on.log, BleedingStopped)] == [100]
    assert not of(off.log, BleedingStopped)
    assert (on.state["seraph"].damage_points, off.state["seraph"].damage_points) == (5, 4)
