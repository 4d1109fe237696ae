"""Words and languages: the catalogs, place names, and what hosts and the system say."""
