"""Simpler Combat, the optional rule (``mands_rulebook.simpler_combat``; seed "Simpler Combat",
"Simpler Combat Example"; ``rules/combat.md`` §19; G-09, G-37, G-38, G-140 … G-145)."""

from __future__ import annotations

import tempfile
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from mands_rulebook.editing_points import (
    EDITING_POINTS,
    EditingPointsUsed,
    editing_points_in_play,
    editing_points_left,
)
from mands_rulebook.movement import PaceChanged, distance_now
from mands_rulebook.simpler_combat import (
    ClockSwitched,
    CombatTurns,
    InitiativeRolled,
    SimplerCombat,
    TurnScheduled,
    announcement_order,
    combat_turns,
    editing_points_spent,
    initiative_offset,
    segments_remaining,
    short_action_bonus,
    turns_remaining,
)

from mands_sim import hookimpl
from mands_sim.actions import ActionInProgress, Intent, QualityAllocation, Wait
from mands_sim.batch import BatchOptions, run_batch
from mands_sim.batch.records import RunRecord
from mands_sim.dice import ScriptedDice
from mands_sim.events import (
    AttackResolved,
    DamageTaken,
    DefenseChanged,
    EndurancePaid,
    Event,
    PushedBack,
    RollMade,
)
from mands_sim.kernel.encounter import Encounter
from mands_sim.scenario import load_scenario, parse_scenario
from mands_sim.simulation import Simulation
from tests.data.fighters import grunt, sample
from tests.data.opponents_scenes import Plays, scene

SCENARIOS = Path(__file__).parent.parent / "scenarios"
Q = QualityAllocation


class Script:
    """Asks for the scripted intent at each listed segment (``None``: be awake then) and spends
    Q as scripted for that segment (default: none). At every turn start it notes how far apart
    the two grunts are (``seen``), before anyone moves."""

    def __init__(
        self,
        intents: Mapping[int, Intent | None],
        spending: Mapping[int, QualityAllocation] | None = None,
        seen: dict[int, float] | None = None,
        reroll: bool = False,
    ) -> None:
        self.intents, self.spending = dict(intents), dict(spending or {})
        self.seen = seen if seen is not None else {}
        self.reroll = reroll

    def choose(self, encounter: Encounter, actor: str) -> Intent | Wait | None:
        if encounter.now % 10 == 0 and encounter.world is not None:
            self.seen[encounter.now] = distance_now(encounter, "dexter", "sinister")
        intent = self.intents.get(encounter.now)
        if intent is not None:
            return intent
        later = [segment for segment in self.intents if segment > encounter.now]
        return Wait(min(later)) if later else None

    def allocate(
        self, encounter: Encounter, actor: str, intent: Intent, quality: int
    ) -> QualityAllocation:
        return self.spending.get(encounter.now, Q())

    def reroll_initiative(self, encounter: Encounter, actor: str, initiative: int) -> bool:
        return self.reroll


def place(name: str, x: float) -> dict[str, Any]:
    return {"name": name, "x": x, "y": 0.0}


ROAD = {
    "places": [
        place("far", -100.0),
        place("sinister-start", 0.0),
        place("middle", 5.0),
        place("dexter-start", 10.0),
    ],
    "edges": [
        {"between": pair}
        for pair in (
            ["far", "sinister-start"],
            ["sinister-start", "middle"],
            ["middle", "dexter-start"],
        )
    ],
}
"""The example's ground: "10 meters apart", meeting in the middle; a road for Sinister to run."""

RING = {"places": [{"name": "ring"}], "edges": []}


def grunts(
    minds: Mapping[str, Any],
    dice: Mapping[str, list[int]],
    *,
    ground: Mapping[str, Any] = ROAD,
    defaults: Mapping[str, str] | None = None,
    plugins: Mapping[str, object] | None = None,
    optional: bool = True,
    sheets: Mapping[str, Any] | None = None,
) -> Encounter:
    """Sinister and Dexter (their sample sheets, G-37, unless ``sheets`` gives another) under
    Simpler Combat, nothing run yet."""
    starts = {"sinister": "sinister-start", "dexter": "dexter-start"} if ground is ROAD else {}
    data = {
        "format": 1,
        "name": "simpler combat test",
        "rules": {
            "optional": ["simpler-combat"] if optional else [],
            "defaults": dict(defaults or {}),
        },
        "map": dict(ground),
        "sides": [
            {
                "name": who,
                "characters": [
                    {
                        "id": who,
                        "sheet": (sheets or {}).get(who, f"characters/{who}.toml"),
                        "place": starts.get(who, "ring"),
                        "aware": True,
                    }
                ],
            }
            for who in ("sinister", "dexter")
        ],
        "stop": {"time_limit": 400, "when": []},
    }
    scenario = parse_scenario(data, base_dir=SCENARIOS)
    simulation = Simulation(
        scenario, dice=ScriptedDice(dice), minds=minds, extra_plugins=dict(plugins or {})
    )
    return simulation.build()


def of(events: list[Event], kind: type[Event], who: str | None = None) -> list[Any]:
    return [
        e for e in events if isinstance(e, kind) and who in (None, getattr(e, "character", None))
    ]


# -- the arithmetic -----------------------------------------------------------------------------


def test_combat_turns_and_the_short_action_bonus() -> None:
    """Seed: "Fists require 1 Combat Turn (15 segments divided by 10 is 1)"; "An action with a
    Performance Time of 6 will take 1 Combat Turn and add 4 to the Bonus Pool. An action with a
    Performance Time of 24 will take 2 Combat Turns"."""
    assert [combat_turns(pt) for pt in (15, 6, 24, 50)] == [1, 1, 2, 5]
    assert [short_action_bonus(pt) for pt in (6, 10, 15)] == [4, 0, 0]


def test_initiative_orders_a_turn_highest_first() -> None:
    """G-140: 12 − Initiative into the turn, between +2 and +10 (the example's 12, 11, 10 on +2;
    8 on +4, 7 on +5)."""
    assert [initiative_offset(i) for i in (12, 11, 10, 9, 8, 7, 2, 1, -3)] == [
        2, 2, 2, 3, 4, 5, 10, 10, 10,
    ]  # fmt: skip


def test_switching_conversions_follow_the_seed() -> None:
    """Seed: "divide their remaining Performance Time by 10 and round down" (24 → 2; under 10:
    one turn, "as below"); back: "multiply their remaining Combat Turns by 10 ... If no Combat
    Turns remain, use the character's Initiative (subtracted from 10)" (G-144: at least 1)."""
    assert [turns_remaining(s) for s in (24, 6, 30)] == [2, 1, 3]
    assert [segments_remaining(t, 7) for t in (2, 1, 0)] == [20, 10, 3]
    assert segments_remaining(0, 12) == 1


def test_combat_turns_switch_only_on_multiples_of_ten() -> None:
    """Seed: "It's easiest to switch on segments that are a multiple of 10"."""
    with pytest.raises(ValueError, match="multiple of 10"):
        CombatTurns(turns_until=45)


def test_mands_time_model_announces_on_a_turns_first_two_segments() -> None:
    """G-140: a turn's actions start on its first two segments; Payment Segments stay every 50,
    "at the end of every fifth Turn" (G-38); a segment clock again after ``turns_until``."""
    spec = load_scenario(SCENARIOS / "grunts_simpler.toml")
    clock = Simulation(spec).prepare().time_model
    assert isinstance(clock, CombatTurns)
    assert [clock.initiation_segment(s) for s in (0, 1, 2, 13, 20)] == [0, 1, 10, 20, 20]
    assert [clock.next_payment_segment(s) for s in (0, 49, 50)] == [50, 50, 100]
    assert CombatTurns(turns_until=50).initiation_segment(52) == 52


def test_mands_register_optional_rules_simpler_combat_is_off_unless_listed() -> None:
    """``grunts.toml`` runs on the segment clock; ``grunts_simpler.toml`` lists the rule."""
    standard = Simulation(load_scenario(SCENARIOS / "grunts.toml")).prepare()
    simpler = Simulation(load_scenario(SCENARIOS / "grunts_simpler.toml")).prepare()
    assert "simpler-combat" in standard.registries.optional_rules
    assert standard.pm.get_plugin("optional-rule:simpler-combat") is None
    assert not isinstance(standard.time_model, CombatTurns)
    assert simpler.pm.get_plugin("optional-rule:simpler-combat") is not None


# -- the Simpler Combat Example, turns one to nine ---------------------------------------------


def fist(target: str, **options: Any) -> Intent:
    return Intent("fist-attack", target=target, options=options)


def run(toward: str) -> Intent:
    return Intent("move", options={"toward": toward})


def reroll(**options: Any) -> Intent:
    return Intent("reroll-move", options=options)


SINISTER_DICE = [7, 2, 6, 10, 8, 3, 1, 4, 6, 7, 9, 4, 4, 1, 10, 7, 6, 6, 9, 4, 5, 10, 1, 2]
"""Initiative 7; (2,6); (10,8); (3,1-4); (6,7); (9,4), (4,1-10); (7,6); (6,9); (4,5); (10,1-2)."""
DEXTER_DICE = [8, 3, 5, 4, 4, 10, 8, 4, 4, 10, 4, 3, 10, 4, 4, 6, 6, 9, 4, 5, 6]
"""Initiative 8; (3,5); (4,4); (10,8); (4,4); (10,4); (3,10); (4,4); (6,6) and (9,4); (5,6)."""


@dataclass(frozen=True)
class Played:
    log: list[Event]
    apart: dict[int, float]
    encounter: Encounter


@pytest.fixture(scope="module")
def example() -> Played:
    """The example's nine Combat Turns (turn n starts on segment 10(n − 1)) with its dice.

    Turn 5: Sinister announces his run first (40) and his Combat Roll second (41); "Sinister has
    no plans to do damage this Action": a punch with all 6 Hand Damage withheld (G-145). Turn 8:
    Dexter re-rolls his run (70), then punches (71)."""
    apart: dict[int, float] = {}
    sinister = Script(
        {
            0: run("middle"), 10: fist("dexter"), 20: fist("dexter"), 30: fist("dexter"),
            40: run("far"), 41: fist("dexter", withhold_damage=6),
            50: reroll(), 60: reroll(), 70: reroll(), 80: reroll(), 90: None,
        },
        {
            0: Q(ep=2, speed=8), 20: Q(speed=3, damage=5, defense=2, attack=2), 40: Q(speed=5),
            41: Q(speed=5, defense=6, ep=5), 70: Q(speed=4), 80: Q(ep=1),
        },
        apart,
    )  # fmt: skip
    dexter = Script(
        {
            0: run("middle"), 10: fist("sinister"), 20: fist("sinister"), 30: fist("sinister"),
            40: fist("sinister"), 50: run("far"), 60: reroll(), 70: reroll(),
            71: fist("sinister"), 80: reroll(slow=True), 90: None,
        },
        {
            0: Q(ep=2, speed=8), 10: Q(attack=2, damage=2), 30: Q(speed=3, attack=1),
            50: Q(speed=5), 60: Q(speed=5),
        },
        apart,
    )  # fmt: skip
    encounter = grunts(
        {"sinister": sinister, "dexter": dexter},
        {"sinister": SINISTER_DICE, "dexter": DEXTER_DICE},
    )
    encounter.run(until=90)
    return Played(encounter.log, apart, encounter)


def test_mands_encounter_opening_rolls_the_examples_initiative(example: Played) -> None:
    """ "Sinister rolls 7 on his Initiative Roll. Dexter rolls 8. Dexter will usually go first." """
    rolls = {e.character: e.initiative for e in of(example.log, InitiativeRolled)}
    assert rolls == {"sinister": 7, "dexter": 8}


def test_example_turn_one_both_run_to_the_middle(example: Played) -> None:
    """Turn 1: "(2,6) 8 and Dexter rolls (3,5) 8. This gives each of them a Quality of 10. They
    use 2 points to reduce EP use to 3 EP/round" (row 7), "the other 8 to move at .7
    meters/segment" — G-09: 8 on the Sphere chart is .8 — and "each move 5 meters and stop"."""
    moves = [(e.character, e.total, e.quality) for e in of(example.log, RollMade) if e.segment == 0]
    assert moves == [("dexter", 8, 10), ("sinister", 8, 10)]
    paid = [
        (e.character, e.row, e.amount) for e in of(example.log, EndurancePaid) if e.segment == 0
    ]
    assert paid == [("dexter", 7, 3), ("sinister", 7, 3)]
    assert (example.apart[0], example.apart[10]) == (10.0, 0.0)


def combat_rolls(log: list[Event]) -> list[tuple[int, str, int, int, int]]:
    return [
        (e.segment, e.character, e.total, e.target + e.pool_bonus, e.quality)
        for e in of(log, RollMade)
        if e.purpose == "combat roll"
    ]


def test_example_combat_rolls(example: Played) -> None:
    """Turn 2: Sinister "(10,8) 18 ... failing by 6", Dexter "(4,4) 8, succeeding by 4"; turn 3:
    Sinister "(3,1-4) 0, succeeding by 12", Dexter "(10,8) 18, failing by 6"; turn 4: "(6,7) 13,
    failing by 1", Dexter "(4,4) succeeding by 4"; turn 5: Sinister "(4,1-10) -5 ... with a
    penalty of 1 (for using a Passive Action), and plus his normal bonus of 2 ... a Quality of
    16", Dexter "(10,4) 14, failing his Combat Roll by 2"; turn 8: Dexter "(9,4) 13. He misses
    by 1" — by the rule he misses by 2: his re-rolled run is his turn's passive action, and the
    example leaves its penalty of 1 out (G-145)."""
    assert combat_rolls(example.log) == [
        (10, "dexter", 8, 12, 4), (10, "sinister", 18, 12, -6),
        (20, "dexter", 18, 12, -6), (20, "sinister", 0, 12, 12),
        (30, "dexter", 8, 12, 4), (30, "sinister", 13, 12, -1),
        (40, "dexter", 14, 12, -2), (41, "sinister", -5, 11, 16),
        (71, "dexter", 13, 11, -2),
    ]  # fmt: skip


def test_mands_action_initiate_q_buys_initiative_one_for_one(example: Played) -> None:
    """ "On his Initiative (8)"; Sinister "uses 3 points to increase his Initiative by 3 (to
    10)"; Dexter "3 points to increase his Initiative to 11"; Sinister "5 points to bring his
    Initiative to 12". Each blow lands on its Initiative within the turn (G-140)."""
    punches = [
        (e.segment, e.character, e.initiative, e.resolves_at)
        for e in of(example.log, TurnScheduled)
        if e.action == "fist-attack"
    ]
    assert punches == [
        (10, "dexter", 8, 14), (10, "sinister", 7, 15),
        (20, "dexter", 8, 24), (20, "sinister", 10, 22),
        (30, "dexter", 11, 32), (30, "sinister", 7, 35),
        (40, "dexter", 8, 44), (41, "sinister", 12, 42),
        (71, "dexter", 8, 74),
    ]  # fmt: skip


def test_mands_action_initiate_damage_q_one_for_one(example: Played) -> None:
    """Turn 2: "2 points to increase damage by 2. On his Initiative (8), he does 8 points";
    turn 3: "5 points to increase Damage by 5 (to 11) ... he does 11 points damage to Dexter"
    (the Doubles chart would give +3: 9); turn 4: "6 points damage to Sinister (who has now
    taken 14 points damage)"; turn 5's blow carries no damage."""
    blows = [(e.segment, e.character, e.raw) for e in of(example.log, DamageTaken)]
    assert blows == [
        (14, "sinister", 8),
        (22, "dexter", 11),
        (32, "sinister", 6),
        (42, "dexter", 0),
    ]
    assert sum(raw for _, who, raw in blows if who == "sinister") == 14


def test_example_defense_and_hits(example: Played) -> None:
    """ "On his Initiative (7), his Defense decreases by 1 (to -1)"; Sinister's "Defense to 1";
    Dexter's "(to -1)"; turn 5: "On 12, Sinister's new Defense takes effect. On 8, Dexter
    misses." (Defense 3, G-15); Dexter's turn-8 punch misses it too."""
    defense = [(e.segment, e.character, e.defense) for e in of(example.log, DefenseChanged)]
    assert defense == [
        (14, "dexter", 0), (15, "sinister", -1), (22, "sinister", 1), (24, "dexter", -1),
        (32, "dexter", 0), (35, "sinister", 0), (42, "sinister", 3), (44, "dexter", 0),
        (74, "dexter", 0),
    ]  # fmt: skip
    hits = [(e.segment, e.character, e.hit) for e in of(example.log, AttackResolved)]
    assert [h for h in hits if h[2]] == [(14, "dexter", True), (22, "sinister", True),
                                         (32, "dexter", True), (42, "sinister", True)]  # fmt: skip
    assert (44, "dexter", False) in hits and (74, "dexter", False) in hits


def test_example_move_rolls_turns_five_to_nine(example: Played) -> None:
    """Turn 5: Sinister "(9,4) 13, succeeding by 5"; 6: "(7,6) 13 ... a penalty of 5 ...
    succeeds by 0", Dexter "(3,10) 13 ... Q of 5"; 7: "(6,9) 15, +5 is 20 ... failed by 2",
    Dexter "(4,4) 8, +5 is 13. He succeeds by 5"; 8: "(4,5) 9, with a penalty of 5, for 4 Q",
    Dexter "(6,6) 12, with a penalty of 9, for 21, failing by 3"; 9: Sinister "(10,1-2) 9, with
    a penalty of 8 ... He succeeds by 1", Dexter "(5,6) 11 ... a penalty of 9 ... a 20, which
    fails by 2" (his 3 for low EP is the example's ledger, G-38; −13 and −10 are both −9)."""
    moves = [
        (e.segment, e.character, e.total, e.pool_bonus, e.quality)
        for e in of(example.log, RollMade)
        if e.purpose == "move roll" and e.segment >= 40
    ]
    assert moves == [
        (40, "sinister", 13, 0, 5),
        (50, "dexter", 13, 0, 5), (50, "sinister", 13, -5, 0),
        (60, "dexter", 8, -5, 5), (60, "sinister", 15, -5, -2),
        (70, "dexter", 12, -9, -3), (70, "sinister", 9, -5, 4),
        (80, "dexter", 11, -9, -2), (80, "sinister", 9, -8, 1),
    ]  # fmt: skip


def test_example_speeds(example: Played) -> None:
    """ ".5 m/segment" (5 Q); Dexter "5 Q to his Movement Q of 5, bringing it to 10. This is .9
    meters/segment"; Sinister "a total of 9 Q, and .8 meters/segment"; Dexter "2 Q in movement,
    and is moving at .2 meters/segment"."""
    paces = [
        (e.segment, e.character, e.speed_quality, e.dm_per_segment)
        for e in of(example.log, PaceChanged)
    ]
    assert paces == [
        (50, "sinister", 5, 5.0), (60, "dexter", 10, 9.0), (60, "sinister", 5, 5.0),
        (70, "dexter", 10, 9.0), (70, "sinister", 9, 8.0), (80, "dexter", 2, 2.0),
        (80, "sinister", 9, 8.0),
    ]  # fmt: skip


def test_example_positions_at_each_turns_end(example: Played) -> None:
    """Movement happens "at the end of the Combat Turn", speed × 10 m: 5 m apart after turns 5
    and 6 ("still 5 meters apart"), "1 meter apart" after 7, "on top of each other again" after
    8; after 9 the example says 7 m, but Sinister's .8 m/segment is 8 m, not 9: 6 m (G-09)."""
    apart = {turn_end: example.apart[turn_end] for turn_end in (10, 50, 60, 70, 80, 90)}
    assert apart == {10: 0.0, 50: 5.0, 60: 5.0, 70: 1.0, 80: 0.0, 90: 6.0}


def test_example_ep_rows(example: Played) -> None:
    """Rows as the example states them: 3 EP/round (row 7) in turn 1; every punch "1 for the
    Combat Roll, 3 for the Damage" (rows 5 and 7); Sinister's 5 Q make his turn-5 Combat Roll
    free (row 0) and his run 5 EP (row 9); "each is now using 5 EP/round" (row 9); Sinister's
    turn-9 Q "to decrease EP use to 4 EP" (row 8). His withheld blow is row 1 (G-145)."""
    rows = {(e.segment, e.character, e.reason): e.row for e in of(example.log, EndurancePaid)}
    assert rows[(10, "dexter", "combat roll")] == 5 and rows[(10, "dexter", "hand damage")] == 7
    assert rows[(41, "sinister", "combat roll")] == 0 and rows[(40, "sinister", "move roll")] == 9
    assert rows[(41, "sinister", "hand damage")] == 1 and rows[(50, "dexter", "move roll")] == 9
    last = [e.ep_row for e in of(example.log, PaceChanged, "sinister")][-1]
    assert last == 8


def test_example_ep_ledger_under_the_rule(example: Played) -> None:
    """G-38: ongoing actions pay "when they're started, and at the end of every fifth Turn" and a
    re-roll pays only the difference (G-36), so by the end of turn 9 Sinister has spent
    3 + 4 + 4 + 4 + 5 + 1/40 + 5 (segment 50) = 25 1/40 EP and Dexter 3 + 4 × 4 + 5 + 4 = 28, not
    the example's 36 and 40 (it charges every Move Roll every Turn)."""
    spent = {s.character_id: s.ep_spent for s in example.encounter.state}
    assert spent == {"sinister": Fraction(1001, 40), "dexter": Fraction(28)}
    payments = [(e.segment, e.amount) for e in of(example.log, EndurancePaid, "sinister")]
    assert (
        50,
        5,
    ) in payments  # "Sinister has used up 22 EP (since this is the start of a new round)"


def test_mands_action_initiate_pushback_does_not_apply(example: Played) -> None:
    """Seed: "Pushback does not apply": starting a punch during a run, or a re-roll, leaves the
    run ending where it did (the kernel's +1 is taken back first), on a turn's end."""
    net: dict[int, int] = {}
    for event in of(example.log, PushedBack):
        if event.reason != "a slower pace":
            net[event.action_id] = net.get(event.action_id, 0) + event.segments
    assert net and set(net.values()) == {0}
    runs = [a for s in example.encounter.state for a in s.actions if a.name == "move"]
    assert sorted(a.completes_at % 10 for a in runs) == [0, 0]


# -- the rest of the rule -----------------------------------------------------------------------


def punch_at(
    segment: int, target: str, spending: QualityAllocation | None = None, **kw: Any
) -> Script:
    return Script({segment: fist(target)}, {segment: spending or Q()}, **kw)


def test_bears_move_roll_moves_him_at_the_end_of_the_turn() -> None:
    """Seed "Movement Roll": "Bear (with an Initiative of 9, and a Movement Roll of 21) ... rolls
    (9,3) 12. His Quality is 9. He uses 4 Q to reduce the EP use to 1 EP/round, leaving 5 Q for
    movement. 5 movement Q is .5 meters/segment, so at the end of the Combat Turn he'll move 5
    meters." Bear is Dexter's sheet with a Move Roll of 21, 10 m from Sinister."""
    bear = sample("dexter", overrides={**sample("dexter")["overrides"], "move_roll": 21})
    seen: dict[int, float] = {}
    runner = Script({0: run("far"), 10: None}, {0: Q(ep=4, speed=5)}, seen)
    encounter = grunts(
        {"dexter": runner, "sinister": Script({})},
        {"dexter": [9, 9, 3], "sinister": [7]},
        sheets={"dexter": bear},
    )
    encounter.run(until=10)
    (roll,) = of(encounter.log, RollMade, "dexter")
    (paid,) = of(encounter.log, EndurancePaid, "dexter")
    assert (roll.total, roll.quality, paid.row, paid.amount) == (12, 9, 5, 1)
    assert (of(encounter.log, InitiativeRolled, "dexter")[0].initiative, seen) == (
        9,
        {0: 10.0, 10: 5.0},
    )


def test_mands_bonus_pool_modifiers_announcing_late_costs_the_delay() -> None:
    """Seed: "Each point of delay subtracts that much from their bonus pool ... A character with
    a Learning of 11 announcing on 15 will have a penalty of 4": pool 2 − 4 = −2."""
    late = Script({0: fist("sinister", announce_delay=4)})
    encounter = grunts(
        {"dexter": late, "sinister": Script({})},
        {"dexter": [8, 5, 5], "sinister": [7]},
        ground=RING,
    )
    encounter.run(until=0)
    (roll,) = of(encounter.log, RollMade, "dexter")
    assert (roll.bonus_pool, roll.pool_bonus) == (-2, -2)


def test_announcement_order_is_lowest_learning_first() -> None:
    """Seed: "in order of learning (from lowest to highest) ... the same learning announce at
    the same time": both grunts have Learning 10."""
    encounter = grunts(
        {"dexter": Script({}), "sinister": Script({})},
        {"dexter": [1], "sinister": [1]},
        ground=RING,
    )
    encounter.run(until=0)
    assert announcement_order(encounter) == [["dexter", "sinister"]]


def test_g141_switch_gives_a_move_roll_the_short_action_bonus() -> None:
    """G-141: by default a passive run (PT 6) gets no bonus, as in the example (Q 10 from 8);
    ``all`` adds 10 − 6 = 4 to its pool: Q 14."""
    quality = {}
    for choice in ("active", "all"):
        encounter = grunts(
            {"dexter": Script({0: run("middle")}), "sinister": Script({})},
            {"dexter": [8, 3, 5], "sinister": [7]},
            defaults={"G141_short_action_bonus": choice},
        )
        encounter.run(until=0)
        (roll,) = of(encounter.log, RollMade, "dexter")
        quality[choice] = (roll.bonus_pool, roll.quality)
    assert quality == {"active": (0, 10), "all": (4, 14)}


def test_mands_action_refusals_one_action_of_each_kind_at_a_turns_start() -> None:
    """G-140: one active action and "a single passive Action Roll" per Combat Turn, announced on
    its first two segments."""
    encounter = grunts(
        {"dexter": punch_at(0, "sinister"), "sinister": Script({})},
        {"dexter": [8, 5, 5], "sinister": [7]},
        ground=RING,
    )
    encounter.run(until=4)
    rules, again = encounter.rules, fist("sinister")
    assert rules.refusals(encounter, "dexter", again) == [
        "Simpler Combat: actions are announced at the start of a Combat Turn"
    ]
    encounter.run(until=10)
    assert rules.refusals(encounter, "sinister", again) == []


def test_mands_action_refusals_a_single_passive_action_roll_a_turn() -> None:
    """Seed: "A single passive Action Roll (such as Movement) can be made on the character's
    Turn": a jump on segment 1 after a run started on 0 waits for the next turn."""
    runner = Script({0: run("middle"), 1: None}, {0: Q(speed=10)})
    encounter = grunts(
        {"dexter": runner, "sinister": Script({})}, {"dexter": [8, 3, 5], "sinister": [7]}
    )
    encounter.run(until=1)
    assert encounter.now == 1
    assert encounter.rules.refusals(encounter, "dexter", Intent("jump")) == [
        "Simpler Combat: one passive action per Combat Turn"
    ]


def test_mands_action_initiate_reroll_initiative_for_an_editing_point() -> None:
    """Seed: "expend one Editing Point to re-roll their Initiative (and take the better of their
    previous Initiative or the new roll). These Editing Points are halved, then go to training
    in the action being performed": 3, re-rolled 9 → 9; ½ point to fist-attack."""
    keen = punch_at(0, "sinister", reroll=True)
    encounter = grunts(
        {"dexter": keen, "sinister": Script({})},
        {"dexter": [3, 9, 5, 5], "sinister": [7]},
        ground=RING,
    )
    encounter.run(until=0)
    rolled = of(encounter.log, InitiativeRolled, "dexter")
    assert [(e.roll, e.initiative, e.editing_points) for e in rolled] == [(3, 3, 0), (9, 9, 1)]
    assert (rolled[-1].training, rolled[-1].training_in) == (Fraction(1, 2), "fist-attack")
    assert editing_points_spent(encounter, "dexter") == 1
    assert of(encounter.log, TurnScheduled)[0].resolves_at == 3  # Initiative 9: segment 3


def test_a_reroll_keeps_the_better_initiative() -> None:
    keen = punch_at(0, "sinister", reroll=True)
    encounter = grunts(
        {"dexter": keen, "sinister": Script({})},
        {"dexter": [8, 2, 5, 5], "sinister": [7]},
        ground=RING,
    )
    encounter.run(until=0)
    assert [e.initiative for e in of(encounter.log, InitiativeRolled, "dexter")] == [8, 8]


class Pusher:
    """Another rule's after-hook that pushes the other fighter's punch back 3 segments."""

    @hookimpl
    def mands_action_after(
        self, encounter: Encounter, actor: str, action: ActionInProgress
    ) -> list[Event]:
        other = "sinister" if actor == "dexter" else "dexter"
        return [
            PushedBack(encounter.now, other, a.name, a.action_id, 3, a.completes_at + 3, "a blow")
            for a in encounter.state[other].actions
        ]


def test_mands_action_after_takes_back_other_rules_pushback() -> None:
    """Seed: "Pushback does not apply": Dexter's blow on 2 pushes Sinister's back 3 (to 8); the
    rule takes it back, so it lands on his Initiative 7 (segment 5)."""
    encounter = grunts(
        {"dexter": punch_at(0, "sinister"), "sinister": punch_at(0, "dexter")},
        {"dexter": [10, 5, 5], "sinister": [7, 5, 5]},
        ground=RING,
        plugins={"a-pusher": Pusher()},
    )
    encounter.run(until=10)
    resolved = [(e.segment, e.character) for e in of(encounter.log, AttackResolved)]
    assert resolved == [(2, "dexter"), (5, "sinister")]


def wait_for(segments: int) -> Intent:
    return Intent("wait", options={"segments": segments})


def test_switching_to_segment_time_converts_actions_in_progress() -> None:
    """G-144: a 30-segment wait started under Combat Turns on Initiative 8 ends on 24 (3 turns);
    at the switch on 10, 1 whole turn remains beyond the current one: 10 + 10 = 20. After it a
    punch takes its 15 segments again (10 → 25)."""
    encounter = grunts(
        {"dexter": Script({0: wait_for(30)}), "sinister": punch_at(10, "dexter")},
        {"dexter": [8], "sinister": [7, 5, 5]},
        ground=RING,
        plugins={"switching": SimplerCombat(turns_until=10)},
        optional=False,
    )
    encounter.run(until=30)
    assert [(e.at, e.clock) for e in of(encounter.log, ClockSwitched)] == [(10, "segments")]
    (pushed,) = of(encounter.log, PushedBack, "dexter")
    assert (pushed.segment, pushed.completes_at) == (10, 20)
    assert [e.segment for e in of(encounter.log, AttackResolved)] == [25]


def test_switching_to_combat_turns_converts_actions_in_progress() -> None:
    """G-144: a 25-segment wait from 0 has 15 left at the switch on 10: one Combat Turn, ending
    on Dexter's Initiative 8 (14); Sinister's punch started on 10 lands on his 7 (15)."""
    encounter = grunts(
        {"dexter": Script({0: wait_for(25)}), "sinister": punch_at(10, "dexter")},
        {"dexter": [8], "sinister": [7, 5, 5]},
        ground=RING,
        plugins={"switching": SimplerCombat(turns_from=10)},
        optional=False,
    )
    encounter.run(until=30)
    assert [(e.at, e.clock) for e in of(encounter.log, ClockSwitched)] == [(10, "combat turns")]
    (pushed,) = of(encounter.log, PushedBack, "dexter")
    assert pushed.completes_at == 14
    assert [e.segment for e in of(encounter.log, AttackResolved)] == [15]


# -- a bundled scenario under Simpler Combat ---------------------------------------------------


def batch(name: str) -> Iterator[RunRecord]:
    with tempfile.TemporaryDirectory() as folder:
        result = run_batch(
            SCENARIOS / name, BatchOptions(runs=20, seed=1, jobs=1), store=Path(folder) / "r.db"
        )
        yield from result.records()


def exchanges(name: str) -> tuple[float, float, float]:
    """Punches per run, damage per punch, mean segments to the end."""
    records = list(batch(name))
    punches = sum(
        n for r in records for c in r.characters for a, n in c.actions if a == "fist-attack"
    )
    damage = sum(c.damage_dealt for r in records for c in r.characters)
    return punches / len(records), damage / punches, sum(r.segments for r in records) / len(records)


def test_simpler_combat_makes_fewer_bigger_exchanges_and_shorter_fights() -> None:
    """The direction, from the rules: Q on damage counts 1 : 1 instead of on the Doubles chart
    (4 Q: +4, not +3; 7 Q: +7, not +3), so each punch does more and fewer knock a grunt out; a
    punch takes one 10-segment Combat Turn, where on the segment clock it takes 15 (8 only when
    3 Q buy speed, which under Simpler Combat buy Initiative instead), so the fight ends sooner.
    ``grunts_simpler.toml`` against ``grunts.toml``, 20 runs each (seed 1): the per-punch damage
    differs by more than 1 (4.7 against 6.0 over 200 runs), far beyond the spread of 20-run
    batches (it never reversed in 12 seeds)."""
    standard, simpler = exchanges("grunts.toml"), exchanges("grunts_simpler.toml")
    assert simpler[0] < standard[0]
    assert simpler[1] > standard[1] + 0.5
    assert simpler[2] < standard[2]


# -- the order within a segment (G-191) --------------------------------------------------------


def with_learning(name: str, learning: int) -> dict[str, Any]:
    sheet = sample(name)
    return {**sheet, "abilities": {**sheet["abilities"], "learning": learning}}


class Announcer(Script):
    """A :class:`Script` that notes when it is asked to choose, and may delay its announcement."""

    def __init__(self, asked: list[tuple[int, str]], delay: int | None = None, **kw: Any) -> None:
        super().__init__(**kw)
        self.asked = asked
        if delay is not None:
            self.announce_delay = lambda encounter, actor: delay

    def choose(self, encounter: Encounter, actor: str) -> Intent | Wait | None:
        self.asked.append((encounter.now, actor))
        return super().choose(encounter, actor)


def announcing(delay: int | None) -> tuple[Encounter, list[tuple[int, str]]]:
    """Sinister (Learning 11) and Dexter (Learning 14) punch each other on segment 0."""
    asked: list[tuple[int, str]] = []
    minds = {
        "sinister": Announcer(asked, delay, intents={0: fist("dexter")}),
        "dexter": Announcer(asked, intents={0: fist("sinister")}),
    }
    encounter = grunts(
        minds,
        {"dexter": [8, 5, 5], "sinister": [7, 5, 5]},
        ground=RING,
        sheets={"sinister": with_learning("sinister", 11), "dexter": with_learning("dexter", 14)},
    )
    encounter.run(until=0)
    return encounter, asked


def test_mands_time_model_announcements_go_lowest_learning_first() -> None:
    """Seed: "Players announce their actions in order of learning (from lowest to highest)":
    Sinister's 11 before Dexter's 14, though the ids alone would put Dexter first."""
    _, asked = announcing(None)
    assert asked == [(0, "sinister"), (0, "dexter")]


def test_mands_time_model_a_delayed_announcement_comes_later_and_costs_the_delay() -> None:
    """Seed: "A character with a Learning of 11 announcing on 15 will have a penalty of 4 to
    their bonus pool": Sinister's mind delays 4 (``announce_delay``), so he announces after
    Dexter's 14, and his Combat Roll's pool is 2 − 4 = −2."""
    encounter, asked = announcing(4)
    assert asked == [(0, "dexter"), (0, "sinister")]
    (roll,) = of(encounter.log, RollMade, "sinister")
    assert roll.bonus_pool == -2


@pytest.mark.parametrize(
    ("order", "first"), [("rule", ["sinister", "dexter"]), ("id", ["dexter", "sinister"])]
)
def test_mands_time_model_one_segments_blows_land_highest_initiative_first(
    order: str, first: list[str]
) -> None:
    """Seed: "The character with the highest initiative goes first." Both roll Initiative 10;
    Sinister's 2 Q on speed raise his punch's to 12 (seed: "Quality Points can be used to
    increase Initiative ... on a 1 for 1 basis"). Both land on segment 2 (G-140: 10 or more
    share +2), Sinister's first though the ids would put Dexter's first — unless G-191 is
    switched to ``id``."""
    minds = {"dexter": punch_at(0, "sinister"), "sinister": punch_at(0, "dexter", Q(speed=2))}
    dice = {"dexter": [10, 5, 5], "sinister": [10, 2, 2]}
    encounter = grunts(minds, dice, ground=RING, defaults={"G191_segment_order": order})
    encounter.run(until=2)
    scheduled = of(encounter.log, TurnScheduled)
    assert {e.character: (e.initiative, e.resolves_at) for e in scheduled} == {
        "dexter": (10, 2),
        "sinister": (12, 2),
    }
    assert [e.character for e in of(encounter.log, AttackResolved)] == first


@pytest.mark.parametrize(("movement", "meters"), [("turn_end", 10.0), ("continuous", 7.5)])
def test_g192_runners_move_at_the_end_of_the_combat_turn(movement: str, meters: float) -> None:
    """Seed "Movement Roll": "Move at the end of the Combat Turn ... Multiply the character's
    movement (in decimeters/segment) by 10 for the number of meters moved that Combat Turn."
    Bear's run at .5 m/segment (as above): half-way through the turn (segment 5) he is still
    seen 10 m from Sinister, and 5 m nearer at its end; ``continuous`` (G-192) shows him where
    the run has got to: 7.5 m."""
    bear = sample("dexter", overrides={**sample("dexter")["overrides"], "move_roll": 21})
    runner = Script({0: run("far")}, {0: Q(ep=4, speed=5)})
    encounter = grunts(
        {"dexter": runner, "sinister": Script({5: None, 10: None})},
        {"dexter": [9, 9, 3], "sinister": [7]},
        sheets={"dexter": bear},
        defaults={"G192_turn_movement": movement},
    )
    encounter.run(until=5)
    assert (encounter.now, distance_now(encounter, "dexter", "sinister")) == (5, meters)
    encounter.run(until=10)
    assert (encounter.now, distance_now(encounter, "dexter", "sinister")) == (10, 5.0)


def test_mands_action_initiate_multiple_opponents_drop_the_initiative_by_one_per_attack() -> None:
    """Seed "Multiple Opponents": "rather than each attack working on subsequent Segments, the
    character's Initiative is dropped by 1 for each attack" (G-191). The hero (Initiative 8)
    sweeps a, b and c (``mands_rulebook.opponents``, as its own tests: dice 2 + 2, 1 Attack and
    1 damage Q each): the blows go on Initiative 8, 7 and 6 — segments 4, 5 and 6 of the turn,
    the follow-through blows starting mid-turn."""
    sweep = Intent("sweep", target="a", options={"targets": ["a", "b", "c"]})
    follow = [Intent("sweep-blow", target=t) for t in "bc"]
    events: list[Event] = []
    encounter = scene(
        {"heroes": {"hero": grunt()}, "mob": {i: grunt() for i in "abc"}},
        dice={"hero": [8, 2, 2], "a": [1], "b": [1], "c": [1]},
        minds={
            "hero": Plays(sweep, *follow, spend=Q(attack=3, damage=3)),
            **{i: Plays() for i in "abc"},
        },
        plugins={"simpler": SimplerCombat()},
        events=events,
    )
    encounter.run(until=10)
    assert [(e.action, e.initiative, e.resolves_at) for e in of(events, TurnScheduled)] == [
        ("sweep", 8, 4),
        ("sweep-blow", 7, 5),
        ("sweep-blow", 6, 6),
    ]
    assert [(e.segment, e.target) for e in of(events, AttackResolved)] == [
        (4, "a"),
        (5, "b"),
        (6, "c"),
    ]


def test_mands_action_initiate_a_reroll_spends_one_of_the_characters_editing_points() -> None:
    """G-194: with ``editing-points`` on too, the seed's "expend one Editing Point to re-roll
    their Initiative" spends one of the character's own (seed 000; G-151: a player character's
    4), "halved, then go to training in the action being performed". Sinister (the first side's
    Special: a player's, G-150) re-rolls 3 into 9 and has 3 points left; Dexter, the Editor's,
    has none, so his mind's wish to re-roll his 7 is not granted."""
    encounter = grunts(
        {
            "sinister": punch_at(0, "dexter", reroll=True),
            "dexter": punch_at(0, "sinister", reroll=True),
        },
        {"sinister": [3, 9, 5, 5], "dexter": [7, 5, 5]},
        ground=RING,
        plugins={"optional-rule:editing-points": EDITING_POINTS},
    )
    encounter.run(until=0)
    assert editing_points_in_play(encounter)
    rolled = [(e.character, e.roll, e.initiative) for e in of(encounter.log, InitiativeRolled)]
    assert rolled == [("dexter", 7, 7), ("sinister", 3, 3), ("sinister", 9, 9)]
    (used,) = of(encounter.log, EditingPointsUsed)
    assert (used.character, used.use, used.points, used.improves, used.training) == (
        "sinister",
        "initiative re-roll",
        1,
        "fist-attack",
        Fraction(1, 2),
    )
    left = [editing_points_left(encounter, who) for who in ("sinister", "dexter")]
    assert left == [3, 0]
