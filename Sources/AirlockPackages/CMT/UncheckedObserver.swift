/// Hands a `CMTDataObserver` to the one thread that uses it from then on (`CMTObserverRelay`).
struct UncheckedObserver: @unchecked Sendable {
    let observer: CMTDataObserver

    init(_ observer: CMTDataObserver) {
        self.observer = observer
    }
}
