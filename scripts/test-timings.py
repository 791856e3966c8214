"""The slowest tests of a `swift test` log, by the time they ran.

    test-timings.py [NAME=]LOG [[NAME=]LOG …] [--top 10]

Swift Testing says how long each test took ("✔ Test name() passed after 12.3
seconds."). A test that first waited for one of the machine's slots
(`MachineSlots` in Tests/VerityStoreTestSupport) said so ("slot: name() waited
4.5 s for a heavy slot"); that wait is taken off, so the list shows what a
test costs, not how long it queued. Each log is read on its own (a test
runs once per database, and waits in each run of its own); NAME says which
run a line is from. Prints one line a test, slowest first."""
import argparse
import re
from collections import defaultdict

RESULT = re.compile(r'^[✔✘] Test (?P<name>.+?)(?: with \d+ test cases?)? (?:passed|failed) after (?P<seconds>[\d.]+) seconds')
SLOT = re.compile(r'^slot: (?P<name>.+) waited (?P<seconds>[\d.]+) s for a (?P<kind>\w+) slot$')


def bare(name):
    """Swift Testing quotes a display name; the slot line does not."""
    return name[1:-1] if len(name) > 1 and name[0] == name[-1] == '"' else name


def read(path):
    """(name, seconds run, seconds queued) for each test the log times."""
    waited = defaultdict(float)
    took = []
    with open(path, encoding="utf-8", errors="replace") as lines:
        for line in lines:
            line = line.rstrip("\n")
            if match := SLOT.match(line):
                waited[match["name"]] += float(match["seconds"])
            elif (match := RESULT.match(line)) and not match["name"].startswith("run with"):
                took.append((bare(match["name"]), float(match["seconds"])))
    timed = []
    for name, seconds in took:
        queued = min(waited.get(name, 0.0), seconds)
        timed.append((name, seconds - queued, queued))
    return timed


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("logs", nargs="+", help="[NAME=]LOG")
    parser.add_argument("--top", type=int, default=10)
    args = parser.parse_args()
    ran = []
    for argument in args.logs:
        label, _, path = argument.rpartition("=")
        ran += [(running, queued, name, label) for name, running, queued in read(path)]
    for running, queued, name, label in sorted(ran, reverse=True)[:args.top]:
        where = f" [{label}]" if label else ""
        waiting = f" (+{queued:.1f} s waiting for a slot)" if queued >= 0.1 else ""
        print(f"  {running:7.1f} s  {name}{where}{waiting}")


if __name__ == "__main__":
    main()
