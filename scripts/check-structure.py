#!/usr/bin/env python3
"""Checks the structure the compiler alone does not: the module graph, and
that the server reaches the database through VerityStore's repositories only.

The module graph is checked against scripts/module-graph.txt (the server is
eleven targets sharing Sources/VerityServer), and the folders inside them
against scripts/server-folders.txt (folder_graph.py).

`swift package describe` gives each target's dependencies; every edge between
two targets of this package (test targets aside) must be in the allow-list,
and every listed edge must exist. The SDK (`Verity`) must reach nothing of the
server: its whole dependency closure is the wire (VerityAPI, VerityWire).

The build's own `--explicit-target-dependency-import-check error` (scripts/test.sh)
makes sure no target imports a module it does not declare, so the declared
graph is the real one.

Every header the wire defines is spelled once, in VerityAPI's `WireHeader`,
and every path parameter in its `RouteParameter`: the server and the SDK use
those names, never a second copy of the string.

Every status and kind column of VerityStore's models is typed with its enum
(three text columns are allowed, each with its reason).

Every webhook event's data is one of VerityAPI's payload structs: no server
file spells an event's keys.

The console's case pages and decisions know the features only through
their `ReviewCaseHandler`s: they name no type a feature folder declares.

No file of VerityServer queries a table itself (a Fluent query, a model's
`find`, raw SQL): each question to the database has its one place in a
repository of VerityStore, where the next engineer looks for it.
"""
import re
import json
import subprocess
import sys
from pathlib import Path

import folder_graph

ROOT = Path(__file__).resolve().parent.parent
SDK_MAY_REACH = {"VerityAPI", "VerityWire"}


def allowed_edges():
    edges = set()
    for line in (ROOT / "scripts/module-graph.txt").read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        source, _, targets = line.partition("->")
        for target in targets.split():
            edges.add((source.strip(), target))
    return edges


def package_targets():
    described = subprocess.run(["swift", "package", "describe", "--type", "json"], cwd=ROOT,
                               capture_output=True, text=True, check=True).stdout
    return {t["name"]: t for t in json.loads(described)["targets"]}


def closure(targets, name):
    seen, todo = set(), [name]
    while todo:
        for dependency in targets[todo.pop()].get("target_dependencies", []):
            if dependency not in seen:
                seen.add(dependency)
                todo.append(dependency)
    return seen


STRAY_QUERY = re.compile(r"\.(?:query|create|update|save|delete)\(on:|\.find\([^)]*\bon:|SQLDatabase|\.raw\(|^import SQLKit", re.M)


def stray_queries():
    problems = []
    for path in sorted((ROOT / "Sources/VerityServer").rglob("*.swift")):
        text = path.read_text()
        for match in STRAY_QUERY.finditer(text):
            line = text.count("\n", 0, match.start()) + 1
            problems.append(f"{path.relative_to(ROOT)}:{line}: queries the database itself ({match.group(0)}): "
                            "ask a repository of VerityStore")
    return problems


def header_spellings():
    declaration = ROOT / "Sources/VerityAPI/WireHeader.swift"
    names = re.findall(r'static let \w+ = "([^"]+)"', declaration.read_text())
    problems = []
    for path in sorted((ROOT / "Sources").rglob("*.swift")):
        if path == declaration:
            continue
        for number, line in enumerate(path.read_text().splitlines(), 1):
            if line.lstrip().startswith("//"):
                continue
            for name in names:
                if f'"{name}"' in line:
                    problems.append(f"{path.relative_to(ROOT)}:{number}: spells the header {name}: use WireHeader")
    return names, problems


PARAMETER_SPELLING = re.compile(r'"/?:\w+"|parameters\.get\("')


def parameter_spellings():
    declaration = ROOT / "Sources/VerityAPI/RouteParameter.swift"
    problems = []
    for path in sorted((ROOT / "Sources").rglob("*.swift")):
        if path == declaration:
            continue
        for number, line in enumerate(path.read_text().splitlines(), 1):
            if not line.lstrip().startswith("//") and PARAMETER_SPELLING.search(line):
                problems.append(f"{path.relative_to(ROOT)}:{number}: spells a path parameter: use RouteParameter")
    return problems


# The console decides cases through each feature's ReviewCaseHandler and knows
# nothing else of the features: its case files and the review kit name no type
# a feature folder declares.
FEATURE_FOLDERS = ["Mobile", "DocumentOCR", "Certification", "Identity"]
CONSOLE_CASE_FILES = ["Console/Cases", "Review", "Console/Pages/ConsolePage+Case.swift", "Console/Pages/ConsolePage+Queue.swift",
                      "Console/Pages/ConsoleCaseController.swift"]
DECLARATION = re.compile(r"^(?:(?:public|package|final|private|fileprivate|internal)\s+)*(?:struct|class|enum|protocol|actor|typealias)\s+(\w+)", re.M)


def console_reaches_into_features():
    server = ROOT / "Sources/VerityServer"
    owned = {}
    for folder in FEATURE_FOLDERS:
        for path in (server / folder).rglob("*.swift"):
            for name in DECLARATION.findall(path.read_text()):
                owned[name] = folder
    problems = []
    for entry in CONSOLE_CASE_FILES:
        paths = [server / entry] if entry.endswith(".swift") else sorted((server / entry).rglob("*.swift"))
        for path in paths:
            for number, line in enumerate(path.read_text().splitlines(), 1):
                code = line.split("//", 1)[0]
                for name in set(re.findall(r"\b[A-Z]\w+\b", code)) & owned.keys():
                    problems.append(f"{path.relative_to(ROOT)}:{number}: names {name} of {owned[name]}/: "
                                    "ask the case's ReviewCaseHandler instead")
    return problems


# An event's data is one of VerityAPI's payload structs (`WebhookPayload`),
# whose members are the wire's keys: no server file builds data by hand.
WEBHOOK_DATA_WRITERS = {"Sources/VerityServer/Webhooks/WebhookJSON.swift", "Sources/VerityServer/Webhooks/WebhookPayloadEncoder.swift"}


def hand_built_webhook_data():
    problems = []
    for path in sorted((ROOT / "Sources/VerityServer").rglob("*.swift")):
        if str(path.relative_to(ROOT)) in WEBHOOK_DATA_WRITERS:
            continue
        for number, line in enumerate(path.read_text().splitlines(), 1):
            if "WebhookValue" in line.split("//", 1)[0]:
                problems.append(f"{path.relative_to(ROOT)}:{number}: builds webhook data by hand: draft a VerityAPI payload struct")
    return problems


# A status or kind column is typed: its values are an enum's, declared once.
# The few left as text say why here.
STATUS_COLUMN = re.compile(r'@(?:Optional)?Field\(key: "(\w*(?:status|kind|outcome|type|role|channel|flow|state|decision|step|product))"\)'
                           r'\s+public var (\w+): String\??')
TEXT_COLUMNS_ALLOWED = {
    ("JobModel", "kind"): "an open registry: each JobHandler names its kind",
    ("SanctionsEntryModel", "kind"): "the imported list's own word (individual, entity, vessel, …)",
    ("ConsentTextModel", "content_type"): "a MIME type",
}


def untyped_status_columns():
    problems = []
    for path in sorted((ROOT / "Sources/VerityStore/Models").glob("*.swift")):
        for key, _ in STATUS_COLUMN.findall(path.read_text()):
            if (path.stem, key) not in TEXT_COLUMNS_ALLOWED:
                problems.append(f"{path.relative_to(ROOT)}: the column {key} is text: type it with its enum")
    return problems


# A typed column's value in a statement is spelled by its enum
# (`\(literal: JobStatus.queued)`), never as a quoted word. Migrations keep
# theirs: a migration is history, and must not change when an enum does.
QUOTED_COLUMN_VALUE = re.compile(r"\b(status|outcome|kind|state|decision|role|action|flow|product)\s*(=|<>|!=|IN)\s*\(?\s*'")


def quoted_column_values():
    problems = []
    for path in sorted((ROOT / "Sources").rglob("*.swift")):
        relative = path.relative_to(ROOT)
        if "Migrations" in relative.parts:
            continue
        for number, line in enumerate(path.read_text().splitlines(), 1):
            if QUOTED_COLUMN_VALUE.search(line.split("//", 1)[0]):
                problems.append(f"{relative}:{number}: a column's value quoted by hand: interpolate its enum, \\(literal: …)")
    return problems


# Pages are `HTML`, which escapes what goes in: no page escapes by hand, a
# response is HTML only through `PageResponse.html(_: HTML, …)`, and markup
# from elsewhere comes in through `HTML.trusted` only where this list says why.
HTML_HOME = "Sources/VerityServer/HTML/HTML.swift"
TRUSTED_MARKUP = {
    "Sources/VerityServer/Identity/Capture/Page/CapturePageController.swift": "the link's QR code, drawn by VerityVision's writer",
}
NOT_HTML_ESCAPES = {
    "Sources/VerityServer/Messaging/HTTPSMSGateway.swift": "escapes for an SMS gateway's JSON or form body, not for a page",
}


def markup_built_as_text():
    problems = []
    for path in sorted((ROOT / "Sources/VerityServer").rglob("*.swift")):
        relative = str(path.relative_to(ROOT))
        if relative == HTML_HOME:
            continue
        for number, line in enumerate(path.read_text().splitlines(), 1):
            code = line.split("//", 1)[0]
            if re.search(r"\bescape\(", code) and relative not in NOT_HTML_ESCAPES:
                problems.append(f"{relative}:{number}: escapes by hand: build the markup as HTML, which escapes text")
            if ".trusted(" in code and relative not in TRUSTED_MARKUP:
                problems.append(f"{relative}:{number}: trusts markup: say why in TRUSTED_MARKUP, or build it as HTML")
            if "contentType = .html" in code and not relative.endswith("Pages/PageResponse.swift"):
                problems.append(f"{relative}:{number}: answers HTML itself: use PageResponse.html, which takes HTML")
    return problems


def report(label, problems, summary):
    """Prints each problem under `label`, then the summary line; True when there were any."""
    for problem in problems:
        print(f"{label}: {problem}")
    print(f"{label}: {summary}")
    return bool(problems)


def main():
    targets = package_targets()
    actual = {(name, dependency) for name, target in targets.items() if target["type"] != "test"
              for dependency in target.get("target_dependencies", [])}
    allowed = allowed_edges()
    graph = [f"{a} -> {b}: not in scripts/module-graph.txt" for a, b in sorted(actual - allowed)]
    graph += [f"{a} -> {b}: listed in scripts/module-graph.txt but gone" for a, b in sorted(allowed - actual)]
    reached = closure(targets, "Verity")
    if reached - SDK_MAY_REACH:
        graph.append(f"the SDK reaches {', '.join(sorted(reached - SDK_MAY_REACH))}: it may reach only the wire")
    folders, folder_edges, folder_problems = folder_graph.problems(ROOT)
    queries = stray_queries()
    names, headers = header_spellings()
    parameters = parameter_spellings()
    console = console_reaches_into_features()
    webhooks = hand_built_webhook_data()
    columns = untyped_status_columns()
    markup = markup_built_as_text()
    quoted = quoted_column_values()
    failed = [
        report("module graph", graph, f"{len(actual)} edges, {'none' if not graph else len(graph)} out of place"),
        report("server folders", folder_problems,
               f"{folders} folders, {folder_edges} uses, {'all allowed, no cycle' if not folder_problems else f'{len(folder_problems)} problem(s)'}"),
        report("layers", queries, f"{'no' if not queries else len(queries)} server file(s) querying the database themselves"),
        report("headers", headers,
               f"{len(names)} wire headers, {'each spelled once' if not headers else f'{len(headers)} spelled again'}"),
        report("parameters", parameters, 'each spelled once' if not parameters else f'{len(parameters)} spelled again'),
        report("reviews", console,
               f"the console's case files name {'no type' if not console else f'{len(console)} type(s)'} of the features'"),
        report("webhooks", webhooks, 'every event drafted from its payload struct' if not webhooks else f'{len(webhooks)} built by hand'),
        report("columns", columns, f"{'every status and kind column typed' if not columns else f'{len(columns)} left as text'}"
                                   f" ({len(TEXT_COLUMNS_ALLOWED)} text by design)"),
        report("statements", quoted, "every column value in a statement spelled by its enum" if not quoted
               else f"{len(quoted)} quoted by hand"),
        report("pages", markup, f"{'every page built as HTML' if not markup else f'{len(markup)} place(s) building markup as text'}"
                                f" ({len(TRUSTED_MARKUP)} trusted by design)"),
    ]
    return 1 if any(failed) else 0

if __name__ == "__main__":
    sys.exit(main())
