"""The folder graph of VerityServer, checked against scripts/server-folders.txt.

A folder uses another when one of its files names a type, a top-level
function or constant, or an extension member the other declares (a member
name declared once in all of Sources/, so `request.identityContext()` counts
and a common name such as `description` does not). Nested types are reached
through their outer type, so top-level names are enough.
"""
import re
from collections import defaultdict
from pathlib import Path

APP = "App"
TOP = re.compile(r"^(?:(?:public|package|internal|final|indirect|nonisolated|@\w+(?:\([^)]*\))?)\s+)*"
                 r"(?:struct|class|enum|protocol|actor|typealias|func|let|var)\s+(\w+)", re.M)
MEMBER = re.compile(r"^    (?:(?:public|package|internal|static|final|nonisolated|mutating|@\w+(?:\([^)]*\))?)\s+)*"
                    r"(?:func|var|let)\s+(\w+)")
ANY_MEMBER = re.compile(r"^\s+(?:[\w@()]+\s+)*(?:func|var|let|case)\s+(\w+)", re.M)
# Names an extension of ours declares once but the standard library or Vapor
# also declares, so a use may be theirs: Vapor's `encodeResponse(for:)`
# (which MobileEnvelope implements) and Swift's `Clock.Instant.duration(to:)`.
FRAMEWORK_NAMES = {"encodeResponse", "duration"}


def folder_of(server, path):
    parts = path.relative_to(server).parts
    return parts[0] if len(parts) > 1 else APP


def code_of(text):
    text = re.sub(r'"""[\s\S]*?"""', '""', text)
    text = re.sub(r"//[^\n]*", "", text)
    text = re.sub(r"/\*[\s\S]*?\*/", "", text)
    return re.sub(r'"(?:\\.|[^"\\\n])*"', '""', text)


def extension_members(text):
    """Members declared inside top-level `extension` blocks, private ones aside."""
    inside, names = False, []
    for line in text.splitlines():
        if line.startswith("extension "):
            inside = True
        elif line.startswith("}"):
            inside = False
        elif inside and "private " not in line:
            found = MEMBER.match(line)
            if found:
                names.append(found.group(1))
    return names


def uses(root):
    """{folder: {used folder: [(file, name), …]}} for Sources/VerityServer under `root`."""
    server = root / "Sources/VerityServer"
    files = {path: folder_of(server, path) for path in sorted(server.rglob("*.swift"))}
    owners = defaultdict(set)
    for path, folder in files.items():
        for name in TOP.findall(path.read_text()):
            owners[name].add(folder)
    declared_anywhere = defaultdict(int)
    for path in (root / "Sources").rglob("*.swift"):
        for name in ANY_MEMBER.findall(path.read_text()):
            declared_anywhere[name] += 1
    members = {}
    for path, folder in files.items():
        for name in extension_members(path.read_text()):
            if declared_anywhere[name] == 1 and name not in owners and name not in FRAMEWORK_NAMES:
                members[name] = folder
    found = defaultdict(lambda: defaultdict(list))
    for path, folder in files.items():
        code = code_of(path.read_text())
        for name in set(re.findall(r"\b[A-Za-z_]\w*\b", code)):
            homes = owners.get(name, set())
            if len(homes) == 1 and folder not in homes:
                found[folder][next(iter(homes))].append((path.relative_to(root), name))
        for name in set(re.findall(r"\.(\w+)\b", code)):
            home = members.get(name)
            if home and home != folder:
                found[folder][home].append((path.relative_to(root), name))
    return set(files.values()), found


def allowed(root):
    edges, folders = set(), set()
    for line in (root / "scripts/server-folders.txt").read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        source, _, targets = line.partition("->")
        folders.add(source.strip())
        edges |= {(source.strip(), target) for target in targets.split()}
    return folders, edges


def cycle(edges):
    """One cycle in `edges` as a list of folders, or None."""
    graph = defaultdict(list)
    for a, b in edges:
        graph[a].append(b)
    state = {}

    def visit(node, path):
        state[node] = "open"
        for next_node in graph[node]:
            if state.get(next_node) == "open":
                return path[path.index(next_node):] + [next_node]
            if next_node not in state:
                found = visit(next_node, path + [next_node])
                if found:
                    return found
        state[node] = "done"
        return None

    for node in list(graph):
        if node not in state:
            found = visit(node, [node])
            if found:
                return found
    return None


def problems(root):
    folders, used = uses(root)
    listed, edges = allowed(root)
    found = []
    for folder in sorted(folders - listed - {APP}):
        found.append(f"Sources/VerityServer/{folder}/ is not in scripts/server-folders.txt: place it in a layer")
    actual = {(a, b) for a, targets in used.items() for b in targets if a != APP}
    for a, b in sorted(actual - edges):
        where = ", ".join(f"{file} ({name})" for file, name in sorted(used[a][b])[:3])
        if b == APP:
            found.append(f"{a} uses the app's wiring: {where}: hand the folder what it needs instead")
        else:
            found.append(f"{a} -> {b} is not allowed by scripts/server-folders.txt: {where}")
    for a, b in sorted(edges - actual):
        found.append(f"{a} -> {b}: listed in scripts/server-folders.txt but no longer used: remove it")
    loop = cycle(edges)
    if loop:
        found.append(f"scripts/server-folders.txt has a cycle: {' -> '.join(loop)}")
    return len(folders), len(actual), found
