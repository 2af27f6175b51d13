"""Editing Points and Fate Points (``mands_rulebook.editing_points``; seed 000, seed 001
"Editing Points", "Fate Points"; G-34, G-150 … G-154).

Seraph and the Sphinx stand on the rooftop doing nothing while the tests hurt them. Seraph
(Body DP 9; Constitution 32 → 13 on the Sphere chart, Resist Death 4) stays conscious at Body DP
≤ 0 on 2d10 ≤ 17 + his Body DP (G-17); he is dead at Body DP −9.
"""

from __future__ import annotations

import functools
import tomllib
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from mands_rulebook.editing_points import (
    EditingPointsDealt,
    EditingPointsUsed,
    FatePointSpent,
    Ledger,
    edited_roll,
    editing_points_in_play,
    editing_points_left,
    fate_points_left,
    is_player,
    ledger,
)
from mands_rulebook.fists import combat_roll

from mands_sim import hookimpl
from mands_sim.actions import ActionDefinition, Intent, QualityAllocation, Wait
from mands_sim.dice import ScriptedDice
from mands_sim.events import (
    BleedingStopped,
    ConsciousnessCheck,
    DamageTaken,
    DeathShot,
    Event,
    OutOfAction,
    RollMade,
    WoundOpened,
)
from mands_sim.kernel.encounter import ActionRefused, Encounter, Initiation
from mands_sim.registry import Register
from mands_sim.rolls import action_roll
from mands_sim.scenario import load_scenario, parse_scenario
from mands_sim.simulation import Simulation

SCENARIOS = Path(__file__).parent.parent / "scenarios"
SCENARIO = tomllib.loads((SCENARIOS / "seraph_vs_sphinx.toml").read_text(encoding="utf-8"))
ON = ["editing-points"]


class Idle:
    """Does nothing; optionally declines Fate Points or offers a fixed number of points."""

    def __init__(self, fate: bool = True, offer: int | None = None) -> None:
        self.fate = fate
        self.offer = offer
        self.asked: list[tuple[str, int, int]] = []

    def choose(self, encounter: Encounter, actor: str) -> Intent | Wait | None:
        return None

    def allocate(self, *args: Any) -> QualityAllocation:
        return QualityAllocation()

    def spend_fate_point(self, encounter: Encounter, actor: str) -> bool:
        return self.fate

    def __getattr__(self, name: str) -> Any:
        if name == "edit_roll" and self.offer is not None:
            return self._edit_roll
        raise AttributeError(name)

    def _edit_roll(
        self, encounter: Encounter, actor: str, intent: object, purpose: str, needed: int, left: int
    ) -> int:
        self.asked.append((purpose, needed, left))
        assert self.offer is not None
        return self.offer


ZAP = ActionDefinition("zap", performance_time=10, ep_row=0, summary="a test roll")
CLUB_ZAP = ActionDefinition("club-zap", performance_time=10, ep_row=0, summary="a club's roll")


class Zapper:
    """A test plugin whose action makes one Combat Roll and offers it to the seam."""

    @hookimpl
    def mands_register_actions(self, register: Register) -> None:
        register(ZAP.name, ZAP, summary=ZAP.summary)
        register(CLUB_ZAP.name, CLUB_ZAP, summary=CLUB_ZAP.summary)

    @hookimpl
    def mands_action_initiate(
        self, encounter: Encounter, actor: str, intent: Intent, definition: ActionDefinition
    ) -> Initiation | None:
        if definition.name == CLUB_ZAP.name:
            roll = combat_roll(encounter, actor, intent, improves="Clubs")
            return Initiation(10, prepared={"quality": roll.quality})
        if definition.name != ZAP.name:
            return None
        figured = encounter.character(actor).figured
        roll = action_roll(
            encounter.dice_for(actor),
            target=figured.combat_roll,
            bonus_pool=figured.combat_pool,
            is_special=True,
            charts=encounter.charts,
        )
        roll = edited_roll(
            encounter, actor, intent, "combat", roll, improves="Power Use (Electric Power)"
        )
        return Initiation(10, prepared={"quality": roll.quality})


@functools.cache
def simulation(optional: tuple[str, ...]) -> Simulation:
    """One prepared simulation per set of optional rules (loading the plugins is most of a
    test's cost); each test gives it its own dice and minds, and its own defaults."""
    data = {**SCENARIO, "rules": {"optional": list(optional)}}
    data.pop("expect", None)
    return Simulation(parse_scenario(data, base_dir=SCENARIOS), extra_plugins=(Zapper(),))


def rooftop(
    optional: list[str] | None = None,
    dice: dict[str, list[int]] | None = None,
    minds: dict[str, object] | None = None,
    **defaults: str,
) -> Encounter:
    """Seraph and the Sphinx, idle, with the rules given (``defaults`` as ``[rules.defaults]``
    would set them)."""
    sim = simulation(tuple(optional or ()))
    sim.dice = ScriptedDice({"seraph": [], "sphinx": [], **(dice or {})})
    sim.minds = {"seraph": Idle(), "sphinx": Idle(), **(minds or {})}  # type: ignore[dict-item]
    encounter = sim.build()
    encounter.defaults = encounter.defaults.with_overrides(defaults)
    return encounter


def wound(encounter: Encounter, victim: str, dp_after: int, penetrating: int = 0) -> None:
    """A blow that leaves ``victim`` with no VP and ``dp_after`` Body DP (applied)."""
    state = encounter.state[victim]
    taken = state.virtual_damage_points + state.damage_points - dp_after
    encounter.emit(
        [DamageTaken(encounter.now, victim, "test", taken, taken, 0, dp_after, penetrating)]
    )


def checked(encounter: Encounter, actor: str) -> list[Event]:
    """The status check through every plugin (the optional rule's wrapper too), applied."""
    events = encounter.rules.status_checks(encounter, actor)
    encounter.emit(events)
    return events


def of(events: list[Event], kind: type[Event]) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]


# --- who has points (G-150, G-151) ------------------------------------------------------------


def test_a_player_character_starts_with_four_editing_and_two_fate_points() -> None:
    """Seed 001: "The character starts the game with 4 Editing Points" and "2 Fate Points";
    Seraph, the first side's Special character, is a player character (G-150)."""
    encounter = rooftop(ON)
    assert (editing_points_left(encounter, "seraph"), fate_points_left(encounter, "seraph")) == (
        4,
        2,
    )


def test_a_non_player_special_has_no_points() -> None:
    """Seed 001: non-player Specials "start the game with 0 Fate Points"; G-153 is off."""
    encounter = rooftop(ON)
    assert (editing_points_left(encounter, "sphinx"), fate_points_left(encounter, "sphinx")) == (
        0,
        0,
    )


@pytest.mark.parametrize(
    ("reading", "players"),
    [("first_side_specials", {"seraph"}), ("specials", {"seraph", "sphinx"})],
)
def test_g150_who_the_players_play(reading: str, players: set[str]) -> None:
    encounter = rooftop(ON, G150_player_characters=reading)
    assert {a for a in ("seraph", "sphinx") if is_player(encounter, a)} == players


# --- Fate Points (G-34) -----------------------------------------------------------------------


def test_mands_encounter_opening_deals_everyones_points() -> None:
    """G-151: the log opens with everyone's starting points, a player's 4 and 2 (seed 001), a
    non-player's none (G-153 off); without the rule, nothing is dealt."""
    on, off = rooftop(ON), rooftop()
    on.run(until=0)
    off.run(until=0)
    dealt = [(e.character, e.editing_points, e.fate_points) for e in of(on.log, EditingPointsDealt)]
    assert dealt == [("seraph", 4, 2), ("sphinx", 0, 0)]
    assert editing_points_in_play(on) and not editing_points_in_play(off)


def test_mands_status_check_without_the_rule_death_is_death() -> None:
    """The optional rule is off: Body DP −9 is death (G-17), no Fate Point is asked."""
    encounter = rooftop(dice={"seraph": [5, 5]})
    wound(encounter, "seraph", -9)
    assert checked(encounter, "seraph")[-1] == OutOfAction(0, "seraph", "dead")


def test_mands_status_check_a_fate_point_cancels_a_death() -> None:
    """G-34: "spending 1 Fate Point cancels a death (character left unconscious at 0 DP)"."""
    encounter = rooftop(ON, dice={"seraph": [5, 5]})
    wound(encounter, "seraph", -9)
    events = checked(encounter, "seraph")
    assert of(events, FatePointSpent)
    assert of(events, OutOfAction) == [OutOfAction(0, "seraph", "unconscious")]
    state = encounter.state["seraph"]
    assert (state.condition, state.damage_points) == ("unconscious", 0)
    assert fate_points_left(encounter, "seraph") == 1


def test_mands_status_check_a_fate_point_stops_the_bleeding() -> None:
    """G-34 as applied: a rescued character's wounds stop bleeding, so it does not die again a
    few rounds later."""
    encounter = rooftop(ON, dice={"seraph": [5, 5]})
    wound(encounter, "seraph", -9, penetrating=9)
    events = checked(encounter, "seraph")
    assert of(events, WoundOpened) and of(events, BleedingStopped)


def test_mands_status_check_the_third_death_is_final() -> None:
    """Two Fate Points, two deaths cancelled; the third stands."""
    encounter = rooftop(ON, dice={"seraph": [5, 5] * 3})
    for _ in range(3):
        wound(encounter, "seraph", -9)
        last = checked(encounter, "seraph")
    assert last[-1] == OutOfAction(0, "seraph", "dead")
    assert len(of(encounter.log, FatePointSpent)) == 2


def test_a_mind_may_decline_the_fate_point() -> None:
    encounter = rooftop(ON, dice={"seraph": [5, 5]}, minds={"seraph": Idle(fate=False)})
    wound(encounter, "seraph", -9)
    assert checked(encounter, "seraph")[-1] == OutOfAction(0, "seraph", "dead")


def test_a_non_player_has_no_fate_point_to_spend() -> None:
    encounter = rooftop(ON, dice={"sphinx": [5, 5]})
    wound(encounter, "sphinx", -encounter.character("sphinx").figured.damage_points.body)
    assert checked(encounter, "sphinx")[-1].condition == "dead"  # type: ignore[attr-defined]


def test_g150_specials_gives_the_villain_fate_points_too() -> None:
    """The switch changes the outcome: with every Special a player's, the Sphinx survives."""
    encounter = rooftop(ON, dice={"sphinx": [5, 5]}, G150_player_characters="specials")
    wound(encounter, "sphinx", -encounter.character("sphinx").figured.damage_points.body)
    assert checked(encounter, "sphinx")[-1] == OutOfAction(0, "sphinx", "unconscious")


# --- editing the consciousness check (G-154) --------------------------------------------------


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


# --- the seam for rolls, and the seed's example -----------------------------------------------


def zap(optional: list[str] | None, faces: list[int]) -> tuple[Encounter, dict[str, Any]]:
    encounter = rooftop(optional, dice={"seraph": faces})
    action = encounter.initiate("seraph", Intent("zap"))
    return encounter, dict(action.prepared)


def test_mands_action_initiate_three_points_on_a_combat_roll_train_one_and_a_half() -> None:
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


# --- every Action Roll through one seam (character_roll) ----------------------------------------


def rolls_and_edits(encounter: Encounter) -> tuple[list[RollMade], list[EditingPointsUsed]]:
    return of(encounter.log, RollMade), of(encounter.log, EditingPointsUsed)


def blast(optional: list[str] | None) -> tuple[Encounter, dict[str, Any]]:
    """Seraph blasts the Sphinx with Electric Power: %Control 97 rolled 5, then his Combat Roll
    (14, pool 1: needs 15) rolled 9 + 9 = 18, missed by 3."""
    encounter = rooftop(optional, dice={"seraph": [5, 9, 9]})
    intent = Intent("electric-power-blast", "sphinx", options={"power": "Electric Power"})
    return encounter, dict(encounter.initiate("seraph", intent).prepared)


def test_mands_action_initiate_editing_points_make_a_power_attack() -> None:
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


def test_mands_action_initiate_editing_points_make_a_skill_check() -> None:
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


# --- the Death Shot ---------------------------------------------------------------------------


def death_shot(encounter: Encounter, actor: str, target: str) -> list[str]:
    intent = Intent("fist-attack", target, options={"death_shot": True})
    return encounter.rules.refusals(encounter, actor, intent)


def test_mands_action_refusals_a_player_with_four_points_may_buy_a_death_shot() -> None:
    assert death_shot(rooftop(ON), "seraph", "sphinx") == []


def test_mands_action_refusals_the_editor_cannot_buy_a_death_shot() -> None:
    """Seed 000: "Editors cannot use this option"."""
    (reason,) = death_shot(rooftop(ON), "sphinx", "seraph")
    assert "only players" in reason


def test_mands_action_refusals_without_the_rule_nothing_is_refused() -> None:
    assert death_shot(rooftop(), "sphinx", "seraph") == []


def test_mands_action_initiate_a_death_shot_uses_four_points_for_the_combat_skill() -> None:
    """Seed 000: the 4 points "go to the combat skill being used": 2 toward Fistfighting. The
    Death Shot then costs 5 Attack and its blow asks for the save (G-27)."""
    encounter = rooftop(ON, dice={"seraph": [5, 5], "sphinx": [10, 10]})
    encounter.initiate("seraph", Intent("fist-attack", "sphinx", options={"death_shot": True}))
    (used,) = of(encounter.log, EditingPointsUsed)
    assert (used.use, used.points, used.training, used.improves) == (
        "death shot",
        4,
        Fraction(2),
        "Fistfighting",
    )
    assert editing_points_left(encounter, "seraph") == 0
    (reason,) = death_shot(encounter, "seraph", "sphinx")
    assert "has 0" in reason


def test_a_refused_death_shot_is_an_error_for_the_kernel() -> None:
    encounter = rooftop(ON)
    with pytest.raises(ActionRefused):
        encounter.initiate("sphinx", Intent("fist-attack", "seraph", options={"death_shot": True}))


def test_ledger_counts_fate_points_and_training_by_skill() -> None:
    events: list[Event] = [
        EditingPointsUsed(0, "seraph", 3, "edit roll", "combat", "Fistfighting"),
        EditingPointsUsed(5, "seraph", 1, "edit roll", "consciousness check", "Constitution"),
        FatePointSpent(9, "seraph", "test"),
        DeathShot(9, "sphinx", "seraph", False, 3),
    ]
    assert ledger(events, "seraph") == Ledger(
        4, {"Constitution": Fraction(1, 2), "Fistfighting": Fraction(3, 2)}, 1
    )


# --- a bundled scenario with the rule on ------------------------------------------------------


def deaths_and_downs(path: Path, seeds: range) -> tuple[int, int]:
    """Sinister's deaths and times out of action over ``seeds``."""
    simulation = Simulation(load_scenario(path))
    dead = out = 0
    for seed in seeds:
        result = simulation.run(seed=seed)
        hero = next(c for c in result.characters if c.character_id == "sinister")
        dead += hero.condition == "dead"
        out += hero.condition != "active"
    return dead, out


def test_the_grunts_with_editing_points_lose_fewer_heroes() -> None:
    """``scenarios/grunts_editing_points.toml`` is ``grunts.toml`` with the rule on: on the same
    seeds Sinister (the first side's, played as a player's character) dies less often (Fate
    Points) and is out of action no more often (edited checks to stay conscious)."""
    seeds = range(20)
    standard = deaths_and_downs(SCENARIOS / "grunts.toml", seeds)
    editing = deaths_and_downs(SCENARIOS / "grunts_editing_points.toml", seeds)
    assert standard[0] > 0 and editing[0] < standard[0]
    assert editing[1] <= standard[1]
