import Foundation

/// A point on Earth in degrees (WGS 84), for finding the nearest checkpoints.
public struct GeoCoordinate: Sendable, Equatable, Codable {
    public let latitude: Double
    public let longitude: Double

    /// Mean Earth radius (IUGG), in kilometres.
    public static let earthRadiusKilometres = 6371.0088

    /// Throws `VALIDATION_ERROR` for latitudes outside ±90°, longitudes outside ±180°, or non-numbers.
    public init(latitude: Double, longitude: Double) throws(VerityError) {
        guard latitude.isFinite, (-90...90).contains(latitude) else {
            throw VerityError(.validationError, "latitude must be between -90 and 90", field: "latitude")
        }
        guard longitude.isFinite, (-180...180).contains(longitude) else {
            throw VerityError(.validationError, "longitude must be between -180 and 180", field: "longitude")
        }
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Great-circle distance (haversine), correct across the antimeridian and near the poles.
    public func distanceKilometres(to other: GeoCoordinate) -> Double {
        let φ1 = latitude * .pi / 180, φ2 = other.latitude * .pi / 180
        let Δφ = φ2 - φ1
        // The longitude difference enters only through sin², so 179° and −179° are 2° apart.
        let Δλ = (other.longitude - longitude) * .pi / 180
        let a = sin(Δφ / 2) * sin(Δφ / 2) + cos(φ1) * cos(φ2) * sin(Δλ / 2) * sin(Δλ / 2)
        return 2 * Self.earthRadiusKilometres * asin(min(1, a.squareRoot()))
    }
}
