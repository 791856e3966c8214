#!/usr/bin/env bash
# `make bench-pki` (also run by `make bench`): certificates per second from the
# software CA and from a CA whose keys are in SoftHSM2, and HSM signatures per
# second, against openssl on the same machine in the same run, one core.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
OUT="bench/results"; mkdir -p "$OUT"
bash scripts/install-deps.sh
swift build -c release --product VerityBench > "$OUT/build-pki.log" 2>&1 || { tail -30 "$OUT/build-pki.log"; exit 1; }
# A token folder of its own, so the benchmark leaves no token behind.
HSM_DIR=$(mktemp -d); trap 'rm -rf "$HSM_DIR"' EXIT
mkdir -p "$HSM_DIR/tokens"
printf 'directories.tokendir = %s/tokens\nobjectstore.backend = file\nlog.level = ERROR\n' "$HSM_DIR" > "$HSM_DIR/softhsm2.conf"
export SOFTHSM2_CONF="$HSM_DIR/softhsm2.conf"
COUNT="${PKI_BENCH_COUNT:-500}"
taskset -c 0 .build/release/VerityBench pki --count "$COUNT" --out "$OUT/pki.json"

# Baselines, same machine, same run: openssl's raw P-256 signing rate, and
# openssl signing certificates from requests (a process per certificate, as a CA script would).
SPEED=$(taskset -c 0 openssl speed -seconds 3 ecdsap256 2>/dev/null | awk '/256 bits ecdsa \(nistp256\)/ {print $(NF-1)}')
WORK=$(mktemp -d); trap 'rm -rf "$HSM_DIR" "$WORK"' EXIT
openssl ecparam -name prime256v1 -genkey -noout -out "$WORK/ca.key" 2>/dev/null
openssl req -new -x509 -key "$WORK/ca.key" -subj "/CN=Bench CA" -days 30 -out "$WORK/ca.pem" 2>/dev/null
openssl ecparam -name prime256v1 -genkey -noout -out "$WORK/user.key" 2>/dev/null
openssl req -new -key "$WORK/user.key" -subj "/CN=Ada Lovelace" -out "$WORK/user.csr" 2>/dev/null
N=100
START=$(date +%s.%N)
for i in $(seq $N); do
  taskset -c 0 openssl x509 -req -in "$WORK/user.csr" -CA "$WORK/ca.pem" -CAkey "$WORK/ca.key" -set_serial "$i" -days 30 -out /dev/null 2>/dev/null
done
END=$(date +%s.%N)
python3 - "$OUT/pki.json" "$SPEED" "$N" "$START" "$END" <<'PY' | tee "$OUT/pki.txt"
import json, sys
results = json.load(open(sys.argv[1]))
speed, n = float(sys.argv[2]), int(sys.argv[3])
per_cert = n / (float(sys.argv[5]) - float(sys.argv[4]))
print(f"PKI, {results['count']} operations each, one core:")
print(f"  openssl speed ecdsap256: {speed:,.0f} signatures/s (baseline)")
print(f"  openssl x509 -req, a process per certificate: {per_cert:,.0f} certificates/s")
for key, label in [("softwareCertificatesPerSecond", "software CA certificates"), ("hsmCertificatesPerSecond", "SoftHSM2 CA certificates"),
                   ("hsmSignaturesPerSecond", "SoftHSM2 signatures")]:
    value = results[key]
    print(f"  verity {label}: {value:,.0f}/s = x{value / speed:.2f} of openssl's signing rate, x{value / per_cert:.1f} of openssl x509 -req")
PY
