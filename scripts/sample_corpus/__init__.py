"""The sample corpus generator behind scripts/make_sample.py, one module per stage.

script (TOML film scripts) -> layout (untimed cues) -> timing -> reader_lines (gold raw ids)
-> render (file text and bytes) -> film (one film, every language) -> tables, summary -> output.
releases says how each file is published. Everything is deterministic, so sample/ rebuilds
byte for byte.
"""
