"""cupylike.testing with CuPy's names, used as a downstream project uses cupy.testing: pytest
collects the decorated tests with their parameters, right results pass, wrong ones fail; the
same decorators called directly run their values in a loop; the assertions take both
libraries' arrays."""

import unittest

import numpy
import pytest

import cupylike
from cupylike import testing

pytest_plugins = ["pytester"]

# A downstream project's test module: its own function, tested on both libraries.
DOWNSTREAM = '''
import unittest

import numpy
import pytest

import cupylike
from cupylike import testing


def softplus(x):
    xp = cupylike.get_array_module(x)
    return xp.log1p(xp.exp(x))


@testing.for_float_dtypes()
@testing.numpy_cupy_allclose(rtol={"default": 1e-6, numpy.float16: 1e-3})
def test_softplus(xp, dtype):
    return softplus(testing.shaped_arange((2, 3), xp, dtype))


@testing.for_float_dtypes(no_float16=True)
@testing.numpy_cupy_allclose()
def test_softplus_off_by_one(xp, dtype):
    return softplus(testing.shaped_arange((3,), xp, dtype)) + (xp is cupylike)


@testing.for_dtypes_combination([numpy.int32, numpy.float64], names=("a", "b"), full=True)
@testing.numpy_cupy_array_equal()
def test_add(xp, a, b):
    return testing.shaped_arange((4,), xp, a) + testing.shaped_reverse_arange((4,), xp, b)


@testing.numpy_cupy_raises(accept_error=ValueError)
def test_shapes_do_not_broadcast(xp):
    return xp.zeros(2) + xp.zeros(3)


@testing.numpy_cupy_array_equal()
def test_unnamed_error_fails(xp):
    return xp.zeros(2) + xp.zeros(3)


@testing.parameterize(*testing.product({"shape": [(2,), (3, 4)], "axis": [-1]}))
class TestSum:
    @testing.for_CF_orders()
    @testing.numpy_cupy_allclose(rtol=1e-12)
    def test_sum(self, xp, order):
        a = testing.shaped_random(self.shape, xp, numpy.float64, order=order or "C")
        return a.sum(axis=self.axis)


class TestUnittestStyle(unittest.TestCase):
    @testing.for_int_dtypes(no_bool=True)
    @testing.numpy_cupy_array_equal()
    def test_cumsum(self, xp, dtype):
        return xp.cumsum(testing.shaped_arange((5,), xp, dtype))

    @testing.for_signed_dtypes()
    @testing.numpy_cupy_equal()
    def test_ndim_differs(self, xp, dtype):
        return xp.zeros((2, 2), dtype).ndim + (xp is cupylike)


@testing.with_requires("numpy>=2")
def test_runs_with_numpy_2():
    pass


@testing.with_requires("numpy<1")
def test_skipped_with_numpy_2():
    pass


@testing.slow
@testing.multi_gpu(64)
def test_needs_64_gpus():
    pass
'''


def test_a_downstream_project_tests_its_code_on_both_libraries(pytester):
    pytester.makepyfile(test_downstream=DOWNSTREAM)
    pytester.makeini("[pytest]\nmarkers =\n    slow: slow\n    multi_gpu: several GPUs\n")
    downstream = pytester.runpytest("-v", "-p", "no:cacheprovider")
    # Collected with their parameters.
    out = downstream.stdout.str()
    for test_id in ("test_softplus[float16]", "test_softplus[float64]", "test_add[int32-float64]",
                    "test_add[float64-float64]", "TestSum_param_1_{shape=(3, 4), axis=-1}",
                    "test_sum[F]", "test_sum[None]", "test_shapes_do_not_broadcast"):
        assert test_id in out, test_id
    # Right results pass, wrong ones fail. Passed: softplus 3, add 4, broadcast 1, TestSum
    # 2 x 5, unittest cumsum 1, requires 1; failed: off_by_one 2, unnamed error 1, ndim 1.
    downstream.assert_outcomes(passed=20, failed=4, skipped=2)
    failed = {line.split("::", 1)[1].split(" ")[0] for line in downstream.outlines
              if line.startswith("FAILED")}
    assert failed == {"test_softplus_off_by_one[float32]", "test_softplus_off_by_one[float64]",
                      "test_unnamed_error_fails", "TestUnittestStyle::test_ndim_differs"}


def test_a_direct_call_runs_every_dtype_and_names_the_failing_one():
    seen = []

    @testing.for_all_dtypes(no_complex=True)
    @testing.numpy_cupy_array_equal()
    def body(xp, dtype):
        seen.append(dtype)
        return xp.ones(3, dtype) * (2 if xp is cupylike and dtype == numpy.int16 else 1)

    with pytest.raises(AssertionError) as info:
        body()
    assert "with dtype = int16" in "".join(getattr(info.value, "__notes__", []))
    assert seen[-2:] == [numpy.int16, numpy.int16]

    @testing.for_all_dtypes(no_float16=True, no_bool=True, no_complex=True)
    @testing.numpy_cupy_array_equal()
    def right(xp, dtype):
        return xp.ones(3, dtype)

    right()


def test_dtype_decorators_choose_cupys_dtypes():
    def dtypes_of(decorator):
        seen = []

        @decorator
        def body(dtype):  # not a lambda: pytest takes a lambda for a mark's argument
            seen.append(dtype)

        body()
        return [d.name for d in seen]

    assert dtypes_of(testing.for_all_dtypes()) == [d.name for d in testing.ALL_DTYPES]
    assert dtypes_of(testing.for_float_dtypes(no_float16=True)) == ["float32", "float64"]
    assert dtypes_of(testing.for_int_dtypes()) == [
        "bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"]
    assert dtypes_of(testing.for_signed_dtypes())[0] == "int8"
    assert dtypes_of(testing.for_unsigned_dtypes())[-1] == "uint64"
    assert dtypes_of(testing.for_complex_dtypes()) == ["complex64", "complex128"]
    assert "float16" not in dtypes_of(testing.for_all_dtypes(no_float16=True))


def test_a_partial_combination_puts_each_dtype_in_each_place():
    cases = []

    @testing.for_all_dtypes_combination(names=("a", "b"), full=False)
    def body(a, b):
        cases.append((a, b))

    body()
    assert len(cases) < len(testing.ALL_DTYPES) ** 2
    for place in (0, 1):
        assert {c[place] for c in cases} == set(testing.ALL_DTYPES)
    assert any(a != b for a, b in cases) and any(a == b for a, b in cases)


def test_for_contiguous_axes_gives_trailing_axes():
    seen = []

    class Case:
        shape = (2, 3, 4)

        @testing.for_contiguous_axes()
        def check(self, axis):
            seen.append(axis)

    Case().check()
    assert seen == [(2,), (1, 2), (0, 1, 2)]


def test_accept_error_true_is_refused_and_raises_needs_an_error():
    with pytest.raises(TypeError, match="names its type"):
        testing.numpy_cupy_allclose(accept_error=True)

    @testing.numpy_cupy_raises(accept_error=ValueError)
    def no_error(xp):
        return xp.zeros(2)

    with pytest.raises(AssertionError, match="neither"):
        no_error()
    with pytest.raises(ValueError, match="SciPy"):
        testing.numpy_cupy_array_equal(sp_name="sp")


def test_name_chooses_the_argument_and_type_check_the_dtype():
    @testing.numpy_cupy_array_equal(name="np_or_cp", type_check=False)
    def body(np_or_cp):
        return np_or_cp.arange(3, dtype=numpy.int32 if np_or_cp is cupylike else numpy.int64)

    body()

    @testing.numpy_cupy_array_equal(name="np_or_cp")
    def strict(np_or_cp):
        return body.__wrapped__(np_or_cp)

    with pytest.raises(AssertionError, match="dtype"):
        strict()


def test_contiguous_and_strides_checks():
    def transposed(xp):
        return xp.ones((3, 4)).T.copy() if xp is numpy else xp.ones((3, 4)).T

    with pytest.raises(AssertionError, match="C-contiguous"):
        testing.numpy_cupy_allclose()(transposed)()
    testing.numpy_cupy_allclose(contiguous_check=False)(transposed)()
    with pytest.raises(AssertionError, match="strides"):
        testing.numpy_cupy_array_equal(strides_check=True)(transposed)()


@pytest.mark.parametrize("decorator, wrong", [
    (testing.numpy_cupy_array_almost_equal(decimal=3), 1e-2),
    (testing.numpy_cupy_array_almost_equal_nulp(nulp=2), 1e-12),
    (testing.numpy_cupy_array_max_ulp(maxulp=2), 1e-12),
], ids=["almost_equal", "nulp", "max_ulp"])
def test_tolerance_decorators_pass_within_and_fail_beyond(decorator, wrong):
    decorator(lambda xp: xp.linspace(1, 2, 5))()
    with pytest.raises(AssertionError):
        decorator(lambda xp: xp.linspace(1, 2, 5) + (wrong if xp is cupylike else 0))()


def test_array_less_compares_cupylike_with_numpy():
    testing.numpy_cupy_array_less()(lambda xp: xp.arange(3) - (xp is cupylike))()
    with pytest.raises(AssertionError):
        testing.numpy_cupy_array_less()(lambda xp: xp.arange(3))()


@pytest.mark.parametrize("make", [cupylike.asarray, numpy.asarray], ids=["cupylike", "numpy"])
def test_assertions_take_either_library(make):
    x = make(numpy.array([1.0, 2.0, 3.0]))
    testing.assert_allclose(x, numpy.array([1.0, 2.0, 3.0 + 1e-9]), rtol=1e-6)
    testing.assert_array_almost_equal(x, [1.0, 2.0, 3.0001], decimal=3)
    testing.assert_array_almost_equal_nulp(x, x, nulp=0)
    testing.assert_array_max_ulp(x, numpy.nextafter(x.get() if make is cupylike.asarray
                                                    else x, 4), maxulp=1)
    testing.assert_array_less(x, make(numpy.array([2.0, 3.0, 4.0])))
    testing.assert_array_list_equal([x, x], [numpy.array([1.0, 2.0, 3.0])] * 2)
    for failing in (
        lambda: testing.assert_allclose(x, [1.0, 2.0, 3.1]),
        lambda: testing.assert_array_almost_equal(x, [1.0, 2.0, 3.1]),
        lambda: testing.assert_array_almost_equal_nulp(x, [1.0, 2.0, 3.1]),
        lambda: testing.assert_array_max_ulp(x, [1.0, 2.0, 3.1]),
        lambda: testing.assert_array_less(x, x),
        lambda: testing.assert_array_list_equal([x], [x, x]),
        lambda: testing.assert_array_equal(x, numpy.array([1.0, 2.0, 3.0], numpy.float32)),
    ):
        with pytest.raises(AssertionError):
            failing()
    # strict=False is NumPy's comparison: dtypes and broadcast shapes aside.
    testing.assert_array_equal(x, numpy.array([1, 2, 3], numpy.int8), strict=False)
    testing.assert_allclose(make(numpy.full(3, 2.0)), 2.0, strict=False)


@pytest.mark.parametrize("xp", [numpy, cupylike], ids=["numpy", "cupylike"])
def test_array_builders_give_the_same_values_on_both_libraries(xp):
    for dtype in (numpy.bool_, numpy.uint8, numpy.float32, numpy.complex64):
        a = testing.shaped_arange((2, 3), xp, dtype, order="F")
        assert isinstance(a, xp.ndarray) and a.dtype == dtype and a.flags.f_contiguous
        want = numpy.arange(1, 7).reshape(2, 3)
        want = want % 2 == 0 if dtype is numpy.bool_ else want + (
            want * 1j if dtype is numpy.complex64 else 0)
        testing.assert_array_equal(a, want.astype(dtype))
        testing.assert_array_equal(testing.shaped_reverse_arange((4,), xp, dtype),
                                   testing.shaped_arange((4,), numpy, dtype)[::-1])
        r = testing.shaped_random((3, 4), xp, dtype, scale=5, seed=3)
        testing.assert_array_equal(r, testing.shaped_random((3, 4), numpy, dtype, 5, 3))
    r = testing.shaped_random((1000,), xp, numpy.float64, scale=5)
    assert 0 <= float(r.min()) and float(r.max()) < 5 and float(r.std()) > 1
    testing.assert_array_equal(testing.shaped_linspace(0, 1, (2, 5), xp, numpy.float64),
                               numpy.linspace(0, 1, 10).reshape(2, 5))


@pytest.mark.parametrize("dtype", [numpy.float64, numpy.complex128])
def test_generate_matrix_has_the_singular_values_asked_for(dtype):
    m = testing.generate_matrix((2, 4, 3), dtype=dtype, singular_values=[3.0, 2.0, 0.5])
    assert isinstance(m, cupylike.ndarray) and m.shape == (2, 4, 3) and m.dtype == dtype
    numpy.testing.assert_allclose(numpy.linalg.svd(m.get(), compute_uv=False),
                                  [[3.0, 2.0, 0.5]] * 2, rtol=1e-12)
    with pytest.raises(TypeError):
        testing.generate_matrix((3, 3), dtype=numpy.int32, singular_values=1)
    with pytest.raises(TypeError):
        testing.generate_matrix((3, 3))
    with pytest.raises(ValueError):
        testing.generate_matrix((3, 3), singular_values=-1)


def test_product_and_product_dict():
    assert testing.product({"a": [1, 2], "b": ["x"]}) == [{"a": 1, "b": "x"}, {"a": 2, "b": "x"}]
    assert testing.product_dict([{"a": 1}, {"a": 2}], [{"b": 3}]) == [
        {"a": 1, "b": 3}, {"a": 2, "b": 3}]


def test_parameterize_makes_one_class_per_parameter_set():
    @testing.parameterize({"n": 1}, {"n": 2}, _ids=False)
    class TestCase(unittest.TestCase):
        def test_n(self):
            assert self.n > 0

    made = [globals().pop(f"TestCase_param_{i}") for i in (0, 1)]
    assert [c.n for c in made] == [1, 2] and all(issubclass(c, TestCase) for c in made)
    assert TestCase.__test__ is False and made[0].__test__ is True


def test_requirements():
    assert testing.installed("numpy>=2", "pytest")
    assert not testing.installed("numpy<1")
    assert not testing.installed("surely-not-an-installed-package")
    assert testing.numpy_satisfies(">=2.0")
    assert not testing.numpy_satisfies("<2.0")


def test_existing_names_are_the_cupy_machinery():
    # numpy_cupylike_allclose leaves contiguity alone (our tests' rule), CuPy's name checks it.
    def transposed(xp):
        return xp.ones((3, 4)).T.copy() if xp is numpy else xp.ones((3, 4)).T

    testing.numpy_cupylike_allclose()(transposed)()
    testing.numpy_cupylike_equal()(transposed)()
    with pytest.raises(AssertionError, match="strides"):
        testing.numpy_cupylike_equal(strides=True)(transposed)()


def test_integer_combinations_and_list_equal():
    cases = []

    @testing.for_int_dtypes_combination(names=("a", "b"), no_bool=True, full=True)
    def body(a, b):
        cases.append((a.name, b.name))

    body()
    assert len(cases) == 64 and ("int8", "uint64") in cases
    for decorator, kind in ((testing.for_signed_dtypes_combination, "i"),
                            (testing.for_unsigned_dtypes_combination, "u")):
        seen = []

        @decorator(names=("a",))
        def one(a):
            seen.append(a.kind)  # noqa: B023 - runs before the loop moves on

        one()
        assert set(seen) == {kind}

    @testing.numpy_cupy_array_list_equal()
    def lists(xp):
        return [xp.arange(2), xp.ones(3) * (1 + (xp is cupylike))]

    with pytest.raises(AssertionError):
        lists()


def test_fix_random_gives_the_same_numbers_and_puts_the_state_back():
    drawn = []

    @testing.fix_random()
    def body():
        drawn.append((numpy.random.rand(3), cupylike.random.rand(3).get()))

    before = cupylike.random.get_random_state()
    numpy_before = numpy.random.get_state()[1].copy()
    body()
    body()
    numpy.testing.assert_array_equal(drawn[0][0], drawn[1][0])
    numpy.testing.assert_array_equal(drawn[0][1], drawn[1][1])
    assert cupylike.random.get_random_state() is before
    numpy.testing.assert_array_equal(numpy.random.get_state()[1], numpy_before)


def test_assert_function_is_called():
    with testing.AssertFunctionIsCalled("numpy.linalg.inv", return_value=7) as inv:
        assert numpy.linalg.inv(numpy.eye(2)) == 7
    assert inv.call_count == 1
    with pytest.raises(AssertionError, match="called 0 times"):
        with testing.AssertFunctionIsCalled("numpy.linalg.inv"):
            pass
    with testing.AssertFunctionIsCalled("numpy.linalg.inv", times_called=2):
        numpy.linalg.inv(numpy.eye(2))
        numpy.linalg.inv(numpy.eye(2))
