"""Parts of the ufunc table, by area; cupylike/_ufunc_table.py joins them."""
