"""Every kernel the library generates from kernels/cupylike/ (all dtype pairs of copy/cast,
fill, arange, linspace and power) compiles with NVRTC for sm_80 and sm_90, so the GPU path
stays honest on machines without a GPU. NVRTC needs no GPU; results go through the NVRTC
disk cache, so only the first run after a kernel change pays for the compiles."""

from concurrent.futures import ThreadPoolExecutor

import pytest

import cupylike
from cupylike import _core
from cupylike.testing import ALL_DTYPES

FAMILIES = _core._library_kernel_families()


def _nvrtc_available():
    try:
        _core._nvrtc_compile('extern "C" __global__ void k() {}', "probe.cu", [], [], 80, False)
        return True
    except cupylike.cuda.CUDAUnavailableError:
        return False


pytestmark = pytest.mark.skipif(not _nvrtc_available(), reason="no NVRTC library here")


def test_the_families_cover_every_dtype_pair():
    names = {name for name, _, _ in FAMILIES}
    assert {f"copy_from_{d.name}" for d in ALL_DTYPES} <= names
    assert {"fill", "arange", "linspace"} <= names
    copies = sum(len(inst) for name, _, inst in FAMILIES if name.startswith("copy_from_"))
    assert copies == 14 * 14


@pytest.mark.parametrize("arch", [80, 90])
def test_every_library_kernel_compiles_with_nvrtc(arch):
    def compile_family(family):
        name, header, instantiations = family
        image, is_cubin, lowered, log = _core._nvrtc_compile_cached(
            f"#include <{header}>\n", f"{name}.cu", [], instantiations, arch, False)
        return name, image, is_cubin, lowered

    with ThreadPoolExecutor(max_workers=4) as pool:  # NVRTC runs without the GIL
        results = list(pool.map(compile_family, FAMILIES))
    for (name, image, is_cubin, lowered), (_, _, instantiations) in zip(results, FAMILIES,
                                                                         strict=True):
        assert image and is_cubin, name
        assert len(lowered) == len(instantiations), name  # every template was instantiated
