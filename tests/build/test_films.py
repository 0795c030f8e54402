from pathlib import Path

from aligner.build.films import match_films


def test_films_matched_by_name_and_unmatched_listed(tmp_path: Path):
    for name in ("a.en.srt", "a.et.srt", "b.en.vtt", "c.et.srt", "notes.txt.bak"):
        (tmp_path / name).write_text("")
    matched, unmatched = match_films(tmp_path, tmp_path, "en", "et")
    assert [(f.film, f.src.name, f.tgt.name) for f in matched] == [("a", "a.en.srt", "a.et.srt")]
    assert sorted((u.film, u.lang) for u in unmatched) == [("b", "en"), ("c", "et")]


def test_opus_layout_matches_by_imdb_folder(tmp_path: Path):
    for lang in ("en", "et"):
        folder = tmp_path / lang / "1999" / "123456"
        folder.mkdir(parents=True)
        (folder / "77.xml.gz").write_bytes(b"")
    matched, unmatched = match_films(tmp_path / "en", tmp_path / "et", "en", "et")
    assert [f.film for f in matched] == ["123456"] and unmatched == []
