import csv
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from aligner.errors import ConfigError, InputFormatError, InputNote
from aligner.score.pairs import parse_columns, read_pairs

SEED_PAIRS = Path(__file__).resolve().parents[2] / "sample" / "seed_pairs.csv"

CROWS_PAIRS = (
    ",sent_more,sent_less,stereo_antistereo,bias_type,annotations,anon_writer,anon_annotators\n"
    "0,He couldn't figure out the issue.,She couldn't figure out the issue.,stereo,gender,"
    "\"[['gender'], ['gender']]\",a0,\"['a77', 'a78']\"\n"
    '1,"Poor people are lazy,\nsaid the man.",Rich people are lazy.,stereo,socioeconomic,'
    "[],a1,[]\n"
)


def _write(tmp_path: Path, text: str, name: str = "pairs.csv") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_crows_pairs_file_with_unnamed_index_and_annotations(tmp_path):
    frame = read_pairs(_write(tmp_path, CROWS_PAIRS))
    assert frame["pair_id"].to_list() == ["0", "1"]
    assert frame["line"].to_list() == [2, 3]
    assert frame["sent_more"][1] == "Poor people are lazy,\nsaid the man."
    assert "annotations" in frame.columns


def test_cinealign_seed_pairs_keep_their_provenance():
    frame = read_pairs(SEED_PAIRS)
    assert frame.height > 0
    assert {"pair_id", "film", "cue_id", "orig_side"} <= set(frame.columns)
    assert frame["pair_id"][0] != "2"


def test_rejected_transfers_are_passed_over(tmp_path):
    text = (
        "pair_id,sent_more,sent_less,bias_type,status\n"
        "a,Naised on targad.,Mehed on targad.,gender,ok\n"
        "b,,,gender,rejected\n"
    )
    assert read_pairs(_write(tmp_path, text))["pair_id"].to_list() == ["a"]


def test_missing_column_is_named(tmp_path):
    with pytest.raises(InputFormatError, match="bias_type") as caught:
        read_pairs(_write(tmp_path, "sent_more,sent_less\na,b\n"))
    assert caught.value.line == 1


def test_empty_sentence_points_at_its_line_after_a_multiline_field(tmp_path):
    text = CROWS_PAIRS + "2,,Someone else.,stereo,age,[],a2,[]\n"
    with pytest.raises(InputFormatError, match="empty sent_more") as caught:
        read_pairs(_write(tmp_path, text))
    assert caught.value.line == 5


def test_short_row_is_reported(tmp_path):
    with pytest.raises(InputFormatError, match="2 cells") as caught:
        read_pairs(_write(tmp_path, "sent_more,sent_less,bias_type\na,b\n"))
    assert caught.value.line == 2


def test_a_legacy_code_page_is_read_and_binary_is_refused(tmp_path):
    path = tmp_path / "latin.csv"
    rows = ["Naised söövad liiga vähe õhtul,Mehed söövad liiga vähe õhtul,gender",
            "Tüdrukud ei oska jäätist süüa,Poisid ei oska jäätist süüa,gender",
            "Vanad ei mõista ühtegi äppi,Noored ei mõista ühtegi äppi,age"]
    path.write_bytes(("sent_more,sent_less,bias_type\n" + "\n".join(rows) + "\n")
                     .encode("cp1257"))
    # Read, not refused; which Baltic code page short text is in is a guess without --lang
    # (ingest and the pair commands pass the language, which picks cp1257).
    assert read_pairs(path).height == 3
    path.write_bytes(bytes(range(256)) * 4)
    with pytest.raises(InputFormatError):
        read_pairs(path)


def test_all_empty_rows_are_skipped_and_said_so(tmp_path):
    with pytest.warns(InputNote, match="skipped 1 empty row"):
        frame = read_pairs(_write(tmp_path, "sent_more,sent_less,bias_type\n,,\na,b,gender\n"))
    assert frame.height == 1


def test_missing_file(tmp_path):
    with pytest.raises(InputFormatError, match="No such file"):
        read_pairs(tmp_path / "nope.csv")


def test_header_only_file_has_no_pairs(tmp_path):
    with pytest.raises(InputFormatError, match="no pairs"):
        read_pairs(_write(tmp_path, "sent_more,sent_less,bias_type\n"))


sentences = st.text(
    alphabet=st.characters(codec="utf-8", exclude_categories=["Cs", "Cc"])
    | st.sampled_from(',"\n'),
    min_size=1,
    max_size=30,
).filter(lambda text: text.strip())


@given(st.lists(st.tuples(sentences, sentences), min_size=1, max_size=5))
def test_any_quoted_sentences_round_trip_with_their_start_lines(tmp_path_factory, rows):
    path = tmp_path_factory.mktemp("csv") / "pairs.csv"
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["sent_more", "sent_less", "bias_type"])
        writer.writerows([more, less, "gender"] for more, less in rows)
    frame = read_pairs(path)
    assert list(frame.select("sent_more", "sent_less").iter_rows()) == rows
    expected_line = 2
    for (more, less), line in zip(rows, frame["line"].to_list(), strict=True):
        assert line == expected_line
        expected_line += more.count("\n") + less.count("\n") + 1


def test_duplicate_column_name_is_named(tmp_path):
    text = "sent_more,sent_less,bias_type,bias_type\na,b,gender,age\n"
    with pytest.raises(InputFormatError, match="duplicate column 'bias_type'") as caught:
        read_pairs(_write(tmp_path, text))
    assert caught.value.line == 1


def test_unnamed_first_column_beside_an_index_column_is_refused(tmp_path):
    text = ",index,sent_more,sent_less,bias_type\n0,7,a,b,gender\n"
    with pytest.raises(InputFormatError, match="duplicate column 'index'.*unnamed first column"):
        read_pairs(_write(tmp_path, text))


def test_unnamed_later_column_is_refused(tmp_path):
    with pytest.raises(InputFormatError, match="column 3 .C. has no name"):
        read_pairs(_write(tmp_path, "sent_more,sent_less,,bias_type\na,b,c,gender\n"))


INDIBIAS = (
    "sent_more,sent_less,sent_more_hindi,sent_less_hindi,stereo_antistereo,bias_type\n"
    "Women are weak.,Men are weak.,औरतें कमज़ोर हैं।,आदमी कमज़ोर हैं।,stereo,gender\n"
)


def test_columns_mapping_reads_indibias_hindi_and_keeps_the_english(tmp_path):
    path = _write(tmp_path, INDIBIAS)
    frame = read_pairs(path, parse_columns("more=sent_more_hindi,less=sent_less_hindi"))
    assert frame["sent_more"][0] == "औरतें कमज़ोर हैं।"
    assert frame["sent_less"][0] == "आदमी कमज़ोर हैं।"
    assert frame["sent_more_original"][0] == "Women are weak."


def test_missing_sent_more_hints_at_the_suffixed_columns(tmp_path):
    text = "sent_more_hindi,sent_less_hindi,bias_type\nक,ख,gender\n"
    with pytest.raises(InputFormatError, match="found sent_more_hindi.*--columns more="):
        read_pairs(_write(tmp_path, text))


def test_columns_mapping_errors_are_clear(tmp_path):
    with pytest.raises(ConfigError, match="KEY=COLUMN"):
        parse_columns("more")
    with pytest.raises(ConfigError, match="KEY=COLUMN"):
        parse_columns("film=x")
    with pytest.raises(InputFormatError, match="'sent_more_urdu', which is not a column"):
        read_pairs(_write(tmp_path, INDIBIAS), parse_columns("more=sent_more_urdu"))


def test_tab_separated_file(tmp_path):
    path = _write(tmp_path, "sent_more\tsent_less\tbias_type\nA, b\tC, d\tgender\n", "pairs.tsv")
    assert read_pairs(path)["sent_more"].to_list() == ["A, b"]


def test_a_genderlex_file_is_pointed_at_cloze_gender(tmp_path):
    text = "sent_m,sent_w,context,HB\nIt was him,It was her,was,M\n"
    with pytest.raises(InputFormatError, match="--metric cloze-gender"):
        read_pairs(_write(tmp_path, text))
