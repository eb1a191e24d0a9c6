/// How match scores are written in every file and text: a match run's and the keymap's.
public enum ScoreText {
    /// No decimals when whole, else one (`87`, `62.5`).
    public static func score(_ score: Double) -> String {
        let rounded = (score * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
