"""csrc/cuda_api/'s declarations of NVIDIA's library APIs match NVIDIA's headers.

The extension is built against those declarations alone (no toolkit is needed), so nothing but
this test holds them to NVIDIA's ABI. Where a CUDA toolkit's headers are (12.6 or later: the
declarations include cusolverDnXgeev), tests/cuda_api_check.cpp is compiled with both sets:
each enum's size and underlying type, each constant's value, each struct and alias, and each
function's exact type, with our enums and structs mapped to NVIDIA's of the same name. The
names come from our headers themselves, so a new declaration is checked without a new line
here. A planted wrong value and a planted wrong parameter type show that the check fails.
"""

import os
import pathlib
import re
import shutil
import subprocess

import pytest

pytestmark = pytest.mark.any_device(reason="a compile check of C++ headers: the same everywhere")

ROOT = pathlib.Path(__file__).resolve().parents[1]
DECLARATIONS = ROOT / "csrc" / "cuda_api"
CHECK = ROOT / "tests" / "cuda_api_check.cpp"
NVIDIA_HEADERS = ("cublas_v2.h", "cufft.h", "curand.h", "cusolverDn.h", "nvrtc.h")


def toolkit_include():
    """The include folder of the CUDA toolkit (CUDA_PATH, CUDA_HOME, /usr/local/cuda) that has
    all of NVIDIA_HEADERS, or None."""
    roots = [os.environ.get("CUDA_PATH"), os.environ.get("CUDA_HOME"), "/usr/local/cuda"]
    for root in filter(None, roots):
        include = pathlib.Path(root) / "include"
        if all((include / name).is_file() for name in NVIDIA_HEADERS):
            return include
    return None


def declared_names(folder):
    """The check's lines for the names the headers in `folder` declare: enums and the structs
    behind handles first (the other checks use them), then constants, aliases, functions."""
    enums, structs, values, aliases, functions = [], [], [], [], []
    for path in sorted(folder.glob("*.h")):
        text = re.sub(r"//[^\n]*", "", path.read_text())
        text = "\n".join(line for line in text.splitlines() if not line.startswith("#"))
        for body, name in re.findall(r"typedef enum \{([^}]*)\} (\w+);", text):
            enums.append(name)
            values += re.findall(r"\b([A-Z][A-Z0-9_]+) = ", body)
        for body in re.findall(r"^enum \{([^}]*)\};", text, re.M):  # constants of no type
            values += re.findall(r"\b([A-Z][A-Z0-9_]+) = ", body)
        structs += re.findall(r"^typedef struct (\w+)\* \w+;", text, re.M)
        aliases += re.findall(r"^typedef [^;{]*?\b(\w+);", text, re.M)
        functions += re.findall(r"^(?:const )?\w+\**\s+\**(\w+)\(", text, re.M)
    lines = [f"ENUM({n})" for n in enums] + [f"STRUCT({n})" for n in structs]
    lines += [f"VALUE({n})" for n in values] + [f"ALIAS({n})" for n in aliases]
    return lines + [f"FUNCTION({n})" for n in functions]


def compile_check(tmp_path, declarations):
    """Compiles the check over the headers in `declarations` (a copy of csrc/cuda_api/ or the
    folder itself); the compiler's result."""
    include = toolkit_include()
    if include is None:
        pytest.skip("no CUDA toolkit's headers (CUDA_PATH, CUDA_HOME, /usr/local/cuda) to compare")
    compiler = shutil.which(os.environ.get("CXX", "c++")) or shutil.which("g++")
    if compiler is None:
        pytest.skip("no C++ compiler")
    csrc = tmp_path / "csrc"
    csrc.mkdir()
    shutil.copytree(declarations, csrc / "cuda_api")
    (tmp_path / "cuda_api_names.inc").write_text("\n".join(declared_names(declarations)) + "\n")
    command = [compiler, "-std=c++20", "-fsyntax-only", "-Wall", "-Wextra", "-Werror",
               f"-I{csrc}", f"-I{tmp_path}", "-isystem", str(include), str(CHECK)]
    return subprocess.run(command, capture_output=True, text=True, timeout=300)


def test_the_names_are_read_from_the_declarations():
    lines = declared_names(DECLARATIONS)
    for expected in ("ENUM(cublasStatus_t)", "STRUCT(cusolverDnContext)", "VALUE(CUFFT_FORWARD)",
                     "VALUE(CURAND_ORDERING_PSEUDO_LEGACY)", "ALIAS(cufftDoubleComplex)",
                     "ALIAS(nvrtcProgram)", "FUNCTION(nvrtcGetErrorString)",
                     "FUNCTION(cublasCreate_v2)", "FUNCTION(cusolverDnZheevd_bufferSize)",
                     "FUNCTION(cusolverDnXgeev)"):
        assert expected in lines
    assert len([line for line in lines if line.startswith("FUNCTION(")]) >= 110
    assert len(lines) == len(set(lines)), "a name declared twice"


def test_declarations_match_nvidias_headers(tmp_path):
    result = compile_check(tmp_path, DECLARATIONS)
    assert result.returncode == 0, result.stderr[-20000:]


@pytest.mark.parametrize(("header", "right", "wrong", "named"), [
    ("cufft_abi.h", "CUFFT_Z2Z = 0x69", "CUFFT_Z2Z = 0x68", "CUFFT_Z2Z: value"),
    ("curand_abi.h", "unsigned long long offset", "long long offset",
     "curandSetGeneratorOffset: type"),
])
def test_the_check_fails_on_a_mismatch(tmp_path, header, right, wrong, named):
    planted = tmp_path / "planted"
    shutil.copytree(DECLARATIONS, planted)
    text = (planted / header).read_text()
    assert right in text
    (planted / header).write_text(text.replace(right, wrong, 1))
    result = compile_check(tmp_path, planted)
    assert result.returncode != 0
    assert named in result.stderr
