"""The rows probes are grouped by: issues 15's and 21's tables, plus the areas found sound.

Each row names the issue whose engineer owns the fix, so a failing row says who to ask.
"""

from __future__ import annotations

ROWS: dict[str, tuple[int, str]] = {
    # issue 15's table, in its order
    "csv-encoding": (15, "a CSV that is not UTF-8 (cp1257, UTF-16 export, binary) to any command"),
    "review-export-overwrite": (14, "review export --out over a sheet with unapplied decisions"),
    "review-export-dataset": (14, "review export from the build's dataset CSV"),
    "review-unknown-id": (14, "a decision for a pair id that no longer exists"),
    "csv-shape": (15, "ragged, one-cell, all-empty rows; duplicate/unnamed columns"),
    "srt-utf16-nobom": (15, "SRT/VTT in UTF-16 without BOM (good input)"),
    "srt-arrow": (15, 'SRT whose dialogue contains "-->" (good input)'),
    "score-cache": (13, "align score resume cache after weights are swapped"),
    "score-encoding": (13, "align score given a CSV that is not UTF-8 (the table reader)"),
    "score-columns": (13, "align score CSV with a duplicate column, or unnamed first + index"),
    "indibias": (15, "IndiBias columns (sent_more_hindi): hint and --columns, validate/transfer"),
    "score-indibias": (13, "IndiBias columns for align score (--columns)"),
    "report-nan": (13, "report.json for groups too small for a CI (strict JSON)"),
    "long-sentence": (13, "a sentence longer than the model's limit is skipped, not fatal"),
    "ingest-output": (15, "ingest on an error writes no output and no 'wrote 0 lines'"),
    "decisions-missing": (14, "--decisions naming a missing file"),
    "build-empty": (15, "a build that yields nothing never replaces a good dataset"),
    "review-new": (14, "review.new.csv with decisions overwritten by the next build"),
    "lexicon-errors": (11, "errors lexicon check reports stop validate/transfer/build"),
    "lexicon-utf8": (11, "a lexicon TOML that is not UTF-8"),
    "encoder-once": (15, "an encoder that cannot load fails once, before any film"),
    "build-early": (15, "--tgt xx, a missing --score-model directory: found before ingest"),
    "config-types": (15, "config value types and ranges, --out naming a file"),
    "decisions-columns": (14, "a --decisions file missing columns"),
    "full-disk": (15, "a full disk (tmpfs, ulimit -f) while writing outputs and caches"),
    "score-full-disk": (13, "a full disk while align score writes its resume cache"),
    "gzip-bomb": (15, "a 1 MB gzip that inflates to 1 GB (capped, memory bounded)"),
    "lang-new": (11, "align lang new with a bad code or name"),
    "option-names": (15, "--lexicons on every command that reads lexicons (--root alias)"),
    "bench-cuda": (13, "scripts/bench_score.py --device cuda"),
    # issue 21's table
    "cue-columns": (21, "transfer --cues/--aligned, review export --cues, eval-align: a table "
                        "lacking a column"),
    "full-disk-fresh": (21, "build into a fresh --out on a nearly full disk (a tmpfs)"),
    "review-orphans": (21, "stored decisions whose pairs a later build dropped: kept and listed"),
    "lexicon-counterpart": (21, "a counterpart naming a missing concept, at its entry's file:line"),
    "lang-code": (21, "--lang ../x (and other non-codes) on every command that takes a language"),
    "kill-outputs": (21, "kill -9 while the final outputs are written"),
    # what the first probe found sound, kept sound
    "ingest": (15, "malformed subtitle files and options (baseline)"),
    "build-options": (15, "build options and paths (baseline)"),
    "build-lock": (15, "two builds into one --out"),
    "stage-keys": (15, "forcing a stage redoes later ones; edited lexicons redo their stages"),
    "kill-resume": (15, "kill -9 mid-build, then resume to identical output"),
    "score-options": (13, "align score options and inputs (baseline)"),
    "review": (14, "review apply/export inputs (baseline)"),
    "lexicon": (11, "lexicon commands on bad lexicons (baseline)"),
    "align-inputs": (12, "align / eval-align / extract inputs (baseline)"),
}
