"""Integer ufuncs."""

ENTRIES = []
