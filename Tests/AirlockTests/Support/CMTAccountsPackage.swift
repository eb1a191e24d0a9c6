/// Account and contact as a Configuration Migration export holds them: the valid package `CMTValidatorTests` breaks
/// one rule at a time, which other suites validate as it is.
enum CMTAccountsPackage {
    static let accountA = "aaaaaaaa-0000-4000-8000-000000000001"
    static let accountB = "aaaaaaaa-0000-4000-8000-000000000002"
    static let contactC = "cccccccc-0000-4000-8000-000000000001"
    static let contactD = "cccccccc-0000-4000-8000-000000000002"

    /// Account and contact, as CMT exports them, with a key on each and the accounts imported first.
    static let schema = """
        <entities>
          <entity name="account" displayname="Account" primaryidfield="accountid" primarynamefield="name" disableplugins="false">
            <fields>
              <field displayname="Account" name="accountid" type="guid" primaryKey="true" />
              <field displayname="Account Name" name="name" type="string" />
              <field updateCompare="true" displayname="Account Number" name="accountnumber" type="string" />
              <field displayname="Number of Employees" name="numberofemployees" type="number" />
              <field displayname="Credit Limit" name="creditlimit" type="money" />
              <field displayname="Do not allow Emails" name="donotemail" type="bool" />
              <field displayname="Created On" name="createdon" type="datetime" />
              <field displayname="Relationship Type" name="customertypecode" type="optionsetvalue" />
              <field displayname="Primary Contact" name="primarycontactid" type="entityreference" lookupType="contact" />
              <field displayname="Owner" name="ownerid" type="owner" />
              <field displayname="Status" name="statecode" type="state" />
              <field displayname="Status Reason" name="statuscode" type="status" />
            </fields>
          </entity>
          <entity name="contact" displayname="Contact" primaryidfield="contactid" primarynamefield="fullname" disableplugins="false">
            <fields>
              <field displayname="Contact" name="contactid" type="guid" primaryKey="true" />
              <field displayname="First Name" name="firstname" type="string" />
              <field displayname="Last Name" name="lastname" type="string" />
              <field updateCompare="true" displayname="Contact Number" name="msdynce_contactnumber" type="string" />
              <field displayname="Company Name" name="parentcustomerid" type="entityreference" lookupType="account|contact" />
            </fields>
          </entity>
          <entityImportOrder>
            <entityName>account</entityName>
            <entityName>contact</entityName>
          </entityImportOrder>
        </entities>
        """

    /// Valid records: account A refers forward to contact C (resolved at the end), the contacts back to the accounts.
    static let data = """
        <?xml version="1.0" encoding="utf-8"?>
        <entities xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" timestamp="2026-11-01T08:00:00.0000000Z">
          <entity name="account" displayname="Account">
            <records>
              <record id="\(accountA)">
                <field name="accountid" value="\(accountA)" />
                <field name="name" value="Contoso &amp;amp; Sons" />
                <field name="accountnumber" value="ACC-001" />
                <field name="numberofemployees" value="120" />
                <field name="creditlimit" value="5000.0000000000" />
                <field name="donotemail" value="False" />
                <field name="createdon" value="2026-03-11T10:30:00.0000000Z" />
                <field name="customertypecode" value="3" />
                <field name="primarycontactid" value="\(contactC)" lookupentity="contact" lookupentityname="Ann Lee" />
                <field name="statecode" value="0" />
                <field name="statuscode" value="1" />
              </record>
              <record id="\(accountB)">
                <field name="accountid" value="\(accountB)" />
                <field name="name" value="Fabrikam" />
                <field name="accountnumber" value="ACC-002" />
                <field name="statecode" value="1" />
                <field name="statuscode" value="2" />
              </record>
            </records>
            <m2mrelationships />
          </entity>
          <entity name="contact" displayname="Contact">
            <records>
              <record id="\(contactC)">
                <field name="contactid" value="\(contactC)" />
                <field name="firstname" value="Ann" />
                <field name="lastname" value="Lee" />
                <field name="msdynce_contactnumber" value="CON-001" />
                <field name="parentcustomerid" value="\(accountA)" lookupentity="account" lookupentityname="Contoso &amp;amp; Sons" />
              </record>
              <record id="\(contactD)">
                <field name="contactid" value="\(contactD)" />
                <field name="lastname" value="Ng" />
                <field name="msdynce_contactnumber" value="CON-002" />
                <field name="parentcustomerid" value="\(contactC)" lookupentity="contact" lookupentityname="Ann Lee" />
              </record>
            </records>
            <m2mrelationships />
          </entity>
        </entities>
        """
}
