import AirlockModel
import AirlockPackages
import Testing

struct CMTValueCodecTests {
    @Test func stringsAreHTMLDecodedAfterXMLDecoding() throws {
        // What the reader sees once libxml2 has undone the XML escaping of `Widget &amp;amp; Co`.
        #expect(try CMTValueCodec.decode("Widget &amp; Co", as: .string) == "Widget & Co")
        #expect(try CMTValueCodec.decode("&lt;b&gt; &quot;q&quot; &apos;a&apos; it&#39;s", as: .string) == "<b> \"q\" 'a' it's")
        #expect(try CMTValueCodec.decode("caf&#233; &#xE9;&#XE9; &eacute; &nbsp;|&copy;&euro;", as: .string) == "café éé é \u{A0}|©€")
        #expect(try CMTValueCodec.decode("&#128512;", as: .string) == "😀")
    }

    @Test func unknownOrBrokenReferencesAreLeftAsWritten() throws {
        #expect(try CMTValueCodec.decode("AT&T & co; &bogus; &#xZZ; &#; &amp", as: .string) == "AT&T & co; &bogus; &#xZZ; &#; &amp")
        #expect(try CMTValueCodec.decode("&#xD800; &#1114112; &#0;", as: .string) == "&#xD800; &#1114112; &#0;")
        // Decoded once only: a literal "&amp;" typed by a user arrives as "&amp;amp;".
        #expect(try CMTValueCodec.decode("&amp;amp;", as: .string) == "&amp;")
    }

    @Test func guidsBecomeLowerCaseWithoutBraces() throws {
        let canonical = "982dff41-9bba-4e46-a1e3-127424034240"
        for text in [
            canonical, "982DFF41-9BBA-4E46-A1E3-127424034240", "{982dff41-9bba-4e46-a1e3-127424034240}",
            "(982DFF41-9bba-4e46-a1e3-127424034240)", "982dff419bba4e46a1e3127424034240", " \(canonical) ",
            "982dff41-9bba-4E46-a1e3-127424034240",
        ] {
            #expect(try CMTValueCodec.decode(text, as: .guid) == canonical)
            #expect(try CMTValueCodec.decode(text, as: .entityReference) == canonical)
            #expect(try CMTValueCodec.decode(text, as: .owner) == canonical)
        }
        for bad in [
            "", "982dff41-9bba-4e46-a1e3-12742403424", "982dff41_9bba_4e46_a1e3_127424034240", "{982dff41-9bba-4e46-a1e3-127424034240",
            "g82dff41-9bba-4e46-a1e3-127424034240", "982dff419-bba-4e46-a1e3-127424034240", "982dff41-9bba-4e46-a1e3-12742403424g",
            "982dff41-9bba-4e46-a1e3-12742403424:",
        ] {
            #expect(throws: AirlockError.self) { try CMTValueCodec.decode(bad, as: .guid) }
        }
    }

    /// Every byte at every place of a GUID's four forms: a hex digit (either case) where a digit goes and a hyphen
    /// where one goes are read; any other byte refuses the value (the reader takes a run of digits at a time).
    @Test func guidsAcceptHexDigitsAndHyphensOnlyWhereTheyGo() {
        let canonical = "982dff41-9bba-4e46-a1e3-127424034240"
        let forms = [canonical, String(canonical.filter { $0 != "-" }), "{\(canonical)}", "(\(canonical))"]
        func value(_ bytes: [UInt8]) -> (high: UInt64, low: UInt64)? {
            bytes.withUnsafeBytes { CMTValueCodec.guidValue($0) }
        }
        let expected = value(Array(canonical.utf8))
        #expect(expected?.high == 0x982d_ff41_9bba_4e46 && expected?.low == 0xa1e3_1274_2403_4240)
        for form in forms {
            let bytes = Array(form.utf8)
            #expect(value(bytes)?.high == expected?.high && value(bytes)?.low == expected?.low, "\(form)")
            for place in bytes.indices {
                for byte in UInt8.min...UInt8.max {
                    var changed = bytes
                    changed[place] = byte
                    let original = bytes[place]
                    let isDigitPlace = (0x30...0x39).contains(original) || (0x61...0x66).contains(original)
                    let isHexDigit = (0x30...0x39).contains(byte) || (0x61...0x66).contains(byte) || (0x41...0x46).contains(byte)
                    let accepted = value(changed) != nil
                    if isDigitPlace {
                        #expect(accepted == isHexDigit, "\(form) with byte \(byte) at \(place)")
                    } else if byte != original {
                        #expect(!accepted, "\(form) with byte \(byte) at \(place)")
                    }
                    let canonicalBytes = changed.withUnsafeBytes { CMTValueCodec.isCanonicalGUID($0) }
                    let lower = (0x30...0x39).contains(byte) || (0x61...0x66).contains(byte)
                    #expect(canonicalBytes == (form == canonical && (isDigitPlace ? lower : byte == original)))
                }
            }
        }
        // Digits read in order into the two words, upper case as lower.
        #expect(value(Array("FFFFFFFF-0000-0000-0000-000000000001".utf8))?.high == 0xFFFF_FFFF_0000_0000)
        #expect(value(Array("FFFFFFFF-0000-0000-0000-000000000001".utf8))?.low == 1)
        #expect(value(Array("  982dff41-9bba-4e46-a1e3-127424034240 ".utf8)) != nil)
        #expect(value(Array("982dff41-9bba-4e46-a1e3-12742403424".utf8)) == nil)
    }

    @Test func integersAreRangeCheckedAndCanonical() throws {
        #expect(try CMTValueCodec.decode("11", as: .number) == "11")
        #expect(try CMTValueCodec.decode("+007", as: .number) == "7")
        #expect(try CMTValueCodec.decode("-0", as: .optionSetValue) == "0")
        #expect(try CMTValueCodec.decode("-2147483648", as: .number) == "-2147483648")
        #expect(try CMTValueCodec.decode("742070000", as: .status) == "742070000")
        #expect(try CMTValueCodec.decode("9223372036854775807", as: .bigint) == "9223372036854775807")
        for bad in ["2147483648", "1.0", "1,000", "", "-", "12a"] {
            #expect(throws: AirlockError.self) { try CMTValueCodec.decode(bad, as: .number) }
        }
        #expect(throws: AirlockError.self) { try CMTValueCodec.decode("9223372036854775808", as: .bigint) }
    }

    @Test func decimalsKeepTheirScaleAndNeverGoThroughDouble() throws {
        #expect(try CMTValueCodec.decode("1.2500000000", as: .decimal) == "1.2500000000")
        #expect(try CMTValueCodec.decode("11.5000000000", as: .money) == "11.5000000000")
        #expect(try CMTValueCodec.decode("1.000000000000", as: .money) == "1.000000000000")
        #expect(try CMTValueCodec.decode("0.0000", as: .money) == "0.0000")
        // 29 significant digits: a Double would mangle them.
        #expect(try CMTValueCodec.decode("79228162514264337593543950335", as: .decimal) == "79228162514264337593543950335")
        #expect(try CMTValueCodec.decode("0.1000000000000000055511151231", as: .decimal) == "0.1000000000000000055511151231")
        #expect(try CMTValueCodec.decode("+.5", as: .decimal) == "0.5")
        #expect(try CMTValueCodec.decode("-007.50", as: .decimal) == "-7.50")
        // A value already canonical is copied as it is; one differing in any way is rewritten.
        for (text, canonical) in [
            ("5.", "5"), ("-5.", "-5"), ("0", "0"), ("-0", "-0"), ("10", "10"), ("0.5", "0.5"), ("00", "0"), ("+5", "5"),
            ("-.25", "-0.25"), ("100.010", "100.010"),
        ] {
            #expect(try CMTValueCodec.decode(text, as: .decimal) == canonical, "\(text)")
        }
        for (text, canonical) in [("1E5", "1E5"), ("1.5e-05", "1.5e-05"), ("+1E5", "1E5"), ("01.E5", "1E5"), ("nan", "NaN")] {
            #expect(try CMTValueCodec.decode(text, as: .float) == canonical, "\(text)")
        }
        for bad in ["1,5", "1.5E3", "1 000", "", ".", "abc", "1.2.3"] {
            #expect(throws: AirlockError.self) { try CMTValueCodec.decode(bad, as: .decimal) }
        }
    }

    @Test func floatsAcceptExponentsAndSpecialValues() throws {
        #expect(try CMTValueCodec.decode("73.25", as: .float) == "73.25")
        #expect(try CMTValueCodec.decode("1E-05", as: .float) == "1E-05")
        #expect(try CMTValueCodec.decode("1.5e+300", as: .float) == "1.5e+300")
        #expect(try CMTValueCodec.decode("nan", as: .float) == "NaN")
        #expect(try CMTValueCodec.decode("-Infinity", as: .float) == "-Infinity")
        #expect(throws: AirlockError.self) { try CMTValueCodec.decode("1E", as: .float) }
    }

    @Test func booleansBecomeTrueOrFalse() throws {
        for text in ["True", "true", "TRUE", "1"] { #expect(try CMTValueCodec.decode(text, as: .bool) == "True") }
        for text in ["False", "false", "0"] { #expect(try CMTValueCodec.decode(text, as: .bool) == "False") }
        for bad in ["yes", "", "2", "T"] {
            #expect(throws: AirlockError.self) { try CMTValueCodec.decode(bad, as: .bool) }
        }
    }

    @Test func isoDatetimesGetSevenFractionalDigitsAndKeepTheirZone() throws {
        #expect(try CMTValueCodec.decode("2026-03-11T10:30:00.0000000Z", as: .datetime) == "2026-03-11T10:30:00.0000000Z")
        #expect(try CMTValueCodec.decode("2026-04-01T00:00:00.0000000", as: .datetime) == "2026-04-01T00:00:00.0000000")
        #expect(try CMTValueCodec.decode("2021-01-12T14:27:44.3334598Z", as: .datetime) == "2021-01-12T14:27:44.3334598Z")
        #expect(try CMTValueCodec.decode("2021-01-12T14:27:44.33Z", as: .datetime) == "2021-01-12T14:27:44.3300000Z")
        #expect(try CMTValueCodec.decode("2021-01-12T14:27:44Z", as: .datetime) == "2021-01-12T14:27:44.0000000Z")
        #expect(try CMTValueCodec.decode("2021-01-12T14:27Z", as: .datetime) == "2021-01-12T14:27:00.0000000Z")
        #expect(try CMTValueCodec.decode("2021-01-12", as: .datetime) == "2021-01-12T00:00:00.0000000")
        #expect(try CMTValueCodec.decode("2021-01-12 14:27:44", as: .datetime) == "2021-01-12T14:27:44.0000000")
        #expect(try CMTValueCodec.decode("2021-01-12T14:27:44.1234567+02:00", as: .datetime) == "2021-01-12T14:27:44.1234567+02:00")
        #expect(try CMTValueCodec.decode("2021-01-12T14:27:44-0530", as: .datetime) == "2021-01-12T14:27:44.0000000-05:30")
        #expect(try CMTValueCodec.decode("2024-02-29T00:00:00Z", as: .datetime) == "2024-02-29T00:00:00.0000000Z")
    }

    @Test func cultureFormattedDatetimesAreReadAsUnspecifiedTime() throws {
        // en-US, as in the Capgemini and abvogel exports.
        #expect(try CMTValueCodec.decode("1/1/1970 12:00:00 AM", as: .datetime) == "1970-01-01T00:00:00.0000000")
        #expect(try CMTValueCodec.decode("6/12/2017 9:45:00 AM", as: .datetime) == "2017-06-12T09:45:00.0000000")
        #expect(try CMTValueCodec.decode("4/5/2019 11:23:19 PM", as: .datetime) == "2019-04-05T23:23:19.0000000")
        #expect(try CMTValueCodec.decode("4/5/2019 12:05:00 pm", as: .datetime) == "2019-04-05T12:05:00.0000000")
        // Day first without AM/PM (en-GB, the failing timestamp of dyn365-ce-vsts-tasks#110), and with dots (de-DE).
        #expect(try CMTValueCodec.decode("29/08/2019 17:48:29", as: .datetime) == "2019-08-29T17:48:29.0000000")
        #expect(try CMTValueCodec.decode("05/04/2019 17:48", as: .datetime) == "2019-04-05T17:48:00.0000000")
        #expect(try CMTValueCodec.decode("29.08.2019 17:48:29", as: .datetime) == "2019-08-29T17:48:29.0000000")
        // Day-first impossible (month 29): month first.
        #expect(try CMTValueCodec.decode("08/29/2019 17:48:29", as: .datetime) == "2019-08-29T17:48:29.0000000")
        #expect(try CMTValueCodec.decode("3/23/2019", as: .datetime) == "2019-03-23T00:00:00.0000000")
    }

    @Test func invalidDatetimesAreRefused() throws {
        for bad in [
            "2019-02-29T00:00:00Z", "2019-13-01", "2019-01-01T24:00:00", "2019-01-01T10:60:00", "2019-01-01T10:00:00.12345678Z",
            "13/13/2019 10:00:00", "1/1/2019 13:00:00 PM", "yesterday", "", "2019-01-01T10:00:00Zjunk", "2019-01-01T10:00:00+15:00",
        ] {
            #expect(throws: AirlockError.self, "\(bad)") { try CMTValueCodec.decode(bad, as: .datetime) }
        }
    }

    @Test func optionSetCollectionsGetSentinels() throws {
        #expect(try CMTValueCodec.decode("[-1,71000010,71000012,-1]", as: .optionSetValueCollection) == "[-1,71000010,71000012,-1]")
        #expect(try CMTValueCodec.decode("[71000010, 71000012]", as: .optionSetValueCollection) == "[-1,71000010,71000012,-1]")
        #expect(try CMTValueCodec.decode("1,2", as: .optionSetValueCollection) == "[-1,1,2,-1]")
        #expect(try CMTValueCodec.decode("[-1,-1]", as: .optionSetValueCollection) == "[-1,-1]")
        #expect(try CMTValueCodec.decode("[]", as: .optionSetValueCollection) == "[-1,-1]")
        #expect(throws: AirlockError.self) { try CMTValueCodec.decode("[-1,a,-1]", as: .optionSetValueCollection) }
    }

    @Test func opaqueTypesAreKeptAsWritten() throws {
        #expect(try CMTValueCodec.decode("iVBORw0KGgo=", as: .imageData) == "iVBORw0KGgo=")
        #expect(try CMTValueCodec.decode(" x &amp; y ", as: .other("whatever")) == " x &amp; y ")
        #expect(try CMTValueCodec.decode("", as: .partyList) == "")
    }

    @Test func canonicalFormForWritingLeavesStringsAlone() throws {
        #expect(try CMTValueCodec.canonical("a &amp; b", as: .string) == "a &amp; b")
        #expect(try CMTValueCodec.canonical("true", as: .bool) == "True")
        #expect(try CMTValueCodec.canonical("2019-01-01T10:00:00Z", as: .datetime) == "2019-01-01T10:00:00.0000000Z")
    }

    @Test func badValueErrorNamesTheValueAndTheType() throws {
        let error = try #require(throws: AirlockError.self) { try CMTValueCodec.decode("32/13/2019", as: .datetime) }
        #expect(error.code == .invalidValue)
        #expect(error.message.contains("'32/13/2019'"))
        #expect(error.message.contains("datetime"))
    }

    @Test func fieldTypesRoundTripTheirSpelling() {
        for name in [
            "string", "guid", "number", "bigint", "decimal", "float", "money", "bool", "datetime", "optionsetvalue",
            "optionsetvaluecollection", "state", "status", "entityreference", "owner", "partylist", "imagedata", "filedata",
            "lookup", "customer", "unknown",
        ] {
            let type = CMTFieldType(rawValue: name)
            #expect(type.rawValue == name)
            if case .other = type { Issue.record("\(name) should be in the vocabulary") }
        }
        #expect(CMTFieldType(rawValue: "String") == .other("String"))
        #expect(CMTFieldType(rawValue: "owner").isLookup)
        #expect(!CMTFieldType(rawValue: "guid").isLookup)
    }

    @Test func timestampsKeepTheirTextAndParsedValue() throws {
        let iso = CMTTimestamp(text: "2021-01-12T14:27:44.3334598Z")
        #expect(iso.value?.zone == .utc)
        #expect(iso.canonicalText == "2021-01-12T14:27:44.3334598Z")
        let us = CMTTimestamp(text: "4/5/2019 11:23:19 PM")
        #expect(us.text == "4/5/2019 11:23:19 PM")
        #expect(us.value == (try CMTDateTime(year: 2019, month: 4, day: 5, hour: 23, minute: 23, second: 19)))
        #expect(us.canonicalText == "2019-04-05T23:23:19.0000000")
        let odd = CMTTimestamp(text: "sometime")
        #expect(odd.value == nil)
        #expect(odd.canonicalText == "sometime")
        #expect(throws: AirlockError.self) { try CMTDateTime(year: 2019, month: 2, day: 30) }
    }
}
