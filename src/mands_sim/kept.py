"""Answers kept per frozen object: one bounded cache for questions rules ask again and again.

Sheets, power specs and registries are frozen, so a question about them has one answer for as
long as the object lives. :class:`KeptAnswers` keeps each answer under the objects' ids and the
question, together with the objects themselves: kept alive, no other object can have their ids,
so an id found is the very object asked about. When it holds ``limit`` answers it starts
afresh (a batch shares a few prepared objects, tests build many).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

T = TypeVar("T")


class KeptAnswers(Generic[T]):
    """Answers to questions about ``owners`` (a tuple of frozen objects), ``limit`` at most."""

    __slots__ = ("_answers", "limit")

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._answers: dict[Hashable, tuple[tuple[object, ...], T]] = {}

    def answer(
        self, owners: tuple[object, ...], question: Hashable, work_out: Callable[[], T]
    ) -> T:
        """The answer kept for ``question`` about these very objects, else ``work_out()``, kept."""
        key = (*map(id, owners), question)
        found = self._answers.get(key)
        if found is not None:  # its owners are kept alive with it: no other object has their ids
            return found[1]
        if len(self._answers) >= self.limit:
            self._answers.clear()
        worked_out = work_out()
        self._answers[key] = (owners, worked_out)
        return worked_out

    def __len__(self) -> int:
        return len(self._answers)


__all__ = ["KeptAnswers"]
