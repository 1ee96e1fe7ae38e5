"""Tells the C++ kernel compilers where the package's CUDA C++ templates (``kernels/``) are."""

import os

from cupylike._core import _native


def _kernel_dir():
    package = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # cupylike/
    candidates = (
        os.path.join(package, "kernels"),  # an installed package
        os.path.join(os.path.dirname(package), "kernels"),  # a source tree (editable install)
        os.path.join(os.path.dirname(os.path.abspath(_native.__file__)), "kernels"),
    )
    for folder in candidates:
        if os.path.isdir(folder):
            return folder
    return ""


_native._set_kernel_dir(_kernel_dir())
