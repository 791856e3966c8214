import ArgumentParser
import Foundation
import VerityCore
import VerityVision

/// `verity face …`: the face engine on files.
struct FaceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "face", abstract: "Compare faces and estimate age (models: scripts/install-face-models.sh).",
        subcommands: [Compare.self, Age.self, Liveness.self])

    struct Models: ParsableArguments {
        @Option(help: "Directory of the face models.") var modelsDir: String = "models"
    }

    struct Compare: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Compare the faces in two images (a selfie and a document portrait).")

        @OptionGroup var models: Models
        @Option(help: "Distance at or below which the faces match.") var threshold: Double = FaceEngine.defaultThreshold
        @Argument(help: "First image (PNG, JPEG or GIF).") var first: String
        @Argument(help: "Second image.") var second: String
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            guard threshold > 0, threshold < 2 else { throw ValidationError("--threshold must be between 0 and 2") }
            let (a, b) = (try CLIFiles.read(first), try CLIFiles.read(second))
            let result = try CLIOutput.reporting {
                try FaceEngine(modelsDirectory: models.modelsDir).compare(a, b, threshold: threshold)
            }
            try CLIOutput.print(result, json: json)
        }
    }

    struct Age: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Estimate the age of the face in an image.")

        @OptionGroup var models: Models
        @Option(help: "Also decide whether the person is at least this old (face alone passes only 7 years above it).")
        var over: Int?
        @Argument(help: "PNG, JPEG or GIF image.") var image: String
        @Flag(help: "Print JSON.") var json = false

        struct Result: Encodable {
            let estimate: AgeEstimate
            let minimumAge: Int?
            let decision: AgeCheckPolicy.Decision?
        }

        func run() throws {
            if let over, !(1...120).contains(over) { throw ValidationError("--over must be between 1 and 120") }
            let bytes = try CLIFiles.read(image)
            guard let estimate = try CLIOutput.reporting({ try FaceEngine(modelsDirectory: models.modelsDir).estimateAge(bytes) }) else {
                var stderr = StandardError()
                Swift.print("FACE_NOT_FOUND: no face large enough in \(image)", to: &stderr)
                throw ExitCode(2)
            }
            let decision = over.map { AgeCheckPolicy().decide(estimate: estimate.age, low: estimate.low, minimumAge: $0) }
            try CLIOutput.print(Result(estimate: estimate, minimumAge: over, decision: decision), json: json)
        }
    }

    struct Liveness: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Liveness signals: passive checks of each image, or a head-turn challenge over 2–5 frames (--turn).",
            discussion: "Liveness signals, not a certified presentation-attack detector: see docs/faces.md. Exit status 2 when an image looks like a recapture or the challenge fails.")

        @OptionGroup var models: Models
        @Option(help: "Check a head-turn challenge: the turn the user was asked for, left or right (the user's own).") var turn: String?
        @Argument(help: "Images (PNG, JPEG or GIF): selfies to check one by one, or the challenge's frames in capture order.") var images: [String]
        @Flag(help: "Print JSON.") var json = false

        struct Checked: Encodable {
            let image: String
            let signals: LivenessSignals
        }

        func run() throws {
            guard !images.isEmpty else { throw ValidationError("give at least one image") }
            let engine = try CLIOutput.reporting { try FaceEngine(modelsDirectory: models.modelsDir) }
            if let turn {
                guard let direction = HeadTurnChallenge.Direction(rawValue: turn) else { throw ValidationError("--turn must be left or right") }
                guard (2...5).contains(images.count) else { throw ValidationError("a head-turn challenge has 2 to 5 frames") }
                let frames = try images.map(CLIFiles.read)
                let result = try CLIOutput.reporting { try engine.headTurn(frames, direction: direction) }
                try CLIOutput.print(result, json: json)
                if !result.passed { throw ExitCode(2) }
                return
            }
            var checked: [Checked] = []
            for image in images {
                let bytes = try CLIFiles.read(image)
                checked.append(Checked(image: image, signals: try CLIOutput.reporting { try engine.livenessSignals(bytes) }))
            }
            try CLIOutput.print(checked, json: json)
            if checked.contains(where: { $0.signals.attackSuspected == true }) { throw ExitCode(2) }
        }
    }
}
