"""Copies on the device against NumPy: ndarray.copy and cupylike.copy in every order,
ascontiguousarray / asfortranarray, asarray / array with a dtype or order change, reshape and
ravel that must copy, downloads of any view, item, tolist and the scalar conversions."""

import warnings

import numpy
import pytest
from helpers.layouts import layout_names, layout_pairs

import cupylike
from cupylike.testing import (
    assert_array_equal,
    for_all_dtypes,
    numpy_cupylike_equal,
    sample_values,
)

# NumPy's RuntimeWarnings for casts of NaN and out-of-range values (cupylike does not warn:
# docs/differences.md).
pytestmark = pytest.mark.filterwarnings("ignore:.*encountered in cast:RuntimeWarning")


@for_all_dtypes()
@pytest.mark.parametrize("name", layout_names())
def test_copy_in_every_order_matches_numpy(dtype, name):
    host, dev = {n: (h, d) for n, h, d in layout_pairs(dtype)}[name]
    for order in "CFAK":
        for got, want in [(dev.copy(order=order), host.copy(order=order)),
                          (cupylike.copy(dev, order=order), numpy.copy(host, order=order))]:
            assert_array_equal(got, want, err_msg=order)
            assert got.strides == want.strides or want.size == 0, order
            assert got.flags.owndata and got.flags.writeable
    assert_array_equal(dev.copy(), host.copy(), strides_check=True)  # order='C' by default


def test_copies_do_not_share_memory():
    x = cupylike.asarray(numpy.arange(6.0))
    for y in (x.copy(), cupylike.copy(x), x.__copy__(), x.__deepcopy__({})):
        y[0] = -1
        assert float(x[0]) == 0.0


@numpy_cupylike_equal(strides=True)
@pytest.mark.parametrize("fn", ["ascontiguousarray", "asfortranarray"])
@pytest.mark.parametrize("view", ["C", "F", "sliced", "negative", "0-d", "empty", "broadcast"])
@pytest.mark.parametrize("dtype", [None, numpy.int16, numpy.complex64], ids=str)
def test_contiguous_conversions_match_numpy(fn, view, dtype, xp):
    pairs = {n: (h, d) for n, h, d in layout_pairs(numpy.float32)}
    host, dev = pairs[view]
    return getattr(xp, fn)(dev if xp is cupylike else host, dtype=dtype)


def test_contiguous_conversions_keep_arrays_that_already_qualify():
    x = cupylike.zeros((3, 4))
    assert cupylike.ascontiguousarray(x) is x
    assert cupylike.asfortranarray(x.T) is not None
    assert cupylike.asfortranarray(x.T).base is x  # F-contiguous already: a view, no copy
    assert_array_equal(cupylike.ascontiguousarray([[1, 2], [3, 4]]),
                       numpy.ascontiguousarray([[1, 2], [3, 4]]))


@for_all_dtypes("src")
@pytest.mark.parametrize("dst", ["int8", "uint16", "float16", "float64", "complex128", "bool"])
@pytest.mark.parametrize("order", ["K", "C", "F", "A", None])
def test_asarray_and_array_cast_device_arrays_like_numpy(src, dst, order):
    base = sample_values(src, (4, 6), seed=2)
    if numpy.dtype(src).kind in "fc" and numpy.dtype(dst).kind in "iu":
        base = numpy.where(numpy.abs(base.real) < 100, base, 7).astype(src)
    host = base[::-1, ::2]
    dev = cupylike.asarray(base)[::-1, ::2]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", numpy.exceptions.ComplexWarning)
        for got, want in [(cupylike.asarray(dev, dtype=dst, order=order),
                           numpy.asarray(host, dtype=dst, order=order)),
                          (cupylike.array(dev, dtype=dst, order=order or "K"),
                           numpy.array(host, dtype=dst, order=order or "K"))]:
            assert_array_equal(got, want)
            assert got.strides == want.strides


def test_asarray_dtype_change_warns_and_refuses_copy_false_like_numpy():
    x = cupylike.asarray(numpy.array([1 + 2j, 3j]))
    with pytest.warns(numpy.exceptions.ComplexWarning):
        y = cupylike.asarray(x, dtype=numpy.float32)
    assert_array_equal(y, numpy.array([1.0, 0.0], dtype=numpy.float32))
    with pytest.raises(ValueError):
        cupylike.asarray(x, dtype=numpy.complex64, copy=False)
    assert cupylike.asarray(x, dtype=numpy.complex128, copy=False) is x


def test_asarray_to_the_same_device_by_name_returns_the_array():
    x = cupylike.zeros(3)
    assert cupylike.asarray(x, device=x.device) is x
    y = cupylike.asarray(x, device=x.device, dtype=numpy.int32)
    assert y.device == x.device and y.dtype == numpy.int32


RESHAPES = [((4, 5, 6), "C"), ((6, 20), "F"), ((-1,), "C"), ((120,), "F"), ((2, 60), "A"),
            ((5, 4, 3, 2), "C")]


@numpy_cupylike_equal(strides=True)
@pytest.mark.parametrize("view", ["sliced", "negative", "transposed", "F", "broadcast"])
@pytest.mark.parametrize("shape, order", RESHAPES, ids=repr)
def test_reshape_that_copies_matches_numpy(view, shape, order, xp):
    host, dev = {n: (h, d) for n, h, d in layout_pairs(numpy.int32)}[view]
    a = dev if xp is cupylike else host
    if numpy.prod([s for s in shape if s > 0]) != a.size and -1 not in shape:
        shape = (-1,)
    return a.reshape(shape, order=order)


@numpy_cupylike_equal(strides=True)
@pytest.mark.parametrize("name", layout_names())
@pytest.mark.parametrize("order", ["C", "F", "A", "K"])
def test_ravel_matches_numpy_in_every_order(name, order, xp):
    host, dev = {n: (h, d) for n, h, d in layout_pairs(numpy.float64)}[name]
    a = dev if xp is cupylike else host
    return [a.ravel(order=order), xp.ravel(a, order=order)]


@numpy_cupylike_equal(strides=True)
@pytest.mark.parametrize("shape, strides", [
    ((6, 3, 5), (8, 0, 48)), ((3, 4, 5, 6), (0, 240, 0, 8)), ((2, 1, 3, 4), (96, 8, 8, 24)),
    ((4, 3), (-8, 0)), ((3, 4, 2), (16, 48, -8)), ((2, 3, 4), (0, 0, 0))], ids=repr)
def test_ravel_k_of_broadcast_and_permuted_views_follows_numpys_iterator(shape, strides, xp):
    host = numpy.arange(400.0)[200:]
    dev = cupylike.asarray(numpy.arange(400.0))[200:]
    make = numpy.lib.stride_tricks.as_strided
    if xp is numpy:
        return make(host, shape, strides).ravel(order="K")
    flat = cupylike.ndarray(shape, dtype=numpy.float64, memptr=dev.data, strides=strides)
    return flat.ravel(order="K")


def test_ravel_returns_a_view_where_numpy_does():
    host = numpy.arange(24.0).reshape(2, 3, 4)
    dev = cupylike.asarray(host)
    for perm in [(0, 1, 2), (2, 1, 0), (1, 0, 2), (2, 0, 1)]:
        for order in "CFAK":
            h, d = host.transpose(perm), dev.transpose(perm)
            shares = numpy.shares_memory(h.ravel(order=order), host)
            assert (d.ravel(order=order).base is dev) == shares, (perm, order)


@for_all_dtypes()
@pytest.mark.parametrize("name", layout_names())
def test_downloads_of_every_view_match_numpy(dtype, name):
    host, dev = {n: (h, d) for n, h, d in layout_pairs(dtype)}[name]
    for order in "CFAK":
        got = dev.get(order=order)
        want = numpy.array(host, order=order, copy=True)
        assert_array_equal(got, want)
        assert got.strides == want.strides, order
    assert_array_equal(cupylike.asnumpy(dev), host)
    out = numpy.empty(host.shape, host.dtype, order="F")
    assert_array_equal(dev.get(out=out), host)


@for_all_dtypes()
@pytest.mark.parametrize("name", layout_names(writeable=True))
def test_set_into_every_view_matches_numpy(dtype, name):
    pairs = {n: (h, d) for n, h, d in layout_pairs(dtype, writeable=True)}
    host, dev = pairs[name]
    value = sample_values(dtype, host.shape, seed=12)
    dev.set(value)
    host[...] = value
    base = "F" if name == "column" else "C"
    assert_array_equal(pairs[base][1], pairs[base][0])


@numpy_cupylike_equal(accept_error=(IndexError, TypeError, ValueError))
@pytest.mark.parametrize("args", [(), (0,), (5,), (-1,), (23,), (-24,), (24,), ((1, 2),),
                                  (1, 2), (1, 2, 3), (1, 2, 3, 0), (2, 0, 0), (1.5,), ((),)],
                         ids=repr)
@pytest.mark.parametrize("view", ["C", "transposed", "sliced", "0-d"])
def test_item_matches_numpy(args, view, xp):
    pairs = {n: (h[:2, :3, :4], d[:2, :3, :4]) if h.ndim == 3 else (h, d)
             for n, h, d in layout_pairs(numpy.int64)}
    host, dev = pairs[view]
    return (dev if xp is cupylike else host).item(*args)


@for_all_dtypes()
def test_tolist_and_item_give_python_scalars_like_numpy(dtype):
    for name, host, dev in layout_pairs(dtype):
        if host.size > 200:
            host, dev = host[..., :2], dev[..., :2]
        got, want = dev.tolist(), host.tolist()
        assert repr(got) == repr(want), name  # nan, -0.0 and types spelled alike
        if host.size:
            assert repr(dev.item(0)) == repr(host.item(0))


@for_all_dtypes()
def test_scalar_conversions_of_views_match_numpy(dtype):
    host = sample_values(dtype, (3, 4), seed=4)[::-2, 1:2]  # shape (2, 1): not size 1
    dev = cupylike.asarray(sample_values(dtype, (3, 4), seed=4))[::-2, 1:2]
    for h, d in [(host[1:, :], dev[1:, :]), (host[0, 0, ...], dev[0, 0, ...])]:
        for conv in (bool, int, float, complex):
            try:
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    want = conv(h)
            except Exception as e:  # compared with cupylike's error
                with pytest.raises(type(e)):
                    conv(d)
                continue
            got = conv(d)
            assert repr(got) == repr(want)


@for_all_dtypes()
@pytest.mark.parametrize("name", layout_names())
def test_repr_and_str_of_every_view_are_numpys(dtype, name):
    host, dev = {n: (h, d) for n, h, d in layout_pairs(dtype)}[name]
    assert repr(dev) == repr(host)
    assert str(dev) == str(host)


def test_large_non_contiguous_copies_are_exact():
    host = numpy.random.default_rng(3).standard_normal((1000, 2001))
    dev = cupylike.asarray(host)
    assert_array_equal(dev[::-1, ::3].copy(), host[::-1, ::3].copy())
    assert_array_equal(dev.T.copy(), host.T.copy(), strides_check=True)
    assert_array_equal(dev[:, 1::2].astype(numpy.float32, order="F"),
                       host[:, 1::2].astype(numpy.float32, order="F"), strides_check=True)
