"""Arguments the bindings convert themselves (not through pybind11's casts, whose failures are
RuntimeErrors): the exception CuPy's MemoryPool.set_limit or NumPy gives, never RuntimeError."""


import numpy
import pytest

import cupylike


# CuPy's set_limit: ValueError "memory limit size out of range: ..." below 0 (and, here,
# beyond what a size holds); a non-integer size is a TypeError.
@pytest.mark.parametrize("size, error, match", [
    (-1, ValueError, "memory limit size out of range: -1"),
    (2**70, ValueError, "memory limit size out of range: 1180591620717411303424"),
    (2**64, ValueError, "out of range"),
    (1.5, TypeError, "'float' object cannot be interpreted as an integer"),
    ("10", TypeError, "'str' object cannot be interpreted as an integer"),
    ([10], TypeError, "'list' object"),
])
def test_pool_set_limit_rejects_bad_sizes_with_cupys_exceptions(pool, size, error, match):
    with pytest.raises(error, match=match):
        pool.set_limit(size=size)
    assert pool.get_limit() == 0  # nothing was set


@pytest.mark.parametrize("fraction, error", [
    (-0.5, ValueError), (1.5, ValueError), (float("nan"), ValueError), ("0.5", TypeError),
    (None, None),
])
def test_pool_set_limit_fraction_checks(pool, fraction, error):
    if error is None:
        pool.set_limit(fraction=fraction)
        return
    with pytest.raises(error):
        pool.set_limit(fraction=fraction)


def test_pool_set_limit_accepts_integers_of_any_kind(pool):
    pool.set_limit(size=numpy.int64(1 << 30))
    assert pool.get_limit() == 1 << 30
    pool.set_limit(size=2**63 - 1)
    assert pool.get_limit() == 2**63 - 1


@pytest.mark.parametrize("size, error", [(-1, ValueError), (1.5, TypeError), ("1", TypeError)])
def test_pinned_pool_set_limit_rejects_bad_sizes(size, error):
    pinned = cupylike.get_default_pinned_memory_pool()
    with pytest.raises(error):
        pinned.set_limit(size)
    pinned.set_limit(0)


def test_elementwise_kernel_size_must_be_an_integer():
    k = cupylike.ElementwiseKernel("", "int64 y", "y = i", "ew_size_arg")
    with pytest.raises(TypeError):
        k(size=1.5)
    with pytest.raises(OverflowError):
        k(size=2**70)
    assert k(size=3).get().tolist() == [0, 1, 2]


@pytest.mark.parametrize("call, error", [
    (lambda xp: xp.linspace(0, 1, 5, axis="x"), TypeError),
    (lambda xp: xp.linspace(0, 1, 5, axis=2**70), OverflowError),
    (lambda xp: xp.cumsum(xp.ones(3), axis=2**70), OverflowError),
    (lambda xp: xp.arange(3)[numpy.array(2**64 - 1, dtype=numpy.uint64)], OverflowError),
])
def test_integer_arguments_beyond_int64_raise_numpys_exception(call, error):
    with pytest.raises(error):
        call(numpy)
    with pytest.raises(error):
        call(cupylike)


@pytest.mark.parametrize("k", [2**70, -(2**70), 5, -5])
def test_eye_with_a_diagonal_off_the_matrix_is_zeros(k):
    assert (cupylike.eye(3, k=k).get() == numpy.eye(3, k=k)).all()


def test_a_device_id_beyond_int64_is_a_value_error():
    with pytest.raises(ValueError, match="invalid CUDA device id"):
        cupylike.zeros(3, device=2**70)


@pytest.mark.parametrize("kernel", ["elementwise", "reduction"])
def test_kernel_options_must_be_strings(kernel):
    def make(options):
        if kernel == "elementwise":
            return cupylike.ElementwiseKernel("T x", "T y", "y = x", "opt_check", options=options)
        return cupylike.ReductionKernel("T x", "T y", "x", "a + b", "y = a", "0", "opt_check",
                                        options=options)

    for bad in (123, ["-O2", 5]):
        with pytest.raises(TypeError, match="options must be a str or a sequence of str"):
            make(bad)
    make(("-DX=1",))


@pytest.mark.parametrize("call", [
    lambda xp: xp.asarray(xp.ones(2), copy=numpy.array([1, 2])),
    lambda xp: xp.ones(2).astype(numpy.float32, copy=numpy.array([1, 2])),
    lambda xp: xp.ones(4).reshape((2, 2), copy=numpy.array([1, 2])),
], ids=["asarray", "astype", "reshape"])
def test_copy_flags_take_numpys_truth_value(call):
    with pytest.raises(ValueError, match="ambiguous"):
        call(numpy)
    with pytest.raises(ValueError, match="ambiguous"):
        call(cupylike)
