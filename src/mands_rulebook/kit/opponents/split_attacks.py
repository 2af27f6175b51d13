"""Splitting Attack and damage among opponents: Attack applied separately for each opponent,
and forked blasts (seed "Combat Roll", "Fire Coat"; ``docs/rules/combat.md`` §6, §12; G-81).

Part of the kit's opponents rules, for the sweeps :mod:`mands_rulebook.combat.opponents` registers
and for power plugins: seed "Combat Roll": "The player must apply Attack separately for each
opponent" (:func:`split_attack`); seed "Fire Coat": "Fire blasts may be forked ... dividing the
damage between more than one target. Attack Q must be supplied for each target"
(:func:`fork_blast`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence

from mands_rulebook.kit.damage import Blow, strike
from mands_sim.events import AttackResolved, Event
from mands_sim.kernel.encounter import Encounter


def split_evenly(total: int, parts: int) -> list[int]:
    """``total`` in ``parts`` equal shares, the remainder one each to the first ones."""
    share, left = divmod(total, parts)
    return [share + (1 if index < left else 0) for index in range(parts)]


def split_attack(
    encounter: Encounter, actor: str, targets: Sequence[str], attack: int
) -> tuple[int, ...]:
    """Seed: "The player must apply Attack separately for each opponent": the mind's optional
    ``split_attack(encounter, actor, targets, attack)``, else an even split."""
    ask = getattr(encounter.minds[actor], "split_attack", None)
    if ask is None:
        return tuple(split_evenly(attack, len(targets)))
    shares = tuple(int(share) for share in ask(encounter, actor, tuple(targets), attack))
    if len(shares) != len(targets) or min(shares) < 0 or sum(shares) > attack:
        raise ValueError(f"{actor}'s policy split {attack} Attack as {shares} for {targets}")
    return shares


def fork_blast(
    encounter: Encounter,
    blow: Blow,
    attacks: Mapping[str, int],
    shares: Sequence[int] | None = None,
) -> list[Event]:
    """A forked blast (seed "Fire Coat"): ``blow.raw`` divided among the targets of
    ``attacks`` (``shares``, else evenly, the remainder to the first), each hit by its own
    Attack against its Defense (§6: ties hit), each share through ``strike`` (§7)."""
    targets = list(attacks)
    parts = list(shares) if shares is not None else split_evenly(blow.raw, len(targets))
    if len(parts) != len(targets) or min(parts) < 0 or sum(parts) > blow.raw:
        raise ValueError(f"cannot fork {blow.raw} damage as {parts} among {targets}")
    events: list[Event] = []
    for target, raw in zip(targets, parts, strict=True):
        piece = dataclasses.replace(blow, raw=raw, penetration=min(blow.penetration, raw))
        events += blow_at(encounter, blow.source, target, attacks[target], piece)
    return events


def blow_at(encounter: Encounter, source: str, target: str, attack: int, blow: Blow) -> list[Event]:
    """One Attack against ``target``'s Defense; what hits goes through ``strike``."""
    defense = encounter.state[target].defense
    hit = attack >= defense  # §6: ties hit
    events: list[Event] = [AttackResolved(encounter.now, source, target, attack, defense, hit)]
    return events + strike(encounter, target, blow) if hit else events
