// Replaces libstdc++'s C++17 special mathematical functions (std::riemann_zeta, ...), which
// <cmath> pulls in: device code cannot call them, and parsing them is 40% of a small kernel's
// compile time on the cpu device.
#pragma once
