import VerityCore

/// The one way the mobile products run engine work and say what went wrong:
/// an image the engines cannot take is the client's (`INVALID_IMAGE`, naming
/// the field when the caller knows it), a 4xx or a 503 (a worker that stopped
/// on this image, `ENGINE_FAILED`; engines too busy, with `Retry-After`) goes
/// out as it is, and anything else is the server's: `SYSTEM_ERROR`,
/// retryable, no credit used. (Every 5xx reaches the client as `SYSTEM_ERROR`
/// with its cause: `MobileErrorMiddleware`.)
enum MobileEngineCall {
    static func run<T: Sendable>(imageField: String? = nil, _ work: () async throws -> T) async throws -> T {
        do {
            return try await work()
        } catch let error as VerityError where imageField != nil && [.invalidImage, .imageTooLarge, .unsupportedImage].contains(error.code) {
            throw VerityError(.invalidImage, error.message, field: imageField)
        } catch let error as VerityError where error.httpStatus < 500 || error.httpStatus == 503 {
            throw error
        } catch {
            throw VerityError(.systemError, "an engine failed; no credit was used: try again")
        }
    }
}
