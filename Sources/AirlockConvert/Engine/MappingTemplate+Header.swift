import AirlockMapping

extension MappingTemplate {
    /// Whether some flow of `set` hangs its lines off this one.
    func isHeaderOfSomeFlow(in set: TemplateSet) -> Bool {
        set.templates.contains { $0.parent?.flow == name }
    }
}
