"""Parts of the reduction table (cupylike/_core/_reduction_table.py)."""
