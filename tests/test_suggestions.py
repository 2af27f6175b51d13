"""Suggestions for mistyped names: the closest match, and listings trimmed to the closest."""

from __future__ import annotations

from mands_sim.suggestions import MAX_LISTED, closest, listing, suggestion

ACTIONS = [f"action-{n:02d}" for n in range(30)] + ["fist-attack", "weapon-attack"]


def test_closest_ignores_case() -> None:
    assert closest("FIST-ATACK", ACTIONS) == ["fist-attack"]


def test_nothing_close_gives_nothing() -> None:
    assert closest("zzz", ["fist-attack"]) == []


def test_a_close_name_is_suggested() -> None:
    assert suggestion("weapon-atack", ACTIONS) == 'did you mean "weapon-attack"?'


def test_a_long_listing_is_trimmed_with_the_count_left_out() -> None:
    shown = listing(ACTIONS)
    assert shown.count('"') == 2 * MAX_LISTED
    assert shown.endswith(f"… and {len(ACTIONS) - MAX_LISTED} more")


def test_a_trimmed_listing_shows_the_closest_first() -> None:
    assert (
        listing(ACTIONS, near="fist attack", limit=1)
        == f'"fist-attack" … and {len(ACTIONS) - 1} more'
    )


def test_a_short_listing_is_whole() -> None:
    assert listing(["b", "a"]) == '"a", "b"'


def test_without_a_close_name_the_known_names_are_listed_trimmed() -> None:
    assert suggestion("zzz", ACTIONS).startswith('one of: "action-00"')
    assert suggestion("zzz", ACTIONS).endswith("… and 24 more")
