/// A Configuration Migration package with every kind of finding a writable package can have: values the writer
/// accepts but Sales refuses (`CMTWrittenValidationTests`), written and relayed as it is (`CMTObserverRelayTests`).
enum CMTProblemsPackage {
    /// Account, contact and approval, with a many-to-many relationship and a party list.
    static let schema = """
        <entities>
          <entity name="account" displayname="Account" primaryidfield="accountid" primarynamefield="name" disableplugins="false">
            <fields>
              <field displayname="Account" name="accountid" type="guid" primaryKey="true" />
              <field displayname="Account Name" name="name" type="string" />
              <field displayname="Account Number" name="accountnumber" type="string" />
              <field displayname="Relationship Type" name="customertypecode" type="optionsetvalue" />
              <field displayname="Primary Contact" name="primarycontactid" type="entityreference" lookupType="contact" />
              <field displayname="Parent" name="parentaccountid" type="entityreference" lookupType="account" />
              <field displayname="Status" name="statecode" type="state" />
              <field displayname="Status Reason" name="statuscode" type="status" />
              <field displayname="Telephone" name="telephone1" type="string" />
            </fields>
          </entity>
          <entity name="contact" displayname="Contact" primaryidfield="contactid" primarynamefield="fullname" disableplugins="false">
            <fields>
              <field displayname="Contact" name="contactid" type="guid" primaryKey="true" />
              <field displayname="Last Name" name="lastname" type="string" />
              <field updateCompare="true" displayname="Contact Number" name="msdynce_contactnumber" type="string" />
              <field displayname="Company Name" name="parentcustomerid" type="entityreference" lookupType="account|contact" />
              <field displayname="Owner" name="ownerid" type="owner" />
            </fields>
            <relationships>
              <relationship name="listcontact" manyToMany="true" isreflexive="false" relatedEntityName="listmember" m2mTargetEntity="list" m2mTargetEntityPrimaryKey="listid" />
            </relationships>
          </entity>
          <entity name="msdyn_approval" primaryidfield="activityid" primarynamefield="subject">
            <fields>
              <field updateCompare="true" name="activityid" type="guid" primaryKey="true" />
              <field name="customers" type="partylist" />
              <field name="subject" type="string" />
            </fields>
          </entity>
          <entityImportOrder>
            <entityName>contact</entityName>
            <entityName>account</entityName>
            <entityName>msdyn_approval</entityName>
          </entityImportOrder>
        </entities>
        """

    static let a1 = "aaaaaaaa-0000-4000-8000-000000000001"
    static let a2 = "aaaaaaaa-0000-4000-8000-000000000002"
    static let c1 = "cccccccc-0000-4000-8000-000000000001"
    static let c2 = "cccccccc-0000-4000-8000-000000000002"
    static let absent = "dddddddd-0000-4000-8000-000000000009"

    static var data: String {
        let long = String(repeating: "x&amp;amp;", count: 60)
        return """
            <?xml version="1.0" encoding="utf-8"?>
            <entities timestamp="2026-11-01T08:00:00.0000000Z">
              <entity name="contact" displayname="Contact">
                <records>
                  <record id="\(c1)">
                    <field name="contactid" value="\(c1)" />
                    <field name="lastname" value="Lee &amp;amp; &amp;lt;Sons&amp;gt; &amp;quot;quoted&amp;quot; it&amp;#39;s&#xA;two lines&#x9;tab" />
                    <field name="msdynce_contactnumber" value="CON-1" />
                    <field name="parentcustomerid" value="\(a1)" lookupentity="account" />
                    <field name="ownerid" value="\(absent)" lookupentity="systemuser" />
                    <field name="nickname_undeclared" value="Annie &amp; co" />
                  </record>
                  <record id="\(c1)">
                    <field name="contactid" value="\(c1)" />
                    <field name="msdynce_contactnumber" value="CON-1" />
                    <field name="parentcustomerid" value="\(absent)" lookupentity="account" />
                  </record>
                  <record id="\(c2)">
                    <field name="contactid" value="\(c2)" />
                    <field name="lastname" value="Ng" />
                    <field name="parentcustomerid" value="\(a2)" lookupentity="systemuser" />
                  </record>
                </records>
                <m2mrelationships>
                  <m2mrelationship sourceid="\(c1)" targetentityname="list" targetentitynameidfield="listid" m2mrelationshipname="listcontact">
                    <targetids>
                      <targetid>\(absent)</targetid>
                    </targetids>
                  </m2mrelationship>
                </m2mrelationships>
              </entity>
              <entity name="account" displayname="Account">
                <records>
                  <record id="\(a1)">
                    <field name="accountid" value="\(a1)" />
                    <field name="name" value="\(long)" />
                    <field name="customertypecode" value="987" />
                    <field name="primarycontactid" value="\(c2)" lookupentity="contact" />
                    <field name="parentaccountid" value="\(a2)" lookupentity="account" />
                    <field name="statecode" value="0" />
                    <field name="statuscode" value="2" />
                  </record>
                  <record id="\(a2)">
                    <field name="accountid" value="\(a2)" />
                    <field name="name" value="FABRIKAM" />
                    <field name="customertypecode" value="-1" />
                    <field name="telephone1" value="\(String(repeating: "9", count: 60))" />
                  </record>
                  <record id="\(absent)">
                    <field name="accountid" value="\(absent)" />
                    <field name="name" value="fabrikam " />
                  </record>
                </records>
              </entity>
              <entity name="msdyn_approval">
                <records>
                  <record id="\(a1)">
                    <field name="customers" value="">
                      <activitypointerrecords id="\(c1)">
                        <field name="partyid" value="\(absent)" lookupentity="contact" />
                        <field name="participationtypemask" value="11" />
                        <field name="donotemail" value="False" />
                      </activitypointerrecords>
                      <activitypointerrecords id="\(c2)">
                        <field name="partyid" value="\(a2)" lookupentity="queue" />
                      </activitypointerrecords>
                    </field>
                    <field name="subject" value="Approve" />
                  </record>
                  <record id="\(a2)">
                    <field name="subject" value="No customers" />
                  </record>
                </records>
              </entity>
              <entity name="lead">
                <records>
                  <record id="\(a1)">
                    <field name="subject" value="Not in the schema" />
                  </record>
                </records>
              </entity>
            </entities>
            """
    }
}
