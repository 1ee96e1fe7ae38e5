"""Devices, streams and events on the cpu device (the CUDA path is tested on the emulated GPU
in test_cuda_emulator.py)."""

import threading

import numpy
import pytest
from helpers.python_subprocess import run_python

import cupylike
from cupylike.testing import assert_array_equal

CPU = cupylike.Device("cpu")


def test_device_spellings():
    assert cupylike.Device("cpu") == CPU and str(CPU) == "cpu" and CPU.kind == "cpu"
    assert str(cupylike.Device("cuda")) == "cuda:0"
    assert str(cupylike.Device("cuda:3")) == "cuda:3" and cupylike.Device("cuda:3").id == 3
    assert cupylike.cuda.Device is cupylike.Device
    assert repr(cupylike.Device("cuda:1")) == "<CUDA Device 1>"
    assert cupylike.Device(cupylike.Device("cuda:2")) == cupylike.Device("cuda:2")
    assert hash(cupylike.Device("cuda:1")) != hash(cupylike.Device("cuda:2"))
    # Device numbers (Device(1)) depend on the backend: test_cuda_on_cpu.py.
    for bad in ("gpu", "cuda:", "cuda:x", "cuda:-1"):
        with pytest.raises(ValueError):
            cupylike.Device(bad)
    with pytest.raises(TypeError):
        cupylike.Device(1.5)


def test_arrays_report_their_device():
    x = cupylike.zeros(3, device="cpu")
    assert x.device == CPU
    assert cupylike.asarray([1, 2], device=CPU).device == CPU
    assert cupylike.zeros_like(x).device == CPU


@pytest.mark.skipif(cupylike.cuda.is_available(), reason="checks a machine without CUDA")
def test_default_device_without_cuda_is_cpu_and_cuda_is_a_clear_error():
    assert cupylike.Device() == CPU
    assert not cupylike.cuda.is_available()
    with pytest.raises(cupylike.cuda.CUDAUnavailableError, match="CUDA"):
        cupylike.zeros(3, device="cuda:0")
    with pytest.raises(cupylike.cuda.CUDAUnavailableError):
        with cupylike.cuda.Device("cuda:0"):
            pass
    assert cupylike.Device() == CPU  # a failed `with` leaves the current device alone


def test_device_context_manager_is_per_thread_and_nests():
    seen = {}
    with CPU as d:
        assert d == CPU and cupylike.Device() == CPU
        with CPU:
            assert cupylike.zeros(1).device == CPU

        def other():
            seen["device"] = cupylike.Device()

        t = threading.Thread(target=other)
        t.start()
        t.join()
    assert seen["device"] == cupylike.Device()


def test_cpu_mem_info_is_physical_memory():
    free, total = CPU.mem_info
    assert 0 < free <= total
    assert CPU.compute_capability == "90"  # the launch limits it enforces: sm_90's


@pytest.mark.cpu_device(reason="the cpu device's streams; test_cuda_emulator.py has a GPU's")
def test_streams_on_cpu_are_in_order_and_nest():
    null = cupylike.cuda.Stream.null
    assert cupylike.cuda.get_current_stream() is null
    s = cupylike.cuda.Stream()
    assert s.ptr != 0 and s.device == CPU and s.done
    with s:
        assert cupylike.cuda.get_current_stream() is s
        x = cupylike.asarray(numpy.arange(5.0))
        with cupylike.cuda.Stream(non_blocking=True) as inner:
            assert cupylike.cuda.get_current_stream() is inner
        assert cupylike.cuda.get_current_stream() is s
        s.synchronize()
    assert cupylike.cuda.get_current_stream() is null
    assert_array_equal(x.get(stream=s), numpy.arange(5.0))
    s.use()
    assert cupylike.cuda.get_current_stream() is s
    null.use()
    assert cupylike.cuda.Stream(null=True) == null
    with pytest.raises(TypeError):
        x.get(stream="fast")


def test_events_record_synchronize_and_time():
    start, end = cupylike.cuda.Event(), cupylike.cuda.Event()
    assert start.done  # an unrecorded event counts as done, as in CUDA
    start.record()
    cupylike.zeros(10**6)
    stream = cupylike.cuda.Stream()
    end = stream.record()
    end.synchronize()
    assert end.done
    assert cupylike.cuda.get_elapsed_time(start, end) >= 0.0
    stream.wait_event(start)
    untimed = cupylike.cuda.Event(disable_timing=True)
    untimed.record()
    with pytest.raises(ValueError):
        cupylike.cuda.get_elapsed_time(start, untimed)
    with pytest.raises(ValueError):
        cupylike.cuda.get_elapsed_time(start, cupylike.cuda.Event())
    with pytest.raises(NotImplementedError):
        cupylike.cuda.Event(interprocess=True)


def test_cupylike_device_environment_selects_cpu():
    out = run_python("import cupylike; print(cupylike.Device(), cupylike.zeros(2).device)",
               CUPYLIKE_DEVICE="cpu")
    assert out.stdout.split() == ["cpu", "cpu"], out.stderr


def test_bad_cupylike_device_environment_is_a_clear_error_not_a_crash():
    out = run_python("import cupylike\ntry:\n    cupylike.zeros(2)\nexcept Exception as e:\n"
               "    print(type(e).__name__, e)", CUPYLIKE_DEVICE="tpu")
    assert out.returncode == 0, out.stderr
    assert "CUPYLIKE_DEVICE=tpu" in out.stdout and "unknown device" in out.stdout


@pytest.mark.skipif(cupylike.cuda.is_available(), reason="checks a machine without CUDA")
def test_cuda_requested_without_cuda_is_a_clear_error_not_a_crash():
    out = run_python("import cupylike\ntry:\n    cupylike.zeros(2)\nexcept Exception as e:\n"
               "    print(type(e).__name__ + ': ' + str(e))", CUPYLIKE_DEVICE="cuda")
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("CUDAUnavailableError: CUPYLIKE_DEVICE=cuda cannot be used")
    assert "libcuda" in out.stdout or "no CUDA device" in out.stdout
