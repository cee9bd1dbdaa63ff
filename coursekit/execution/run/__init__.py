"""Running: real kernels on the chosen device, warmed in a pool, offline unless asked."""
