import Foundation
import VerityAPI
import VerityStore

/// The check that last screened a monitored person, as its own API names it
/// (`mver_…` for a VerifyCompliance session; the verification's id otherwise).
enum MonitoredSource {
    static func reference(_ source: String, _ id: UUID) -> String {
        source == "verifycompliance" ? MobileVerificationID(id).description : id.uuidString.lowercased()
    }
}

extension MonitoredSubjectModel {
    var sourceReference: String { MonitoredSource.reference(source, sourceID) }
}
