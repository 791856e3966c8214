#!/usr/bin/env python3
"""Holds an SDK's calls to the server's contract, `docs/openapi.yaml`.

Each SDK (TypeScript, Kotlin) prints every call it makes: the verb, the path,
the credential, the status of a success, and the shapes of the body it sends
and of the answer it reads, as its own code reads and writes them. This
checks each against the operation the OpenAPI document describes:

- the operation exists, with that credential and that success status;
- every field the SDK sends exists in the request schema with the same type,
  and every field the schema requires is always sent; an enum the SDK sends
  is within the schema's;
- every field the SDK reads exists in the answer's schema with the same type;
  a field the SDK needs (not optional) is required there; a field the schema
  lets be null is read as nullable; an enum the SDK accepts covers every
  value the schema allows.

So an SDK cannot read a field the server does not send, or send one it does
not take, without this failing. Each SDK also prints the webhook event types
it reads; they must be the contract's `WebhookEventType`, which the Swift
tests hold to the server's one list of payloads (`WebhookPayloads.all`).

    scripts/sdk-contract.py DESCRIPTION.json [...]
"""
import json
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
SPEC = yaml.safe_load((ROOT / "Sources/VerityPages/Assets/openapi.yaml").read_text())
CREDENTIALS = {"userToken": "userToken", "clientKey": "clientKey"}


def resolve(schema):
    """The schema with `$ref`s followed and a one-element `allOf` merged; `nullable` kept."""
    schema = dict(schema or {})
    while "$ref" in schema:
        name = schema.pop("$ref").split("/")[-1]
        schema = {**SPEC["components"]["schemas"][name], **schema}
    if "allOf" in schema and len(schema["allOf"]) == 1:
        inner = resolve(schema.pop("allOf")[0])
        schema = {**inner, **schema}
    return schema


class Checker:
    def __init__(self, sdk):
        self.sdk = sdk
        self.problems = []
        self.fields = 0

    def problem(self, where, text):
        self.problems.append(f"{self.sdk}: {where}: {text}")

    def compare(self, shape, schema, mode, where):
        schema = resolve(schema)
        kind = shape["kind"]
        nullable = schema.get("nullable", False) or None in schema.get("enum", [])
        # The schema without its null, for the value beneath an SDK's nullable or optional.
        beneath = {**schema, "nullable": False}
        if "enum" in schema:
            beneath["enum"] = [value for value in schema["enum"] if value is not None]
        if kind == "optional":
            # An optional field is left out when sent, and read as absent when it is null.
            return self.compare(shape["of"], beneath if mode == "response" else schema, mode, where)
        if kind == "nullable":
            if mode == "request" and not nullable:
                self.problem(where, "the SDK may send null, which the schema does not allow")
            return self.compare(shape["of"], beneath, mode, where)
        if mode == "response" and nullable:
            self.problem(where, "the server may send null, which the SDK does not read")
        if kind == "unknown":
            return
        wanted = {"string": "string", "integer": "integer", "boolean": "boolean", "array": "array", "map": "object",
                  "object": "object"}.get(kind)
        actual = schema.get("type")
        if kind == "number":
            if actual not in ("number", "integer"):
                self.problem(where, f"the SDK reads a number, the schema says {actual}")
            return
        if actual != wanted and not (actual is None and kind == "string" and "enum" in schema):
            self.problem(where, f"the SDK has a {kind}, the schema says {actual}")
            return
        if kind == "string":
            spec_values = [value for value in schema["enum"] if value is not None] if "enum" in schema else None
            self.compare_enum(shape.get("enum"), spec_values, mode, where)
        elif kind == "array":
            self.compare(shape["items"], schema.get("items", {}), mode, f"{where}[]")
        elif kind == "map":
            values = schema.get("additionalProperties")
            if not isinstance(values, dict):
                self.problem(where, "the SDK reads a map, the schema gives no additionalProperties schema")
            else:
                self.compare(shape["values"], values, mode, f"{where}{{}}")
        elif kind == "object":
            self.compare_object(shape, schema, mode, where)

    def compare_enum(self, sdk_values, spec_values, mode, where):
        if mode == "response":
            if sdk_values is not None and spec_values is None:
                self.problem(where, f"the SDK accepts only {sdk_values}; the schema allows any string")
            elif sdk_values is not None and not set(spec_values) <= set(sdk_values):
                self.problem(where, f"the server may send {sorted(set(spec_values) - set(sdk_values))}, which the SDK refuses")
        elif spec_values is not None:
            if sdk_values is None:
                self.problem(where, f"the SDK sends any string; the schema takes only {spec_values}")
            elif not set(sdk_values) <= set(spec_values):
                self.problem(where, f"the SDK may send {sorted(set(sdk_values) - set(spec_values))}, which the schema refuses")

    def compare_object(self, shape, schema, mode, where):
        properties = schema.get("properties", {})
        required = set(schema.get("required", []))
        for name, field in shape["fields"].items():
            self.fields += 1
            place = f"{where}.{name}"
            if name not in properties:
                self.problem(place, "not in the schema")
                continue
            optional = field["kind"] == "optional"
            if mode == "response" and not optional and name not in required:
                self.problem(place, "the SDK needs it, the schema does not require it")
            self.compare(field, properties[name], mode, place)
        if mode == "request":
            for name in sorted(required - set(shape["fields"])):
                self.problem(f"{where}.{name}", "required by the schema, never sent by the SDK")
            for name in sorted(required & set(shape["fields"])):
                if shape["fields"][name]["kind"] == "optional":
                    self.problem(f"{where}.{name}", "required by the schema, optional in the SDK")

    def check_call(self, call):
        where = f"{call['method']} {call['path']}"
        operation = SPEC["paths"].get(call["path"], {}).get(call["method"].lower())
        if operation is None:
            return self.problem(where, "no such operation in docs/openapi.yaml")
        schemes = [name for requirement in operation.get("security", []) for name in requirement]
        if CREDENTIALS[call["credential"]] not in schemes:
            self.problem(where, f"sent with {call['credential']}; the operation takes {schemes}")
        answer = operation.get("responses", {}).get(str(call["status"]))
        if answer is None:
            return self.problem(where, f"no {call['status']} answer in the schema")
        schema = (answer.get("content") or {}).get("application/json", {}).get("schema")
        if schema is None:
            self.problem(where, "the answer has no JSON schema")
        else:
            self.compare(call["response"], schema, "response", f"{where} answer")
        body = operation.get("requestBody")
        if call["request"] is None:
            if body and body.get("required"):
                self.problem(where, "the schema requires a body the SDK never sends")
        elif body is None:
            if call["request"]["fields"]:
                self.problem(where, "the SDK sends a body the operation does not take")
        else:
            self.compare(call["request"], body["content"]["application/json"]["schema"], "request", f"{where} body")


def main(paths):
    failed = False
    for path in paths:
        description = json.loads(Path(path).read_text())
        checker = Checker(description["sdk"])
        for call in description["calls"]:
            checker.check_call(call)
        events = set(description.get("webhookEventTypes", []))
        contract = set(SPEC["components"]["schemas"]["WebhookEventType"]["enum"])
        if events != contract:
            checker.problems.append(f"{description['sdk']}: webhook event types differ from the contract's: "
                                    f"missing {sorted(contract - events)}, unknown {sorted(events - contract)}")
        for problem in checker.problems:
            print(problem)
        failed |= bool(checker.problems)
        verdict = "all agree" if not checker.problems else f"{len(checker.problems)} disagree"
        print(f"sdk-contract {description['sdk']}: {len(description['calls'])} calls, {checker.fields} fields and "
              f"{len(events)} webhook event types against docs/openapi.yaml, {verdict}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
