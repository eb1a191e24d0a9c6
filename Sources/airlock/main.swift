import AirlockCommands
import Foundation

// Tables of millions of rows: large buffers get mappings of their own (see AllocatorTuning).
AllocatorTuning.useOwnMappingsForLargeBlocks()
// Times converted in UTC, decided once here: the zips written do not depend on the machine (see TimeZoneTuning).
TimeZoneTuning.pinToUTC()
// Ctrl-C and SIGTERM: the run's staging folder removed, its ledger line marked interrupted, one line, exit 130.
Interrupts.shared.install { FileHandle.standardError.write(Data($0.utf8)) }
// Exit codes: 0 success, 1 the data has errors, 2 usage or environment errors (including unreadable packages),
// 130 interrupted.
exit(AirlockCLI.run(arguments: Array(CommandLine.arguments.dropFirst())))
