import VerityPKI

extension Settings {
    /// The platform CA's files in `directory` (the data folder by default),
    /// opened with the data key and, during a rotation, the previous ones.
    public func caFiles(in directory: String? = nil) -> CAFiles {
        CAFiles(directory: directory ?? dataDirectory, dataKey: dataKey, previousDataKeys: previousDataKeys)
    }
}
