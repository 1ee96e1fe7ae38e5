"""Whether an error says that this build of the emulated GPU has no stand-in for a vendor
library (cuFFT's is built only where kissfft's header is found): the facade raises
CUDAUnavailableError "<library> cannot run on the emulated GPU" then. A test that reaches such a
library is skipped on the emulated pass (conftest.py), and the differential fuzzer drops the
call (fuzz_compare.py)."""


def missing_stand_in(error):
    """Whether `error`, or an error it was raised from, is that CUDAUnavailableError."""
    from cupylike.cuda import CUDAUnavailableError  # noqa: PLC0415 (after the path is set up)

    seen = set()
    while error is not None and id(error) not in seen:
        seen.add(id(error))
        if isinstance(error, CUDAUnavailableError) and "cannot run on the emulated GPU" in str(
                error):
            return True
        error = error.__cause__ or error.__context__
    return False
