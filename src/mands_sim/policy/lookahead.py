"""The ``lookahead`` policy: its best candidates searched in simulated futures, the best kept.

Not rules text: a simulator's stand-in for a player who thinks ahead (``docs/policies.md``
"Lookahead"). It stands on a scored policy (the ``tactician``, its *base*):

* **Actions.** When it may act and the base's best candidates are a close call (the best
  ``candidates``, default 3, whose scores are within ``margin`` of the best one's), they are
  searched by *sequential halving* within ``rollouts`` futures a look (default 12): the base's
  choice is played in every round, and in each of ⌈log₂ challengers⌉ rounds it and every
  challenger still in the race get an equal share of what is left of the budget, the better
  half of the challengers by mean value going on. A future plays ``horizon`` segments (default
  50, one round) from the very state the decision is taken in (:mod:`mands_sim.kernel.futures`:
  a forked copy of the process, or an encounter re-created from a snapshot where processes
  cannot fork), with this character committed to the candidate and then played by the base,
  every other character by its own policy (another lookahead by its base), and is scored by
  ``value``. Future *r* of every candidate draws the same dice (common random numbers, branch
  ``(actor, segment, log length, r)``), so candidates are compared on the same luck and the
  whole decision is deterministic. The best challenger replaces the base's choice only if,
  future by future, it does better by more than ``confidence`` (default 2) standard errors.
* **Quality** (``allocations``, default false): once the roll is known, the base's best
  ``candidates`` splits of the Q are searched the same way (off by default: it multiplied a
  duel's cost by 14 with no gain measured, ``docs/policies.md`` "Strength and cost").
* **Values.** ``win``: 1 if the character's side has won when the future ends, 0 if it lost
  (0.5 for a draw), and otherwise 0.5 plus half the difference between what the enemies lost
  and what its own side lost, each half its share of VP and DP and half its share of EP
  (:data:`EP_SHARE`); ``damage``: VP and DP the enemies lost
  less those its side lost (a character out of action counts as losing all it had left).

Any other question a plugin asks the mind (the Comics Code's ``pull_blow``, a surprise buy-down …)
goes to the base, in the encounter and in its futures alike: a base that keeps the Comics Code
(``mands_rulebook.policies.comics_code``) ranks only what the Code allows, and so the futures are
played by the Code too.

With a single candidate, no recorded encounter (a simulation built with ``record=True``, and
put in ``encounter.context["simulation"]``), scripted dice, outside :meth:`Encounter.run`, or
inside another lookahead's future, it decides as its base does. :attr:`Lookahead.stats` counts
looks, futures and the time spent.
"""

from __future__ import annotations

import contextvars
import math
import statistics
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import partial
from typing import Any, Final, Literal, Protocol, TypeVar, cast

from mands_sim.actions import Intent, QualityAllocation
from mands_sim.kernel.contracts import Mind
from mands_sim.kernel.encounter import Encounter
from mands_sim.kernel.futures import (
    Answer,
    FuturePlayer,
    InFuture,
    Try,
    default_player,
)
from mands_sim.kernel.snapshot import JournaledMind
from mands_sim.kernel.state import EncounterState
from mands_sim.policy.errors import PolicyOptionsError
from mands_sim.policy.explain import Explanation
from mands_sim.policy.priority import Decision
from mands_sim.policy.tactician import TOP, Scored

Value = Literal["win", "damage"]
VALUES: Final = ("win", "damage")
OPTIONS: Final = (
    "horizon",
    "rollouts",
    "candidates",
    "value",
    "allocations",
    "margin",
    "confidence",
)
SIMULATION_KEY: Final = "simulation"
"""``encounter.context`` key of the :class:`~mands_sim.simulation.Simulation` to re-create from."""

LIMITS: Final = {"horizon": 3000, "rollouts": 1000, "candidates": 8}
"""The most each whole-number option may be: a scenario cannot ask for an endless look."""

LIMITS_REAL: Final = 1000.0
"""The most ``margin`` and ``confidence`` may be."""

T = TypeVar("T")

_DEPTH: contextvars.ContextVar[int] = contextvars.ContextVar("lookahead_depth", default=0)


class Base(Protocol):
    """What the lookahead stands on: a mind that can rank its candidates and Q splits."""

    passive_actions: bool

    def choose(self, encounter: Encounter, actor: str) -> Decision: ...

    def allocate(
        self, encounter: Encounter, actor: str, intent: Intent, quality: int
    ) -> QualityAllocation: ...

    def ranked(self, encounter: Encounter, actor: str) -> list[Scored]: ...

    def allocations(
        self, encounter: Encounter, actor: str, intent: Intent, quality: int
    ) -> list[tuple[QualityAllocation, float]]: ...

    def explain(self, encounter: Encounter, actor: str, intent: Intent) -> Explanation | None: ...


@dataclass(frozen=True, slots=True)
class Settings:
    """The lookahead's options (``docs/policies.md``)."""

    horizon: int = 50
    rollouts: int = 12
    candidates: int = 3
    value: Value = "win"
    allocations: bool = False
    margin: float = 0.25
    confidence: float = 2.0

    @classmethod
    def from_options(cls, options: Mapping[str, Any]) -> Settings:
        """Read and check ``horizon``, ``rollouts``, ``candidates``, ``value``, ``allocations``,
        ``margin`` and ``confidence`` (other keys are the base's)."""
        base = cls()
        numbers = {n: _whole(options.get(n, getattr(base, n)), n) for n in LIMITS}
        value = options.get("value", base.value)
        if value not in VALUES:
            raise PolicyOptionsError("value", f"one of {', '.join(VALUES)}")
        allocations = options.get("allocations", base.allocations)
        if not isinstance(allocations, bool):
            raise PolicyOptionsError("allocations", "true or false")
        margin = _share(
            options.get("margin", base.margin),
            "margin",
            "a share ≥ 0 of the best score (0.25: within 25 %)",
        )
        confidence = _share(
            options.get("confidence", base.confidence),
            "confidence",
            "standard errors ≥ 0 a candidate must win by to replace the base's choice",
        )
        return cls(
            value=cast(Value, value),
            allocations=allocations,
            margin=margin,
            confidence=confidence,
            **numbers,
        )


def _share(raw: object, key: str, expected: str) -> float:
    number = isinstance(raw, int | float) and not isinstance(raw, bool)
    if not number or not 0 <= cast(float, raw) <= LIMITS_REAL:  # NaN too
        raise PolicyOptionsError(key, f"{expected}, at most {LIMITS_REAL:g}")
    return float(cast(float, raw))


def _whole(raw: object, key: str) -> int:
    most = LIMITS[key]
    if isinstance(raw, bool) or not isinstance(raw, int) or not 1 <= raw <= most:
        raise PolicyOptionsError(key, f"a whole number from 1 to {most}")
    return raw


def split_options(options: Mapping[str, Any]) -> tuple[Settings, dict[str, Any]]:
    """The lookahead's settings and the rest of ``options`` (for the base)."""
    settings = Settings.from_options(options)
    return settings, {k: v for k, v in options.items() if k not in OPTIONS}


@dataclass
class Stats:
    """What the lookahead has done: looks (decisions searched in futures), futures played,
    seconds spent on them."""

    decisions: int = 0
    futures: int = 0
    seconds: float = 0.0

    @property
    def per_decision(self) -> float:
        """Seconds per look (0 before the first)."""
        return self.seconds / self.decisions if self.decisions else 0.0


@dataclass(frozen=True, slots=True)
class Searched:
    """What the search found for each candidate, in the base's order: the values of the
    futures it was tried in (common random numbers: future *r* of each on the same dice).
    Candidate 0, the base's choice, is played in every round; another replaces it only if,
    future by future, it does better by more than ``confidence`` standard errors."""

    values: tuple[tuple[float, ...], ...]
    confidence: float = 2.0

    def mean(self, index: int) -> float:
        values = self.values[index]
        return sum(values) / len(values) if values else -math.inf

    def spread(self, index: int) -> float:
        """The standard deviation of the candidate's futures (0 for fewer than two)."""
        values = self.values[index]
        return statistics.stdev(values) if len(values) > 1 else 0.0

    def gain(self, index: int) -> tuple[float, float]:
        """How much better the candidate did than the base's choice on the same futures: the
        mean of the differences and its standard error (infinite for fewer than two)."""
        pairs = list(zip(self.values[index], self.values[0], strict=False))
        differences = [mine - base for mine, base in pairs]
        if len(differences) < 2:
            return (statistics.fmean(differences) if differences else 0.0), math.inf
        error = statistics.stdev(differences) / math.sqrt(len(differences))
        return statistics.fmean(differences), error

    @property
    def challenger(self) -> int | None:
        """The best of the other candidates tried longest (ties: the base's order)."""
        others = range(1, len(self.values))
        longest = max((len(self.values[i]) for i in others), default=0)
        finalists = [i for i in others if len(self.values[i]) == longest and longest]
        return max(finalists, key=lambda i: (self.mean(i), -i)) if finalists else None

    @property
    def best(self) -> int:
        """The challenger if it beats the base's choice beyond the futures' noise, else 0."""
        challenger = self.challenger
        if challenger is None:
            return 0
        gain, error = self.gain(challenger)
        return challenger if gain > 0 and gain > self.confidence * error else 0

    def summary(self, index: int) -> str:
        """``0.62 ± 0.21 over 6 futures``."""
        count = len(self.values[index])
        return f"{self.mean(index):.3g} ± {self.spread(index):.2g} over {count} futures"


@dataclass
class _Memory:
    key: tuple[int, int, str] = (0, -1, "")
    decision: Decision = None
    why: Explanation | None = None


class Committed:
    """A re-created future's mind for the deciding character: its first answer is the
    candidate, then the base answers."""

    def __init__(
        self, base: Base, *, intent: Intent | None = None, split: QualityAllocation | None = None
    ) -> None:
        self.base = base
        self.intent = intent
        self.split = split
        self.passive_actions = base.passive_actions

    def choose(self, encounter: Encounter, actor: str) -> Decision:
        if self.intent is not None:
            intent, self.intent = self.intent, None
            return intent
        return self.base.choose(encounter, actor)

    def allocate(
        self, encounter: Encounter, actor: str, intent: Intent, quality: int
    ) -> QualityAllocation:
        if self.split is not None:
            split, self.split = self.split, None
            return split
        return self.base.allocate(encounter, actor, intent, quality)

    def __getattr__(self, name: str) -> Any:
        return _asked_of_base(self, name)

    def __dir__(self) -> list[str]:
        return sorted({*super().__dir__(), *dir(self.base)})


def _asked_of_base(mind: Committed | Lookahead, name: str) -> Any:
    """A question a plugin may ask a mind (``pull_blow``, ``buy_down_surprise`` …), answered by
    the base, so a future plays the character as its base would."""
    if name.startswith("_") or name == "base":
        raise AttributeError(name)  # not set yet (copying, unpickling): never recurse
    return getattr(mind.base, name)


class Lookahead:
    """Candidates searched in simulated futures (module docstring)."""

    def __init__(
        self,
        base: Base,
        settings: Settings = Settings(),
        *,
        name: str = "lookahead",
        player: FuturePlayer | None = None,
    ) -> None:
        self.base = base
        self.settings = settings
        self.name = name
        self.player = player or default_player()
        self.passive_actions = base.passive_actions
        self.stats = Stats()
        self._memory = _Memory()

    def rollout_mind(self) -> Mind:
        """Who plays this character in another lookahead's futures: its base."""
        return cast(Mind, self.base)

    def __getattr__(self, name: str) -> Any:
        return _asked_of_base(self, name)

    def __dir__(self) -> list[str]:
        return sorted({*super().__dir__(), *dir(self.base)})

    # -- the Mind protocol --

    def choose(self, encounter: Encounter, actor: str) -> Decision:
        first = getattr(self.base, "first", None)  # a tactician's word before scoring (G-232)
        if callable(first) and first(encounter, actor) is not None:
            return self._remember(encounter, actor, self.base.choose(encounter, actor), None)
        ranked = self.base.ranked(encounter, actor)
        tried = self._close([s for s in ranked if s.score > 0], [s.score for s in ranked])
        if len(tried) < 2 or not self._can_look(encounter):
            return self._as_base(encounter, actor, "no close call" if len(tried) < 2 else "")
        answers = [
            Answer(
                s.estimate.intent,
                self.base,
                partial(Committed, self.base, intent=s.estimate.intent),
            )
            for s in tried
        ]
        found = self._search(encounter, actor, answers)
        if isinstance(found, InFuture):
            return cast(Intent, found.answer)
        best = found.best
        chosen = tried[best].estimate.intent
        label = tried[best].label
        decision = Intent(chosen.action, chosen.target, f"{self.name}: {label}", chosen.options)
        others = sorted(
            (i for i in range(len(tried)) if i != best),
            key=lambda i: (-len(found.values[i]), -found.mean(i), i),
        )
        why = Explanation(
            f"{self.name}: {label}, {self.settings.value} {found.summary(best)} of "
            f"{self.settings.horizon} segments",
            tuple(f"{tried[i].label} ({found.summary(i)})" for i in others[:TOP]),
            tuple(round(found.mean(i), 4) for i in [best, *others[:TOP]]),
        )
        return self._remember(encounter, actor, decision, why)

    def _as_base(self, encounter: Encounter, actor: str, skipped: str) -> Decision:
        """The base's decision, its explanation saying why nothing was looked at."""
        decision = self.base.choose(encounter, actor)
        why = None
        if isinstance(decision, Intent):
            why = self.base.explain(encounter, actor, decision)
        if why is not None:
            skipped = skipped or "no future to look into here"
            why = replace(why, reason=f"{self.name} ({skipped}) → {why.reason}")
        return self._remember(encounter, actor, decision, why)

    def allocate(
        self, encounter: Encounter, actor: str, intent: Intent, quality: int
    ) -> QualityAllocation:
        splits: dict[QualityAllocation, float] = {}
        for split, score in self.base.allocations(encounter, actor, intent, quality):
            splits.setdefault(split, score)
        ranked = sorted(splits, key=lambda split: -splits[split])
        distinct = self._close(ranked, [splits[split] for split in ranked])
        if not self.settings.allocations or len(distinct) < 2 or not self._can_look(encounter):
            return self.base.allocate(encounter, actor, intent, quality)
        answers = [Answer(s, self.base, partial(Committed, self.base, split=s)) for s in distinct]
        found = self._search(encounter, actor, answers)
        if isinstance(found, InFuture):
            return cast(QualityAllocation, found.answer)
        return distinct[found.best]

    def _close(self, ranked: Sequence[T], scores: Sequence[float]) -> list[T]:
        """The best ``candidates`` of ``ranked`` (best first) whose score is within ``margin``
        of the best one's: only a close call is worth looking ahead for."""
        if not ranked:
            return []
        floor = scores[0] - self.settings.margin * abs(scores[0])
        close = [item for item, score in zip(ranked, scores, strict=False) if score >= floor]
        return close[: self.settings.candidates]

    def explain(self, encounter: Encounter, actor: str, intent: Intent) -> Explanation | None:
        memory = self._memory
        if memory.key != (id(encounter), encounter.now, actor) or memory.decision != intent:
            return None
        return memory.why

    def _remember(
        self, encounter: Encounter, actor: str, decision: Decision, why: Explanation | None
    ) -> Decision:
        self._memory = _Memory((id(encounter), encounter.now, actor), decision, why)
        return decision

    # -- the search --

    def _can_look(self, encounter: Encounter) -> bool:
        simulation = encounter.context.get(SIMULATION_KEY)
        return (
            _DEPTH.get() == 0
            and encounter.running
            and simulation is not None
            and getattr(simulation, "dice", None) is None
            and isinstance(next(iter(encounter.minds.values()), None), JournaledMind)
        )

    def _search(
        self, encounter: Encounter, actor: str, answers: Sequence[Answer]
    ) -> Searched | InFuture:
        """Sequential halving over ``answers`` (module docstring), within ``rollouts`` futures;
        in a forked future, the answer it plays."""
        started = time.perf_counter()
        settings = self.settings
        others = rollout_minds(encounter, actor)
        baseline = vitality_by_side(encounter.state)

        def value(future: Encounter) -> float:
            return value_of(future, actor, baseline, settings.value)

        values: list[list[float]] = [[] for _ in answers]
        challengers = list(range(1, len(answers)))
        rounds = max(1, math.ceil(math.log2(len(challengers))))
        left = settings.rollouts
        for round_ in range(rounds):
            alive = [0, *challengers]  # the base's choice is played every round
            more = left // (len(alive) * (rounds - round_))
            if more < 1:
                break
            owners = [i for i in alive for _ in range(more)]
            tries = [
                Try(actor, answers[i], others, (actor, encounter.now, len(encounter.log), r))
                for i in alive
                for r in range(len(values[i]), len(values[i]) + more)
            ]
            played = self._play(encounter, tries, value)
            if isinstance(played, InFuture):
                return played
            for owner, result in zip(owners, played, strict=True):
                values[owner].append(result)
            left -= len(tries)
            challengers.sort(key=lambda i: (-sum(values[i]) / len(values[i]), i))
            challengers = challengers[: max(1, math.ceil(len(challengers) / 2))]
        self.stats.decisions += 1
        self.stats.futures += settings.rollouts - left
        self.stats.seconds += time.perf_counter() - started
        return Searched(tuple(tuple(v) for v in values), settings.confidence)

    def _play(
        self, encounter: Encounter, tries: Sequence[Try], value: Callable[[Encounter], float]
    ) -> list[float] | InFuture:
        token = _DEPTH.set(_DEPTH.get() + 1)
        played: list[float] | InFuture = []
        try:
            played = self.player.play(encounter, tries, self.settings.horizon, value)
        finally:
            if not isinstance(played, InFuture):  # a forked future never looks again
                _DEPTH.reset(token)
        return played


def rollout_minds(encounter: Encounter, actor: str) -> dict[str, Mind]:
    """Every other character whose mind has a ``rollout_mind`` (another lookahead) is played by
    what it names in the futures; the rest by their own rebuilt policies."""
    found: dict[str, Mind] = {}
    for other, mind in encounter.minds.items():
        inner = mind.mind if isinstance(mind, JournaledMind) else mind
        stand_in: Callable[[], Mind] | None = getattr(inner, "rollout_mind", None)
        if other != actor and callable(stand_in):
            found[other] = stand_in()
    return found


# -- values ---------------------------------------------------------------------------------------


EP_SHARE: Final = 0.5
"""How much of a running future's ``win`` value the EP each side spent weighs, against the VP
and DP it lost (a personality choice: EP spent now is blows missing later, G-232, G-231)."""


@dataclass(frozen=True, slots=True)
class SideVitality:
    """VP and DP a side has left (out-of-action characters count 0) and had at full; and its
    EP left (below zero too) and at full."""

    left: int
    full: int = field(default=1)
    endurance: float = 0.0
    full_endurance: float = 1.0


def vitality_by_side(state: EncounterState) -> dict[str, SideVitality]:
    sides: dict[str, list[float]] = {}
    for character in state:
        figured = character.character.figured
        full = int(figured.virtual_damage_points) + int(figured.body_damage_points)
        left = character.health_left
        totals = sides.setdefault(character.side, [0, 0, 0.0, 0.0])
        totals[0] += left if character.in_action else 0
        totals[1] += full
        totals[2] += float(character.endurance_points) if character.in_action else 0.0
        totals[3] += float(figured.endurance_points)
    return {
        side: SideVitality(int(left), max(1, int(full)), endurance, max(1.0, full_endurance))
        for side, (left, full, endurance, full_endurance) in sides.items()
    }


def value_of(
    future: Encounter, actor: str, baseline: Mapping[str, SideVitality], value: Value
) -> float:
    """How good a future is for ``actor``'s side (module docstring, "Values")."""
    side = future.state[actor].side
    now = vitality_by_side(future.state)
    lost = {s: baseline[s].left - now[s].left for s in baseline}
    if value == "damage":
        return float(sum(n for s, n in lost.items() if s != side) - lost[side])
    ended = future.ended
    if ended is not None and ended.reason != "time limit":
        return 1.0 if ended.winner == side else 0.5 if ended.winner is None else 0.0
    theirs = statistics.fmean(_share_lost(baseline[s], now[s]) for s in baseline if s != side)
    ours = _share_lost(baseline[side], now[side])
    return 0.5 + 0.5 * max(-1.0, min(1.0, theirs - ours))


def _share_lost(before: SideVitality, after: SideVitality) -> float:
    """The share of its VP and DP a side lost, and of its EP (:data:`EP_SHARE` of the whole)."""
    vitality = (before.left - after.left) / before.full
    endurance = (before.endurance - after.endurance) / before.full_endurance
    return (1 - EP_SHARE) * vitality + EP_SHARE * endurance


__all__ = [
    "EP_SHARE",
    "SIMULATION_KEY",
    "Committed",
    "Lookahead",
    "Searched",
    "Settings",
    "Stats",
    "rollout_minds",
    "split_options",
    "value_of",
    "vitality_by_side",
]
