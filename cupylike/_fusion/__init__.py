"""cupylike.fuse: a Python function of arrays traced into one elementwise or reduction
kernel (docs/architecture.md lists the modules)."""
