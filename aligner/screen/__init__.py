"""Screening: which keyword lines are about people, and which voice a stereotype.

A keyword line is only a candidate: "old films" names no person, "Yes, sir." voices no
stereotype. Screening (CineBias §3.4.1: keyword filter, then a judge, then a human) keeps
reviewers' time for the lines that can become a bias pair. ``reference`` decides, per
lexicon match, whether it refers to people; a judge (``judge``: the bundled classifier,
any OpenAI-compatible LLM, or none) scores each line; ``stage`` puts both into frames.
"""
