"""Bitwise ufuncs: bool and integers only (floats raise TypeError, as in NumPy). Shift counts
of the bit width or more, and negative ones, shift everything out (kernels/cupylike/ufunc/
integer.cuh)."""

from cupylike._core._ufunc_defs.common import INTS, UNSIGNED, same, ufunc

ENTRIES = [
    ufunc("bitwise_and", 2, 1, same("?" + INTS, "out0 = in0 & in1"),
          "Compute the bit-wise AND of two arrays element-wise.", identity=-1, reorderable=True,
          associative=True),
    ufunc("bitwise_or", 2, 1, same("?" + INTS, "out0 = in0 | in1"),
          "Compute the bit-wise OR of two arrays element-wise.", identity=0, reorderable=True,
          associative=True),
    ufunc("bitwise_xor", 2, 1, same("?" + INTS, "out0 = in0 ^ in1"),
          "Compute the bit-wise XOR of two arrays element-wise.", identity=0, reorderable=True,
          associative=True),
    ufunc("invert", 1, 1, same("?", "out0 = !in0", nin=1) + same(INTS, "out0 = ~in0", nin=1),
          "Compute bit-wise inversion, or bit-wise NOT, element-wise.",
          aliases=("bitwise_not", "bitwise_invert")),
    ufunc("left_shift", 2, 1, same(INTS, "out0 = cupylike::left_shift(in0, in1)"),
          "Shift the bits of an integer to the left.", aliases=("bitwise_left_shift",)),
    ufunc("right_shift", 2, 1, same(INTS, "out0 = cupylike::right_shift(in0, in1)"),
          "Shift the bits of an integer to the right.", aliases=("bitwise_right_shift",)),
    # NumPy 2's bitwise_count: the 1-bits of |x| (int64's minimum has one), as uint8.
    ufunc("bitwise_count", 1, 1,
          [(c + "->B", "out0 = __popcll((unsigned long long)in0)" if c in UNSIGNED else
            "out0 = __popcll(in0 < 0 ? 0ull - (unsigned long long)in0 : (unsigned long long)in0)")
           for c in INTS],
          "Computes the number of 1-bits in the absolute value of ``x``."),
]
