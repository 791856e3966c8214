#!/usr/bin/env bash
# Installs what Verity needs on a fresh Debian 12 machine (run as root).
# The Swift 6.3 toolchain itself is expected at /opt/swift or on PATH.
#   scripts/install-deps.sh            server and demo
#   scripts/install-deps.sh --tests    also what the tests need (a browser for the pages)
#   scripts/install-deps.sh --bench    also what `make bench` needs
set -euo pipefail
PACKAGES=(ca-certificates curl git make bzip2 python3 python3-venv python3-pip libsqlite3-dev libcurl4-openssl-dev
          libssl-dev zlib1g-dev postgresql postgresql-contrib
          # Document engine: image decoding, OCR models, barcodes.
          libleptonica-dev libjpeg62-turbo-dev libtesseract-dev tesseract-ocr tesseract-ocr-eng tesseract-ocr-ara tesseract-ocr-script-arab libzxing-dev
          # Face engine: dlib (with OpenBLAS, ~10× faster than reference BLAS) and OpenCV dnn.
          libdlib-dev libblas-dev liblapack-dev libopenblas0-pthread libopencv-dev
          # Fonts the test documents and the MRZ model are rendered from (Egyptian cards in Amiri, Noto Naskh, Noto Sans Arabic).
          fonts-ocr-b fonts-hosny-amiri fonts-dejavu-core fonts-noto-core
          # Certification: openssl checks every certificate, request and CRL the CA writes;
          # SoftHSM2 is the PKCS#11 HSM in development and tests (pkcs11-tool from opensc).
          openssl softhsm2 opensc libp11-kit-dev
          # The engine sandbox: bubblewrap (namespaces, the read-only view), libseccomp
          # (the system-call allowlists), util-linux's setpriv and prlimit.
          bubblewrap libseccomp-dev util-linux)
# Pages: tests drive them in headless Chromium (Selenium through chromium-driver);
# Noto gives Latin and Arabic text the look of the screenshots in docs/.
# Reliability: SQLite's disk gone read-only is an ext4 image on a loop device
# (mkfs.ext4 and e2fsck from e2fsprogs; losetup and mount from util-linux and mount);
# its OCR clients seal their requests as the SDK does (python3-cryptography).
[ "${1:-}" = "--tests" ] && PACKAGES+=(chromium chromium-driver e2fsprogs util-linux mount python3-cryptography)
# The TypeScript SDK, which the demo serves on its example page: Debian's tsc
# builds it. Its tests need Node 18 or later (node --test) and npm to pack it;
# a Node already installed (NodeSource's carries npm) is kept, Debian's is
# installed only where there is none.
PACKAGES+=(node-typescript)
command -v node > /dev/null 2>&1 || PACKAGES+=(nodejs)
# The Kotlin SDK: Debian's kotlinc (1.3) and the JDK, kotlinx-coroutines
# (with atomicfu, which it needs at run time) and JUnit 5's console launcher.
if [ "${1:-}" = "--tests" ]; then
  PACKAGES+=(openjdk-17-jdk-headless kotlin libkotlinx-coroutines-java libkotlinx-atomicfu-java junit5)
  command -v npm > /dev/null 2>&1 || PACKAGES+=(npm)
fi
[ "${1:-}" = "--bench" ] && PACKAGES+=(postgresql-contrib)

missing=()
for package in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "Installing: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

if ! command -v swift >/dev/null 2>&1; then
  if [ -x /opt/swift/usr/bin/swift ]; then
    echo "Swift is at /opt/swift/usr/bin; add it to PATH." >&2
  else
    echo "Swift 6.3 is required (https://www.swift.org/install/linux/)." >&2
  fi
  exit 1
fi
