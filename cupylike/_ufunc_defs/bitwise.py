"""Bitwise ufuncs."""

ENTRIES = []
