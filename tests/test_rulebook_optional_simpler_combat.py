"""Simpler Combat, the optional rule (``mands_rulebook.optional.simpler_combat``; seed "Simpler
Combat",
"Simpler Combat Example"; ``docs/rules/combat.md`` §19; G-09, G-37, G-38, G-140 … G-145)."""

from __future__ import annotations

import tempfile
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from mands_rulebook.kit.movement.pace import PaceChanged
from mands_rulebook.kit.positions import distance_now
from mands_rulebook.optional.simpler_combat.clock import CombatTurns
from mands_rulebook.optional.simpler_combat.initiative import InitiativeRolled
from mands_rulebook.optional.simpler_combat.scheduling import TurnScheduled
from mands_sim.actions import Intent, QualityAllocation, Wait
from mands_sim.batch.records import RunRecord
from mands_sim.batch.runner import BatchOptions, run_batch
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
from tests.data.fighters import sample

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


# -- the rule, off unless listed ----------------------------------------------------------------


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


def test_initiate_q_buys_initiative_one_for_one(example: Played) -> None:
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


def test_initiate_damage_q_one_for_one(example: Played) -> None:
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


def test_initiate_pushback_does_not_apply(example: Played) -> None:
    """Seed: "Pushback does not apply": starting a punch during a run, or a re-roll, leaves the
    run ending where it did (the kernel's +1 is taken back first), on a turn's end."""
    net: dict[int, int] = {}
    for event in of(example.log, PushedBack):
        if event.reason != "a slower pace":
            net[event.action_id] = net.get(event.action_id, 0) + event.segments
    assert net and set(net.values()) == {0}
    runs = [a for s in example.encounter.state for a in s.actions if a.name == "move"]
    assert sorted(a.completes_at % 10 for a in runs) == [0, 0]


# -- the rest of the rule (helpers the other modules' tests share, Bear's Move Roll) -----------


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
