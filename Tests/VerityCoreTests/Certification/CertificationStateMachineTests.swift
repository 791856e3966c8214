import Testing
@testable import VerityCore

@Suite("Certification state machine: every transition, and every refusal with its code")
struct CertificationStateMachineTests {
    let machine = CertificationStateMachine()

    @Test(arguments: [
        (CertificationStatus.unverified, CertificationEvent.deviceVerified, CertificationStatus.unregistered),
        (.unregistered, .registered, .uncertified),
        (.uncertified, .certifiedAtLevel1, .certified),
        (.uncertified, .certificateRequested, .certificatePending),
        (.certified, .certificateRequested, .certificatePending),
        (.certificatePending, .certificateIssued, .certified),
        (.certificatePending, .certificateRefused, .uncertified),
        (.certified, .uncertified, .uncertified),
        (.certificatePending, .uncertified, .uncertified),
    ])
    func allowedTransitions(from: CertificationStatus, event: CertificationEvent, to: CertificationStatus) throws {
        #expect(try machine.next(from: from, on: event) == to)
    }

    @Test(arguments: [
        (CertificationStatus.unverified, CertificationEvent.registered, "DEVICE_NOT_VERIFIED"),
        (.unverified, .certificateRequested, "DEVICE_NOT_VERIFIED"),
        (.unverified, .certifiedAtLevel1, "DEVICE_NOT_VERIFIED"),
        (.unregistered, .deviceVerified, "VALIDATION_ERROR"),
        (.unregistered, .certifiedAtLevel1, "USER_NOT_ACCREDITED"),
        (.unregistered, .certificateRequested, "USER_NOT_ACCREDITED"),
        (.uncertified, .registered, "USER_ALREADY_REGISTERED"),
        (.certified, .registered, "USER_ALREADY_REGISTERED"),
        (.certificatePending, .certificateRequested, "VALIDATION_ERROR"),
        (.certified, .certifiedAtLevel1, "VALIDATION_ERROR"),
        (.uncertified, .uncertified, "VALIDATION_ERROR"),
        (.uncertified, .certificateIssued, "VALIDATION_ERROR"),
        (.certified, .certificateRefused, "VALIDATION_ERROR"),
    ])
    func refusedTransitions(from: CertificationStatus, event: CertificationEvent, code: String) {
        do {
            let reached = try machine.next(from: from, on: event)
            Issue.record("\(from) + \(event) reached \(reached)")
        } catch {
            #expect(error.code.rawValue == code)
        }
    }

    @Test func everyStatusAndEventIsDecided() {
        // The switch has no default: a new status or event must be placed on purpose.
        let events: [CertificationEvent] = [.deviceVerified, .registered, .certifiedAtLevel1, .certificateRequested,
                                            .certificateIssued, .certificateRefused, .uncertified]
        var decided = 0
        for status in CertificationStatus.allCases {
            for event in events {
                _ = try? machine.next(from: status, on: event)
                decided += 1
            }
        }
        #expect(decided == 35)
        #expect(CertificationStatus.allCases.map(\.rawValue) == ["UNVERIFIED", "UNREGISTERED", "UNCERTIFIED", "CERTIFICATE_PENDING", "CERTIFIED"])
    }
}

@Suite("Accreditation levels map to eIDAS")
struct AccreditationLevelTests {
    @Test func levelsAndTheirRequirements() throws {
        #expect(AccreditationLevel.allCases.map(\.eidasAssurance) == [.none, .low, .substantial, .high])
        #expect(AccreditationLevel.allCases.filter(\.requiresIdentityCheck) == [.level3, .level4])
        #expect(AccreditationLevel.allCases.filter(\.keyInHSM) == [.level4])
        #expect(try AccreditationLevel.parse(3) == .level3)
        #expect(throws: VerityError(.validationError, "")) { try AccreditationLevel.parse(5) }
        #expect(AccreditationLevel.level2 < .level3)
    }
}
