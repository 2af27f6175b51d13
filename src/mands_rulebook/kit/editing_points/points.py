"""The points and their ledger: who has Editing Points and Fate Points at the start of an
encounter, the events that use them, what is left, and what they did (seed 000; seed 001
"Editing Points", "Fate Points"; G-150 … G-153, G-193).

Every point used is an event; what is left is read back from the log (as
:mod:`mands_rulebook.combat.extra_effort` keeps its costs), so plugins never change state.
:func:`ledger` sums a log into what the after-encounter award needs.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from contextvars import ContextVar
from dataclasses import dataclass, field
from fractions import Fraction
from typing import ClassVar, Final, Literal

from mands_sim.defaults import rule_default
from mands_sim.events import Event
from mands_sim.kernel.encounter import Encounter
from mands_sim.metrics import Metric


@dataclass(frozen=True, slots=True)
class EditingPointsDefaults:
    """The named defaults this module applies (``docs/rules/decisions.md``): G-150, G-152, G-153,
    G-193."""

    G150_player_characters: Literal["first_side_specials", "first_side", "specials"] = rule_default(
        "G-150",
        "Who the players play (Editing and Fate Points): the first side's Special characters "
        "('first_side_specials'), everyone on the first side, or every Special character.",
        "first_side_specials",
        ("first_side_specials", "first_side", "specials"),
    )
    G152_editing_points_use: Literal["rescue", "keep"] = rule_default(
        "G-152",
        "A mind without an edit_roll method: spends Editing Points to turn any failed 2d10 "
        "roll it may edit into a success ('rescue'), or never edits rolls ('keep').",
        "rescue",
        ("rescue", "keep"),
    )
    G153_editor_edits: Literal["off", "as_players"] = rule_default(
        "G-153",
        "The Editor editing non-player characters' rolls: never ('off'), or with a player's "
        "starting 4 Editing Points each, spent as players spend theirs ('as_players').",
        "off",
        ("off", "as_players"),
    )
    G193_editor_lowers: Literal["off", "spare_players"] = rule_default(
        "G-193",
        "The Editor lowering non-player characters' rolls: never ('off'), or with the Editor's "
        "4 points per non-player, a successful Combat Roll against a player character turned "
        "into a miss when the points reach ('spare_players').",
        "off",
        ("off", "spare_players"),
    )


STARTING_EDITING_POINTS: Final = 4
"""Seed 001 "Editing Points": "The character starts the game with 4 Editing Points"."""

STARTING_FATE_POINTS: Final = 2
"""Seed 001 "Fate Points": "Characters start the game with 2 Fate Points"."""

TRAINING_SHARE: Final = Fraction(1, 2)
"""Seed 000 "Editing Die Rolls": the player "gains the use of half that number of Edit Points
for increasing whatever the roll was for"."""

DEAD: Final = "dead"
UNCONSCIOUS: Final = "unconscious"
"""The conditions of :mod:`mands_rulebook.combat.out_of_action` (G-17)."""

PLAYER: Final = "player"
EDITOR: Final = "editor"

EDIT_ROLL: Final = "edit roll"
LOWER_ROLL: Final = "lower roll"
"""The uses of :class:`EditingPointsUsed` on a roll: a player's (or the Editor's) edit in the
roller's favor, and the Editor lowering a non-player's roll (G-193)."""


# --- events -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class EditingPointsUsed(Event):
    """Editing Points used on a roll or a Death Shot (seed 000): half of them train
    ``improves``, all of them are added to Experience. ``by`` is ``player`` or ``editor``."""

    kind: ClassVar[str] = "editing-points"
    character: str
    points: int
    use: str
    """``edit roll``, ``lower roll`` (the Editor against a non-player, G-193) or ``death shot``."""
    purpose: str
    """The roll edited (``combat``, ``consciousness check`` …) or the attack."""
    improves: str
    """The skill or ability the training goes to."""
    by: str = PLAYER
    quality_before: int | None = None
    quality_after: int | None = None

    @property
    def training(self) -> Fraction:
        """Seed 000: half the points, toward ``improves`` (3 points → 1.5); a roll the Editor
        lowered takes as much off it: "those Edit Points reduce the relevant skill" (G-193)."""
        share = self.points * TRAINING_SHARE
        return -share if self.use == LOWER_ROLL else share

    @property
    def experience(self) -> int:
        """Seed 000: the points used, added to Experience; a lowered roll's none (G-193)."""
        return 0 if self.use == LOWER_ROLL else self.points

    def narrative(self) -> str:
        if self.use == LOWER_ROLL:
            return (
                f"the Editor lowers {self.character}'s {self.purpose} roll by {self.points}; "
                f"{float(self.training):g} off {self.improves}."
            )
        whose = "the Editor uses" if self.by == EDITOR else "uses"
        return (
            f"{self.character} {whose} {self.points} Editing Point(s) on the {self.purpose} "
            f"({self.use}); {float(self.training):g} toward {self.improves}."
        )


@dataclass(frozen=True, slots=True)
class EditingPointsDealt(Event):
    """When the encounter opens with the rule on: the points ``character`` starts with (G-151).
    Other rules read from these that the rule is on (:func:`editing_points_in_play`)."""

    kind: ClassVar[str] = "editing-points-dealt"
    character: str
    editing_points: int
    fate_points: int

    def narrative(self) -> str:
        return (
            f"{self.character} has {self.editing_points} Editing Point(s) and "
            f"{self.fate_points} Fate Point(s)."
        )


@dataclass(frozen=True, slots=True)
class FatePointSpent(Event):
    """A Fate Point cancels ``character``'s death (G-34)."""

    kind: ClassVar[str] = "fate-point"
    character: str
    reason: str

    def narrative(self) -> str:
        return f"{self.character} spends a Fate Point: {self.reason}."


# --- who has points ---------------------------------------------------------------------------


def first_side(encounter: Encounter) -> str | None:
    """The heroes' side (G-71: the side a scenario says is, else its first): the encounter's
    ``heroes`` context; an encounter built without one takes its first character's side."""
    heroes = encounter.context.get("heroes")
    return str(heroes) if heroes is not None else next((s.side for s in encounter.state), None)


def is_player(encounter: Encounter, actor: str) -> bool:
    """G-150: whether the players play ``actor``."""
    reading = encounter.defaults.of(EditingPointsDefaults).G150_player_characters
    special = bool(encounter.character(actor).sheet.is_special)
    on_first_side = encounter.state[actor].side == first_side(encounter)
    if reading == "first_side":
        return on_first_side
    if reading == "specials":
        return special
    return on_first_side and special


def edited_by(encounter: Encounter, actor: str) -> str | None:
    """Who edits ``actor``'s rolls: its player, the Editor (G-153 ``as_players``), or nobody."""
    if is_player(encounter, actor):
        return PLAYER
    return (
        EDITOR
        if encounter.defaults.of(EditingPointsDefaults).G153_editor_edits == "as_players"
        else None
    )


def _sheet_points(encounter: Encounter, actor: str, key: str) -> int | None:
    """The ``editing_points`` / ``fate_points`` left from the scenes before this one of an
    adventure day (:func:`points_carried`), else the sheet's own, else ``None``."""
    value = encounter.state[actor].carried.value(key)
    if value is None:
        value = getattr(encounter.character(actor).sheet, key, None)
    return None if value is None else int(value)  # type: ignore[call-overload]


def editor_lowers(encounter: Encounter, actor: str) -> bool:
    """G-193: whether the Editor may lower ``actor``'s rolls (a non-player, the switch on)."""
    lowering = encounter.defaults.of(EditingPointsDefaults).G193_editor_lowers == "spare_players"
    return lowering and not is_player(encounter, actor)


def starting_editing_points(encounter: Encounter, actor: str) -> int:
    """G-151: the sheet's Editing Points, else a new character's 4 for whoever may edit; the
    Editor's 4 for a non-player whose rolls it raises (G-153) or lowers (G-193)."""
    if edited_by(encounter, actor) is None and not editor_lowers(encounter, actor):
        return 0
    own = _sheet_points(encounter, actor, "editing_points")
    return STARTING_EDITING_POINTS if own is None else own


def starting_fate_points(encounter: Encounter, actor: str) -> int:
    """G-151: the sheet's Fate Points, else 2 for a player character and 0 for the others."""
    if not is_player(encounter, actor):
        return 0
    own = _sheet_points(encounter, actor, "fate_points")
    return STARTING_FATE_POINTS if own is None else own


def points_dealt(encounter: Encounter) -> list[Event]:
    """Everyone's starting points, for the log (G-151)."""
    return [
        EditingPointsDealt(
            encounter.now,
            actor,
            starting_editing_points(encounter, actor),
            starting_fate_points(encounter, actor),
        )
        for actor in encounter.state.ids()
    ]


def editing_points_in_play(encounter: Encounter) -> bool:
    """Whether the encounter is played with the rule on (it opened with the points dealt)."""
    for event in encounter.log:
        if isinstance(event, EditingPointsDealt):
            return True
        if event.segment > 0:
            return False
    return False


# --- what is left -----------------------------------------------------------------------------


PENDING: ContextVar[list[Event] | None] = ContextVar(
    "mands_rulebook.optional.editing_points", default=None
)
"""The points used while an action starts or resolves, logged with its events; ``None`` when
the rule is off (or outside such a call): then nothing is edited."""


def points_used(events: Iterable[Event], actor: str) -> int:
    """Editing Points ``actor`` has used in ``events``."""
    return sum(
        e.points for e in events if isinstance(e, EditingPointsUsed) and e.character == actor
    )


def editing_points_left(encounter: Encounter, actor: str) -> int:
    """What ``actor`` may still use: its start less what the log and the action now starting
    have used."""
    pending = PENDING.get() or []
    used = points_used(encounter.log, actor) + points_used(pending, actor)
    return starting_editing_points(encounter, actor) - used


def fate_points_left(encounter: Encounter, actor: str) -> int:
    spent = sum(1 for e in encounter.log if isinstance(e, FatePointSpent) and e.character == actor)
    return starting_fate_points(encounter, actor) - spent


def points_carried(encounter: Encounter, actor: str) -> dict[str, object] | None:
    """The Editing and Fate Points ``actor`` has left when a scene ends, for its next scene of
    the day (seed 000: the points are the player's to spend over the game, not per fight);
    ``None`` when the scene was played with the rule off."""
    if not editing_points_in_play(encounter):
        return None
    return {
        "editing_points": editing_points_left(encounter, actor),
        "fate_points": fate_points_left(encounter, actor),
    }


# --- the ledger, for the after-encounter award ------------------------------------------------


@dataclass(frozen=True, slots=True)
class Ledger:
    """What one character's Editing Points did in an encounter (seed 000): points used (all of
    them Experience), the training they give by skill or ability, and Fate Points spent."""

    points_used: int = 0
    training: Mapping[str, Fraction] = field(default_factory=dict)
    fate_points_spent: int = 0
    points_lowered: int = 0
    """Points the Editor used lowering the character's rolls (G-193): no Experience, and the
    training they take off is in ``training``."""

    @property
    def experience(self) -> int:
        """Seed 000: "When Editing Points are used, they are added to the character's
        Experience"."""
        return self.points_used


def ledger(events: Iterable[Event], actor: str) -> Ledger:
    """Sum ``actor``'s :class:`EditingPointsUsed` and :class:`FatePointSpent` in ``events``."""
    used = lowered = 0
    training: dict[str, Fraction] = {}
    fate = 0
    for event in events:
        if isinstance(event, EditingPointsUsed) and event.character == actor:
            used += event.experience
            lowered += event.points - event.experience
            training[event.improves] = training.get(event.improves, Fraction(0)) + event.training
        elif isinstance(event, FatePointSpent) and event.character == actor:
            fate += 1
    return Ledger(used, dict(sorted(training.items())), fate, lowered)


def _points_used(event: EditingPointsUsed) -> tuple[tuple[str, int], ...]:
    return ((event.character, event.points),)


def _half_points_trained(event: EditingPointsUsed) -> tuple[tuple[str, int], ...]:
    return ((event.character, int(event.training * HALVES)),)


def _experience_gained(event: EditingPointsUsed) -> tuple[tuple[str, int], ...]:
    return ((event.character, event.experience),)


HALVES: Final = 2
""":data:`POINTS_TRAINED` counts half points (seed 000: half the points used train)."""

POINTS_USED: Final = Metric(
    "editing points used",
    {EditingPointsUsed: _points_used},
    summary="Editing Points used on rolls and Death Shots (seed 000)",
)
"""Counted for the character whose roll was edited (or lowered, G-193)."""

POINTS_TRAINED: Final = Metric(
    "editing points trained",
    {EditingPointsUsed: _half_points_trained},
    summary="what the Editing Points used train (seed 000: half of them; G-193: less for a "
    "roll the Editor lowered)",
    parts=HALVES,
)
"""Counted in half points: the report gives whole points and halves."""

EXPERIENCE_GAINED: Final = Metric(
    "experience from editing points",
    {EditingPointsUsed: _experience_gained},
    summary="the Experience the Editing Points used add (seed 000: all of them; G-193: none "
    "for a roll the Editor lowered)",
)
"""What the awards of :mod:`mands_rulebook.kit.editing_points.awards` add to Experience."""

IN_PLAY_METRICS: Final = (POINTS_USED, POINTS_TRAINED, EXPERIENCE_GAINED)
"""What a batch counts of each character's Editing Points in play."""
