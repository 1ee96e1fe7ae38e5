"""Views: shape, strides and flags equal NumPy's over generated chains of view operations, the
memory is shared, and a write through a view shows in the base array."""

import numpy
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cupylike
from cupylike.testing import (
    ALL_DTYPES,
    assert_array_equal,
    for_all_dtypes,
    numpy_cupylike_equal,
    sample_values,
)

# ---------------------------------------------------------------------------------------------
# A generated family of view chains.


@st.composite
def index_items(draw, ndim):
    items = []
    consumed = 0
    ellipsis = False
    for _ in range(draw(st.integers(0, ndim + 2))):
        kind = draw(st.sampled_from(["int", "slice", "slice", "none", "ellipsis"]))
        if kind == "ellipsis" and not ellipsis:
            items.append(Ellipsis)
            ellipsis = True
        elif kind == "none":
            items.append(None)
        elif kind == "int" and consumed < ndim:
            items.append(draw(st.integers(-6, 5)))
            consumed += 1
        elif kind == "slice" and consumed < ndim:
            bound = st.one_of(st.none(), st.integers(-7, 7))
            step = st.one_of(st.none(), st.sampled_from([-3, -2, -1, 1, 2, 3]))
            items.append(slice(draw(bound), draw(bound), draw(step)))
            consumed += 1
    return tuple(items)


@st.composite
def view_op(draw, shape):
    ndim = len(shape)
    size = int(numpy.prod(shape))
    ops = ["index", "T", "squeeze", "expand_dims", "reshape", "view", "broadcast_to"]
    if ndim >= 2:
        ops += ["transpose", "swapaxes", "moveaxis"]
    op = draw(st.sampled_from(ops))
    if op == "index":
        return ("index", draw(index_items(ndim)))
    if op == "transpose":
        return ("transpose", tuple(draw(st.permutations(range(ndim)))))
    if op == "swapaxes":
        return ("swapaxes", draw(st.integers(-ndim, ndim - 1)), draw(st.integers(-ndim, ndim - 1)))
    if op == "moveaxis":
        return ("moveaxis", draw(st.integers(-ndim, ndim - 1)), draw(st.integers(-ndim, ndim - 1)))
    if op == "squeeze":
        ones = [i for i, d in enumerate(shape) if d == 1]
        return ("squeeze", draw(st.one_of(st.none(), st.sampled_from(ones or [None]))))
    if op == "expand_dims":
        return ("expand_dims", draw(st.integers(-ndim - 1, ndim)))
    if op == "reshape":
        factors = _factorisations(size)
        new = draw(st.sampled_from(factors))
        if new and draw(st.booleans()):
            new = list(new)
            new[draw(st.integers(0, len(new) - 1))] = -1
        return ("reshape", tuple(new), draw(st.sampled_from(["C", "F", "A"])))
    if op == "view":
        return ("view", draw(st.sampled_from(ALL_DTYPES)))
    lead = draw(st.lists(st.integers(0, 3), max_size=2))
    target = [d if d != 1 else draw(st.integers(1, 3)) for d in shape]
    return ("broadcast_to", tuple(lead + target))


def _factorisations(size):
    out = [(size,), (1, size), (size, 1)]
    for a in range(2, 7):
        if size % a == 0:
            out += [(a, size // a), (size // a, a), (a, 1, size // a)]
            for b in range(2, 5):
                if (size // a) % b == 0:
                    out.append((a, b, size // a // b))
    if size == 0:
        out += [(0, 3), (2, 0, 1)]
    return out


def apply(xp, a, op):
    name = op[0]
    if name == "index":
        return a[op[1]]
    if name == "T":
        return a.T
    if name == "transpose":
        return a.transpose(op[1])
    if name == "swapaxes":
        return xp.swapaxes(a, op[1], op[2])
    if name == "moveaxis":
        return xp.moveaxis(a, op[1], op[2])
    if name == "squeeze":
        return xp.squeeze(a, axis=op[1])
    if name == "expand_dims":
        return xp.expand_dims(a, op[1])
    if name == "reshape":
        return a.reshape(op[1], order=op[2], copy=False)
    if name == "view":
        return a.view(op[1])
    if name == "broadcast_to":
        return xp.broadcast_to(a, op[1])
    raise AssertionError(name)


def check_same_view(v, nv, cp_base, np_base, op):
    assert v.shape == nv.shape
    assert v.strides == nv.strides, (v.strides, nv.strides)
    assert v.dtype == nv.dtype
    for flag in ("c_contiguous", "f_contiguous", "owndata", "writeable"):
        assert getattr(v.flags, flag) == getattr(nv.flags, flag), flag
    if op[0] != "broadcast_to":  # NumPy's broadcast_to of a 0-d array has an internal base
        assert (v.base is cp_base) == (nv.base is np_base)
    assert_array_equal(v, nv)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    shape=st.lists(st.integers(0, 4), min_size=0, max_size=4).map(tuple),
    dtype=st.sampled_from(ALL_DTYPES),
    order=st.sampled_from("CF"),
    data=st.data(),
)
def test_view_chains_match_numpy(shape, dtype, order, data):
    np_base = numpy.array(
        numpy.arange(int(numpy.prod(shape))).astype(dtype).reshape(shape), order=order
    )
    cp_base = cupylike.asarray(np_base)
    assert cp_base.strides == np_base.strides
    nv, v = np_base, cp_base
    for _ in range(data.draw(st.integers(1, 4))):
        op = data.draw(view_op(nv.shape))
        try:
            nv_next = apply(numpy, nv, op)
        except Exception as e:
            with pytest.raises(type(e)):
                apply(cupylike, v, op)
            return
        v = apply(cupylike, v, op)
        nv = nv_next
        if isinstance(nv, numpy.generic):
            # NumPy returns a scalar where cupylike returns a 0-d view (docs/differences.md).
            assert v.shape == () and v.base is cp_base
            assert_array_equal(v, numpy.asarray(nv))
            return
        check_same_view(v, nv, cp_base, np_base, op)
    # A write through the view shows in the base (set() handles dense views).
    if nv.flags.writeable and nv.size and v.flags.c_contiguous | v.flags.f_contiguous:
        new = numpy.asarray(numpy.arange(1, nv.size + 1) % 7, dtype=nv.dtype).reshape(nv.shape)
        nv[...] = new
        v.set(new)
        assert_array_equal(cp_base, np_base)


# ---------------------------------------------------------------------------------------------
# Specific behaviour.


@numpy_cupylike_equal(strides=True)
@pytest.mark.parametrize(
    "key",
    [0, -1, (1, 2), (slice(None), 0), (Ellipsis, 1), (None, 0), (slice(None, None, -1),),
     (slice(5, 1, -2), Ellipsis, None), (Ellipsis,), (), numpy.int64(2), (numpy.int8(-2), 1)],
    ids=repr,
)
def test_basic_index_results_match_numpy(key, xp):
    a = xp.asarray(numpy.arange(60.0).reshape(6, 10))
    return a[key]


@numpy_cupylike_equal(accept_error=(IndexError, ValueError))
@pytest.mark.parametrize(
    "key",
    [6, -7, (0, 10), (0, 0, 0), (Ellipsis, Ellipsis), 1.5, "a", (slice(None, None, 0),)],
    ids=repr,
)
def test_bad_basic_indices_raise_numpy_errors(key, xp):
    a = xp.asarray(numpy.arange(60.0).reshape(6, 10))
    return a[key]


@numpy_cupylike_equal()
@pytest.mark.parametrize("key", [[0, 1], numpy.array([0, 1]), numpy.array([True] * 6), True],
                         ids=repr)
def test_advanced_indices_give_copies(key, xp):
    a = xp.asarray(numpy.arange(6))
    result = a[key]
    a[...] = -1  # the result does not see later writes: it is a copy
    return result


@numpy_cupylike_equal(strides=True, accept_error=ValueError)
@pytest.mark.parametrize("shape", [(0,), (0, 3), (3, 0), (2, 0, 4), (), (1,), (5,)])
@pytest.mark.parametrize("new", [(0,), (-1,), (3, 0), (0, -1), (1, 0, 1), (5,), (1, 5), ()])
def test_reshape_of_empty_and_tiny_arrays_matches_numpy(shape, new, xp):
    a = xp.zeros(shape, dtype=xp.float32)
    return a.reshape(new)


@numpy_cupylike_equal(accept_error=ValueError)
@pytest.mark.parametrize("new", [(4,), (-1, -1), (-2, 3), (-2, -1), (7, -1), (0, -1)], ids=repr)
def test_bad_reshape_raises_value_error(new, xp):
    return xp.zeros((2, 3)).reshape(new)


@numpy_cupylike_equal(strides=True)
@pytest.mark.parametrize("order", ["C", "F", "A", "K"])
def test_ravel_of_contiguous_arrays_is_a_view(order, xp):
    a = xp.asarray(numpy.arange(24).reshape(2, 3, 4).copy())
    r = a.ravel(order=order) if order in "CAK" else a.T.ravel(order=order)
    assert r.base is a
    return r


@numpy_cupylike_equal(strides=True)
@pytest.mark.parametrize("axes", [None, (0, 2, 1), (-1, 0, 1), (2, 1, 0)], ids=repr)
def test_transpose_matches_numpy(axes, xp):
    return xp.transpose(xp.asarray(numpy.arange(24).reshape(2, 3, 4)), axes)


@numpy_cupylike_equal(accept_error=(ValueError, numpy.exceptions.AxisError))
@pytest.mark.parametrize("axes", [(0, 1), (0, 0, 1), (0, 1, 3)], ids=repr)
def test_bad_transpose_axes_raise_like_numpy(axes, xp):
    return xp.asarray(numpy.arange(24).reshape(2, 3, 4)).transpose(axes)


@numpy_cupylike_equal(accept_error=(ValueError, numpy.exceptions.AxisError))
@pytest.mark.parametrize(
    "call",
    [("swapaxes", 0, 3), ("moveaxis", 3, 0), ("moveaxis", (0, 0), (1, 2)), ("squeeze", 0),
     ("squeeze", 5), ("expand_dims", 4), ("expand_dims", (0, 0))],
    ids=repr,
)
def test_axis_errors_match_numpy(call, xp):
    a = xp.asarray(numpy.zeros((2, 1, 3)))
    return getattr(xp, call[0])(a, *call[1:])


def test_axis_out_of_range_is_numpy_axis_error():
    a = cupylike.zeros((2, 3))
    with pytest.raises(numpy.exceptions.AxisError):
        cupylike.swapaxes(a, 0, 2)
    with pytest.raises(numpy.exceptions.AxisError):
        a.squeeze(axis=-3)


@numpy_cupylike_equal(strides=True)
@pytest.mark.parametrize("dtype", ["i1", "f8", "c16", "u2"])
def test_view_changes_itemsize_like_numpy(dtype, xp):
    a = xp.asarray(numpy.arange(24, dtype=numpy.float32).reshape(3, 8))
    return a.view(dtype)


@numpy_cupylike_equal(accept_error=ValueError)
@pytest.mark.parametrize("make", ["zero_d", "non_contig_last", "indivisible"])
def test_view_errors_match_numpy(make, xp):
    a = xp.asarray(numpy.arange(24, dtype=numpy.float32).reshape(4, 6))
    if make == "zero_d":
        return a[0, 0].view(xp.float64)
    if make == "non_contig_last":
        return a[:, ::2].view(xp.float64)
    return a[:, :3].view(xp.complex128)


def test_broadcast_to_is_read_only_and_stays_so():
    a = cupylike.zeros(3)
    b = cupylike.broadcast_to(a, (4, 3))
    assert b.strides == (0, 8)
    assert not b.flags.writeable
    with pytest.raises(ValueError):
        b.flags.writeable = True
    with pytest.raises(ValueError):
        b.set(numpy.zeros((4, 3)))
    assert not b[1:].flags.writeable


@numpy_cupylike_equal(accept_error=ValueError)
@pytest.mark.parametrize("shape", [(2,), (4, 2), (3, 1, 3)], ids=repr)
def test_broadcast_to_incompatible_shapes_raise_value_error(shape, xp):
    return xp.broadcast_to(xp.zeros(3), shape)


def test_views_share_memory_and_base_is_the_owner():
    a = cupylike.asarray(numpy.arange(24.0))
    b = a.reshape(4, 6)
    c = b[1:, ::2].T
    assert b.base is a and c.base is a
    assert a.base is None and a.flags.owndata and not c.flags.owndata
    assert c.data.ptr == a.data.ptr + 6 * 8
    assert c.data.mem is a.data.mem


def test_write_through_a_view_shows_in_the_base():
    host = numpy.arange(24.0).reshape(4, 6)
    a = cupylike.asarray(host)
    a[1].set(numpy.full(6, -1.0))
    a.reshape(2, 12)[1, 6:].set(numpy.arange(6.0) + 100)
    a.reshape(24)[::-1][:3].set(numpy.array([7.0, 8.0, 9.0]))
    host[1] = -1.0
    host.reshape(2, 12)[1, 6:] = numpy.arange(6.0) + 100
    host.reshape(24)[::-1][:3] = [7.0, 8.0, 9.0]
    assert_array_equal(a, host)


@for_all_dtypes()
def test_set_into_a_view_with_gaps_writes_only_its_elements(dtype):
    host = sample_values(dtype, (4, 6), seed=5)
    a = cupylike.asarray(host)
    new = sample_values(dtype, (2, 4), seed=6)
    a[::-2, 4:0:-1].set(new)
    host[::-2, 4:0:-1] = new
    assert_array_equal(a, host)


def test_get_of_a_view_with_gaps_matches_numpy_in_every_order():
    host = numpy.arange(360.0).reshape(6, 6, 10)
    a = cupylike.asarray(host)
    for view in [(slice(None, None, 2), slice(1, None), slice(None, None, -3)),
                 (1, slice(None), slice(2, 3)), (Ellipsis, slice(5, 0, -2))]:
        for order in "CFAK":
            got = a[view].get(order=order)
            want = numpy.array(host[view], order=order, copy=True)
            assert_array_equal(got, want)
            assert got.strides == want.strides, (view, order)


def test_set_into_a_transposed_view_writes_the_right_elements():
    host = numpy.arange(12.0).reshape(3, 4)
    a = cupylike.asarray(host)
    new = numpy.arange(100.0, 112.0).reshape(4, 3)
    a.T.set(new)
    host.T[...] = new
    assert_array_equal(a, host)
    rev = cupylike.asarray(numpy.arange(5))
    rev[::-1].set(numpy.array([10, 11, 12, 13, 14]))
    assert_array_equal(rev, numpy.array([14, 13, 12, 11, 10]))


def test_len_and_iteration_match_numpy():
    a = cupylike.asarray(numpy.arange(6).reshape(3, 2))
    assert len(a) == 3
    rows = [r.get() for r in a]
    assert [r.tolist() for r in rows] == [[0, 1], [2, 3], [4, 5]]
    with pytest.raises(TypeError):
        len(cupylike.zeros(()))
    with pytest.raises(TypeError):
        iter(cupylike.zeros(()))


def test_mT_and_T_match_numpy():
    host = numpy.arange(24).reshape(2, 3, 4)
    a = cupylike.asarray(host)
    assert a.T.strides == host.T.strides
    assert a.mT.strides == host.mT.strides
    with pytest.raises(ValueError):
        cupylike.zeros(3).mT


@numpy_cupylike_equal()
@pytest.mark.parametrize("axis", [0, -1, (), numpy.int64(0)], ids=repr)
def test_squeeze_of_0d_takes_one_integer_axis_0_or_minus_1(axis, xp):
    # NumPy checks a lone integer axis against at least one dimension; a tuple against none.
    a = xp.asarray(2.5)
    return xp.squeeze(a, axis), a.squeeze(axis)


@pytest.mark.parametrize("axis", [1, -2, (0,), (-1,)], ids=repr)
def test_squeeze_of_0d_refuses_other_axes(axis):
    a = cupylike.asarray(2.5)
    with pytest.raises(numpy.exceptions.AxisError):
        numpy.squeeze(numpy.asarray(2.5), axis)
    with pytest.raises(numpy.exceptions.AxisError):
        cupylike.squeeze(a, axis)
    with pytest.raises(numpy.exceptions.AxisError):
        a.squeeze(axis)


@pytest.mark.parametrize("shape", [(3,), (2, 3)])
def test_transpose_with_empty_axes_needs_a_0d_array(shape):
    # () names no axis: NumPy's "axes don't match array" for any array with axes; None (or no
    # argument) reverses them.
    a = cupylike.zeros(shape)
    with pytest.raises(ValueError, match="axes don't match array"):
        numpy.transpose(numpy.zeros(shape), ())
    with pytest.raises(ValueError, match="axes don't match array"):
        cupylike.transpose(a, ())
    with pytest.raises(ValueError, match="axes don't match array"):
        a.transpose(())
    assert cupylike.transpose(a).shape == a.T.shape == a.transpose().shape == shape[::-1]
    assert cupylike.transpose(cupylike.asarray(1.5), ()).shape == ()
