/// The version of Airlock, as `airlock --version` prints it.
public enum AirlockVersion {
    public static let current = "0.1.0"
}
