"""``align review serve``: a local review page for linguists over a build's review queue."""
