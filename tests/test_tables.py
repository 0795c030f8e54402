"""The one table reader: encodings, separators, strict shape, column names and mappings."""

from __future__ import annotations

import codecs

import pytest

from aligner.errors import ConfigError, EncodingError, InputFormatError
from aligner.tables import parse_columns, read_table

PAIRS = ("sent_more", "sent_less")
ESTONIAN = "sent_more,sent_less\nNaised ei oska õhtul sõita.,Mehed ei oska õhtul sõita.\n"


def write(tmp_path, data: bytes | str, name: str = "pairs.csv"):
    path = tmp_path / name
    path.write_bytes(data.encode("utf-8") if isinstance(data, str) else data)
    return path


def rows(table):
    return table.frame.drop("line").rows()


@pytest.mark.parametrize("codepage", ["cp1257", "iso8859_13"])
def test_baltic_code_page_with_a_language_hint(tmp_path, codepage):
    table = read_table(write(tmp_path, ESTONIAN.encode(codepage)), PAIRS, lang="et")
    assert rows(table) == [("Naised ei oska õhtul sõita.", "Mehed ei oska õhtul sõita.")]


def test_legacy_code_page_without_hint_is_detected(tmp_path):
    text = "sent_more,sent_less\n" + '"Привет, как дела?","Всё хорошо, спасибо."\n' * 5
    table = read_table(write(tmp_path, text.encode("cp1251")), PAIRS)
    assert table.frame["sent_more"][0] == "Привет, как дела?"


def test_spreadsheet_unicode_text_export_is_utf16_tsv(tmp_path):
    # What a spreadsheet's "Unicode text" export writes: UTF-16 LE with a BOM, tabs, CRLF.
    text = "sent_more\tsent_less\tbias_type\r\nमहिला\tपुरुष\tgender\r\n"
    table = read_table(write(tmp_path, codecs.BOM_UTF16_LE + text.encode("utf-16-le")), PAIRS)
    assert (table.separator, table.encoding) == ("\t", "utf-16")
    assert rows(table) == [("महिला", "पुरुष", "gender")]


@pytest.mark.parametrize("codec", ["utf-16-le", "utf-16-be"])
def test_utf16_without_bom(tmp_path, codec):
    text = "sent_more\tsent_less\nWomen drive.\tMen drive.\n"
    table = read_table(write(tmp_path, text.encode(codec)), PAIRS)
    assert rows(table) == [("Women drive.", "Men drive.")]


def test_semicolon_separated_export(tmp_path):
    table = read_table(write(tmp_path, "sent_more;sent_less\nA, b;C, d\n"), PAIRS)
    assert rows(table) == [("A, b", "C, d")]


def test_binary_file_is_one_line_error(tmp_path):
    with pytest.raises(InputFormatError, match=r"pairs.csv:1: binary file"):
        read_table(write(tmp_path, b"PK\x03\x04\x00\x01\x02garbage"), PAIRS)


def test_undecodable_bytes_name_the_line(tmp_path):
    data = b"sent_more,sent_less\nfine,fine\n\x81\x8d\x8f\x90\x9d,x\n"
    with pytest.raises(EncodingError, match=r"pairs.csv:3: .*save the file as UTF-8"):
        read_table(write(tmp_path, data), PAIRS, lang="et")


def test_line_is_where_the_row_starts_after_a_multiline_cell(tmp_path):
    text = 'sent_more,sent_less\n"two\nlines",b\nc,d\n'
    table = read_table(write(tmp_path, text), PAIRS)
    assert table.frame["line"].to_list() == [2, 4]


def test_ragged_row_names_its_first_line(tmp_path):
    text = 'sent_more,sent_less\n"two\nlines",b\nc,d,e\n'
    with pytest.raises(InputFormatError, match=r"pairs.csv:4: row has 3 cells, the header has 2"):
        read_table(write(tmp_path, text), PAIRS)


def test_one_cell_row_is_an_error_with_a_hint(tmp_path):
    with pytest.raises(InputFormatError, match=r":3: row has 1 cell.*no separator"):
        read_table(write(tmp_path, "sent_more,sent_less\na,b\nTODO check these\n"), PAIRS)


def test_all_empty_rows_are_skipped_and_reported(tmp_path):
    table = read_table(write(tmp_path, "sent_more,sent_less\na,b\n,\n \n, \nc,d\n"), PAIRS)
    assert rows(table) == [("a", "b"), ("c", "d")]
    assert table.blank_lines == (3, 4, 5)
    assert table.notes() == [f"{table.path}: skipped 3 empty rows (line 3, 4, 5)"]


def test_empty_cells_are_null_and_everything_is_text(tmp_path):
    table = read_table(write(tmp_path, "sent_more,sent_less,start_ms\na,,0012\n"), PAIRS)
    assert rows(table) == [("a", None, "0012")]


def test_duplicate_column_is_named(tmp_path):
    with pytest.raises(InputFormatError, match=r":1: duplicate column 'sent_more': columns 1 \(A\) "
                                               r"and 3 \(C\)"):
        read_table(write(tmp_path, "sent_more,sent_less,sent_more\na,b,c\n"), PAIRS)


def test_unnamed_first_column_is_index_and_clashes_with_an_index_column(tmp_path):
    table = read_table(write(tmp_path, ",sent_more,sent_less\n0,a,b\n"), PAIRS)
    assert table.frame.columns == ["index", "sent_more", "sent_less", "line"]
    with pytest.raises(InputFormatError, match=r"duplicate column 'index'.*unnamed first column"):
        read_table(write(tmp_path, ",index,sent_more,sent_less\n0,1,a,b\n"), PAIRS)


def test_unnamed_later_column_is_named_by_its_letter(tmp_path):
    with pytest.raises(InputFormatError, match=r":1: column 3 \(C\) has no name"):
        read_table(write(tmp_path, "sent_more,sent_less, \na,b,c\n"), PAIRS)


def test_unclosed_quote_points_at_the_row(tmp_path):
    with pytest.raises(InputFormatError, match=r":3: malformed CSV: a quoted cell .* never closed"):
        read_table(write(tmp_path, 'sent_more,sent_less\na,b\n"c,d\ne,f\n'), PAIRS)


def test_headerless_and_empty_files(tmp_path):
    with pytest.raises(InputFormatError, match=r":1: empty file"):
        read_table(write(tmp_path, ""), PAIRS)
    with pytest.raises(InputFormatError, match=r":1: no header row"):
        read_table(write(tmp_path, ",,\na,b,c\n"), PAIRS)


def test_missing_and_directory_paths(tmp_path):
    with pytest.raises(InputFormatError, match=r"nope.csv: cannot read: No such file"):
        read_table(tmp_path / "nope.csv", PAIRS)
    with pytest.raises(InputFormatError, match=r"is a directory"):
        read_table(tmp_path, PAIRS)


def test_missing_column_suggests_a_mapping_for_indibias(tmp_path):
    path = write(tmp_path, "sent_more_hindi,sent_less_hindi,bias_type\na,b,gender\n")
    with pytest.raises(InputFormatError) as caught:
        read_table(path, PAIRS)
    assert str(caught.value) == (
        f"{path}:1: CSV header lacks column(s) sent_more, sent_less; the file has "
        "sent_more_hindi, sent_less_hindi: map them with --columns "
        "more=sent_more_hindi,less=sent_less_hindi")


def test_missing_column_without_a_guess_lists_the_header(tmp_path):
    with pytest.raises(InputFormatError, match=r"lacks column\(s\) sent_less; its columns: "
                                               r"sent_more, other"):
        read_table(write(tmp_path, "sent_more,other\na,b\n"), PAIRS)


def test_mapping_renames_and_keeps_the_displaced_column(tmp_path):
    path = write(tmp_path, "sent_more,sent_less,sent_more_hindi,sent_less_hindi\nW,M,म,प\n")
    mapping = parse_columns("more=sent_more_hindi,less=sent_less_hindi")
    table = read_table(path, PAIRS, columns=mapping)
    assert table.frame.columns == [
        "sent_more_unmapped", "sent_less_unmapped", "sent_more", "sent_less", "line"]
    assert rows(table) == [("W", "M", "म", "प")]


def test_mapping_to_a_column_the_file_lacks(tmp_path):
    with pytest.raises(ConfigError, match=r":1: --columns names 'sent_more_hi', which the file "
                                          r"lacks; its columns: a, b"):
        read_table(write(tmp_path, "a,b\n1,2\n"), PAIRS, columns={"sent_more": "sent_more_hi"})


def test_mapping_one_column_twice_or_onto_a_taken_name(tmp_path):
    with pytest.raises(ConfigError, match=r"--columns maps 'a' to two of our columns"):
        read_table(write(tmp_path, "a,b\n1,2\n"), (), columns={"sent_more": "a", "sent_less": "a"})
    with pytest.raises(ConfigError, match=r"maps two columns to 'sent_more_unmapped'"):
        read_table(write(tmp_path, "sent_more,sent_more_unmapped,x\n1,2,3\n"), (),
                   columns={"sent_more": "x"})


def test_parse_columns():
    assert parse_columns("more=a, less = b,bias_type=c") == {
        "sent_more": "a", "sent_less": "b", "bias_type": "c"}
    assert parse_columns(None) == {}
    for bad in ("more", "more=", "=a", "more=a,more=b"):
        with pytest.raises(ConfigError, match="--columns"):
            parse_columns(bad)


def test_a_files_own_line_column_is_replaced_by_the_row_line(tmp_path):
    # Verdict files written by `align validate` carry the line of the file they came from.
    table = read_table(write(tmp_path, "sent_more,line,sent_less\na,99,b\n"), PAIRS)
    assert table.frame.columns == ["sent_more", "sent_less", "line"]
    assert table.frame["line"].to_list() == [2]
