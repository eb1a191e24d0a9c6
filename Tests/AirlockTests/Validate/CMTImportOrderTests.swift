import AirlockValidate
import Testing

/// The import-order rule `convert` lays `to-sales.zip` out by and `validate` checks a package by: an entity after those
/// its records reference, a cycle ordering nothing, the preferred order kept where the rule leaves a choice.
struct CMTImportOrderTests {
    @Test func anEntityComesAfterWhatItReferencesOutsideACycle() {
        // quotedetail → quote → account ↔ contact (a cycle), product alone.
        let rule = CMTImportOrder(references: [
            "quotedetail": ["quote", "product"], "quote": ["account"], "account": ["contact"], "contact": ["account"],
        ])
        #expect(rule.requires("quotedetail", after: "quote"))
        #expect(rule.requires("quote", after: "account"))
        #expect(!rule.requires("account", after: "contact") && !rule.requires("contact", after: "account"), "a cycle orders nothing")
        #expect(!rule.requires("product", after: "quotedetail"), "no reference")
        #expect(
            rule.order(["quotedetail", "quote", "product", "contact", "account"])
                == ["product", "contact", "account", "quote", "quotedetail"])
        // An order that fits is kept as it is; within the cycle the preferred order decides.
        #expect(
            rule.order(["account", "contact", "product", "quote", "quotedetail"]) == [
                "account", "contact", "product", "quote", "quotedetail",
            ])
    }
}
