"""Answers kept per frozen object (``mands_sim.kept``)."""

from __future__ import annotations

from mands_sim.kept import KeptAnswers


class Sheet:
    """A stand-in for a frozen object a question is about."""


def test_answer_works_out_once_per_object_and_question() -> None:
    kept: KeptAnswers[int] = KeptAnswers(limit=10)
    asked: list[str] = []
    sheet = Sheet()

    def work_out(question: str) -> int:
        asked.append(question)
        return len(question)

    assert kept.answer((sheet,), "Handgun", lambda: work_out("Handgun")) == 7
    assert kept.answer((sheet,), "Handgun", lambda: work_out("Handgun")) == 7
    assert kept.answer((sheet,), "Rifle", lambda: work_out("Rifle")) == 5
    assert asked == ["Handgun", "Rifle"]


def test_an_answer_belongs_to_its_objects_never_to_another_with_the_same_id() -> None:
    """The objects are kept with the answer, so a live id is never another's; a different
    object (here one whose kept twin is checked by identity) is worked out afresh."""
    kept: KeptAnswers[str] = KeptAnswers(limit=10)
    first, second = Sheet(), Sheet()
    assert kept.answer((first, second), None, lambda: "both") == "both"
    assert kept.answer((second, first), None, lambda: "swapped") == "swapped"
    assert kept.answer((first, second), None, lambda: "again") == "both"


def test_the_answers_start_afresh_at_the_limit() -> None:
    kept: KeptAnswers[int] = KeptAnswers(limit=3)
    sheets = [Sheet() for _ in range(4)]
    for number, sheet in enumerate(sheets):
        kept.answer((sheet,), None, lambda number=number: number)  # type: ignore[misc]
    assert len(kept) == 1
    assert kept.answer((sheets[0],), None, lambda: 99) == 99
