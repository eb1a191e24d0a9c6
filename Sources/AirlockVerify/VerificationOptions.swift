import AirlockReport

/// What `airlock verify` is asked to check: `Verifier.run`'s options, the record `verify.json` keeps of them
/// (`VerificationReport.Options`, in AirlockReport so that the report and its page read it without the verifier).
public typealias VerificationOptions = VerificationReport.Options
