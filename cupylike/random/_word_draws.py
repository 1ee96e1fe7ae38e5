"""cuRAND's distributions made from a bit generator's 64-bit words, for the bit generators that
are not cuRAND's Philox: the same kernels the distributions use (random/_kernels.py), so every
bit generator serves bg.draw(...) through one interface."""

import numpy

from cupylike._core._ufuncs import UFUNCS
from cupylike._indexing._indexing import flatnonzero
from cupylike._logic._truth import any as _any
from cupylike.random._kernels import kernel, normals_from_words

_F32 = numpy.dtype(numpy.float32)
_subtract, _exp = UFUNCS["subtract"], UFUNCS["exp"]


def _unit(words64, n):
    """n float64 uniforms on [0, 1)."""
    return kernel("float64_from_words")(words64((n,)))


def uniform(words64, n, dtype, param1, param2):
    """(0, 1], as cuRAND's uniform: 1 - u of a [0, 1) uniform."""
    del param1, param2
    return _subtract(1.0, _unit(words64, n)).astype(dtype)


def normal(words64, n, dtype, param1, param2):
    """Box-Muller pairs from two words each (the float64 normals' kernel), as `dtype`."""
    return normals_from_words(words64((2 * (-(-n // 2)),)), n, dtype, param1, param2)


def lognormal(words64, n, dtype, param1, param2):
    return _exp(normal(words64, n, numpy.float64, param1, param2)).astype(dtype)


def poisson(words64, n, dtype, param1, param2):
    """Poisson counts of lambda param1 (uint32, as cuRAND's): the distributions' candidate
    kernel over pairs of uniforms, the rejected ones drawn again in rounds."""
    del param2
    lam = numpy.float64(param1)
    out, rejected = kernel("poisson_candidate")(_unit(words64, n), _unit(words64, n), lam)
    pending = None
    while n and bool(_any(rejected)):
        pending = flatnonzero(rejected) if pending is None else pending[rejected]
        m = pending.size
        values, rejected = kernel("poisson_candidate")(_unit(words64, m), _unit(words64, m),
                                                       lam)
        out[pending] = values
    return out.astype(dtype)


DRAWS = {"uniform": uniform, "normal": normal, "lognormal": lognormal, "poisson": poisson}
