"""The slowest tests of a `swift test` log, by the time they ran.

    test-timings.py LOG [--top 10]

Swift Testing says how long each test took ("✔ Test name() passed after 12.3
seconds."). A test that first waited for one of the machine's slots
(`MachineSlots` in Tests/VerityTestSupport) said so ("slot: name() waited
4.5 s for a heavy slot"); that wait is taken off, so the list shows what a
test costs, not how long it queued. Prints one line a test, slowest first."""
import argparse
import re
from collections import defaultdict

RESULT = re.compile(r'^[✔✘] Test (?P<name>.+?)(?: with \d+ test cases?)? (?:passed|failed) after (?P<seconds>[\d.]+) seconds')
SLOT = re.compile(r'^slot: (?P<name>.+) waited (?P<seconds>[\d.]+) s for a (?P<kind>\w+) slot$')


def bare(name):
    """Swift Testing quotes a display name; the slot line does not."""
    return name[1:-1] if len(name) > 1 and name[0] == name[-1] == '"' else name


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("log")
    parser.add_argument("--top", type=int, default=10)
    args = parser.parse_args()
    waited = defaultdict(float)
    took = []
    with open(args.log, encoding="utf-8", errors="replace") as lines:
        for line in lines:
            line = line.rstrip("\n")
            if match := SLOT.match(line):
                waited[match["name"]] += float(match["seconds"])
            elif (match := RESULT.match(line)) and not match["name"].startswith("run with"):
                took.append((bare(match["name"]), float(match["seconds"])))
    ran = sorted(((seconds - waited.get(name, 0.0), seconds, name) for name, seconds in took), reverse=True)
    for running, total, name in ran[:args.top]:
        queued = f" (+{total - running:.1f} s waiting for a slot)" if total - running >= 0.1 else ""
        print(f"  {running:7.1f} s  {name}{queued}")


if __name__ == "__main__":
    main()
