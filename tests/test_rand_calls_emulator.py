"""The random front-end hands cuRAND's device generator the very draws it hands the cpu
device's host generator: with the facade's log in dry-run mode (the emulated GPU has no
cuRAND), the same draws on an (emulated) CUDA device and on the cpu record the same call
descriptions."""

import pytest
from helpers.emulated_gpu import run_on_emulator

pytestmark = pytest.mark.any_device(reason="runs its own processes on the emulated GPU")


def test_cuda_and_cpu_get_the_same_rand_calls():
    run_on_emulator("""
        import cupylike.random
        logs = []
        cupylike._core._native._rand_log(True, True)
        # Only draws that need no kernel of ours: nothing needs compiling for the emulated GPU.
        for device in (cupylike.Device("cpu"), GPU0):
            with device:
                g = cupylike.random.default_rng(7)
                x = g.standard_normal(5, dtype=numpy.float32)  # a pair more: count 6
                assert x.shape == (5,) and x.device == device
                bg = g.bit_generator
                bg.draw("raw32", (3,), numpy.uint32)
                bg.words64((2,))
                bg.draw("poisson", (4,), numpy.uint32, 2.5)
                bg.draw("lognormal", (2,), numpy.float32, 0.5, 2.0)
            logs.append(cupylike._core._native._take_rand_log())
        cupylike._core._native._rand_log(False)
        assert len(logs[0]) == 5, logs[0]
        assert logs[0] == logs[1], logs
        assert logs[0][0].startswith("rand philox4_32_10 seed=7 offset=0 normal float32 count=6")
        assert "offset=6 raw32 uint32 count=3" in logs[0][1], logs[0]
        assert "offset=9 raw32 uint32 count=4" in logs[0][2], logs[0]
        assert "offset=13 poisson uint32 count=4 lambda=2.5" in logs[0][3], logs[0]
        assert "offset=18 lognormal float32 count=2" in logs[0][4], logs[0]
        print(logs[0])
    """)
