"""Every command that reads a table reads it through the one reader (aligner.tables).

Issue 15's first row: a pairs, seeds, cues, review sheet or decision store file that is
not UTF-8 (cp1257, UTF-16 from a spreadsheet, binary) was a UnicodeDecodeError traceback.
Each such file is now read, or refused with one line naming file:line.
"""

from __future__ import annotations

import codecs
import csv
import io

import pytest
from conftest import SAMPLE_DIR
from typer.testing import CliRunner

from aligner.cli.main import app
from aligner.errors import CineAlignError

runner = CliRunner()
GOLD = SAMPLE_DIR / "gold"


def reencode(source, target, encoding: str, separator: str = ","):
    """``source`` CSV rewritten in ``encoding`` with ``separator``, as a spreadsheet would."""
    with source.open(encoding="utf-8", newline="") as handle:
        table = list(csv.reader(handle))
    buffer = io.StringIO()
    csv.writer(buffer, delimiter=separator, lineterminator="\r\n").writerows(table)
    data = buffer.getvalue().encode(encoding)
    target.write_bytes(codecs.BOM_UTF16_LE + data if encoding == "utf-16-le" else data)
    return target


def et_only(tmp_path):
    """The sample's Estonian gold pairs (cp1257 cannot encode the Hindi ones)."""
    with (GOLD / "pairs.csv").open(encoding="utf-8", newline="") as handle:
        rows = [row for row in csv.DictReader(handle) if row["lang"] == "et"]
    path = tmp_path / "et_pairs.csv"
    with path.open("w", encoding="utf-8", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    return path


def invoke(*args):
    result = runner.invoke(app, [str(a) for a in args])
    if result.exception and not isinstance(result.exception, SystemExit):
        assert isinstance(result.exception, CineAlignError), repr(result.exception)
    return result


def transferred(tmp_path):
    pairs = tmp_path / "pairs.csv"
    invoke("transfer", SAMPLE_DIR / "seed_pairs.csv", "--aligned", GOLD / "alignment.csv",
           "--cues", GOLD / "cues.csv", "--lang", "et", "--out", pairs)
    return pairs


@pytest.mark.parametrize(("encoding", "separator"), [("cp1257", ","), ("utf-16-le", "\t")])
def test_validate_reads_legacy_and_spreadsheet_encodings(tmp_path, encoding, separator):
    utf8 = et_only(tmp_path)
    assert invoke("validate", utf8, "--lang", "et").exit_code == 0
    other = reencode(utf8, tmp_path / f"pairs.{encoding}.csv", encoding, separator)
    assert invoke("validate", other, "--lang", "et").exit_code == 0
    expected = (tmp_path / "et_pairs.verdicts.csv").read_text(encoding="utf-8")
    assert (tmp_path / f"pairs.{encoding}.verdicts.csv").read_text(encoding="utf-8") == expected


def test_transfer_reads_utf16_seeds_and_cp1257_cues(tmp_path):
    seeds = reencode(SAMPLE_DIR / "seed_pairs.csv", tmp_path / "seeds.txt", "utf-16-le", "\t")
    out = tmp_path / "pairs.csv"
    result = invoke("transfer", seeds, "--aligned", GOLD / "alignment.csv", "--cues",
                    GOLD / "cues.csv", "--lang", "et", "--out", out)
    assert result.exit_code == 0, result.output
    assert "validator ok: 33" in result.output


def test_review_export_and_apply_read_any_encoding(tmp_path):
    legacy = reencode(transferred(tmp_path), tmp_path / "pairs.utf16.csv", "utf-16-le", "\t")
    sheet = tmp_path / "review.csv"
    assert invoke("review", "export", legacy, "--out", sheet).exit_code == 0
    with sheet.open(encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle))
    rows[0]["decision"] = "accept"
    with sheet.open("w", encoding="utf-8", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    spreadsheet = reencode(sheet, tmp_path / "review.tsv", "utf-16-le", "\t")
    store = tmp_path / "decisions.csv"
    result = invoke("review", "apply", spreadsheet, "--decisions", store)
    assert result.exit_code == 0, result.output
    assert "1 added" in result.output
    # The store itself, re-saved by a spreadsheet in UTF-16, still reads.
    reencode(store, store, "utf-16-le", "\t")
    result = invoke("review", "apply", spreadsheet, "--decisions", store)
    assert "0 added, 1 unchanged" in result.output


@pytest.mark.parametrize("command", ["validate", "transfer", "review-apply-sheet",
                                     "review-apply-store", "review-export", "transfer-cues"])
def test_binary_table_is_a_one_line_error(tmp_path, command):
    binary = tmp_path / "table.csv"
    binary.write_bytes(b"sent_more,sent_less\n\x00\x01\x02\x03PK\x03\x04")
    sheet = tmp_path / "sheet.csv"
    sheet.write_text("pair_id,lang,sent_more,sent_less,decision,edit_sent_more,edit_sent_less,"
                     "comment\np1,et,a,b,accept,,,\n", encoding="utf-8")
    args = {
        "validate": ("validate", binary, "--lang", "et"),
        "transfer": ("transfer", binary, "--aligned", GOLD / "alignment.csv", "--cues",
                     GOLD / "cues.csv", "--lang", "et", "--out", tmp_path / "o.csv"),
        "transfer-cues": ("transfer", SAMPLE_DIR / "seed_pairs.csv", "--aligned",
                          GOLD / "alignment.csv", "--cues", binary, "--lang", "et", "--out",
                          tmp_path / "o.csv"),
        "review-apply-sheet": ("review", "apply", binary, "--decisions", tmp_path / "d.csv"),
        "review-apply-store": ("review", "apply", sheet, "--decisions", binary),
        "review-export": ("review", "export", binary, "--out", tmp_path / "r.csv"),
    }[command]
    result = invoke(*args)
    assert result.exit_code != 0
    assert str(result.exception) == f"{binary}:2: binary file (NUL byte), not text"


def without(source, target, column: str):
    """``source`` CSV with one column left out, as a hand-made file might be."""
    with source.open(encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle))
    with target.open("w", encoding="utf-8", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=[c for c in rows[0] if c != column])
        writer.writeheader()
        writer.writerows({k: v for k, v in row.items() if k != column} for row in rows)
    return target


@pytest.mark.parametrize(("command", "column"), [
    ("transfer --cues", "cue_id"), ("transfer --cues", "text"),
    ("transfer --aligned", "tgt_cue_ids"), ("review export --cues", "idx"),
    ("eval-align", "src_cue_ids"),
])
def test_a_table_lacking_a_column_names_it_and_the_columns_found(tmp_path, command, column):
    """Issue 21: `transfer --cues` without cue_id was a KeyError traceback (as were its
    siblings here); now one line names file:line, the missing column and those found."""
    seeds, out = SAMPLE_DIR / "seed_pairs.csv", tmp_path / "out.csv"
    source = {"transfer --cues": GOLD / "cues.csv", "transfer --aligned": GOLD / "alignment.csv",
              "review export --cues": GOLD / "cues.csv", "eval-align": GOLD / "alignment.csv"}
    bad = without(source[command], tmp_path / "bad.csv", column)
    args = {
        "transfer --cues": ("transfer", seeds, "--aligned", GOLD / "alignment.csv", "--cues",
                            bad, "--lang", "et", "--out", out),
        "transfer --aligned": ("transfer", seeds, "--aligned", bad, "--cues", GOLD / "cues.csv",
                               "--lang", "et", "--out", out),
        "review export --cues": ("review", "export", transferred(tmp_path), "--out", out,
                                 "--cues", bad),
        "eval-align": ("eval-align", bad, GOLD / "alignment.csv"),
    }[command]
    message = str(invoke(*args).exception)
    assert message.startswith(f"{bad}:1: ") or message.startswith(f"{bad}: "), message
    assert f"lacks column(s) {column}" in message and "its columns: film, " in message, message
    assert not out.exists()
