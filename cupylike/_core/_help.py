"""numpy.info for cupylike: prints an object's documentation, a name looked up in cupylike."""

import numpy


def info(object=None, maxwidth=76, output=None, toplevel="cupylike"):  # noqa: A002 (NumPy's)
    """Prints the documentation of `object` (a function, class, module or a name to look up in
    `toplevel`), as numpy.info does; with no object, that of info itself."""
    numpy.info(object, maxwidth, output, toplevel)
