"""Parts of the reduction table (cupylike/_reduction_table.py)."""
