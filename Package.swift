// swift-tools-version:6.0
import PackageDescription

// Module map and dependency direction: docs/architecture.md.
// Arrows point down only: CLI → Server → Store/API → Core.
let package = Package(
    name: "Verity",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .executable(name: "verity", targets: ["VerityCLI"]),
        .executable(name: "verity-engine-worker", targets: ["VerityEngineWorker"]),
        .library(name: "Verity", targets: ["Verity"]),
        .library(name: "VerityAPI", targets: ["VerityAPI"]),
        .library(name: "VerityServer", targets: ["VerityServer"]),
    ],
    dependencies: [
        .package(url: "https://github.com/vapor/vapor.git", from: "4.122.3"),
        .package(url: "https://github.com/vapor/fluent.git", from: "4.13.0"),
        .package(url: "https://github.com/vapor/fluent-sqlite-driver.git", from: "4.9.0"),
        .package(url: "https://github.com/vapor/fluent-postgres-driver.git", from: "2.14.0"),
        .package(url: "https://github.com/vapor/jwt-kit.git", from: "5.8.0"),
        .package(url: "https://github.com/apple/swift-crypto.git", from: "4.5.2"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-certificates.git", from: "1.21.1"),
        .package(url: "https://github.com/apple/swift-asn1.git", from: "1.7.4"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.24.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.81.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.29.0"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
        .package(url: "https://github.com/jpsim/Yams.git", from: "6.2.2"),
    ],
    targets: [
        // The wire's vocabulary: error codes, the enums and report shapes the
        // wire carries, transaction canonical bytes. Foundation only: the SDK
        // builds on it and on nothing of the server's.
        .target(name: "VerityWire"),
        // Domain: values, rules, state machines. No I/O. Builds on the wire's vocabulary.
        .target(name: "VerityCore", dependencies: ["VerityWire"]),
        // C and C++ libraries behind small shims; only VerityVision sees them.
        .systemLibrary(name: "CLeptonica", pkgConfig: "lept", providers: [.apt(["libleptonica-dev"])]),
        .systemLibrary(name: "CTesseract", pkgConfig: "tesseract", providers: [.apt(["libtesseract-dev"])]),
        .target(name: "CZXing", linkerSettings: [.linkedLibrary("ZXing")]),
        // libjpeg(-turbo) directly, for JPEGs that end early: Leptonica refuses them whole.
        .target(name: "CJPEG", linkerSettings: [.linkedLibrary("jpeg")]),
        // dlib (HOG, landmarks, ResNet embedding, MMOD) and OpenCV dnn (age). dlib's
        // code is in its headers: optimised even in debug builds, or it crawls.
        .target(
            name: "CFace",
            cxxSettings: [.unsafeFlags(["-O2", "-I/usr/include/opencv4", "-DDLIB_NO_GUI_SUPPORT"])],
            linkerSettings: [
                .linkedLibrary("dlib"), .linkedLibrary("blas"), .linkedLibrary("lapack"),
                .linkedLibrary("opencv_dnn"), .linkedLibrary("opencv_core"),
            ]
        ),
        // Image bytes to facts: decoding, quality, MRZ, barcodes, OCR.
        .target(
            name: "VerityVision",
            dependencies: [
                "VerityCore", "CLeptonica", "CTesseract", "CZXing", "CFace", "CJPEG", .crypto,
            ],
            resources: [.copy("Resources")],
            // Pixel loops are 20-50x slower unoptimised; tests would crawl.
            swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]
        ),
        // The engine sandbox's system parts: spawning with chosen descriptors,
        // rlimits, the CPU-time budget, and the seccomp allowlists (libseccomp).
        .target(name: "CSandbox", linkerSettings: [.linkedLibrary("seccomp")]),
        // An ePassport's chip (ICAO 9303): BER, X.509, CMS, RSA and ECDSA over any
        // prime curve, passive and active authentication, master lists. Pure
        // Swift, no I/O; optimised in debug builds, or curve arithmetic crawls.
        .target(name: "VerityChip", dependencies: ["VerityCore", .crypto], swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]),
        // The engines' side of the boundary: the tasks and answers that cross it,
        // the zygote that forks a confined child per task, and the launcher
        // (bubblewrap) that the server and `verity sandbox run` start it with.
        .target(name: "VerityEngines", dependencies: ["VerityCore", "VerityVision", "VerityChip", "CSandbox"]),
        // `verity-engine-worker`: the engines alone, nothing of the server's.
        .executableTarget(name: "VerityEngineWorker", dependencies: ["VerityEngines"]),
        // PKCS#11 (SoftHSM2, hardware HSMs) through dlopen; header from libp11-kit-dev.
        .target(name: "CPKCS11", cSettings: [.unsafeFlags(["-I/usr/include/p11-kit-1"])], linkerSettings: [.linkedLibrary("dl")]),
        // The platform CA: certificates, CSRs, revocation lists (swift-certificates).
        .target(
            name: "VerityPKI",
            dependencies: [
                "VerityCore", "CPKCS11", .x509, .swiftASN1, .crypto,
            ]
        ),
        // Request and response types shared by server and SDK, on the wire's
        // vocabulary, and the wire's own cryptography (the OCR service's
        // transport keys, webhook signatures). No I/O, nothing of VerityCore.
        .target(name: "VerityAPI", dependencies: ["VerityWire", .crypto]),
        // Fluent models, migrations, repositories.
        .target(
            name: "VerityStore",
            dependencies: [
                "VerityCore", .crypto, .fluent, .fluentSQLiteDriver, .fluentPostgresDriver,
            ]
        ),
        // The server, one target per folder (docs/architecture.md): an import that
        // goes sideways or up does not compile. The kernel: a request's scope, the
        // settings, HTTP, credentials, jobs, logs and metrics every surface stands on.
        .target(
            name: "VerityKernel",
            dependencies: [
                "VerityCore", "VerityAPI", "VerityStore", "VerityPKI", "CSandbox", .vapor, .metrics, .prometheus, .crypto, .jwtKit,
                .logging, .nioPosix, .nioSSL, .nioCore, .nioHTTP1,
            ]
        ),
        // The server's side of the engines: the pool of confined workers (or the
        // engines in process), admission and turns, the document engines and judge.
        .target(
            name: "VerityEnginePool",
            dependencies: [
                "VerityCore", "VerityAPI", "VerityVision", "VerityChip", "VerityEngines", "CSandbox", "VerityKernel", .vapor, .logging, .nioPosix,
            ]
        ),
        // What people see: escaping HTML, the pages' assets and headers, the
        // reference pages (the API's contract), and the review kit every
        // feature's cases are shown and decided through.
        .target(
            name: "VerityPages",
            dependencies: [
                "VerityCore", "VerityAPI", "VerityStore", "VerityKernel", .vapor, .yams,
            ],
            resources: [.copy("Assets")]
        ),
        .target(
            name: "VerityWebhooks",
            dependencies: [
                "VerityCore", "VerityAPI", "VerityStore", "VerityKernel", "VerityEnginePool", .vapor, .logging, .asyncHTTPClient, .nioPosix,
            ]
        ),
        // ePassport chips on the server: the tenants' trust stores and their admin
        // routes, and the chip's check on the engines, shared by the surfaces.
        .target(
            name: "VerityChipChecks",
            dependencies: [
                "VerityCore", "VerityAPI", "VerityStore", "VerityKernel", "VerityEnginePool", "VerityEngines", "VerityChip", "VerityVision", .vapor,
            ]
        ),
        .target(
            name: "VeritySanctions",
            dependencies: [
                "VerityAPI", "VerityCore", "VerityStore", "VerityKernel", "VerityEnginePool", "VerityWebhooks", "VerityPages", .crypto, .vapor,
            ]
        ),
        .target(
            name: "VerityOperators",
            dependencies: [
                "VerityCore", "VerityAPI", "VerityStore", "VerityKernel", .vapor, .crypto, .nioPosix,
            ]
        ),
        .target(
            name: "VerityIdentity",
            dependencies: [
                "VerityCore", "VerityAPI", "VerityStore", "VerityVision", "VerityKernel", "VerityEnginePool", "VerityPages",
                "VerityWebhooks", "VerityChipChecks", .vapor, .logging, .asyncHTTPClient,
            ]
        ),
        .target(
            name: "VerityMobile",
            dependencies: [
                "VerityCore", "VerityAPI", "VerityStore", "VerityVision", "VerityKernel", "VerityEnginePool", "VerityPages",
                "VerityWebhooks", "VeritySanctions", "VerityChipChecks", .vapor, .logging,
            ]
        ),
        .target(
            name: "VerityDocumentOCR",
            dependencies: [
                "VerityCore", "VerityAPI", "VerityStore", "VerityVision", "VerityKernel", "VerityEnginePool", "VerityPages",
                "VerityWebhooks", .vapor, .crypto, .logging,
            ]
        ),
        .target(
            name: "VerityCertification",
            dependencies: [
                "VerityCore", "VerityAPI", "VerityStore", "VerityPKI", "VerityKernel", "VerityEnginePool", "VerityPages", "VerityWebhooks",
                .vapor, .x509, .crypto, .logging, .asyncHTTPClient, .nioPosix, .nioSSL,
            ]
        ),
        .target(
            name: "VerityConsole",
            dependencies: [
                "VerityCore", "VerityAPI", "VerityStore", "VerityKernel", "VerityPages", "VerityWebhooks", "VerityOperators",
                "VerityIdentity", "VerityCertification", "VerityChipChecks", "VeritySanctions", .vapor, .crypto, .logging,
            ]
        ),
        .target(
            name: "VerityAdmin",
            dependencies: [
                "VerityCore", "VerityAPI", "VerityStore", "VerityPKI", "VerityVision", "VerityKernel", "VerityEnginePool", "VerityPages",
                "VerityWebhooks", "VeritySanctions", "VerityOperators", "VerityIdentity", "VerityCertification", "VerityDocumentOCR",
                "VerityChipChecks", .vapor, .x509, .logging, .asyncHTTPClient, .nioPosix,
            ]
        ),
        // The app: wires every surface.
        .target(
            name: "VerityServer",
            dependencies: [
                "VerityCore", "VerityStore", "VerityPKI", "VerityKernel", "VerityEnginePool", "VerityPages", "VerityWebhooks",
                "VeritySanctions", "VerityOperators", "VerityIdentity", "VerityMobile", "VerityDocumentOCR", "VerityCertification",
                "VerityConsole", "VerityAdmin", "VerityChipChecks", .vapor, .logging,
            ]
        ),
        // The SDK: VerityAPI, and the device's keys, CSRs and CMS signatures
        // (swift-crypto, swift-certificates) for certification.
        .target(
            name: "Verity",
            dependencies: [
                "VerityAPI",
                .x509,
                .crypto,
                // Linux only: FoundationNetworking's URLSession spins while it waits (Transport/HTTPExchange.swift).
                .product(name: "AsyncHTTPClient", package: "async-http-client", condition: .when(platforms: [.linux])),
            ]
        ),
        // Thin executable: parses arguments, calls into the server (its app, the operators' tasks, the kernel's settings).
        .executableTarget(
            name: "VerityCLI",
            dependencies: [
                "VerityServer", "VerityAdmin", "VerityIdentity", "VerityConsole", "VerityKernel", "VerityVision", "VerityPKI", "VerityEngines", "Verity",
                "VerityChip", "VerityChipChecks",
                .nioPosix,
                .nioCore,
                .argumentParser,
                // The demo's reviewer signs in to the console and decides a case as a browser would.
                .asyncHTTPClient,
            ]
        ),
        // Fresh databases, migrated, and reading what lies in their files (SQLite, or PostgreSQL via TEST_DATABASE_URL).
        .target(
            name: "VerityStoreTestSupport",
            dependencies: [
                "VerityStore", .fluent, .fluentPostgresDriver, .nioCore, .nioPosix, .vapor,
            ],
            path: "Tests/VerityStoreTestSupport"
        ),
        // A seeded app for tests, its HTTP, and the SDK harnesses the surfaces' tests share (on the store's test support).
        .target(
            name: "VerityTestSupport",
            dependencies: [
                "DocgenManifest", "Verity", "VerityAPI", "VerityAdmin", "VerityCore", "VerityKernel", "VerityPKI", "VerityServer",
                "VeritySanctions", "VerityStore", "VerityStoreTestSupport", .asyncHTTPClient, .crypto, .fluent, .logging, .nioCore, .nioHTTP1, .vapor,
            ],
            path: "Tests/VerityTestSupport"
        ),
        // OpenSSL as the chip's counterpart: a country's test PKI, SODs, the BSI chip's Active Authentication answers.
        .target(name: "VerityChipTestSupport", path: "Tests/VerityChipTestSupport"),
        // truth.json of the test document generator, for tests and benchmarks (not shipped).
        .target(name: "DocgenManifest", path: "tools/docgen/Manifest"),
        // manifest.json of the hostile-image set (tools/hostile), for the intake and route tests (not shipped).
        .target(name: "HostileImageSet", path: "tools/hostile/Manifest"),
        // Every way out of the engine sandbox, tried from inside (the sandbox tests; not shipped).
        .executableTarget(name: "SandboxEscapes", path: "tools/sandbox-escapes"),
        // Load generator for `make bench` (not shipped).
        .executableTarget(
            name: "VerityBench",
            dependencies: [
                "Verity", "VerityAPI", "VerityConsole", "VerityVision", "VerityCore", "VerityPKI", "VerityChip", "VerityEngines", "DocgenManifest",
                "VeritySanctions", "VerityStore", "VerityKernel", .crypto, .nioPosix, .vapor, .fluent,
                .nioCore, .nioHTTP1, .nioConcurrencyHelpers, .asyncHTTPClient, .argumentParser,
            ]
        ),
        // Fuzz targets for every parser of outside bytes; libFuzzer and the
        // sanitizers are built in by scripts/fuzz.sh only (not shipped).
        .executableTarget(
            name: "VerityFuzz",
            dependencies: [
                "VerityAPI", "VerityVision", "VerityCore", "VerityChip", "VerityEngines", "CPKCS11", .crypto, .jwtKit,
            ]
        ),
        // The domain: rules, state machines, parsers (no I/O).
        .testTarget(name: "VerityCoreTests", dependencies: ["VerityCore"]),
        // The chip's files against the shared real sets, signatures against OpenSSL's.
        .testTarget(name: "VerityChipTests", dependencies: ["VerityChip", "VerityChipTestSupport", "VerityCore"]),
        // The engines on images: decoding, quality, MRZ, barcodes, OCR, faces.
        .testTarget(
            name: "VerityVisionTests",
            dependencies: [
                "CFace", "DocgenManifest", "HostileImageSet", "VerityCore", "VerityVision",
            ]
        ),
        // The platform CA, CSRs, revocation, the HSM.
        .testTarget(name: "VerityPKITests", dependencies: ["VerityCore", "VerityPKI", "VerityTestSupport", .crypto, .x509]),
        // The wire: error codes, webhook signatures (no server).
        .testTarget(name: "VerityAPITests", dependencies: ["Verity", "VerityAPI", "VerityWire"]),
        // The store alone on SQLite and PostgreSQL: queues, outbox, repositories (no server).
        .testTarget(name: "VerityStoreTests", dependencies: ["VerityCore", "VerityStore", "VerityStoreTestSupport", .fluent]),
        // The engine pool: turns, admission, the confined workers and every way out of their sandbox.
        .testTarget(
            name: "VerityEnginePoolTests",
            dependencies: [
                "HostileImageSet", "VerityCore", "VerityEnginePool", "VerityEngines", "VerityKernel", "VerityTestSupport", .logging,
                .nioConcurrencyHelpers, .nioCore, .nioPosix,
            ]
        ),
        // The identity surface: PII verification, consent, documents, the capture page.
        .testTarget(
            name: "VerityIdentityTests",
            dependencies: [
                "HostileImageSet", "Verity", "VerityAPI", "VerityChipTestSupport", "VerityCore", "VerityEnginePool", "VerityIdentity",
                "VerityKernel", "VerityMobile", "VerityServer", "VerityStore", "VerityTestSupport", .fluent, .vapor,
            ]
        ),
        // The mobile API: sessions, products, credits, client keys.
        .testTarget(
            name: "VerityMobileTests",
            dependencies: [
                "HostileImageSet", "Verity", "VerityAPI", "VerityCore", "VeritySanctions", "VerityStore", "VerityTestSupport", "VerityChipTestSupport",
                .fluent,
            ]
        ),
        // The document OCR service.
        .testTarget(
            name: "VerityDocumentOCRTests",
            dependencies: [
                "DocgenManifest", "HostileImageSet", "Verity", "VerityAPI", "VerityCore", "VerityDocumentOCR", "VerityKernel",
                "VerityStore", "VerityTestSupport", .crypto,
            ]
        ),
        // Certification: devices, registration, accreditation, certificates, their use.
        .testTarget(
            name: "VerityCertificationTests",
            dependencies: [
                "Verity", "VerityAPI", "VerityAdmin", "VerityCertification", "VerityCore", "VerityIdentity", "VerityKernel", "VerityPKI",
                "VerityServer", "VerityStore", "VerityTestSupport", .asyncHTTPClient, .crypto, .fluent, .logging, .nioCore, .nioPosix,
                .swiftASN1, .vapor, .x509,
            ]
        ),
        // The operator console, in and out of a browser.
        .testTarget(
            name: "VerityConsoleTests",
            dependencies: [
                "Verity", "VerityAPI", "VerityCertification", "VerityConsole", "VerityCore", "VerityDocumentOCR", "VerityIdentity",
                "VerityKernel", "VerityMobile", "VerityOperators", "VerityPages", "VerityServer", "VerityStore", "VerityTestSupport",
                "VerityVision", "VerityChipTestSupport", .asyncHTTPClient, .fluent, .nioCore, .nioHTTP1,
            ]
        ),
        // Webhooks: payloads, the outbox fan-out, delivery, retries.
        .testTarget(
            name: "VerityWebhooksTests",
            dependencies: [
                "Verity", "VerityAPI", "VerityCore", "VerityKernel", "VerityStore", "VerityTestSupport", "VerityWebhooks", .fluent,
                .nioConcurrencyHelpers, .nioCore, .nioPosix,
            ]
        ),
        // The admin API and the operators' tasks: keys, rotation, retention, erasure, backups.
        .testTarget(
            name: "VerityAdminTests",
            dependencies: [
                "Verity", "VerityAPI", "VerityAdmin", "VerityCertification", "VerityCore", "VerityIdentity", "VerityKernel", "VerityPKI",
                "VerityServer", "VerityStore", "VerityTestSupport", .fluent, .logging, .vapor, .x509,
            ]
        ),
        // The kernel and the app: settings, HTTP limits, credentials, logs, the contract.
        .testTarget(
            name: "VerityServerTests",
            dependencies: [
                "Verity", "VerityAPI", "VerityConsole", "VerityCore", "VerityKernel", "VerityPages", "VerityServer", "VerityStore",
                "VerityTestSupport", .fluent, .logging, .nioCore, .nioHTTP1, .vapor,
            ]
        ),
        // Across surfaces through the SDK: idempotency, retries, metrics, slow clients.
        .testTarget(
            name: "VerityEndToEndTests",
            dependencies: [
                "Verity", "VerityAPI", "VerityCore", "VerityKernel", "VerityStore", "VerityTestSupport", .crypto, .fluent,
            ]
        ),
    ]
)

// The outside products the targets use, each spelled once.
extension Target.Dependency {
    static let argumentParser = Target.Dependency.product(name: "ArgumentParser", package: "swift-argument-parser")
    static let asyncHTTPClient = Target.Dependency.product(name: "AsyncHTTPClient", package: "async-http-client")
    static let crypto = Target.Dependency.product(name: "Crypto", package: "swift-crypto")
    static let fluent = Target.Dependency.product(name: "Fluent", package: "fluent")
    static let fluentPostgresDriver = Target.Dependency.product(name: "FluentPostgresDriver", package: "fluent-postgres-driver")
    static let fluentSQLiteDriver = Target.Dependency.product(name: "FluentSQLiteDriver", package: "fluent-sqlite-driver")
    static let jwtKit = Target.Dependency.product(name: "JWTKit", package: "jwt-kit")
    static let logging = Target.Dependency.product(name: "Logging", package: "swift-log")
    static let metrics = Target.Dependency.product(name: "Metrics", package: "swift-metrics")
    static let nioConcurrencyHelpers = Target.Dependency.product(name: "NIOConcurrencyHelpers", package: "swift-nio")
    static let nioCore = Target.Dependency.product(name: "NIOCore", package: "swift-nio")
    static let nioHTTP1 = Target.Dependency.product(name: "NIOHTTP1", package: "swift-nio")
    static let nioPosix = Target.Dependency.product(name: "NIOPosix", package: "swift-nio")
    static let nioSSL = Target.Dependency.product(name: "NIOSSL", package: "swift-nio-ssl")
    static let prometheus = Target.Dependency.product(name: "Prometheus", package: "swift-prometheus")
    static let swiftASN1 = Target.Dependency.product(name: "SwiftASN1", package: "swift-asn1")
    static let vapor = Target.Dependency.product(name: "Vapor", package: "vapor")
    static let x509 = Target.Dependency.product(name: "X509", package: "swift-certificates")
    static let yams = Target.Dependency.product(name: "Yams", package: "Yams")
}
