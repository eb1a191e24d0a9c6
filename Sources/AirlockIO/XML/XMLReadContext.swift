internal import CLibXML2

/// State shared with libxml2's C callbacks: the byte source and the first error seen.
final class XMLReadContext {
    let stream: ByteStream
    var streamError: AirlockError?
    var parseMessage: String?
    var parseLine: Int = 0
    var parseColumn: Int = 0

    init(stream: ByteStream) {
        self.stream = stream
    }

    /// Records a libxml2 error; the first one is the cause, later ones are usually consequences.
    func record(message: String, line: Int, column: Int) {
        guard parseMessage == nil else { return }
        parseMessage = message
        parseLine = line
        parseColumn = column
    }
}
