// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "Airlock",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "airlock", targets: ["airlock"]),
        .library(name: "AirlockKit", targets: ["AirlockKit"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.0.0"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.1.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CArchive",
            pkgConfig: "libarchive",
            providers: [.apt(["libarchive-dev"]), .brew(["libarchive"])]
        ),
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]
        ),
        // zlib, for raw deflate read from a point inside a zip entry (ZipMemberScan, ZipMemberRangeStream).
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]
        ),
        // The C allocator's controls (glibc's malloc.h): no library to link.
        .systemLibrary(name: "CAllocator"),
        .target(
            name: "AirlockIO",
            dependencies: [
                "AirlockModel", "CAllocator", "CArchive", "CLibXML2", "CZlib", .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        // The reference tables (ISO 3166, ISO 4217) are compiled in as data files, as the catalog and the templates are.
        .target(name: "AirlockModel", exclude: ["Resources"], plugins: ["EmbedResources"]),
        .target(name: "AirlockPackages", dependencies: ["AirlockIO", "AirlockModel"]),
        .target(name: "AirlockYAML", dependencies: ["AirlockModel", .product(name: "Yams", package: "Yams")]),
        // The catalog and the templates are compiled into the targets (EmbedResources), not bundled beside the
        // executable: the binary runs copied alone (docs/install.md).
        .target(
            name: "AirlockCatalog",
            dependencies: [
                "AirlockModel", "AirlockYAML", .product(name: "Yams", package: "Yams"), .product(name: "Crypto", package: "swift-crypto"),
            ],
            exclude: ["Resources"],
            plugins: ["EmbedResources"]
        ),
        .target(
            name: "AirlockMapping",
            dependencies: ["AirlockModel", "AirlockYAML"],
            exclude: ["Resources"],
            plugins: ["EmbedResources"]
        ),
        .executableTarget(name: "ResourceEmbedder"),
        .plugin(name: "EmbedResources", capability: .buildTool(), dependencies: ["ResourceEmbedder"]),
        .plugin(name: "StampCommit", capability: .buildTool(), dependencies: ["ResourceEmbedder"]),
        .target(name: "AirlockReconcile", dependencies: ["AirlockIO", "AirlockModel", .product(name: "Crypto", package: "swift-crypto")]),
        .target(name: "AirlockValidate", dependencies: ["AirlockIO", "AirlockModel", "AirlockPackages", "AirlockCatalog"]),
        .target(
            name: "AirlockReport",
            dependencies: [
                "AirlockIO", "AirlockModel", "AirlockPackages", "AirlockMapping", "AirlockReconcile", "AirlockValidate",
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        .target(name: "AirlockDiff", dependencies: ["AirlockIO", "AirlockModel", "AirlockPackages", "AirlockCatalog", "AirlockReconcile"]),
        // How names, streets, mail hosts and phone numbers are folded: what match compares and mask keeps.
        .target(
            name: "AirlockNormalize",
            dependencies: ["AirlockModel", "AirlockYAML"],
            exclude: ["Resources"],
            plugins: ["EmbedResources"]
        ),
        .target(
            name: "AirlockMatch",
            dependencies: ["AirlockIO", "AirlockModel", "AirlockPackages", "AirlockReconcile", "AirlockYAML", "AirlockNormalize"]
        ),
        .target(
            name: "AirlockMask",
            dependencies: [
                "AirlockIO", "AirlockModel", "AirlockPackages", "AirlockYAML", "AirlockMapping", "AirlockNormalize",
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            exclude: ["Resources"],
            plugins: ["EmbedResources"]
        ),
        .target(
            name: "AirlockConvert",
            dependencies: [
                "AirlockIO", "AirlockModel", "AirlockPackages", "AirlockCatalog", "AirlockValidate", "AirlockMapping", "AirlockReconcile",
                "AirlockReport", .product(name: "HeapModule", package: "swift-collections"),
            ]
        ),
        .target(
            name: "AirlockVerify",
            dependencies: [
                "AirlockIO", "AirlockModel", "AirlockPackages", "AirlockCatalog", "AirlockValidate", "AirlockMapping", "AirlockReconcile",
                "AirlockReport",
            ]
        ),
        .target(
            name: "AirlockSample",
            dependencies: ["AirlockIO", "AirlockModel", "AirlockPackages", "AirlockCatalog", "AirlockMapping", "AirlockConvert"]
        ),
        .target(
            name: "AirlockKit",
            dependencies: [
                "AirlockIO", "AirlockModel", "AirlockPackages", "AirlockCatalog", "AirlockValidate", "AirlockMapping", "AirlockReconcile",
                "AirlockReport", "AirlockConvert", "AirlockDiff", "AirlockVerify", "AirlockSample", "AirlockNormalize", "AirlockMatch",
                "AirlockMask",
            ]
        ),
        .target(
            name: "AirlockCommands",
            dependencies: ["AirlockKit", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            plugins: ["StampCommit"]
        ),
        .executableTarget(name: "airlock", dependencies: ["AirlockCommands"]),
        .testTarget(
            name: "AirlockTests",
            dependencies: [
                "AirlockIO", "AirlockModel", "AirlockPackages", "AirlockCatalog", "AirlockValidate", "AirlockMapping", "AirlockReconcile",
                "AirlockReport",
                "AirlockConvert", "AirlockDiff", "AirlockVerify", "AirlockSample", "AirlockNormalize", "AirlockMatch", "AirlockMask",
                "AirlockKit",
                "AirlockCommands", .product(name: "Yams", package: "Yams"),
            ],
            resources: [.copy("Fixtures")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
