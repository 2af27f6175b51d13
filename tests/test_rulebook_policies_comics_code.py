"""The Comics Code (``mands_rulebook.policies.comics_code``): a hero keeping it spares a villain
who is
nearly out and never strikes one who is down; without it, it may do both."""

from __future__ import annotations

from typing import Any

import pytest

from mands_rulebook.policies.comics_code import (
    CODE_TEXT,
    WITHHOLD,
    BlowPulled,
    CodeBound,
    ScoredCodeBound,
    attacks_the_fallen,
    code_option,
    keeping_code,
    lethal,
    life_at_stake,
    restrained,
)
from mands_rulebook.policies.personalities import priority
from mands_rulebook.policies.presets import NearestEnemy
from mands_rulebook.policies.tacticians import hero, lookahead, tactician
from mands_sim.actions import Intent, QualityAllocation, Wait
from mands_sim.events import AttackResolved, BackInAction, DamageTaken, Event, OutOfAction
from mands_sim.kernel import futures as futures_module
from mands_sim.kernel.encounter import Encounter
from mands_sim.kernel.snapshot import recreate as played_future
from mands_sim.policy import lookahead as lookahead_policy
from mands_sim.policy.errors import PolicyOptionsError
from mands_sim.policy.lookahead import Lookahead
from mands_sim.policy.tactician import Estimate, Scored
from tests.data.arena import hurt, opened, simulation

PUNCH = Intent("fist-attack", target="sinister")
PUNCH_LABEL = "fist-attack → sinister"


def street(**defaults: Any) -> Encounter:
    """Dexter and Sinister face to face at ``a`` (Hand Damage 6 each; Sinister's Body DP 5,
    Defense 0, an Injury roll against 12: its worst failure takes 8 DP, G-18, G-69)."""
    return opened(
        {
            "dexter": ("heroes", "a", "dexter", "nearest-enemy", {}),
            "sinister": ("villains", "a", "sinister", None, {}),
        },
        defaults=defaults or None,
    )


def test_the_code_is_quoted_from_the_rulebook() -> None:
    assert CODE_TEXT.startswith("Never use more force than is necessary to subdue a villain.")
    assert CODE_TEXT.endswith("never attack an unconscious villain.")


def test_a_blow_on_a_villain_with_vp_to_spare_would_not_kill() -> None:
    encounter = street()
    assert not any(lethal(encounter, "dexter", PUNCH, q) for q in range(12))


def test_a_blow_is_lethal_when_its_injury_roll_could_kill() -> None:
    """4 VP and 5 DP left: a punch of 6 (no damage Q) takes 2 DP, no Injury roll; with 1 Q (+1,
    G-11) it takes 3 DP, at least half the 5, so an Injury roll whose worst failure (8) leaves
    2 − 8 = −6 ≤ −5: dead (G-17, G-18, G-242 ``worst``)."""
    encounter = street()
    hurt(encounter, "sinister", vp=4, dp=5)
    assert not lethal(encounter, "dexter", PUNCH, 0)
    assert lethal(encounter, "dexter", PUNCH, 1)


def test_under_g242_blow_only_the_blows_own_damage_counts() -> None:
    encounter = street(G242_code_injury_risk="blow")
    hurt(encounter, "sinister", vp=4, dp=5)
    assert not lethal(encounter, "dexter", PUNCH, 1)  # 5 − 3 = 2 DP left
    hurt(encounter, "sinister", vp=0, dp=1)
    assert lethal(encounter, "dexter", PUNCH, 0)  # 1 − 6 = −5: dead


def test_the_code_moves_the_killing_q_from_damage_to_defense() -> None:
    """8 Q: ``nearest-enemy`` buys 0 Attack (Defense 0), 3 speed, 5 damage. Every damage Q would
    kill, so the 5 go to Defense (4, +2) and the odd one to speed (G-240 ``defense``)."""
    encounter = street()
    hurt(encounter, "sinister", vp=4, dp=5)
    plain = NearestEnemy({}).allocate(encounter, "dexter", PUNCH, 8)
    bound = CodeBound(NearestEnemy({})).allocate(encounter, "dexter", PUNCH, 8)
    assert plain == QualityAllocation(attack=0, speed=3, damage=5)
    assert bound == QualityAllocation(attack=0, defense=4, speed=4, damage=0)


@pytest.mark.parametrize(
    ("rule", "expected"),
    [
        ("speed", QualityAllocation(speed=8)),
        ("ep", QualityAllocation(defense=0, speed=3, ep=5)),  # fist-attack's row 5 → row 0
    ],
)
def test_g240_puts_the_spared_q_where_it_says(rule: str, expected: QualityAllocation) -> None:
    encounter = street(G240_spared_quality=rule)
    hurt(encounter, "sinister", vp=4, dp=5)
    assert CodeBound(NearestEnemy({})).allocate(encounter, "dexter", PUNCH, 8) == expected


def test_the_code_leaves_a_blow_that_would_not_kill_alone() -> None:
    encounter = street()
    bound = CodeBound(NearestEnemy({})).allocate(encounter, "dexter", PUNCH, 8)
    assert bound == QualityAllocation(attack=0, speed=3, damage=5)


def test_the_hero_keeps_its_best_split_that_would_not_kill() -> None:
    """The hero's own best split of 8 Q puts 4 on damage (speed beyond what its EP horizon
    allows is worth nothing); keeping the Code it takes the best split with none (6 speed, 2
    Defense); ``comics_code = false`` keeps the 4."""
    encounter = street()
    hurt(encounter, "sinister", vp=4, dp=5)
    bound = hero({}).allocate(encounter, "dexter", PUNCH, 8)
    free = hero({"comics_code": False}).allocate(encounter, "dexter", PUNCH, 8)
    assert bound == QualityAllocation(attack=0, defense=2, speed=6, damage=0)
    assert free.damage == 4 and lethal(encounter, "dexter", PUNCH, free.damage)


class PrefersTheClub:
    """A scored mind whose best candidate is the club, then a punch (as a tactician ranks them
    when the club does more)."""

    def __init__(self, target: str) -> None:
        club = Intent("weapon-attack", target=target, options={"weapon": "club"})
        punch = Intent("fist-attack", target=target)
        self.candidates = [
            Scored(Estimate(club, "attack", target), 0.66),
            Scored(Estimate(punch, "attack", target), 0.57),
        ]

    def choose(self, encounter: Encounter, actor: str) -> Intent:
        return self.candidates[0].estimate.intent

    def ranked(self, encounter: Encounter, actor: str) -> list[Scored]:
        return list(self.candidates)


def test_a_scored_hero_whose_club_would_kill_pulls_a_punch_instead_of_waiting() -> None:
    """Sinister at no VP and 3 DP: a club (damage 6 + Hand Damage, not to be held back) would
    kill, so the Code turns from the mind's choice to the best candidate it allows, a punch
    with Hand Damage withheld, rather than waiting for a blow that never comes."""
    encounter = street()
    hurt(encounter, "sinister", vp=0, dp=3)
    club = Intent("weapon-attack", target="sinister", options={"weapon": "club"})
    assert lethal(encounter, "dexter", club, 0)
    bound = ScoredCodeBound(PrefersTheClub("sinister"))
    decision = bound.choose(encounter, "dexter")
    assert isinstance(decision, Intent) and decision.action == "fist-attack"
    assert decision.options[WITHHOLD] > 0 and decision.reason.startswith("the Comics Code")
    assert not lethal(encounter, "dexter", decision, 0)
    assert isinstance(CodeBound(PrefersTheClub("sinister")).choose(encounter, "dexter"), Wait)


def test_a_punch_that_would_kill_with_no_q_withholds_hand_damage() -> None:
    """No VP, 5 DP: a punch of 6 would leave −1 and call for an Injury roll (worst −9); withheld
    by 4 (seed "Hand Damage") it takes 2, leaving 3 and no roll."""
    encounter = street()
    hurt(encounter, "sinister", vp=0, dp=5)
    pulled = restrained(encounter, "dexter", PUNCH)
    assert isinstance(pulled, Intent) and pulled.options["withhold_damage"] == 4
    assert not lethal(encounter, "dexter", pulled, 0)


def test_the_code_strikes_no_death_shot() -> None:
    shot = Intent("fist-attack", target="sinister", options={"death_shot": True})
    kept = restrained(street(), "dexter", shot)
    assert isinstance(kept, Intent) and "death_shot" not in kept.options


def test_an_ally_down_frees_the_hero_to_strike_as_its_policy_would() -> None:
    """G-243 ``ally-down``: with an ally unconscious and Sinister still fighting, the Code's
    exception ("to protect the life of someone else") holds; under ``never`` it does not."""
    cast = {
        "dexter": ("heroes", "a", "dexter", None, {}),
        "ally": ("heroes", "a", "dexter", None, {}),
        "sinister": ("villains", "a", "sinister", None, {}),
    }
    for rule, expected in (("ally-down", 5), ("never", 0)):
        encounter = opened(cast, defaults={"G243_code_exception": rule})
        encounter.emit([OutOfAction(0, "ally", "unconscious")])
        hurt(encounter, "sinister", vp=4, dp=5)
        assert life_at_stake(encounter, "dexter") is (rule == "ally-down")
        split = CodeBound(NearestEnemy({})).allocate(encounter, "dexter", PUNCH, 8)
        assert split.damage == expected


def test_an_enemy_hostage_standing_puts_no_life_at_stake() -> None:
    """G-243 with G-235: the ally is down but the only enemy still in action is a hostage held
    by the villains, who threatens nobody: the Code holds."""
    cast = {
        "dexter": ("heroes", "a", "dexter", None, {}),
        "ally": ("heroes", "a", "dexter", None, {}),
        "sinister": ("villains", "a", "sinister", None, {}),
        "clerk": ("villains", "b", "dexter", None, {}),
    }
    for role, at_stake in (("hostage", False), ("combatant", True)):
        encounter = opened(cast, roles={"clerk": role})
        encounter.emit([OutOfAction(0, "ally", "unconscious")])
        encounter.emit([OutOfAction(0, "sinister", "unconscious")])
        assert life_at_stake(encounter, "dexter") is at_stake


def test_the_comics_code_option_is_checked() -> None:
    with pytest.raises(PolicyOptionsError) as raised:
        hero({"comics_code": "yes"})
    assert raised.value.key == "comics_code"
    assert code_option({"comics_code": True, "threat": 1}, default=False) == (True, {"threat": 1})


def test_the_hero_keeps_the_code_by_default_and_the_others_on_request() -> None:
    assert isinstance(hero({}), CodeBound)
    assert not isinstance(hero({"comics_code": False}), CodeBound)
    assert not isinstance(tactician({}), CodeBound)
    assert isinstance(tactician({"comics_code": True}), CodeBound)
    assert isinstance(priority({"rules": [], "comics_code": True}), CodeBound)


# -- never an unconscious villain ----------------------------------------------------------


class PunchOnce:
    """Punches ``target`` at the first chance, then waits; spends Q on Attack and damage."""

    def __init__(self, target: str) -> None:
        self.target = target
        self.struck = False

    def choose(self, encounter: Encounter, actor: str) -> Intent | Wait:
        if self.struck:
            return Wait(encounter.now + 100, "done")
        self.struck = True
        return Intent("fist-attack", target=self.target)

    def allocate(
        self, encounter: Encounter, actor: str, intent: Intent, quality: int
    ) -> QualityAllocation:
        return QualityAllocation(damage=max(0, quality))


class Idle:
    def choose(self, encounter: Encounter, actor: str) -> Wait:
        return Wait(encounter.now + 100, "idle")

    def allocate(
        self, encounter: Encounter, actor: str, intent: Intent, quality: int
    ) -> QualityAllocation:
        return QualityAllocation()


def knocked_out_mid_blow(
    dexter: object, *, fall: Event | None = None, **defaults: Any
) -> list[Event]:
    """Dexter's punch at Sinister is on its way when Sinister falls unconscious (or ``fall``
    happens to him instead); the grunt at ``d`` keeps the fight going. Dice: every roll 5 + 5."""
    cast = {
        "dexter": ("heroes", "a", "dexter", None, {}),
        "sinister": ("villains", "a", "sinister", None, {}),
        "grunt": ("villains", "d", "sinister", None, {}),
    }
    run = simulation(
        cast,
        defaults=defaults or None,
        dice={"dexter": [5] * 40, "sinister": [5] * 40},
        minds={"dexter": dexter, "sinister": Idle(), "grunt": Idle()},
    )
    encounter = run.start()
    encounter.run(until=1)
    assert encounter.state["dexter"].actions  # the punch is on its way
    encounter.emit([fall or OutOfAction(encounter.now, "sinister", "unconscious")])
    encounter.run(until=40)
    return list(encounter.log)


def test_the_code_pulls_a_blow_at_a_villain_who_fell() -> None:
    log = knocked_out_mid_blow(CodeBound(PunchOnce("sinister")))
    assert [e for e in log if isinstance(e, BlowPulled)] == [
        BlowPulled(
            next(e.segment for e in log if isinstance(e, BlowPulled)),
            "dexter",
            "sinister",
            "fist-attack",
        )
    ]
    assert not [e for e in log if isinstance(e, AttackResolved | DamageTaken)]


def test_the_code_pulls_a_blow_that_would_now_kill() -> None:
    """Struck at a Sinister with all his VP; before it lands he is down to 1 Body DP and no VP
    (a blow from elsewhere): the punch would now kill, so it is pulled (G-241)."""
    nearly_out = DamageTaken(1, "sinister", "nobody", 0, 0, 0, 1)
    log = knocked_out_mid_blow(CodeBound(PunchOnce("sinister")), fall=nearly_out)
    assert [(e.character, e.target) for e in log if isinstance(e, BlowPulled)] == [
        ("dexter", "sinister")
    ]
    free = knocked_out_mid_blow(PunchOnce("sinister"), fall=nearly_out)
    assert [e.target for e in free if isinstance(e, AttackResolved)] == ["sinister"]


def test_without_the_code_the_blow_lands_on_the_fallen() -> None:
    log = knocked_out_mid_blow(PunchOnce("sinister"))
    assert not [e for e in log if isinstance(e, BlowPulled)]
    assert [e.target for e in log if isinstance(e, AttackResolved)] == ["sinister"]


def test_under_g241_land_the_coded_blow_lands_too() -> None:
    log = knocked_out_mid_blow(CodeBound(PunchOnce("sinister")), G241_pulled_blows="land")
    assert [e.target for e in log if isinstance(e, AttackResolved)] == ["sinister"]


def test_the_code_chooses_no_blow_at_a_fallen_villain() -> None:
    encounter = street()
    encounter.emit([OutOfAction(encounter.now, "sinister", "unconscious")])
    assert isinstance(CodeBound(PunchOnce("sinister")).choose(encounter, "dexter"), Wait)
    assert isinstance(PunchOnce("sinister").choose(encounter, "dexter"), Intent)


def hits_on_the_fallen(log: list[Event], heroes: set[str]) -> int:
    """Attacks by ``heroes`` resolved at a character then out of action."""
    down: set[str] = set()
    hits = 0
    for event in log:
        if isinstance(event, OutOfAction):
            down.add(event.character)
        elif isinstance(event, BackInAction):
            down.discard(event.character)
        elif isinstance(event, AttackResolved) and event.character in heroes:
            hits += event.target in down
    return hits


def brawl(code: bool, seed: int) -> tuple[int, bool]:
    """Two heroes against two Sinisters at ``a``: hits on the fallen, and a villain's death."""
    log: list[Event] = []
    options = {"comics_code": code}
    cast = {
        "dexter": ("heroes", "a", "dexter", "hero", options),
        "dex2": ("heroes", "a", "dexter", "hero", options),
        "sinister": ("villains", "a", "sinister", None, {}),
        "sin2": ("villains", "a", "sinister", None, {}),
    }
    result = simulation(cast, seed=seed, limit=600).run(observers=[log.append])
    died = any(c.side == "villains" and c.condition == "dead" for c in result.characters)
    return hits_on_the_fallen(log, {"dexter", "dex2"}), died


def test_heroes_keeping_the_code_never_strike_the_fallen_and_rarely_kill() -> None:
    """Seeds 0–11 (measured over seeds 0–39: with the Code no hit on the fallen, 40 blows pulled
    and 6 runs with a villain's death, all while an ally was down, G-243; without, 19 hits on
    the fallen in 18 runs and 34 runs with a death)."""
    kept = [brawl(True, seed) for seed in range(12)]
    dropped = [brawl(False, seed) for seed in range(12)]
    assert sum(hits for hits, _ in kept) == 0
    assert sum(hits for hits, _ in dropped) > 0
    assert sum(died for _, died in kept) < sum(died for _, died in dropped)


# -- looking ahead ---------------------------------------------------------------------------


def hits_on_the_fallen_in_futures(code: bool, seed: int) -> tuple[int, int]:
    """Two ``lookahead`` heroes against two Sinisters at ``a``: the futures they played
    (re-created, so that they can be read here), and the attacks the heroes resolved in them at
    a villain then out of action."""
    futures: list[Encounter] = []

    def kept(*args: Any, **kwargs: Any) -> Encounter:
        futures.append(played_future(*args, **kwargs))
        return futures[-1]

    options = {"comics_code": code, "horizon": 20, "rollouts": 2, "candidates": 2}
    cast = {
        "dexter": ("heroes", "a", "dexter", "lookahead", options),
        "dex2": ("heroes", "a", "dexter", "lookahead", options),
        "sinister": ("villains", "a", "sinister", None, {}),
        "sin2": ("villains", "a", "sinister", None, {}),
    }
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(lookahead_policy, "default_player", futures_module.ReplayedFutures)
        patch.setattr(futures_module, "recreate", kept)
        simulation(cast, seed=seed, limit=300).run()
    heroes = {"dexter", "dex2"}
    return len(futures), sum(hits_on_the_fallen(list(f.log), heroes) for f in futures)


def test_a_lookahead_hero_plays_its_futures_by_the_code() -> None:
    """Seeds 0 and 4: keeping the Code, no hero strikes a fallen villain in any future it plays
    (measured: seeds 0–5, horizon 20, 1 rollout: 180 futures, none); without it, its futures
    do (7 hits on the fallen in 136 futures, in seeds 0 and 4: blows struck before the villain
    fell, which the Code would pull, G-241)."""
    for seed in (0, 4):
        futures, hits = hits_on_the_fallen_in_futures(True, seed)
        assert futures > 0 and hits == 0
    assert sum(hits_on_the_fallen_in_futures(False, seed)[1] for seed in (0, 4)) > 0


def test_a_lookahead_keeping_the_code_stands_on_a_tactician_keeping_it() -> None:
    """Its candidates, splits and futures are the Code's; a plugin's question (``pull_blow``)
    reaches the Code through it."""
    mind = lookahead({"comics_code": True})
    assert isinstance(mind, Lookahead) and isinstance(mind.base, ScoredCodeBound)
    assert mind.rollout_mind() is mind.base
    assert mind.pull_blow.__func__ is CodeBound.pull_blow  # type: ignore[attr-defined]
    assert not isinstance(lookahead({}).base, CodeBound)


class RanksBlows:
    """A scored mind ranking a punch at each of ``targets``, whoever they are."""

    def __init__(self, *targets: str) -> None:
        self.targets = targets

    def ranked(self, encounter: Encounter, actor: str) -> list[Scored]:
        intents = [Intent("fist-attack", target=t) for t in self.targets]
        return [Scored(Estimate(i, "attack", i.target), 1.0) for i in intents]

    def allocations(
        self, encounter: Encounter, actor: str, intent: Intent, quality: int
    ) -> list[tuple[QualityAllocation, float]]:
        return [(QualityAllocation(damage=quality), 1.0)]


def test_a_scored_mind_keeping_the_code_ranks_no_blow_at_a_fallen_villain() -> None:
    encounter = opened(
        {
            "dexter": ("heroes", "a", "dexter", None, {}),
            "sinister": ("villains", "a", "sinister", None, {}),
            "grunt": ("villains", "a", "sinister", None, {}),
        }
    )
    encounter.emit([OutOfAction(encounter.now, "sinister", "unconscious")])
    bound = keeping_code(RanksBlows("sinister", "grunt"), True)
    assert isinstance(bound, ScoredCodeBound)
    assert [s.estimate.target for s in bound.ranked(encounter, "dexter")] == ["grunt"]


def test_a_scored_mind_keeping_the_code_ranks_its_blows_restrained() -> None:
    """Sinister at 0 VP and 1 DP: a full punch (Hand Damage 6) would kill, so the hero's ranked
    punch withholds Hand Damage until it would not (seed "Hand Damage")."""
    encounter = street()
    hurt(encounter, "sinister", vp=0, dp=1)
    (free,) = [s for s in tactician({}).ranked(encounter, "dexter") if s.label == PUNCH_LABEL]
    bound = tactician({"comics_code": True}).ranked(encounter, "dexter")
    (held,) = [s for s in bound if s.label == PUNCH_LABEL]
    assert lethal(encounter, "dexter", free.estimate.intent, 0)
    assert held.estimate.intent.options.get("withhold_damage", 0) > 0
    assert not lethal(encounter, "dexter", held.estimate.intent, 0)


def test_a_scored_mind_keeping_the_code_offers_no_split_that_would_kill() -> None:
    """Sinister at 4 VP and 5 DP: every split with damage Q would kill (G-17, G-242), so the
    hero's splits offered to a lookahead carry none."""
    encounter = street()
    hurt(encounter, "sinister", vp=4, dp=5)
    free = tactician({}).allocations(encounter, "dexter", PUNCH, 8)
    bound = tactician({"comics_code": True}).allocations(encounter, "dexter", PUNCH, 8)
    assert any(split.damage > 0 for split, _ in free)
    assert bound and all(split.damage == 0 for split, _ in bound)


# -- blows the estimator does not know (G-257) ------------------------------------------------

KICK = Intent("martial-kick", target="sinister")


@pytest.mark.parametrize("action", ["martial-kick", "body-smash", "sweep", "lift-and-throw"])
def test_an_unestimated_blow_is_judged_as_a_punch(action: str) -> None:
    """4 VP and 5 DP left: as for the punch, no damage Q is safe, 1 Q would kill (G-257)."""
    encounter = street()
    hurt(encounter, "sinister", vp=4, dp=5)
    blow = Intent(action, target="sinister")
    assert (lethal(encounter, "dexter", blow, 0), lethal(encounter, "dexter", blow, 1)) == (
        False, True
    )  # fmt: skip


def test_under_g257_unjudged_an_unestimated_blow_never_would_kill() -> None:
    encounter = street(G257_unestimated_blows="unjudged")
    hurt(encounter, "sinister", vp=0, dp=1)
    assert not any(lethal(encounter, "dexter", KICK, q) for q in range(4))
    assert restrained(encounter, "dexter", KICK) == KICK


def test_a_martial_blow_that_would_kill_withholds_hand_damage_and_a_sweep_is_not_struck() -> None:
    """0 VP and 1 DP left: the kick holds back Hand Damage as a punch does; a sweep cannot."""
    encounter = street()
    hurt(encounter, "sinister", vp=0, dp=1)
    held = restrained(encounter, "dexter", KICK)
    assert isinstance(held, Intent) and held.options["withhold_damage"] > 0
    assert not lethal(encounter, "dexter", held, 0)
    assert isinstance(restrained(encounter, "dexter", Intent("sweep", target="sinister")), Wait)


def test_the_code_starts_no_martial_blow_at_a_fallen_villain() -> None:
    encounter = street()
    encounter.emit([OutOfAction(encounter.now, "sinister", "unconscious")])
    assert attacks_the_fallen(encounter, "dexter", KICK)
    assert isinstance(CodeBound(KickOnce()).choose(encounter, "dexter"), Wait)


class KickOnce:
    def choose(self, encounter: Encounter, actor: str) -> Intent:
        return KICK

    def allocate(
        self, encounter: Encounter, actor: str, intent: Intent, quality: int
    ) -> QualityAllocation:
        return QualityAllocation(damage=max(0, quality))
