import Foundation
import Testing
@testable import VerityCore

@Suite("Face policies: fraud zones and liveness signals are decided from evidence")
struct FacePoliciesTests {
    let fraud = FaceFraudPolicy()

    @Test func aPortraitInPlaceWithMatchingNoiseIsGreen() {
        let assessment = fraud.assess(PortraitEvidence(placement: .expected, noiseRatio: 1.1))
        #expect(assessment == .init(zone: 0, score: 0, reasons: []))
    }

    @Test func aPortraitPastedAfterCaptureIsRed() {
        // A clean photo pasted into a noisy capture: six times less noise.
        let assessment = fraud.assess(PortraitEvidence(placement: .expected, noiseRatio: 0.16))
        #expect(assessment.zone == 2 && assessment.reasons == [.portraitNoiseMismatch])
        // Moderately different noise is for a person to review.
        #expect(fraud.assess(PortraitEvidence(placement: .expected, noiseRatio: 2.8)).zone == 1)
    }

    @Test func tiltedEdgesAreRedWhenClearAndReviewWhenMarginal() {
        #expect(fraud.assess(PortraitEvidence(placement: .expected, noiseRatio: 1, tiltedEdges: [4, 3])).zone == 2)
        #expect(fraud.assess(PortraitEvidence(placement: .expected, noiseRatio: 1, tiltedEdges: [2])).zone == 1)
    }

    @Test func aMissingOrMisplacedPortraitIsReportedAsSuch() {
        #expect(fraud.assess(PortraitEvidence(placement: .notFound)) == .init(zone: 1, score: 0.5, reasons: [.portraitNotFound]))
        #expect(fraud.assess(PortraitEvidence(placement: .elsewhere)).zone == 2)
    }

    @Test func passiveLivenessFlagsAPatternOrAFrame() {
        let policy = PassiveLivenessPolicy()
        #expect(policy.evaluate(patternStrength: 1.5, frameSides: 2).isEmpty)
        #expect(policy.evaluate(patternStrength: nil, frameSides: 0).isEmpty)
        #expect(policy.evaluate(patternStrength: 5, frameSides: 0) == [.screenOrPrintPattern])
        #expect(policy.evaluate(patternStrength: 1, frameSides: 3) == [.frameAroundFace])
    }
}

@Suite("Environment face settings")
struct FaceMatchSettingsTests {
    @Test func configurationsStoredBeforeFaceSettingsReadWithTheCalibratedThreshold() throws {
        let stored = #"{"supportedCountries":["US"],"policy":{"maxAttempts":3,"requiredMethod":"KNOWLEDGE_OF_PII","escalateToGovernmentID":true,"acceptableDocumentTypes":["passport"]},"consentRequired":true,"defaultConsentLocale":"en-US","dataSource":"registry"}"#
        let configuration = try JSONDecoder().decode(EnvironmentConfiguration.self, from: Data(stored.utf8))
        #expect(configuration.faces.matchThreshold == 0.58)
        let roundTrip = try JSONDecoder().decode(EnvironmentConfiguration.self, from: JSONEncoder().encode(configuration))
        #expect(roundTrip == configuration)
    }

    @Test func thresholdsOutsideTheMeasuredRangeAreRefused() {
        for bad in [0.0, 0.3, 0.7, 1.5, .nan, .infinity] {
            var configuration = EnvironmentConfiguration()
            configuration.faces.matchThreshold = bad
            #expect(throws: VerityError.self) { try configuration.validated() }
        }
        var fine = EnvironmentConfiguration()
        fine.faces.matchThreshold = 0.55
        #expect((try? fine.validated())?.faces.matchThreshold == 0.55)
    }
}
