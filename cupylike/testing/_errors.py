"""Which exceptions a NumPy-against-cupylike test may accept from both sides.

A test body run once with NumPy and once with cupylike can fail on both sides for a reason
that has nothing to do with either library: a misspelt name, a bad call in the test's own
code. Such a test would pass if matching errors were enough, so the decorators of _decorators.py
accept an error only when the test names it (``accept_error=``) and when it came from the code
under test (see own_error).
"""

import dis
import os

import numpy

import cupylike

# Errors that only a test's own code raises (a misspelt or unassigned name, a failed assert, a
# missing module, a bad compile() or eval()), whatever the test accepts: neither library raises
# them for a bad argument.
TEST_ERRORS = (NameError, AssertionError, ImportError, SyntaxError)

_LIBRARY_DIRS = tuple(os.path.dirname(os.path.abspath(m.__file__)) + os.sep
                      for m in (numpy, cupylike))
_TESTING_DIR = os.path.dirname(os.path.abspath(__file__)) + os.sep
_RAISES = {"RAISE_VARARGS", "RERAISE"}


def _is_public(cls):
    module = cls.__module__ or ""
    return not cls.__name__.startswith("_") and not any(
        part.startswith("_") for part in module.split(".")
    )


def public_error_type(error):
    """The type a cupylike error must be an instance of to match NumPy's `error`: its type, or
    when that is private (numpy._core._exceptions._UFuncNoLoopError, UFuncTypeError, ...) the
    nearest public base class in its MRO (TypeError there)."""
    for cls in type(error).__mro__:
        if _is_public(cls):
            return cls
    return Exception


def same_error(cp_error, np_error):
    """Whether cupylike's exception matches NumPy's (see public_error_type)."""
    return isinstance(cp_error, public_error_type(np_error))


def _raising_frame(error):
    """The deepest Python frame of `error`'s traceback, and the instruction it was running."""
    tb = error.__traceback__
    while tb.tb_next is not None:
        tb = tb.tb_next
    return tb.tb_frame.f_code, tb.tb_lasti


def _instruction(code, offset):
    for instruction in dis.get_instructions(code):
        if instruction.offset == offset:
            return instruction.opname
    return None


def own_error(error, test_file):
    """Why `error`, raised while a test body in `test_file` (None if unknown) ran, is the
    test's own error and not the library's, or None when it may be the library's. The deepest
    Python frame of its traceback decides, with the instruction that frame was running:

    - an error of TEST_ERRORS type, wherever it was raised;
    - a ``raise`` statement in the test's module (a test that wants an error of its own says
      so with pytest.raises);
    - an error whose deepest frame is Python code outside NumPy, cupylike and the test's
      module: a helper module or the standard library failed, not the code under test;
    - an error raised in cupylike.testing itself: the test was called with arguments that do
      not fit it (CuPy's decorators reject those the same way).

    An error whose deepest frame is in the test's module at a call or an operator is the
    library's: NumPy's functions, ufuncs and operators are C, so the frame that called them is
    the last Python frame of their errors. A test's own misuse of a builtin (``len(3)``) looks
    the same there; that is why the test must name the error it accepts."""
    if isinstance(error, TEST_ERRORS):
        return f"{type(error).__name__} is a test's own error"
    code, offset = _raising_frame(error)
    path = os.path.abspath(code.co_filename)
    if test_file is not None and path == os.path.abspath(test_file):
        if _instruction(code, offset) in _RAISES:
            return f"raised by the test's own code ({code.co_name})"
        return None
    if path.startswith(_TESTING_DIR):
        return f"raised calling the test: {error}"
    if not path.startswith(_LIBRARY_DIRS):
        return f"raised outside NumPy and cupylike, in {code.co_filename} ({code.co_name})"
    return None


def _type_name(cls):
    return cls.__name__ if cls.__module__ == "builtins" else f"{cls.__module__}.{cls.__name__}"


def as_error_types(accept_error):
    """accept_error= as a tuple of exception types: () for None or False."""
    if not accept_error:
        return ()
    if isinstance(accept_error, type):
        accept_error = (accept_error,)
    accept_error = tuple(accept_error)
    for cls in accept_error:
        if not (isinstance(cls, type) and issubclass(cls, BaseException)):
            raise TypeError(f"accept_error= takes exception types, not {cls!r}")
    return accept_error


def check_errors(np_error, cp_error, accept_error, test_file):
    """Fails (AssertionError) unless NumPy's and cupylike's errors from one test body, either
    of them None, are both raised, are of matching types (same_error), are instances of one of
    the `accept_error` types and are the libraries' own (own_error)."""
    for side, error in (("NumPy", np_error), ("cupylike", cp_error)):
        if error is not None:
            reason = own_error(error, test_file)
            if reason is not None:
                raise AssertionError(f"with {side}: {reason}: {error!r}") from error
    if np_error is None:
        raise AssertionError("cupylike raised, NumPy did not") from cp_error
    if cp_error is None:
        raise AssertionError(f"NumPy raised {np_error!r}, cupylike did not") from np_error
    if not same_error(cp_error, np_error):
        raise AssertionError(
            f"cupylike raised {type(cp_error).__name__}, NumPy {type(np_error).__name__}: "
            f"{np_error}") from cp_error
    if not (isinstance(np_error, accept_error) and isinstance(cp_error, accept_error)):
        raise AssertionError(
            f"both raised, NumPy {type(np_error).__name__} ({np_error}), cupylike "
            f"{type(cp_error).__name__} ({cp_error}); a test that expects an error names it: "
            f"accept_error={_type_name(public_error_type(np_error))}") from cp_error
