"""Language analysis helpers shared by the plugins: text utilities, spans, parsers."""
