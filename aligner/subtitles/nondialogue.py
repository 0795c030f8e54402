"""Lines nobody says: advertising, subtitle credits and web addresses.

OpenSubtitles files often open or close with such cues (an Estonian release of a real
film ended with 55 ".future.ee" adverts). They have no partner in the other language,
and left in they pull the aligner's time fit and path towards the ends of the film, so
ingest leaves them out and lists them. The rules are deliberately narrow: a credit must
start the line ("Subtitles by ...", "Tõlkinud ..."), an advert names a known subtitle
site or a web address; a line that merely mentions translating stays dialogue.
"""

from __future__ import annotations

import re

# Reason codes, as listed in ingest's output.
URL = "url"
CREDIT = "credit"
ADVERT = "advert"

_TLDS = (
    "com|net|org|info|biz|tv|io|me|link|co|uk|ee|ru|de|fr|es|it|pl|ro|hu|cz|sk|lt|lv|fi|se|no|"
    "dk|nl|be|pt|gr|tr|in|br|ar|mx|ua|by|kz|hr|si|rs|bg"
)
_URL = re.compile(
    rf"(?:https?://|www\.)\S+|(?<![\w@])[\w-]+(?:\.[\w-]+)*\.(?:{_TLDS})(?:/\S*)?(?![\w.])",
    re.IGNORECASE,
)
_CREDIT = re.compile(
    r"^\W*(?:(?:english|estonian|hindi|original)\s+)?"
    r"(?:subtitles?|subtitled|subs|captions?|captioned|sync(?:ed|hronized)?|re-?synced|"
    r"corrected|ripped|encoded|translated|translation|transcript(?:ion)?|timing|edited|"
    r"proofread)"
    r"(?:\s+(?:and|&)\s+\w+)?\s*(?:by\b|:)"
    r"|^\W*(?:tõlkinud|tõlkis|tõlge|tõlked|subtiitrid|subtiitrite|tekstid)\b"
    r"|^\W*(?:उपशीर्षक|अनुवाद(?:क)?)\s*[:\-]",
    re.IGNORECASE,
)
_ADVERT = re.compile(
    r"opensubtitles|addic7ed|podnapisi|subscene|yify|osdb\.link|"
    r"advertise your (?:product|brand)|become (?:a )?vip member|rate this subtitle|"
    r"support us and|subtitles? downloaded from",
    re.IGNORECASE,
)


def non_dialogue_reason(text: str) -> str | None:
    """Why ``text`` (a clean line) is not dialogue, or None when it is."""
    if _ADVERT.search(text):
        return ADVERT
    if _CREDIT.search(text):
        return CREDIT
    if _URL.search(text):
        return URL
    return None
