"""The event log read aloud, in the manner of the rulebook's worked examples.

``Segment 15 — the Sphinx's fist-attack lands on Seraph: Attack 0 vs Defense 0.`` One line per
event worth telling; bookkeeping events the log keeps for machines are left out.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from mands_sim.events import (
    ActionStarted,
    AttackResolved,
    ConsciousnessCheck,
    DamageTaken,
    DecisionMade,
    DefenseChanged,
    EncounterEnded,
    EncounterStarted,
    EndurancePaid,
    Event,
    OutOfAction,
    PushedBack,
    QualityAllocated,
    RollMade,
)


def _started(e: EncounterStarted) -> str:
    return f"{e.scenario} (seed {e.seed}): {', '.join(e.characters)} begin."


def _roll(e: RollMade) -> str:
    dice = "+".join(str(face) for face in e.faces)
    if e.rerolls:
        dice += " re-rolling 1s: −" + ",".join(str(r) for r in e.rerolls)
    need = e.target + e.pool_bonus
    verdict = f"Q {e.quality}" if e.quality >= 0 else f"misses by {-e.quality}"
    return f"{e.character} rolls {e.purpose}: ({dice}) = {e.total} against {need}, {verdict}."


def _quality(e: QualityAllocated) -> str:
    parts = [f"{q} Q {what}" for what, q in _spent(e) if q]
    return f"{e.character} spends " + (", ".join(parts) if parts else "no Q") + "."


def _spent(e: QualityAllocated) -> list[tuple[str, int]]:
    return [("Attack", e.attack), ("Defense", e.defense), ("speed", e.speed),
            ("damage", e.damage), ("EP", e.ep)]  # fmt: skip


def _action(e: ActionStarted) -> str:
    at = f" at {e.target}" if e.target else ""
    return f"{e.character} starts {e.action}{at}, completing on segment {e.completes_at}."


def _attack(e: AttackResolved) -> str:
    verb = "lands on" if e.hit else "misses"
    return f"{e.character}'s blow {verb} {e.target}: Attack {e.attack} vs Defense {e.defense}."


def _damage(e: DamageTaken) -> str:
    return (
        f"{e.character} takes {e.taken} damage (raw {e.raw}): "
        f"VP {e.virtual_damage_points_after}, DP {e.damage_points_after}."
    )


def _paid(e: EndurancePaid) -> str:
    return f"{e.character} pays {e.amount} EP for {e.reason} (row {e.row}), EP {e.endurance_after}."


def _pushback(e: PushedBack) -> str:
    return (
        f"{e.character}'s {e.action} is pushed back {e.segments} ({e.reason}) to {e.completes_at}."
    )


def _defense(e: DefenseChanged) -> str:
    return f"{e.character}'s Defense is now {e.defense}."


def _check(e: ConsciousnessCheck) -> str:
    verdict = "stays conscious" if e.stays_conscious else "fails"
    return f"{e.character} rolls {e.total} against {e.target} to stay conscious and {verdict}."


def _out(e: OutOfAction) -> str:
    return f"{e.character} is {e.condition}."


def _decision(e: DecisionMade) -> str:
    return f"{e.character} chooses {e.action}: {e.reason}."


def _ended(e: EncounterEnded) -> str:
    who = f"{e.winner} win" if e.winner else "nobody wins"
    return f"The encounter ends: {who} ({e.reason})."


_TELLERS: dict[type[Event], Callable[[Event], str]] = {
    EncounterStarted: _started,  # type: ignore[dict-item]
    RollMade: _roll,  # type: ignore[dict-item]
    QualityAllocated: _quality,  # type: ignore[dict-item]
    ActionStarted: _action,  # type: ignore[dict-item]
    AttackResolved: _attack,  # type: ignore[dict-item]
    DamageTaken: _damage,  # type: ignore[dict-item]
    EndurancePaid: _paid,  # type: ignore[dict-item]
    PushedBack: _pushback,  # type: ignore[dict-item]
    DefenseChanged: _defense,  # type: ignore[dict-item]
    ConsciousnessCheck: _check,  # type: ignore[dict-item]
    OutOfAction: _out,  # type: ignore[dict-item]
    DecisionMade: _decision,  # type: ignore[dict-item]
    EncounterEnded: _ended,  # type: ignore[dict-item]
}


def tell(event: Event) -> str | None:
    """One line of narrative for ``event`` (without the segment), or ``None`` if not told."""
    teller = _TELLERS.get(type(event))
    return teller(event) if teller else None


def narrate(events: Iterable[Event]) -> list[str]:
    """The narrative: a ``Segment N —`` heading line whenever the segment changes."""
    lines: list[str] = []
    segment: int | None = None
    for event in events:
        line = tell(event)
        if line is None:
            continue
        if event.segment != segment:
            segment = event.segment
            lines.append(f"Segment {segment}")
        lines.append(f"  {line}")
    return lines
