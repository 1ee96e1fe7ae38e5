"""einsum's subscripts, read as NumPy reads them: the string form ('ij,jk->ik', '...' for
broadcast axes, an implicit output of the labels used once, in character order) and the
interleaved form (operand, [0, 1], operand, [1, 2], [0, 2]). The result gives each operand's
axes one label; axes under '...' get labels of their own (right-aligned across operands, as
broadcasting aligns them), so the contraction never sees an ellipsis."""

import string

_LETTERS = string.ascii_uppercase + string.ascii_lowercase


def _ellipsis_label(i):
    """The label of the i-th axis from the right under '...' (never a letter)."""
    return f"...{i}"


def _from_sublists(args):
    """(subscripts string, operands) of the interleaved form."""
    args = list(args)
    operands, terms = [], []
    while len(args) >= 2:
        operands.append(args.pop(0))
        terms.append(args.pop(0))
    output = args.pop(0) if args else None

    def term(sublist):
        out = []
        for s in sublist:
            if s is Ellipsis:
                out.append("...")
            elif isinstance(s, int) and 0 <= s < len(_LETTERS):
                out.append(_LETTERS[s])
            else:
                raise ValueError("subscript is not within the valid range [0, 52)")
        return "".join(out)

    text = ",".join(term(t) for t in terms)
    if output is not None:
        text += "->" + term(output)
    return text, operands


def split_arguments(args):
    """(subscripts string, operands) of einsum's positional arguments, either form."""
    if not args:
        raise ValueError("must specify the einstein sum subscripts string and at least one "
                         "operand")
    if isinstance(args[0], str):
        if len(args) < 2:
            raise ValueError("must specify the einstein sum subscripts string and at least one "
                             "operand")
        return args[0].replace(" ", ""), list(args[1:])
    return _from_sublists(args)


def _term_labels(term, ndim, where):
    """The labels of one term's axes: letters, then the ellipsis's axes as their own labels.
    `where` names the term in errors."""
    if term.count(".") not in (0, 3) or (term.count(".") == 3 and "..." not in term):
        raise ValueError("einstein sum subscripts string contains a '.' that is not part of an "
                         f"ellipsis ('...') in {where}")
    head, dots, tail = term.partition("...")
    for c in head + tail:
        if c not in _LETTERS:
            raise ValueError(f"invalid subscript '{c}' in einstein sum subscripts string, "
                             "subscripts must be letters")
    named = len(head) + len(tail)
    if not dots:
        if ndim is not None and named != ndim:
            if named > ndim:
                raise ValueError("einstein sum subscripts string contains too many subscripts "
                                 f"for {where}")
            raise ValueError("operand has more dimensions than subscripts given in einstein "
                             "sum, but no '...' ellipsis provided to broadcast the extra "
                             "dimensions.")
        return list(head + tail), 0
    if ndim is not None and named > ndim:
        raise ValueError(f"einstein sum subscripts string contains too many subscripts for "
                         f"{where}")
    broadcast = (ndim - named) if ndim is not None else None
    return [*head, dots, *tail], broadcast


def parse(subscripts, ndims):
    """(input labels per operand, output labels) for operands of `ndims` axes."""
    text, arrow, output = subscripts.partition("->")
    if "->" in output or (not arrow and ">" in text) or text.count("-") != 0:
        raise ValueError("einstein sum subscript string does not contain proper '->' output "
                         "specified")
    terms = text.split(",")
    if len(terms) < len(ndims):
        raise ValueError("more operands provided to einstein sum function than specified in "
                         "the subscripts string")
    if len(terms) > len(ndims):
        raise ValueError("fewer operands provided to einstein sum function than specified in "
                         "the subscripts string")
    inputs, widest = [], 0
    for i, (term, ndim) in enumerate(zip(terms, ndims, strict=True)):
        labels, broadcast = _term_labels(term, ndim, f"operand {i}")
        if "..." in labels:
            at = labels.index("...")
            labels[at:at + 1] = [_ellipsis_label(j) for j in range(broadcast - 1, -1, -1)]
            widest = max(widest, broadcast)
        inputs.append(labels)
    ellipsis = [_ellipsis_label(j) for j in range(widest - 1, -1, -1)]
    if arrow:
        out, _ = _term_labels(output, None, "the output")
        if "..." in out:
            at = out.index("...")
            out[at:at + 1] = ellipsis
        elif widest:
            raise ValueError("output has more dimensions than subscripts given in einstein sum,"
                             " but no '...' ellipsis provided to broadcast the extra dimensions.")
        seen = set()
        used = {label for labels in inputs for label in labels}
        for label in out:
            if label in seen:
                raise ValueError(f"einstein sum subscripts string includes output subscript "
                                 f"'{label}' multiple times")
            if label not in used:
                raise ValueError(f"einstein sum subscripts string included output subscript "
                                 f"'{label}' which never appeared in an input")
            seen.add(label)
    else:
        counts = {}
        for labels in inputs:
            for label in labels:
                counts[label] = counts.get(label, 0) + 1
        once = sorted(c for c, n in counts.items() if n == 1 and c in _LETTERS)
        out = ellipsis + once
    return inputs, out
