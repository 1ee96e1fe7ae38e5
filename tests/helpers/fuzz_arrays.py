"""Random arrays for the differential fuzzer (tests/helpers/fuzz_calls.py): a host array of random
values and a layout recipe that both NumPy and cupylike replay on their own copy, so cupylike
sees real non-contiguous, reversed, transposed and broadcast views, not a contiguous upload."""

import numpy

DTYPES = [numpy.dtype(c) for c in "?bBhHiIlLefdFD"]
NUMERIC = [d for d in DTYPES if d.kind != "b"]
FLOATS = [d for d in DTYPES if d.kind in "fc"]


def special_values(dtype):
    """Values at the edges of `dtype`'s range: its extremes, zeros of both signs, NaN, inf."""
    if dtype.kind == "b":
        return [False, True]
    if dtype.kind in "iu":
        info = numpy.iinfo(dtype)
        return [info.min, info.max, 0, 1, info.max - 1, info.min + (info.kind == "i")]
    info = numpy.finfo(dtype)
    real = [numpy.nan, numpy.inf, -numpy.inf, -0.0, 0.0, float(info.max), float(info.tiny),
            -float(info.max), 1.5, -2.5]
    if dtype.kind == "c":
        return real + [complex(numpy.inf, numpy.nan), complex(0, -numpy.inf), complex(-0.0, 1)]
    return real


def random_values(rng, dtype, shape, *, tame=False):
    """An array of `dtype` and `shape`: mostly small values, some special ones unless `tame`
    (tame arrays hold small finite values, NaN and inf only, so that sums in any order agree)."""
    n = int(numpy.prod(shape))
    if dtype.kind == "b":
        return rng.integers(0, 2, size=shape).astype(dtype)
    small = rng.integers(-9, 10, size=n).astype(numpy.float64)
    if dtype.kind in "fc":
        small = small * rng.choice([1.0, 0.25, 0.1], size=n)
    if dtype.kind == "u":
        small = numpy.abs(small)
    out = small.astype(dtype)
    if dtype.kind == "c":
        out = out + 1j * rng.integers(-9, 10, size=n).astype(dtype)
    specials = special_values(dtype)
    if tame:
        specials = [numpy.nan, numpy.inf, -numpy.inf] if dtype.kind in "fc" else []
    if specials and n and rng.random() < 0.5:
        k = rng.integers(1, n + 1)
        picks = rng.choice(len(specials), size=k)
        where = rng.choice(n, size=k, replace=False)
        with numpy.errstate(all="ignore"):
            out[where] = numpy.asarray([specials[p] for p in picks]).astype(dtype)
    return out.reshape(shape)


def random_shape(rng, max_ndim=3, max_dim=5):
    ndim = int(rng.integers(0, max_ndim + 1))
    dims = rng.integers(0, max_dim + 1, size=ndim)
    # Empty axes are interesting but should not swamp the draws.
    dims = [int(d) if d or rng.random() < 0.3 else 1 + int(rng.integers(1, max_dim))
            for d in dims]
    return tuple(dims)


class ArraySpec:
    """A host array plus the view steps that turn it into the argument: ('slice', key),
    ('transpose',), ('broadcast', shape), ('fortran',). build(xp) replays them in `xp`."""

    def __init__(self, host, steps=()):
        self.host = host
        self.steps = tuple(steps)

    def build(self, xp):
        x = xp.asarray(self.host)
        for step in self.steps:
            if step[0] == "slice":
                x = x[step[1]]
            elif step[0] == "transpose":
                x = x.T
            elif step[0] == "broadcast":
                x = xp.broadcast_to(x, step[1])
            elif step[0] == "fortran":
                x = xp.asfortranarray(x)
        return x

    def expected_shape(self):
        return self.build(numpy).shape

    def __repr__(self):
        host = numpy.array2string(self.host, threshold=50, max_line_width=200)
        return (f"ArraySpec(numpy.array({host}, dtype={self.host.dtype.name!r})"
                f".reshape({self.host.shape}), {self.steps!r})")

    @property
    def dtype(self):
        return self.host.dtype


def random_array(rng, dtype=None, shape=None, *, tame=False, layouts=True):
    """An ArraySpec of `dtype` (random if None) whose built view has `shape` (random if None),
    in a random layout."""
    dtype = numpy.dtype(dtype) if dtype is not None else DTYPES[rng.integers(len(DTYPES))]
    shape = random_shape(rng) if shape is None else tuple(shape)
    layout = rng.choice(["c", "c", "strided", "reversed", "transposed", "broadcast", "fortran"])
    if not layouts or not shape:
        layout = "c"
    if layout == "strided":
        big = tuple(2 * d for d in shape)
        key = tuple(slice(None, None, 2) for _ in shape)
        return ArraySpec(random_values(rng, dtype, big, tame=tame), [("slice", key)])
    if layout == "reversed":
        axis = int(rng.integers(len(shape)))
        key = tuple(slice(None, None, -1) if i == axis else slice(None) for i in range(len(shape)))
        return ArraySpec(random_values(rng, dtype, shape, tame=tame), [("slice", key)])
    if layout == "transposed":
        return ArraySpec(random_values(rng, dtype, shape[::-1], tame=tame), [("transpose",)])
    if layout == "broadcast":
        small = tuple(1 if rng.random() < 0.5 else d for d in shape)
        return ArraySpec(random_values(rng, dtype, small, tame=tame), [("broadcast", shape)])
    if layout == "fortran":
        return ArraySpec(random_values(rng, dtype, shape, tame=tame), [("fortran",)])
    return ArraySpec(random_values(rng, dtype, shape, tame=tame))


def build(value, xp):
    """`value` with every ArraySpec in it (through lists, tuples and dict values) built in xp."""
    if isinstance(value, ArraySpec):
        return value.build(xp)
    if isinstance(value, list):
        return [build(v, xp) for v in value]
    if isinstance(value, tuple):
        return tuple(build(v, xp) for v in value)
    if isinstance(value, dict):
        return {k: build(v, xp) for k, v in value.items()}
    return value
