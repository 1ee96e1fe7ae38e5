"""poly1d and the legacy polynomial functions (poly, roots, polyval, polyadd, polysub, polymul,
polydiv, polyder, polyint, polyfit) against NumPy: values and dtypes over int, float and
complex coefficients, leading and trailing zeros, 0-d, empty and non-contiguous arguments,
poly1d in and out, printing, and NumPy's errors."""

import inspect

import numpy
import pytest
from numpy.exceptions import RankWarning

import cupylike
from cupylike.testing import assert_allclose, numpy_cupylike_allclose, numpy_cupylike_equal

NAMES = ["poly1d", "poly", "polyadd", "polysub", "polymul", "polydiv", "polyder", "polyint",
         "polyfit", "polyval", "roots"]
# float32 results agree with NumPy's to float32's precision, the others to float64's.
TOL = {numpy.float32: 1e-5, numpy.complex64: 1e-5, "default": 1e-9}
DTYPES = [numpy.int64, numpy.float32, numpy.float64, numpy.complex128]


def coeffs(xp, values, dtype=numpy.float64):
    return xp.asarray(numpy.asarray(values).astype(dtype))


def plain(result):
    """A poly1d's coefficients (the comparing decorators compare arrays), checked a poly1d."""
    if isinstance(result, tuple):
        return tuple(plain(r) for r in result)
    assert isinstance(result, (numpy.poly1d, cupylike.poly1d)), type(result)
    return result.coeffs


@pytest.mark.parametrize("name", NAMES)
def test_signatures_are_numpys(name):
    assert inspect.signature(getattr(cupylike, name)) == inspect.signature(getattr(numpy, name))


@numpy_cupylike_equal()
@pytest.mark.parametrize("dtype", DTYPES + [numpy.int8])
@pytest.mark.parametrize("values", [[0, 0, 1, 2, 3], [0, 0], [5], [], [1, 0, 0]], ids=str)
def test_poly1d_drops_leading_zeros(values, dtype, xp):
    p = xp.poly1d(coeffs(xp, values, dtype))
    return p.coeffs, p.c, p.coef, p.coefficients, p.order, p.o, len(p), p.variable


@numpy_cupylike_allclose(rtol=TOL, atol=TOL)
@pytest.mark.parametrize("dtype", DTYPES)
def test_poly1d_from_roots_and_its_roots(dtype, xp):
    p = xp.poly1d(coeffs(xp, [1, 2, 4], dtype), r=True, variable="z")
    return p.coeffs, xp.sort(p.roots), xp.sort(p.r), p.variable


def test_poly1d_from_scalars_lists_and_poly1d():
    for c_or_r in (3.5, [1, 2], numpy.array([0, 1j])):
        assert_allclose(cupylike.poly1d(c_or_r).coeffs, numpy.poly1d(c_or_r).coeffs)
    p = cupylike.poly1d([1, 2], variable="s")
    q = cupylike.poly1d(p)
    assert q.coeffs is p.coeffs and q.variable == "s"
    assert cupylike.poly1d(p, variable="t").variable == "t"


@pytest.mark.parametrize("values", [[1, -3, 2], [0, 0, 1.5, 0], [1j, 2, -1 - 1j], [0], [-1, 0, 0],
                                    [2.5e-5, 1, 123456.7]], ids=str)
@pytest.mark.parametrize("variable", [None, "z"])
def test_poly1d_prints_as_numpy(values, variable):
    p, q = numpy.poly1d(values, variable=variable), cupylike.poly1d(values, variable=variable)
    assert str(q) == str(p)
    assert repr(q) == repr(p)
    p[5], q[5] = 0, 0  # a leading zero NumPy keeps
    assert str(q) == str(p)


def test_poly1d_errors_are_numpys():
    for xp in (numpy, cupylike):
        p = xp.poly1d(xp.asarray([1.0, 2.0]))
        with pytest.raises(ValueError, match="Polynomial must be 1d only"):
            xp.poly1d(xp.ones((2, 2)))
        with pytest.raises(AttributeError, match="Cannot set attribute"):
            p.coeffs = xp.ones(2)
        for bad in (-1, 1.5, [2]):
            with pytest.raises(ValueError, match="Power to non-negative integers only"):
                p ** bad
        with pytest.raises(ValueError, match="Does not support negative powers"):
            p[-1] = 2
        with pytest.raises(ValueError, match="Order of derivative must be positive"):
            p.deriv(-1)
        with pytest.raises(ValueError, match="Order of integral must be positive"):
            p.integ(-1)
        with pytest.raises(TypeError):
            hash(p)
    p = cupylike.poly1d([1.0, 2.0])
    p.coeffs += 1  # the same array back is allowed
    assert_allclose(p.coeffs, numpy.array([2.0, 3.0]))


@numpy_cupylike_allclose(rtol=TOL)
@pytest.mark.parametrize("dtype", DTYPES)
def test_poly1d_arithmetic(dtype, xp):
    p = xp.poly1d(coeffs(xp, [1, -3, 2], dtype))
    q = xp.poly1d(coeffs(xp, [2, 1], dtype))
    return [plain(r) for r in (p + q, p - q, p * q, q + p, 2 - p, p + 1.5, 3 * p, p * 2,
                               -p, +p, p ** 0, p ** 3, p / 2, 2 / q, p * [1, 2], [1, 2] - q)] + [
        *plain(p / q), *plain(q / p), *plain(p / [1, 1])]


@numpy_cupylike_equal()
def test_poly1d_comparison_items_and_iteration(xp):
    p = xp.poly1d(coeffs(xp, [3, 0, 1]))
    q = xp.poly1d(coeffs(xp, [3, 0, 1], numpy.int64))
    out = [p == q, p != q, p == xp.poly1d(coeffs(xp, [3, 1])), p == 1, p != "x",
           p[0], p[2], p[3], p[-1], list(p)]
    p[1] = 7
    p[4] = 2
    return out + [p.coeffs, p.order]


@numpy_cupylike_allclose(rtol=TOL)
@pytest.mark.parametrize("dtype", DTYPES)
def test_poly1d_calls_derivatives_and_integrals(dtype, xp):
    p = xp.poly1d(coeffs(xp, [2, -1, 0, 3], dtype))
    x = coeffs(xp, numpy.arange(12).reshape(3, 4) - 4, dtype)
    return (p(x), p(x[::-1, ::2]), p(2), p(coeffs(xp, 1.5, dtype)), p(x[:0]),
            plain(p(xp.poly1d(coeffs(xp, [1, 1])))), plain(p.deriv()), plain(p.deriv(3)),
            plain(p.deriv(7)), plain(p.integ()), plain(p.integ(2, k=[1, 2])),
            plain(p.integ(3, k=5)), plain(p.deriv(0)))


@numpy_cupylike_allclose(rtol=TOL)
@pytest.mark.parametrize("dtype", DTYPES)
def test_sum_difference_product_quotient_of_arrays(dtype, xp):
    a, b = coeffs(xp, [6, 1, 2, 3], dtype), coeffs(xp, [4, 5], dtype)
    out = []
    for u, v in [(a, b), (b, a), (a[::-1], b), (a, coeffs(xp, 2, dtype))]:
        out += [xp.polyadd(u, v), xp.polysub(u, v), xp.polymul(u, v), *xp.polydiv(u, v)]
    z = coeffs(xp, [0, 0, 1, 2], dtype)
    return out + [xp.polymul(a[::2], 3), xp.polyadd(2.5, b), xp.polymul(z, b), xp.polyadd(z, b)]


@numpy_cupylike_allclose(rtol=TOL)
def test_functions_give_poly1d_for_poly1d(xp):
    p, a = xp.poly1d(coeffs(xp, [1, 2, 3])), coeffs(xp, [1, -1])
    return [plain(r) for r in (xp.polyadd(p, a), xp.polysub(a, p), xp.polymul(p, a),
                               xp.polyder(p), xp.polyint(p, 1, 4.0), xp.polyval(a, p))] + [
        *plain(xp.polydiv(p, a)), *plain(xp.polydiv(a, p))]


def test_functions_give_arrays_for_arrays():
    a = cupylike.asarray([1.0, 2.0])
    for r in (cupylike.polyadd(a, a), cupylike.polyder(a), cupylike.polyint(a),
              *cupylike.polydiv(a, a), cupylike.polyval(a, a)):
        assert isinstance(r, cupylike.ndarray)


@numpy_cupylike_allclose(rtol=TOL)
@pytest.mark.parametrize("dtype", DTYPES)
def test_polyder_and_polyint(dtype, xp):
    p = coeffs(xp, [3, 2, 1, 5], dtype)
    return (xp.polyder(p), xp.polyder(p, 2), xp.polyder(p, 0), xp.polyder(p, 9),
            xp.polyint(p), xp.polyint(p, 2), xp.polyint(p, 0), xp.polyint(p, 3, [1, 2, 3]),
            xp.polyint(p, 2, 7), xp.polyint(p[::-2]), xp.polyder(p[:0]), xp.polyint(p[:0]))


def test_polyint_and_polyder_errors_are_numpys():
    for xp in (numpy, cupylike):
        p = xp.asarray([1.0, 2.0])
        with pytest.raises(ValueError, match="k must be a scalar or a rank-1 array"):
            xp.polyint(p, 3, [1, 2])
        with pytest.raises(ValueError, match="Order of integral must be positive"):
            xp.polyint(p, -1)
        with pytest.raises(ValueError, match="Order of derivative must be positive"):
            xp.polyder(p, -2)
        with pytest.raises(TypeError, match="unsized object"):
            xp.polyder(p[0])
        with pytest.raises(TypeError, match="unsized object"):
            xp.polyint(p[0])
        with pytest.raises(TypeError, match="iteration over a 0-d array"):
            xp.polyval(p[0], p)
    assert_allclose(cupylike.polyint(cupylike.asarray(2.0), 0), numpy.polyint(numpy.array(2.0), 0))


@numpy_cupylike_allclose(rtol=TOL)
@pytest.mark.parametrize("dtype", DTYPES)
def test_polyval_promotes_as_numpy(dtype, xp):
    p = coeffs(xp, [1, -2, 0.5], dtype)
    x = coeffs(xp, numpy.linspace(-2, 2, 12).reshape(3, 4), numpy.float32)
    return (xp.polyval(p, x), xp.polyval(p, x.T[::-1]), xp.polyval(p, 3), xp.polyval(p, 0.5),
            xp.polyval(p, x[:, :0]), xp.polyval(p[:0], x), xp.polyval(p[::-1], x[0, 0]))


@numpy_cupylike_allclose(rtol=TOL, atol=TOL)
@pytest.mark.parametrize("dtype", [numpy.int64, numpy.float32, numpy.float64, numpy.complex128])
@pytest.mark.parametrize("values", [[1, -6, 11, -6], [0, 0, 2, 0, -8, 0, 0], [1, 0, 1], [3],
                                    [0, 0], [0, 5, 0]], ids=str)
def test_roots(values, dtype, xp):
    r = xp.roots(coeffs(xp, values, dtype))
    # geev's order is LAPACK's; sorted (complex: by real then imaginary part) they compare.
    return xp.sort(r) if r.dtype.kind == "c" else xp.sort(r)


@numpy_cupylike_allclose(rtol=TOL, atol=TOL)
@pytest.mark.parametrize("dtype", [numpy.int32, numpy.float32, numpy.float64, numpy.complex64,
                                   numpy.complex128])
def test_poly_of_roots_and_of_matrices(dtype, xp):
    r = coeffs(xp, [1, 2, -3, 0.5], dtype)
    # A real matrix's complex eigenvalues come in exact conjugate pairs (real coefficients);
    # a complex matrix's are LAPACK's to the last bit, so it gets a triangular one.
    m = [[1, 2, 0], [0, 3, 1], [1, 0, 2]] if numpy.dtype(dtype).kind != "c" else [
        [2, 1, 0], [0, 3, 1], [0, 0, -1]]
    m = coeffs(xp, m, dtype)
    conj = coeffs(xp, [1 + 2j, 3, 1 - 2j], numpy.complex128)
    return (xp.poly(r), xp.poly(r[::-2]), xp.poly(m), xp.poly(conj), xp.poly(conj[:2]),
            xp.poly(r[:1]))


def test_poly_and_roots_edge_cases_and_errors():
    for xp in (numpy, cupylike):
        assert xp.poly(xp.zeros(0)) == 1.0
        assert xp.roots(xp.zeros(3)).shape == (0,)
        with pytest.raises(ValueError, match="input must be 1d or non-empty square 2d array"):
            xp.poly(xp.ones((2, 3)))
        with pytest.raises(ValueError, match="Input must be a rank-1 array"):
            xp.roots(xp.ones((2, 2)))
        with pytest.raises(TypeError):
            xp.poly(xp.asarray(2.0))
    assert cupylike.roots(cupylike.zeros(3)).dtype == numpy.float64


@pytest.mark.parametrize("function", [cupylike.polyval, cupylike.polyadd, cupylike.polymul])
def test_host_sequences_raise_type_error(function):
    with pytest.raises(TypeError, match="cupylike.asarray"):
        function([1, 2], cupylike.ones(2))
    with pytest.raises(TypeError, match="cupylike.asarray"):
        function(cupylike.ones(2), numpy.ones(2))


def _fit_data(xp, dtype=numpy.float64, k=None):
    x = xp.asarray(numpy.linspace(-1, 2, 15).astype(dtype))
    noise = numpy.sin(numpy.arange(15) * 1.7) / 10
    y = 2 * x ** 3 - x + 0.5 + xp.asarray(noise.astype(dtype))
    if k:
        y = xp.stack([y * (j + 1) for j in range(k)], axis=1)
    return x, y


# float32 points differ from NumPy's in the last bit (x**3), and the fit amplifies that.
@numpy_cupylike_allclose(rtol=1e-6, atol=1e-6)
@pytest.mark.parametrize("dtype", [numpy.float32, numpy.float64, numpy.int64])
@pytest.mark.parametrize("k", [None, 2])
def test_polyfit(dtype, k, xp):
    x, y = _fit_data(xp, dtype, k)
    w = xp.linspace(1, 2, 15)
    c, resids, rank, s, rcond = xp.polyfit(x, y, 3, full=True)
    assert rank == 4
    return (xp.polyfit(x, y, 3), xp.polyfit(x, y, 0), xp.polyfit(x[::2], y[::2], 2, w=w[::2]),
            c, resids, s, rcond, *xp.polyfit(x, y, 2, cov=True),
            *xp.polyfit(x, y, 2, cov="unscaled", w=w), xp.polyfit(x, y, 1, rcond=1e-3))


@numpy_cupylike_allclose(rtol=1e-6, atol=1e-9)
def test_polyfit_of_complex_points(xp):
    x = xp.asarray(numpy.linspace(0, 1, 6) * (1 + 1j))
    return xp.polyfit(x, x * x - 1j, 2)


def test_polyfit_warns_when_rank_deficient():
    x = cupylike.asarray([1.0, 1.0, 1.0, 2.0])
    with pytest.warns(RankWarning, match="Polyfit may be poorly conditioned"):
        c = cupylike.polyfit(x, x, 3)
    with pytest.warns(RankWarning):
        want = numpy.polyfit(cupylike.asnumpy(x), cupylike.asnumpy(x), 3)
    assert_allclose(c, want, rtol=1e-6, atol=1e-12)


@pytest.mark.parametrize("args, kwargs, error, match", [
    ((numpy.ones(3), numpy.ones(3), -1), {}, ValueError, "expected deg >= 0"),
    ((numpy.ones((3, 1)), numpy.ones(3), 1), {}, TypeError, "expected 1D vector for x"),
    ((numpy.ones(0), numpy.ones(0), 1), {}, TypeError, "expected non-empty vector for x"),
    ((numpy.ones(3), numpy.ones((3, 1, 1)), 1), {}, TypeError, "expected 1D or 2D array"),
    ((numpy.ones(3), numpy.ones(4), 1), {}, TypeError, "x and y to have same length"),
    ((numpy.ones(3), numpy.ones(3), 1), {"w": numpy.ones((3, 1))}, TypeError, "1-d array for"),
    ((numpy.ones(3), numpy.ones(3), 1), {"w": numpy.ones(2)}, TypeError, "w and y to have"),
    ((numpy.arange(3.0), numpy.ones(3), 2), {"cov": True}, ValueError, "must exceed order"),
], ids=lambda v: v if isinstance(v, str) else "")
def test_polyfit_errors_are_numpys(args, kwargs, error, match):
    with pytest.raises(error, match=match):
        numpy.polyfit(*args, **kwargs)
    device = {k: cupylike.asarray(v) for k, v in kwargs.items()}
    with pytest.raises(error, match=match):
        cupylike.polyfit(*(cupylike.asarray(a) for a in args[:2]), args[2], **device)
