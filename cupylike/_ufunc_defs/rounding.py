"""Rounding ufuncs."""

ENTRIES = []
