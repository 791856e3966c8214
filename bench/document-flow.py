"""Summarises bench/document-flow.sh: throughput and latency per level beside
the engine's own rate (same run), the per-stage split from the server's log,
and PII latency alone and beside 4 document checks."""
import json
import re
import statistics
import sys

out = sys.argv[1]


def fields(path):
    text = open(f"{out}/{path}").read()
    return {key: float(value) for key, value in re.findall(r"(\w+)=([0-9.]+)", text)}


engine = fields("flow-engine.txt")
print(f"engine alone (baseline): {engine['throughput']:.2f} documents/s on {int(engine['threads'])} threads, "
      f"p50 {engine['p50']:.0f} ms per document")
print()
print("database   in flight   documents/s   ratio to engine   p50 ms   p95 ms   p95 aim (4 in flight) <= 2000 ms")
for database in ("sqlite", "postgres"):
    for level in (1, 4, 16):
        f = fields(f"flow-{database}-{level}.txt")
        print(f"{database:10} {level:9d}   {f['throughput']:11.2f}   {f['throughput'] / engine['throughput']:15.2f}"
              f"   {f['p50']:6.0f}   {f['p95']:6.0f}")
print()
print("engines in worker processes against the same engines in the server's process (SQLite, same run; aim >= 0.90):")
print("in flight   workers documents/s   in-process documents/s   ratio   workers p95 ms   in-process p95 ms   p95 cost of the hop")
for level in (1, 4, 16):
    workers, inside = fields(f"flow-sqlite-{level}.txt"), fields(f"flow-sqlite-in-process-{level}.txt")
    print(f"{level:9d}   {workers['throughput']:19.2f}   {inside['throughput']:22.2f}   {workers['throughput'] / inside['throughput']:5.2f}"
          f"   {workers['p95']:14.0f}   {inside['p95']:17.0f}   {workers['p95'] - inside['p95']:+8.0f} ms")
print()
print("where a check's time goes (median ms, from the server's log):")
for database in ("sqlite", "sqlite-in-process", "postgres"):
    for level in (1, 4, 16):
        stages = {}
        for line in open(f"{out}/flow-{database}-{level}.log"):
            record = json.loads(line)
            metadata = record.get("metadata", record)
            for stage, value in re.findall(r"(\w+)=([0-9]+)", metadata.get("stages_ms", "")):
                stages.setdefault(stage, []).append(int(value))
        split = "  ".join(f"{stage} {statistics.median(values):.0f}" for stage, values in stages.items())
        print(f"  {database:17} {level:2d} in flight: {split}")
print()
alone, loaded = fields("flow-pii-alone.txt"), fields("flow-pii-loaded.txt")
print(f"verifyIdentity alone:                  p50 {alone['p50']:.2f} ms  p99 {alone['p99']:.2f} ms")
print(f"verifyIdentity while 4 documents read: p50 {loaded['p50']:.2f} ms  p99 {loaded['p99']:.2f} ms  "
      f"(p50 ratio {loaded['p50'] / alone['p50']:.2f})")
