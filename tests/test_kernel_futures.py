"""Futures played from a running encounter (``mands_sim.kernel.futures``): forked and replayed
alike, errors and lost futures reported where the look was taken, the copy never returning."""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

import pytest

from mands_rulebook.policies.candidates import ESTIMATOR
from mands_sim.actions import Intent, QualityAllocation
from mands_sim.events import Event
from mands_sim.kernel.encounter import Encounter
from mands_sim.kernel.futures import (
    FORKING,
    Answer,
    ChosenFutures,
    ForkedFutures,
    FutureLost,
    FuturePlayer,
    InFuture,
    ReplayedFutures,
    Try,
)
from mands_sim.kernel.snapshot import start
from mands_sim.policy.tactician import Tactician
from tests.data.arena import simulation
from tests.data.fighters import grunt

forking = pytest.mark.skipif(not FORKING, reason="this platform cannot fork")


class FirstThen:
    """A re-created future's mind: ``intent`` first, then its tactician's choices."""

    def __init__(self, intent: Intent, base: Tactician) -> None:
        self.intent: Intent | None = intent
        self.base = base
        self.passive_actions = False

    def choose(self, encounter: Encounter, actor: str) -> Any:
        intent, self.intent = self.intent, None
        return intent or self.base.choose(encounter, actor)

    def allocate(
        self, encounter: Encounter, actor: str, intent: Intent, quality: int
    ) -> QualityAllocation:
        return self.base.allocate(encounter, actor, intent, quality)


class Peeking:
    """Sinister's mind: at its first choice, each of its candidates is played ``horizon``
    segments ahead by ``player`` (three futures each), then it decides as its tactician."""

    def __init__(self, player: FuturePlayer, value: Callable[[Encounter], float]) -> None:
        self.base = Tactician(ESTIMATOR)
        self.player = player
        self.value = value
        self.passive_actions = False
        self.values: list[float] = []
        self.peeked = False

    def choose(self, encounter: Encounter, actor: str) -> Any:
        if self.peeked:
            return self.base.choose(encounter, actor)
        self.peeked = True
        tries = [
            Try(actor, self._answer(s.estimate.intent), {}, (r,))
            for s in self.base.ranked(encounter, actor)[:2]
            for r in range(3)
        ]
        played = self.player.play(encounter, tries, 30, self.value)
        if isinstance(played, InFuture):
            return played.answer
        self.values = played
        return self.base.choose(encounter, actor)

    def _answer(self, intent: Intent) -> Answer:
        return Answer(intent, self.base, lambda: FirstThen(intent, self.base))

    def allocate(
        self, encounter: Encounter, actor: str, intent: Intent, quality: int
    ) -> QualityAllocation:
        return self.base.allocate(encounter, actor, intent, quality)


def lost_vp(future: Encounter) -> float:
    """The heroes' VP lost when the future stopped."""
    heroes = [s for s in future.state if s.side == "heroes"]
    return sum(s.character.figured.virtual_damage_points - s.virtual_damage_points for s in heroes)


def peek(
    player: FuturePlayer, value: Callable[[Encounter], float] = lost_vp
) -> tuple[Peeking, list[Event]]:
    mind = Peeking(player, value)
    cast = {
        "dexter": ("heroes", "b", "dexter", "tactician", {}),
        "grunt": ("heroes", "b", grunt(), "tactician", {}),
        "sinister": ("villains", "b", "sinister", None, {}),
    }
    sim = simulation(cast, seed=3, limit=200, minds={"sinister": mind})
    events: list[Event] = []
    start(sim, observers=[events.append]).run()
    return mind, events


@forking
def test_a_forked_future_is_worth_what_the_same_future_replayed_is() -> None:
    forked, forked_log = peek(ForkedFutures())
    replayed, replayed_log = peek(ReplayedFutures())
    assert len(forked.values) == 6 and forked.values == replayed.values
    assert len(set(forked.values)) > 1, "the dice branches differ"
    assert forked_log == replayed_log  # nothing of a future reaches the encounter


@forking
def test_the_value_is_read_where_the_future_stops() -> None:
    """Futures of 30 segments from segment 0: each stops once segment 30 has been played."""
    mind, _ = peek(ForkedFutures(), lambda future: float(future.now))
    assert mind.values == [30.0] * 6


@forking
def test_a_future_that_dies_without_a_word_is_reported_lost() -> None:
    with pytest.raises(FutureLost, match="without its value"):
        peek(ForkedFutures(), lambda future: os._exit(3))


@forking
def test_an_error_reading_a_future_comes_back_with_its_traceback() -> None:
    def broken(future: Encounter) -> float:
        raise ValueError("no value here")

    with pytest.raises(ValueError, match="no value here") as caught:
        peek(ForkedFutures(), broken)
    notes = getattr(caught.value.__cause__, "__notes__", [])  # SimPy raises a copy
    assert any("broken" in note and "in a future played" in note for note in notes)


@forking
def test_chosen_futures_replay_a_young_encounter_and_fork_an_old_one() -> None:
    """Both give the same values: only what re-creating would cost decides."""
    young, _ = peek(ChosenFutures(fork_after=10_000))
    old, _ = peek(ChosenFutures(fork_after=-1))
    assert young.values == old.values
    chosen = ChosenFutures(fork_after=-1)
    forks = 0

    def counting(*args: Any) -> Any:
        nonlocal forks
        forks += 1
        return ForkedFutures.play(chosen.forked, *args)

    chosen.forked.play = counting  # type: ignore[method-assign]
    peek(chosen)
    assert forks == 1
