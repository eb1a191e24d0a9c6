import AirlockModel
import Foundation

/// The entities `to-sales.zip` sent, handed from the thread that reads the package to the thread that streams the
/// Sales export past them, each as soon as its section is read: the export's sections that were not sent (accounts,
/// contacts, quotes) are streamed while the package's large sections are still being read.
///
/// Every answer is the one the whole package would give: an entity is looked up by name only among the entities the
/// package's schema declares, waiting for its section (or the package's end); the key text of a record a lookup
/// names is searched in the sections read so far, in package order, and only when none holds it after the end.
///
/// `@unchecked Sendable`: its state is guarded by `condition`. An entity is complete when published, and from then on
/// only the streaming thread touches it, until the caller takes them all with `all()` after the reading has ended.
final class SentSalesFeed: @unchecked Sendable {
    private let condition = NSCondition()
    private var declared: Set<String>?
    private var published: [SentEntity] = []
    private var finished = false
    private var failure: (any Error)?

    /// The reader: the entities the package's schema declares (every section is one of them).
    func declare(_ names: Set<String>) {
        condition.withLock { declared = names }
        condition.broadcast()
    }

    /// The reader: one entity, its section read.
    func publish(_ entity: SentEntity) {
        condition.withLock { published.append(entity) }
        condition.broadcast()
    }

    /// The reader: the package is read, or reading it failed with `error`.
    func finish(_ error: (any Error)?) {
        condition.withLock {
            finished = true
            failure = error
        }
        condition.broadcast()
    }

    /// The sent entity `name`, once its section is read; nil when the package has no such section.
    /// - Throws: the reader's error, when reading the package failed first.
    func entity(named name: String) throws -> SentEntity? {
        try wait { published, declared, finished in
            if let entity = published.first(where: { $0.name == name }) { return .some(entity) }
            if finished || declared?.contains(name) == false { return .some(nil) }
            return nil
        }
    }

    /// Every sent entity, in package order, once the package is read.
    /// - Throws: the reader's error.
    func all() throws -> [SentEntity] {
        try wait { published, _, finished in finished ? published : nil }
    }

    /// The key text of sent record `row` of `entity` (`SentPackages.keyText`), the record a lookup names searched in
    /// the sections read so far, then, when none holds it, in the whole package.
    func keyText(_ entity: SentEntity, row: Int) throws -> String {
        var failure: (any Error)?
        let text = SentPackages.keyText(entity, row: row) { id in
            let (sofar, done) = condition.withLock { (published, finished) }
            if let key = SentPackages.referencedKey(id: id, from: entity, among: sofar) { return key }
            if done { return nil }
            do {
                return SentPackages.referencedKey(id: id, from: entity, among: try all())
            } catch {
                failure = error
                return nil
            }
        }
        if let failure { throw failure }
        return text
    }

    /// Waits until `ready` gives a value (it is called with the lock held), or the reader fails.
    private func wait<T>(_ ready: ([SentEntity], Set<String>?, Bool) -> T?) throws -> T {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let failure { throw failure }
            if let value = ready(published, declared, finished) { return value }
            condition.wait()
        }
    }
}
