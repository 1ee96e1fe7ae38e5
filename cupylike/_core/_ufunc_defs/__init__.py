"""Parts of the ufunc table, by area; cupylike/_core/_ufunc_table.py joins them."""
