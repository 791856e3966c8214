import Testing
@testable import VerityCore
@testable import VerityVision

@Suite("Inspection: image bytes to a full report, as the CLI and the API use it")
struct DocumentInspectionTests {
    let documents = GeneratedDocuments.shared
    let inspector = DocumentInspector(today: GeneratedDocuments.today)

    func inspect(_ sample: GeneratedDocuments.Sample, type: DocumentType, country: String = "US") throws -> DocumentReport {
        try inspector.inspect(front: documents.bytes(sample.files[0]), back: sample.files.count > 1 ? documents.bytes(sample.files[1]) : nil,
                              type: type, country: country)
    }

    @Test func aPassportPhotoYieldsItsFieldsFromTheMRZConfirmedByThePrintedPage() throws {
        // given
        let sample = documents.samples(kind: "passport").first { $0.degradation == "photo" }!
        // when
        let report = try inspect(sample, type: .passport)
        // then
        #expect(report.mrz?.valid == true)
        #expect(report.field("surname")?.value == sample.truth["surname"]?.text)
        #expect(report.field("given_names")?.value == sample.truth["given_names"]?.text)
        #expect(report.field("date_of_birth")?.value == sample.truth["date_of_birth"]?.text)
        #expect(report.field("expiry_date")?.value == sample.truth["expiry_date"]?.text)
        #expect(report.field("document_number")?.value == sample.truth["document_number"]?.text)
        #expect(report.field("date_of_birth")?.source == .mrz)
        #expect(report.field("issue_date")?.source == .ocr, "only the printed page has the issue date")
        #expect(report.field("issue_date")?.value == sample.truth["issue_date"]?.text)
        #expect(report.mismatches.isEmpty)
        #expect(report.documentUnreadable == nil)
        let plus = report.documentVerificationPlus
        #expect(plus.frontDataValidity && !plus.isFrontGreyscale && !plus.expired && plus.reviewRequired.isEmpty)
        #expect(Set(report.timings.map(\.stage)).isSuperset(of: ["decode", "locate", "mrz", "ocr", "quality"]))
    }

    @Test func aDriverLicenceIsReadFromItsBarcodeAndCrossCheckedWithItsFront() throws {
        let sample = documents.samples(kind: "driver_licence").first { $0.degradation == "clean" }!
        let report = try inspect(sample, type: .driverLicense)
        #expect(report.barcode?.aamva?.familyName == sample.truth["surname"]?.text)
        #expect(report.field("date_of_birth")?.value == sample.truth["date_of_birth"]?.text)
        #expect(report.field("date_of_birth")?.source == .barcode)
        #expect(report.field("street")?.value == sample.truth["street"]?.text)
        #expect(report.field("postal_code")?.value == sample.truth["postal_code"]?.text)
        #expect(report.mismatches.isEmpty, "\(report.mismatches)")
        #expect(report.documentVerificationPlus.frontDataValidity && report.documentVerificationPlus.backDataValidity)
    }

    /// No type stated (the mobile specification sends none): the MRZ's layout
    /// or the licence barcode says it, and the report is the one a stated type gives.
    @Test func withoutATypeTheDocumentSaysWhatItIs() throws {
        let clean = { (kind: String) in self.documents.samples(kind: kind).first { $0.degradation == "clean" }! }
        for (kind, expected) in [("passport", DocumentType.passport), ("id_card", .idCard), ("driver_licence", .driverLicense)] {
            let sample = clean(kind)
            let front = documents.bytes(sample.files[0]), back = sample.files.count > 1 ? documents.bytes(sample.files[1]) : nil
            // when
            let detected = try inspector.inspect(front: front, back: back)
            let stated = try inspector.inspect(front: front, back: back, type: expected, country: "US")
            // then
            #expect(detected.documentType == expected, "\(kind)")
            #expect(try inspector.detectType(front: front, back: back) == expected)
            #expect(detected.fields.map(\.value) == stated.fields.map(\.value), "\(kind)")
            #expect(detected.documentUnreadable == nil && detected.mrz?.valid == stated.mrz?.valid)
        }
        // A licence's front alone says nothing: the mobile API then asks for the back.
        #expect(try inspector.detectType(front: documents.bytes(clean("driver_licence").files[0])) == nil)
        // The question a session asks of a front alone: only a passport's photo page skips the back.
        #expect(try inspector.isPassportPage(documents.bytes(clean("passport").files[0])))
        #expect(try !inspector.isPassportPage(documents.bytes(clean("driver_licence").files[0])))
        #expect(try !inspector.isPassportPage(documents.bytes(clean("id_card").files[0])))
        // A picture with neither an MRZ nor a barcode: the type must be stated.
        let blank = try #require(PNGWriter.encode(RGBImage(width: 600, height: 400, pixels: [UInt8](repeating: 230, count: 600 * 400 * 3))))
        #expect(throws: VerityError.self) { try inspector.inspect(front: blank) }
        do { _ = try inspector.inspect(front: blank) } catch { #expect(error.code == .invalidInput && error.field == "document_type") }
    }

    @Test func anIDCardIsReadFromTheMRZOnItsBack() throws {
        let sample = documents.samples(kind: "id_card").first { $0.degradation == "rotated" }!
        let report = try inspect(sample, type: .idCard)
        #expect(report.mrz?.format == .td1 && report.mrz?.valid == true)
        #expect(report.field("document_number")?.side == .back)
        #expect(report.field("surname")?.value == sample.truth["surname"]?.text)
    }

    @Test func aBlurredPassportIsUnreadableAndSaysWhy() throws {
        let sample = documents.samples(kind: "passport").first { $0.degradation == "blur" && $0.id.hasSuffix("000-blur") }!
        let report = try inspect(sample, type: .passport)
        if report.mrz?.valid != true {
            let reasons = try #require(report.documentUnreadable)
            #expect(reasons.contains(.blurry))
            #expect(reasons.contains(.mrzUnreadable) || reasons.contains(.mrzNotFound))
            #expect(!report.documentVerificationPlus.frontDataValidity)
        }
        #expect(report.front.quality.signal(.sharpness)?.passed == false)
    }

    @Test func aGlareOnTheBarcodeTellsTheUserToAvoidGlare() throws {
        for sample in documents.samples(kind: "driver_licence") where sample.degradation == "glare" {
            let report = try inspect(sample, type: .driverLicense)
            if report.barcode == nil {
                #expect(report.documentUnreadable?.contains(.glare) == true, "\(sample.id)")
                #expect(report.documentUnreadable?.contains(.barcodeNotFound) == true)
            }
        }
    }

    @Test func aCutOffDocumentWithoutAReadableMRZSaysSo() throws {
        // given: a passport photo with the MRZ half outside the frame
        let sample = documents.samples(kind: "passport").first { $0.degradation == "photo" }!
        var image = try ImageDecoder().decode(documents.bytes(sample.files[0]))
        let keep = image.height * 70 / 100
        image = RGBImage(width: image.width, height: keep, pixels: Array(image.pixels.prefix(image.width * keep * 3)))
        let png = try #require(PNGWriter.encode(image))
        // when
        let report = try inspector.inspect(front: png, type: .passport, country: "US")
        // then
        #expect(report.documentUnreadable?.contains(.documentCutOff) == true)
    }

    @Test func aGreyCopyIsFlaggedAndNotValid() throws {
        let sample = documents.samples(kind: "passport").first { $0.degradation == "greyscale" }!
        let report = try inspect(sample, type: .passport)
        #expect(report.documentVerificationPlus.isFrontGreyscale)
        #expect(!report.documentVerificationPlus.frontDataValidity)
    }

    @Test func badImagesAreTypedErrorsNamingTheSide() throws {
        let good = documents.bytes(documents.samples(kind: "id_card")[0].files[0])
        #expect(throws: VerityError(.invalidImage, "")) { try inspector.inspect(front: Array("nope".utf8), type: .passport, country: "US") }
        do {
            _ = try inspector.inspect(front: good, back: TinyImages.pngDeclaring(width: 50_000, height: 50_000), type: .idCard, country: "US")
            Issue.record("expected IMAGE_TOO_LARGE")
        } catch {
            #expect(error.code == .imageTooLarge && error.field == "back")
        }
    }
}
