"""asanyarray, asarray_chkfinite, require, fromfunction and the I/O functions against NumPy:
values and dtypes, round trips through files in tmp_path (.npy, .npz, text), and NumPy's
errors."""

import inspect
import io

import numpy
import pytest

import cupylike
from cupylike.testing import assert_array_equal, numpy_cupylike_equal

IO_NAMES = ["asanyarray", "asarray_chkfinite", "require", "frombuffer", "fromfile",
            "fromfunction", "fromiter", "load", "save", "savez", "savez_compressed", "loadtxt",
            "savetxt", "genfromtxt", "fromregex"]


@pytest.mark.parametrize("name", IO_NAMES)
def test_signatures_are_numpys(name):
    assert inspect.signature(getattr(cupylike, name)) == inspect.signature(getattr(numpy, name))


def _layouts(xp, dtype):
    a = xp.asarray(numpy.arange(24).reshape(4, 6).astype(dtype))
    return [a, a[::-1, 1::2], a.T, a[0, 0], a[:0]]


@numpy_cupylike_equal()
@pytest.mark.parametrize("dtype", [numpy.int32, numpy.float32, numpy.complex128])
def test_asanyarray_and_chkfinite_keep_values_and_dtypes(dtype, xp):
    out = []
    for a in _layouts(xp, dtype):
        out += [xp.asanyarray(a), xp.asarray_chkfinite(a), xp.asanyarray(a, dtype=numpy.complex128)]
    return out + [xp.asarray_chkfinite([1, 2], dtype=float), xp.asanyarray(3.5)]


@pytest.mark.parametrize("bad", [[1.0, numpy.nan], [[numpy.inf]], complex(0, numpy.inf)])
def test_asarray_chkfinite_refuses_inf_and_nan(bad):
    for xp in (numpy, cupylike):
        with pytest.raises(ValueError, match="must not contain infs or NaNs"):
            xp.asarray_chkfinite(bad)
    host = numpy.array([1.0, numpy.nan])
    with pytest.raises(ValueError, match="must not contain infs or NaNs"):
        cupylike.asarray_chkfinite(cupylike.asarray(host))


@pytest.mark.parametrize("requirements", ["C", "F", ["F", "W"], "CO", ("aligned", "owndata"),
                                          ["ENSUREARRAY", "C_CONTIGUOUS"], None, []])
@pytest.mark.parametrize("pick", [0, 1, 2])
def test_require_gives_numpys_flags(requirements, pick):
    got = cupylike.require(_layouts(cupylike, numpy.float64)[pick], numpy.float32, requirements)
    want = numpy.require(_layouts(numpy, numpy.float64)[pick], numpy.float32, requirements)
    assert_array_equal(got, want, strict=True)
    for flag in ("C_CONTIGUOUS", "F_CONTIGUOUS", "WRITEABLE"):
        assert got.flags[flag] == want.flags[flag], flag
    if requirements and "O" in str(requirements).upper():
        assert got.flags["OWNDATA"]


def test_require_copies_only_when_needed():
    a = cupylike.arange(6.0).reshape(2, 3)
    assert cupylike.require(a, requirements="CWA") is a
    assert cupylike.require(a.T, requirements="C") is not a


def test_require_errors_are_numpys():
    for xp in (numpy, cupylike):
        with pytest.raises(ValueError, match='Cannot specify both "C" and "F" order'):
            xp.require(xp.ones(2), requirements="CF")
        with pytest.raises(KeyError):
            xp.require(xp.ones(2), requirements=["X"])
    with pytest.raises(NotImplementedError, match="like"):
        cupylike.require([1], like=numpy.ones(1))


@numpy_cupylike_equal()
@pytest.mark.parametrize("dtype", [float, int, numpy.float32])
def test_fromfunction_calls_with_index_arrays(dtype, xp):
    return (xp.fromfunction(lambda i, j, k=1: i * 10 + j * k, (3, 4), dtype=dtype, k=2),
            xp.fromfunction(lambda i: i, (0,), dtype=dtype))


def test_fromfunction_passes_cupylike_arrays():
    seen = []
    cupylike.fromfunction(lambda *ix: seen.extend(ix), (2, 2))
    assert all(isinstance(a, cupylike.ndarray) for a in seen)


@numpy_cupylike_equal()
def test_frombuffer_fromiter_fromstring(xp):
    data = numpy.arange(5, dtype=numpy.int16).tobytes()
    return (xp.frombuffer(data, numpy.int16), xp.frombuffer(data, numpy.int16, count=2, offset=2),
            xp.frombuffer(b"", numpy.float32), xp.fromiter((i * i for i in range(4)), float),
            xp.fromiter(iter([1j, 2]), complex, count=1),
            xp.fromstring("1, 2, 3.5", sep=","), xp.fromstring("4 5", dtype=int, sep=" "))


def test_frombuffer_and_fromiter_errors_are_numpys():
    for xp in (numpy, cupylike):
        with pytest.raises(ValueError, match="buffer size must be a multiple"):
            xp.frombuffer(b"abc", numpy.int16)
        with pytest.raises(ValueError, match="iterator too short"):
            xp.fromiter(range(2), int, count=3)
        with pytest.raises(TypeError):
            xp.fromiter(range(2))


def test_fromfile_reads_binary_and_text(tmp_path):
    host = numpy.linspace(0, 1, 7, dtype=numpy.float32)
    host.tofile(tmp_path / "b.bin")
    (tmp_path / "t.txt").write_text("1 2 3\n4")
    for args in [(numpy.float32,), (numpy.float32, 3, "", 8)]:
        assert_array_equal(cupylike.fromfile(tmp_path / "b.bin", *args),
                           numpy.fromfile(tmp_path / "b.bin", *args), strict=True)
    assert_array_equal(cupylike.fromfile(tmp_path / "t.txt", int, sep=" "),
                       numpy.fromfile(tmp_path / "t.txt", int, sep=" "), strict=True)


def test_ndarray_tofile_round_trips_through_fromfile(tmp_path):
    a = cupylike.arange(12, dtype=numpy.int64).reshape(3, 4)[:, ::2]
    a.tofile(tmp_path / "a.bin")
    assert_array_equal(cupylike.fromfile(tmp_path / "a.bin", numpy.int64), a.ravel())
    assert cupylike.frombuffer(a.tobytes(), numpy.int64).tolist() == a.ravel().tolist()


@pytest.mark.parametrize("dtype", [numpy.bool_, numpy.uint8, numpy.int32, numpy.float16,
                                   numpy.float64, numpy.complex64])
@pytest.mark.parametrize("pick", [0, 1, 3, 4])
def test_save_and_load_round_trip_npy(tmp_path, dtype, pick):
    a = _layouts(cupylike, dtype)[pick]
    cupylike.save(tmp_path / "a.npy", a)
    back = cupylike.load(tmp_path / "a.npy")
    assert isinstance(back, cupylike.ndarray)
    assert_array_equal(back, a, strict=True)
    assert_array_equal(numpy.load(tmp_path / "a.npy"), a, strict=True)


def test_load_with_mmap_mode_copies_to_the_device(tmp_path):
    host = numpy.arange(10, dtype=numpy.float32).reshape(2, 5)
    numpy.save(tmp_path / "m.npy", host)
    got = cupylike.load(tmp_path / "m.npy", mmap_mode="r")
    assert isinstance(got, cupylike.ndarray)
    assert_array_equal(got, host, strict=True)


def test_save_takes_lists_and_file_objects():
    buffer = io.BytesIO()
    cupylike.save(buffer, [[1, 2], [3, 4]])
    buffer.seek(0)
    assert_array_equal(cupylike.load(buffer), numpy.array([[1, 2], [3, 4]]), strict=True)


@pytest.mark.parametrize("save", ["savez", "savez_compressed"])
def test_savez_and_load_give_an_npzfile_of_cupylike_arrays(tmp_path, save):
    a, b = cupylike.arange(6.0).reshape(2, 3), cupylike.ones((0, 2), dtype=numpy.int8)
    getattr(cupylike, save)(tmp_path / "z.npz", a, b=b[:, ::-1], c=numpy.array(7j))
    with cupylike.load(tmp_path / "z.npz") as f:
        assert sorted(f.files) == ["arr_0", "b", "c"] and len(f) == 3
        assert "b" in f and "d" not in f
        assert_array_equal(f["arr_0"], a, strict=True)
        assert_array_equal(f["b"], b, strict=True)
        assert isinstance(f["c"], cupylike.ndarray) and f["c"].dtype == numpy.complex128
        assert sorted(dict(f.items())) == sorted(f.keys())
        with pytest.raises(KeyError):
            f["missing"]
    assert "NpzFile" in repr(f)


def test_load_follows_numpys_allow_pickle(tmp_path):
    numpy.save(tmp_path / "o.npy", numpy.array([{"a": 1}], dtype=object))
    for xp in (numpy, cupylike):
        with pytest.raises(ValueError, match="allow_pickle=False"):
            xp.load(tmp_path / "o.npy")
    with pytest.raises(TypeError):  # cupylike holds no object arrays
        cupylike.load(tmp_path / "o.npy", allow_pickle=True)
    for xp in (numpy, cupylike):
        with pytest.raises(FileNotFoundError):
            xp.load(tmp_path / "missing.npy")


TEXT = "# header\n1,2,3\n4,5,6\n\n7,8,9\n"


@numpy_cupylike_equal()
@pytest.mark.parametrize("kwargs", [{}, {"dtype": int, "usecols": (0, 2)},
                                    {"unpack": True, "skiprows": 2},
                                    {"ndmin": 2, "max_rows": 1, "skiprows": 1},
                                    {"dtype": numpy.complex64}], ids=str)
def test_loadtxt(kwargs, xp):
    return xp.loadtxt(io.StringIO(TEXT), delimiter=",", **kwargs)


@numpy_cupylike_equal()
@pytest.mark.parametrize("kwargs", [{}, {"filling_values": -1.0}, {"skip_footer": 1},
                                    {"usecols": 1, "dtype": numpy.float32}], ids=str)
def test_genfromtxt_fills_missing_values(kwargs, xp):
    return xp.genfromtxt(io.StringIO("1,,3\n4,5,\nx,8,9\n"), delimiter=",", **kwargs)


def test_genfromtxt_refuses_masks_and_loadtxt_bad_rows():
    with pytest.raises(NotImplementedError, match="masked"):
        cupylike.genfromtxt(io.StringIO("1,2"), delimiter=",", usemask=True)
    for xp in (numpy, cupylike):
        with pytest.raises(ValueError, match="could not convert"):
            xp.loadtxt(io.StringIO("1 a"))


@pytest.mark.parametrize("fmt", ["%.18e", "%d", "%.3f"])
def test_savetxt_writes_what_numpy_writes(tmp_path, fmt):
    host = numpy.arange(12.0).reshape(3, 4)[:, ::-1]
    cupylike.savetxt(tmp_path / "c.txt", cupylike.asarray(host), fmt=fmt, delimiter=",",
                     header="h", footer="f")
    numpy.savetxt(tmp_path / "n.txt", host, fmt=fmt, delimiter=",", header="h", footer="f")
    assert (tmp_path / "c.txt").read_text() == (tmp_path / "n.txt").read_text()
    assert_array_equal(cupylike.loadtxt(tmp_path / "c.txt", delimiter=","),
                       numpy.loadtxt(tmp_path / "n.txt", delimiter=","), strict=True)


def test_fromregex_returns_the_single_field(tmp_path):
    (tmp_path / "r.txt").write_text("a=1 b=22\na=3 b=4\n")
    got = cupylike.fromregex(tmp_path / "r.txt", r"b=(\d+)", [("b", numpy.int64)])
    assert_array_equal(got, numpy.array([22, 4]), strict=True)
    with pytest.raises(TypeError):
        cupylike.fromregex(tmp_path / "r.txt", r"a=(\d+) b=(\d+)",
                           [("a", numpy.int64), ("b", numpy.int64)])
