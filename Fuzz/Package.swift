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
            dependencies: [.product(name: "AirlockKit", package: mainPackage)],
            // libFuzzer supplies the process's `main` (main.swift defines none): only this target is parsed as a
            // library. The sanitizer flags come from `bin/fuzz` on the command line instead, because they must reach
            // every module of the main package too, for the coverage that guides the fuzzer.
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        )
    ],
    swiftLanguageModes: [.v6]
)
