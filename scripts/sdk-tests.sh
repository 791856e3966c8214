#!/usr/bin/env bash
# The SDKs beyond Swift, built once and tested in one stage (part of
# scripts/test.sh): the TypeScript SDK (sdk/typescript) compiled with
# Debian's tsc and the Kotlin SDK (sdk/kotlin) with Debian's kotlinc; each
# one's calls held to docs/openapi.yaml (scripts/sdk-contract.py); then their
# unit tests, the specifications' own examples and the flows against one live
# `verity demo` on loopback, with the project's rendered documents and the
# real specimen scans beside the project.
#   scripts/sdk-tests.sh [VERITY_BINARY]
set -euo pipefail
cd "$(dirname "$0")/.."
BIN="${1:-.build/debug/verity}"
PORT="${SDK_TEST_PORT:-18790}"
PYTHON="${PYTHON:-.venv/bin/python}"
OUT=.build/sdk
mkdir -p "$OUT"
source tests-contract/wait-until.sh

echo "== TypeScript SDK: compile (tsc $(tsc --version | cut -d' ' -f2)) the library, then the tests"
(cd sdk/typescript && rm -rf dist build && tsc -p tsconfig.json && tsc -p test/tsconfig.json)
# A package that publishes: what `npm pack` would put in the tarball is there.
for file in dist/index.js dist/index.d.ts dist/webhooks/webhook.js dist/webhooks/webhook.d.ts; do
  [ -f "sdk/typescript/$file" ] || { echo "sdk/typescript/$file was not built"; exit 1; }
done

echo "== TypeScript SDK: the package as an app installs it (npm pack, then npm install of the tarball, offline)"
PACK="$PWD/$OUT/pack"; rm -rf "$PACK"; mkdir -p "$PACK/app"
(cd sdk/typescript && npm pack --silent --pack-destination "$PACK" > /dev/null)
tarball=$(ls "$PACK"/verity-sdk-*.tgz)
(cd "$PACK/app" && echo '{"name": "app", "private": true, "type": "module"}' > package.json \
  && npm install --offline --no-audit --no-fund --silent "$tarball" \
  && node --input-type=module -e "
    const sdk = await import('@verity/sdk'); const hooks = await import('@verity/sdk/webhooks');
    for (const name of ['IdentityVerificationClient', 'VerifyHuman', 'IdentityVerificationError', 'MobileVerificationError', 'IdDocumentType'])
      if (!sdk[name]) throw new Error('@verity/sdk does not export ' + name);
    if (typeof hooks.Webhook.verify !== 'function') throw new Error('@verity/sdk/webhooks has no Webhook.verify');
    console.log('installed ' + '$(basename "$tarball")' + ': both entry points load')")
# The specification's quick start imports '@verifyhuman/react-native': an app
# installs Verity's package under that name (an alias), and the quick-start
# test imports it so, from the tarball as installed.
(cd "$PACK/app" && npm install --offline --no-audit --no-fund --silent "@verifyhuman/react-native@file:$tarball")
mkdir -p sdk/typescript/build/node_modules/@verifyhuman
ln -sfn "$PACK/app/node_modules/@verifyhuman/react-native" sdk/typescript/build/node_modules/@verifyhuman/react-native

echo "== TypeScript SDK: its calls against docs/openapi.yaml"
node sdk/typescript/build/test/describe-wire.js > "$OUT/typescript-wire.json"
"$PYTHON" scripts/sdk-contract.py "$OUT/typescript-wire.json"

echo "== Kotlin SDK: compile ($(kotlinc -version 2>&1 | grep -oE "kotlinc-jvm [0-9.]+")) the library into a jar, then the tests"
bash sdk/kotlin/build.sh
KOTLIN_CLASSPATH="$(sed 's|build/|sdk/kotlin/build/|g' sdk/kotlin/build/classpath)"

echo "== Kotlin SDK: its calls against docs/openapi.yaml"
java -cp "$KOTLIN_CLASSPATH" com.verity.sdk.ContractDescription > "$OUT/kotlin-wire.json"
"$PYTHON" scripts/sdk-contract.py "$OUT/kotlin-wire.json"

echo "== a live demo server for the SDKs' tests"
DATA="$(mktemp -d)"
# JSON lines at info (the demo is readable text at notice otherwise): errors are grepped for below.
VERITY_LOG_FORMAT=json VERITY_LOG_LEVEL=info "$BIN" demo --empty --port "$PORT" --data-dir "$DATA" > "$DATA/demo.out" 2> "$DATA/demo.log" &
SERVER=$!
cleanup() { kill "$SERVER" 2>/dev/null || true; wait "$SERVER" 2>/dev/null || true; rm -rf "$DATA"; }
trap cleanup EXIT
wait_until "the demo to be ready with its keys written" bash -c "curl -fs 'http://127.0.0.1:$PORT/readyz' > /dev/null && [ -f '$DATA/demo-keys.json' ]"
# The rules the tests rely on, set as an operator would: consent required
# (consent.txt's ConsentRequiredException), a receiver on this machine for
# webhooks, and no rate limit standing between the tests and the service.
VERITY_DATA_DIR="$DATA" VERITY_DATA_KEY="$(cat "$DATA/data.key")" "$BIN" environment set --tenant demo --environment test \
  --consent-required true --countries US,CA,GB --webhooks-allow-private-addresses true \
  --mobile-requests-per-minute 100000 --user-token-requests-per-minute 100000 > /dev/null

export VERITY_TEST_URL="http://127.0.0.1:$PORT" VERITY_TEST_KEYS="$DATA/demo-keys.json"
# The app's configuration names its server once (VerifyHuman.configuredBaseUrl): the quick start needs no address.
export VERITY_BASE_URL="$VERITY_TEST_URL"
export VERITY_TEST_FIXTURES="${VERITY_DOCGEN_FIXTURES_DIR:-$PWD/.build/docgen-fixtures}"
# The rendered Egyptian ID cards, for the Kotlin document reader.
export VERITY_TEST_CARDS="${VERITY_DOCGEN_DIR:-$PWD/.build/docgen}"
export VERITY_TEST_SPECIMENS="${VERITY_SPECIMENS_DIR:-$(cd .. && pwd)/shared/data/documents/mrz-specimens}"
[ -d "$VERITY_TEST_SPECIMENS" ] || { echo "the real specimens are not at $VERITY_TEST_SPECIMENS"; exit 1; }
export VERITY_TEST_CHIP="${VERITY_SHARED_DATA_DIR:-$(cd .. && pwd)/shared/data}/chip"
[ -d "$VERITY_TEST_CHIP" ] || { echo "the shared chip sets are not at $VERITY_TEST_CHIP"; exit 1; }

echo "== TypeScript SDK: unit tests, then the specification's examples and the flows against the live server"
node --test sdk/typescript/build/test/unit/*.test.js sdk/typescript/build/test/live/*.test.js 2>&1 | tee "$OUT/typescript-tests.log" \
  | grep -E "^not ok|^# (tests|pass|fail)|^\s+(error|expected|actual):" || true
passed=$(grep -oE "^# pass [0-9]+" "$OUT/typescript-tests.log" | grep -oE "[0-9]+")
failed=$(grep -oE "^# fail [0-9]+" "$OUT/typescript-tests.log" | grep -oE "[0-9]+")
if [ "${failed:-1}" != 0 ] || [ -z "$passed" ]; then
  echo "TypeScript SDK tests failed:"; grep -B2 -A25 "^not ok\|^    not ok" "$OUT/typescript-tests.log" | head -150
  echo "== the server's log"; tail -30 "$DATA/demo.log"; exit 1
fi
if grep -qE '"level":"(error|critical)"' "$DATA/demo.log"; then
  echo "the server logged errors during the SDK tests:"; grep -E '"level":"(error|critical)"' "$DATA/demo.log" | head -20; exit 1
fi

echo "== TypeScript SDK: the demo's example page (/examples/web) followed in headless Chromium, axe-core on each step"
SCREENS="${VERITY_SCREENSHOTS_DIR:-$OUT/screens}"; mkdir -p "$SCREENS"
"$PYTHON" tests-pages/sdk_example_page.py --url "$VERITY_TEST_URL" --keys "$VERITY_TEST_KEYS" \
  --photo "$VERITY_TEST_FIXTURES/john-smith-selfie.jpg" --screens "$SCREENS" | tee "$OUT/example-page.log"
page_steps=$(grep -oE '"steps": [0-9]+' "$OUT/example-page.log" | grep -oE "[0-9]+")
[ -n "$page_steps" ] || { echo "the example page test did not finish"; exit 1; }

echo "== Kotlin SDK: unit tests, then the specification's examples and the flows against the live server (JUnit 5)"
java -jar /usr/share/java/junit-platform-console-standalone.jar --class-path "$KOTLIN_CLASSPATH" \
  --scan-class-path sdk/kotlin/build/verity-sdk-tests.jar --details=tree --disable-banner --disable-ansi-colors \
  > "$OUT/kotlin-tests.log" 2>&1 || true
kotlin_passed=$(grep -oE "\[ +[0-9]+ tests successful" "$OUT/kotlin-tests.log" | grep -oE "[0-9]+")
kotlin_failed=$(grep -oE "\[ +[0-9]+ tests failed" "$OUT/kotlin-tests.log" | grep -oE "[0-9]+")
grep -E "tests (successful|failed)" "$OUT/kotlin-tests.log"
if [ "${kotlin_failed:-1}" != 0 ] || [ -z "$kotlin_passed" ]; then
  echo "Kotlin SDK tests failed:"; sed -n '/^Failures/,$p' "$OUT/kotlin-tests.log" | head -120
  echo "== the server's log"; tail -30 "$DATA/demo.log"; exit 1
fi
if grep -qE '"level":"(error|critical)"' "$DATA/demo.log"; then
  echo "the server logged errors during the Kotlin SDK tests:"; grep -E '"level":"(error|critical)"' "$DATA/demo.log" | head -20; exit 1
fi
echo "sdk: $((passed + kotlin_passed + 1)) passed (TypeScript $passed, the example page in $page_steps steps, Kotlin $kotlin_passed)"
