"""The narrative reads the event log like the rulebook's worked examples (``narrative``)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from mands_rulebook.kit.injury import NervePinched
from mands_rulebook.kit.surprise import Surprised
from mands_rulebook.kit.throwback import ThrownBack
from mands_rulebook.kit.weapons.ready import WeaponReadied
from mands_sim.events import (
    OUT_OF_ACTION,
    ActionDropped,
    AttackResolved,
    DamageTaken,
    DecisionExplained,
    EncounterStarted,
    EndurancePaid,
    Healed,
    Moved,
    OutOfAction,
    PercentRolled,
    PointsLent,
)
from mands_sim.narrative import display_names, narrate, tell
from mands_sim.scenario import load_scenario, parse_scenario

ROOT = Path(__file__).parent.parent
SERAPH, DEXTER = "characters/seraph.toml", "characters/dexter.toml"
NAMES = {"seraph": "Seraph", "sphinx": "the Sphinx"}


def test_the_recovered_example_reads_as_the_book_tells_it() -> None:
    """``docs/rules/combat.md`` §20: at segment 15 the Sphinx's punch lands on Seraph, 7 damage,
    VP 43 → 36."""
    lines = narrate(
        [
            AttackResolved(15, "sphinx", "seraph", 0, 0, True),
            DamageTaken(15, "seraph", "sphinx", 7, 7, 36, 17),
        ],
        NAMES,
    )
    assert lines == [
        "Segment 15",
        "  the Sphinx's blow lands on Seraph: Attack 0 vs Defense 0.",
        "  Seraph takes 7 damage (raw 7): VP 36, DP 17.",
    ]


def test_a_new_segment_heading_only_when_the_segment_changes() -> None:
    events = [
        EndurancePaid(0, "seraph", "fist-attack", "combat roll", 5, Fraction(1), Fraction(73)),
        EndurancePaid(0, "seraph", "fist-attack", "hand damage", 7, Fraction(3), Fraction(70)),
        Moved(4, "seraph", "roof", None, 0.0, "steps up"),
    ]
    headings = [line for line in narrate(events) if not line.startswith("  ")]
    assert headings == ["Segment 0", "Segment 4"]


def test_an_action_cut_short_by_a_knock_out_reads_before_the_fall() -> None:
    lines = narrate(
        [
            ActionDropped(40, "sphinx", "fist-attack", 7, OUT_OF_ACTION),
            OutOfAction(40, "sphinx", "unconscious"),
            ActionDropped(41, "seraph", "move", 8, "arrived"),
        ],
        NAMES,
    )
    assert lines[1:3] == [
        "  the Sphinx's fist-attack is cut short.",
        "  the Sphinx is unconscious.",
    ]
    assert lines[4] == "  Seraph's move is dropped (arrived)."


def test_without_names_the_ids_are_printed() -> None:
    assert tell(Surprised(0, "lariat", 8, 5, 3, 5)) == (
        "lariat is surprised for 8 segments, buys down 5 (−5 to following rolls); acts from 3."
    )


def test_bookkeeping_events_are_not_told() -> None:
    assert tell(EncounterStarted(0, "x", 1, ("a",)), {}) is not None
    assert narrate([], NAMES) == []


def test_names_replace_ids_in_every_character_field() -> None:
    line = tell(EncounterStarted(0, "Rooftop", 7, ("seraph", "sphinx")), NAMES)
    assert line == "Rooftop (seed 7): Seraph, the Sphinx begin."
    assert tell(PercentRolled(50, "sphinx", "%Control", 80, 91, False), NAMES) == (
        "the Sphinx rolls 91 against %Control 80% and fails."
    )
    healed = Healed(100, "seraph", 4, Fraction(3), 40, Fraction(70), "rest")
    assert tell(healed, NAMES) == "Seraph recovers 4 VP and 3 EP (rest): VP 40, EP 70."
    lent = PointsLent(20, "seraph", "sphinx", Fraction(4), 0, Fraction(74), 9, "absorbed")
    assert tell(lent, NAMES) == "Seraph's EP moves by 4 and DP by 0 (absorbed): EP 74, DP 9."


def test_display_names_come_from_the_sheets() -> None:
    spec = load_scenario(ROOT / "scenarios" / "seraph_vs_sphinx.toml")
    assert display_names(spec) == {"seraph": "Seraph", "sphinx": "Sphinx"}


def test_a_group_sharing_one_sheet_is_told_apart_by_id() -> None:
    data = {
        "format": 1,
        "name": "mob",
        "map": {"places": [{"name": "x"}]},
        "sides": [
            {"name": "heroes", "characters": [{"id": "seraph", "sheet": SERAPH, "place": "x"}]},
            {"name": "mob", "characters": [{"id": "t", "count": 2, "sheet": DEXTER, "place": "x"}]},
        ],
        "stop": {"time_limit": 100},
    }  # fmt: skip
    spec = parse_scenario(data, base_dir=ROOT / "scenarios")
    assert display_names(spec) == {
        "seraph": "Seraph",
        "t-1": "Dexter (t-1)",
        "t-2": "Dexter (t-2)",
    }


def test_injuries_throwbacks_and_weapons_are_told() -> None:
    from mands_rulebook.kit.injury import DeathShot
    from mands_sim.events import (
        InjuryRolled,
        WoundOpened,
    )

    told = [
        tell(ThrownBack(30, "seraph", "sphinx", 4, 4.0, 2.5), NAMES),
        tell(InjuryRolled(30, "seraph", "blow", 3, 0, False), NAMES),
        tell(WoundOpened(30, "seraph", "sphinx", 4), NAMES),
        tell(DeathShot(30, "seraph", "sphinx", False, 3), NAMES),
        tell(NervePinched(30, "seraph", "sphinx", 5, 280), NAMES),
        tell(WeaponReadied(30, "sphinx", "club"), NAMES),
    ]
    assert told == [
        "Seraph is thrown back 4 m by the Sphinx's blow, and crashes after 2.5 m.",
        "Seraph is injured: 3 Injury damage.",
        "Seraph bleeds from the Sphinx's blow (4 penetrating DP).",
        "the Sphinx's Death Shot strikes home: Seraph loses 3 more DP.",
        "the Sphinx pinches Seraph's nerve: out for 5 rounds.",
        "the Sphinx readies the club.",
    ]


def test_a_plugins_own_event_tells_itself() -> None:
    from mands_rulebook.kit.extra_effort import ExtraEffortMade

    event = ExtraEffortMade(0, "seraph", "combat", "agility", 8, 17, 9)
    assert tell(event, NAMES) == (
        "Seraph makes Extra Effort: +8 agility for the combat roll, agility 9 after it."
    )


def test_power_events_tell_themselves() -> None:
    from mands_rulebook.kit.powers.uses import PowerUsed
    from mands_rulebook.powers.fire_coat import Blinded

    spent = (("skin_temper", 8), ("ep", 4))
    flame_up = PowerUsed(1, "sun-ruler", "Fire Coat", "fire-coat-flame-up", 12, spent, 5)
    assert tell(flame_up, {"sun-ruler": "Sun-Ruler"}) == (
        "Sun-Ruler uses Fire Coat (fire-coat-flame-up), PR 12: 8 on skin_temper, 4 on ep; EP row 5."
    )
    assert tell(Blinded(6, "seraph", "sun-ruler", 9), {"sun-ruler": "Sun-Ruler", **NAMES}) == (
        "Seraph is blinded by Sun-Ruler's flames until segment 9."
    )


def test_a_reason_names_characters_as_the_story_does() -> None:
    event = DecisionExplained(
        4, "seraph", "fist-attack", "sphinx", "nearest-enemy: sphinx is the nearest enemy", (), ()
    )
    names = {"seraph": "Seraph", "sphinx": "Sphinx", "sun-ruler": "Sun-Ruler"}
    assert tell(event, names) == (
        "Seraph decides on fist-attack at Sphinx (nearest-enemy: Sphinx is the nearest enemy)."
    )
