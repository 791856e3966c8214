# Conveniences; the README's two commands are scripts/demo.sh and scripts/test.sh.
.PHONY: demo test build sdk sdk-kotlin reliability fuzz bench bench-documents bench-document-flow bench-mobile bench-faces bench-pki bench-chip bench-sanctions bench-mrz-model bench-webhooks bench-sdk bench-console bench-cpu bench-sandbox contract

build:
	swift build --build-tests --explicit-target-dependency-import-check error
	python3 scripts/check-structure.py

demo:
	bash scripts/demo.sh

test:
	bash scripts/test.sh

contract: build
	bash tests-contract/schemathesis.sh

# The TypeScript and Kotlin SDKs: compiled, their contract with openapi.yaml, their tests against a live demo.
sdk: build
	bash scripts/sdk-tests.sh

# The Kotlin SDK alone, without Gradle: the library jar, the test jar, and the tests that need no server.
sdk-kotlin:
	bash sdk/kotlin/build.sh --unit

# Two servers on one PostgreSQL, kill -9 ten times under load; every invariant checked.
reliability:
	bash tests-reliability/run.sh

# Every parser of outside bytes under libFuzzer and the sanitizers, FUZZ_SECONDS (600) each.
fuzz:
	bash scripts/fuzz.sh

bench:
	bash bench/run.sh
	bash bench/webhooks.sh
	bash bench/documents.sh
	bash bench/document-flow.sh
	bash bench/mobile.sh
	bash bench/faces.sh
	bash bench/pki.sh
	bash bench/chip.sh
	bash bench/sanctions.sh
	bash bench/sdk.sh
	bash bench/console.sh
	bash bench/sandbox.sh

# The engine sandbox against engines in process, the same run: VerifyHuman and the document flow.
bench-sandbox:
	bash bench/sandbox.sh

bench-cpu:
	bash bench/cpu.sh

bench-documents:
	bash bench/documents.sh

bench-document-flow:
	bash bench/document-flow.sh

bench-mobile:
	bash bench/mobile.sh

bench-faces:
	bash bench/faces.sh

bench-webhooks:
	bash bench/webhooks.sh

bench-pki:
	bash bench/pki.sh

bench-chip:
	bash bench/chip.sh

bench-sanctions:
	bash bench/sanctions.sh

bench-mrz-model:
	bash bench/mrz-model.sh

bench-sdk:
	bash bench/sdk.sh

bench-console:
	bash bench/console.sh
