"""Reading chart data files: every problem raises RulesDataError naming the file."""

from __future__ import annotations

from pathlib import Path

import pytest

from mands_sim.charts._data import DataFile
from mands_sim.errors import RulesDataError


def _file(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "table.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_invalid_toml_names_the_file(tmp_path: Path) -> None:
    with pytest.raises(RulesDataError, match=r"table\.toml: not valid TOML"):
        DataFile.read(_file(tmp_path, "kind = \n"), "sight")


def test_missing_file_names_the_file(tmp_path: Path) -> None:
    with pytest.raises(RulesDataError, match=r"absent\.toml: cannot read the file"):
        DataFile.read(tmp_path / "absent.toml", "sight")


def test_missing_source_note_is_rejected(tmp_path: Path) -> None:
    with pytest.raises(RulesDataError, match="the file has no 'source'"):
        DataFile.read(_file(tmp_path, 'kind = "sight"\n'), "sight")


def test_unknown_status_is_rejected(tmp_path: Path) -> None:
    data = DataFile.read(
        _file(tmp_path, 'kind = "x"\nsource = "s"\n[[rows]]\nstatus = "guess"\n'), "x"
    )
    with pytest.raises(RulesDataError, match="status 'guess' is not one of page, seed"):
        data.rows("rows")


def test_rows_must_be_an_array_of_tables(tmp_path: Path) -> None:
    data = DataFile.read(_file(tmp_path, 'kind = "x"\nsource = "s"\nrows = 3\n'), "x")
    with pytest.raises(RulesDataError, match=r"'rows' must be a non-empty array of tables"):
        data.rows("rows")


@pytest.mark.parametrize("value", ["1/0", "half", True, 0.5e400])
def test_bad_number_is_rejected(value: object) -> None:
    data = DataFile("table.toml", {})
    with pytest.raises(RulesDataError, match=r"table\.toml: cost must be"):
        data.as_fraction(value, "cost")


def test_decimal_text_is_read_exactly() -> None:
    assert DataFile("t", {}).as_fraction(".077", "x") * 1000 == 77


def test_contiguous_rows_report_a_gap() -> None:
    with pytest.raises(RulesDataError, match="gap between row 2 and row 4"):
        DataFile("t", {}).check_contiguous([1, 2, 4], "row")


def test_contiguous_rows_report_an_overlap() -> None:
    with pytest.raises(RulesDataError, match="row 2 overlaps: it follows row 2"):
        DataFile("t", {}).check_contiguous([1, 2, 2], "row")


def test_strict_monotone_check_rejects_equal_neighbours() -> None:
    with pytest.raises(RulesDataError, match="x must rise strictly"):
        DataFile("t", {}).check_monotone([(1, 1), (2, 1)], "x", strict=True, falling=False)
