import AirlockModel
import Foundation

/// The answer key of an unkeyed pair, `match-truth.csv`: UTF-8, header `kind,entity,left,right`, one line per true
/// link, sorted by kind, entity, left, right (which is the order of the lines' bytes: no key holds a character below
/// the comma).
///
/// - `pair,account,<CUSTOMERACCOUNT>,<accountid>`: an F&O organisation customer and a Sales account of one company;
/// - `pair,contact,<CONTACTPERSONPARTYNUMBER>,<contactid>` for a contact person, and
///   `pair,contact,<CUSTOMERACCOUNT>,<contactid>` for a person customer;
/// - `pair,product,<PRODUCTNUMBER>,<productid>`;
/// - `fo-duplicate,account,<CUSTOMERACCOUNT>,<CUSTOMERACCOUNT>` and `sales-duplicate,<entity>,<id>,<id>`: two records of
///   one side of one thing, the smaller key first. Every record of a duplicate pairs with every record of the
///   thing on the other side.
struct SampleUnkeyedTruth {
    let world: SampleUnkeyedWorld

    static let header = "kind,entity,left,right"

    /// The lines, sorted, without the header.
    func lines() -> [String] {
        var lines: [String] = []
        lines.reserveCapacity(world.organisations.count * 2)
        func link(_ entity: String, _ left: [String], _ right: [String]) {
            for key in left {
                for id in right { lines.append("pair,\(entity),\(key),\(id)") }
            }
        }
        func duplicate(_ side: String, _ entity: String, _ keys: [String]) {
            guard keys.count == 2 else { return }
            let (low, high) = keys[0] < keys[1] ? (keys[0], keys[1]) : (keys[1], keys[0])
            lines.append("\(side)-duplicate,\(entity),\(low),\(high)")
        }
        for (index, plan) in world.organisations.enumerated() {
            var customers: [String] = []
            if plan.sides.contains(.fo) { customers.append(world.customerAccount(plan.customerNumber)) }
            if plan.hasFODuplicate { customers.append(world.customerAccount(plan.duplicateNumber)) }
            var accounts: [String] = []
            if plan.sides.contains(.sales) { accounts.append(world.accountID(index)) }
            if plan.hasSalesDuplicate { accounts.append(world.accountID(index, duplicate: true)) }
            link("account", customers, accounts)
            duplicate("fo", "account", customers)
            duplicate("sales", "account", accounts)
            for slot in 0..<Int(plan.contactCount) {
                let sides = plan.sides(ofContact: slot)
                let people = sides.contains(.fo) ? [world.contactPersonNumber(index, slot: slot)] : []
                var contacts: [String] = []
                if sides.contains(.sales) { contacts.append(world.contactID(index, slot: slot)) }
                if plan.hasSalesDuplicate(ofContact: slot) { contacts.append(world.contactID(index, slot: slot, duplicate: true)) }
                link("contact", people, contacts)
                duplicate("sales", "contact", contacts)
            }
        }
        for (index, plan) in world.persons.enumerated() {
            var contacts: [String] = []
            if plan.inSales { contacts.append(world.personContactID(index)) }
            if plan.hasSalesDuplicate { contacts.append(world.personContactID(index, duplicate: true)) }
            link("contact", [world.customerAccount(plan.customerNumber)], contacts)
            duplicate("sales", "contact", contacts)
        }
        for (index, sides) in world.products.enumerated() where sides == .both {
            link("product", [world.productNumber(index)], [world.productID(index)])
        }
        lines.sort()
        return lines
    }

    /// Writes the file to `path`.
    /// - Throws: `AirlockError(.io)` when it cannot be written.
    func write(to path: String) throws {
        var bytes: [UInt8] = []
        let lines = lines()
        bytes.reserveCapacity(lines.count * 64 + 64)
        bytes.append(contentsOf: Self.header.utf8)
        bytes.append(10)
        for line in lines {
            bytes.append(contentsOf: line.utf8)
            bytes.append(10)
        }
        do {
            try Data(bytes).write(to: URL(fileURLWithPath: path))
        } catch {
            throw AirlockError(.io, "cannot write the file", at: SourceLocation(file: path), cause: SystemErrorText.of(error))
        }
    }
}
