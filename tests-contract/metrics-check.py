#!/usr/bin/env python3
"""Reads a Verity /metrics page with the Prometheus project's own text-format
parser (prometheus_client) and prints what it found as JSON: each family's
type and samples (name, labels, value). A page the parser refuses is an error
(exit 1). Label values containing any --forbid string (a user reference, a
key, a raw path) are an error too: no label may carry them.
  metrics-check.py URL [--forbid TEXT ...]"""
import argparse
import json
import sys
import urllib.request

from prometheus_client.parser import text_string_to_metric_families


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("url")
    parser.add_argument("--forbid", action="append", default=[])
    parser.add_argument("--bearer", help="the metrics token, for /metrics on the API's port")
    args = parser.parse_args()
    request = urllib.request.Request(args.url)
    if args.bearer:
        request.add_header("Authorization", f"Bearer {args.bearer}")
    # Generous: the parallel test suite loads two cores for minutes.
    with urllib.request.urlopen(request, timeout=180) as response:
        content_type = response.headers.get("Content-Type", "")
        text = response.read().decode("utf-8")
    families = {}
    try:
        for family in text_string_to_metric_families(text):
            families[family.name] = {
                "type": family.type,
                "help": family.documentation,
                "samples": [{"name": s.name, "labels": s.labels, "value": s.value} for s in family.samples],
            }
    except Exception as error:  # the parser's refusal, whatever its type
        print(f"unparseable metrics: {error}", file=sys.stderr)
        return 1
    leaks = [(name, sample["labels"]) for name, family in families.items() for sample in family["samples"]
             for value in sample["labels"].values() for text in args.forbid if text and text in value]
    if leaks:
        print(f"labels carry forbidden values: {leaks[:5]}", file=sys.stderr)
        return 1
    json.dump({"contentType": content_type, "families": families}, sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
