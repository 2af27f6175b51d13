"""The ``tactician``: scores every candidate action by its expected effect per segment and per EP.

Not rules text: a simulator's stand-in for a careful player (``docs/policies.md`` "Scored
policies"). Each time it may act, the tactician

1. asks the plugins for candidates (:mod:`mands_sim.policy.proposals`: only those the rules
   allow now) and an :class:`Estimator` what each would do (an :class:`Estimate`: the odds of
   an attack, or a value for anything else);
2. weighs an attack by the damage it is expected to do, from the charts: the chance of each
   Quality of the Combat Roll (2d10 with the Special 1-rule, :mod:`mands_sim.charts.odds`),
   Attack bought to meet the target's Defense (``docs/rules/combat.md`` §5–6), the rest as damage on
   the Doubles chart (G-11), a miss dealt out by G-14, and the target's Ignore Damage and Skin
   Temper (§7.3, rounded up by G-45);
3. scores it as that damage per segment over a horizon (an action that first needs a run or a
   draw loses the segments it takes), times ``1 + threat × threat + focus × focus + objective
   × stake`` for its target (the stake, G-237: 1 for a character performing an objective that
   would make the side lose), less ``ep_weight`` × the EP it costs per segment, scaled by how
   tired the character is; a candidate that postpones the fight (``relative``: a round of rest)
   scores as the best other allowed, at least 0, plus what it adds to the fight; the best
   positive score wins, ties to the earlier candidate;
4. with no candidate worth anything, falls back (the rulebook plugin's fallback closes in on the
   nearest enemy or waits).

Its Quality (:meth:`Tactician.allocate`) buys Attack up to the Defense the target will have when
the blow lands (a Defense the target's own action will set first counts, G-15), then tries each
split of the rest between speed, Defense and damage and keeps the one with the most damage dealt
less damage taken from the enemy blows in progress against it, per segment.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import lru_cache
from typing import Any, Final, Protocol

from mands_sim.actions import ActionInProgress, Intent, QualityAllocation, Wait
from mands_sim.charts.odds import quality_odds
from mands_sim.defaults import RuleDefaults
from mands_sim.kernel.contracts import ActionRefused, fighting
from mands_sim.kernel.encounter import Encounter
from mands_sim.objectives import (
    objective_reason,
    objective_targets,
    objective_wards,
    objectives_in_play,
    performing,
)
from mands_sim.policy.errors import PolicyOptionsError
from mands_sim.policy.explain import Explanation
from mands_sim.policy.presets import allocate as preset_allocation
from mands_sim.policy.priority import Decision, check_option_keys
from mands_sim.policy.proposals import proposed_actions
from mands_sim.policy.view import allowed, damage_dealt
from mands_sim.rolls import damage_bonus, defense_from_quality, reduced_performance_time
from mands_sim.rolls import spread_negative_quality as spread

TOP: Final = 3
"""Alternatives an explanation keeps (issue: "the top alternatives with their scores")."""

DEFAULT_HORIZON: Final = 50
"""Segments a score looks over: one round (``docs/rules/combat.md`` §1); a personality choice."""

MAX_SPEED_Q: Final = 6
"""The most Q the allocation tries on speed: 6 Q quarter the Performance Time (§5)."""

PACE_ROUNDS: Final = 20
"""At most this many refinements of a paced rate (:func:`paced_blow`; it settles in a few)."""

BONUS_ROWS: Final = 60
"""Damage-Q values whose Doubles-chart bonus is looked up ahead (beyond: the last one)."""

OPTIONS: Final = ("threat", "focus", "objective", "ep_weight", "defense_weight", "horizon")

DEFAULT_OBJECTIVE: Final = 2.0
"""The ``objective`` weight: a performer at its objective counts three times an ordinary target
(a personality choice, measured on the bank job: ``docs/policies.md``)."""

UNENDING: Final = 10_000
"""Segments a fight is reckoned at when nothing the character could do would hurt anyone."""

EP_FLOOR: Final = 1.0
"""EP reckoned left at or below zero, for the EP horizon (:meth:`Tactician.ep_bound`)."""

WAITING_STAKE: Final = 0.5
"""An objective's character not performing it now counts half (a personality choice)."""


@dataclass(frozen=True, slots=True)
class AttackOdds:
    """What an attack needs and does, before the dice: the Combat Roll with its pool bonus
    (``needed``), the Attack it must buy (the target's Defense when it lands, plus any penalty),
    the damage before Q and protection, the target's natural Ignore Damage and Skin Temper
    multiplier (after any bonus against it), and the Performance Time before speed.
    ``protections``, when the rules give them: every way the target's Cover rolls can fall,
    as (chance, Ignore Damage, multiplier), which the damage is then weighed over instead."""

    needed: int
    is_special: bool
    defense: int
    raw_damage: int
    ignore_damage: int
    multiplier: Fraction
    performance_time: int
    protections: tuple[tuple[float, int, Fraction], ...] = ()


@dataclass(frozen=True, slots=True)
class Estimate:
    """What one candidate would do, as the tactician weighs it.

    Attributes:
        intent: the candidate.
        kind: ``attack``, ``approach`` (a run to meet an enemy), ``draw``, ``guard`` (a
            protection), or anything else.
        target: the character it acts on or leads to (for the threat and focus terms).
        attack: the attack it is or leads to (``None``: ``value`` says what it is worth).
        delay: segments before that attack can start (the run, the draw).
        ep_cost: the EP of the attempt before Q (seed "EP Cost").
        value: damage-equivalent per segment, for a candidate with no ``attack``.
        blows: how many such attacks it is worth (1; a rule's second action in the segment: two,
        times the chance
            of its %Control roll).
        relative: ``value`` is what the candidate adds to the fight the character would
            otherwise fight (a round of rest postpones it): it scores as the best other
            candidate allowed now (at least 0) plus ``value`` (:meth:`Tactician.ranked`).
        detail: the parts of ``value`` in the game's units, for an explanation.
    """

    intent: Intent
    kind: str
    target: str | None = None
    attack: AttackOdds | None = None
    delay: int = 0
    ep_cost: Fraction = Fraction(0)
    value: float = 0.0
    blows: float = 1.0
    relative: bool = False
    detail: str = ""


class Estimator(Protocol):
    """The rulebook's knowledge of its actions (``mands_rulebook.policies.candidates`` gives
    one)."""

    def estimate(self, encounter: Encounter, actor: str, intent: Intent) -> Estimate | None:
        """What ``intent`` would do, or ``None`` when it is not understood."""
        ...

    def pending_blow(
        self, encounter: Encounter, attacker: str, action: ActionInProgress
    ) -> tuple[int, float] | None:
        """An attack in progress: its Attack and the damage its victim would take if it hits."""
        ...


@dataclass(frozen=True, slots=True)
class Scored:
    """A candidate with its score and the expected damage of the attack it is or leads to."""

    estimate: Estimate
    score: float
    damage: float = 0.0
    hit: float = 0.0
    per: float = 0.0
    """Segments the damage is reckoned over: the Performance Time, or the EP horizon's."""

    @property
    def terms(self) -> str:
        """The parts of the score in the game's units, for an explanation: an attack's chance
        to hit, expected damage, the segments it is reckoned over and its EP; a candidate with
        its own ``detail`` (a rest), that; another candidate's value in damage a segment."""
        estimate = self.estimate
        ep = f", {float(estimate.ep_cost):g} EP" if estimate.ep_cost else ""
        if estimate.detail:
            return f"{estimate.detail}{ep}"
        if estimate.attack is None:
            return f"worth {estimate.value:.2g} damage a segment{ep}" if estimate.value else ""
        wait = f" after {estimate.delay} segments" if estimate.delay else ""
        return (
            f"hits {100 * self.hit:.0f} %, {self.damage:.1f} damage{wait} "
            f"over {self.per:.0f} segments{ep}"
        )

    @property
    def label(self) -> str:
        intent = self.estimate.intent
        at = f" → {intent.target}" if intent.target else ""
        toward = intent.options.get("toward")
        return f"{intent.action}{at}" + (f" (toward {toward})" if toward else "")


# -- the odds -----------------------------------------------------------------------------------


@lru_cache(maxsize=65536)
def expected_blow(odds: AttackOdds, bonuses: tuple[int, ...]) -> tuple[float, float]:
    """(chance to hit, expected damage taken) of ``odds`` with every spare Q on damage.

    Q ≥ the Defense to meet hits with the rest on damage; a miss is dealt out by G-14 and hits
    only if its (negative) Attack still meets the Defense, its Damage share taken off directly.
    """
    hit = taken = 0.0
    for quality, chance in quality_odds(odds.needed, is_special=odds.is_special):
        if quality >= 0:
            if quality < odds.defense:
                continue
            bonus = bonuses[min(quality - max(0, odds.defense), len(bonuses) - 1)]
        else:
            shares = spread(quality)
            if shares.attack < odds.defense:
                continue
            bonus = shares.damage
        hit += float(chance)
        taken += float(chance) * damage_taken(odds, odds.raw_damage + bonus)
    return hit, taken


@lru_cache(maxsize=65536)
def paced_blow(odds: AttackOdds, bonuses: tuple[int, ...], defaults: RuleDefaults) -> float:
    """Expected damage per segment of ``odds`` blow after blow when each roll's spare Q is split
    between speed (up to :data:`MAX_SPEED_Q`, §5, G-28) and damage for the most damage per
    segment in the long run — a fighter pacing its blows with no thought for its EP. The rate is
    a blow's expected damage over its expected time (a miss, G-14, takes the full Performance
    Time); each roll's split is the one with the most damage less the rate times its time, the
    rate found by repeating that from the all-on-damage rate until it no longer rises
    (Dinkelbach's method), so never below :func:`expected_blow`'s rate."""
    full = odds.performance_time
    rolls: list[tuple[float, list[tuple[float, float]]]] = []
    for quality, chance in quality_odds(odds.needed, is_special=odds.is_special):
        paces = [(0.0, float(full))]
        if quality >= 0 and quality >= odds.defense:
            spare = quality - max(0, odds.defense)
            paces = [
                (
                    damage_taken(odds, odds.raw_damage + bonuses[min(spare - s, len(bonuses) - 1)]),
                    float(reduced_performance_time(full, s, defaults)),
                )
                for s in range(min(spare, MAX_SPEED_Q) + 1)
            ]
        elif quality < 0 and spread(quality).attack >= odds.defense:
            paces = [(damage_taken(odds, odds.raw_damage + spread(quality).damage), float(full))]
        rolls.append((float(chance), paces))
    rate = 0.0
    for _ in range(PACE_ROUNDS):
        damage = time = 0.0
        for share, paces in rolls:
            dealt, took = max(paces, key=lambda pace: pace[0] - rate * pace[1])
            damage, time = damage + share * dealt, time + share * took
        better = damage / max(time, 1.0)
        if better <= rate + 1e-12:
            break
        rate = better
    return rate


def damage_taken(odds: AttackOdds, raw: int) -> float:
    """Ignore Damage first, then Skin Temper, rounded up, never below 0 (§7.3, G-45); with
    ``protections``, the mean over the ways the Cover rolls can fall."""
    if not odds.protections:
        return math.ceil(max(0, raw - odds.ignore_damage) * odds.multiplier)
    return sum(
        chance * math.ceil(max(0, raw - ignore) * multiplier)
        for chance, ignore, multiplier in odds.protections
    )


def bonus_table(encounter: Encounter) -> tuple[int, ...]:
    """Damage Q → damage bonus on the Doubles chart (G-11), for Q 0 … :data:`BONUS_ROWS`."""
    charts = encounter.charts
    table = _TABLES.get(id(charts))
    if table is None or table[0] is not charts:
        table = (charts, tuple(damage_bonus(q, charts) for q in range(BONUS_ROWS + 1)))
        _TABLES[id(charts)] = table
    return table[1]


_TABLES: dict[int, tuple[Any, tuple[int, ...]]] = {}


# -- weights ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Weights:
    """How the tactician weighs what it could do (its options; ``docs/policies.md``).

    ``threat``: extra weight on a target attacking the character (or, with ``guard_allies``,
    any of its side, or an objective ward of its side) or that has dealt the most damage;
    ``focus``: extra weight on a target the attack may finish, or that allies are attacking;
    ``objective``: extra weight on a target whose objective would make the side lose (G-237),
    in full while it performs it, :data:`WAITING_STAKE` otherwise; ``ep_weight``: EP per
    segment counted against a score, scaled by the share of EP spent; ``defense_weight``:
    damage taken counted against damage dealt when splitting Q; ``horizon``: segments a score
    looks over.
    """

    threat: float = 0.5
    focus: float = 0.5
    objective: float = DEFAULT_OBJECTIVE
    ep_weight: float = 0.5
    defense_weight: float = 1.0
    horizon: int = DEFAULT_HORIZON
    guard_allies: bool = False

    @classmethod
    def from_options(cls, options: Mapping[str, Any], **defaults: Any) -> Weights:
        """Weights from ``policy_options``; a bad value is a :class:`PolicyOptionsError`."""
        base = cls(**defaults)

        def weight(name: str) -> float:
            return _number(options.get(name, getattr(base, name)), name)

        horizon = options.get("horizon", base.horizon)
        if isinstance(horizon, bool) or not isinstance(horizon, int) or horizon < 1:
            raise PolicyOptionsError("horizon", "segments, a whole number ≥ 1")
        return replace(
            base,
            threat=weight("threat"),
            focus=weight("focus"),
            objective=weight("objective"),
            ep_weight=weight("ep_weight"),
            defense_weight=weight("defense_weight"),
            horizon=horizon,
        )


def _number(raw: object, key: str) -> float:
    if isinstance(raw, bool) or not isinstance(raw, int | float) or not 0 <= raw < math.inf:
        raise PolicyOptionsError(key, "a number ≥ 0")
    return float(raw)


# -- the policy ---------------------------------------------------------------------------------

Fallback = Callable[[Encounter, str], Decision]
TargetFilter = Callable[[Encounter, str, Sequence[Scored]], Sequence[Scored]]


def no_fallback(encounter: Encounter, actor: str) -> Decision:
    """Nothing worth doing: look again in one Combat Turn (10 segments, seed "Simpler Combat")."""
    return Wait(encounter.now + 10, "nothing worth doing")


@dataclass
class _Memory:
    key: tuple[int, int, str] = (0, -1, "")
    decision: Decision = None
    why: Explanation | None = None
    ranked: tuple[Scored, ...] = field(default_factory=tuple)


class Tactician:
    """Scored candidates: the best expected damage per segment and per EP (module docstring).

    ``estimator`` knows the actions; ``fallback`` decides when nothing scores above 0;
    ``first``, when given, is asked before anything is scored and its answer, if not ``None``,
    is taken (a rule plugin's word: resting or giving up below zero EP, G-232);
    ``narrow`` may keep only some scored candidates (the ``focus-fire`` personality keeps those
    at one target); ``name`` goes into every reason.
    """

    def __init__(
        self,
        estimator: Estimator,
        *,
        weights: Weights = Weights(),
        fallback: Fallback = no_fallback,
        narrow: TargetFilter | None = None,
        name: str = "tactician",
        first: Fallback | None = None,
    ) -> None:
        self.estimator = estimator
        self.first = first
        self.weights = weights
        self.fallback = fallback
        self.narrow = narrow
        self.name = name
        self.passive_actions = False
        self._memory = _Memory()

    # -- the Mind protocol --

    def choose(self, encounter: Encounter, actor: str) -> Decision:
        early = None if self.first is None else self.first(encounter, actor)
        if early is not None:
            why = Explanation(f"{self.name}: {early.reason}")
            self._memory = _Memory(_key(encounter, actor), early, why, ())
            return early
        ranked = self.ranked(encounter, actor)
        best = ranked[0] if ranked and ranked[0].score > 0 else None
        if best is None:
            decision = self.fallback(encounter, actor)
            reason = f"{self.name}: nothing scores above 0, fallback"
            why = Explanation(reason, _alternatives(ranked), (0.0, *_scores(ranked[:TOP])))
        else:
            aim = self.objective_note(encounter, actor, best.estimate.target)
            decision = replace(best.estimate.intent, reason=f"{self.name}: {best.label}{aim}")
            terms = f" ({best.terms})" if best.terms else ""
            why = Explanation(
                f"{self.name}: {best.label} scores {best.score:.3g}{terms}{aim}",
                _alternatives(ranked[1:]),
                _scores(ranked),
            )
        self._memory = _Memory(_key(encounter, actor), decision, why, tuple(ranked))
        return decision

    def allocate(
        self, encounter: Encounter, actor: str, intent: Intent, quality: int
    ) -> QualityAllocation:
        return self.allocations(encounter, actor, intent, quality)[0][0]

    def explain(self, encounter: Encounter, actor: str, intent: Intent) -> Explanation | None:
        """Why ``intent`` was chosen, if it is this policy's latest choice for ``actor`` now."""
        memory = self._memory
        if memory.key != _key(encounter, actor) or memory.decision != intent:
            return None
        return memory.why

    # -- scoring --

    def ranked(self, encounter: Encounter, actor: str) -> list[Scored]:
        """The best allowed candidates the estimator understands, best score first (stable):
        the best and :data:`TOP` more. Candidates are scored first and asked about (the clock
        and the refusal hooks) best first, until that many are allowed; a ``relative`` one
        (a rest) then scores as the best other allowed, at least 0, plus its value."""
        estimates = [
            e
            for e in (
                self.estimator.estimate(encounter, actor, i)
                for i in proposed_actions(encounter, actor)
            )
            if e is not None
        ]
        scored = [self.score(encounter, actor, e) for e in estimates]
        if self.narrow is not None:
            scored = list(self.narrow(encounter, actor, scored))
        asked: dict[int, bool] = {}

        def may(index: int) -> bool:
            if index not in asked:
                asked[index] = allowed(encounter, actor, scored[index].estimate.intent)
            return asked[index]

        order = sorted(range(len(scored)), key=lambda i: (-scored[i].score, i))
        if any(s.estimate.relative for s in scored):
            best = next(
                (scored[i].score for i in order if not scored[i].estimate.relative and may(i)), 0.0
            )
            scored = [
                replace(s, score=max(0.0, best) + s.score) if s.estimate.relative else s
                for s in scored
            ]
            order = sorted(range(len(scored)), key=lambda i: (-scored[i].score, i))
        kept: list[Scored] = []
        for index in order:
            if may(index):
                kept.append(scored[index])
                if len(kept) > TOP:
                    break
        return kept

    def score(self, encounter: Encounter, actor: str, estimate: Estimate) -> Scored:
        """One candidate's score (module docstring, step 3)."""
        weights = self.weights
        if estimate.attack is None:
            span = max(1, estimate.delay + 1)
            return Scored(
                estimate, estimate.value - self._ep_term(encounter, actor, estimate, span)
            )
        hit, damage = expected_blow(estimate.attack, bonus_table(encounter))
        time = estimate.attack.performance_time
        lead = max(0, weights.horizon - estimate.delay) / weights.horizon
        paced = max(time, self.ep_bound(encounter, actor, estimate.ep_cost, damage / time))
        rate = damage * estimate.blows / paced * lead
        rate *= self.target_weight(encounter, actor, estimate.target, damage)
        span = estimate.delay + time
        score = rate - self._ep_term(encounter, actor, estimate, span)
        return Scored(estimate, score, damage, hit, paced)

    def ep_bound(self, encounter: Encounter, actor: str, ep_cost: Fraction, rate: float) -> float:
        """Segments one action must take, on average, for the character's EP to last the fight
        (the EP horizon): the fight's expected length (:func:`fight_length`, ``rate`` the
        action's damage per segment) times the action's EP over the EP left above zero (G-232
        stops a character below it). While EP is plenty this is below any Performance Time and
        changes nothing; when it is scarce, an action's damage counts per EP, not per segment."""
        if not ep_cost:
            return 0.0
        left = max(EP_FLOOR, float(encounter.state[actor].endurance_points))
        length = fight_length(encounter, actor, rate, self.weights.horizon)
        return float(ep_cost) * length / left

    def _ep_term(self, encounter: Encounter, actor: str, estimate: Estimate, span: int) -> float:
        state = encounter.state[actor]
        full = max(1, int(state.character.figured.endurance_points))
        tired = min(1.0, max(0.0, 1 - float(state.endurance_points) / full))
        return self.weights.ep_weight * tired * float(estimate.ep_cost) / max(1, span)

    def target_weight(
        self, encounter: Encounter, actor: str, target: str | None, damage: float
    ) -> float:
        """``1 + threat × its threat + focus × its focus + objective × its stake`` (each
        between 0 and 1)."""
        if target is None or target not in encounter.state.ids():
            return 1.0
        weights = self.weights
        return (
            1.0
            + weights.threat * self.threat(encounter, actor, target)
            + (weights.focus * focus(encounter, actor, target, damage))
            + weights.objective * stake(encounter, actor, target)
        )

    def objective_note(self, encounter: Encounter, actor: str, target: str | None) -> str:
        """`` (objective: …)`` when the objective term weighed ``target`` (G-237), else ``""``."""
        if target is None or not self.weights.objective or not stake(encounter, actor, target):
            return ""
        reason = objective_reason(encounter, actor, target)
        return f" ({reason})" if reason else ""

    def threat(self, encounter: Encounter, actor: str, target: str) -> float:
        """1 for an enemy whose action in progress is aimed at the character (or, guarding
        allies, at anyone of its side); else its share of the most damage any enemy has dealt."""
        side = encounter.state[actor].side
        guarded = {
            s.character_id
            for s in encounter.state
            if s.character_id == actor or (self.weights.guard_allies and s.side == side)
        }
        guarded.update(objective_wards(encounter, actor))  # G-237
        if any(a.intent.target in guarded for a in encounter.state[target].actions):
            return 1.0
        dealt = damage_dealt(encounter)
        most = max(
            (dealt.get(s.character_id, 0) for s in encounter.state if s.side != side), default=0
        )
        return dealt.get(target, 0) / most if most else 0.0

    # -- Quality --

    def allocations(
        self, encounter: Encounter, actor: str, intent: Intent, quality: int
    ) -> list[tuple[QualityAllocation, float]]:
        """Every split of ``quality`` the tactician weighs for ``intent``, best first, each with
        its score (damage dealt less damage taken, per segment); a non-attack gets the
        ``balanced`` preset alone."""
        estimate = self.estimator.estimate(encounter, actor, intent)
        if estimate is None or estimate.attack is None or estimate.kind != "attack":
            return [(_preset(encounter, intent, quality), 0.0)]
        odds = estimate.attack
        damage = expected_blow(odds, bonus_table(encounter))[1]
        bound = self.ep_bound(encounter, actor, estimate.ep_cost, damage / odds.performance_time)
        splits = _splits(encounter, actor, estimate.attack, intent, quality, self, bound)
        return sorted(splits, key=lambda pair: -pair[1]) or [(QualityAllocation(), 0.0)]

    def incoming(self, encounter: Encounter, actor: str) -> list[tuple[int, int, float]]:
        """Enemy blows in progress at the character: (lands at, Attack, damage if it hits)."""
        side = encounter.state[actor].side
        blows = []
        for state in encounter.state:
            if state.side == side or not state.in_action:
                continue
            for action in state.actions:
                if action.intent.target != actor:
                    continue
                blow = self.estimator.pending_blow(encounter, state.character_id, action)
                if blow is not None:
                    blows.append((action.completes_at, blow[0], blow[1]))
        return blows


def fight_length(encounter: Encounter, actor: str, rate: float, horizon: int) -> float:
    """Segments the fight is expected to last for ``actor``, at least ``horizon``: its enemies'
    VP and DP left over the damage per segment its side deals — as dealt so far, once a
    ``horizon`` has passed with damage dealt; before, ``rate`` (the action weighed) from each
    ally in action."""
    side = encounter.state[actor].side
    enemies = [s for s in encounter.state if s.side != side and fighting(encounter, s)]
    if not enemies:
        return float(horizon)
    health = sum(s.health_left for s in enemies)
    ours = {s.character_id for s in encounter.state if s.side == side}
    dealt = sum(v for who, v in damage_dealt(encounter).items() if who in ours)
    if dealt > 0 and encounter.now >= horizon:
        return max(float(horizon), health * encounter.now / dealt)
    allies = sum(1 for s in encounter.state if s.side == side and fighting(encounter, s))
    return max(float(horizon), health / max(rate * max(1, allies), 1 / UNENDING))


def landing_defense(encounter: Encounter, target: str, lands: int) -> int:
    """The Defense ``target`` will have when a blow lands at ``lands``: its own action that
    completes by then sets a new one (G-15), the last of them counting."""
    pending = [
        (a.completes_at, a.prepared.whole("defense"))
        for a in encounter.state[target].actions
        if "defense" in a.prepared and a.completes_at <= lands
    ]
    return max(pending)[1] if pending else encounter.state[target].defense


def stake(encounter: Encounter, actor: str, target: str) -> float:
    """1 for a character performing an objective that would make ``actor``'s side lose,
    :data:`WAITING_STAKE` for one that could, 0 otherwise (G-237)."""
    specs = objectives_in_play(encounter)
    if target not in objective_targets(encounter, actor):
        return 0.0
    state = encounter.state[target]
    busy = any(target in s.characters and performing(state, s) for s in specs)
    return 1.0 if busy else WAITING_STAKE


def focus(encounter: Encounter, actor: str, target: str, damage: float) -> float:
    """Half the share of the target's VP and DP left the attack is expected to take, half the
    share of the character's allies whose actions in progress are aimed at it."""
    state = encounter.state[target]
    left = max(1, state.virtual_damage_points + state.damage_points)
    side = encounter.state[actor].side
    allies = [
        s for s in encounter.state if s.side == side and s.character_id != actor and s.in_action
    ]
    on_it = sum(1 for s in allies if any(a.intent.target == target for a in s.actions))
    return 0.5 * min(1.0, damage / left) + 0.5 * (on_it / len(allies) if allies else 0.0)


def _splits(
    encounter: Encounter,
    actor: str,
    odds: AttackOdds,
    intent: Intent,
    quality: int,
    tactician: Tactician,
    ep_bound: float = 0.0,
) -> list[tuple[QualityAllocation, float]]:
    """Each split of ``quality`` with its score: damage dealt per segment — per the segments
    the EP horizon allows an action (``ep_bound``) when that is longer than its time, so that
    speed bought with EP the fight will miss is worth nothing — less damage taken."""
    target = intent.target
    assert target is not None
    quality = max(0, quality)
    bonuses = bonus_table(encounter)
    current = encounter.state[actor].defense
    incoming = tactician.incoming(encounter, actor)
    weight = tactician.weights.defense_weight
    penalty = odds.defense - landing_defense(
        encounter, target, encounter.now + odds.performance_time
    )
    found: list[tuple[QualityAllocation, float]] = []
    for speed in range(0, min(quality, MAX_SPEED_Q) + 1):
        time = reduced_performance_time(odds.performance_time, speed, encounter.defaults)
        lands = encounter.now + time
        needed = max(0, landing_defense(encounter, target, lands) + penalty)
        hits = quality - speed >= needed
        attack = needed if hits else 0
        rest = quality - speed - attack
        for on_defense in range(0, rest + 1, 2):
            damage = rest - on_defense
            dealt = damage_taken(odds, odds.raw_damage + bonuses[min(damage, len(bonuses) - 1)])
            dealt = dealt if hits else 0
            mine = defense_from_quality(on_defense)
            taken = sum(
                harm
                for when, blow_attack, harm in incoming
                if blow_attack >= (mine if when > lands else current)
            )
            split = QualityAllocation(attack=attack, defense=on_defense, speed=speed, damage=damage)
            score = dealt / max(time, ep_bound) - weight * taken / odds.performance_time
            found.append((split, score))
    return found


def _preset(encounter: Encounter, intent: Intent, quality: int) -> QualityAllocation:
    try:
        row = encounter.rules.definition(intent.action).ep_row
    except ActionRefused:
        row = 0
    defense = encounter.state[intent.target].defense if intent.target else None
    return preset_allocation("balanced", quality, action=intent.action, defense=defense, ep_row=row)


def _key(encounter: Encounter, actor: str) -> tuple[int, int, str]:
    return (id(encounter), encounter.now, actor)


def _alternatives(ranked: Sequence[Scored]) -> tuple[str, ...]:
    return tuple(f"{s.label} ({s.terms})" if s.terms else s.label for s in ranked[:TOP])


def _scores(ranked: Sequence[Scored]) -> tuple[float, ...]:
    return tuple(round(s.score, 4) for s in ranked[: TOP + 1])


def weights_from_options(options: Mapping[str, Any], **defaults: Any) -> Weights:
    """Check ``options`` for the tactician's keys (and only those) and read its weights."""
    check_option_keys(options, OPTIONS)
    return Weights.from_options(options, **defaults)
