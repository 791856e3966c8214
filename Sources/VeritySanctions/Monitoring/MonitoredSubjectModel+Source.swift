import VerityAPI
import VerityStore

extension MonitoredSubjectModel {
    /// The check that last screened the person, as its own API names it
    /// (`mver_…` for a VerifyCompliance session; the verification's id otherwise).
    package var sourceReference: String {
        source == "verifycompliance" ? MobileVerificationID(sourceID).description : sourceID.uuidString.lowercased()
    }
}
