#!/usr/bin/env bash
# Builds the Kotlin SDK with Debian's kotlinc, no Gradle: the library into
# build/verity-sdk.jar (its one dependency, kotlinx-coroutines, not bundled),
# then the tests against it into build/verity-sdk-tests.jar. Prints the
# classpath to run them with.
#   sdk/kotlin/build.sh            build
#   sdk/kotlin/build.sh --unit     build, then run the tests that need no server
set -euo pipefail
cd "$(dirname "$0")"
JARS=/usr/share/java
COROUTINES="$JARS/kotlinx-coroutines-core.jar"
JUNIT="$JARS/junit-platform-console-standalone.jar"
# At run time coroutines 1.0 also needs atomicfu, and everything the stdlib.
RUNTIME="$JARS/kotlin-stdlib.jar:$COROUTINES:$JARS/atomicfu.jar"
for jar in "$COROUTINES" "$JUNIT" "$JARS/kotlin-stdlib.jar" "$JARS/atomicfu.jar"; do
  [ -f "$jar" ] || { echo "$jar is missing: scripts/install-deps.sh --tests installs it"; exit 1; }
done
rm -rf build && mkdir -p build
# (The JVM's note that kotlinc 1.3 asks for -Xverify:none is dropped; errors are not.)
kotlinc -cp "$COROUTINES" -d build/verity-sdk.jar src/main/kotlin > build/compile.log 2>&1 || { grep -v "^OpenJDK" build/compile.log; exit 1; }
grep -v "^OpenJDK" build/compile.log | grep -E "warning:" && { echo "the library compiles with warnings: fix them"; exit 1; }
# The specification's snippets declare values they never read, as documentation does: no warnings for the tests.
kotlinc -nowarn -cp "build/verity-sdk.jar:$COROUTINES:$JUNIT" -d build/verity-sdk-tests.jar src/test/kotlin > build/compile-tests.log 2>&1 \
  || { grep -v "^OpenJDK" build/compile-tests.log; exit 1; }
CLASSPATH="build/verity-sdk.jar:build/verity-sdk-tests.jar:$RUNTIME"
echo "$CLASSPATH" > build/classpath
if [ "${1:-}" = "--unit" ]; then
  java -jar "$JUNIT" --class-path "$CLASSPATH" --scan-class-path build/verity-sdk-tests.jar --exclude-package com.verity.sdk.live \
    --details=tree --disable-banner --disable-ansi-colors
fi
