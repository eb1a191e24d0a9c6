#!/usr/bin/env python3
"""Sales Configuration Migration (CMT) exports in the shapes real exports take, with their answer key.

An independent generator, written apart from Airlock's own writer (nothing under Sources/ was read or reused), from
two published real exports and the format reference:

  - shared/testdata/real/edu-k12-sampledata-2022/K12-SampleData.zip  (Microsoft K-12 education sample data, 2022)
  - shared/testdata/real/ia-nonprofit/DefaultData.zip                (Nonprofit accelerator default data, 2019)
  - shared/reference/dataverse-cmt-package.md, and TALXIS/platform-metadata's `live-export` fixture (newer CMT)

No value is copied from those files: every name, street, phone and e-mail comes from the small built-in lists
below, drawn with random.Random, so that Airlock's converter can be checked on data it was not built with.

What the real exports look like, and what this generator therefore writes:
  - zip members data.xml, data_schema.xml and [Content_Types].xml (that one with a UTF-8 BOM and a declaration);
  - data.xml: no XML declaration, a CR LF before the root element, CR LF line ends, two-space indent, no final
    line end; root `<entities xmlns:xsd=.. xmlns:xsi=.. timestamp=..>` (namespace order varies; timestamp ISO
    `2022-10-07T20:43:34.0274942Z` or US culture `3/25/2019 4:24:05 PM`);
  - one `<field name value [lookupentity lookupentityname]>` per non-empty value, in the schema's field order;
    strings HTML-encoded before XML escaping (`'` -> `&amp;#39;`, `&` -> `&amp;amp;`, characters U+00A0..U+00FF ->
    `&amp;#233;`, others such as U+200B or U+0141 left as they are), line breaks as `&#xD;&#xA;`;
  - booleans `True`/`False`, money with its stored scale (`10000.0000`), decimals with 10 places, option sets as
    integers, multi-select option sets `[-1,494280003,-1]`, date-only values without `Z`;
  - lookups to records that are not in the package (transaction currencies named `USD` or `US Dollar`, system users,
    business units), `owninguser`/`owningbusinessunit` with a `lookupentity` and no `lookupentityname`;
  - data_schema.xml: root `<entities >` (with the space), no declaration, fields sorted by display name with
    late-added custom fields at the end, `etc`, `disableplugins`, `primaryKey`, `customfield`, `lookupType`
    (`account|contact` for customer fields, none on `owner` fields), `<relationships />` or many-to-many entries,
    entities listed in the schema that have no section in data.xml; `accountnumber` is in the schema (it is a
    standard account column) but no record fills it, and `msdynce_contactnumber` does not exist.

Shapes (one zip each, named after the shape; see SHAPES below and truth.json for their counts):
  k12-like         K-12 sample data: schools and districts, USD currency lookups with no currency record, `USA`,
                   states as names and codes, contacts without a parent, mshied_* education records to ignore
  nonprofit-like   Nonprofit default data: households and organisations, currency on two accounts only, country
                   free text in mixed case and languages, US culture dates, primarycontactid, contact parents
  fsi-like         financial-services style: hand-picked schema, money fields, US Dollar / Euro / Pound Sterling
                   lookups with no currency records, parent accounts, delivery addresses, personal contact data
  live-export      a trial org's export by a newer CMT: XML declaration, ISO timestamp, entityImportOrder, the
                   currency record present, sample data names, users outside the package, 3 contacts whose parent
                   account is not exported, a 160-character account name, accountnumber/msdynce_contactnumber
                   filled on a few records only
  excel-roundtrip  k12-like after a round trip through a spreadsheet tool: UTF-8 BOM, LF, a declaration, fields
                   in another order, `value=""` elements for blank values
  big              nonprofit-like with --records accounts and twice as many contacts (speed and memory)

Usage:  Benchmarks/real-shaped-sales.py --out DIR [--seed S] [--size N] [--records N] [--shapes a,b] [--verify]
Equal arguments give byte-identical zips (each shape has its own random stream, seeded from --seed and its name).
"""

import argparse
import base64
import hashlib
import json
import os
import random
import re
import struct
import sys
import time
import unicodedata
import uuid
import xml.etree.ElementTree as ET
import zipfile
import zlib
from collections import Counter, defaultdict, namedtuple
from datetime import date, datetime, timedelta

SHAPES = ['k12-like', 'nonprofit-like', 'fsi-like', 'live-export', 'excel-roundtrip', 'big']

# --------------------------------------------------------------------------------------------------------------
# Value encoding, as CMT's exporter does it
# --------------------------------------------------------------------------------------------------------------

# .NET HttpUtility.HtmlEncode: & < > " ' and the characters U+00A0..U+00FF as decimal references; the rest as is.
_HTML_RE = re.compile('[&<>"\'\u00a0-\u00ff]')
_HTML_MAP = {'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;'}


def html_encode(s):
    return _HTML_RE.sub(lambda m: _HTML_MAP.get(m.group(0)) or '&#%d;' % ord(m.group(0)), s)


# XmlWriter attribute escaping (line breaks and tabs as character references).
_XML_RE = re.compile('[&<>"\r\n\t]')
_XML_MAP = {'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', '\r': '&#xD;', '\n': '&#xA;', '\t': '&#x9;'}


def xml_attr(s):
    return _XML_RE.sub(lambda m: _XML_MAP[m.group(0)], s)


def cmt_value(s):
    return xml_attr(html_encode(s))


Ref = namedtuple('Ref', 'entity id name')      # a lookup value; name None: no lookupentityname attribute


def guid(rng):
    return str(uuid.UUID(int=rng.getrandbits(128), version=4))


def iso_z(dt, frac=0):                          # DateTime.ToString("o") of a UTC value
    return dt.strftime('%Y-%m-%dT%H:%M:%S') + '.%07dZ' % frac


def iso_date(d):                                # a date-only value: no Z
    return d.strftime('%Y-%m-%d') + 'T00:00:00.0000000'


def us_datetime(dt):                            # en-US culture, as older CMT wrote dates and the timestamp
    h = dt.hour % 12 or 12
    return '%d/%d/%d %d:%02d:%02d %s' % (dt.month, dt.day, dt.year, h, dt.minute, dt.second,
                                         'AM' if dt.hour < 12 else 'PM')


def money(x, places=4):
    return '%.*f' % (places, x)


def ascii_fold(s):
    s = s.translate(str.maketrans({'Ł': 'L', 'ł': 'l', 'Ø': 'O', 'ø': 'o', 'Æ': 'Ae', 'æ': 'ae', 'ß': 'ss'}))
    return unicodedata.normalize('NFKD', s).encode('ascii', 'ignore').decode()


def tiny_png(rng):
    """A 1x1 PNG of a random colour (an `imagedata` value is the image's base64)."""
    def chunk(kind, data):
        return struct.pack('>I', len(data)) + kind + data + struct.pack('>I', zlib.crc32(kind + data))
    raw = b'\x00' + bytes(rng.randrange(256) for _ in range(3))
    png = (b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', 1, 1, 8, 2, 0, 0, 0))
           + chunk(b'IDAT', zlib.compress(raw, 9)) + chunk(b'IEND', b''))
    return base64.b64encode(png).decode()


# --------------------------------------------------------------------------------------------------------------
# Built-in value lists (fictitious names; real cities, postcodes and states)
# --------------------------------------------------------------------------------------------------------------

US_PLACES = [  # city, state name, state code, postcodes, phone area code
    ('Redmond', 'Washington', 'WA', ['98052', '98053'], '425'), ('Seattle', 'Washington', 'WA', ['98101', '98104', '98109'], '206'),
    ('Bellevue', 'Washington', 'WA', ['98004', '98006'], '425'), ('Dallas', 'Texas', 'TX', ['75201', '75202', '75204'], '214'),
    ('Austin', 'Texas', 'TX', ['78701', '78704'], '512'), ('Houston', 'Texas', 'TX', ['77002', '77019'], '713'),
    ('Buffalo', 'New York', 'NY', ['14201', '14202'], '716'), ('New York', 'New York', 'NY', ['10001', '10016', '10022'], '212'),
    ('Chicago', 'Illinois', 'IL', ['60601', '60611', '60657'], '312'), ('Carol Stream', 'Illinois', 'IL', ['60188'], '630'),
    ('Boston', 'Massachusetts', 'MA', ['02108', '02116'], '617'), ('Denver', 'Colorado', 'CO', ['80202', '80205'], '303'),
    ('Atlanta', 'Georgia', 'GA', ['30303', '30309'], '404'), ('Phoenix', 'Arizona', 'AZ', ['85004', '85016'], '602'),
    ('Portland', 'Oregon', 'OR', ['97204', '97209'], '503'), ('San Diego', 'California', 'CA', ['92101', '92103'], '619'),
    ('San Francisco', 'California', 'CA', ['94103', '94110'], '415'), ('Miami', 'Florida', 'FL', ['33130', '33131'], '305'),
    ('Minneapolis', 'Minnesota', 'MN', ['55401', '55403'], '612'), ('Columbus', 'Ohio', 'OH', ['43215'], '614'),
    ('Nashville', 'Tennessee', 'TN', ['37203'], '615'), ('Raleigh', 'North Carolina', 'NC', ['27601'], '919'),
    ('Bowie', 'Maryland', 'MD', ['20716'], '301'), ('Washington', 'District of Columbia', 'DC', ['20001', '20005'], '202'),
]
US_STREETS = ['Main Street', 'Main St.', 'College Street', 'Oak Street', 'Maple Ave', 'Elm St.', 'Hill Road',
              'Washington St.', 'Cedar St.', 'Pine Avenue', 'Lakeview Dr.', 'Fairfield Ln', 'Park Avenue', '2nd Avenue',
              'Market Street', 'Broadway', 'River Road', 'Church Street', 'Highland Ave', 'Tulip Rd', 'Rosebud Lp',
              'Lincoln Way', 'Harbor Drive', 'Narrows Ln', 'Coastline Ave.']
LINE2 = ['Suite 200', 'Suite 500', 'Floor 3', 'Building 4', 'Unit 7', 'PO Box 1120', 'Apt 12B', '2nd Floor']

# Other countries: city, state/province ('' when none is written), postcode, street; the street number goes
# before (number_first) or after the street name as that country writes it.
INTL_PLACES = {
    'FR': (True, [('Paris', 'Île-de-France', '75014', 'rue La Boétie'), ('Lyon', 'Auvergne-Rhône-Alpes', '69002', 'rue de la République'),
                  ('Nantes', 'Pays de la Loire', '44000', 'quai de la Fosse')]),
    'GB': (True, [('London', '', 'EC1A 1BB', 'High Holborn'), ('Leeds', 'West Yorkshire', 'LS1 4AP', 'Mill Lane'),
                  ('Manchester', 'Greater Manchester', 'M1 1AE', 'Deansgate'), ('Bristol', '', 'BS1 4DJ', 'Corn Street')]),
    'NL': (False, [('Amsterdam', 'Noord-Holland', '1012 JS', 'Damrak'), ('Utrecht', 'Utrecht', '3511 LX', 'Oudegracht')]),
    'DE': (False, [('Berlin', 'Berlin', '10115', 'Invalidenstraße'), ('München', 'Bayern', '80331', 'Marienplatz'),
                   ('Düsseldorf', 'Nordrhein-Westfalen', '40213', 'Königsallee'), ('Hamburg', 'Hamburg', '20095', 'Mönckebergstraße')]),
    'CA': (True, [('Toronto', 'ON', 'M5H 2N2', 'King Street West'), ('Vancouver', 'BC', 'V6B 1A1', 'Granville Street'),
                  ('Montréal', 'QC', 'H3B 2Y5', 'rue Sainte-Catherine')]),
    'DK': (False, [('Glumsø', 'Region Sjælland', '4171', 'Østervej'), ('Vejle', 'Region Syddanmark', '7100', 'Clematisvænget')]),
    'NZ': (True, [('Hamilton', 'Waikato', '3204', 'Victoria Street'), ('Dunedin', 'Otago', '9016', 'Stephen Street')]),
    'AT': (False, [('Wien', 'Wien', '1010', 'Kärntner Straße')]),
}
PHONE_PREFIX = {'FR': '+33 1 42 68 ', 'GB': '+44 20 7946 0', 'NL': '+31 20 555 0', 'DE': '+49 30 9018 ',
                'CA': '(416) 555-01', 'DK': '+45 32 12 ', 'NZ': '+64 7 838 4', 'AT': '+43 1 5880 '}

# ISO 3166 alpha-2 code a correct converter should give each country text (None: not a country).
COUNTRY_ISO = {'USA': 'US', 'United States': 'US', 'FRANCE': 'FR', 'France': 'FR', 'U.K.': 'GB', 'UNITED KINGDOM': 'GB',
               'United Kingdom': 'GB', 'Nederland': 'NL', 'Deutschland': 'DE', 'Germany': 'DE', 'Canada': 'CA',
               'DENMARK': 'DK', 'NEW ZEALAND': 'NZ', 'New Zealand': 'NZ', 'Österreich': 'AT', 'Europe': None}
# ISO 4217 code of each currency name used in lookups.
CURRENCY_ISO = {'USD': 'USD', 'US Dollar': 'USD', 'Euro': 'EUR', 'Pound Sterling': 'GBP'}

FIRST_NAMES = ['Rafael', 'Heung-Chul', 'Tunde', 'Oguzhan', 'Chinatsu', 'Maude', 'Eula', 'Petra', 'Jimmie', 'Dianna', 'Axel',
               'Shana', 'Aiko', 'Björn', 'Chloé', 'Dmitri', 'Elena', 'Farah', 'Gustavo', 'Hannah', 'Ingrid', 'Jamal', 'Kenji',
               'Leila', 'Mateo', 'Noor', 'Olga', 'Priya', 'Quentin', 'Rosa', 'Sven', 'Talia', 'Umar', 'Vera', 'Wei',
               'Ximena', 'Yusuf', 'Zoë', 'Amélie', 'Łukasz', 'Siobhán', 'Conor', 'Grace', 'Henry', 'Isabel', 'Jonas',
               'Karen', 'Luis', 'Megan', 'Nils', 'Owen', 'Paula', 'Renée', 'Samuel', 'Tomás', 'Ursula', 'Victor', 'Wendy']
LAST_NAMES = ['Viera', 'Yoon', 'Petho', 'Caglar', 'Sakai', 'Bryant', 'Knox', 'Hale', 'Lundgren', 'Lancaster', 'Rose',
              "O'Neil", 'Müller', 'García', 'Novak', 'Okafor', 'Haddad', 'Nakamura', 'Johansson', 'Dubois', 'Kowalski',
              'Rossi', 'Silva', 'Nguyen', 'Schmidt', 'Fischer', 'Ivanova', 'Papadopoulos', 'Jensen', 'de Vries',
              'Søndergaard', 'Lefèvre', 'Walsh', 'Patel', 'Cohen', 'Brennan', 'Lindqvist', 'Moreau', 'Weber', 'Costa',
              'Kim', 'Tanaka', 'Hughes', 'Byrne', 'Andersson', 'Galloway', 'Whitfield', 'Delgado', 'Morgan', 'Ortiz']
ORG_BASES = ['Contoso', 'Fabrikam', 'Adventure Works', 'Fourth Coffee', 'Litware', 'Northwind', 'Tailspin', 'Wingtip',
             'Woodgrove', 'Proseware', 'Lucerne', 'Alpine', 'Blue Yonder', 'Coho', 'Consolidated', 'Humongous',
             'Trey Research', 'Relecloud', 'VanArsdel', 'Wide World', 'Southridge', 'Lamna', 'Bellows', 'Munson',
             'Datum', 'Graphic Design', 'Best For You', 'Margie\'s', 'City Power & Light', 'Fincher']
ORG_KINDS = ['Pharmaceuticals', 'Suites', 'Cycles', 'Organics Company', 'Insurance', 'Architects', 'Messenger',
             'Residences', 'Foundation', 'Institute', 'Travel', 'Traders', 'Importers', 'Toys', 'Winery', 'Publishing',
             'Ski House', 'Airlines', 'Healthcare', 'Logistics', 'Manufacturing', 'Energy', 'Foods', 'Media']
JOB_TITLES = ['Senior Director', 'Operations Manager', 'Manager, CSR Initiatives', 'Director, Account Management',
              'Program Officer', 'Development Director', 'Chief Financial Officer', 'VP, Sales & Marketing',
              'Purchasing Manager', 'Owner', 'IT Director', 'Volunteer Coordinator', 'Grants Manager', "Donors' Liaison"]
SCHOOL_BASES = ['Contoso', 'Fabrikam', 'Bellows', 'Fine Art', 'Lakeside', 'Riverside', 'Northwind', 'Woodgrove',
                'Cedar Ridge', 'Maple Grove', 'Lincoln', 'Jefferson', 'Franklin', 'Roosevelt', 'Hamilton', 'Madison',
                'Pinecrest', 'Oakwood', 'Westfield', 'Eastview', 'Brookside', 'Hillcrest', 'Greenfield', 'Mountain View']
SCHOOL_KINDS = [('Elementary', 494280006), ('Middle School', 494280006), ('High School', 494280006),
                ('Academy', 494280006), ('College', 494280003), ('University', 494280003)]
VENDOR_NAMES = ['Contoso INC', 'Relecloud LLC', 'Mountain Inc', 'Fabrikam Supplies', 'Tailspin Learning Co.',
                'Wingtip Buses', 'Proseware Textbooks', 'Lucerne Publishing', 'Alpine Catering', 'Trey Research LLC']

# --------------------------------------------------------------------------------------------------------------
# Schema catalogs: display name | logical name | CMT type | lookupType, 'pk' (primaryKey) or 'custom' (customfield)
# --------------------------------------------------------------------------------------------------------------

Field = namedtuple('Field', 'displayname name type lookup pk custom')

CATALOG_TEXT = {
    'account': """
# of Contacts|mshied_numberofcontacts|number|custom
# of Contacts (Last Updated On)|mshied_numberofcontacts_date|datetime|custom
# of Contacts (State)|mshied_numberofcontacts_state|number|custom
Account|accountid|guid|pk
Account Name|name|string
Account Number|accountnumber|string
Account Rating|accountratingcode|optionsetvalue
Account Type|mshied_accounttype|optionsetvalue|custom
Account Type|msnfp_accounttype|optionsetvalue|custom
Acquisition Date|msnfp_acquisitiondate|datetime|custom
Address 1|address1_composite|string
Address 1: Address Type|address1_addresstypecode|optionsetvalue
Address 1: City|address1_city|string
Address 1: Country/Region|address1_country|string
Address 1: County|address1_county|string
Address 1: Fax|address1_fax|string
Address 1: Freight Terms|address1_freighttermscode|optionsetvalue
Address 1: ID|address1_addressid|guid|pk
Address 1: Latitude|address1_latitude|float
Address 1: Longitude|address1_longitude|float
Address 1: Name|address1_name|string
Address 1: Post Office Box|address1_postofficebox|string
Address 1: Shipping Method|address1_shippingmethodcode|optionsetvalue
Address 1: State/Province|address1_stateorprovince|string
Address 1: Street 1|address1_line1|string
Address 1: Street 2|address1_line2|string
Address 1: Street 3|address1_line3|string
Address 1: ZIP/Postal Code|address1_postalcode|string
Address 2|address2_composite|string
Address 2: Address Type|address2_addresstypecode|optionsetvalue
Address 2: City|address2_city|string
Address 2: Country/Region|address2_country|string
Address 2: County|address2_county|string
Address 2: Freight Terms|address2_freighttermscode|optionsetvalue
Address 2: ID|address2_addressid|guid|pk
Address 2: Name|address2_name|string
Address 2: Shipping Method|address2_shippingmethodcode|optionsetvalue
Address 2: State/Province|address2_stateorprovince|string
Address 2: Street 1|address2_line1|string
Address 2: Street 2|address2_line2|string
Address 2: Street 3|address2_line3|string
Address 2: ZIP/Postal Code|address2_postalcode|string
Address Phone|address1_telephone1|string
Annual Revenue|revenue|money
Annual Revenue (Base)|revenue_base|money
Business Type|businesstypecode|optionsetvalue
Category|accountcategorycode|optionsetvalue
Classification|accountclassificationcode|optionsetvalue
Created By|createdby|entityreference|systemuser
Created On|createdon|datetime
Credit Hold|creditonhold|bool
Credit Limit|creditlimit|money
Credit Limit (Base)|creditlimit_base|money
Currency|transactioncurrencyid|entityreference|transactioncurrency
Customer Size|customersizecode|optionsetvalue
Default Image|entityimage|imagedata
Description|description|string
Do not allow Bulk Emails|donotbulkemail|bool
Do not allow Bulk Mails|donotbulkpostalmail|bool
Do not allow Emails|donotemail|bool
Do not allow Faxes|donotfax|bool
Do not allow Mails|donotpostalmail|bool
Do not allow Phone Calls|donotphone|bool
Email|emailaddress1|string
Email Address 2|emailaddress2|string
Entity Image Id|entityimageid|guid
Exchange Rate|exchangerate|decimal
Fax|fax|string
Follow Email Activity|followemail|bool
Industry|industrycode|optionsetvalue
Main Phone|telephone1|string
Marketing Only|marketingonly|bool
Master ID|masterid|entityreference|account
Merged|merged|bool
Modified By|modifiedby|entityreference|systemuser
Modified On|modifiedon|datetime
Number of Employees|numberofemployees|number
Open Deals|opendeals|number
Open Deals (Last Updated On)|opendeals_date|datetime
Open Deals (State)|opendeals_state|number
Open Revenue|openrevenue|money
Open Revenue (Base)|openrevenue_base|money
Open Revenue (Last Updated On)|openrevenue_date|datetime
Open Revenue (State)|openrevenue_state|number
Other Phone|telephone2|string
Owner|ownerid|owner
Ownership|ownershipcode|optionsetvalue
Owning Business Unit|owningbusinessunit|entityreference|businessunit
Owning Team|owningteam|entityreference|team
Owning User|owninguser|entityreference|systemuser
Parent Account|parentaccountid|entityreference|account
Participates in Workflow|participatesinworkflow|bool
Payment Terms|paymenttermscode|optionsetvalue
Preferred Method of Contact|preferredcontactmethodcode|optionsetvalue
Price List|defaultpricelevelid|entityreference|pricelevel
Primary Constituent Type|msnfp_primaryconstituenttype|optionsetvalue|custom
Primary Contact|primarycontactid|entityreference|contact
Relationship Type|customertypecode|optionsetvalue
Send Marketing Materials|donotsendmm|bool
Shipping Method|shippingmethodcode|optionsetvalue
SIC Code|sic|string
Status|statecode|state
Status Reason|statuscode|status
Territory Code|territorycode|optionsetvalue
Ticker Symbol|tickersymbol|string
Time Zone|mshied_timezone|number|custom
Time Zone Rule Version Number|timezoneruleversionnumber|number
Website|websiteurl|string
""",
    'contact': """
Account|accountid|entityreference|account
Address 1|address1_composite|string
Address 1: Address Type|address1_addresstypecode|optionsetvalue
Address 1: City|address1_city|string
Address 1: Country/Region|address1_country|string
Address 1: County|address1_county|string
Address 1: ID|address1_addressid|guid|pk
Address 1: Latitude|address1_latitude|float
Address 1: Longitude|address1_longitude|float
Address 1: Phone|address1_telephone1|string
Address 1: State/Province|address1_stateorprovince|string
Address 1: Street 1|address1_line1|string
Address 1: Street 2|address1_line2|string
Address 1: Street 3|address1_line3|string
Address 1: ZIP/Postal Code|address1_postalcode|string
Address 2: Address Type|address2_addresstypecode|optionsetvalue
Address 2: Freight Terms|address2_freighttermscode|optionsetvalue
Address 2: ID|address2_addressid|guid|pk
Address 2: Shipping Method|address2_shippingmethodcode|optionsetvalue
Address 3: ID|address3_addressid|guid|pk
Advisor|mshied_advisorid|entityreference|contact|custom
Anonymous?|msnfp_anonymous|bool|custom
Back Office Customer|isbackofficecustomer|bool
Birth Year|msnfp_birthyear|number|custom
Birthday|birthdate|datetime
Business Phone|telephone1|string
Children's Names|childrensnames|string
Citizenship|mshied_citizenship|optionsetvalue|custom
Company Name|parentcustomerid|entityreference|account|contact
Contact|contactid|guid|pk
Contact Number|msdynce_contactnumber|string|custom
Contact Type|mshied_contacttype|optionsetvaluecollection|custom
Created By|createdby|entityreference|systemuser
Created On|createdon|datetime
Credit Hold|creditonhold|bool
Credit Limit|creditlimit|money
Currency|transactioncurrencyid|entityreference|transactioncurrency
Current Academic Period|mshied_currentacademicperiodid|entityreference|mshied_academicperiod|custom
Current Program Level|mshied_currentprogramlevelid|entityreference|mshied_programlevel|custom
Customer Size|customersizecode|optionsetvalue
Deceased?|msnfp_deceased|bool|custom
Department|department|string
Description|description|string
Do not allow Bulk Emails|donotbulkemail|bool
Do not allow Bulk Mails|donotbulkpostalmail|bool
Do not allow Emails|donotemail|bool
Do not allow Faxes|donotfax|bool
Do not allow Mails|donotpostalmail|bool
Do not allow Phone Calls|donotphone|bool
Education|educationcode|optionsetvalue
Email|emailaddress1|string
Email Address 2|emailaddress2|string
Entity Image|entityimage|imagedata
Entity Image Id|entityimageid|guid
Ethnic Group|mshied_ethnicgroup|optionsetvalue|custom
Exchange Rate|exchangerate|decimal
Fax|fax|string
First Name|firstname|string
Follow Email Activity|followemail|bool
Full Name|fullname|string
GDPR Optout|msdyn_gdproptout|bool|custom
Gender|gendercode|optionsetvalue
Has Children|haschildrencode|optionsetvalue
Home Phone|telephone2|string
Job Title|jobtitle|string
Last Name|lastname|string
Lead Source|leadsourcecode|optionsetvalue
Marital Status|familystatuscode|optionsetvalue
Marketing Only|marketingonly|bool
Merged|merged|bool
Middle Name|middlename|string
Mobile Phone|mobilephone|string
Modified By|modifiedby|entityreference|systemuser
Modified On|modifiedon|datetime
Nickname|nickname|string
Org Change Status|msdyn_orgchangestatus|optionsetvalue|custom
Owner|ownerid|owner
Owning Business Unit|owningbusinessunit|entityreference|businessunit
Owning User|owninguser|entityreference|systemuser
Parent Contact|parentcontactid|entityreference|contact
Participates in Workflow|participatesinworkflow|bool
Preferred Method of Contact|preferredcontactmethodcode|optionsetvalue
Preferred Time|preferredappointmenttimecode|optionsetvalue
Primary Constituent Type|msnfp_primaryconstituenttype|optionsetvalue|custom
Relationship Type|customertypecode|optionsetvalue
Salutation|salutation|string
Send Marketing Materials|donotsendmm|bool
Shipping Method|shippingmethodcode|optionsetvalue
Status|statecode|state
Status Reason|statuscode|status
Student Status|mshied_studentstatusid|entityreference|mshied_studentstatus|custom
Suffix|suffix|string
Territory|territorycode|optionsetvalue
Time Zone Rule Version Number|timezoneruleversionnumber|number
Website|websiteurl|string
Yomi Full Name|yomifullname|string
Primary School|mshied_primaryschoolid|entityreference|account|custom
""",
    'transactioncurrency': """
Transaction Currency|transactioncurrencyid|guid|pk
Currency Name|currencyname|string
Currency Code|isocurrencycode|string
Currency Symbol|currencysymbol|string
Currency Precision|currencyprecision|number
Exchange Rate|exchangerate|decimal
Status|statecode|state
Status Reason|statuscode|status
""",
    'mshied_academicperiod': """
Academic Period|mshied_academicperiodid|guid|pk
Academic Period Name|mshied_name|string|custom
Code|mshied_code|string|custom
End Date|mshied_enddate|datetime|custom
Start Date|mshied_startdate|datetime|custom
Status|statecode|state
Status Reason|statuscode|status
Time Zone Rule Version Number|timezoneruleversionnumber|number
Type|mshied_academicperiodtype|optionsetvalue|custom
""",
    'mshied_studentstatus': """
Code|mshied_code|string|custom
Status|statecode|state
Status Reason|statuscode|status
Student Status|mshied_studentstatusid|guid|pk
Student Status Name|mshied_name|string|custom
""",
    'mshied_programlevel': """
Code|mshied_code|string|custom
Grade Level|mshied_programlevelid|guid|pk
Name|mshied_name|string|custom
Status|statecode|state
Status Reason|statuscode|status
""",
    'mshied_areaofinterest': """
Area of Interest|mshied_areaofinterestid|guid|pk
Name|mshied_name|string|custom
Status|statecode|state
Status Reason|statuscode|status
""",
    'letter': """
Letter|activityid|guid|pk
Subject|subject|string
Regarding|regardingobjectid|entityreference|account|contact
Status|statecode|state
Status Reason|statuscode|status
""",
    'msnfp_designation': """
Designation|msnfp_designationid|guid|pk
Name|msnfp_name|string|custom
Designation Code|msnfp_designationcode|string|custom
Owner|ownerid|owner
Status|statecode|state
Status Reason|statuscode|status
""",
}


def parse_catalog(text):
    fields = {}
    for line in text.strip().splitlines():
        parts = line.split('|')
        disp, name, typ, rest = parts[0], parts[1], parts[2], parts[3:]
        custom = 'custom' in rest
        pk = 'pk' in rest
        lookup = '|'.join(p for p in rest if p not in ('custom', 'pk')) or None
        fields[name] = Field(disp, name, typ, lookup, pk, custom)
    return fields


CATALOG = {entity: parse_catalog(text) for entity, text in CATALOG_TEXT.items()}


def pick_fields(entity, names, late=(), sort=True):
    """Schema fields as CMT lists them: sorted by display name, then the late-added custom fields."""
    cat = CATALOG[entity]
    chosen = [cat[n] for n in names]
    if sort:
        chosen.sort(key=lambda f: (f.displayname.lower(), f.name))
    return chosen + [cat[n] for n in late]


class Entity:
    """One entity: its schema entry and (when records is not None) its data.xml section."""

    def __init__(self, name, displayname, pk, pname, fields, etc=None, disableplugins='false', relationships=None,
                 update_compare=(), filter_xml=None):
        self.name, self.displayname, self.pk, self.pname, self.fields = name, displayname, pk, pname, fields
        self.etc, self.disableplugins, self.relationships = etc, disableplugins, relationships
        self.update_compare, self.filter_xml = set(update_compare), filter_xml
        self.records = None          # list or zero-argument callable returning an iterator of (id, {field: value})
        self.m2m = []                # (sourceid, targetentity, targetidfield, relationshipname, [targetids])


class Package:
    def __init__(self, shape, imitates):
        self.shape, self.imitates = shape, imitates
        self.schema_entities = []    # schema order
        self.data_entities = []      # data.xml section order
        self.import_order = None     # entityImportOrder, or None
        self.schema_root = '<entities >'
        self.uc_first = True         # updateCompare as the first attribute (older CMT) or after type (newer)
        self.members = ['data.xml', 'data_schema.xml', '[Content_Types].xml']
        self.timestamp = None
        self.ns_order = ('xsd', 'xsi')
        self.declaration = False
        self.leading_newline = True
        self.bom = False
        self.newline = '\r\n'
        self.field_order = 'schema'  # or 'by-name' (excel-roundtrip)
        self.blank_elements = False  # write value="" for blank values of the entity's used columns
        self.zip_time = (2022, 12, 13, 17, 51, 14)
        self.notes = []
        self.expected_dangling = {}  # (entity, field) -> how many lookups point at a missing record on purpose


# --------------------------------------------------------------------------------------------------------------
# Shared record pieces
# --------------------------------------------------------------------------------------------------------------

def us_address(rng, state_style):
    city, state_name, code, zips, area = rng.choice(US_PLACES)
    state = {'code': code, 'name': state_name}.get(state_style) or rng.choice([code, state_name])
    return dict(iso='US', line1='%d %s' % (rng.randint(10, 9999), rng.choice(US_STREETS)), city=city, state=state,
                zip=rng.choice(zips), area=area)


def intl_address(rng, iso):
    if iso == 'US':
        return us_address(rng, 'mixed')
    number_first, places = INTL_PLACES[iso]
    city, state, zipc, street = rng.choice(places)
    n = rng.randint(1, 250)
    sep = '  ' if rng.random() < 0.05 else ' '        # a doubled space, as typed
    line1 = ('%d%s%s' % (n, sep, street)) if number_first else ('%s%s%d' % (street, sep, n))
    return dict(iso=iso, line1=line1, city=city, state=state, zip=zipc)


def composite(a, country_text):
    lines = [a['line1']]
    if a.get('line2'):
        lines.append(a['line2'])
    if a['iso'] in ('US', 'CA') and a.get('state'):
        lines.append(('%s, %s %s' % (a['city'], a['state'], a['zip'])).strip())
    else:
        lines.append(' '.join(x for x in (a.get('zip'), a['city'], a.get('state')) if x))
    if country_text:
        lines.append(country_text)
    return '\r\n'.join(lines)


def put_address(rec, prefix, a, country_text, with_composite=True):
    rec[prefix + 'line1'] = a['line1']
    if a.get('line2'):
        rec[prefix + 'line2'] = a['line2']
    rec[prefix + 'city'] = a['city']
    if a.get('state'):
        rec[prefix + 'stateorprovince'] = a['state']
    if a.get('zip'):
        rec[prefix + 'postalcode'] = a['zip']
    if country_text:
        rec[prefix + 'country'] = country_text
    if with_composite:
        rec[prefix + 'composite'] = composite(a, country_text)


def phone(rng, iso='US', area=None):
    if iso == 'US':
        area = area or rng.choice(US_PLACES)[4]
        tail = '555-01%02d' % rng.randint(0, 99)
        style = rng.random()
        if style < 0.7:
            return '(%s) %s' % (area, tail)
        if style < 0.85:
            return '%s-%s' % (area, tail)
        return area + tail.replace('-', '')
    return PHONE_PREFIX[iso] + ''.join(str(rng.randint(0, 9)) for _ in range(3))


def domain_of(name, tld='com'):
    word = re.sub('[^a-z0-9]', '', ascii_fold(name).lower().replace('&', 'and'))[:24] or 'example'
    return '%s.%s' % (word, tld)


def email(first, last, domain):
    local = re.sub("[^A-Za-z0-9.-]", '', ascii_fold('%s.%s' % (first, last)).replace(' ', ''))
    return '%s@%s' % (local, domain)


def unique_name(rng, taken, make, fallback_suffixes):
    for _ in range(30):
        n = make()
        if n not in taken:
            taken.add(n)
            return n
    base = make()
    for suffix in fallback_suffixes:
        n = '%s (%s)' % (base, suffix)
        if n not in taken:
            taken.add(n)
            return n
    i = 2
    while '%s %d' % (base, i) in taken:
        i += 1
    taken.add('%s %d' % (base, i))
    return '%s %d' % (base, i)


def cmt_defaults(entity):
    """The two-option and option-set values every record of a real export carries."""
    d = {'creditonhold': 'False', 'customersizecode': '1', 'donotbulkemail': 'False', 'donotbulkpostalmail': 'False',
         'donotemail': 'False', 'donotfax': 'False', 'donotpostalmail': 'False', 'donotphone': 'False',
         'followemail': 'True', 'marketingonly': 'False', 'merged': 'False', 'participatesinworkflow': 'False',
         'preferredcontactmethodcode': '1', 'donotsendmm': 'False', 'shippingmethodcode': '1', 'statecode': '0',
         'statuscode': '1', 'territorycode': '1', 'address2_addresstypecode': '1', 'address2_freighttermscode': '1',
         'address2_shippingmethodcode': '1'}
    if entity == 'account':
        d.update({'accountratingcode': '1', 'businesstypecode': '1', 'accountclassificationcode': '1'})
    else:
        d.update({'isbackofficecustomer': 'False', 'educationcode': '1', 'haschildrencode': '1', 'leadsourcecode': '1',
                  'preferredappointmenttimecode': '1', 'customertypecode': '1'})
    return d


def person(rng):
    return rng.choice(FIRST_NAMES), rng.choice(LAST_NAMES)


# --------------------------------------------------------------------------------------------------------------
# Shape 1: k12-like (imitates K12-SampleData.zip) -- also the source of excel-roundtrip
# --------------------------------------------------------------------------------------------------------------

K12_ACCOUNT_FIELDS = [
    'mshied_numberofcontacts', 'mshied_numberofcontacts_date', 'mshied_numberofcontacts_state', 'accountid', 'name',
    'accountnumber', 'accountratingcode', 'mshied_accounttype', 'address1_composite', 'address1_addresstypecode',
    'address1_city', 'address1_country', 'address1_county', 'address1_fax', 'address1_freighttermscode',
    'address1_addressid', 'address1_latitude', 'address1_longitude', 'address1_name', 'address1_postofficebox',
    'address1_shippingmethodcode', 'address1_stateorprovince', 'address1_line1', 'address1_line2', 'address1_line3',
    'address1_postalcode', 'address2_composite', 'address2_addresstypecode', 'address2_city', 'address2_country',
    'address2_freighttermscode', 'address2_addressid', 'address2_shippingmethodcode', 'address2_line1',
    'address2_postalcode', 'address1_telephone1', 'revenue', 'revenue_base', 'businesstypecode', 'accountcategorycode',
    'accountclassificationcode', 'creditonhold', 'creditlimit', 'creditlimit_base', 'transactioncurrencyid',
    'customersizecode', 'entityimage', 'description', 'donotbulkemail', 'donotbulkpostalmail', 'donotemail', 'donotfax',
    'donotpostalmail', 'donotphone', 'emailaddress1', 'emailaddress2', 'entityimageid', 'exchangerate', 'fax',
    'followemail', 'industrycode', 'telephone1', 'marketingonly', 'masterid', 'merged', 'numberofemployees',
    'telephone2', 'parentaccountid', 'participatesinworkflow', 'paymenttermscode', 'preferredcontactmethodcode',
    'primarycontactid', 'customertypecode', 'donotsendmm', 'shippingmethodcode', 'sic', 'statecode', 'statuscode',
    'territorycode', 'tickersymbol', 'timezoneruleversionnumber', 'websiteurl']
K12_CONTACT_FIELDS = [
    'accountid', 'address1_composite', 'address1_addresstypecode', 'address1_city', 'address1_country',
    'address1_county', 'address1_addressid', 'address1_latitude', 'address1_longitude', 'address1_telephone1',
    'address1_stateorprovince', 'address1_line1', 'address1_line2', 'address1_line3', 'address1_postalcode',
    'address2_addresstypecode', 'address2_freighttermscode', 'address2_addressid', 'address2_shippingmethodcode',
    'address3_addressid', 'mshied_advisorid', 'isbackofficecustomer', 'birthdate', 'telephone1', 'childrensnames',
    'mshied_citizenship', 'parentcustomerid', 'contactid', 'mshied_contacttype', 'creditonhold', 'creditlimit',
    'transactioncurrencyid', 'mshied_currentacademicperiodid', 'mshied_currentprogramlevelid', 'customersizecode',
    'department', 'description', 'donotbulkemail', 'donotbulkpostalmail', 'donotemail', 'donotfax', 'donotpostalmail',
    'donotphone', 'educationcode', 'emailaddress1', 'emailaddress2', 'entityimage', 'entityimageid',
    'mshied_ethnicgroup', 'exchangerate', 'fax', 'firstname', 'followemail', 'fullname', 'gendercode',
    'haschildrencode', 'telephone2', 'jobtitle', 'lastname', 'leadsourcecode', 'familystatuscode', 'marketingonly',
    'merged', 'middlename', 'mobilephone', 'nickname', 'parentcontactid', 'participatesinworkflow',
    'preferredcontactmethodcode', 'preferredappointmenttimecode', 'customertypecode', 'salutation', 'donotsendmm',
    'shippingmethodcode', 'statecode', 'statuscode', 'mshied_studentstatusid', 'suffix', 'territorycode',
    'timezoneruleversionnumber', 'websiteurl', 'yomifullname']


def build_k12(seed, size):
    rng = random.Random('%s:k12-like' % seed)
    pkg = Package('k12-like', 'edu-k12-sampledata-2022/K12-SampleData.zip (Microsoft K-12 education sample data)')
    ts = datetime(2022, 10, 3, 8, 0, 0) + timedelta(seconds=rng.randint(0, 14 * 86400))
    pkg.timestamp = iso_z(ts, rng.randint(0, 9999999))
    pkg.zip_time = (ts.year, ts.month, ts.day, ts.hour, ts.minute, ts.second - ts.second % 2)
    rollup = iso_z(ts - timedelta(hours=1, minutes=rng.randint(0, 59)))
    usd = Ref('transactioncurrency', guid(rng), 'USD')          # the org's base currency: no record in the package

    # Education reference records (custom mshied_* entities the converter must ignore).
    periods = []
    for year in range(2018, 2023):
        for term, month, code in (('Spring', 1, 'SP'), ('Fall', 8, 'FA')):
            if term == 'Spring' and year == 2018:
                continue
            start = datetime(year, month, 28 if month == 8 else 9, 7, 0)
            end = datetime(year, 12 if month == 8 else 5, 16 if month == 8 else 27, 8, 0)
            periods.append((guid(rng), '%s %d' % (term, year), '%s%02d' % (code, year % 100), start, end))
    statuses = [(guid(rng), n, c) for n, c in (('Accepted', 'FUT'), ('Active', 'ATT'), ('Active, Not Attending', 'NOATTEND'),
                                                ('Graduated', 'GRAD'), ('Withdrawn', 'WD'))]
    levels = [(guid(rng), n, c) for n, c in (('Kindergarten', 'K'), ('First grade', '1'), ('Second grade', '2'),
                                             ('Third grade', '3'), ('Fourth grade', '4'), ('Fifth grade', '5'))]
    areas = [(guid(rng), n) for n in ('Art', 'Mathematics', 'Science', 'Music', 'Robotics', 'World Languages')]

    # Accounts: districts, schools (most under a district), colleges, vendors.
    n_acc = max(size, 8)
    taken = set()
    accounts = []                      # dicts with plan data
    n_districts = max(1, n_acc // 10)
    for i in range(n_acc):
        if i < n_districts:
            kind = 'district'
            name = unique_name(rng, taken, lambda: '%s School District' % rng.choice(SCHOOL_BASES), ['Unified'])
            atype = 494280008
        else:
            r = rng.random()
            if r < 0.12:
                kind = 'vendor'
                name = unique_name(rng, taken, lambda: rng.choice(VENDOR_NAMES), [p[0] for p in US_PLACES])
                atype = rng.choice([494280024, 494280026])
            else:
                kind = 'school'
                sk = rng.choice(SCHOOL_KINDS)
                name = unique_name(rng, taken, lambda: '%s %s' % (rng.choice(SCHOOL_BASES), sk[0]), [p[0] for p in US_PLACES])
                atype = sk[1]
        accounts.append(dict(id=guid(rng), name=name, kind=kind, atype=atype, n_contacts=0))
    # The K-12 file has an account name that starts with a zero-width space (U+200B); so does this one.
    colleges = [a for a in accounts if a['atype'] == 494280003] or [a for a in accounts if a['kind'] != 'district'] \
        or accounts
    zw = colleges[0]
    taken.discard(zw['name'])
    zw['name'] = '\u200b' + zw['name']
    districts = [a for a in accounts if a['kind'] == 'district']
    schools = [a for a in accounts if a['kind'] == 'school']

    # Contacts: staff (parent a school), students (parent a school or district), guardians (no parent).
    n_con = 2 * n_acc + n_acc // 4
    contacts = []
    for i in range(n_con):
        r = rng.random()
        role = 'guardian' if i < 2 or r < 0.25 else ('staff' if r < 0.55 else 'student')
        first, last = person(rng)
        c = dict(id=guid(rng), first=first, last=last, role=role, parent=None)
        if role in ('staff', 'student') and schools:
            school = rng.choice(schools)
            c['school'] = school
            c['parent'] = rng.choice(districts) if (role == 'student' and rng.random() < 0.3) else school
            c['parent']['n_contacts'] += 1
        elif role != 'guardian':
            c['role'] = 'guardian'
        contacts.append(c)
    staff = [c for c in contacts if c['role'] == 'staff']

    # Account records.
    acc_records = []
    for a in accounts:
        rec = cmt_defaults('account')
        rec.update({'accountid': a['id'], 'name': a['name'], 'mshied_accounttype': str(a['atype']),
                    'transactioncurrencyid': usd, 'exchangerate': '1.0000000000',
                    'mshied_numberofcontacts': str(a['n_contacts']), 'mshied_numberofcontacts_date': rollup,
                    'mshied_numberofcontacts_state': '1', 'address1_addressid': guid(rng),
                    'address2_addressid': guid(rng), 'mshied_timezone': rng.choice(['35', '20', '4'])})
        r = rng.random()
        if r < 0.9:                                        # an address; country 'USA' on about half
            addr = us_address(rng, rng.choice(['code', 'name']))
            country = 'USA' if rng.random() < 0.55 else None
            if r < 0.1:                                    # only street and city, as in the real file
                addr = dict(iso='US', line1=addr['line1'], city=addr['city'])
                country = None
            put_address(rec, 'address1_', addr, country)
        if rng.random() < 0.9:
            rec['telephone1'] = phone(rng)
        if rng.random() < 0.65:
            rec['websiteurl'] = '%s://www.%s%s' % (rng.choice(['http', 'https']),
                                                   domain_of(a['name'].replace(' School District', ''),
                                                             'com' if a['kind'] == 'vendor' else 'edu'),
                                                   rng.choice(['', '/']))
        if rng.random() < 0.12:
            v = rng.choice([10000, 250000, 1200000])
            rec['revenue'] = rec['revenue_base'] = money(v)
        if rng.random() < 0.15:
            rec['numberofemployees'] = str(rng.choice([25, 60, 100, 340]))
        if rng.random() < 0.1:
            rec['description'] = {'school': 'Elementary School', 'district': 'Public school district',
                                  'vendor': "Supplier of the district's buses & meals"}.get(a['kind'], 'Campus')
        if a['kind'] == 'school' and districts and rng.random() < 0.7:
            d = rng.choice(districts)
            rec['parentaccountid'] = Ref('account', d['id'], d['name'])
        acc_records.append((a['id'], rec))

    # Contact records.
    con_records = []
    for c in contacts:
        rec = cmt_defaults('contact')
        full = '%s %s' % (c['first'], c['last'])
        rec.update({'contactid': c['id'], 'firstname': c['first'], 'lastname': c['last'], 'fullname': full,
                    'yomifullname': full, 'address1_addressid': guid(rng), 'address2_addressid': guid(rng),
                    'address3_addressid': guid(rng), 'timezoneruleversionnumber': '0',
                    'gendercode': rng.choice(['1', '2'])})
        if c['parent'] is not None:
            p = c['parent']
            rec['parentcustomerid'] = Ref('account', p['id'], p['name'])
        if c['role'] == 'staff':
            rec['jobtitle'] = rng.choice(['Teacher', 'Principal', 'Counselor', 'Librarian', 'Teacher', 'Coach'])
            rec['emailaddress1'] = email(c['first'], c['last'], 'school.edu')
            rec['mshied_contacttype'] = '[-1,494280011,-1]'
            if rng.random() < 0.5:
                rec['telephone1'] = phone(rng)
        elif c['role'] == 'student':
            rec['birthdate'] = iso_date(date(2008, 1, 1) + timedelta(days=rng.randint(0, 9 * 365)))
            rec['emailaddress1'] = email(c['first'], c['last'], 'school.edu')
            rec['mshied_contacttype'] = rng.choice(['[-1,494280003,-1]', '[-1,494280008,-1]', '[-1,494280003,494280006,-1]'])
            rec['mshied_primaryschoolid'] = Ref('account', c['school']['id'], c['school']['name'])
            p = rng.choice(periods[-3:])
            rec['mshied_currentacademicperiodid'] = Ref('mshied_academicperiod', p[0], p[1])
            s = rng.choice(statuses[:2])
            rec['mshied_studentstatusid'] = Ref('mshied_studentstatus', s[0], s[1])
            lv = rng.choice(levels)
            rec['mshied_currentprogramlevelid'] = Ref('mshied_programlevel', lv[0], lv[1])
            rec['mshied_citizenship'] = rng.choice(['494280000', '494280001'])
            if staff and rng.random() < 0.5:
                t = rng.choice(staff)
                rec['mshied_advisorid'] = Ref('contact', t['id'], '%s %s' % (t['first'], t['last']))
            if rng.random() < 0.3:                        # areas of interest: many-to-many rows
                c['areas'] = [x[0] for x in rng.sample(areas, rng.randint(1, 3))]
        else:
            rec['emailaddress1'] = email(c['first'], c['last'], rng.choice(['mail.com', 'outlook.com', 'contoso.com']))
            rec['mshied_contacttype'] = '[-1,494280001,-1]'
        if c['role'] == 'guardian' or rng.random() < 0.3:
            addr = us_address(rng, 'code' if rng.random() < 0.85 else 'name')
            if rng.random() < 0.1:
                addr['line2'] = rng.choice(LINE2)
            country = 'USA' if rng.random() < 0.9 else None
            put_address(rec, 'address1_', addr, country)
        if rng.random() < 0.6:
            rec['mobilephone'] = phone(rng)
        if rng.random() < 0.15:
            rec['entityimage'] = tiny_png(rng)
            rec['entityimageid'] = guid(rng)
        con_records.append((c['id'], rec))
        if c.get('areas'):
            c['m2m'] = (c['id'], 'mshied_areaofinterest', 'mshied_areaofinterestid', 'mshied_contact_areaofinterest',
                        c['areas'])

    account = Entity('account', 'Account', 'accountid', 'name',
                     pick_fields('account', K12_ACCOUNT_FIELDS, late=['mshied_timezone']), etc='1',
                     disableplugins='true', relationships=[])
    contact = Entity('contact', 'Contact', 'contactid', 'fullname',
                     pick_fields('contact', K12_CONTACT_FIELDS, late=['mshied_primaryschoolid']), etc='2',
                     disableplugins='true',
                     relationships=[dict(name='mshied_contact_areaofinterest', manyToMany='true',
                                         relatedEntityName='mshied_contact_areaofinterest',
                                         m2mTargetEntity='mshied_areaofinterest',
                                         m2mTargetEntityPrimaryKey='mshied_areaofinterestid')])
    account.records = acc_records
    contact.records = con_records
    contact.m2m = [c['m2m'] for c in contacts if c.get('m2m')]

    def edu(name, disp, etc, pk, records):
        e = Entity(name, disp, pk, 'mshied_name', pick_fields(name, list(CATALOG[name])), etc=etc,
                   disableplugins='true', relationships=[])
        e.records = records
        return e

    period_e = edu('mshied_academicperiod', 'Academic Period', '10130', 'mshied_academicperiodid',
                   [(p[0], {'mshied_academicperiodid': p[0], 'mshied_name': p[1], 'mshied_code': p[2],
                            'mshied_enddate': iso_z(p[4]), 'mshied_startdate': iso_z(p[3]), 'statecode': '0',
                            'statuscode': '1', 'timezoneruleversionnumber': '0',
                            'mshied_academicperiodtype': '494280000'}) for p in periods])
    status_e = edu('mshied_studentstatus', 'Student Status', '10157', 'mshied_studentstatusid',
                   [(s[0], {'mshied_code': s[2], 'statecode': '0', 'statuscode': '1', 'mshied_studentstatusid': s[0],
                            'mshied_name': s[1]}) for s in statuses])
    level_e = edu('mshied_programlevel', 'Grade Level', '10151', 'mshied_programlevelid',
                  [(lv[0], {'mshied_code': lv[2], 'mshied_programlevelid': lv[0], 'mshied_name': lv[1],
                            'statecode': '0', 'statuscode': '1'}) for lv in levels])
    area_e = edu('mshied_areaofinterest', 'Area of Interest', '10133', 'mshied_areaofinterestid',
                 [(x[0], {'mshied_areaofinterestid': x[0], 'mshied_name': x[1], 'statecode': '0', 'statuscode': '1'})
                  for x in areas])
    letter = Entity('letter', 'Letter', 'activityid', 'subject', pick_fields('letter', list(CATALOG['letter'])),
                    etc='4207', disableplugins='true', relationships=[])     # in the schema, no data section
    pkg.schema_entities = [account, contact, period_e, letter, status_e, level_e, area_e]
    pkg.data_entities = [account, contact, period_e, status_e, level_e, area_e]
    pkg.notes = ['Currency lookups name "USD" and point at a transactioncurrency record that is not in the package.',
                 'One account name begins with a zero-width space (U+200B), as "\u200bFabrikam College" does in the '
                 'K-12 file.',
                 'The schema lists "letter", which has no section in data.xml.',
                 'mshied_* entities (and the contacts\' mshied_* lookups and the m2m rows) are education data a Sales '
                 'to F&O conversion ignores.']
    return pkg


def build_excel_roundtrip(seed, size):
    """k12-like (same seed, same records) after a spreadsheet/XML tool re-saved data.xml."""
    pkg = build_k12(seed, size)
    pkg.shape = 'excel-roundtrip'
    pkg.imitates = ('k12-like re-saved by a spreadsheet or XML tool: UTF-8 BOM, XML declaration, LF line ends, fields '
                    'sorted by name, empty value="" elements for blank cells')
    pkg.bom = True
    pkg.declaration = True
    pkg.leading_newline = False
    pkg.newline = '\n'
    pkg.field_order = 'by-name'
    pkg.blank_elements = True
    pkg.notes = pkg.notes + ['data.xml only was re-saved; data_schema.xml and [Content_Types].xml are unchanged.',
                             'Blank cells are written as <field name="x" value="" /> (also for lookups, without '
                             'lookupentity): they mean "no value", not an empty string to import.']
    return pkg


# --------------------------------------------------------------------------------------------------------------
# Shapes 2 and 6: nonprofit-like and big (imitates DefaultData.zip); records are made while they are written
# --------------------------------------------------------------------------------------------------------------

NP_ACCOUNT_FIELDS = [
    'accountid', 'name', 'accountnumber', 'accountratingcode', 'msnfp_accounttype', 'msnfp_acquisitiondate',
    'address1_composite', 'address1_addresstypecode', 'address1_city', 'address1_country', 'address1_county',
    'address1_fax', 'address1_freighttermscode', 'address1_addressid', 'address1_latitude', 'address1_longitude',
    'address1_name', 'address1_postofficebox', 'address1_shippingmethodcode', 'address1_stateorprovince',
    'address1_line1', 'address1_line2', 'address1_line3', 'address1_postalcode', 'address2_composite',
    'address2_addresstypecode', 'address2_city', 'address2_country', 'address2_freighttermscode', 'address2_addressid',
    'address2_shippingmethodcode', 'address2_stateorprovince', 'address2_line1', 'address2_postalcode',
    'address1_telephone1', 'revenue', 'revenue_base', 'businesstypecode', 'accountcategorycode',
    'accountclassificationcode', 'createdby', 'createdon', 'creditonhold', 'creditlimit', 'creditlimit_base',
    'transactioncurrencyid', 'customersizecode', 'entityimage', 'description', 'donotbulkemail', 'donotbulkpostalmail',
    'donotemail', 'donotfax', 'donotpostalmail', 'donotphone', 'emailaddress1', 'emailaddress2', 'entityimageid',
    'exchangerate', 'fax', 'followemail', 'industrycode', 'telephone1', 'marketingonly', 'masterid', 'merged',
    'modifiedby', 'modifiedon', 'numberofemployees', 'opendeals', 'opendeals_date', 'opendeals_state', 'openrevenue',
    'openrevenue_base', 'openrevenue_date', 'openrevenue_state', 'telephone2', 'ownerid', 'ownershipcode',
    'owningbusinessunit', 'owningteam', 'owninguser', 'parentaccountid', 'participatesinworkflow', 'paymenttermscode',
    'preferredcontactmethodcode', 'defaultpricelevelid', 'msnfp_primaryconstituenttype', 'primarycontactid',
    'customertypecode', 'donotsendmm', 'shippingmethodcode', 'sic', 'statecode', 'statuscode', 'territorycode',
    'tickersymbol', 'timezoneruleversionnumber', 'websiteurl']
NP_CONTACT_FIELDS = [
    'address1_composite', 'address1_addresstypecode', 'address1_city', 'address1_country', 'address1_county',
    'address1_addressid', 'address1_latitude', 'address1_longitude', 'address1_telephone1', 'address1_stateorprovince',
    'address1_line1', 'address1_line2', 'address1_line3', 'address1_postalcode', 'address2_addresstypecode',
    'address2_freighttermscode', 'address2_addressid', 'address2_shippingmethodcode', 'address3_addressid',
    'msnfp_anonymous', 'isbackofficecustomer', 'msnfp_birthyear', 'birthdate', 'telephone1', 'childrensnames',
    'parentcustomerid', 'contactid', 'createdby', 'createdon', 'creditonhold', 'creditlimit', 'transactioncurrencyid',
    'customersizecode', 'msnfp_deceased', 'department', 'description', 'donotbulkemail', 'donotbulkpostalmail',
    'donotemail', 'donotfax', 'donotpostalmail', 'donotphone', 'educationcode', 'emailaddress1', 'emailaddress2',
    'entityimage', 'entityimageid', 'exchangerate', 'fax', 'firstname', 'followemail', 'fullname', 'msdyn_gdproptout',
    'gendercode', 'haschildrencode', 'telephone2', 'jobtitle', 'lastname', 'leadsourcecode', 'familystatuscode',
    'marketingonly', 'merged', 'middlename', 'mobilephone', 'modifiedby', 'modifiedon', 'nickname',
    'msdyn_orgchangestatus', 'ownerid', 'owningbusinessunit', 'owninguser', 'parentcontactid',
    'participatesinworkflow', 'preferredcontactmethodcode', 'preferredappointmenttimecode',
    'msnfp_primaryconstituenttype', 'customertypecode', 'salutation', 'donotsendmm', 'shippingmethodcode', 'statecode',
    'statuscode', 'suffix', 'territorycode', 'timezoneruleversionnumber', 'websiteurl', 'yomifullname']

# Country texts as typed in the nonprofit data: (ISO code, weight, the texts used for it)
NP_COUNTRIES = [('US', 45, ['USA', 'USA', 'United States']), ('FR', 10, ['FRANCE', 'France']),
                ('GB', 10, ['U.K.', 'UNITED KINGDOM']), ('NL', 8, ['Nederland']), ('DE', 8, ['Deutschland']),
                ('CA', 8, ['Canada']), ('DK', 4, ['DENMARK']), ('NZ', 4, ['NEW ZEALAND', 'New Zealand']),
                ('AT', 3, ['Österreich'])]


def np_address(rng):
    iso, _, texts = rng.choices(NP_COUNTRIES, weights=[w for _, w, _ in NP_COUNTRIES])[0]
    a = intl_address(rng, iso)
    if rng.random() < 0.08:
        a['line2'] = 'Suite 500'
    return a, (rng.choice(texts) if rng.random() < 0.92 else None)


def build_nonprofit(seed, n_acc, n_con, shape='nonprofit-like'):
    rng = random.Random('%s:%s' % (seed, shape))
    pkg = Package(shape, 'ia-nonprofit/DefaultData.zip (Nonprofit accelerator default data)')
    pkg.members = ['data_schema.xml', 'data.xml', '[Content_Types].xml']
    pkg.ns_order = ('xsi', 'xsd')
    day = datetime(2019, 3, 4) + timedelta(days=rng.randint(0, 60))
    created0 = day + timedelta(hours=13, minutes=rng.randint(0, 50))
    ts = created0 + timedelta(hours=2, minutes=rng.randint(0, 59), seconds=rng.randint(0, 59))
    pkg.timestamp = us_datetime(ts)
    pkg.zip_time = (ts.year, ts.month, ts.day, ts.hour, ts.minute, ts.second - ts.second % 2)
    first, last = person(rng)
    admin = (guid(rng), '%s %s' % (first, last))
    bu = guid(rng)
    us_dollar = Ref('transactioncurrency', guid(rng), 'US Dollar')     # no currency record in the package

    # Plan: who exists, and who points at whom (ids, names, parent links) -- small enough for millions.
    acc_ids = [guid(rng) for _ in range(n_acc)]
    acc_kind = []
    acc_names = []
    household_last = []
    taken = set()
    big = shape == 'big'
    for i in range(n_acc):
        if rng.random() < 0.6:
            ln = rng.choice(LAST_NAMES)
            acc_kind.append('household')
            household_last.append(ln)
            acc_names.append('%s Household' % ln)         # households repeat, as they do in real data
        else:
            acc_kind.append('org')
            household_last.append(None)
            if big:                                     # 20,000 organisations need their town to differ
                acc_names.append('%s %s %s' % (rng.choice(ORG_BASES), rng.choice(ORG_KINDS),
                                               rng.choice(US_PLACES)[0]))
            else:
                acc_names.append(unique_name(rng, taken, lambda: '%s %s' % (rng.choice(ORG_BASES), rng.choice(ORG_KINDS)),
                                             [p[0] for p in US_PLACES]))
    # The one account whose country text is not a country ("Europe").
    europe_idx = rng.randrange(n_acc)
    acc_kind[europe_idx] = 'org'
    acc_names[europe_idx] = 'Lamna Healthcare Europe'
    household_last[europe_idx] = None
    n_currency = 2 if not big else max(2, n_acc // 100)
    orgs = [i for i in range(n_acc) if acc_kind[i] == 'org' and i != europe_idx] or \
        [i for i in range(n_acc) if i != europe_idx]
    currency_idx = set(rng.sample(orgs, min(n_currency, len(orgs))))

    n_contact_parent = max(2, n_con // 30)
    n_none = max(2, n_con // 12)
    n_with_account = n_con - n_contact_parent - n_none
    con_ids = [guid(rng) for _ in range(n_con)]
    con_first = []
    con_last = []
    con_parent = []                    # ('account', index) | ('contact', index) | None
    acc_members = defaultdict(list)
    order = list(range(n_con))
    rng.shuffle(order)                 # who is which kind, spread over the file
    kind_of = {}
    for k, ci in enumerate(order):
        kind_of[ci] = 'account' if k < n_with_account else ('contact' if k < n_with_account + n_contact_parent else None)
    next_acc = 0
    for ci in range(n_con):
        f, l = person(rng)
        kind = kind_of[ci]
        if kind == 'account':
            ai = next_acc if next_acc < n_acc else rng.randrange(n_acc)
            next_acc += 1
            if household_last[ai]:
                l = household_last[ai]
            con_parent.append(('account', ai))
            acc_members[ai].append(ci)
        else:
            con_parent.append(kind)
        con_first.append(f)
        con_last.append(l)
    with_account = [ci for ci in range(n_con) if con_parent[ci] and con_parent[ci][0] == 'account']
    for ci in range(n_con):
        if con_parent[ci] == 'contact':
            con_parent[ci] = ('contact', rng.choice(with_account))
    primary = {ai: m[0] for ai, m in acc_members.items() if rng.random() < 0.78}

    def con_name(ci):
        return '%s %s' % (con_first[ci], con_last[ci])

    def audit(rec, base):
        created = base + timedelta(seconds=rng.randint(0, 40))
        rec['createdon'] = us_datetime(created)
        rec['modifiedon'] = us_datetime(created + timedelta(minutes=rng.choice([0, 33, 381]), seconds=rng.randint(0, 59)))
        rec['createdby'] = rec['modifiedby'] = rec['ownerid'] = Ref('systemuser', admin[0], admin[1])
        rec['owninguser'] = Ref('systemuser', admin[0], None)
        rec['owningbusinessunit'] = Ref('businessunit', bu, None)

    def accounts():
        for ai in range(n_acc):
            rec = cmt_defaults('account')
            rec.update({'accountid': acc_ids[ai], 'name': acc_names[ai], 'address1_addressid': guid(rng),
                        'address2_addressid': guid(rng), 'opendeals': '0', 'opendeals_state': '1',
                        'opendeals_date': us_datetime(created0 + timedelta(seconds=20)),
                        'openrevenue_date': us_datetime(created0 + timedelta(seconds=20)), 'openrevenue_state': '7'})
            audit(rec, created0)
            rec['msnfp_accounttype'] = '844060000' if acc_kind[ai] == 'household' else '844060001'
            if ai == europe_idx:
                a = dict(iso='BE', line1='Rue de la Loi 16', city='Bruxelles', zip='1000')
                put_address(rec, 'address1_', a, 'Europe')
            elif rng.random() < 0.65:
                a, country = np_address(rng)
                put_address(rec, 'address1_', a, country)
            if rng.random() < 0.75:
                rec['telephone1'] = phone(rng)
            if rng.random() < 0.5:
                rec['msnfp_acquisitiondate'] = us_datetime(datetime(rng.randint(2001, 2018), rng.randint(1, 12),
                                                                    rng.randint(1, 28), rng.choice([4, 5])))
            if rng.random() < 0.3:
                rec['msnfp_primaryconstituenttype'] = '100000000'
            if ai in primary:
                ci = primary[ai]
                rec['primarycontactid'] = Ref('contact', con_ids[ci], con_name(ci))
            if ai in currency_idx:
                v = rng.choice([1000000, 10050000, 2500000])
                rec.update({'transactioncurrencyid': us_dollar, 'exchangerate': '1.0000000000',
                            'revenue': money(v), 'revenue_base': money(v), 'openrevenue': money(0, 10),
                            'openrevenue_base': money(0, 10), 'openrevenue_state': '1'})
                if rng.random() < 0.5:
                    rec['numberofemployees'] = str(rng.randint(20, 400))
            yield acc_ids[ai], rec

    def contacts():
        for ci in range(n_con):
            rec = cmt_defaults('contact')
            f, l = con_first[ci], con_last[ci]
            rec.update({'contactid': con_ids[ci], 'firstname': f, 'lastname': l, 'fullname': con_name(ci),
                        'yomifullname': con_name(ci), 'address1_addressid': guid(rng), 'address2_addressid': guid(rng),
                        'address3_addressid': guid(rng), 'msnfp_anonymous': 'False', 'msnfp_deceased': 'False',
                        'msdyn_gdproptout': 'False', 'msdyn_orgchangestatus': '0',
                        'emailaddress1': email(f, l, 'contoso.com')})
            audit(rec, created0 + timedelta(seconds=15))
            p = con_parent[ci]
            if p and p[0] == 'account':
                rec['parentcustomerid'] = Ref('account', acc_ids[p[1]], acc_names[p[1]])
            elif p:
                rec['parentcustomerid'] = Ref('contact', con_ids[p[1]], con_name(p[1]))
            rec['telephone1'] = phone(rng)
            rec['mobilephone'] = phone(rng)
            if rng.random() < 0.92:
                rec['jobtitle'] = rng.choice(JOB_TITLES)
            if rng.random() < 0.9:
                rec['msnfp_primaryconstituenttype'] = '100000000'
            if rng.random() < 0.25:
                a, country = np_address(rng)
                put_address(rec, 'address1_', a, country)
            if rng.random() < 0.05:
                y = rng.randint(1950, 2001)
                rec['msnfp_birthyear'] = str(y)
                rec['birthdate'] = us_datetime(datetime(y, rng.randint(1, 12), rng.randint(1, 28)))
            yield con_ids[ci], rec

    account = Entity('account', 'Account', 'accountid', 'name', pick_fields('account', NP_ACCOUNT_FIELDS), etc='1',
                     relationships=[dict(name='accountleads', manyToMany='true', isreflexive='false',
                                         relatedEntityName='accountleads', m2mTargetEntity='lead',
                                         m2mTargetEntityPrimaryKey='accountid')])
    contact = Entity('contact', 'Contact', 'contactid', 'fullname', pick_fields('contact', NP_CONTACT_FIELDS), etc='2',
                     relationships=[dict(name='contactleads', manyToMany='true', isreflexive='false',
                                         relatedEntityName='contactleads', m2mTargetEntity='lead',
                                         m2mTargetEntityPrimaryKey='leadid')])
    account.records = accounts
    contact.records = contacts
    desig = Entity('msnfp_designation', 'Designation', 'msnfp_designationid', 'msnfp_name',
                   pick_fields('msnfp_designation', list(CATALOG['msnfp_designation'])), etc='10264', relationships=[])
    drecs = []
    for n, code in (('General Fund', 'GEN'), ('Scholarship Fund', 'SCH'), ('Capital Campaign', 'CAP')):
        i = guid(rng)
        drecs.append((i, {'msnfp_designationid': i, 'msnfp_name': n, 'msnfp_designationcode': code,
                          'ownerid': Ref('systemuser', admin[0], admin[1]), 'statecode': '0', 'statuscode': '1'}))
    desig.records = drecs
    pkg.schema_entities = [account, contact, desig]
    pkg.data_entities = [account, contact, desig]
    pkg.notes = ['The root timestamp and every date are en-US culture text ("3/25/2019 4:24:05 PM").',
                 'Country texts are free text in mixed case and in their own language; "Europe" is not a country.',
                 'Non-ASCII letters are HTML-encoded inside the XML ("M&amp;#252;nchen" decodes to "München").',
                 'Household names repeat; owninguser/owningbusinessunit carry no lookupentityname.',
                 'msnfp_designation is Nonprofit data a Sales to F&O conversion ignores.']
    return pkg


# --------------------------------------------------------------------------------------------------------------
# Shape 3: fsi-like (financial services accelerator style; hand-picked schema)
# --------------------------------------------------------------------------------------------------------------

FSI_ACCOUNT_FIELDS = [
    'accountid', 'name', 'telephone1', 'emailaddress1', 'websiteurl', 'address1_line1', 'address1_line2',
    'address1_city', 'address1_stateorprovince', 'address1_postalcode', 'address1_country', 'address1_composite',
    'address1_addressid', 'address2_addresstypecode', 'address2_name', 'address2_line1', 'address2_line2',
    'address2_city', 'address2_stateorprovince', 'address2_postalcode', 'address2_country', 'address2_addressid',
    'revenue', 'revenue_base', 'numberofemployees', 'creditlimit', 'creditlimit_base', 'transactioncurrencyid',
    'exchangerate', 'parentaccountid', 'industrycode', 'customertypecode', 'statecode', 'statuscode']
FSI_CONTACT_FIELDS = [
    'contactid', 'firstname', 'lastname', 'fullname', 'jobtitle', 'birthdate', 'gendercode', 'familystatuscode',
    'mobilephone', 'telephone1', 'emailaddress1', 'address1_line1', 'address1_line2', 'address1_city',
    'address1_stateorprovince', 'address1_postalcode', 'address1_country', 'address1_composite', 'address1_addressid',
    'parentcustomerid', 'statecode', 'statuscode']
FSI_COUNTRY = {'US': ('United States', 'US Dollar', ['1.0000000000']),
               'GB': ('United Kingdom', 'Pound Sterling', ['0.7900000000', '0.7865000000', '0.8012000000']),
               'DE': ('Germany', 'Euro', ['0.9200000000', '0.9185000000', '0.9347000000'])}
FSI_SUFFIX = {'US': ['Inc.', 'LLC', 'Corp.'], 'GB': ['Ltd', 'plc', 'Ltd'], 'DE': ['GmbH', 'AG', 'GmbH & Co. KG']}
FSI_GB_COUNTIES = {'London': 'Greater London', 'Bristol': 'City of Bristol'}


def build_fsi(seed, size):
    rng = random.Random('%s:fsi-like' % seed)
    pkg = Package('fsi-like', 'financial-services accelerator style sample data (no public export exists; shaped '
                              'after the two real exports and a hand-picked CMT schema)')
    ts = datetime(2023, 5, 1, 9, 0) + timedelta(seconds=rng.randint(0, 120 * 86400))
    pkg.timestamp = iso_z(ts, rng.randint(0, 9999999))
    pkg.zip_time = (ts.year, ts.month, ts.day, ts.hour, ts.minute, ts.second - ts.second % 2)
    currencies = {iso: Ref('transactioncurrency', guid(rng), cur) for iso, (_, cur, _) in FSI_COUNTRY.items()}
    n_acc = max(size, 6)
    taken = set()
    plan = []
    for i in range(n_acc):
        iso = rng.choices(['US', 'GB', 'DE'], weights=[50, 30, 20])[0]
        name = unique_name(rng, taken, lambda: '%s %s %s' % (rng.choice(ORG_BASES), rng.choice(ORG_KINDS),
                                                             rng.choice(FSI_SUFFIX[iso])), ['Holdings', 'Group'])
        plan.append(dict(id=guid(rng), name=name, iso=iso))
    n_groups = max(1, n_acc // 8)
    acc_records = []
    for i, a in enumerate(plan):
        iso = a['iso']
        country, _, rates = FSI_COUNTRY[iso]
        rate = rng.choice(rates)
        dom = domain_of(a['name'].rsplit(' ', 1)[0], {'US': 'com', 'GB': 'co.uk', 'DE': 'de'}[iso])
        rec = {'accountid': a['id'], 'name': a['name'], 'telephone1': phone(rng, iso), 'statecode': '0',
               'statuscode': '1', 'emailaddress1': 'info@' + dom, 'websiteurl': 'https://www.' + dom,
               'address1_addressid': guid(rng), 'address2_addressid': guid(rng),
               'transactioncurrencyid': currencies[iso], 'exchangerate': rate, 'customertypecode': '3',
               'industrycode': str(rng.choice([1, 6, 7, 12, 19, 33]))}
        addr = intl_address(rng, iso) if iso != 'US' else us_address(rng, 'code')
        if iso == 'GB' and not addr.get('state'):
            addr['state'] = FSI_GB_COUNTIES.get(addr['city'], '')
        if rng.random() < 0.4:
            addr['line2'] = rng.choice(LINE2)
        put_address(rec, 'address1_', addr, country)
        if rng.random() < 0.5:                            # a delivery address
            d = intl_address(rng, iso) if iso != 'US' else us_address(rng, 'code')
            if rng.random() < 0.3:
                d['line2'] = rng.choice(['Dock 4', 'Gate B', 'Rear entrance'])
            put_address(rec, 'address2_', d, country, with_composite=False)
            rec['address2_addresstypecode'] = '2'
            rec['address2_name'] = rng.choice(['Warehouse', 'Distribution centre', 'Lager', 'Goods in'])
        revenue = rng.choice([1.5e6, 4.2e6, 12e6, 38.5e6, 120e6]) * rng.choice([1, 1.1, 0.9])
        credit = rng.choice([25000, 50000, 100000, 250000, 1000000])
        r = float(rate)
        rec.update({'revenue': money(revenue), 'revenue_base': money(revenue / r), 'creditlimit': money(credit),
                    'creditlimit_base': money(credit / r), 'numberofemployees': str(rng.choice([12, 45, 180, 950, 4200]))})
        if i >= n_groups and rng.random() < 0.25:          # a subsidiary of one of the first accounts
            parent = plan[rng.randrange(n_groups)]
            rec['parentaccountid'] = Ref('account', parent['id'], parent['name'])
        acc_records.append((a['id'], rec))
    con_records = []
    for _ in range(2 * n_acc):
        f, l = person(rng)
        cid = guid(rng)
        rec = {'contactid': cid, 'firstname': f, 'lastname': l, 'fullname': '%s %s' % (f, l), 'statecode': '0',
               'statuscode': '1', 'address1_addressid': guid(rng),
               'birthdate': iso_date(date(1950, 1, 1) + timedelta(days=rng.randint(0, 50 * 365))),
               'gendercode': rng.choice(['1', '2']), 'familystatuscode': rng.choice(['1', '2', '2', '3', '4'])}
        if rng.random() < 0.8:                            # a company's contact
            a = rng.choice(plan)
            iso = a['iso']
            rec['parentcustomerid'] = Ref('account', a['id'], a['name'])
            rec['jobtitle'] = rng.choice(['Chief Financial Officer', 'Treasurer', 'Finance Director',
                                          'Head of Procurement', 'Managing Director', 'Accounts Payable Lead'])
            rec['emailaddress1'] = email(f, l, domain_of(a['name'].rsplit(' ', 1)[0],
                                                         {'US': 'com', 'GB': 'co.uk', 'DE': 'de'}[iso]))
            rec['telephone1'] = phone(rng, iso)
        else:                                             # a retail customer: no company
            iso = rng.choices(['US', 'GB', 'DE'], weights=[50, 30, 20])[0]
            rec['jobtitle'] = rng.choice(['Teacher', 'Engineer', 'Nurse', 'Self-employed', 'Retired'])
            rec['emailaddress1'] = email(f, l, rng.choice(['outlook.com', 'mail.com', 'gmx.de']))
        rec['mobilephone'] = phone(rng, iso)
        if rng.random() < 0.85:
            addr = intl_address(rng, iso) if iso != 'US' else us_address(rng, 'code')
            if rng.random() < 0.2:
                addr['line2'] = rng.choice(LINE2)
            put_address(rec, 'address1_', addr, FSI_COUNTRY[iso][0])
        con_records.append((cid, rec))
    account = Entity('account', 'Account', 'accountid', 'name', pick_fields('account', FSI_ACCOUNT_FIELDS), etc='1',
                     relationships=[], update_compare=['name'])
    contact = Entity('contact', 'Contact', 'contactid', 'fullname', pick_fields('contact', FSI_CONTACT_FIELDS), etc='2',
                     relationships=[], update_compare=['emailaddress1'])
    account.records, contact.records = acc_records, con_records
    pkg.schema_entities = pkg.data_entities = [account, contact]
    pkg.notes = ['Currency lookups name "US Dollar", "Euro" and "Pound Sterling"; no transactioncurrency record is '
                 'in the package. exchangerate and the *_base money values follow each record\'s currency.',
                 'address2_* is a delivery address (address2_addresstypecode 2 "Ship To") with its own name.',
                 'updateCompare is set on account.name and contact.emailaddress1 (older CMT: first attribute).']
    return pkg


# --------------------------------------------------------------------------------------------------------------
# Shape 4: live-export (a trial org with Microsoft's sample data, exported by a newer CMT / pac data export)
# --------------------------------------------------------------------------------------------------------------

SAMPLE_ACCOUNTS = ['A. Datum Corporation (sample)', 'Adventure Works (sample)', 'Alpine Ski House (sample)',
                   'Blue Yonder Airlines (sample)', 'City Power & Light (sample)', 'Coho Winery (sample)',
                   'Contoso Pharmaceuticals (sample)', 'Fabrikam, Inc. (sample)', 'Fourth Coffee (sample)',
                   'Litware, Inc. (sample)']
SAMPLE_CONTACTS = [('Yvonne', 'McKay'), ('Susanna', 'Stubberod'), ('Nancy', 'Anderson'), ('Maria', 'Campbell'),
                   ('Sidney', 'Higa'), ('Scott', 'Konersmann'), ('Robert', 'Lyon'), ('Paul', 'Cannon'),
                   ('Rene', 'Valdes'), ('Jim', 'Glynn'), ('Patrick', 'Sands'), ('Susan', 'Burk')]
LONG_NAME = ('Fabrikam Regional Purchasing Cooperative of Hospitals, Clinics, Long-Term Care Homes, Independent '
             'Pharmacies, and Home Health Agencies in the Pacific Northwest.')
assert len(LONG_NAME) == 160, len(LONG_NAME)     # Sales' maximum for account.name; F&O allows 100
LIVE_ACCOUNT_FIELDS = ['accountid', 'name', 'accountnumber', 'telephone1', 'emailaddress1', 'websiteurl',
                       'address1_line1', 'address1_city', 'address1_stateorprovince', 'address1_postalcode',
                       'address1_country', 'primarycontactid', 'parentaccountid', 'transactioncurrencyid',
                       'exchangerate', 'creditlimit', 'revenue', 'numberofemployees', 'statecode', 'statuscode',
                       'ownerid', 'createdon', 'createdby', 'modifiedon']
LIVE_CONTACT_FIELDS = ['contactid', 'firstname', 'lastname', 'fullname', 'msdynce_contactnumber', 'emailaddress1',
                       'telephone1', 'mobilephone', 'jobtitle', 'parentcustomerid', 'address1_line1', 'address1_city',
                       'address1_stateorprovince', 'address1_postalcode', 'address1_country', 'transactioncurrencyid',
                       'statecode', 'statuscode', 'ownerid', 'createdon', 'createdby']


def build_live(seed, size):
    rng = random.Random('%s:live-export' % seed)
    pkg = Package('live-export', 'a trial org with Microsoft sample data, exported by a newer CMT (shaped after '
                                 'TALXIS/platform-metadata live-export and the format reference)')
    pkg.declaration = True
    pkg.leading_newline = False
    pkg.ns_order = ('xsi', 'xsd')
    pkg.schema_root = '<entities>'
    pkg.uc_first = False
    ts = datetime(2025, 2, 1, 8, 0) + timedelta(seconds=rng.randint(0, 200 * 86400))
    pkg.timestamp = iso_z(ts, rng.randint(0, 9999999))
    pkg.zip_time = (ts.year, ts.month, ts.day, ts.hour, ts.minute, ts.second - ts.second % 2)
    users = [(guid(rng), '%s %s' % person(rng)) for _ in range(2)]
    cur_id = guid(rng)
    usd = Ref('transactioncurrency', cur_id, 'US Dollar')
    n_acc = max(size, 16)
    names = list(SAMPLE_ACCOUNTS)
    taken = set(names)
    long_at = rng.randrange(len(SAMPLE_ACCOUNTS), n_acc)
    while len(names) < n_acc:
        names.append(LONG_NAME if len(names) == long_at else
                     unique_name(rng, taken, lambda: '%s %s' % (rng.choice(ORG_BASES), rng.choice(ORG_KINDS)),
                                 [p[0] for p in US_PLACES]))
    accs = [dict(id=guid(rng), name=n) for n in names]
    numbered = rng.sample(range(len(SAMPLE_ACCOUNTS), n_acc), 3)       # accountnumber typed on three accounts only
    n_con = max(2 * n_acc, 15)
    cons = []
    for i in range(n_con):
        if i < len(SAMPLE_CONTACTS):
            f, l = SAMPLE_CONTACTS[i]
            l = l + ' (sample)'
        else:
            f, l = person(rng)
        cons.append(dict(id=guid(rng), first=f, last=l))
    outside = [('Northwind Traders', guid(rng)), ('Wide World Importers', guid(rng)), ('Proseware, Inc.', guid(rng))]
    outside_at = set(rng.sample(range(n_con), 3))
    no_parent = set(rng.sample([i for i in range(n_con) if i not in outside_at], max(2, n_con // 10)))
    numbered_c = rng.sample(range(n_con), 2)
    for i, c in enumerate(cons):
        if i in outside_at:
            name, gid = outside.pop()
            c['parent'] = Ref('account', gid, name)                     # an account that was not exported
        elif i in no_parent:
            c['parent'] = None
        else:
            a = accs[i % n_acc] if i < n_acc else rng.choice(accs)
            c['parent'] = Ref('account', a['id'], a['name'])

    def audit(rec):
        u = rng.choice(users)
        created = ts - timedelta(days=rng.randint(1, 90), seconds=rng.randint(0, 86400))
        rec['ownerid'] = Ref('systemuser', u[0], u[1])
        rec['createdby'] = Ref('systemuser', u[0], u[1])
        rec['createdon'] = iso_z(created)
        return created

    acc_records = []
    for i, a in enumerate(accs):
        rec = {'accountid': a['id'], 'name': a['name'], 'transactioncurrencyid': usd, 'exchangerate': '1.000000000000',
               'statecode': '0', 'statuscode': '1', 'telephone1': phone(rng)}
        created = audit(rec)
        rec['modifiedon'] = iso_z(created + timedelta(minutes=rng.randint(0, 5000)))
        addr = us_address(rng, 'code')
        put_address(rec, 'address1_', addr, 'United States' if rng.random() < 0.6 else None, with_composite=False)
        dom = domain_of(a['name'].replace(' (sample)', ''))
        if rng.random() < 0.8:
            rec['websiteurl'] = 'https://www.' + dom
        if rng.random() < 0.5:
            rec['emailaddress1'] = 'someone%d@example.com' % rng.randint(1, 9)
        if rng.random() < 0.4:
            rec['revenue'] = money(rng.choice([10000, 60000, 250000, 1000000]))
            rec['numberofemployees'] = str(rng.choice([10, 120, 650, 4300]))
        if rng.random() < 0.3:
            rec['creditlimit'] = money(rng.choice([5000, 20000, 100000]))
        if i in numbered:
            rec['accountnumber'] = 'A-%d' % (1001 + numbered.index(i))
        members = [c for c in cons if c['parent'] is not None and c['parent'].id == a['id']]
        if members and rng.random() < 0.8:
            m = members[0]
            rec['primarycontactid'] = Ref('contact', m['id'], '%s %s' % (m['first'], m['last']))
        if i >= len(SAMPLE_ACCOUNTS) and rng.random() < 0.15:
            p = accs[rng.randrange(len(SAMPLE_ACCOUNTS))]
            rec['parentaccountid'] = Ref('account', p['id'], p['name'])
        acc_records.append((a['id'], rec))
    con_records = []
    for i, c in enumerate(cons):
        full = '%s %s' % (c['first'], c['last'])
        rec = {'contactid': c['id'], 'firstname': c['first'], 'lastname': c['last'], 'fullname': full,
               'transactioncurrencyid': usd, 'statecode': '0', 'statuscode': '1',
               'emailaddress1': email(c['first'], c['last'].replace(' (sample)', ''), 'example.com')}
        audit(rec)
        if c['parent'] is not None:
            rec['parentcustomerid'] = c['parent']
        if rng.random() < 0.7:
            rec['telephone1'] = phone(rng)
        if rng.random() < 0.5:
            rec['mobilephone'] = phone(rng)
        if rng.random() < 0.7:
            rec['jobtitle'] = rng.choice(['Purchasing Manager', 'Owner', 'Sales Manager', 'Buyer', 'CEO'])
        if rng.random() < 0.6:
            put_address(rec, 'address1_', us_address(rng, 'code'), 'United States' if rng.random() < 0.7 else None,
                        with_composite=False)
        if i in numbered_c:
            rec['msdynce_contactnumber'] = 'C-%d' % (2001 + numbered_c.index(i))
        con_records.append((c['id'], rec))

    cur = Entity('transactioncurrency', 'Currency', 'transactioncurrencyid', 'currencyname',
                 pick_fields('transactioncurrency', list(CATALOG['transactioncurrency']), sort=False),
                 update_compare=['isocurrencycode'])
    cur.records = [(cur_id, {'transactioncurrencyid': cur_id, 'currencyname': 'US Dollar', 'isocurrencycode': 'USD',
                             'currencysymbol': '$', 'currencyprecision': '2', 'exchangerate': '1.000000000000',
                             'statecode': '0', 'statuscode': '1'})]
    fetch = lambda e: ('<fetch><entity name="%s"><filter><condition attribute="statecode" operator="eq" value="0" />'
                       '</filter></entity></fetch>' % e)
    account = Entity('account', 'Account', 'accountid', 'name', pick_fields('account', LIVE_ACCOUNT_FIELDS, sort=False),
                     update_compare=['name'], filter_xml=fetch('account'))
    contact = Entity('contact', 'Contact', 'contactid', 'fullname',
                     pick_fields('contact', LIVE_CONTACT_FIELDS, sort=False), filter_xml=fetch('contact'))
    account.records, contact.records = acc_records, con_records
    pkg.schema_entities = pkg.data_entities = [cur, account, contact]
    pkg.import_order = ['transactioncurrency', 'account', 'contact']
    pkg.expected_dangling = {('contact', 'parentcustomerid'): 3}
    pkg.notes = ['XML declaration, ISO timestamp, entityImportOrder and <filter>: the newer CMT / pac data export.',
                 'The transactioncurrency record ("US Dollar", USD, $) is in the package and every currency lookup '
                 'points at it.',
                 'ownerid/createdby point at system users that are not in the package.',
                 'Three contacts have a parentcustomerid to an account that is not in the package.',
                 'accountnumber is filled on three accounts and msdynce_contactnumber on two contacts only: neither '
                 'can be the key for the rest.',
                 'One account name is 160 characters long (Sales\' limit); F&O\'s organization name allows 100.']
    return pkg


# --------------------------------------------------------------------------------------------------------------
# Writers
# --------------------------------------------------------------------------------------------------------------

CONTENT_TYPES = ('\ufeff<?xml version="1.0" encoding="utf-8"?><Types xmlns="http://schemas.openxmlformats.org/package/'
                 '2006/content-types"><Default Extension="xml" ContentType="application/octet-stream" /></Types>')


def attrs(pairs):
    return ' '.join('%s="%s"' % (k, xml_attr(v)) for k, v in pairs)


def schema_xml(pkg):
    nl = '\r\n'
    out = [pkg.schema_root + nl]
    for e in pkg.schema_entities:
        a = [('name', e.name), ('displayname', e.displayname)]
        if e.etc:
            a.append(('etc', e.etc))
        a += [('primaryidfield', e.pk), ('primarynamefield', e.pname), ('disableplugins', e.disableplugins)]
        out.append('  <entity %s>%s    <fields>%s' % (attrs(a), nl, nl))
        for f in e.fields:
            uc = [('updateCompare', 'true')] if f.name in e.update_compare else []
            fa = (uc if pkg.uc_first else []) + [('displayname', f.displayname), ('name', f.name), ('type', f.type)]
            if f.lookup:
                fa.append(('lookupType', f.lookup))
            if f.pk:
                fa.append(('primaryKey', 'true'))
            if not pkg.uc_first:
                fa += uc
            if f.custom:
                fa.append(('customfield', 'true'))
            out.append('      <field %s />%s' % (attrs(fa), nl))
        out.append('    </fields>' + nl)
        if e.relationships == []:
            out.append('    <relationships />' + nl)
        elif e.relationships:
            out.append('    <relationships>' + nl)
            for r in e.relationships:
                out.append('      <relationship %s />%s' % (attrs(r.items()), nl))
            out.append('    </relationships>' + nl)
        if e.filter_xml:
            out.append('    <filter>%s</filter>%s' % (e.filter_xml.replace('&', '&amp;').replace('<', '&lt;')
                                                      .replace('>', '&gt;'), nl))
        out.append('  </entity>' + nl)
    if pkg.import_order:
        out.append('  <entityImportOrder>' + nl)
        out += ['    <entityName>%s</entityName>%s' % (n, nl) for n in pkg.import_order]
        out.append('  </entityImportOrder>' + nl)
    out.append('</entities>')
    return ''.join(out)


def data_xml_chunks(pkg, obs):
    """data.xml as text chunks, record by record (big packages are never held in memory)."""
    nl = pkg.newline
    ns = {'xsd': ('xmlns:xsd', 'http://www.w3.org/2001/XMLSchema'),
          'xsi': ('xmlns:xsi', 'http://www.w3.org/2001/XMLSchema-instance')}
    head = '\ufeff' if pkg.bom else ''
    if pkg.declaration:
        head += '<?xml version="1.0" encoding="utf-8"?>' + nl
    if pkg.leading_newline:
        head += nl
    root = [ns[k] for k in pkg.ns_order] + ([('timestamp', pkg.timestamp)] if pkg.timestamp else [])
    yield head + '<entities %s>%s' % (attrs(root), nl)
    for e in pkg.data_entities:
        schema_names = [f.name for f in e.fields]
        known = set(schema_names)
        records = e.records() if callable(e.records) else e.records
        blanks = None
        order = schema_names
        if pkg.field_order == 'by-name':
            order = sorted(schema_names)
        if pkg.blank_elements:                       # the columns any record uses: a spreadsheet's columns
            records = list(records)
            blanks = set()
            for _, rec in records:
                blanks.update(rec)
        yield '  <entity %s>%s    <records>%s' % (attrs([('name', e.name), ('displayname', e.displayname)]), nl, nl)
        buf = []
        n = 0
        for rid, rec in records:
            unknown = set(rec) - known
            if unknown:
                raise SystemExit('internal error: %s fields not in the schema: %s' % (e.name, sorted(unknown)))
            obs.record(e.name, rid, rec)
            n += 1
            buf.append('      <record id="%s">%s' % (rid, nl))
            for name in order:
                v = rec.get(name)
                if v is None:
                    if blanks is not None and name in blanks:
                        buf.append('        <field name="%s" value="" />%s' % (name, nl))
                    continue
                if isinstance(v, Ref):
                    s = '        <field name="%s" value="%s" lookupentity="%s"' % (name, v.id, v.entity)
                    if v.name is not None:
                        s += ' lookupentityname="%s"' % cmt_value(v.name)
                    buf.append(s + ' />' + nl)
                else:
                    buf.append('        <field name="%s" value="%s" />%s' % (name, cmt_value(v), nl))
            buf.append('      </record>' + nl)
            if len(buf) > 4000:
                yield ''.join(buf)
                buf = []
        if n == 0:
            raise SystemExit('internal error: %s has no records' % e.name)
        yield ''.join(buf) + '    </records>' + nl
        if e.m2m:
            out = ['    <m2mrelationships>' + nl]
            for src, tent, tfield, rel, targets in e.m2m:
                out.append('      <m2mrelationship %s>%s        <targetids>%s' % (
                    attrs([('sourceid', src), ('targetentityname', tent), ('targetentitynameidfield', tfield),
                           ('m2mrelationshipname', rel)]), nl, nl))
                out += ['          <targetid>%s</targetid>%s' % (t, nl) for t in targets]
                out.append('        </targetids>%s      </m2mrelationship>%s' % (nl, nl))
            out.append('    </m2mrelationships>' + nl)
            yield ''.join(out)
        else:
            yield '    <m2mrelationships />' + nl
        yield '  </entity>' + nl
    yield '</entities>'


def write_zip(pkg, path, obs):
    def info(name):
        zi = zipfile.ZipInfo(name, date_time=pkg.zip_time)
        zi.compress_type = zipfile.ZIP_DEFLATED
        zi.create_system = 0                                 # MS-DOS, as the real zips
        zi.external_attr = 0
        return zi
    tmp = path + '.part'
    with zipfile.ZipFile(tmp, 'w', zipfile.ZIP_DEFLATED) as z:
        for member in pkg.members:
            if member == 'data.xml':
                with z.open(info(member), 'w', force_zip64=pkg.shape == 'big') as f:
                    for chunk in data_xml_chunks(pkg, obs):
                        f.write(chunk.encode('utf-8'))
            elif member == 'data_schema.xml':
                z.writestr(info(member), schema_xml(pkg).encode('utf-8'))
            else:
                z.writestr(info(member), CONTENT_TYPES.encode('utf-8'))
        for zi in z.filelist:                                # zipfile puts Unix rw------- here; the real zips have 0
            zi.external_attr = 0
    os.replace(tmp, path)


# --------------------------------------------------------------------------------------------------------------
# Answer key
# --------------------------------------------------------------------------------------------------------------

class Observer:
    """Sees every record as it is written and keeps what truth.json needs."""

    def __init__(self):
        self.count = Counter()
        self.ids = defaultdict(set)
        self.contact_parent = []              # (lookupentity, id) or None per contact
        self.currency = defaultdict(lambda: dict(ids=set(), accounts=0, contacts=0))
        self.currency_records = {}            # id -> (name, iso)
        self.accounts_without_currency = 0
        self.countries = defaultdict(Counter)
        self.us_states = Counter()
        self.refuse = []
        self.numbers = Counter()
        self.account_names = set()
        self.parent_accounts = []

    def record(self, entity, rid, rec):
        self.count[entity] += 1
        self.ids[entity].add(rid)
        if entity == 'transactioncurrency':
            self.currency_records[rid] = (rec.get('currencyname'), rec.get('isocurrencycode'))
        if entity not in ('account', 'contact'):
            return
        cur = rec.get('transactioncurrencyid')
        if cur is not None:
            c = self.currency[cur.name]
            c['ids'].add(cur.id)
            c[entity + 's'] += 1
        elif entity == 'account':
            self.accounts_without_currency += 1
        texts = {rec.get(p + 'country') for p in ('address1_', 'address2_')} - {None}
        for text in texts:                        # records that use the text, in either address
            self.countries[text][entity] += 1
        for prefix in ('address1_', 'address2_'):
            text = rec.get(prefix + 'country')
            st = rec.get(prefix + 'stateorprovince')
            if st is not None and (text in ('USA', 'United States') or (text is None and st in US_STATE_CODE)):
                self.us_states[st] += 1
        if entity == 'account':
            name = rec.get('name', '')
            self.account_names.add(name)
            if 'accountnumber' in rec:
                self.numbers['accountnumber'] += 1
            if len(name) > 100:
                self.refuse.append({'entity': 'account', 'id': rid, 'name': name, 'field': 'name',
                                    'length': len(name),
                                    'reason': 'account name is %d characters; the F&O organization name '
                                              '(DirPartyTable Name, ORGANIZATIONNAME) holds at most 100: refuse '
                                              'the record (or stop with this reason), never truncate it silently'
                                              % len(name)})
            p = rec.get('parentaccountid')
            if p is not None:
                self.parent_accounts.append(p.id)
        else:
            if 'msdynce_contactnumber' in rec:
                self.numbers['msdynce_contactnumber'] += 1
            p = rec.get('parentcustomerid')
            self.contact_parent.append((p.entity, p.id, p.name) if p is not None else None)


US_STATE_CODE = {}
for _c, _n, _code, _z, _a in US_PLACES:
    US_STATE_CODE[_n] = _code
    US_STATE_CODE[_code] = _code


def truth_for(pkg, obs, path):
    acc_ids = obs.ids['account']
    con_ids = obs.ids['contact']
    in_pkg = outside = none = contact_parent = 0
    flags = []
    for p in obs.contact_parent:
        if p is None:
            none += 1
        elif p[0] == 'account' and p[1] in acc_ids:
            in_pkg += 1
        elif p[0] == 'account':
            outside += 1
        else:
            contact_parent += 1
    for i, p in enumerate(obs.contact_parent):
        if p is not None and p[0] == 'account' and p[1] not in acc_ids:
            flags.append({'entity': 'contact', 'field': 'parentcustomerid', 'target': p[1], 'target_name': p[2],
                          'reason': 'the parent account is not in the package: import the contact without the '
                                    'link (or hold it back) and report it; never invent the account'})
    schema_fields = {e.name: {f.name for f in e.fields} for e in pkg.schema_entities}
    currencies = {}
    for name, c in sorted(obs.currency.items()):
        present = bool(c['ids'] & set(obs.currency_records))
        currencies[name] = {'iso4217': CURRENCY_ISO.get(name), 'accounts': c['accounts'], 'contacts': c['contacts'],
                            'record_in_package': present, 'lookup_ids': sorted(c['ids'])}
    countries = {}
    for text, cnt in sorted(obs.countries.items()):
        countries[text] = {'iso3166_alpha2': COUNTRY_ISO[text], 'accounts_using_it': cnt['account'],
                           'contacts_using_it': cnt['contact']}
    other = {e: n for e, n in sorted(obs.count.items()) if e not in ('account', 'contact', 'transactioncurrency')}
    with open(path, 'rb') as f:
        sha = hashlib.sha256(f.read()).hexdigest()
    return {
        'imitates': pkg.imitates,
        'sha256': sha,
        'format': {'xml_declaration': pkg.declaration, 'utf8_bom': pkg.bom,
                   'line_ends': 'CRLF' if pkg.newline == '\r\n' else 'LF',
                   'newline_before_root': pkg.leading_newline, 'timestamp': pkg.timestamp,
                   'field_order': pkg.field_order, 'empty_value_elements': pkg.blank_elements,
                   'zip_members': pkg.members, 'entity_import_order': pkg.import_order},
        'accounts': obs.count['account'],
        'contacts': obs.count['contact'],
        'contacts_parent_account_in_package': in_pkg,
        'contacts_parent_account_outside_package': outside,
        'contacts_no_parent_or_contact_parent': none + contact_parent,
        'contacts_no_parent': none,
        'contacts_contact_parent': contact_parent,
        'accounts_with_parent_account': len(obs.parent_accounts),
        'distinct_account_names': len(obs.account_names),
        'accounts_without_currency': obs.accounts_without_currency,
        'currencies': currencies,
        'transactioncurrency_records_in_package': obs.count['transactioncurrency'],
        'countries': countries,
        'us_state_texts': {k: US_STATE_CODE.get(k) for k in sorted(obs.us_states)},
        'account_number': {'in_schema': 'accountnumber' in schema_fields.get('account', ()),
                           'filled': obs.numbers['accountnumber']},
        'contact_number': {'in_schema': 'msdynce_contactnumber' in schema_fields.get('contact', ()),
                           'filled': obs.numbers['msdynce_contactnumber']},
        'entities_to_ignore': other,
        'must_refuse': obs.refuse,
        'must_flag': flags,
        'notes': pkg.notes,
    }


# --------------------------------------------------------------------------------------------------------------
# Verification (--verify): re-read every zip with the standard library and recount from the XML alone
# --------------------------------------------------------------------------------------------------------------

def verify(path, truth):
    problems = []
    with zipfile.ZipFile(path) as z:
        bad = z.testzip()
        if bad:
            problems.append('bad CRC in ' + bad)
        names = set(z.namelist())
        for m in ('data.xml', 'data_schema.xml', '[Content_Types].xml'):
            if m not in names:
                problems.append('missing ' + m)
        schema = ET.fromstring(z.read('data_schema.xml'))
        ET.fromstring(z.read('[Content_Types].xml'))
        fields = {e.get('name'): {f.get('name') for f in e.iter('field')} for e in schema.findall('entity')}
        ids = defaultdict(set)
        lookups = []
        counts = Counter()
        parents = []
        with z.open('data.xml') as f:
            entity = None
            for ev, el in ET.iterparse(f, events=('start', 'end')):
                if ev == 'start' and el.tag == 'entity':
                    entity = el.get('name')
                elif ev == 'end' and el.tag == 'record':
                    counts[entity] += 1
                    ids[entity].add(el.get('id'))
                    parent = None
                    for fl in el.findall('field'):
                        if fl.get('name') not in fields.get(entity, ()):
                            problems.append('%s.%s not in the schema' % (entity, fl.get('name')))
                        if fl.get('lookupentity') and fl.get('value'):
                            lookups.append((entity, fl.get('name'), fl.get('lookupentity'), fl.get('value')))
                        if entity == 'contact' and fl.get('name') == 'parentcustomerid' and fl.get('value'):
                            parent = (fl.get('lookupentity'), fl.get('value'))
                    if entity == 'contact':
                        parents.append(parent)
                    el.clear()
    dangling = Counter((e, fname) for e, fname, target, v in lookups if target in ids and v not in ids[target])
    in_pkg = sum(1 for p in parents if p and p[0] == 'account' and p[1] in ids['account'])
    outside = sum(1 for p in parents if p and p[0] == 'account' and p[1] not in ids['account'])
    for key, want, got in (('accounts', truth['accounts'], counts['account']),
                           ('contacts', truth['contacts'], counts['contact']),
                           ('contacts_parent_account_in_package', truth['contacts_parent_account_in_package'], in_pkg),
                           ('contacts_parent_account_outside_package',
                            truth['contacts_parent_account_outside_package'], outside)):
        if want != got:
            problems.append('%s: truth %s, data.xml %s' % (key, want, got))
    return problems, dangling


# --------------------------------------------------------------------------------------------------------------

def main():
    ap = argparse.ArgumentParser(
        description='Write Sales Configuration Migration (CMT) exports in the shapes real exports take (one zip per '
                    'shape) and truth.json, the answer key of what a correct Sales to F&O converter should do with '
                    'each. Independent of Airlock\'s own writer. Shapes: ' + ', '.join(SHAPES) + '.',
        epilog='Example: Benchmarks/real-shaped-sales.py --out /tmp/real-shaped --seed 7 --verify. '
               'Equal arguments give byte-identical zips.')
    ap.add_argument('--out', required=True, help='output folder (created if missing)')
    ap.add_argument('--seed', default='1', help='random seed (any text; default 1)')
    ap.add_argument('--size', type=int, default=40,
                    help='accounts in each small shape (default 40; contacts about twice as many; minimum 16)')
    ap.add_argument('--records', type=int, default=20000, help='accounts in the big shape (default 20000; '
                                                                'contacts twice as many)')
    ap.add_argument('--shapes', default=','.join(SHAPES), help='comma-separated shapes to write (default: all)')
    ap.add_argument('--verify', action='store_true',
                    help='re-read every zip (CRC, XML parse, fields in the schema, lookups into the package, counts '
                         'against truth.json)')
    args = ap.parse_args()
    shapes = [s.strip() for s in args.shapes.split(',') if s.strip()]
    for s in shapes:
        if s not in SHAPES:
            ap.error('unknown shape %r (known: %s)' % (s, ', '.join(SHAPES)))
    size = max(args.size, 16)
    builders = {
        'k12-like': lambda: build_k12(args.seed, size),
        'nonprofit-like': lambda: build_nonprofit(args.seed, size, 2 * size + size // 4),
        'fsi-like': lambda: build_fsi(args.seed, size),
        'live-export': lambda: build_live(args.seed, size),
        'excel-roundtrip': lambda: build_excel_roundtrip(args.seed, size),
        'big': lambda: build_nonprofit(args.seed, args.records, 2 * args.records, shape='big'),
    }
    os.makedirs(args.out, exist_ok=True)
    truth = {'generator': 'Benchmarks/real-shaped-sales.py', 'seed': args.seed, 'size': size,
             'records': args.records, 'files': {}}
    failed = False
    for s in shapes:
        started = time.time()
        pkg = builders[s]()
        path = os.path.join(args.out, s + '.zip')
        obs = Observer()
        write_zip(pkg, path, obs)
        t = truth_for(pkg, obs, path)
        truth['files'][s + '.zip'] = t
        line = '%-16s %7d accounts %7d contacts  %6.1f s  %s' % (s, t['accounts'], t['contacts'],
                                                                  time.time() - started, path)
        if args.verify:
            problems, dangling = verify(path, t)
            expected = {k: v for k, v in pkg.expected_dangling.items()}
            if dict(dangling) != expected:
                problems.append('lookups to missing records: %s (expected %s)' % (dict(dangling), expected))
            line += '  verify: ' + ('ok' if not problems else '; '.join(problems[:5]))
            failed = failed or bool(problems)
        print(line)
    with open(os.path.join(args.out, 'truth.json'), 'w', encoding='utf-8', newline='\n') as f:
        json.dump(truth, f, indent=2, ensure_ascii=False)
        f.write('\n')
    print('truth: %s' % os.path.join(args.out, 'truth.json'))
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
