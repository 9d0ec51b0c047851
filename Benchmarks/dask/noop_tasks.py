"""Dask's dispatch rate on no-op tasks, beside TouchSweep's on empty units (`make bench`, issue 18 §4).

LocalCluster with 2 worker processes of 1 thread each; N no-op tasks submitted at once and gathered, best of
3 rounds (the same rule as `engine-bench --dispatch`). With --touchsweep-rate R (TouchSweep's empty units per
second from the same `make bench` run) it prints the ratio too. A benchmark: it prints figures, asserts nothing.
"""
import argparse
import time


def noop(i):
    return i


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tasks", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--touchsweep-rate", type=float, default=0.0)
    args = parser.parse_args()

    import dask
    import distributed
    from distributed import Client, LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster, \
            Client(cluster) as client:
        client.gather(client.map(noop, range(100), pure=False))  # warm-up: workers started and connected
        rates = []
        for _ in range(args.rounds):
            start = time.perf_counter()
            futures = client.map(noop, range(args.tasks), pure=False)
            client.gather(futures)
            seconds = time.perf_counter() - start
            rates.append(args.tasks / seconds)
            del futures
    best = max(rates)
    print("dask %s (distributed %s), LocalCluster(n_workers=2, processes=True): %d no-op tasks, rounds %s tasks/s; best %.0f tasks/s"
          % (dask.__version__, distributed.__version__, args.tasks, " ".join("%.0f" % r for r in rates), best))
    if args.touchsweep_rate > 0:
        print("dispatch side by side, same run: TouchSweep %.0f empty units/s, Dask %.0f no-op tasks/s: ratio %.0f×"
              % (args.touchsweep_rate, best, args.touchsweep_rate / best))


if __name__ == "__main__":
    main()
