"""The condition language (``mands_sim.policy.expressions``): the documented grammar parses and
evaluates; everything else is an ``ExpressionError`` with a position; no Python object is
reachable."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mands_sim.kernel.encounter import Encounter
from mands_sim.policy.errors import ExpressionError
from mands_sim.policy.expressions import MAX_DEPTH, MAX_LENGTH, parse_condition, tokenize
from mands_sim.policy.names import known_names
from mands_sim.policy.view import PolicyView, build_view
from tests.data.arena import arena, hurt, vault_job
from tests.data.fighters import grunt


@pytest.fixture(scope="module")
def street() -> Encounter:
    """Dexter (Body DP 5, VP 28) at ``a`` against Sinister at ``c`` (20 m) and a grunt at
    ``d`` (30 m); Dexter has lost all VP and 3 DP."""
    encounter = arena(
        {
            "dexter": ("heroes", "a", "dexter", None, {}),
            "sinister": ("villains", "c", "sinister", None, {}),
            "grunt": ("villains", "d", grunt(), None, {}),
        }
    )
    hurt(encounter, "dexter", vp=0, dp=2)
    return encounter


@pytest.fixture(scope="module")
def view(street: Encounter) -> PolicyView:
    return build_view(street, "dexter")


@pytest.mark.parametrize(
    ("text", "truth"),
    [
        ("self.dp < 5", True),
        ("self.dp <= 2 and self.vp == 0", True),
        ("self.dp < 50%", True),  # 2 of 5 DP: 40 %
        ("self.dp < 40%", False),
        ("50% > self.dp", True),
        ("self.ep >= 100%", True),
        ("not self.dp > 2", True),
        ("not not true", True),
        ("false or true and false", False),  # "and" binds tighter than "or"
        ("(false or true) and true", True),
        ("1 + 2 * 3 == 7", True),
        ("(1 + 2) * 3 == 9", True),
        ("10 - 4 - 3 == 3", True),  # left to right
        ("-self.dp == -2", True),
        ("- - 3 == 3", True),
        ("7 / 2 == 3.5", True),
        ("1 / 0 > 1000000", True),
        ("0 / 0 == 0 or 0 / 0 != 0", True),  # NaN: false with ==, true with !=
        ('self.id == "dexter"', True),
        ("self.side == 'heroes'", True),
        ("enemies.count == 2 and enemies.standing == 2 and allies.count == 0", True),
        ("enemies.nearest == 20", True),
        ("allies.nearest > 1000000", True),  # nobody: infinitely far
        ("exits.count == 1 and exits.nearest == 40", True),
        ("round == 1 and segment == 0", True),
        ("not objective.threatened", True),  # no objectives: nobody threatens one
        ("self.standing and not self.running", True),
        ('self.readied == ""', True),
        ("self.max_dp == 5 and self.max_vp == 28", True),
        ("true", True),
        ("  self.dp\t<\n5  ", True),
    ],
)
def test_the_documented_grammar_parses_and_evaluates(
    view: PolicyView, text: str, truth: bool
) -> None:
    assert parse_condition(text).holds(view) is truth


def test_target_conditions_read_the_candidate(view: PolicyView) -> None:
    condition = parse_condition('target.distance > 25 and target.id == "grunt"')
    assert condition.uses_target
    assert [o.character_id for o in view.enemies if condition.holds(view, o)] == ["grunt"]


def test_a_condition_without_target_does_not_use_one() -> None:
    assert not parse_condition("self.dp < 5 and enemies.count > 1").uses_target


def test_every_known_name_parses() -> None:
    for name in known_names():
        assert parse_condition(f"{name} == {name}").text == f"{name} == {name}"


@pytest.mark.parametrize(
    ("text", "position", "expected"),
    [
        ("", 0, "a condition"),
        ("self.dp <", 9, "a number, a name"),
        ("self.dp < 5 <= 6", 12, "comparisons do not chain"),
        ("self.dp = 5", 8, '"=="'),
        ("self.dp ! 5", 8, '"!="'),
        ("self.dp < 5 ;", 12, "a number, a name, an operator"),
        ("self.hp < 5", 5, "an attribute of self"),
        ("self dp", 5, '"." and an attribute of self'),
        ("self.", 5, "an attribute of self"),
        ("me.dp < 5", 0, "a name: self, target"),
        ("enemies.dp > 1", 8, "an attribute of enemies"),
        ("objective.performing", 10, "an attribute of objective (threatened)"),
        ("self.dp", 0, "a condition: a comparison"),
        ("5", 0, "a condition"),
        ("(self.dp < 5", 12, '")" to close the "(" at position 1'),
        ("self.dp < 5)", 11, '"and", "or", ")" or the end'),
        ("self.dp 5", 8, "an operator"),
        ('self.id < "x"', 0, 'numbers on both sides of "<"'),
        ('self.dp == "x"', 11, "the same kind"),
        ("self.dp and true", 0, 'a yes/no value on both sides of "and"'),
        ("not self.dp", 4, 'a yes/no value after "not"'),
        ("-true == 1", 1, 'a number after "-"'),
        ('"a" + 1 == 1', 0, 'a number on both sides of "+"'),
        ("self.defense < 50%", 15, "a gauge (dp, vp or ep)"),
        ("self.dp + 1 < 50%", 14, "a gauge"),
        ("50% == 50%", 7, "a gauge"),
        ("self.dp < 5.", 11, "a digit"),
        ("self.dp < 5x", 11, "a digit"),
        ('self.id == "dexter', 18, 'a closing "'),
        ("self.dp < 5 and", 15, "a number, a name"),
    ],
)
def test_everything_else_is_an_error_at_its_position(
    text: str, position: int, expected: str
) -> None:
    with pytest.raises(ExpressionError) as caught:
        parse_condition(text)
    assert (caught.value.position, caught.value.text) == (position, text)
    assert expected in caught.value.expected


def test_the_error_names_the_position_and_draws_a_caret() -> None:
    with pytest.raises(ExpressionError) as caught:
        parse_condition("self.dp < 5 < 6")
    assert str(caught.value).splitlines() == [
        'at position 13: expected "and" or "or" (comparisons do not chain)',
        "  self.dp < 5 < 6",
        "              ^",
    ]


@pytest.mark.parametrize(
    "text",
    [
        "self.__class__ == 1",
        "self.__dict__ == 1",
        "target.__init__ == 1",
        "self.character == 1",  # a CharacterView field, but not in the language
        "self.position == 1",
        "self.vitality > 1",
        "__import__ == 1",
        "self.dp.__class__ == 1",
        "().__class__ == 1",
        "enemies.__len__ > 1",
        "exits.__doc__ == 1",
        "getattr == 1",
        "self.dp.real > 1",
        'self["dp"] < 5',
        "lambda: 1",
    ],
)
def test_python_objects_are_unreachable(text: str) -> None:
    with pytest.raises(ExpressionError):
        parse_condition(text)


def test_a_condition_longer_than_the_limit_is_refused() -> None:
    text = "self.dp < 5 and " * (MAX_LENGTH // 16 + 1) + "true"
    with pytest.raises(ExpressionError) as caught:
        parse_condition(text)
    assert caught.value.position == MAX_LENGTH


@pytest.mark.parametrize("nest", ["(" * (MAX_DEPTH + 1), "not " * (MAX_DEPTH + 1)])
def test_nesting_deeper_than_the_limit_is_refused(nest: str) -> None:
    with pytest.raises(ExpressionError) as caught:
        parse_condition(nest + "true")
    assert "less nesting" in caught.value.expected


def test_a_condition_must_be_text() -> None:
    with pytest.raises(ExpressionError) as caught:
        parse_condition(5)  # type: ignore[arg-type]
    assert caught.value.expected == "a condition written as text"


def test_tokens_keep_their_positions() -> None:
    kinds = [(t.kind, t.text, t.start) for t in tokenize("self.dp<=50%")]
    assert kinds == [
        ("name", "self", 0),
        (".", ".", 4),
        ("name", "dp", 5),
        ("op", "<=", 7),
        ("percent", "50%", 9),
        ("end", "", 12),
    ]


ATOMS = st.sampled_from(
    [*known_names(), "1", "2.5", "50%", '"x"', "'y'", "true", "false", "__class__", "_", "x"]
)
SYMBOLS = st.sampled_from(
    ["<", "<=", ">", ">=", "==", "!=", "+", "-", "*", "/", "(", ")", "and", "or", "not", ".", "="]
)


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=60))
def test_random_text_raises_nothing_but_expression_error(text: str) -> None:
    try:
        parse_condition(text)
    except ExpressionError as error:
        assert 0 <= error.position <= len(text)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.one_of(ATOMS, SYMBOLS), max_size=14))
def test_token_soup_parses_to_a_yes_or_no_or_fails_cleanly(
    view: PolicyView, parts: list[str]
) -> None:
    """Whatever parses evaluates to a bool against a view (with a target), never anything else."""
    text = " ".join(parts)
    try:
        condition = parse_condition(text)
    except ExpressionError as error:
        assert 0 <= error.position <= len(text)
        return
    assert isinstance(condition.holds(view, view.enemies[0]), bool)


def test_objective_threatened_reads_whether_an_enemy_is_at_its_objective() -> None:
    """The safecracker at the lock (from segment 0) threatens the heroes, not its own crew."""
    encounter = vault_job([]).start(seed=1)
    threatened = parse_condition("objective.threatened")
    assert not threatened.holds(build_view(encounter, "dexter"))
    encounter.run(until=3)
    assert threatened.holds(build_view(encounter, "dexter"))
    assert not threatened.holds(build_view(encounter, "grunt"))


def test_target_performing_and_ward_read_the_objectives() -> None:
    encounter = vault_job([]).start(seed=1)
    encounter.run(until=3)
    hero, crew = build_view(encounter, "dexter"), build_view(encounter, "grunt")
    performing = parse_condition("target.performing and target.performer")
    assert [o.character_id for o in hero.others if performing.holds(hero, o)] == ["safecracker"]
    ward = parse_condition("target.ward")
    assert [o.character_id for o in crew.others if ward.holds(crew, o)] == ["safecracker"]
    assert [o.character_id for o in hero.others if ward.holds(hero, o)] == []
