/// The national-ID OCR service (`/v1/documents/ocr`), for one end user per
/// token: a session, each side's sealed image, then the combined reading.
public enum OCREndpoint {
    public static let open = Endpoint<OCRSessionRequest, OCRSessionInfo>(.post, OCRRoute.sessions.components, credential: .userToken)
    public static func side(_ side: DocumentSide) -> Endpoint<OCRSideRequest, OCRSideAccepted> {
        Endpoint(.post, OCRRoute.side(side).components, credential: .userToken)
    }
    public static let combine = Endpoint<OCRCombineRequest, OCRCombineResponse>(.post, OCRRoute.combine.components, credential: .userToken)
}
