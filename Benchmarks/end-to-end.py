#!/usr/bin/env python3
"""`make bench`: what a user waits for, end to end (issue 37).

For `sweep run` (seeds-sweep at 8 trees per configuration, and the quickstart), `sweep submit` (local workers) and
`sweep merge` (of two shards), it prints the command's wall time over the sweep's own time (the `sweep finished`
debug event: counting and running the scenarios; serving the workers until the last tree; reading and merging the
shards), and each report's time (`report written` events; the reports are made side by side, so their times overlap).
Then the time headless Chromium takes to load the seeds-sweep report.html, and how `sweep run --threads 2` scales
over `--threads 1` beside how two single-thread processes scale over one on this machine at the same moment.

Usage: end-to-end.py SWEEP_BINARY [WORK_DIRECTORY]. It prints figures and asserts nothing.
"""

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

SEEDS = ["configs/seeds-sweep.yaml", "--set", "trees.perConfiguration=8"]
QUICKSTART = ["configs/quickstart.yaml"]
GOAL = 1.15


def events(stderr):
    """The JSON log lines of a command's standard error."""
    for line in stderr.splitlines():
        line = line.strip()
        if line.startswith("{"):
            try:
                yield json.loads(line)
            except json.JSONDecodeError:
                pass


def timed(command, env=None):
    """Runs `command` with a debug JSON log; returns wall seconds, the sweep's ms and the reports' ms in order."""
    start = time.monotonic()
    done = subprocess.run(
        command + ["--log-level", "debug", "--log-format", "json", "--quiet"],
        capture_output=True, text=True, env=env)
    wall = time.monotonic() - start
    if done.returncode != 0:
        raise SystemExit(f"end to end: {' '.join(command)} exited {done.returncode}: {done.stderr.strip()[-400:]}")
    sweep_ms, reports = None, []
    for event in events(done.stderr):
        if event.get("message") == "sweep finished":
            sweep_ms = float(event["ms"])
        elif event.get("message") == "report written":
            reports.append((event.get("report", "?"), float(event["ms"])))
    if sweep_ms is None:
        raise SystemExit(f"end to end: {' '.join(command)} logged no 'sweep finished' event")
    return wall, sweep_ms, reports


def line(name, wall, sweep_ms, reports, sweep_label="sweep"):
    ratio = wall / (sweep_ms / 1000) if sweep_ms > 0 else float("inf")
    split = ", ".join(f"{report} {ms:.0f}" for report, ms in reports)
    print(f"end to end, {name}: wall {wall:.2f} s, {sweep_label} {sweep_ms / 1000:.2f} s, "
          f"wall ÷ {sweep_label} {ratio:.2f} (goal ≤ {GOAL}); reports written, ms (side by side): {split}")


def page_load_ms(html):
    """Headless Chromium's load time of `html`: a copy with a script that writes the navigation's loadEventEnd into
    the page, read back from the dumped DOM."""
    browser = next((b for b in ("chromium", "chromium-browser", "google-chrome") if shutil.which(b)), None)
    if browser is None:
        return None, "skipped: no chromium"
    probe = html + ".load-probe.html"
    with open(html, encoding="utf-8") as source:
        text = source.read()
    script = ("<script>addEventListener('load', () => setTimeout(() => { const n = performance.getEntriesByType("
              "'navigation')[0]; const p = document.createElement('pre'); p.id = 'load-probe'; p.textContent = "
              "'LOADED ' + n.loadEventEnd.toFixed(0); document.body.appendChild(p); }, 0));</script>")
    with open(probe, "w", encoding="utf-8") as out:
        out.write(text.replace("</head>", script + "</head>", 1))
    times = []
    for _ in range(3):
        done = subprocess.run(
            [browser, "--headless", "--no-sandbox", "--disable-gpu", "--virtual-time-budget=10000", "--dump-dom",
             "file://" + os.path.abspath(probe)], capture_output=True, text=True, timeout=120)
        found = re.search(r"LOADED (\d+)", done.stdout)
        if found:
            times.append(int(found.group(1)))
    os.remove(probe)
    if not times:
        return None, "skipped: chromium printed no load time"
    return min(times), f"best of {len(times)}"


def main():
    sweep = os.path.abspath(sys.argv[1])
    work = sys.argv[2] if len(sys.argv) > 2 else tempfile.mkdtemp(prefix="touchsweep-e2e-")
    os.makedirs(work, exist_ok=True)
    out = lambda name: os.path.join(work, name)

    wall, sweep_ms, reports = timed([sweep, "run", *SEEDS, "-o", out("seeds8"), "--force"])
    line("sweep run seeds-sweep at 8 trees", wall, sweep_ms, reports)
    size = os.path.getsize(os.path.join(out("seeds8"), "report.html"))
    wall, sweep_ms, reports = timed([sweep, "run", *QUICKSTART, "-o", out("quickstart"), "--force"])
    line("sweep run quickstart", wall, sweep_ms, reports)
    for config, name, label in ((SEEDS, "seeds-sweep at 8 trees", "seeds8"), (QUICKSTART, "quickstart", "quickstart")):
        wall, sweep_ms, reports = timed([sweep, "submit", *config, "--workers", "2", "-o", out(f"submit-{label}"), "--force"])
        line(f"sweep submit {name}, 2 local workers", wall, sweep_ms, reports)
    # Merge: the shards run first (each its own `sweep run --shard`); merge's own work is reading and merging them.
    shard_ms = []
    for i in range(2):
        _, ms, _ = timed([sweep, "run", *SEEDS, "--shard", f"{i}/2", "-o", out(f"shard{i}"), "--force"])
        shard_ms.append(ms)
    shutil.rmtree(out("merged"), ignore_errors=True)
    wall, merge_ms, reports = timed([sweep, "merge", out("shard0"), out("shard1"), "-o", out("merged")])
    line("sweep merge seeds-sweep at 8 trees, 2 shards", wall, merge_ms, reports, sweep_label="merging")
    print(f"end to end, sweep merge beside the shards it merges: wall {wall:.2f} s after shards that swept for "
          f"{shard_ms[0] / 1000:.2f} s and {shard_ms[1] / 1000:.2f} s; wall ÷ the longer shard's sweep "
          f"{wall / (max(shard_ms) / 1000):.2f}")

    load, how = page_load_ms(os.path.join(out("seeds8"), "report.html"))
    if load is None:
        print(f"report.html load time: {how}")
    else:
        print(f"report.html of seeds-sweep at 8 trees (4,800 configurations, {size / 1e6:.1f} MB): headless Chromium "
              f"load {load} ms ({how}; goal < 2000)")

    # Threads against processes, on the same sweep at the same moment.
    _, one, _ = timed([sweep, "run", *SEEDS, "--threads", "1", "-o", out("t1"), "--force"])
    _, two, _ = timed([sweep, "run", *SEEDS, "--threads", "2", "-o", out("t2"), "--force"])
    base = [sweep, "run", *SEEDS, "--threads", "1", "--log-level", "debug", "--log-format", "json", "--quiet", "--force"]
    running = [subprocess.Popen(base + ["-o", out(f"p{i}")], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
               for i in range(2)]
    pair = []
    for process in running:
        _, stderr = process.communicate()
        pair += [float(e["ms"]) for e in events(stderr) if e.get("message") == "sweep finished"]
    if len(pair) == 2:
        processes = 2 * one / max(pair)
        print(f"threads: sweep run --threads 2 ÷ --threads 1 on seeds-sweep at 8 trees: {one / two:.2f} "
              f"({one / 1000:.2f} s → {two / 1000:.2f} s); two 1-thread processes at once ÷ one: {processes:.2f} "
              f"(each {pair[0] / 1000:.2f} s, {pair[1] / 1000:.2f} s): threads ÷ processes {(one / two) / processes:.2f}")
    if len(sys.argv) <= 2:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
