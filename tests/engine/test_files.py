"""The one file reader: what it refuses before any model sees the data, and how it says so."""

import os

import pytest
from pydantic import BaseModel

from tabletop.engine.files import MAX_DEPTH, FileProblem, Limits, read_bytes, read_data, validate

MB = Limits(1 << 20)


def test_data_nested_deeper_than_the_limit_is_refused_before_any_model_sees_it(tmp_path):
    path = tmp_path / "deep.json"
    path.write_text("[" * (MAX_DEPTH + 2) + "]" * (MAX_DEPTH + 2))
    with pytest.raises(FileProblem, match=f"deep.json: nested more than {MAX_DEPTH} levels"):
        read_data(path, "json", MB, inside=None)
    path.write_text("[" * MAX_DEPTH + "]" * MAX_DEPTH)
    assert read_data(path, "json", MB, inside=None) is not None


def test_toml_dotted_keys_count_as_nesting(tmp_path):
    path = tmp_path / "dotted.toml"
    path.write_text("a" + ".a" * (MAX_DEPTH + 1) + " = 1\n")
    with pytest.raises(FileProblem, match="nested more than"):
        read_data(path, "toml", MB, inside=None)


@pytest.mark.parametrize("number", ["1e400", "NaN", "-Infinity", "1e20", "1" + "0" * 5000])
def test_numbers_no_game_could_hold_are_refused(tmp_path, number):
    path = tmp_path / "n.json"
    path.write_text(f'{{"damage": {number}}}')
    with pytest.raises(FileProblem, match=r"n\.json"):
        read_data(path, "json", MB, inside=None)


def test_a_pipe_is_refused_without_waiting_for_a_writer(tmp_path):
    path = tmp_path / "save.json"
    os.mkfifo(path)
    with pytest.raises(FileProblem, match=r"save\.json: a pipe, not a file"):
        read_bytes(path, 1 << 20, inside=None)


def test_a_link_out_of_its_folder_is_not_followed(tmp_path):
    (tmp_path / "inside").mkdir()
    link = tmp_path / "inside" / "save.json"
    os.symlink("/dev/zero", link)
    with pytest.raises(FileProblem, match="a link to /dev/zero, outside"):
        read_bytes(link, 1 << 20, inside=tmp_path / "inside")


def test_a_link_within_its_folder_is_read(tmp_path):
    (tmp_path / "real.json").write_text("[1]")
    os.symlink("real.json", tmp_path / "link.json")
    assert read_data(tmp_path / "link.json", "json", Limits(100), inside=tmp_path) == [1]


def test_a_file_over_the_limit_is_refused_unread(tmp_path):
    path = tmp_path / "big.json"
    with open(path, "wb") as f:
        f.truncate(2048)
    with pytest.raises(FileProblem, match=r"big.json: too large \(2 KB; at most 1 KB\)"):
        read_bytes(path, 1024, inside=None)


def test_a_device_is_refused_even_when_named_directly():
    with pytest.raises(FileProblem, match="a device, not a file"):
        read_bytes("/dev/zero", 1024, inside=None)


class _Model(BaseModel):
    count: int


def test_a_model_failure_names_the_file_and_the_field():
    with pytest.raises(FileProblem, match=r"^x.json: count: Input should be a valid integer"):
        validate(_Model, {"count": "many"}, "x.json")


@pytest.mark.parametrize(
    ("text", "where"),
    [('do = "P1: play "Iron Sword""\n', "line 1, column 17"), ("a = 1\nb = 1 2\n", "line 2")],
)
def test_a_toml_mistake_on_a_line_is_said_with_where_it_is_not_as_a_file_cut_off(
    tmp_path, text, where
):
    path = tmp_path / "x.toml"
    path.write_text(text)
    with pytest.raises(FileProblem) as e:
        read_data(path, "toml", MB, inside=None)
    assert "not valid TOML" in str(e.value) and where in str(e.value)
    assert "cut off" not in str(e.value)


def test_a_toml_file_cut_off_is_said_to_be_incomplete(tmp_path):
    path = tmp_path / "x.toml"
    path.write_text('name = "Deck"\n[cards]\n"Iron Sword" = [1, 2')
    with pytest.raises(FileProblem, match="cut off near the end: the file is incomplete"):
        read_data(path, "toml", MB, inside=None)


def test_data_holding_half_a_surrogate_pair_is_refused_before_it_can_be_kept(tmp_path):
    path = tmp_path / "x.json"
    path.write_text('{"name": "Deck \\udcff"}')
    with pytest.raises(FileProblem, match=r"x\.json: name: holds a character that is not text"):
        read_data(path, "json", MB, inside=None)
    path.write_text('{"name": "\\ud83c\\udca1 a pair is a character"}')
    assert read_data(path, "json", MB, inside=None) == {"name": "🂡 a pair is a character"}
