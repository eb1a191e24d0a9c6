import AirlockCommands
import Foundation

// Tables of millions of rows: large buffers get mappings of their own (see AllocatorTuning).
AllocatorTuning.useOwnMappingsForLargeBlocks()
// Exit codes: 0 success, 1 the data has errors, 2 usage or environment errors (including unreadable packages).
exit(AirlockCLI.run(arguments: Array(CommandLine.arguments.dropFirst())))
