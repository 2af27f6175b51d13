"""The ``lookahead`` policy: try each of the best candidates in simulated futures, keep the best.

Not rules text: a simulator's stand-in for a player who thinks ahead (``docs/policies.md``
"Lookahead"). It stands on a scored policy (the ``tactician``, its *base*):

* **Actions.** When it may act, the base ranks the candidates; the best ``candidates`` of them
  (default 3) are each tried in ``rollouts`` simulated futures (default 4) of ``horizon``
  segments (default 50, one round): the encounter is re-created from a snapshot
  (:mod:`mands_sim.kernel.snapshot`) with this character committed to the candidate and then
  played by the base, every other character by its own policy (another lookahead by its base),
  and each future is scored by ``value``. Rollout *r* of every candidate draws the same dice
  after the snapshot (common random numbers, branch ``(actor, segment, log length, r)``), so the
  comparison is fair and the whole decision deterministic. The best mean wins; ties go to the
  base's order.
* **Quality** (``allocations``, default true): once the roll is known, the base's best
  ``candidates`` splits of the Q are tried the same way.
* **Values.** ``win``: 1 if the character's side has won when the future ends, 0 if it lost
  (0.5 for a draw), and otherwise 0.5 plus half the difference between the share of VP and DP
  the enemies have lost and the share its own side has; ``damage``: VP and DP the enemies lost
  less those its side lost (a character out of action counts as losing all it had left).

Any other question a plugin asks the mind (the Comics Code's ``pull_blow``, a surprise
buy-down …) goes to the base, in the encounter and in its futures alike: a base that keeps the
Comics Code (``mands_rulebook.comics_code``) ranks only what the Code allows, and so the futures
are played by the Code too.

With a single candidate, no recorded encounter (a simulation built with ``record=True``, and
put in ``encounter.context["simulation"]``), scripted dice, or inside another lookahead's
future, it decides as its base does. :attr:`Lookahead.stats` counts decisions, futures and the
time spent.
"""

from __future__ import annotations

import contextvars
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Final, Literal, Protocol, TypeVar, cast

from mands_sim.actions import Intent, QualityAllocation
from mands_sim.kernel.encounter import Encounter, Mind
from mands_sim.kernel.snapshot import (
    JournaledMind,
    Recreatable,
    Snapshot,
    SnapshotError,
    recreate,
    take_snapshot,
)
from mands_sim.kernel.state import EncounterState
from mands_sim.policy.errors import PolicyOptionsError
from mands_sim.policy.explain import Explanation
from mands_sim.policy.priority import Decision
from mands_sim.policy.tactician import TOP, Scored

Value = Literal["win", "damage"]
VALUES: Final = ("win", "damage")
OPTIONS: Final = ("horizon", "rollouts", "candidates", "value", "allocations", "margin")
SIMULATION_KEY: Final = "simulation"
"""``encounter.context`` key of the :class:`~mands_sim.simulation.Simulation` to re-create from."""

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
    rollouts: int = 3
    candidates: int = 2
    value: Value = "win"
    allocations: bool = True
    margin: float = 0.25

    @classmethod
    def from_options(cls, options: Mapping[str, Any]) -> Settings:
        """Read and check ``horizon``, ``rollouts``, ``candidates``, ``value``, ``allocations``
        and ``margin`` (other keys are the base's)."""
        base = cls()
        numbers = {
            n: _whole(options.get(n, getattr(base, n)), n)
            for n in ("horizon", "rollouts", "candidates")
        }
        value = options.get("value", base.value)
        if value not in VALUES:
            raise PolicyOptionsError("value", f"one of {', '.join(VALUES)}")
        allocations = options.get("allocations", base.allocations)
        if not isinstance(allocations, bool):
            raise PolicyOptionsError("allocations", "true or false")
        margin = options.get("margin", base.margin)
        if isinstance(margin, bool) or not isinstance(margin, int | float) or margin < 0:
            raise PolicyOptionsError("margin", "a share ≥ 0 of the best score (0.25: within 25 %)")
        return cls(
            value=cast(Value, value), allocations=allocations, margin=float(margin), **numbers
        )


def _whole(raw: object, key: str) -> int:
    if isinstance(raw, bool) or not isinstance(raw, int) or raw < 1:
        raise PolicyOptionsError(key, "a whole number ≥ 1")
    return raw


def split_options(options: Mapping[str, Any]) -> tuple[Settings, dict[str, Any]]:
    """The lookahead's settings and the rest of ``options`` (for the base)."""
    settings = Settings.from_options(options)
    return settings, {k: v for k, v in options.items() if k not in OPTIONS}


@dataclass
class Stats:
    """What the lookahead has done: decisions looked ahead, futures played, seconds spent."""

    decisions: int = 0
    futures: int = 0
    seconds: float = 0.0

    @property
    def per_decision(self) -> float:
        """Seconds per decision looked ahead (0 before the first)."""
        return self.seconds / self.decisions if self.decisions else 0.0


@dataclass
class _Memory:
    key: tuple[int, int, str] = (0, -1, "")
    decision: Decision = None
    why: Explanation | None = None


class Committed:
    """A rollout's mind for the deciding character: its first answer is the candidate, then the
    base answers."""

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
    """Candidates tried in simulated futures (module docstring)."""

    def __init__(
        self, base: Base, settings: Settings = Settings(), *, name: str = "lookahead"
    ) -> None:
        self.base = base
        self.settings = settings
        self.name = name
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
            decision = self.base.choose(encounter, actor)
            why = (
                self.base.explain(encounter, actor, decision)
                if isinstance(decision, Intent)
                else None
            )
            if why is not None:
                skipped = "no close call" if len(tried) < 2 else "no future to look into here"
                why = replace(why, reason=f"{self.name} ({skipped}) → {why.reason}")
            return self._remember(encounter, actor, decision, why)
        values = self._futures(
            encounter, actor, [Committed(self.base, intent=s.estimate.intent) for s in tried]
        )
        best = max(range(len(tried)), key=lambda i: (values[i], -i))
        chosen = tried[best].estimate.intent
        label = tried[best].label
        decision = Intent(chosen.action, chosen.target, f"{self.name}: {label}", chosen.options)
        others = [i for i in range(len(tried)) if i != best]
        why = Explanation(
            f"{self.name}: {label}, {self.settings.value} {values[best]:.3g} over "
            f"{self.settings.rollouts} futures of {self.settings.horizon} segments",
            tuple(tried[i].label for i in others[:TOP]),
            tuple(round(values[i], 4) for i in [best, *others[:TOP]]),
        )
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
        values = self._futures(encounter, actor, [Committed(self.base, split=s) for s in distinct])
        return distinct[max(range(len(distinct)), key=lambda i: (values[i], -i))]

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

    # -- futures --

    def _can_look(self, encounter: Encounter) -> bool:
        simulation = encounter.context.get(SIMULATION_KEY)
        return (
            _DEPTH.get() == 0
            and simulation is not None
            and getattr(simulation, "dice", None) is None
            and isinstance(next(iter(encounter.minds.values()), None), JournaledMind)
        )

    def _futures(self, encounter: Encounter, actor: str, minds: Sequence[Committed]) -> list[float]:
        """The mean value of each committed mind's futures."""
        started = time.perf_counter()
        try:
            snapshot = take_snapshot(encounter)
        except SnapshotError:
            return [0.0] * len(minds)
        simulation = cast(Recreatable, encounter.context[SIMULATION_KEY])
        stand_ins = rollout_minds(encounter, actor)
        token = _DEPTH.set(_DEPTH.get() + 1)
        try:
            values = [self._mean(simulation, snapshot, actor, mind, stand_ins) for mind in minds]
        finally:
            _DEPTH.reset(token)
        self.stats.decisions += 1
        self.stats.futures += len(minds) * self.settings.rollouts
        self.stats.seconds += time.perf_counter() - started
        return values

    def _mean(
        self,
        simulation: Recreatable,
        snapshot: Snapshot,
        actor: str,
        committed: Committed,
        stand_ins: Mapping[str, Mind],
    ) -> float:
        total = 0.0
        for rollout in range(self.settings.rollouts):
            mind = Committed(committed.base, intent=committed.intent, split=committed.split)
            branch = (actor, snapshot.segment, snapshot.log_length, rollout)
            future = recreate(simulation, snapshot, minds={**stand_ins, actor: mind}, branch=branch)
            baseline = vitality_by_side(future.state)
            future.run(until=snapshot.segment + self.settings.horizon)
            total += value_of(future, actor, baseline, self.settings.value)
        return total / self.settings.rollouts


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


@dataclass(frozen=True, slots=True)
class SideVitality:
    """VP and DP a side has left (out-of-action characters count 0) and had at full."""

    left: int
    full: int = field(default=1)


def vitality_by_side(state: EncounterState) -> dict[str, SideVitality]:
    sides: dict[str, list[int]] = {}
    for character in state:
        figured = character.character.figured
        full = int(figured.virtual_damage_points) + int(figured.damage_points.body)
        left = max(0, character.virtual_damage_points) + max(0, character.damage_points)
        totals = sides.setdefault(character.side, [0, 0])
        totals[0] += left if character.in_action else 0
        totals[1] += full
    return {side: SideVitality(left, max(1, full)) for side, (left, full) in sides.items()}


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
    enemies = [s for s in baseline if s != side]
    theirs = sum(lost[s] for s in enemies) / max(1, sum(baseline[s].full for s in enemies))
    ours = lost[side] / baseline[side].full
    return 0.5 + 0.5 * max(-1.0, min(1.0, theirs - ours))


__all__ = [
    "SIMULATION_KEY",
    "Committed",
    "Lookahead",
    "Settings",
    "Stats",
    "rollout_minds",
    "split_options",
    "value_of",
    "vitality_by_side",
]
