// Replaces libstdc++'s C++17 special mathematical functions (std::riemann_zeta, ...), which
// <cmath> pulls in: device code cannot call them, and parsing them is 40% of a small kernel's
// compile time on the cpu device. Host code that wants them (the prelude's own tests use
// std::cyl_bessel_i as a reference) defines CUPYLIKE_HOST_SPECFUN.
#pragma once
#ifdef CUPYLIKE_HOST_SPECFUN
#include_next <bits/specfun.h>
#endif
