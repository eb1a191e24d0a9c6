import AirlockKit
import Foundation
import Testing

/// Headless Chromium, when installed: finds it and loads a page, returning the DOM after the page's scripts ran.
enum Chromium {
    /// `chromium` or `chromium-browser` on PATH.
    static let path: String? = {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        for name in ["chromium", "chromium-browser"] {
            for folder in folders where FileManager.default.isExecutableFile(atPath: folder + "/" + name) { return folder + "/" + name }
        }
        return nil
    }()

    struct Load {
        var dom: String
        var stderr: String
        var seconds: Double
        /// Lines where the page logged to the console or threw (`…:CONSOLE(…)`, `Uncaught …`).
        var consoleLines: [String] {
            stderr.split(separator: "\n").map(String.init).filter { $0.contains(":CONSOLE") || $0.contains("Uncaught") }
        }
    }

    /// Loads `file` headless (own profile, so parallel tests do not meet) and dumps its DOM. Killed after 60 s.
    static func dumpDOM(_ file: String) throws -> Load {
        let path = try #require(path)
        let profile = try Fixture.scratchDirectory("airlock-chromium-profile")
        let errors = profile + "/stderr.txt"
        _ = FileManager.default.createFile(atPath: errors, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        var arguments = [
            "--headless=new", "--no-sandbox", "--disable-gpu", "--enable-logging=stderr", "--v=0", "--user-data-dir=" + profile,
            "--no-first-run", "--disable-extensions",
        ]
        arguments += ["--dump-dom", URL(fileURLWithPath: file).absoluteString]
        process.arguments = arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errors))
        let started = Date()
        try process.run()
        let watchdog = DispatchWorkItem { if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + 60, execute: watchdog)
        let dom = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        watchdog.cancel()
        let seconds = Date().timeIntervalSince(started)
        let stderr = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
        try? FileManager.default.removeItem(atPath: profile)
        return Load(dom: String(decoding: dom, as: UTF8.self), stderr: stderr, seconds: seconds)
    }
}

/// The page in a real browser: it renders the totals, its script runs without errors, sorting and filtering
/// work, and it reads the same with scripts off.
@Suite(.enabled(if: Chromium.path != nil, "chromium is not installed; apt-get install -y chromium"))
struct ReportBrowserTests {
    /// A script the test appends to a copy of the page: sorts the flows table by `read` both ways, filters it,
    /// and writes what it saw (and how long the page took to be laid out) into `<pre id="airlock-test">`.
    static let probe = """
        <script>
        (function () {
          var result = [];
          try {
            var table = document.getElementById("table-flows");
            var head = table.tHead.rows[0].cells[3];
            function column() { return Array.prototype.map.call(table.tBodies[0].rows, function (r) { return r.cells[3].getAttribute("data-v"); }).join(","); }
            head.click();
            result.push("asc=" + column() + ";" + head.getAttribute("aria-sort"));
            head.click();
            result.push("desc=" + column() + ";" + head.getAttribute("aria-sort"));
            var box = table.caption.querySelector("input.filter");
            box.value = "invoice";
            box.dispatchEvent(new Event("input"));
            result.push("shown=" + Array.prototype.filter.call(table.tBodies[0].rows, function (r) { return r.style.display !== "none"; }).length);
            document.body.getBoundingClientRect();
            result.push("ms=" + Math.round(performance.now()));
          } catch (e) {
            result.push("failed=" + e);
          }
          var pre = document.createElement("pre");
          pre.id = "airlock-test";
          pre.textContent = result.join("|");
          document.body.appendChild(pre);
        }());
        </script>
        </body>
        """

    /// The probe's findings: key → value.
    static func probeResult(_ dom: String) throws -> [String: String] {
        let start = try #require(dom.range(of: "<pre id=\"airlock-test\">"))
        let end = try #require(dom.range(of: "</pre>", range: start.upperBound..<dom.endIndex))
        var result: [String: String] = [:]
        for part in dom[start.upperBound..<end.lowerBound].split(separator: "|") {
            let pieces = part.split(separator: "=", maxSplits: 1).map(String.init)
            if pieces.count == 2 { result[pieces[0]] = pieces[1] }
        }
        return result
    }

    @Test func theConversionPageRendersAndItsScriptWorks() throws {
        let run = try ReportPageSupport.defectsRun()
        let html = ReportPage.html(
            conversion: run.report, rejectExamples: ReportPage.rejectExamples(in: run.out + "/" + RunLayout.rejectsFolder))
        let page = run.out + "/" + RunLayout.conversionPage
        try ReportPage.write(html, to: page)
        let load = try Chromium.dumpDOM(page)
        print("chromium: report.html (\(html.utf8.count) bytes) loaded and dumped in \(String(format: "%.2f", load.seconds)) s")
        #expect(load.consoleLines.isEmpty, "\(load.consoleLines)")
        #expect(load.dom.contains("id=\"total-read\">\(ReportPageSupport.grouped(run.report.totals.read))</dd>"))
        #expect(load.dom.contains("id=\"total-rejected\">\(ReportPageSupport.grouped(run.report.totals.rejected))</dd>"))
        // The script ran: filter boxes and sortable headers.
        #expect(load.dom.contains("class=\"filter\""))
        #expect(load.dom.contains("sortable"))

        // Sorting and filtering, driven by a probe appended to a copy of the page.
        let probed = run.out + "/probed.html"
        try html.replacingOccurrences(of: "</body>", with: Self.probe).write(toFile: probed, atomically: true, encoding: .utf8)
        let probe = try Chromium.dumpDOM(probed)
        #expect(probe.consoleLines.isEmpty, "\(probe.consoleLines)")
        let result = try Self.probeResult(probe.dom)
        #expect(result["failed"] == nil, "\(result)")
        let reads = run.report.flows.values.map(\.read)
        #expect(
            result["asc"].map { $0.split(separator: ";").first.map(String.init) } == reads.sorted().map(String.init).joined(separator: ","))
        #expect(result["asc"]?.hasSuffix(";ascending") == true)
        #expect(
            result["desc"].map { $0.split(separator: ";").first.map(String.init) }
                == reads.sorted(by: >).map(String.init).joined(separator: ","))
        let invoiceRows = run.report.flows.filter { name, flow in
            "\(name) \(flow.direction) \(flow.source) → \(flow.target)".lowercased().contains("invoice")
        }
        #expect(result["shown"] == "\(invoiceRows.count)")
        let milliseconds = try #require(result["ms"].flatMap { Int($0) })
        print("chromium: the page was parsed, scripted and laid out \(milliseconds) ms after navigation started")
        #expect(milliseconds < 2_000)
    }

    @Test func thePageReadsTheSameWithScriptsOff() throws {
        let report = try ReportPageSupport.samplesReport()
        let folder = try Fixture.scratchDirectory("airlock-report-browser")
        // The page without its script is what a browser with scripts off shows (the script only adds: filter
        // boxes and sorting). `--dump-dom` itself needs scripts, so they cannot be switched off in the browser.
        let html = ReportPage.html(conversion: report)
        let start = try #require(html.range(of: "<script>"))
        let end = try #require(html.range(of: "</script>"))
        let page = folder + "/" + RunLayout.conversionPage
        try (String(html[..<start.lowerBound]) + String(html[end.upperBound...])).write(toFile: page, atomically: true, encoding: .utf8)
        let load = try Chromium.dumpDOM(page)
        #expect(load.consoleLines.isEmpty, "\(load.consoleLines)")
        #expect(!load.dom.contains("<script"))
        #expect(load.dom.contains("id=\"total-read\">\(ReportPageSupport.grouped(report.totals.read))</dd>"))
        for name in ConvertFixture.flowNames { #expect(load.dom.contains("<th scope=\"row\">\(name)</th>"), "\(name)") }
        #expect(!load.dom.contains("class=\"filter\""), "no dead filter box without scripts")
    }

    @Test func theValidationPageRenders() throws {
        let pair = try ConvertFixture.generatedPair(accounts: 40, seed: 1, defects: true)
        let report = try PackageValidator.validate(path: pair.fo, catalog: SchemaCatalogLoader.bundled())
        let page = pair.folder + "/validation.html"
        try ReportPage.write(ReportPage.html(validation: report, duration: 0.5), to: page)
        let load = try Chromium.dumpDOM(page)
        #expect(load.consoleLines.isEmpty, "\(load.consoleLines)")
        #expect(report.errors > 0)
        #expect(load.dom.contains("id=\"total-errors\">\(ReportPageSupport.grouped(report.errors))</dd>"))
        for group in report.groups { #expect(load.dom.contains(group.rule), "\(group.rule)") }
    }
}
