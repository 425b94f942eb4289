#!/usr/bin/env python3
"""Prints the CPU a benchmark should be pinned to: the fastest this process may use, by a
short calibration loop timed on each in turn (three rounds, best of each).

Why: the virtual machines this project is measured on share their host, and one vCPU can
run at half the speed of the other for minutes at a time (2026-12-05: simdjson and ujson
alike took 0.69 us for a 256-`true` parse on CPU 0 and 0.38 us on CPU 1). Unpinned, a
benchmark lands on either, or moves between them, and reads low or noisy throughout.
Pinned, every library of the run is timed on the same CPU, and it is the calmer one at the
start. The speeds go to stderr; the chosen CPU to stdout (a lone CPU needs no timing).
Usage: taskset -c "$(python3 bench/fastest_cpu.py)" COMMAND...
The results scripts import pinning_note() to say so in their machine line.
"""
import os
import sys
import time


def loop_rate(seconds=0.05):
    """Iterations per second of a fixed integer loop on the current CPU."""
    n = 0
    x = 1
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        for _ in range(1000):
            x = (x * 1103515245 + 12345) & 0xFFFFFFFF
        n += 1000
    return n / seconds


def pinning_note():
    """For a results file's machine line: the CPU this process is pinned to, if it is."""
    cpus = os.sched_getaffinity(0)
    if len(cpus) == 1 and (os.cpu_count() or 1) > 1:
        return f"; pinned to CPU {next(iter(cpus))}, the fastest at the start (bench/fastest_cpu.py)"
    return ""


def main():
    cpus = sorted(os.sched_getaffinity(0))
    if len(cpus) == 1:
        print(cpus[0])
        return
    best = {cpu: 0.0 for cpu in cpus}
    for _ in range(3):
        for cpu in cpus:
            os.sched_setaffinity(0, {cpu})
            loop_rate(0.01)  # the move itself, and the cache it leaves behind
            best[cpu] = max(best[cpu], loop_rate())
    os.sched_setaffinity(0, set(cpus))
    chosen = max(cpus, key=lambda cpu: best[cpu])
    print("fastest_cpu: loop rate per CPU (M/s): " +
          ", ".join(f"{cpu}: {best[cpu] / 1e6:.1f}" for cpu in cpus) + f"; pinning to {chosen}", file=sys.stderr)
    print(chosen)


if __name__ == "__main__":
    main()
