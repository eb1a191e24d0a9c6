import AirlockIO
import AirlockPackages

/// Reads an F&O entity file's masked columns into `MaskPhrases` (`MaskSurvey`), passing the others over.
struct FOSurveyConsumer: FORecordConsumer {
    private(set) var phrases: MaskPhrases
    private(set) var words: MaskWordVocabulary
    /// The method of a file column (by its name in the file), nil when it is not masked.
    private let method: (String) -> MaskMethod?
    /// The masked file columns sought in text, by index, and their methods.
    private var sought: [(index: Int, method: MaskMethod)] = []

    init(phrases: MaskPhrases, words: MaskWordVocabulary, method: @escaping (String) -> MaskMethod?) {
        self.phrases = phrases
        self.words = words
        self.method = method
    }

    mutating func addColumn(_ name: String, at index: Int) throws {
        guard let method = method(name), MaskPhrases.soughtMethods.contains(method) else { return }
        sought.append((index, method))
    }

    mutating func consume(_ record: some FORecordView, line: Int) throws {
        guard !sought.isEmpty else { return }
        // A CSV record's fields split once, not per value.
        if let csv = record as? CSVRecord { csv.withFields { add($0) } } else { add(record) }
    }

    private mutating func add(_ record: some FORecordView) {
        for (index, method) in sought {
            record.withValue(index) { bytes in
                guard let bytes, !bytes.isEmpty else { return }
                phrases.add(bytes, method: method)
                if let purpose = MaskWordVocabulary.purpose(of: method) {
                    words.add(String(decoding: bytes, as: UTF8.self), purpose: purpose)
                }
            }
        }
    }
}
