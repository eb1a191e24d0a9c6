import AirlockReconcile

/// What `airlock match` links: Sales accounts with F&O organisation customers, Sales contacts with F&O contact
/// persons and person customers, Sales products with F&O released products (declared below the verbs, where
/// `convert --keymap` reads it too).
public typealias MatchEntity = LinkedEntity
