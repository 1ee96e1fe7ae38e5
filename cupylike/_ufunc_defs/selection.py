"""Selection ufuncs."""

ENTRIES = []
