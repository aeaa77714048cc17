"""Start-up of the ply Jupyter kernel beside IPython's own, interleaved, best of N.

    python3 benches/jupyter_start.py [N]

Each round starts the ply kernel and the python3 kernel (in turn, the order alternating),
waits until it answers kernel_info, runs one cell, and shuts it down; it prints the best wall
time of each to the first answer and to the end of the first cell, and their ratio. The ply
kernel must be installed (`ply jupyter install --user`, or JUPYTER_PATH set).
"""

import sys
import time

import jupyter_client

CELL = {"ply": "?- X = 1.", "python3": "x = 1"}


def once(name):
    t0 = time.perf_counter()
    km, kc = jupyter_client.manager.start_new_kernel(kernel_name=name)
    ready = time.perf_counter() - t0
    kc.execute(CELL[name], reply=True, timeout=60)
    first = time.perf_counter() - t0
    kc.stop_channels()
    km.shutdown_kernel(now=True)
    return ready, first


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    best = {"ply": [1e9, 1e9], "python3": [1e9, 1e9]}
    for i in range(n):
        for name in (["ply", "python3"] if i % 2 == 0 else ["python3", "ply"]):
            r, f = once(name)
            best[name] = [min(best[name][0], r), min(best[name][1], f)]
    for name, (r, f) in best.items():
        print("%-8s ready %.2f s, first cell done %.2f s" % (name, r, f))
    print("ratio ply/python3: ready %.2f, first cell %.2f"
          % (best["ply"][0] / best["python3"][0], best["ply"][1] / best["python3"][1]))


if __name__ == "__main__":
    main()
