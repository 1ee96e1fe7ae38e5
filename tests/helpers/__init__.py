"""What the tests share that is not a test: case generators (layouts, reduction_cases, ...),
tolerances (ufunc_accuracy, ufunc_tolerances), runners (emulated_gpu, python_subprocess,
cpp_build, nvrtc_check), the differential fuzzer (fuzz_arrays, fuzz_call_args, fuzz_calls,
fuzz_calls_routines, fuzz_compare, fuzz_run) and run_report, the pytest plugin of
tools/gpu_check.sh. Tests import them as ``from helpers.layouts import layout_pairs``:
tests/conftest.py puts tests/ on the path."""
