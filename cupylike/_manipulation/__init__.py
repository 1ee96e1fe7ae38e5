"""Array manipulation routines: joining, splitting, tiling and rearranging, adding and removing
elements, padding (NumPy's reference: array manipulation, padding)."""
