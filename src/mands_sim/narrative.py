"""The event log read aloud, in the manner of the rulebook's worked examples.

``Segment 15 — the Sphinx's fist-attack lands on Seraph: Attack 0 vs Defense 0.`` One line per
event worth telling; bookkeeping events the log keeps for machines are left out. The log speaks
of character ids; the narrative of the names on their sheets (:func:`display_names`).
"""

from __future__ import annotations

import dataclasses
import re
from collections import Counter
from collections.abc import Callable, Iterable, Mapping

from mands_sim.events import (
    OUT_OF_ACTION,
    ActionDropped,
    ActionStarted,
    AttackResolved,
    BleedingStopped,
    DamageTaken,
    DecisionExplained,
    DecisionMade,
    DefenseChanged,
    EncounterEnded,
    EncounterStarted,
    EndurancePaid,
    Event,
    Healed,
    InjuryRolled,
    Moved,
    OutOfAction,
    PercentRolled,
    PushedBack,
    QualityAllocated,
    RollMade,
    WoundOpened,
)
from mands_sim.scenario import ScenarioSpec


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


def _out(e: OutOfAction) -> str:
    return f"{e.character} is {e.condition}."


def _decision(e: DecisionMade) -> str:
    return f"{e.character} chooses {e.action}: {e.reason}."


def _explained(e: DecisionExplained) -> str:
    at = f" at {e.target}" if e.target else ""
    return f"{e.character} decides on {e.action}{at} ({e.reason})."


def _dropped(e: ActionDropped) -> str:
    if e.reason == OUT_OF_ACTION:
        return f"{e.character}'s {e.action} is cut short."  # "… is unconscious." follows
    return f"{e.character}'s {e.action} is dropped ({e.reason})."


def _healed(e: Healed) -> str:
    return (
        f"{e.character} recovers {e.virtual_damage_points} VP and {e.endurance_points} EP "
        f"({e.reason}): VP {e.virtual_damage_points_after}, EP {e.endurance_points_after}."
    )


def _percent(e: PercentRolled) -> str:
    verdict = "succeeds" if e.succeeded else "fails"
    return f"{e.character} rolls {e.roll} against {e.purpose} {e.chance}% and {verdict}."


def _moved(e: Moved) -> str:
    where = e.place if e.toward is None else f"{e.offset:g} m from {e.place} toward {e.toward}"
    return f"{e.character} moves to {where} ({e.reason})."


def _injury(e: InjuryRolled) -> str:
    permanent = f", {e.permanent_points} permanent" if e.permanent_points else ""
    out = ", and is knocked out" if e.knocked_out else ""
    return f"{e.character} is injured: {e.injury_points} Injury damage{permanent}{out}."


def _wound(e: WoundOpened) -> str:
    return f"{e.character} bleeds from {e.source}'s blow ({e.penetrating_points} penetrating DP)."


def _bleeding_stopped(e: BleedingStopped) -> str:
    return f"{e.character}'s bleeding stops ({e.reason})."


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
    OutOfAction: _out,  # type: ignore[dict-item]
    DecisionMade: _decision,  # type: ignore[dict-item]
    DecisionExplained: _explained,  # type: ignore[dict-item]
    EncounterEnded: _ended,  # type: ignore[dict-item]
    ActionDropped: _dropped,  # type: ignore[dict-item]
    Healed: _healed,  # type: ignore[dict-item]
    PercentRolled: _percent,  # type: ignore[dict-item]
    Moved: _moved,  # type: ignore[dict-item]
    InjuryRolled: _injury,  # type: ignore[dict-item]
    WoundOpened: _wound,  # type: ignore[dict-item]
    BleedingStopped: _bleeding_stopped,  # type: ignore[dict-item]
}

_CHARACTER_FIELDS = ("character", "target", "source")
"""Event fields that hold a character id (``DamageTaken.source`` is the attacker)."""


def display_names(scenario: ScenarioSpec) -> dict[str, str]:
    """Each character id → the name on its sheet; a name shared by several characters (a
    ``count`` group) gets the id after it: ``Grunt (grunt-3)``."""
    shared = Counter(spec.sheet.name for spec in scenario.characters)
    return {
        spec.id: spec.sheet.name
        if shared[spec.sheet.name] == 1
        else f"{spec.sheet.name} ({spec.id})"
        for spec in scenario.characters
    }


def _names_in(text: str, names: Mapping[str, str]) -> str:
    """``text`` (a policy's reason) with every character id in it, as a whole word, told by
    its name."""
    if not names:
        return text
    ids = sorted(names, key=len, reverse=True)
    pattern = re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, ids)) + r")(?![\w-])")
    return pattern.sub(lambda found: names[found.group(1)], text)


def _named(event: Event, names: Mapping[str, str]) -> Event:
    changes: dict[str, object] = {
        field: names.get(value, value)
        for field in _CHARACTER_FIELDS
        if isinstance(value := getattr(event, field, None), str)
    }
    if isinstance(event, EncounterStarted):
        changes["characters"] = tuple(names.get(c, c) for c in event.characters)
    if isinstance(event, DecisionExplained | DecisionMade):
        changes["reason"] = _names_in(event.reason, names)
    return dataclasses.replace(event, **changes) if changes else event  # type: ignore[arg-type]


def tell(event: Event, names: Mapping[str, str] | None = None) -> str | None:
    """One line of narrative for ``event`` (without the segment), or ``None`` if not told.

    ``names`` maps character ids to the names to print (:func:`display_names`). An event class
    a plugin defines tells itself with a ``narrative(self) -> str`` method (its character
    fields already carry the names)."""
    named = _named(event, names) if names else event
    teller = _TELLERS.get(type(event))
    if teller is not None:
        return teller(named)
    own = getattr(named, "narrative", None)
    return str(own()) if callable(own) else None


def narrate(events: Iterable[Event], names: Mapping[str, str] | None = None) -> list[str]:
    """The narrative: a ``Segment N`` heading line whenever the segment changes."""
    lines: list[str] = []
    segment: int | None = None
    for event in events:
        line = tell(event, names)
        if line is None:
            continue
        if event.segment != segment:
            segment = event.segment
            lines.append(f"Segment {segment}")
        lines.append(f"  {line}")
    return lines
