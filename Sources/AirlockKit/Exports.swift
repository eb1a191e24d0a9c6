// AirlockKit is the library product: it re-exports the layers below so clients need one import.
@_exported import AirlockCatalog
@_exported import AirlockConvert
@_exported import AirlockDiff
@_exported import AirlockIO
@_exported import AirlockMapping
@_exported import AirlockMask
@_exported import AirlockMatch
@_exported import AirlockModel
@_exported import AirlockNormalize
@_exported import AirlockPackages
@_exported import AirlockReconcile
@_exported import AirlockReport
@_exported import AirlockSample
@_exported import AirlockValidate
@_exported import AirlockVerify
