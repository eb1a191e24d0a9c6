// swift-tools-version:6.0
// The libFuzzer harness, kept out of the main package so that a normal build never needs the fuzzer runtime.
// Build and run it with `bin/fuzz`.
import Foundation
import PackageDescription

/// The main package's identity is the name of its folder (a path dependency).
let mainPackage = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

let package = Package(
    name: "AirlockFuzz",
    dependencies: [.package(path: "..")],
    targets: [
        .executableTarget(
            name: "airlock-fuzz",
            dependencies: [.product(name: "AirlockKit", package: mainPackage)]
        )
    ],
    swiftLanguageModes: [.v6]
)
