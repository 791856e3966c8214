import CTesseract
import Foundation
import VerityCore

/// One line of recognised text with its box and confidence.
public struct OCRLine: Sendable, Equatable {
    public let text: String
    /// 0–100 as Tesseract reports it.
    public let confidence: Double
    public let box: PixelRect
}

/// One Tesseract instance for one language. Not thread-safe: `TesseractPool`
/// hands instances to one caller at a time, and each is reused (loading a model
/// takes ~100 ms; recognising a line a few).
final class TesseractEngine: @unchecked Sendable {
    let language: String
    private let handle: OpaquePointer

    enum PageLayout: Int32 {
        /// Find lines and columns (PSM_AUTO).
        case page = 3
        /// One uniform block of text (PSM_SINGLE_BLOCK).
        case block = 6
        /// Exactly one line (PSM_SINGLE_LINE).
        case line = 7
        /// Exactly one word (PSM_SINGLE_WORD): short lines read better so.
        case word = 8
        /// One line taken as it is, without Tesseract's own line finding (PSM_RAW_LINE).
        case rawLine = 13
        /// Text anywhere, in no order (PSM_SPARSE_TEXT).
        case sparse = 11
    }

    init(language: String) throws(VerityError) {
        self.language = language
        guard let handle = TessBaseAPICreate() else {
            throw VerityError(.systemError, "Tesseract could not be created.")
        }
        // Tesseract reads its data path from TESSDATA_PREFIX or its built-in default.
        guard TessBaseAPIInit3(handle, nil, language) == 0 else {
            TessBaseAPIDelete(handle)
            // Script models ("Arabic") come in tesseract-ocr-script-<script>, language models in tesseract-ocr-<language>.
            let package = language.first?.isUppercase == true ? "tesseract-ocr-script-\(language.prefix(4).lowercased())" : "tesseract-ocr-\(language)"
            throw VerityError(.serviceUnavailable, "Tesseract has no \(language) model: install \(package).")
        }
        self.handle = handle
        // Tesseract writes progress and warnings to stderr; Verity logs its own way.
        _ = TessBaseAPISetVariable(handle, "debug_file", "/dev/null")
    }

    deinit {
        TessBaseAPIEnd(handle)
        TessBaseAPIDelete(handle)
    }

    /// Lines of text in `image`, top to bottom. `characters` limits what may be read.
    func lines(in image: GrayImage, layout: PageLayout, characters: String? = nil, resolution: Int = 300) -> [OCRLine] {
        recognise(image, layout: layout, characters: characters, resolution: resolution, level: RIL_TEXTLINE)
    }

    /// Words of text in `image` with their boxes.
    func words(in image: GrayImage, layout: PageLayout, resolution: Int = 300) -> [OCRLine] {
        recognise(image, layout: layout, characters: nil, resolution: resolution, level: RIL_WORD)
    }

    private func recognise(_ image: GrayImage, layout: PageLayout, characters: String?, resolution: Int, level: TessPageIteratorLevel) -> [OCRLine] {
        guard image.width >= 3, image.height >= 3 else { return [] }
        _ = TessBaseAPISetVariable(handle, "tessedit_char_whitelist", characters ?? "")
        TessBaseAPISetPageSegMode(handle, TessPageSegMode(rawValue: UInt32(layout.rawValue)))
        image.pixels.withUnsafeBufferPointer {
            TessBaseAPISetImage(handle, $0.baseAddress, Int32(image.width), Int32(image.height), 1, Int32(image.width))
        }
        TessBaseAPISetSourceResolution(handle, Int32(resolution))
        defer { TessBaseAPIClear(handle) }
        guard TessBaseAPIRecognize(handle, nil) == 0, let iterator = TessBaseAPIGetIterator(handle) else { return [] }
        defer { TessResultIteratorDelete(iterator) }
        var result: [OCRLine] = []
        repeat {
            guard let raw = TessResultIteratorGetUTF8Text(iterator, level) else { continue }
            let text = String(cString: raw).trimmingCharacters(in: .whitespacesAndNewlines)
            TessDeleteText(raw)
            guard !text.isEmpty else { continue }
            var left: Int32 = 0, top: Int32 = 0, right: Int32 = 0, bottom: Int32 = 0
            let pageIterator = TessResultIteratorGetPageIteratorConst(iterator)
            _ = TessPageIteratorBoundingBox(pageIterator, level, &left, &top, &right, &bottom)
            result.append(OCRLine(text: text, confidence: Double(TessResultIteratorConfidence(iterator, level)),
                                  box: PixelRect(x: Int(left), y: Int(top), width: Int(right - left), height: Int(bottom - top))))
        } while TessResultIteratorNext(iterator, level) != 0
        return result
    }
}

/// Engines per language, created on first use and reused.
public final class TesseractPool: @unchecked Sendable {
    public static let shared = TesseractPool()
    private let lock = NSLock()
    /// Tesseract's initialisation reads and sets process-wide parameters:
    /// engines are created one at a time.
    private let creation = NSLock()
    private var idle: [String: [TesseractEngine]] = [:]

    /// The models Verity reads with: English (MRZ and Latin fields), Arabic
    /// and the Arabic script model (Egyptian IDs).
    public static let languages = ["eng", "ara", "Arabic"]

    /// Whether Tesseract loads `language`; the error names the package that installs it.
    public func check(_ language: String) throws(VerityError) {
        try with(language) { _ in () }
    }

    /// Runs `work` with an engine of `language` that nobody else is using.
    func with<T>(_ language: String, _ work: (TesseractEngine) -> T) throws(VerityError) -> T {
        lock.lock()
        let engine = idle[language]?.popLast()
        lock.unlock()
        let ready: TesseractEngine
        if let engine {
            ready = engine
        } else {
            creation.lock()
            defer { creation.unlock() }
            ready = try TesseractEngine(language: language)
        }
        defer {
            lock.lock()
            idle[language, default: []].append(ready)
            lock.unlock()
        }
        return work(ready)
    }
}
