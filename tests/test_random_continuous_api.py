"""The continuous distributions' API against NumPy's: signatures, result shapes for scalar and
array parameters and size=, the ValueErrors for bad parameters, RandomState's dtype=, and the
same numbers for the same seed, on this device and on the emulated GPU."""

import ast
import inspect

import numpy
import pytest
from helpers.emulated_gpu import run_on_emulator

import cupylike
import cupylike.random as cr

NAMES = ["chisquare", "dirichlet", "f", "gumbel", "laplace", "logistic", "multivariate_normal",
         "noncentral_chisquare", "noncentral_f", "pareto", "power", "rayleigh",
         "standard_cauchy", "standard_t", "triangular", "vonmises", "wald", "weibull"]

# Valid arguments of each distribution: scalars, then arrays that broadcast to (2, 3).
SCALARS = {
    "chisquare": (3.0,), "dirichlet": ([1.0, 2.0],), "f": (3.0, 4.0), "gumbel": (0.0, 2.0),
    "laplace": (1.0, 0.5), "logistic": (0.0, 1.0),
    "multivariate_normal": ([0.0, 1.0], [[1.0, 0.2], [0.2, 1.0]]),
    "noncentral_chisquare": (3.0, 1.5), "noncentral_f": (3.0, 4.0, 1.5), "pareto": (2.0,),
    "power": (2.0,), "rayleigh": (1.5,), "standard_cauchy": (), "standard_t": (3.0,),
    "triangular": (0.0, 1.0, 2.0), "vonmises": (0.5, 2.0), "wald": (1.0, 2.0),
    "weibull": (1.5,),
}
ARRAYS = {
    "chisquare": ([[1.0], [2.0]],), "f": ([1.0, 2.0, 3.0], [[4.0], [5.0]]),
    "gumbel": ([0.0, 1.0, 2.0], [[1.0], [2.0]]), "laplace": ([[0.0], [1.0]], [1.0, 2.0, 3.0]),
    "logistic": ([0.0, 1.0, 2.0], 1.0),
    "noncentral_chisquare": ([[0.5], [3.0]], [0.0, 1.0, 2.0]),
    "noncentral_f": ([[1.0], [3.0]], [4.0, 5.0, 6.0], 1.0), "pareto": ([[1.0, 2.0, 3.0]] * 2,),
    "power": ([1.0, 2.0, 3.0],), "rayleigh": ([[1.0], [2.0]],),
    "standard_t": ([1.0, 2.0, 3.0],),
    "triangular": ([[0.0], [-1.0]], [1.0, 1.5, 2.0], 3.0),
    "vonmises": ([0.0, 1.0, 2.0], [[1.0], [5.0]]),
    "wald": ([1.0, 2.0, 3.0], [[1.0], [2.0]]), "weibull": ([[0.5], [1.0]],),
}

# (distribution, arguments, NumPy's message), both classes.
ERRORS = [
    ("chisquare", (0.0,), "df <= 0"), ("f", (0.0, 1.0), "dfnum <= 0"),
    ("f", (1.0, [1.0, -1.0]), "dfden <= 0"), ("gumbel", (0.0, -1.0), "scale < 0"),
    ("laplace", (0.0, -1.0), "scale < 0"), ("logistic", (0.0, -1.0), "scale < 0"),
    ("noncentral_chisquare", (0.0, 1.0), "df <= 0"),
    ("noncentral_chisquare", (1.0, -1.0), "nonc < 0"),
    ("noncentral_f", (0.0, 1.0, 1.0), "dfnum <= 0"),
    ("noncentral_f", (1.0, 0.0, 1.0), "dfden <= 0"),
    ("noncentral_f", (1.0, 1.0, -1.0), "nonc < 0"), ("pareto", (0.0,), "a <= 0"),
    ("power", ([1.0, -1.0],), "a <= 0"), ("rayleigh", (-1.0,), "scale < 0"),
    ("standard_t", (0.0,), "df <= 0"), ("triangular", (1.0, 0.0, 2.0), "left > mode"),
    ("triangular", (0.0, 3.0, 2.0), "mode > right"),
    ("triangular", (1.0, 1.0, 1.0), "left == right"),
    ("vonmises", (0.0, -1.0), "kappa < 0"), ("wald", (0.0, 1.0), "mean <= 0"),
    ("wald", (1.0, 0.0), "scale <= 0"), ("weibull", (-1.0,), "a < 0"),
    ("multivariate_normal", ([[0.0]], [[1.0]]), "mean must be 1 dimensional"),
    ("multivariate_normal", ([0.0], [1.0]), "cov must be 2 dimensional and square"),
    ("multivariate_normal", ([0.0, 0.0], [[1.0]]), "mean and cov must have same length"),
]


@pytest.mark.parametrize("name", NAMES)
def test_signatures_are_numpys(name):
    assert (inspect.signature(getattr(cr.Generator, name))
            == inspect.signature(getattr(numpy.random.Generator, name)))
    # RandomState's add CuPy's dtype= at the end.
    ours = inspect.signature(getattr(cr.RandomState, name)).parameters
    theirs = inspect.signature(getattr(numpy.random.RandomState, name)).parameters
    assert list(ours)[:-1] == list(theirs) and list(ours)[-1] == "dtype"
    assert all(ours[k].default == theirs[k].default for k in theirs)


def _shapes(name, args, size):
    expected = getattr(numpy.random.default_rng(0), name)(*args, size=size)
    got = getattr(cr.default_rng(0), name)(*args, size=size)
    legacy = getattr(cr.RandomState(0), name)(*args, size=size)
    assert isinstance(got, cupylike.ndarray) and got.dtype == numpy.float64
    assert got.shape == legacy.shape == numpy.shape(expected)


@pytest.mark.vendor_library
@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("size", [None, (2, 0), (2, 1, 2)])
def test_shapes_of_scalar_parameters_and_size(name, size):
    _shapes(name, SCALARS[name], size)


@pytest.mark.vendor_library
@pytest.mark.parametrize("name", sorted(ARRAYS))
@pytest.mark.parametrize("size", [None, (4, 2, 3)])
def test_shapes_of_broadcast_array_parameters(name, size):
    _shapes(name, ARRAYS[name], size)


@pytest.mark.vendor_library
@pytest.mark.parametrize("size", [3, (3, 1), (2, 3)])
def test_a_size_the_parameters_do_not_broadcast_to_is_numpys_error(size):
    for g in (numpy.random.default_rng(0), cr.default_rng(0)):
        with pytest.raises(ValueError, match="shape mismatch|not compatible"):
            g.weibull([1.0, 2.0], size)


@pytest.mark.parametrize(("name", "args", "message"), ERRORS, ids=[e[2] for e in ERRORS])
def test_bad_parameters_raise_numpys_error(name, args, message):
    for g in (numpy.random.default_rng(0), numpy.random.RandomState(0), cr.default_rng(0),
              cr.RandomState(0)):
        with pytest.raises(ValueError, match=message):
            getattr(g, name)(*args, size=2)


def test_dirichlet_alpha_zero_is_an_error_only_for_randomstate():
    for mod in (numpy, cupylike):
        with pytest.raises(ValueError, match="alpha <= 0"):
            mod.random.RandomState(0).dirichlet([1.0, 0.0])
        with pytest.raises(ValueError, match="alpha < 0"):
            mod.random.default_rng(0).dirichlet([1.0, -1.0])
        with pytest.raises(ValueError):
            mod.random.default_rng(0).dirichlet([[1.0, 1.0]])


@pytest.mark.vendor_library
@pytest.mark.parametrize("name", ["weibull", "standard_t", "vonmises", "f", "dirichlet",
                                  "multivariate_normal"])
def test_randomstate_dtype(name):
    x = getattr(cr.RandomState(1), name)(*SCALARS[name], size=4, dtype=numpy.float32)
    y = getattr(cr.RandomState(1), name)(*SCALARS[name], size=4)
    assert x.dtype == numpy.float32 and y.dtype == numpy.float64
    numpy.testing.assert_allclose(cupylike.asnumpy(x), cupylike.asnumpy(y), rtol=1e-6)
    with pytest.raises(TypeError, match="Unsupported dtype"):
        getattr(cr.RandomState(1), name)(*SCALARS[name], size=4, dtype=numpy.int32)


@pytest.mark.vendor_library
@pytest.mark.parametrize("name", NAMES)
def test_same_seed_same_numbers_and_the_stream_moves_on(name):
    args = SCALARS[name]
    a = cupylike.asnumpy(getattr(cr.default_rng(11), name)(*args, size=6))
    g = cr.default_rng(11)
    b = cupylike.asnumpy(getattr(g, name)(*args, size=6))
    c = cupylike.asnumpy(getattr(g, name)(*args, size=6))
    numpy.testing.assert_array_equal(a, b)
    assert not numpy.array_equal(b, c)
    # The legacy functions draw from the device's RandomState, as RandomState(seed) does.
    cr.seed(11)
    d = cupylike.asnumpy(getattr(cr, name)(*args, size=6))
    numpy.testing.assert_array_equal(d, cupylike.asnumpy(
        getattr(cr.RandomState(11), name)(*args, size=6)))


@pytest.mark.vendor_library
def test_cupylike_array_parameters():
    x = cr.default_rng(0).weibull(cupylike.asarray([1.0, 2.0]), (3, 2))
    y = cr.default_rng(0).weibull([1.0, 2.0], (3, 2))
    numpy.testing.assert_array_equal(cupylike.asnumpy(x), cupylike.asnumpy(y))


_CROSS_DEVICE = {"weibull": (1.5,), "standard_t": (3.0,), "wald": (1.0, 2.0),
                 "vonmises": (0.5, 2.0), "laplace": (1.0, 0.5)}


@pytest.mark.any_device(reason="compares this device's draws with a program's on the emulated GPU")
def test_the_emulated_gpu_draws_the_same_numbers():
    # The same words on every device; the math functions may differ by an ulp or so (libmvec's
    # vector forms on the cpu device).
    out = run_on_emulator(f"""
        g = cupylike.random.default_rng(21)
        for name, args in {_CROSS_DEVICE!r}.items():
            print(repr(cupylike.asnumpy(getattr(g, name)(*args, size=64)).tolist()))
    """)
    g = cr.default_rng(21)
    for line, (name, args) in zip(out.splitlines(), _CROSS_DEVICE.items(), strict=True):
        ours = cupylike.asnumpy(getattr(g, name)(*args, size=64))
        numpy.testing.assert_allclose(ours, ast.literal_eval(line), rtol=1e-12, err_msg=name)
