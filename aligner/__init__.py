"""CineAlign: social-bias minimal pairs for new languages, built from aligned movie subtitles."""

__version__ = "0.1.0"
