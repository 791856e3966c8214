#!/usr/bin/env python3
"""Checks the structure the compiler alone does not: the few rules of the
module graph, and that the server reaches the database through VerityStore's
repositories only.

Each target is its folder (`Sources/<Target>/`, no `sources:` or `exclude:`
lists), so a file's module is where it lies, and `swift package describe`
gives each target's dependencies. The build's own
`--explicit-target-dependency-import-check error` (scripts/test.sh) makes sure
no target imports a module it does not declare, so the declared graph is the
real one. Rather than an allow-list of edges (which failed when one was
removed), the graph is held to invariants (GRAPH_RULES), and each invariant is
tried on a planted violation every run, so none can silently stop catching:

- the SDK (`Verity`) reaches the wire alone (VerityAPI, VerityWire);
- the engine worker links no web framework, no database and no server target;
- the domain, the wire, the engines, the PKI and the store reach no server target;
- no product surface (identity, mobile, documents, certification) reaches another;
- the kernel, the engine pool, the pages and the shared services (webhooks,
  sanctions, operators) reach no product or operators' surface;
- only the CLI and the tests reach the app (VerityServer) that wires them.

Every header the wire defines is spelled once, in VerityAPI's `WireHeader`,
and every path parameter in its `RouteParameter`: the server and the SDK use
those names, never a second copy of the string.

Every status and kind column of VerityStore's models is typed with its enum
(three text columns are allowed, each with its reason).

Every webhook event's data is one of VerityAPI's payload structs: no server
file spells an event's keys.

The console's case pages and decisions know the features only through
their `ReviewCaseHandler`s: they name no type a feature target declares.

No file of the server's targets queries a table itself (a Fluent query, a
model's `find`, raw SQL): each question to the database has its one place in
a repository of VerityStore, where the next engineer looks for it.
"""
import copy
import re
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WIRE = {"VerityAPI", "VerityWire"}
BELOW_THE_SERVER = {"VerityWire", "VerityCore", "VerityAPI", "VerityVision", "VerityPKI", "VerityStore", "VerityEngines"}
PRODUCT_SURFACES = {"VerityIdentity", "VerityMobile", "VerityDocumentOCR", "VerityCertification"}
OPERATORS_SURFACES = {"VerityConsole", "VerityAdmin"}
SHARED_SERVER = {"VerityKernel", "VerityEnginePool", "VerityPages", "VerityWebhooks", "VeritySanctions", "VerityOperators", "VerityChipChecks"}
APP = "VerityServer"
MAY_REACH_APP = {"VerityCLI", "VerityTestSupport"}
FRAMEWORKS = {"Vapor", "Fluent", "FluentSQLiteDriver", "FluentPostgresDriver", "AsyncHTTPClient"}


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


def server_targets(targets):
    """The server's targets: the kernel and every target standing on it, tests and tools aside."""
    return {name for name, target in targets.items()
            if target["type"] != "test" and (name == "VerityKernel" or "VerityKernel" in closure(targets, name))
            and target["path"].startswith("Sources/") and name != "VerityCLI"}


def server_files(targets):
    for name in sorted(server_targets(targets)):
        yield from sorted((ROOT / targets[name]["path"]).rglob("*.swift"))


def rule_sdk_reaches_the_wire(targets):
    reached = closure(targets, "Verity") - WIRE
    return [f"the SDK reaches {', '.join(sorted(reached))}: it may reach only the wire"] if reached else []


def rule_worker_links_no_server(targets):
    reached = closure(targets, "VerityEngineWorker") | {"VerityEngineWorker"}
    products = {p for name in reached for p in targets[name].get("product_dependencies", [])}
    found = sorted((reached & (server_targets(targets) | {"VerityStore"})) | (products & FRAMEWORKS))
    return [f"the engine worker links {', '.join(found)}: it runs the engines and nothing of the server's"] if found else []


def rule_lower_layers_reach_no_server(targets):
    server = server_targets(targets)
    problems = []
    for name in sorted(BELOW_THE_SERVER & targets.keys()):
        reached = closure(targets, name) & server
        if reached:
            problems.append(f"{name} reaches the server ({', '.join(sorted(reached))}): the server stands on it, not the reverse")
    return problems


def rule_products_apart(targets):
    problems = []
    for name in sorted(PRODUCT_SURFACES):
        reached = closure(targets, name) & PRODUCT_SURFACES
        if reached:
            problems.append(f"{name} reaches the product surface {', '.join(sorted(reached))}: share through the kernel or a shared service")
    return problems


def rule_shared_reach_no_surface(targets):
    problems = []
    for name in sorted(SHARED_SERVER):
        reached = closure(targets, name) & (PRODUCT_SURFACES | OPERATORS_SURFACES | {APP})
        if reached:
            problems.append(f"{name} reaches the surface {', '.join(sorted(reached))}: the surfaces stand on it, not the reverse")
    return problems


def rule_only_entry_points_reach_the_app(targets):
    return [f"{name} reaches the app ({APP}): hand it what it needs instead" for name, target in sorted(targets.items())
            if target["type"] != "test" and name not in MAY_REACH_APP | {APP} and APP in closure(targets, name)]


# Each rule, with a violation planted in a copy of the graph to prove it still catches one.
GRAPH_RULES = [
    (rule_sdk_reaches_the_wire, ("Verity", "VerityCore")),
    (rule_worker_links_no_server, ("VerityEngineWorker", "VerityStore")),
    (rule_lower_layers_reach_no_server, ("VerityStore", "VerityKernel")),
    (rule_products_apart, ("VerityMobile", "VerityIdentity")),
    (rule_shared_reach_no_surface, ("VerityWebhooks", "VerityConsole")),
    (rule_only_entry_points_reach_the_app, ("VerityAdmin", APP)),
]


def graph_problems(targets):
    """The rules' findings on the package, and any rule that missed its planted violation."""
    problems = [problem for rule, _ in GRAPH_RULES for problem in rule(targets)]
    for rule, (source, planted) in GRAPH_RULES:
        tampered = copy.deepcopy(targets)
        tampered[source].setdefault("target_dependencies", []).append(planted)
        if not rule(tampered):
            problems.append(f"{rule.__name__} did not catch a planted {source} -> {planted}")
    return problems


# A target is its folder: the manifest carves none out of another's.
def carved_targets():
    manifest = (ROOT / "Package.swift").read_text()
    return [f"Package.swift:{manifest.count(chr(10), 0, m.start()) + 1}: {m.group(1)} list: a target is its folder"
            for m in re.finditer(r"\b(sources|exclude):", manifest)]


STRAY_QUERY = re.compile(r"\.(?:query|create|update|save|delete)\(on:|\.find\([^)]*\bon:|SQLDatabase|\.raw\(|^import SQLKit", re.M)


def stray_queries(targets):
    problems = []
    for path in server_files(targets):
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
# a product surface declares.
CONSOLE_CASE_FILES = ["VerityConsole/Cases", "VerityPages/Review", "VerityConsole/Pages/ConsolePage+Case.swift",
                      "VerityConsole/Pages/ConsolePage+Queue.swift", "VerityConsole/Pages/ConsoleCaseController.swift"]
DECLARATION = re.compile(r"^(?:(?:public|package|final|private|fileprivate|internal)\s+)*(?:struct|class|enum|protocol|actor|typealias)\s+(\w+)", re.M)


def console_reaches_into_features():
    server = ROOT / "Sources"
    owned = {}
    for folder in sorted(PRODUCT_SURFACES):
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
WEBHOOK_DATA_WRITERS = {"Sources/VerityWebhooks/WebhookJSON.swift", "Sources/VerityWebhooks/WebhookPayloadEncoder.swift"}


def hand_built_webhook_data(targets):
    problems = []
    for path in server_files(targets):
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
HTML_HOME = "Sources/VerityPages/HTML/HTML.swift"
TRUSTED_MARKUP = {
    "Sources/VerityIdentity/Capture/Page/CapturePageController.swift": "the link's QR code, drawn by VerityVision's writer",
}
NOT_HTML_ESCAPES = {
    "Sources/VerityCertification/Messaging/HTTPSMSGateway.swift": "escapes for an SMS gateway's JSON or form body, not for a page",
}


def markup_built_as_text(targets):
    problems = []
    for path in server_files(targets):
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


# The contract the server serves (`/openapi.yaml`, the reference pages) is
# VerityPages' resource; docs/openapi.yaml is the one edited. They are one text.
SERVED_CONTRACT = "Sources/VerityPages/Assets/openapi.yaml"


def served_contract():
    if (ROOT / SERVED_CONTRACT).read_bytes() != (ROOT / "docs/openapi.yaml").read_bytes():
        return [f"{SERVED_CONTRACT} differs from docs/openapi.yaml: copy docs/openapi.yaml over it"]
    return []


# `package` on a member of an internal or private type means nothing (the
# type is not visible beyond its target), and it misleads the next engineer.
TYPE_DECLARATION = re.compile(r"^(?:@\w+(?:\([^)]*\))?\s+)*(?P<mods>(?:(?:public|package|internal|fileprivate|private|final|indirect|nonisolated)\s+)*)"
                              r"(?P<kind>struct|class|enum|protocol|actor|extension|func|let|var|typealias)\s+(?P<name>\w+)")
PACKAGE_MEMBER = re.compile(r"^\s+(?:(?:@\w+(?:\([^)]*\))?|static|final|override|nonisolated|mutating|class|lazy|convenience|required)\s+)*package\s")


def package_declarations(targets):
    """How many declarations are `package`, and each one on a member of an internal or private type."""
    count, problems = 0, []
    for name, target in sorted(targets.items()):
        if target["type"] == "test" or not target["path"].startswith("Sources/"):
            continue
        paths = sorted((ROOT / target["path"]).rglob("*.swift"))
        hidden = set()
        for path in paths:
            for line in path.read_text().splitlines():
                found = TYPE_DECLARATION.match(line)
                if found and found.group("kind") not in ("extension", "func", "let", "var", "typealias") \
                        and not re.search(r"\b(public|package)\b", found.group("mods")):
                    hidden.add(found.group("name"))
        for path in paths:
            enclosing = None
            for number, line in enumerate(path.read_text().splitlines(), 1):
                found = TYPE_DECLARATION.match(line)
                if found:
                    count += "package" in found.group("mods").split()
                    kind, type_name = found.group("kind"), found.group("name")
                    enclosing = type_name if kind not in ("func", "let", "var", "typealias") and type_name in hidden and \
                        (kind == "extension" or not re.search(r"\b(public|package)\b", found.group("mods"))) else None
                    continue
                if PACKAGE_MEMBER.match(line):
                    count += 1
                    if enclosing:
                        problems.append(f"{path.relative_to(ROOT)}:{number}: package on a member of the internal {enclosing}: drop it")
    return count, problems


def report(label, problems, summary):
    """Prints each problem under `label`, then the summary line; True when there were any."""
    for problem in problems:
        print(f"{label}: {problem}")
    print(f"{label}: {summary}")
    return bool(problems)


def main():
    targets = package_targets()
    edges = sum(len(t.get("target_dependencies", [])) for t in targets.values() if t["type"] != "test")
    graph = graph_problems(targets) + carved_targets()
    queries = stray_queries(targets)
    names, headers = header_spellings()
    parameters = parameter_spellings()
    console = console_reaches_into_features()
    webhooks = hand_built_webhook_data(targets)
    columns = untyped_status_columns()
    markup = markup_built_as_text(targets)
    quoted = quoted_column_values()
    contract = served_contract()
    declared, needless = package_declarations(targets)
    failed = [
        report("module graph", graph,
               f"{len(targets)} targets, each its folder; {edges} edges, {len(GRAPH_RULES)} rules "
               f"{'kept, each catching its planted violation' if not graph else f'with {len(graph)} problem(s)'}"),
        report("layers", queries, f"{'no' if not queries else len(queries)} server file(s) querying the database themselves"),
        report("headers", headers,
               f"{len(names)} wire headers, {'each spelled once' if not headers else f'{len(headers)} spelled again'}"),
        report("parameters", parameters, 'each spelled once' if not parameters else f'{len(parameters)} spelled again'),
        report("reviews", console,
               f"the console's case files name {'no type' if not console else f'{len(console)} type(s)'} of the product surfaces'"),
        report("webhooks", webhooks, 'every event drafted from its payload struct' if not webhooks else f'{len(webhooks)} built by hand'),
        report("columns", columns, f"{'every status and kind column typed' if not columns else f'{len(columns)} left as text'}"
                                   f" ({len(TEXT_COLUMNS_ALLOWED)} text by design)"),
        report("statements", quoted, "every column value in a statement spelled by its enum" if not quoted
               else f"{len(quoted)} quoted by hand"),
        report("access", needless, f"{declared} package declarations, "
                                   f"{'none on a member of an internal type' if not needless else f'{len(needless)} on members of internal types'}"),
        report("contract", contract, "the server serves docs/openapi.yaml as written" if not contract else "the served copy differs"),
        report("pages", markup, f"{'every page built as HTML' if not markup else f'{len(markup)} place(s) building markup as text'}"
                                f" ({len(TRUSTED_MARKUP)} trusted by design)"),
    ]
    return 1 if any(failed) else 0


if __name__ == "__main__":
    sys.exit(main())
