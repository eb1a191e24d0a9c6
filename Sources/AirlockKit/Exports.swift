@_exported import AirlockModel
