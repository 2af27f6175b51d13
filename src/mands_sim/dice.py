"""Dice: the only source of randomness, and the rulebook's ways of rolling them.

Seed "Dice": ``ndx`` rolls an x-sided die n times and adds the faces; d100 reads "00" as 100;
2d10 counts a zero as 10. Seed "Action Rolls" and ``docs/rules/combat.md`` §5: a Special character
re-rolls a die showing 1 once and subtracts the new face (1 and 7, re-roll 6: 8 − 6 = 2); both
ones are both re-rolled and their total subtracted from 2. Normal characters do not re-roll
(``docs/rules/decisions.md`` G-37 concerns sample sheets, not this rule).

Randomness comes from a :class:`DiceSource`. :class:`SeededDice` gives independent keyed
substreams (DESIGN.md "Keyed random substreams", a contract): each stream is seeded from a
blake2b hash of (seed, key), so one stream's extra roll never shifts another's and the faces are
the same in every process and Python run. :class:`ScriptedDice` feeds faces a test supplies.
"""

from __future__ import annotations

import hashlib
import json
import random
import re
from collections import deque
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Final, Protocol, TypeVar

from mands_sim.errors import DiceError, ScriptedDiceExhausted

__all__ = [
    "ActionDice",
    "DiceExpression",
    "DiceRoll",
    "DiceSource",
    "ScriptedDice",
    "SeededDice",
    "StreamKey",
    "parse_dice",
    "percent_chance",
    "roll_action_dice",
    "roll_d100",
    "roll_knowledge",
    "roll_until_missed",
    "shuffled",
]

T = TypeVar("T")

StreamKey = str | int

MAX_DICE_COUNT: Final = 1000
"""Sanity limit on N in ``NdX`` (every loop that rolls has a limit; STYLE.md)."""

_D10: Final = 10
"""Action Rolls use 2d10 (seed "Action Rolls")."""
_D100: Final = 100
"""Percent rolls use d100, "00" read as 100 (seed "Dice")."""
_REROLLED_FACE: Final = 1
"""A Special character re-rolls a die showing 1 (seed "Dice", "Action Rolls")."""


class DiceSource(Protocol):
    """Where faces come from. Rule code asks for one die at a time."""

    def face(self, sides: int) -> int:
        """One die with ``sides`` faces: a number in 1..sides."""
        ...

    def substream(self, *key: StreamKey) -> DiceSource:
        """The independent stream named by ``key`` (e.g. a character id, then a purpose)."""
        ...

    def shuffled(self, items: Sequence[T]) -> list[T]:
        """``items`` in an order drawn from this stream, every order equally likely."""
        ...


def shuffled(source: DiceSource, items: Sequence[T]) -> list[T]:
    """``items`` in an order drawn die by die from ``source`` (Fisher–Yates: the item at each
    place from the end is one of those not yet placed, each as likely)."""
    order = list(items)
    for last in range(len(order) - 1, 0, -1):
        pick = source.face(last + 1) - 1
        order[last], order[pick] = order[pick], order[last]
    return order


def _check_sides(sides: int) -> None:
    if isinstance(sides, bool) or not isinstance(sides, int) or sides < 1:
        raise DiceError(f"a die needs a whole number of sides >= 1, not {sides!r}")


def _stream_seed(seed: int, key: tuple[StreamKey, ...]) -> int:
    """A 128-bit seed from (seed, key), stable across processes (no ``hash()`` of str)."""
    material = json.dumps([seed, *key], separators=(",", ":")).encode()
    return int.from_bytes(hashlib.blake2b(material, digest_size=16).digest(), "big")


class SeededDice:
    """Seeded pseudo-random dice with keyed substreams (DESIGN.md "Keyed random substreams").

    ``SeededDice(seed, *key)`` is the stream named ``key`` under ``seed``. ``substream(*more)``
    is the stream ``(*key, *more)``. Within one family (a root and its substreams) each key has
    one stream object, however it is reached: ``dice.substream("seraph").substream("move")`` is
    ``dice.substream("seraph", "move")``, and its sequence continues instead of restarting.
    """

    __slots__ = ("_family", "_random", "key", "seed")

    def __init__(self, seed: int, *key: StreamKey) -> None:
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise DiceError(f"a dice seed must be an integer, not {seed!r}")
        for part in key:
            if isinstance(part, bool) or not isinstance(part, str | int):
                raise DiceError(f"a stream key part must be a str or int, not {part!r}")
        self.seed = seed
        self.key: tuple[StreamKey, ...] = key
        self._random = random.Random(_stream_seed(seed, key))
        self._family: dict[tuple[StreamKey, ...], SeededDice] = {key: self}

    def face(self, sides: int) -> int:
        """One die, 1..sides."""
        _check_sides(sides)
        return self._random.randrange(sides) + 1

    def shuffled(self, items: Sequence[T]) -> list[T]:
        """``items`` in an order drawn from this stream (:func:`shuffled`)."""
        return shuffled(self, items)

    def substream(self, *key: StreamKey) -> SeededDice:
        """The stream ``(*self.key, *key)``; one object per key within the family."""
        full = (*self.key, *key)
        stream = self._family.get(full)
        if stream is None:
            stream = SeededDice(self.seed, *full)
            stream._family = self._family
            self._family[full] = stream
        return stream

    def __repr__(self) -> str:
        return f"SeededDice({self.seed!r}{''.join(f', {k!r}' for k in self.key)})"


@dataclass(slots=True)
class _Script:
    """One scripted stream: the faces left and how many were drawn."""

    name: str
    faces: deque[int]
    drawn: int = 0


class ScriptedDice:
    """Dice that return the faces a test scripted, in order.

    ``ScriptedDice([1, 7, 6])`` feeds one shared sequence to this source and every substream.
    ``ScriptedDice({"seraph": [...], "sphinx": [...]})`` gives each first key part its own
    sequence: ``substream("seraph", ...)`` draws from ``"seraph"``. Running out raises
    :class:`ScriptedDiceExhausted` naming the stream and the die asked for; a face outside
    1..sides raises :class:`DiceError`.
    """

    __slots__ = ("_keyed", "_script", "_scripts")

    _SHARED: Final = "<shared>"
    _ROOT: Final = "<root>"

    def __init__(self, faces: Iterable[int] | Mapping[str, Iterable[int]]) -> None:
        if isinstance(faces, Mapping):
            self._scripts = {str(k): _Script(str(k), _faces(v, str(k))) for k, v in faces.items()}
            self._keyed = True
            self._script = _Script(self._ROOT, deque())
        else:
            self._script = _Script(self._SHARED, _faces(faces, self._SHARED))
            self._scripts = {self._SHARED: self._script}
            self._keyed = False

    @classmethod
    def _child(cls, parent: ScriptedDice, script: _Script) -> ScriptedDice:
        child = cls.__new__(cls)
        child._scripts = parent._scripts
        child._keyed = parent._keyed
        child._script = script
        return child

    def face(self, sides: int) -> int:
        """The next scripted face, checked against ``sides``."""
        _check_sides(sides)
        script = self._script
        if not script.faces:
            raise ScriptedDiceExhausted(
                f"scripted dice stream '{script.name}' ran out: asked for a d{sides} "
                f"after {script.drawn} face(s)"
            )
        value = script.faces.popleft()
        script.drawn += 1
        if not 1 <= value <= sides:
            raise DiceError(
                f"scripted face {value} on stream '{script.name}' is outside 1..{sides} "
                f"for a d{sides} (face number {script.drawn})"
            )
        return value

    def shuffled(self, items: Sequence[T]) -> list[T]:
        """``items`` as given, drawing nothing: a worked example scripts its rolls, and its
        order is the one its test lists."""
        return list(items)

    def substream(self, *key: StreamKey) -> ScriptedDice:
        """A child: keyed scripts draw from ``scripts[key[0]]``; else the shared sequence."""
        if not self._keyed or self._script.name != self._ROOT or not key:
            return self._child(self, self._script)
        name = str(key[0])
        script = self._scripts.setdefault(name, _Script(name, deque()))
        return self._child(self, script)

    @property
    def remaining(self) -> tuple[int, ...]:
        """The faces this stream has not yet given out."""
        return tuple(self._script.faces)

    @property
    def remaining_by_stream(self) -> dict[str, tuple[int, ...]]:
        """The faces left on every scripted stream of this family."""
        return {name: tuple(s.faces) for name, s in self._scripts.items()}

    def assert_used_up(self) -> None:
        """For tests: fail if any scripted stream still holds faces."""
        left = {name: faces for name, faces in self.remaining_by_stream.items() if faces}
        if left:
            raise AssertionError(f"scripted dice not used up: {left}")

    def __repr__(self) -> str:
        return f"ScriptedDice(stream={self._script.name!r}, remaining={self.remaining!r})"


def _faces(values: Iterable[int], name: str) -> deque[int]:
    faces: deque[int] = deque()
    for value in values:
        if isinstance(value, bool) or not isinstance(value, int):
            raise DiceError(f"scripted face {value!r} on stream '{name}' is not an integer")
        faces.append(value)
    return faces


@dataclass(frozen=True, slots=True)
class DiceRoll:
    """The faces rolled for a :class:`DiceExpression` and their total (plus the modifier)."""

    expression: DiceExpression
    faces: tuple[int, ...]
    total: int


@dataclass(frozen=True, slots=True)
class DiceExpression:
    """``NdX+M`` (seed "Dice": roll the x-sided die n times and add the rolls)."""

    count: int
    sides: int
    modifier: int = 0

    def __post_init__(self) -> None:
        if not 1 <= self.count <= MAX_DICE_COUNT:
            raise DiceError(f"dice count must be 1..{MAX_DICE_COUNT}, not {self.count}")
        _check_sides(self.sides)

    @property
    def minimum(self) -> int:
        """The lowest total: every die shows 1."""
        return self.count + self.modifier

    @property
    def maximum(self) -> int:
        """The highest total: every die shows its top face."""
        return self.count * self.sides + self.modifier

    def roll(self, source: DiceSource) -> DiceRoll:
        """Roll ``count`` dice from ``source`` and add the modifier."""
        faces = tuple(source.face(self.sides) for _ in range(self.count))
        return DiceRoll(self, faces, sum(faces) + self.modifier)

    def __str__(self) -> str:
        count = "" if self.count == 1 else str(self.count)
        modifier = f"{self.modifier:+d}" if self.modifier else ""
        return f"{count}d{self.sides}{modifier}"


_DICE_TEXT = re.compile(r"\s*(\d*)\s*[dD]\s*(\d+)\s*(?:([+-])\s*(\d+))?\s*")


def parse_dice(text: str) -> DiceExpression:
    """``"3d6+2"``, ``"d100"``, ``"2d10"``, ``"4d6-1"`` → :class:`DiceExpression`."""
    match = _DICE_TEXT.fullmatch(text) if isinstance(text, str) else None
    if match is None:
        raise DiceError(
            f"{text!r} is not a dice expression; expected NdX, NdX+M or NdX-M "
            "(such as '3d6+2', 'd100', '4d6-1')"
        )
    count, sides, sign, modifier = match.groups()
    bonus = int(modifier) if modifier else 0
    return DiceExpression(int(count) if count else 1, int(sides), -bonus if sign == "-" else bonus)


@dataclass(frozen=True, slots=True)
class ActionDice:
    """A 2d10 Action Roll: the two faces, any re-rolls of ones, and the dice total."""

    faces: tuple[int, int]
    rerolls: tuple[int, ...]
    total: int


def roll_action_dice(source: DiceSource, *, is_special: bool) -> ActionDice:
    """Roll 2d10 for an Action Roll (seed "Dice", "Action Rolls"; ``docs/rules/combat.md`` §5).

    A Special character re-rolls each die showing 1, once, and subtracts the new faces
    (1 and 7, re-roll 6: 8 − 6 = 2; both ones: 2 − the two re-rolls). Normal characters keep
    the plain sum.
    """
    faces = (source.face(_D10), source.face(_D10))
    total = faces[0] + faces[1]
    if not is_special:
        return ActionDice(faces, (), total)
    rerolls = tuple(source.face(_D10) for face in faces if face == _REROLLED_FACE)
    return ActionDice(faces, rerolls, total - sum(rerolls))


def roll_d100(source: DiceSource) -> int:
    """d100, 1..100: "If two zeroes are rolled, the result is 100" (seed "Dice")."""
    return source.face(_D100)


def roll_knowledge(source: DiceSource) -> int:
    """A Knowledge Roll: d100, and "Ones do not reduce the die roll" (seed "Knowledge Rolls")."""
    return roll_d100(source)


def percent_chance(source: DiceSource, chance: float) -> bool:
    """Seed "Percent Chance of Success": d100 at or under the chance succeeds."""
    return roll_d100(source) <= chance


def roll_until_missed(source: DiceSource, chance: float, *, limit: int = 1000) -> int:
    """Seed "Roll Until Missed": successes before the first miss, at most ``limit``.

    The limit stops a chance of 100 or more from rolling for ever (STYLE.md: every loop that
    rolls has a limit); reaching it returns ``limit``.
    """
    if limit < 0:
        raise DiceError(f"roll_until_missed needs a limit >= 0, not {limit}")
    successes = 0
    while successes < limit and percent_chance(source, chance):
        successes += 1
    return successes
