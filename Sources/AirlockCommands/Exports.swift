// The executable (and any client) imports AirlockCommands alone: it re-exports the library below.
@_exported import AirlockKit
