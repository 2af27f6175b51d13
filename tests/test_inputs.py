"""Reading input files: regular files within the size, UTF-8 TOML nested within the bound, and
every value within the bounds every value has."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from mands_sim.bounds import MAX_FILE_BYTES, MAX_ITEMS, MAX_NESTING, MAX_TEXT_LENGTH
from mands_sim.errors import InputError
from mands_sim.inputs import (
    escaped,
    read_input,
    resolved,
    shown,
    toml_data,
    trimmed,
    value_problems,
)


def refuse(why: str) -> InputError:
    return InputError("input.toml", "", why)


def refusal(tmp_path: Path, file: Path) -> str:
    with pytest.raises(InputError) as caught:
        read_input(file, refuse, file.name)
    return caught.value.expected


def parse_refusal(content: bytes) -> str:
    with pytest.raises(InputError) as caught:
        toml_data(content, refuse)
    return caught.value.expected


# --- reading ----------------------------------------------------------------------------------


def test_a_regular_file_is_read(tmp_path: Path) -> None:
    file = tmp_path / "a.toml"
    file.write_bytes(b"a = 1\n")
    assert read_input(file, refuse) == b"a = 1\n"


def test_a_missing_file_is_named(tmp_path: Path) -> None:
    assert refusal(tmp_path, tmp_path / "gone.toml") == "there is no file gone.toml"


def test_a_named_pipe_is_refused_without_blocking(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe.toml")
    assert (
        refusal(tmp_path, tmp_path / "pipe.toml") == "pipe.toml is a named pipe, not a regular file"
    )


def test_a_folder_is_refused(tmp_path: Path) -> None:
    (tmp_path / "dir.toml").mkdir()
    assert refusal(tmp_path, tmp_path / "dir.toml") == "dir.toml is a folder, not a regular file"


def test_a_device_is_refused() -> None:
    with pytest.raises(InputError, match="is a device, not a regular file"):
        read_input(Path("/dev/zero"), refuse)


def test_a_loop_of_symbolic_links_is_refused(tmp_path: Path) -> None:
    (tmp_path / "a.toml").symlink_to("b.toml")
    (tmp_path / "b.toml").symlink_to("a.toml")
    assert "symbolic links" in refusal(tmp_path, tmp_path / "a.toml")


def test_a_file_name_with_a_nul_is_refused(tmp_path: Path) -> None:
    assert "NUL" in refusal(tmp_path, tmp_path / "a\0.toml")


def test_a_file_larger_than_the_bound_is_refused_unread(tmp_path: Path) -> None:
    file = tmp_path / "big.toml"
    with file.open("wb") as sparse:
        sparse.truncate(MAX_FILE_BYTES + 1)
    assert refusal(tmp_path, file) == (
        f"big.toml has more than {MAX_FILE_BYTES} bytes, the most a file may have"
    )


def test_a_loop_of_links_named_inside_a_folder_is_refused(tmp_path: Path) -> None:
    (tmp_path / "a.toml").symlink_to("a.toml")
    with pytest.raises(InputError, match=r"a\.toml: "):
        resolved(tmp_path, "a.toml", refuse)


# --- parsing ----------------------------------------------------------------------------------


def test_a_byte_order_mark_is_skipped() -> None:
    assert toml_data(b"\xef\xbb\xbfa = 1\n", refuse) == {"a": 1}


@pytest.mark.parametrize("encoding", ["UTF-16", "UTF-32"])
def test_another_unicode_encoding_is_named(encoding: str) -> None:
    assert f"not {encoding} " in parse_refusal("a = 1\n".encode(encoding))


def test_text_that_is_not_utf8_names_the_byte() -> None:
    assert parse_refusal(b'a = "caf\xe9"\n').endswith("at byte 8)")


@pytest.mark.parametrize("opener", ["[", "{a = "])
def test_nesting_past_the_bound_is_refused_before_parsing(opener: str) -> None:
    closer = "]" if opener == "[" else "}"
    text = "x = " + opener * 5_000 + "1" * (opener != "[") + closer * 5_000 + "\n"
    assert parse_refusal(text.encode()).startswith(
        f"expected tables and arrays nested at most {MAX_NESTING} deep (at line 1)"
    )


def test_nesting_up_to_the_bound_is_read() -> None:
    text = "x = " + "[" * MAX_NESTING + "]" * MAX_NESTING + "\n"
    assert "x" in toml_data(text.encode(), refuse)


@pytest.mark.parametrize(
    "text", ['s = "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["', "# [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["]
)
def test_brackets_in_strings_and_comments_do_not_nest(text: str) -> None:
    toml_data(f'{text}\na = ["]"]\n'.encode(), refuse)


def test_a_whole_number_of_too_many_digits_is_not_toml() -> None:
    assert parse_refusal(b"a = " + b"9" * 5_000 + b"\n").startswith("expected valid TOML: ")


def test_a_syntax_error_is_named_with_its_line() -> None:
    assert parse_refusal(b"a = 1\nb = \n").startswith("expected valid TOML: Invalid value")


# --- values -----------------------------------------------------------------------------------


def problems(data: dict[str, Any]) -> list[tuple[str, str]]:
    found = value_problems(data, "sheet")
    return [(problem.key, problem.expected) for problem in (*found.shape, *found.numbers)]


@pytest.mark.parametrize("value", [float("nan"), float("inf"), -float("inf")])
def test_a_number_that_is_not_finite_is_named(value: float) -> None:
    assert problems({"a": [1, value]}) == [("sheet.a[1]", f"expected a finite number, not {value}")]


def test_a_whole_number_beyond_64_bits_is_named_by_its_digits() -> None:
    (problem,) = problems({"a": -(10**30)})
    assert problem[1].endswith("not one of 31 digits")


def test_64_bit_whole_numbers_pass() -> None:
    assert problems({"a": [2**63 - 1, -(2**63)], "b": True}) == []


def test_a_control_character_in_text_is_shown_escaped() -> None:
    (problem,) = problems({"name": "Ser\x00aph"})
    assert problem == (
        "sheet.name",
        'expected text without control characters but tab and newline, not "Ser\\u0000aph"',
    )


def test_tab_and_newline_may_be_in_text() -> None:
    assert problems({"description": "one\tline\r\nanother"}) == []


def test_text_past_the_bound_is_named() -> None:
    (problem,) = problems({"description": "x" * (MAX_TEXT_LENGTH + 1)})
    assert problem[1] == f"expected text of at most {MAX_TEXT_LENGTH} characters, not 10001"


def test_a_key_with_a_control_character_is_named_at_its_table() -> None:
    assert problems({"powers": {"a\x1bb": 1}})[0][0] == "sheet.powers"


def test_too_many_items_are_named_and_not_read() -> None:
    many: list[Any] = [float("nan")] * (MAX_ITEMS + 1)
    assert problems({"a": many}) == [("sheet.a", f"expected at most {MAX_ITEMS} items, not 10001")]


def test_nesting_of_any_depth_is_checked_without_recursion() -> None:
    data: dict[str, Any] = {}
    inner = data
    for _ in range(100_000):
        inner["a"] = {}
        inner = inner["a"]
    (problem,) = problems(data)
    assert problem[1] == f"expected tables and arrays nested at most {MAX_NESTING} deep"


def test_a_key_that_is_not_text_is_named() -> None:
    assert problems({"a": {1: 2}}) == [("sheet.a", "expected text keys, not 1")]


def test_many_problems_are_listed_up_to_fifty_then_counted() -> None:
    listed = trimmed(value_problems({"a": [float("nan")] * 60}).numbers)
    assert (len(listed), listed[-1].expected) == (51, "… and 10 more like these")


def test_long_text_is_cut_when_shown() -> None:
    assert escaped("y" * 100) == '"' + "y" * 80 + '…"'


@pytest.mark.parametrize(
    ("value", "written"),
    [
        (True, "true"),
        ("down", '"down"'),
        (2.5, "2.5"),
        (10**40, "a whole number of 41 digits"),
        ({"a": 1}, "a table"),
        ([1], "an array"),
        (None, "a NoneType"),
    ],
)
def test_a_value_is_shown_as_toml_writes_it(value: object, written: str) -> None:
    assert shown(value) == written
