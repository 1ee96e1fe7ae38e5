"""NumPy's `size` argument as a shape, shared by the bit generators and the distributions."""

import operator


def shape_of(size):
    """NumPy's `size` as a shape: None -> () (a 0-d array, as CuPy returns), an int or a
    sequence of ints; negative dimensions raise ValueError."""
    if size is None:
        return ()
    try:
        shape = (operator.index(size),)
    except TypeError:
        try:
            shape = tuple(operator.index(s) for s in size)
        except TypeError:
            raise TypeError("expected a sequence of integers or a single integer, "
                            f"got '{size}'") from None
    if any(s < 0 for s in shape):
        raise ValueError("negative dimensions are not allowed")
    return shape
