#!/usr/bin/env python3
"""Noisy company and person master data for `airlock match`: a Sales export and an F&O export of one world, no key.

Usage: Benchmarks/noisy-companies.py --out DIR [--accounts N] [--seed S] [--company USMF]

  --out DIR        where the two exports and the answer key go (created if missing)
  --accounts N     real-world companies held in Sales (default 10000); the Sales export holds N accounts plus its
                   duplicates
  --seed S         the seed of the one random.Random stream everything is drawn from (default 1)
  --company ID     the F&O legal entity written as DATAAREAID (default USMF)
Equal arguments give byte-identical outputs (zip entries dated 2020-01-01, records in a fixed order). python3,
standard library only. Written independently of Airlock's matcher and sample writer: nothing under
Sources/AirlockMatch, Sources/AirlockSample or Tests was read; the noise model below is this file's own.

Written into DIR:
  sales-export.zip  a Dynamics 365 Sales Configuration Migration package (data.xml, data_schema.xml,
                    [Content_Types].xml): `account` (accountid, name, accountnumber in the schema but filled on
                    no record, address1_line1/line2/city/stateorprovince/postalcode/country as users type them,
                    telephone1, emailaddress1, websiteurl) and `contact` (contactid, firstname, middlename,
                    lastname, jobtitle, emailaddress1, telephone1, mobilephone, parentcustomerid with
                    lookupentity="account", address1_*). Strings HTML-encoded as the CMT exporter does. Sales has no
                    tax number column, so tax evidence exists on the F&O side only.
  fo-export.zip     an F&O data management package (Manifest.xml, PackageHeader.xml in UTF-16 LE):
                    `Customers V3` (CustCustomerV3Entity, "Customers V3.csv", CSV-Unicode: UTF-16 LE with BOM,
                    CR LF) holding organisation customers and person customers, and `Contacts V2`
                    (smmContactPersonV2Entity, "Contacts V2.csv", CSV: UTF-8 with BOM, CR LF) holding the contact
                    persons of the organisations (ASSOCIATEDPARTYNUMBER = the customer's PARTYNUMBER). Values cut
                    to the entities' lengths (ORGANIZATIONNAME 100, person names 25, NAMEALIAS 20, street 250,
                    city 60, zip code 10, tax number 20).
  noisy-truth.csv   the answer key, UTF-8, `kind,entity,left,right,noise`:
                      pair             left = the F&O key (account: CUSTOMERACCOUNT; contact: the contact person's
                                       CONTACTPERSONPARTYNUMBER, or the CUSTOMERACCOUNT of a person customer),
                                       right = the Sales GUID (lower case)
                      fo-duplicate     two F&O keys of one real-world record
                      sales-duplicate  two Sales GUIDs of one real-world record
                    entity `account` or `contact`; noise = the `;`-separated noise kinds that separate the two
                    records (for a duplicate line, what separates the copy from the first record).
A one-paragraph summary (counts per entity and per noise kind) goes to stderr.

The world. 1.2 x N companies in 11 countries (weights: US 22, GB 14, DE 14, FR 9, NL 7, ES 7, IT 7, SE 6,
PL 6, DK 4, AU 4), each with a name (surname-based such as `Wilson & Associates`, `Gebrüder Krüger`,
`Fratelli Rossi`; place-based such as `Nordic Timber`, `Thames Valley Engineering`, `Imprimerie de Lyon`;
descriptive such as `Crimson Labs`; coined such as `Veltrix Systems`), a legal form of its country (LLC, Inc.,
Corp., Co., LLP, Ltd, PLC, GmbH, AG, KG, GmbH & Co. KG, e.K., OHG, UG, SARL, SAS, SA, EURL, SASU, B.V., N.V.,
V.O.F., AB, HB, KB, ApS, A/S, I/S, Sp. z o.o., S.A., sp.j., sp.k., S.L., S.L.U., S.r.l., S.p.A., S.a.s., S.n.c.,
Pty Ltd; a few with none), an address in the country's format (real cities, their postcode ranges and phone
areas; US 5-digit ZIP, GB `SW1A 1AA`, DE/FR/ES/IT 5 digits, NL `1234 AB`, SE `123 45`, DK 4 digits, PL `00-950`,
AU 4 digits), a domain, a generic mailbox, a switchboard number, a VAT or tax number, and 0-5 contacts (weights
14/26/22/18/12/8 %) with names of the country (Müller, Łukasiewicz, Søren, José, Åsa, double Spanish surnames,
Polish female surname forms), middle names, job titles in the country's language or English, direct lines,
mobiles. Plus 5 % x N private persons (some with a relative at the same address).
Presence: 80 % of the companies are in both systems, the rest in Sales only (N x 20 %) or F&O only (so ~20 % of
F&O customers have no Sales partner); a contact of a company in both is in both (60 %), Sales only (28 %) or F&O
only (12 %); private persons are F&O person customers and parentless Sales contacts (68 % both, 16 % each side
only).

Noise (the name in the truth's noise column; rates per true pair; "one side" = drawn per pair):
 Accounts
  legal-form-spelling   30 %  the legal form written differently (`Kommanditbolag`/`KB`, `Sp. z o.o.`/`Sp z oo`/
                              `Spółka z ograniczoną odpowiedzialnością`, `L.L.C.`/`LLC`, `I/S`/`IS`, `Public
                              Limited Company`/`PLC`, `Incorporated`/`Inc.`/`Inc`, `B.V.`/`BV`, `, Inc.`/` Inc.`)
  legal-form-missing    15 %  no legal form on one side (mostly Sales)
  legal-form-position   12 % of SE/FR  `AB Svensson Bygg` / `Svensson Bygg AB`, `SARL Dupont Frères`
  abbreviation          22 % of names with an abbreviable word: Brothers/Bros, International/Intl/Int'l,
                              Manufacturing/Mfg, Associates/Assoc, Company/Co, Corporation/Corp, &/and/+/und/et/y,
                              Saint/St, Gebrüder/Gebr., Fratelli/F.lli, Hermanos/Hnos., Technologies/Tech, ...
  the-dropped           50 % of names starting with `The`
  extra-words            5 %  a word more on one side (Group, Holding, Deutschland, `- Leeds`, `(HQ)`)
  word-order             3 %  `Ellis & Davis`/`Davis & Ellis`, `Transports Martin`/`Martin Transports`
  typo-name              8 %  one insertion, deletion, substitution (keyboard neighbour) or transposition
  all-caps / lower-case  6 % / 2 %  one side typed in capitals (a legacy import) or lower case
  accents-dropped       30 % of names with non-ASCII letters (Muller, Lukasiewicz, Soren); the same side's
                              street and city too
  accents-transliterated 10 % of them (Mueller, Soeren, Aarhus for Århus)
  name-truncated              F&O's 100 characters cut a long name (mostly spelled-out legal forms)
  moved                  7 %  another address on one side (60 % another city); e-mail, domain or phone still shared
  domain-changed        30 % of moved: that side also has a new domain (then the phone is shared)
  po-box                 3 %  a PO box on one side (`Postfach 10 12 34` with its own postcode, `BP 123` and
                              `Paris Cedex`, `Postbus`, `Box`, `Apartado de Correos`, `GPO Box` with its postcode)
  street-type-spelling  20 % of streets with a type: Street/St./St, Straße/Str./Strasse, rue/r., Calle/C/, Via/V.,
                              ul./ulica/none, gatan/g., vej/v., straat/str.
  house-number-position  4 %  `12 Hauptstraße`, `Oak Street 1234`
  street-number-split   30 % of F&O records: the number in ADDRESSSTREETNUMBER instead of the street
  unit-line                   a unit or building (suite, `Unit 4`, `Gebäude B`, `2. tv.`, business park): Sales
                              line 2, F&O in the street after a comma or a line break
  typo-street / typo-city  6 % / 3 %
  city-exonym           35 % of cities with one: Munich/München, Cologne/Köln, Copenhagen/København,
                              Gothenburg/Göteborg, Warsaw/Warszawa, The Hague/Den Haag, Milan/Milano, Seville/Sevilla
  city-variant          15 % of cities with one: Frankfurt/Frankfurt am Main, St. Louis/Saint Louis,
                              's-Gravenhage/Den Haag, København K/København, Palma/Palma de Mallorca
  postcode-format        8 %  ZIP+4, `SW1A1AA`, `D-80331`, `1017AB`, `11122`, `DK-1050`, `00950`, `I-20121`, `NSW 2000`
  postcode-leading-zero 30 % of postcodes starting with 0: `4103` for `04103` (a spreadsheet round trip)
  missing-postcode / missing-email / missing-phone / missing-website   4 / 12 / 10 / 20 %  empty on one side
  country-missing        4 %  no country in Sales (F&O always has one; Sales country is free text: `UK`,
                              `United Kingdom`, `Deutschland`, `Germany`, `Holland`, `España`, ...)
  tax-missing                 no TAXEXEMPTNUMBER in F&O (US 70 %, AU 30 %, others 15 %); present ones with or
                              without the country prefix, spaced or not
  email-other-mailbox   15 %  another mailbox of the same domain on one side (info@ / accounts@, buchhaltung@)
  phone-format          35 %  the number in another notation (national / +49 30 / +49 (0)30 / 0049 / compact)
  phone-other-number     6 %  another number of the company on one side (direct line, second line)
  free-mail-domain      ~2 % of companies (mostly small surname firms): a gmail/web.de/orange.fr/wp.pl... mailbox,
                              no website
  sister-company         3 % of companies are made as a sister of another (both tagged; other country (70 %) or
                              city, other legal form; a third share the group's domain): `Acme GmbH` in Munich,
                              `Acme Ltd` in London
  namesake               2 % of companies copy another's name in another city of the country (`Smith & Sons Ltd`
                              in Leeds and in Bristol), and any other accidental equal name
  shared-address         5 % of companies sit in business parks: one street address, different units
  duplicate              2 % of records on each side entered twice (1-3 of: typo-name, legal-form-spelling,
                              legal-form-missing, all-caps, abbreviation, missing-email, missing-phone,
                              missing-website, moved, street-type-spelling, missing-postcode, accents-dropped; in
                              F&O also tax-format, tax-missing); 30 %
                              of a duplicated Sales account's contacts hang under the copy (parent-is-duplicate)
 Contacts (and person customers)
  nickname              10 % of first names with one: Bob/Robert, Bill/William, Kate/Katherine, Hans/Johannes,
                              Kees/Cornelis, Pepe/José, Beppe/Giuseppe, Kasia/Katarzyna
  initial                3 %  `J.` for John
  name-swapped         1.5 %  first and last name swapped on one side
  middle-name-one-side  40 % of persons with a middle name; middle-in-firstname 5 % of them (`John Michael`)
  compound-first-name   35 % of compound first names: `Hans-Peter`/`Hans Peter`/`Hans`, `José Luis`/`José`
  second-surname-dropped 40 % of Spanish double surnames: `García López`/`García`
  married-name           5 % of (non-Spanish) women: the maiden name on one side (25 %: `Owens-Phillips` on the
                              other), the same e-mail on both
  typo-name, accents-dropped, accents-transliterated, all-caps (the last name, `Jean DUPONT`, or all), lower-case
                         5 %, 30 %, 10 %, 3 %, 1.5 %
  missing-email / missing-phone   15 / 25 %;  phone-format 35 %;  phone-other-number 8 % (mobile / direct)
  email-new-domain            the company's new domain on the side where it changed, plus 2 % of others
  email-personal         3 %  a private mailbox on one side
  job-title-changed     15 %  another job title on one side;  missing-jobtitle 20 %  none on one side
  wrong-company        1.5 %  the Sales contact hangs under another account (of the same city when there is one);
                       0.5 %  the F&O contact person under another customer
  address-one-side            a company contact's address (the company's, as that side holds it: Sales 45 %, F&O
                              30 % of contacts; its spelling follows the account's noise, not labelled again) on
                              one side only
  no-parent              3 %  a company's Sales contact without a parent account
  parent-is-duplicate         under the Sales copy of its account (see duplicate)
  person-customer             the F&O partner is a person customer (Customers V3, PARTYTYPE Person) of a private
                              person; those pairs also take the address noise above
  common-name                 the person's name (accents folded) is someone else's too, at another company
                              (2 % are forced to the country's commonest name: John Smith, Thomas Müller, Jan de
                              Jong, Piotr Nowak, José García, Giuseppe Rossi, ...)
  family-same-address  15 % of private persons have a relative (40 % of the same first name: father and son) at
                              their address, with the same landline
  duplicate              2 % of contacts on each side entered twice
"""

import csv
import io
import os
import random
import sys
import unicodedata
import uuid
import zipfile

ZIP_DATE = (2020, 1, 1, 0, 0, 0)
TIMESTAMP = '2020-01-01T00:00:00.0000000Z'

# ------------------------------------------------------------------------------------------------------------------
# Countries
# ------------------------------------------------------------------------------------------------------------------

COUNTRIES = ['US', 'GB', 'DE', 'FR', 'NL', 'ES', 'IT', 'SE', 'PL', 'DK', 'AU']
COUNTRY_WEIGHT = {'US': 22, 'GB': 14, 'DE': 14, 'FR': 9, 'NL': 7, 'ES': 7, 'IT': 7, 'SE': 6, 'PL': 6, 'DK': 4, 'AU': 4}
FO_COUNTRY = {'US': 'USA', 'GB': 'GBR', 'DE': 'DEU', 'FR': 'FRA', 'NL': 'NLD', 'SE': 'SWE', 'DK': 'DNK', 'PL': 'POL',
              'ES': 'ESP', 'IT': 'ITA', 'AU': 'AUS'}
CURRENCY = {'US': 'USD', 'GB': 'GBP', 'DE': 'EUR', 'FR': 'EUR', 'NL': 'EUR', 'SE': 'SEK', 'DK': 'DKK', 'PL': 'PLN',
            'ES': 'EUR', 'IT': 'EUR', 'AU': 'AUD'}
LANGUAGE_ID = {'US': 'en-us', 'GB': 'en-gb', 'DE': 'de', 'FR': 'fr', 'NL': 'nl', 'SE': 'sv', 'DK': 'da', 'PL': 'pl',
               'ES': 'es', 'IT': 'it', 'AU': 'en-au'}
LANG = {'US': 'en', 'GB': 'en', 'AU': 'en', 'DE': 'de', 'FR': 'fr', 'NL': 'nl', 'SE': 'sv', 'DK': 'da', 'PL': 'pl',
        'ES': 'es', 'IT': 'it'}
EU = ['DE', 'FR', 'NL', 'SE', 'DK', 'PL', 'ES', 'IT']
# Country as Sales users type it (address1_country is free text).
SALES_COUNTRY = {
    'US': [('United States', 30), ('USA', 30), ('US', 10), ('U.S.', 3), ('United States of America', 8), ('U.S.A.', 3)],
    'GB': [('United Kingdom', 40), ('UK', 25), ('Great Britain', 6), ('England', 8), ('GB', 4), ('U.K.', 3)],
    'DE': [('Germany', 55), ('Deutschland', 35), ('DE', 5), ('GERMANY', 5)],
    'FR': [('France', 90), ('FR', 5), ('FRANCE', 5)],
    'NL': [('Netherlands', 45), ('The Netherlands', 20), ('Nederland', 20), ('Holland', 10), ('NL', 5)],
    'SE': [('Sweden', 65), ('Sverige', 30), ('SE', 5)],
    'DK': [('Denmark', 65), ('Danmark', 30), ('DK', 5)],
    'PL': [('Poland', 65), ('Polska', 30), ('PL', 5)],
    'ES': [('Spain', 60), ('España', 30), ('Espana', 5), ('ES', 5)],
    'IT': [('Italy', 60), ('Italia', 35), ('IT', 5)],
    'AU': [('Australia', 85), ('AUS', 10), ('AU', 5)],
}
US_STATES = {'NY': 'New York', 'IL': 'Illinois', 'WA': 'Washington', 'TX': 'Texas', 'MA': 'Massachusetts',
             'CO': 'Colorado', 'GA': 'Georgia', 'OR': 'Oregon', 'MN': 'Minnesota', 'AZ': 'Arizona', 'CA': 'California',
             'OH': 'Ohio', 'NC': 'North Carolina', 'PA': 'Pennsylvania', 'MI': 'Michigan', 'TN': 'Tennessee',
             'UT': 'Utah', 'MO': 'Missouri', 'WI': 'Wisconsin', 'FL': 'Florida', 'IN': 'Indiana', 'VA': 'Virginia',
             'NE': 'Nebraska', 'ID': 'Idaho', 'CT': 'Connecticut', 'RI': 'Rhode Island', 'NJ': 'New Jersey'}
AU_STATES = {'NSW': 'New South Wales', 'VIC': 'Victoria', 'QLD': 'Queensland', 'WA': 'Western Australia',
             'SA': 'South Australia', 'ACT': 'Australian Capital Territory', 'TAS': 'Tasmania',
             'NT': 'Northern Territory'}

# Cities: (name, alternative spellings, English exonym, state, postcode ranges, phone area, national digits, weight).
# A postcode range is (low, high) of the numeric form (GB: a list of outward codes; FR Paris: explicit values).
# Phone area: the national significant digits of the area (IT: with its 0, which Italy keeps); digits: the length
# of the national significant number.
CITIES = {
    'US': [
        ('New York', ['New York City', 'NYC'], None, 'NY', [(10001, 10282)], '212', 10, 10),
        ('Chicago', [], None, 'IL', [(60601, 60661)], '312', 10, 7),
        ('Seattle', [], None, 'WA', [(98101, 98199)], '206', 10, 5),
        ('Austin', [], None, 'TX', [(78701, 78759)], '512', 10, 4),
        ('Boston', [], None, 'MA', [(2108, 2137)], '617', 10, 5),
        ('Denver', [], None, 'CO', [(80202, 80239)], '303', 10, 4),
        ('Atlanta', [], None, 'GA', [(30303, 30350)], '404', 10, 5),
        ('Dallas', [], None, 'TX', [(75201, 75254)], '214', 10, 5),
        ('Portland', [], None, 'OR', [(97201, 97239)], '503', 10, 3),
        ('Minneapolis', [], None, 'MN', [(55401, 55455)], '612', 10, 3),
        ('Phoenix', [], None, 'AZ', [(85003, 85054)], '602', 10, 4),
        ('San Diego', [], None, 'CA', [(92101, 92154)], '619', 10, 4),
        ('Columbus', [], None, 'OH', [(43201, 43235)], '614', 10, 3),
        ('Charlotte', [], None, 'NC', [(28202, 28277)], '704', 10, 3),
        ('Pittsburgh', [], None, 'PA', [(15201, 15237)], '412', 10, 3),
        ('San Francisco', ['SF'], None, 'CA', [(94102, 94134)], '415', 10, 5),
        ('Los Angeles', ['LA'], None, 'CA', [(90001, 90089)], '213', 10, 6),
        ('Houston', [], None, 'TX', [(77002, 77099)], '713', 10, 5),
        ('Philadelphia', [], None, 'PA', [(19102, 19154)], '215', 10, 4),
        ('Detroit', [], None, 'MI', [(48201, 48235)], '313', 10, 3),
        ('Nashville', [], None, 'TN', [(37201, 37221)], '615', 10, 3),
        ('Salt Lake City', [], None, 'UT', [(84101, 84121)], '801', 10, 2),
        ('Kansas City', [], None, 'MO', [(64101, 64158)], '816', 10, 2),
        ('Milwaukee', [], None, 'WI', [(53202, 53233)], '414', 10, 2),
        ('Tampa', [], None, 'FL', [(33602, 33647)], '813', 10, 3),
        ('Miami', [], None, 'FL', [(33125, 33199)], '305', 10, 4),
        ('St. Louis', ['Saint Louis', 'St Louis'], None, 'MO', [(63101, 63147)], '314', 10, 3),
        ('St. Paul', ['Saint Paul', 'St Paul'], None, 'MN', [(55101, 55119)], '651', 10, 2),
        ('Indianapolis', [], None, 'IN', [(46201, 46260)], '317', 10, 3),
        ('Richmond', [], None, 'VA', [(23219, 23237)], '804', 10, 2),
        ('Omaha', [], None, 'NE', [(68102, 68164)], '402', 10, 2),
        ('Boise', [], None, 'ID', [(83702, 83716)], '208', 10, 1),
        ('Hartford', [], None, 'CT', [(6101, 6120)], '860', 10, 2),
        ('Providence', [], None, 'RI', [(2903, 2909)], '401', 10, 2),
        ('Newark', [], None, 'NJ', [(7102, 7114)], '973', 10, 2),
    ],
    'GB': [
        ('London', [], None, None, ['EC1A', 'EC1V', 'EC2A', 'EC2M', 'EC3V', 'EC4M', 'WC1E', 'WC2H', 'W1K', 'W1T',
                                    'SW1A', 'SW1P', 'SE1', 'E1', 'E14', 'N1', 'NW1'], '20', 10, 30),
        ('Manchester', [], None, None, ['M1', 'M2', 'M3', 'M4', 'M15', 'M50'], '161', 10, 8),
        ('Birmingham', [], None, None, ['B1', 'B2', 'B3', 'B4', 'B5', 'B15'], '121', 10, 8),
        ('Leeds', [], None, None, ['LS1', 'LS2', 'LS9', 'LS11'], '113', 10, 5),
        ('Glasgow', [], None, None, ['G1', 'G2', 'G3', 'G4', 'G51'], '141', 10, 5),
        ('Bristol', [], None, None, ['BS1', 'BS2', 'BS8'], '117', 10, 5),
        ('Edinburgh', [], None, None, ['EH1', 'EH2', 'EH3', 'EH6'], '131', 10, 4),
        ('Liverpool', [], None, None, ['L1', 'L2', 'L3'], '151', 10, 4),
        ('Sheffield', [], None, None, ['S1', 'S2', 'S3'], '114', 10, 3),
        ('Cardiff', [], None, None, ['CF10', 'CF11', 'CF24'], '29', 10, 3),
        ('Nottingham', [], None, None, ['NG1', 'NG2', 'NG7'], '115', 10, 3),
        ('Newcastle upon Tyne', ['Newcastle'], None, None, ['NE1', 'NE2', 'NE4'], '191', 10, 3),
        ('Southampton', [], None, None, ['SO14', 'SO15'], '23', 10, 2),
        ('St Albans', ['St. Albans', 'Saint Albans'], None, None, ['AL1', 'AL3'], '1727', 10, 2),
        ('Cambridge', [], None, None, ['CB1', 'CB2', 'CB4'], '1223', 10, 2),
        ('Oxford', [], None, None, ['OX1', 'OX2', 'OX4'], '1865', 10, 2),
        ('Reading', [], None, None, ['RG1', 'RG2'], '118', 10, 2),
        ('Aberdeen', [], None, None, ['AB10', 'AB11'], '1224', 10, 2),
        ('Belfast', [], None, None, ['BT1', 'BT2', 'BT7'], '28', 10, 2),
    ],
    'DE': [
        ('Berlin', [], None, None, [(10115, 14199)], '30', 10, 14),
        ('Hamburg', [], None, None, [(20095, 22769)], '40', 10, 10),
        ('München', [], 'Munich', None, [(80331, 81929)], '89', 10, 10),
        ('Köln', [], 'Cologne', None, [(50667, 51149)], '221', 10, 7),
        ('Frankfurt am Main', ['Frankfurt', 'Frankfurt a. M.', 'Frankfurt/Main'], None, None, [(60306, 60599)],
         '69', 10, 7),
        ('Stuttgart', [], None, None, [(70173, 70629)], '711', 10, 5),
        ('Düsseldorf', [], None, None, [(40210, 40629)], '211', 10, 5),
        ('Leipzig', [], None, None, [(4103, 4357)], '341', 10, 4),
        ('Dortmund', [], None, None, [(44135, 44388)], '231', 10, 3),
        ('Nürnberg', [], 'Nuremberg', None, [(90402, 90491)], '911', 10, 4),
        ('Hannover', [], 'Hanover', None, [(30159, 30669)], '511', 10, 4),
        ('Bremen', [], None, None, [(28195, 28779)], '421', 10, 3),
        ('Dresden', [], None, None, [(1067, 1328)], '351', 10, 3),
        ('Essen', [], None, None, [(45127, 45359)], '201', 10, 3),
        ('Bonn', [], None, None, [(53111, 53229)], '228', 10, 2),
        ('Mannheim', [], None, None, [(68159, 68309)], '621', 10, 2),
        ('Karlsruhe', [], None, None, [(76131, 76229)], '721', 10, 2),
        ('Augsburg', [], None, None, [(86150, 86199)], '821', 10, 2),
        ('Freiburg im Breisgau', ['Freiburg', 'Freiburg i. Br.'], None, None, [(79098, 79117)], '761', 10, 2),
        ('Münster', [], None, None, [(48143, 48167)], '251', 10, 2),
    ],
    'FR': [
        ('Paris', [], None, None, [(75001 + i, 75001 + i) for i in range(20)], '1', 9, 30),
        ('Lyon', [], 'Lyons', None, [(69001, 69009)], '4', 9, 9),
        ('Marseille', [], 'Marseilles', None, [(13001, 13016)], '4', 9, 8),
        ('Toulouse', [], None, None, [(31000, 31500)], '5', 9, 6),
        ('Nice', [], None, None, [(6000, 6300)], '4', 9, 4),
        ('Nantes', [], None, None, [(44000, 44300)], '2', 9, 5),
        ('Strasbourg', [], None, None, [(67000, 67200)], '3', 9, 4),
        ('Bordeaux', [], None, None, [(33000, 33800)], '5', 9, 5),
        ('Lille', [], None, None, [(59000, 59800)], '3', 9, 5),
        ('Rennes', [], None, None, [(35000, 35700)], '2', 9, 3),
        ('Montpellier', [], None, None, [(34000, 34090)], '4', 9, 3),
        ('Grenoble', [], None, None, [(38000, 38100)], '4', 9, 3),
        ('Saint-Étienne', ['St-Étienne', 'Saint-Etienne', 'St Etienne'], None, None, [(42000, 42100)], '4', 9, 2),
        ('Le Havre', [], None, None, [(76600, 76620)], '2', 9, 2),
        ('Reims', [], None, None, [(51100, 51100)], '3', 9, 2),
    ],
    'NL': [
        ('Amsterdam', [], None, None, [(1011, 1109)], '20', 9, 20),
        ('Rotterdam', [], None, None, [(3011, 3089)], '10', 9, 12),
        ('Den Haag', ["'s-Gravenhage"], 'The Hague', None, [(2491, 2599)], '70', 9, 8),
        ('Utrecht', [], None, None, [(3511, 3585)], '30', 9, 8),
        ('Eindhoven', [], None, None, [(5611, 5658)], '40', 9, 6),
        ('Groningen', [], None, None, [(9711, 9747)], '50', 9, 4),
        ('Tilburg', [], None, None, [(5011, 5049)], '13', 9, 3),
        ('Almere', [], None, None, [(1311, 1363)], '36', 9, 2),
        ('Breda', [], None, None, [(4811, 4839)], '76', 9, 3),
        ('Nijmegen', [], None, None, [(6511, 6546)], '24', 9, 3),
        ('Arnhem', [], None, None, [(6811, 6846)], '26', 9, 3),
        ('Haarlem', [], None, None, [(2011, 2037)], '23', 9, 3),
        ('Zwolle', [], None, None, [(8011, 8046)], '38', 9, 2),
        ('Leiden', [], None, None, [(2311, 2334)], '71', 9, 2),
        ('Maastricht', [], None, None, [(6211, 6229)], '43', 9, 2),
        ('Delft', [], None, None, [(2611, 2629)], '15', 9, 2),
    ],
    'SE': [
        ('Stockholm', [], None, None, [(11120, 12999)], '8', 9, 30),
        ('Göteborg', [], 'Gothenburg', None, [(41101, 42699)], '31', 9, 14),
        ('Malmö', [], None, None, [(21111, 21899)], '40', 9, 10),
        ('Uppsala', [], None, None, [(75103, 75759)], '18', 9, 6),
        ('Västerås', [], None, None, [(72210, 72599)], '21', 9, 4),
        ('Örebro', [], None, None, [(70210, 70379)], '19', 9, 4),
        ('Linköping', [], None, None, [(58102, 58999)], '13', 9, 4),
        ('Helsingborg', [], None, None, [(25220, 25669)], '42', 9, 3),
        ('Jönköping', [], None, None, [(55302, 55629)], '36', 9, 3),
        ('Norrköping', [], None, None, [(60210, 60379)], '11', 9, 3),
        ('Lund', [], None, None, [(22220, 22759)], '46', 9, 3),
        ('Umeå', [], None, None, [(90302, 90799)], '90', 9, 2),
    ],
    'DK': [
        ('København', ['København K', 'København V', 'Kbh.'], 'Copenhagen', None, [(1050, 1799), (2100, 2400)], '', 8, 30),
        ('Frederiksberg', ['Frederiksberg C'], None, None, [(1800, 2000)], '', 8, 6),
        ('Aarhus', ['Århus', 'Aarhus C'], None, None, [(8000, 8270)], '', 8, 14),
        ('Odense', ['Odense C'], None, None, [(5000, 5270)], '', 8, 8),
        ('Aalborg', ['Ålborg'], None, None, [(9000, 9220)], '', 8, 7),
        ('Esbjerg', [], None, None, [(6700, 6715)], '', 8, 4),
        ('Randers', [], None, None, [(8900, 8960)], '', 8, 3),
        ('Kolding', [], None, None, [(6000, 6000)], '', 8, 3),
        ('Vejle', [], None, None, [(7100, 7100)], '', 8, 3),
        ('Horsens', [], None, None, [(8700, 8700)], '', 8, 3),
        ('Roskilde', [], None, None, [(4000, 4000)], '', 8, 3),
        ('Herning', [], None, None, [(7400, 7400)], '', 8, 2),
    ],
    'PL': [
        ('Warszawa', [], 'Warsaw', None, [(1, 4999)], '22', 9, 30),
        ('Kraków', ['Krakow'], 'Cracow', None, [(30001, 31999)], '12', 9, 12),
        ('Łódź', ['Lodz'], None, None, [(90001, 94999)], '42', 9, 8),
        ('Wrocław', [], 'Breslau', None, [(50001, 54999)], '71', 9, 9),
        ('Poznań', [], None, None, [(60001, 61999)], '61', 9, 8),
        ('Gdańsk', [], 'Danzig', None, [(80001, 80999)], '58', 9, 6),
        ('Szczecin', [], None, None, [(70001, 71999)], '91', 9, 4),
        ('Katowice', [], None, None, [(40001, 40999)], '32', 9, 5),
        ('Lublin', [], None, None, [(20001, 20999)], '81', 9, 4),
        ('Bydgoszcz', [], None, None, [(85001, 85999)], '52', 9, 3),
        ('Białystok', [], None, None, [(15001, 15999)], '85', 9, 3),
        ('Gdynia', [], None, None, [(81001, 81999)], '58', 9, 3),
        ('Rzeszów', [], None, None, [(35001, 35999)], '17', 9, 2),
        ('Toruń', [], None, None, [(87100, 87199)], '56', 9, 2),
    ],
    'ES': [
        ('Madrid', [], None, None, [(28001, 28055)], '91', 9, 30),
        ('Barcelona', [], None, None, [(8001, 8042)], '93', 9, 25),
        ('Valencia', ['València'], None, None, [(46001, 46026)], '96', 9, 9),
        ('Sevilla', [], 'Seville', None, [(41001, 41020)], '954', 9, 7),
        ('Zaragoza', [], 'Saragossa', None, [(50001, 50021)], '976', 9, 5),
        ('Málaga', [], None, None, [(29001, 29018)], '952', 9, 5),
        ('Bilbao', [], None, None, [(48001, 48015)], '944', 9, 5),
        ('Alicante', ['Alacant'], None, None, [(3001, 3016)], '965', 9, 3),
        ('Córdoba', [], None, None, [(14001, 14014)], '957', 9, 2),
        ('Valladolid', [], None, None, [(47001, 47017)], '983', 9, 2),
        ('Vigo', [], None, None, [(36201, 36216)], '986', 9, 2),
        ('Palma', ['Palma de Mallorca'], None, None, [(7001, 7015)], '971', 9, 3),
        ('Murcia', [], None, None, [(30001, 30012)], '968', 9, 2),
        ('San Sebastián', ['Donostia', 'Donostia-San Sebastián'], None, None, [(20001, 20018)], '943', 9, 2),
    ],
    'IT': [
        ('Milano', [], 'Milan', None, [(20121, 20162)], '02', 10, 30),
        ('Roma', [], 'Rome', None, [(118, 199)], '06', 10, 20),
        ('Torino', [], 'Turin', None, [(10121, 10156)], '011', 10, 10),
        ('Napoli', [], 'Naples', None, [(80121, 80147)], '081', 10, 6),
        ('Bologna', [], None, None, [(40121, 40141)], '051', 10, 6),
        ('Firenze', [], 'Florence', None, [(50121, 50145)], '055', 10, 6),
        ('Genova', [], 'Genoa', None, [(16121, 16167)], '010', 10, 4),
        ('Verona', [], None, None, [(37121, 37142)], '045', 10, 4),
        ('Padova', [], 'Padua', None, [(35121, 35143)], '049', 10, 4),
        ('Venezia', ['Venezia Mestre'], 'Venice', None, [(30121, 30176)], '041', 10, 3),
        ('Bari', [], None, None, [(70121, 70132)], '080', 10, 3),
        ('Brescia', [], None, None, [(25121, 25136)], '030', 10, 4),
        ('Bergamo', [], None, None, [(24121, 24129)], '035', 10, 3),
        ('Trieste', [], None, None, [(34121, 34151)], '040', 10, 2),
    ],
    'AU': [
        ('Sydney', [], None, 'NSW', [(2000, 2234)], '2', 9, 30),
        ('Melbourne', [], None, 'VIC', [(3000, 3207)], '3', 9, 28),
        ('Brisbane', [], None, 'QLD', [(4000, 4179)], '7', 9, 14),
        ('Perth', [], None, 'WA', [(6000, 6199)], '8', 9, 10),
        ('Adelaide', [], None, 'SA', [(5000, 5173)], '8', 9, 7),
        ('Canberra', [], None, 'ACT', [(2600, 2620)], '2', 9, 4),
        ('Hobart', [], None, 'TAS', [(7000, 7018)], '3', 9, 2),
        ('Gold Coast', [], None, 'QLD', [(4207, 4230)], '7', 9, 3),
        ('Newcastle', [], None, 'NSW', [(2289, 2300)], '2', 9, 2),
        ('Geelong', [], None, 'VIC', [(3211, 3228)], '3', 9, 2),
        ('Darwin', [], None, 'NT', [(800, 832)], '8', 9, 1),
    ],
}
AU_GPO = {'Sydney': '2001', 'Melbourne': '3001', 'Brisbane': '4001', 'Perth': '6001', 'Adelaide': '5001',
          'Canberra': '2601', 'Hobart': '7001', 'Gold Coast': '4217', 'Newcastle': '2300', 'Geelong': '3220',
          'Darwin': '0801'}
MOBILE_PREFIX = {'US': None, 'GB': ['7700', '7711', '7723', '7734', '7788', '7800', '7912', '7954'],
                 'DE': ['151', '152', '160', '162', '170', '171', '172', '176'], 'FR': ['6', '7'], 'NL': ['6'],
                 'SE': ['70', '72', '73', '76'], 'DK': ['2', '3', '4', '5', '6'],
                 'PL': ['50', '51', '53', '60', '66', '69', '72', '78', '79', '88'], 'ES': ['6'], 'IT': ['3'],
                 'AU': ['4']}
COUNTRY_CODE = {'US': '1', 'GB': '44', 'DE': '49', 'FR': '33', 'NL': '31', 'SE': '46', 'DK': '45', 'PL': '48',
                'ES': '34', 'IT': '39', 'AU': '61'}
TRUNK = {'US': '1', 'GB': '0', 'DE': '0', 'FR': '0', 'NL': '0', 'SE': '0', 'DK': '', 'PL': '', 'ES': '', 'IT': '',
         'AU': '0'}

# ------------------------------------------------------------------------------------------------------------------
# Legal forms: per country (key, its spellings [the usual first], weight). Key None: no legal form.
# ------------------------------------------------------------------------------------------------------------------

LEGAL = {
    'US': [('LLC', ['LLC', 'L.L.C.', 'Limited Liability Company', 'llc'], 34),
           ('Inc.', ['Inc.', 'Inc', 'Incorporated', 'INC.'], 34),
           ('Corp.', ['Corp.', 'Corp', 'Corporation'], 14), ('Co.', ['Co.', 'Company', 'Co'], 5),
           ('LLP', ['LLP', 'L.L.P.', 'Limited Liability Partnership'], 5), (None, [], 8)],
    'GB': [('Ltd', ['Ltd', 'Limited', 'Ltd.', 'LTD'], 72), ('PLC', ['PLC', 'plc', 'Public Limited Company', 'P.L.C.'], 8),
           ('LLP', ['LLP', 'Limited Liability Partnership'], 10), (None, [], 10)],
    'DE': [('GmbH', ['GmbH', 'Gesellschaft mit beschränkter Haftung', 'G.m.b.H.', 'Gmbh', 'GMBH', 'Ges.m.b.H.'], 55),
           ('AG', ['AG', 'Aktiengesellschaft'], 6), ('KG', ['KG', 'Kommanditgesellschaft'], 6),
           ('GmbH & Co. KG', ['GmbH & Co. KG', 'GmbH & Co KG', 'GmbH u. Co. KG', 'GmbH + Co. KG',
                              'Gesellschaft mit beschränkter Haftung & Compagnie Kommanditgesellschaft'], 15),
           ('e.K.', ['e.K.', 'e. K.', 'eingetragener Kaufmann', 'e.Kfm.'], 7),
           ('OHG', ['OHG', 'oHG', 'offene Handelsgesellschaft'], 4),
           ('UG (haftungsbeschränkt)', ['UG (haftungsbeschränkt)', 'UG', 'UG (haftungsbeschraenkt)', 'UG (hb)'], 7)],
    'FR': [('SARL', ['SARL', 'S.A.R.L.', 'Sarl', 'Société à responsabilité limitée'], 38),
           ('SAS', ['SAS', 'S.A.S.', 'Sas', 'Société par actions simplifiée'], 34),
           ('SA', ['SA', 'S.A.', 'Société anonyme'], 12), ('EURL', ['EURL', 'E.U.R.L.'], 6),
           ('SASU', ['SASU', 'S.A.S.U.'], 10)],
    'NL': [('B.V.', ['B.V.', 'BV', 'B.V', 'Besloten Vennootschap', 'bv'], 78),
           ('N.V.', ['N.V.', 'NV', 'Naamloze Vennootschap'], 5),
           ('V.O.F.', ['V.O.F.', 'VOF', 'Vennootschap onder firma', 'v.o.f.'], 17)],
    'SE': [('AB', ['AB', 'Aktiebolag', 'A.B.', 'Ab'], 84), ('HB', ['HB', 'Handelsbolag'], 8),
           ('KB', ['KB', 'Kommanditbolag'], 8)],
    'DK': [('ApS', ['ApS', 'APS', 'Anpartsselskab', 'Aps'], 50), ('A/S', ['A/S', 'AS', 'Aktieselskab', 'A.S.'], 40),
           ('I/S', ['I/S', 'IS', 'Interessentskab'], 10)],
    'PL': [('Sp. z o.o.', ['Sp. z o.o.', 'Sp z oo', 'sp. z o.o.', 'Spółka z ograniczoną odpowiedzialnością',
                           'spółka z o.o.', 'Sp. z.o.o.', 'SP. Z O.O.'], 70),
           ('S.A.', ['S.A.', 'SA', 'Spółka Akcyjna'], 10), ('sp.j.', ['sp.j.', 'Sp.j.', 'Spółka jawna', 'sp. j.'], 12),
           ('sp.k.', ['sp.k.', 'Sp.k.', 'Spółka komandytowa', 'sp. k.'], 8)],
    'ES': [('S.L.', ['S.L.', 'SL', 'S.L', 'Sociedad Limitada', 'Sociedad de Responsabilidad Limitada'], 78),
           ('S.A.', ['S.A.', 'SA', 'Sociedad Anónima', 'S.A'], 17),
           ('S.L.U.', ['S.L.U.', 'SLU', 'Sociedad Limitada Unipersonal'], 5)],
    'IT': [('S.r.l.', ['S.r.l.', 'Srl', 'SRL', 'S.R.L.', 'Società a responsabilità limitata', 's.r.l.'], 68),
           ('S.p.A.', ['S.p.A.', 'SpA', 'SPA', 'Società per Azioni'], 12),
           ('S.a.s.', ['S.a.s.', 'Sas', 's.a.s.', 'Società in accomandita semplice'], 10),
           ('S.n.c.', ['S.n.c.', 'Snc', 's.n.c.', 'Società in nome collettivo'], 10)],
    'AU': [('Pty Ltd', ['Pty Ltd', 'Pty. Ltd.', 'Proprietary Limited', 'PTY LTD', 'Pty Limited', 'P/L'], 88),
           ('Ltd', ['Ltd', 'Limited'], 8), (None, [], 4)],
}
LEGAL_SPELLINGS = {(c, k): v for c, forms in LEGAL.items() for k, v, _ in forms if k}
SMALL_FORMS = ['e.K.', 'OHG', 'V.O.F.', 'HB', 'I/S', 'sp.j.', 'S.n.c.', 'S.a.s.', 'EURL', 'LLC', None]
COMMA_BEFORE_LEGAL = {'US': 0.3, 'ES': 0.45, 'IT': 0.1, 'AU': 0.0, 'GB': 0.0}

# ------------------------------------------------------------------------------------------------------------------
# Names of people
# ------------------------------------------------------------------------------------------------------------------

EN_MALE = ['John', 'Robert', 'William', 'James', 'Michael', 'David', 'Richard', 'Thomas', 'Charles', 'Joseph',
           'Christopher', 'Daniel', 'Matthew', 'Anthony', 'Steven', 'Andrew', 'Edward', 'Nicholas', 'Benjamin',
           'Jonathan', 'Timothy', 'Gregory', 'Kenneth', 'Ronald', 'Donald', 'Peter', 'Philip', 'Samuel', 'Brian',
           'Kevin', 'Jason', 'Mark', 'Paul', 'George', 'Stephen', 'Alexander', 'Frederick', 'Raymond', 'Douglas',
           'Lawrence', 'Patrick', 'Sean', 'Liam', 'Ryan', 'Gareth', 'Ian', 'Neil', 'Craig', 'Stuart', 'Lachlan']
EN_FEMALE = ['Mary', 'Katherine', 'Catherine', 'Elizabeth', 'Margaret', 'Jennifer', 'Patricia', 'Susan', 'Deborah',
             'Rebecca', 'Alexandra', 'Samantha', 'Jessica', 'Sarah', 'Emily', 'Laura', 'Rachel', 'Emma', 'Olivia',
             'Charlotte', 'Victoria', 'Jacqueline', 'Christine', 'Amanda', 'Michelle', 'Nicole', 'Karen', 'Linda',
             'Barbara', 'Pamela', 'Judith', 'Kimberly', 'Heather', 'Megan', 'Hannah', 'Sophie', 'Lucy', 'Fiona',
             'Siobhan', 'Chloe', 'Abigail', 'Natalie', 'Claire', 'Helen', 'Joanne']
EN_LAST = ['Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Miller', 'Davis', 'Wilson', 'Anderson', 'Taylor',
           'Thomas', 'Moore', 'Martin', 'Jackson', 'Thompson', 'White', 'Harris', 'Clark', 'Lewis', 'Robinson',
           'Walker', 'Young', 'Allen', 'King', 'Wright', 'Scott', 'Green', 'Baker', 'Adams', 'Nelson', 'Hill',
           'Campbell', 'Mitchell', 'Roberts', 'Carter', 'Phillips', 'Evans', 'Turner', 'Parker', 'Collins',
           'Edwards', 'Stewart', 'Morris', 'Murphy', 'Cook', 'Rogers', "O'Brien", "O'Connor", 'McDonald',
           'MacLeod', 'Bennett', 'Gray', 'Hughes', 'Price', 'Sanders', 'Foster', 'Powell', 'Russell', 'Sullivan',
           'Fisher', 'Ellis', 'Harrison', 'Gibson', 'McKenzie', 'Marshall', 'Owens', 'Kennedy', 'Wells', 'Cole',
           'Hayes', 'Fletcher', 'Hunt', 'Palmer', 'Lloyd', 'Davies', 'Ward', 'Watson', 'Chapman', 'Webb',
           'Hudson', 'Knight', 'Spencer', 'Holmes', 'Barnes', 'Reid', 'Fraser', 'Hamilton', 'Graham', 'Burke',
           'Nguyen', 'Kelly', 'Ryan', 'Walsh', 'Byrne', 'Patel', 'Shah', 'Khan', 'Garcia', 'Rodriguez', 'Lee']
NAMES = {
    'en': (EN_MALE, EN_FEMALE, EN_LAST),
    'de': (['Jürgen', 'Günter', 'Hans-Peter', 'Klaus', 'Stefan', 'Andreas', 'Thomas', 'Michael', 'Matthias',
            'Jörg', 'Uwe', 'Wolfgang', 'Johannes', 'Alexander', 'Christian', 'Friedrich', 'Karl-Heinz', 'Dieter',
            'Markus', 'Sebastian', 'Tobias', 'Florian', 'Lukas', 'Maximilian', 'Bernd', 'Helmut', 'Rüdiger',
            'Sören', 'Björn', 'Nikolaus', 'Frank', 'Ralf', 'Dirk', 'Heinz', 'Hans'],
           ['Sabine', 'Ursula', 'Monika', 'Petra', 'Birgit', 'Katrin', 'Jutta', 'Anja', 'Bärbel', 'Katharina',
            'Elisabeth', 'Stefanie', 'Gabriele', 'Susanne', 'Margarete', 'Claudia', 'Andrea', 'Nicole', 'Julia',
            'Lena', 'Anna-Lena', 'Marie-Luise', 'Jana', 'Kerstin', 'Silke', 'Heike', 'Dörte', 'Renate', 'Martina'],
           ['Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Meyer', 'Wagner', 'Becker', 'Schulz', 'Hoffmann',
            'Schäfer', 'Koch', 'Bauer', 'Richter', 'Klein', 'Wolf', 'Schröder', 'Neumann', 'Schwarz', 'Zimmermann',
            'Braun', 'Krüger', 'Hofmann', 'Hartmann', 'Lange', 'Schmitt', 'Werner', 'Krause', 'Meier', 'Lehmann',
            'Köhler', 'Weiß', 'Jäger', 'Groß', 'Böhm', 'Fuchs', 'Günther', 'Möller', 'Vogel', 'Friedrich', 'Keller',
            'Scholz', 'Haas', 'Graf', 'Kühn', 'Pohl', 'Engel', 'Horn', 'Busch', 'Bergmann', 'Thomas', 'Voigt',
            'Sauer', 'Arnold', 'Wolff', 'Pfeiffer', 'Lorenz', 'Brandt', 'Ziegler', 'Kraus', 'Heinrich', 'Ludwig',
            'Dietrich', 'Seidel', 'Nowak', 'Yılmaz', 'Kaya', 'Öztürk']),
    'fr': (['Jean', 'Pierre', 'Michel', 'Philippe', 'Alain', 'Nicolas', 'François', 'Stéphane', 'Sébastien',
            'Jérôme', 'Frédéric', 'Jean-Pierre', 'Jean-Luc', 'Christophe', 'Alexandre', 'Dominique', 'Guillaume',
            'Julien', 'Olivier', 'Thierry', 'Laurent', 'Éric', 'Bernard', 'Patrick', 'Jean-Baptiste', 'Hugo',
            'Théo', 'Benoît', 'Gaël', 'Loïc'],
           ['Hélène', 'Élodie', 'Céline', 'Nathalie', 'Isabelle', 'Sylvie', 'Chloé', 'Léa', 'Amélie',
            'Marie-Claire', 'Catherine', 'Stéphanie', 'Sophie', 'Valérie', 'Sandrine', 'Aurélie', 'Camille',
            'Manon', 'Émilie', 'Françoise', 'Anne-Sophie', 'Marie', 'Brigitte', 'Géraldine', 'Noémie', 'Maëlle'],
           ['Martin', 'Bernard', 'Dubois', 'Thomas', 'Robert', 'Richard', 'Petit', 'Durand', 'Leroy', 'Moreau',
            'Simon', 'Laurent', 'Lefèvre', 'Michel', 'Garcia', 'David', 'Bertrand', 'Roux', 'Vincent', 'Fournier',
            'Morel', 'Girard', 'André', 'Lefebvre', 'Mercier', 'Dupont', 'Lambert', 'Bonnet', 'François',
            'Martinez', 'Gauthier', 'Chevalier', 'Rousseau', 'Leclerc', 'Benoît', 'Hébert', 'Faure', 'Blanc',
            'Guérin', 'Muller', 'Henry', 'Roussel', 'Nicolas', 'Perrin', 'Morin', 'Mathieu', 'Clément', 'Gérard',
            'Dumont', 'Fontaine', 'Lemoine', 'Deschamps', 'Besnard', 'Lévêque', 'Caron', 'Brun', 'Giraud']),
    'nl': (['Jan', 'Pieter', 'Hendrik', 'Willem', 'Johannes', 'Cornelis', 'Dirk', 'Bram', 'Joost', 'Sander',
            'Daan', 'Maarten', 'Ruud', 'Gerrit', 'Jacobus', 'Petrus', 'Adrianus', 'Thijs', 'Jeroen', 'Bas', 'Wouter',
            'Koen', 'Niels', 'Stijn', 'Arjen'],
           ['Sanne', 'Anouk', 'Marieke', 'Femke', 'Lotte', 'Ingrid', 'Els', 'Annemieke', 'Wilhelmina', 'Johanna',
            'Maria', 'Anke', 'Esther', 'Ilse', 'Linda', 'Saskia', 'Karin', 'Mirjam', 'Inge', 'Eline', 'Fleur'],
           ['de Jong', 'Jansen', 'de Vries', 'van den Berg', 'van Dijk', 'Bakker', 'Janssen', 'Visser', 'Smit',
            'Meijer', 'de Boer', 'Mulder', 'de Groot', 'Bos', 'Vos', 'Peters', 'Hendriks', 'van Leeuwen', 'Dekker',
            'Brouwer', 'de Wit', 'Dijkstra', 'Smits', 'de Graaf', 'van der Meer', 'van der Linden', 'Kok', 'Jacobs',
            'de Haan', 'Vermeulen', 'van den Heuvel', 'van der Veen', 'van den Broek', 'de Bruijn', 'Schouten',
            'van Beek', 'Willems', 'van Vliet', 'Hoekstra', 'Koster', 'Verhoeven', 'Prins', "van 't Hof"]),
    'sv': (['Lars', 'Anders', 'Johan', 'Per', 'Erik', 'Karl', 'Nils', 'Mikael', 'Björn', 'Göran', 'Joakim',
            'Fredrik', 'Magnus', 'Henrik', 'Stefan', 'Mats', 'Olof', 'Åke', 'Gustav', 'Oskar', 'Jonas', 'Pär'],
           ['Åsa', 'Anna', 'Eva', 'Maria', 'Karin', 'Kristina', 'Lena', 'Ingrid', 'Märta', 'Sofia', 'Linnéa',
            'Katarina', 'Margareta', 'Elisabeth', 'Birgitta', 'Ulla', 'Malin', 'Emma', 'Sara', 'Johanna', 'Ebba'],
           ['Andersson', 'Johansson', 'Karlsson', 'Nilsson', 'Eriksson', 'Larsson', 'Olsson', 'Persson',
            'Svensson', 'Gustafsson', 'Pettersson', 'Jonsson', 'Jansson', 'Hansson', 'Bengtsson', 'Jönsson',
            'Lindberg', 'Lindqvist', 'Lindgren', 'Berg', 'Åberg', 'Öberg', 'Ström', 'Sjöberg', 'Holmström',
            'Bergström', 'Lundqvist', 'Söderberg', 'Forsberg', 'Engström', 'Ekström', 'Nyström', 'Wallin']),
    'da': (['Søren', 'Jens', 'Niels', 'Lars', 'Henrik', 'Anders', 'Mads', 'Rasmus', 'Jørgen', 'Bjørn', 'Peter',
            'Kristian', 'Morten', 'Thomas', 'Martin', 'Jesper', 'Frederik', 'Christian', 'Kasper', 'Ole', 'Johannes'],
           ['Mette', 'Hanne', 'Kirsten', 'Lone', 'Susanne', 'Camilla', 'Louise', 'Maja', 'Signe', 'Ditte',
            'Elisabeth', 'Margrethe', 'Birgitte', 'Anne', 'Line', 'Pernille', 'Tine', 'Helle', 'Sørine', 'Freja'],
           ['Jensen', 'Nielsen', 'Hansen', 'Pedersen', 'Andersen', 'Christensen', 'Larsen', 'Sørensen',
            'Rasmussen', 'Jørgensen', 'Petersen', 'Madsen', 'Kristensen', 'Olsen', 'Thomsen', 'Christiansen',
            'Poulsen', 'Johansen', 'Møller', 'Mortensen', 'Østergaard', 'Kjær', 'Lauridsen', 'Holm', 'Dahl',
            'Bech', 'Skov', 'Frandsen', 'Nørgaard', 'Lund', 'Bach', 'Søndergaard', 'Winther', 'Kjeldsen']),
    'pl': (['Piotr', 'Krzysztof', 'Andrzej', 'Tomasz', 'Paweł', 'Michał', 'Marcin', 'Grzegorz', 'Łukasz',
            'Wojciech', 'Jakub', 'Aleksander', 'Mateusz', 'Jan', 'Stanisław', 'Rafał', 'Dariusz', 'Bartosz',
            'Przemysław', 'Zbigniew'],
           ['Małgorzata', 'Agnieszka', 'Katarzyna', 'Anna', 'Joanna', 'Ewa', 'Magdalena', 'Barbara', 'Dorota',
            'Żaneta', 'Aleksandra', 'Monika', 'Beata', 'Elżbieta', 'Justyna', 'Karolina', 'Zofia', 'Natalia'],
           ['Nowak', 'Kowalski', 'Wiśniewski', 'Wójcik', 'Kowalczyk', 'Kamiński', 'Lewandowski', 'Zieliński',
            'Szymański', 'Woźniak', 'Dąbrowski', 'Kozłowski', 'Jankowski', 'Mazur', 'Kwiatkowski', 'Krawczyk',
            'Piotrowski', 'Grabowski', 'Nowakowski', 'Pawłowski', 'Michalski', 'Łukasiewicz', 'Zając', 'Król',
            'Wróbel', 'Górski', 'Sikorski', 'Walczak', 'Baran', 'Rutkowski', 'Michalak', 'Szewczyk', 'Ostrowski',
            'Tomaszewski', 'Pietrzak', 'Jabłoński', 'Wieczorek', 'Nowicki', 'Majewski', 'Olszewski', 'Stępień',
            'Dudek', 'Gajewski', 'Chmielewski', 'Brzeziński', 'Sadowski', 'Żak', 'Błaszczyk']),
    'es': (['José', 'Antonio', 'Manuel', 'Francisco', 'Juan', 'David', 'Javier', 'Jesús', 'Carlos', 'Miguel',
            'Alejandro', 'José Luis', 'Juan Carlos', 'Ignacio', 'Enrique', 'Pablo', 'Sergio', 'Álvaro', 'Rubén',
            'Fernando', 'Jorge', 'Raúl', 'Andrés', 'Íñigo'],
           ['María', 'Carmen', 'Ana', 'Isabel', 'Laura', 'Lucía', 'Cristina', 'Marta', 'Pilar', 'Mónica', 'Begoña',
            'María José', 'María Carmen', 'Dolores', 'Rosario', 'Guadalupe', 'Elena', 'Raquel', 'Nuria',
            'Sofía', 'Paula', 'Inés', 'Beatriz', 'Ainhoa'],
           ['García', 'Rodríguez', 'González', 'Fernández', 'López', 'Martínez', 'Sánchez', 'Pérez', 'Gómez',
            'Martín', 'Jiménez', 'Ruiz', 'Hernández', 'Díaz', 'Moreno', 'Muñoz', 'Álvarez', 'Romero', 'Alonso',
            'Gutiérrez', 'Navarro', 'Torres', 'Domínguez', 'Vázquez', 'Ramos', 'Gil', 'Ramírez', 'Serrano',
            'Blanco', 'Suárez', 'Molina', 'Morales', 'Ortega', 'Delgado', 'Castro', 'Ortiz', 'Rubio', 'Marín',
            'Sanz', 'Núñez', 'Iglesias', 'Medina', 'Garrido', 'Cortés', 'Castillo', 'Santos', 'Lozano',
            'Guerrero', 'Cano', 'Prieto', 'Méndez', 'Cruz', 'Calvo', 'Gallego', 'Vidal', 'León', 'Peña', 'Herrera',
            'Aguirre', 'Etxeberria', 'Ibáñez', 'Echevarría']),
    'it': (['Giuseppe', 'Giovanni', 'Antonio', 'Mario', 'Luigi', 'Francesco', 'Angelo', 'Vincenzo', 'Pietro',
            'Salvatore', 'Carlo', 'Niccolò', 'Alessandro', 'Roberto', 'Domenico', 'Stefano', 'Marco', 'Andrea',
            'Luca', 'Matteo', 'Lorenzo', 'Gianluca', 'Massimo', 'Fabrizio', 'Gian Marco'],
           ['Maria', 'Anna', 'Giuseppina', 'Rosa', 'Angela', 'Giovanna', 'Teresa', 'Lucia', 'Francesca', 'Chiara',
            'Federica', 'Paola', 'Valentina', 'Elena', 'Sara', 'Giulia', 'Alessandra', 'Silvia', 'Laura',
            'Martina', 'Ilaria', 'Simona', 'Daniela', 'Maria Grazia'],
           ['Rossi', 'Russo', 'Ferrari', 'Esposito', 'Bianchi', 'Romano', 'Colombo', 'Ricci', 'Marino', 'Greco',
            'Bruno', 'Gallo', 'Conti', 'De Luca', 'Mancini', 'Costa', 'Giordano', 'Rizzo', 'Lombardi', 'Moretti',
            'Barbieri', 'Fontana', 'Santoro', 'Mariani', 'Rinaldi', 'Caruso', 'Ferrara', 'Galli', 'Martini',
            'Leone', 'Longo', 'Gentile', 'Martinelli', 'Vitale', 'Lombardo', 'Serra', 'Coppola', 'De Santis',
            "D'Angelo", 'Marchetti', 'Parisi', 'Villa', 'Conte', 'Ferraro', 'Ferri', 'Fabbri', 'Bianco', 'Marini',
            'Grasso', 'Valentini', 'Messina', 'Sala', 'De Angelis', 'Gatti', 'Pellegrini', 'Palumbo', 'Sanna',
            'Farina', 'Rizzi', 'Monti', 'Cattaneo', 'Morelli', 'Amato', 'Silvestri', "D'Amico", 'Niccolini']),
}
COMMONEST = {'en': ('John', 'Smith'), 'de': ('Thomas', 'Müller'), 'fr': ('Jean', 'Martin'), 'nl': ('Jan', 'de Jong'),
             'sv': ('Lars', 'Andersson'), 'da': ('Jens', 'Jensen'), 'pl': ('Piotr', 'Nowak'),
             'es': ('José', 'García'), 'it': ('Giuseppe', 'Rossi')}
NICKNAMES = {
    'en': {'Robert': ['Bob', 'Rob', 'Bobby'], 'William': ['Bill', 'Will', 'Billy'], 'Katherine': ['Kate', 'Kathy', 'Katie'],
           'Catherine': ['Cathy', 'Kate'], 'Elizabeth': ['Liz', 'Beth', 'Lizzie'], 'Margaret': ['Maggie', 'Peggy', 'Meg'],
           'James': ['Jim', 'Jimmy', 'Jamie'], 'Michael': ['Mike', 'Mick'], 'Richard': ['Rick', 'Dick', 'Rich'],
           'Thomas': ['Tom', 'Tommy'], 'Charles': ['Charlie', 'Chuck'], 'Joseph': ['Joe'], 'Christopher': ['Chris'],
           'Daniel': ['Dan', 'Danny'], 'Matthew': ['Matt'], 'Anthony': ['Tony'], 'Steven': ['Steve'],
           'Stephen': ['Steve'], 'Andrew': ['Andy', 'Drew'], 'Edward': ['Ed', 'Ted', 'Eddie'],
           'Jennifer': ['Jen', 'Jenny'], 'Patricia': ['Pat', 'Patty', 'Trish'], 'Susan': ['Sue', 'Susie'],
           'Deborah': ['Deb', 'Debbie'], 'Rebecca': ['Becky', 'Becca'], 'Alexandra': ['Alex', 'Sandra'],
           'Samantha': ['Sam'], 'Jessica': ['Jess'], 'Nicholas': ['Nick'], 'Benjamin': ['Ben'], 'Jonathan': ['Jon'],
           'Timothy': ['Tim'], 'Gregory': ['Greg'], 'Kenneth': ['Ken'], 'Ronald': ['Ron'], 'Donald': ['Don'],
           'Victoria': ['Vicky', 'Tori'], 'Alexander': ['Alex'], 'Jacqueline': ['Jackie'], 'Christine': ['Chris'],
           'Peter': ['Pete'], 'David': ['Dave'], 'Philip': ['Phil'], 'Frederick': ['Fred'], 'Lawrence': ['Larry'],
           'Raymond': ['Ray'], 'Douglas': ['Doug'], 'Samuel': ['Sam'], 'Abigail': ['Abby'], 'Pamela': ['Pam'],
           'Barbara': ['Barb'], 'Judith': ['Judy'], 'Kimberly': ['Kim'], 'Patrick': ['Pat'], 'Amanda': ['Mandy']},
    'de': {'Johannes': ['Hans'], 'Katharina': ['Kathi', 'Katja'], 'Elisabeth': ['Lisa', 'Elli'], 'Alexander': ['Alex'],
           'Christian': ['Chris'], 'Stefanie': ['Steffi'], 'Matthias': ['Matze'], 'Gabriele': ['Gabi'],
           'Susanne': ['Susi'], 'Andreas': ['Andi'], 'Friedrich': ['Fritz'], 'Margarete': ['Grete'],
           'Nikolaus': ['Klaus', 'Niko'], 'Sebastian': ['Basti'], 'Maximilian': ['Max']},
    'fr': {'Frédéric': ['Fred'], 'Nicolas': ['Nico'], 'Alexandre': ['Alex'], 'Catherine': ['Cathy'],
           'Christophe': ['Chris'], 'Sébastien': ['Seb'], 'Stéphanie': ['Steph'], 'Jean-Baptiste': ['JB'],
           'Dominique': ['Dom']},
    'nl': {'Johannes': ['Jan', 'Hans', 'Joop'], 'Hendrik': ['Henk'], 'Cornelis': ['Kees'], 'Willem': ['Wim'],
           'Gerrit': ['Gert'], 'Jacobus': ['Koos', 'Jaap'], 'Petrus': ['Piet'], 'Adrianus': ['Arie'],
           'Wilhelmina': ['Wil'], 'Johanna': ['Anneke', 'Joke']},
    'sv': {'Karl': ['Kalle'], 'Katarina': ['Kattis'], 'Joakim': ['Jocke'], 'Margareta': ['Maggan'],
           'Kristina': ['Kicki'], 'Elisabeth': ['Lisa'], 'Fredrik': ['Fredde'], 'Gustav': ['Gösta']},
    'da': {'Kristian': ['Kris'], 'Elisabeth': ['Lise'], 'Margrethe': ['Grethe'], 'Johannes': ['Hans'],
           'Frederik': ['Frede']},
    'pl': {'Aleksander': ['Olek'], 'Małgorzata': ['Gosia'], 'Katarzyna': ['Kasia'], 'Krzysztof': ['Krzysiek'],
           'Tomasz': ['Tomek'], 'Wojciech': ['Wojtek'], 'Aleksandra': ['Ola'], 'Magdalena': ['Magda'],
           'Agnieszka': ['Aga'], 'Stanisław': ['Staszek']},
    'es': {'José': ['Pepe'], 'Francisco': ['Paco', 'Curro'], 'Manuel': ['Manolo'], 'Dolores': ['Lola'],
           'Ignacio': ['Nacho'], 'Guadalupe': ['Lupe'], 'Jesús': ['Chuy'], 'Enrique': ['Quique'],
           'Rosario': ['Charo'], 'Alejandro': ['Álex']},
    'it': {'Giuseppe': ['Beppe', 'Peppe', 'Pino'], 'Giovanni': ['Gianni'], 'Alessandro': ['Sandro', 'Alex'],
           'Francesco': ['Franco', 'Checco'], 'Salvatore': ['Totò'], 'Domenico': ['Mimmo'], 'Federica': ['Fede'],
           'Roberto': ['Robi']},
}
MIDDLE_RATE = {'US': 0.35, 'GB': 0.25, 'AU': 0.25, 'DE': 0.12, 'FR': 0.08, 'NL': 0.2, 'SE': 0.3, 'DK': 0.2,
               'PL': 0.05, 'ES': 0.0, 'IT': 0.04}
JOB_TITLES = {
    'en': ['CEO', 'Chief Executive Officer', 'CFO', 'Chief Financial Officer', 'COO', 'Managing Director', 'Director',
           'Finance Director', 'Financial Controller', 'Controller', 'Purchasing Manager', 'Procurement Manager',
           'Head of Procurement', 'Buyer', 'Senior Buyer', 'Accounts Payable Clerk', 'Accounts Payable Manager',
           'Accountant', 'Office Manager', 'Operations Manager', 'IT Manager', 'Sales Manager', 'Sales Director',
           'Marketing Manager', 'Project Manager', 'Logistics Manager', 'Supply Chain Manager', 'Owner', 'President',
           'Vice President', 'VP Operations', 'General Manager', 'Plant Manager', 'Facilities Manager', 'HR Manager',
           'Executive Assistant', 'Engineer', 'Technical Director', 'Quality Manager'],
    'de': ['Geschäftsführer', 'Geschäftsführerin', 'Einkaufsleiter', 'Einkäufer', 'Leiter Einkauf', 'Buchhaltung',
           'Leiterin Buchhaltung', 'Prokurist', 'Vertriebsleiter', 'Technischer Leiter', 'Assistenz der Geschäftsführung',
           'Inhaber', 'Controller', 'IT-Leiter', 'Betriebsleiter', 'Sachbearbeiter Kreditoren', 'Projektleiter', 'Vorstand'],
    'fr': ['Directeur Général', 'Gérant', 'Directeur Financier', 'Responsable Achats', 'Acheteur', 'Comptable',
           'Responsable Comptabilité', 'Directeur Commercial', 'Assistante de Direction', 'Responsable Logistique',
           'Président', 'DAF', 'Responsable Informatique', 'Chef de Projet'],
    'nl': ['Directeur', 'Algemeen Directeur', 'Inkoper', 'Hoofd Inkoop', 'Financieel Manager', 'Controller',
           'Boekhouder', 'Office Manager', 'Eigenaar', 'Bedrijfsleider', 'Commercieel Directeur', 'Projectleider',
           'Crediteurenadministratie'],
    'sv': ['VD', 'Verkställande direktör', 'Inköpschef', 'Inköpare', 'Ekonomichef', 'Controller', 'Redovisningsekonom',
           'Försäljningschef', 'Kontorschef', 'Ägare', 'Projektledare', 'IT-chef', 'Logistikchef'],
    'da': ['Direktør', 'Administrerende direktør', 'Indkøbschef', 'Indkøber', 'Økonomichef', 'Bogholder', 'Salgschef',
           'Kontorchef', 'Ejer', 'Projektleder', 'IT-chef', 'Controller'],
    'pl': ['Prezes Zarządu', 'Dyrektor', 'Dyrektor Finansowy', 'Kierownik Zakupów', 'Specjalista ds. Zakupów',
           'Główny Księgowy', 'Księgowa', 'Kierownik Biura', 'Właściciel', 'Kierownik Projektu', 'Kierownik Logistyki',
           'Dyrektor Handlowy'],
    'es': ['Director General', 'Gerente', 'Director Financiero', 'Responsable de Compras', 'Comprador', 'Contable',
           'Jefe de Administración', 'Director Comercial', 'Secretaria de Dirección', 'Jefe de Logística', 'Propietario',
           'Jefe de Proyecto'],
    'it': ['Amministratore Delegato', 'Direttore Generale', 'Titolare', 'Responsabile Acquisti', 'Buyer',
           'Responsabile Amministrativo', 'Contabile', 'Direttore Commerciale', 'Responsabile Logistica',
           'Segretaria di Direzione', 'Responsabile IT', 'Project Manager'],
}

# ------------------------------------------------------------------------------------------------------------------
# Company name parts
# ------------------------------------------------------------------------------------------------------------------

AND = {'en': 'and', 'de': 'und', 'fr': 'et', 'nl': 'en', 'sv': 'och', 'da': 'og', 'pl': 'i', 'es': 'y', 'it': 'e'}
SONS = {'en': 'Sons', 'de': 'Söhne', 'fr': 'Fils', 'nl': 'Zonen', 'sv': 'Söner', 'da': 'Søn', 'pl': 'Synowie',
        'es': 'Hijos', 'it': 'Figli'}
BROTHERS = {'en': ('{} Brothers', None), 'de': ('Gebrüder {}', None), 'fr': ('{} Frères', None),
            'nl': ('Gebroeders {}', None), 'sv': ('Bröderna {}', None), 'da': ('Brødrene {}', None),
            'pl': ('Bracia {}', None), 'es': ('Hermanos {}', None), 'it': ('Fratelli {}', None)}
ASSOCIATES = {'en': 'Associates', 'de': 'Partner', 'fr': 'Associés', 'nl': 'Partners', 'sv': 'Partners',
              'da': 'Partnere', 'pl': 'Wspólnicy', 'es': 'Asociados', 'it': 'Associati'}
INDUSTRY = {
    'en': ['Consulting', 'Logistics', 'Engineering', 'Software', 'Systems', 'Solutions', 'Manufacturing', 'Foods',
           'Trading', 'Construction', 'Electrical', 'Plumbing', 'Design', 'Media', 'Labs', 'Analytics', 'Partners',
           'Holdings', 'Group', 'Industries', 'Technologies', 'Services', 'Supplies', 'Distribution', 'Freight',
           'Pharmaceuticals', 'Medical', 'Textiles', 'Furniture', 'Printing', 'Packaging', 'Motors', 'Energy',
           'Marine', 'Security', 'Recruitment', 'Catering', 'Interiors', 'Metals', 'Plastics', 'Components',
           'Instruments', 'Automation', 'Robotics', 'Timber', 'Brewing', 'Coffee', 'Apparel', 'Architects',
           'Accountants', 'Insurance', 'Capital', 'Properties', 'Hardware', 'Tools', 'Electronics', 'Chemicals',
           'Transport', 'Landscaping', 'Roofing', 'Glass', 'Optics', 'Dental', 'Bakery', 'Wines', 'Shipping',
           'Aviation', 'Travel', 'Events', 'Digital', 'Networks', 'Data', 'Water', 'Solar', 'Environmental',
           'Fabrication', 'Welding', 'Machining', 'Hydraulics', 'Pumps', 'Valves', 'Bearings', 'Fasteners',
           'Lighting', 'Laboratories', 'Management', 'Development', 'Products'],
    'de': ['Logistik', 'Maschinenbau', 'Bau', 'Elektrotechnik', 'Handel', 'Holzbau', 'Metallbau', 'Software',
           'Beratung', 'Druckerei', 'Spedition', 'Haustechnik', 'Automation', 'Werkzeugbau', 'Kunststofftechnik',
           'Systemtechnik', 'Immobilien', 'Steuerberatung', 'Verpackungen', 'Feinmechanik', 'Antriebstechnik',
           'Umwelttechnik', 'Medizintechnik', 'Dienstleistungen', 'Transporte', 'Gebäudetechnik', 'Sanitär',
           'Elektro', 'Landtechnik', 'Lebensmittel', 'Brauerei', 'Möbel', 'Fahrzeugbau', 'Stahlbau', 'Glas',
           'Optik', 'Messtechnik', 'Datentechnik', 'Personal', 'Gebäudereinigung'],
    'fr': ['Transports', 'Bâtiment', 'Électricité', 'Conseil', 'Distribution', 'Menuiserie', 'Imprimerie',
           'Logistique', 'Industrie', 'Informatique', 'Ingénierie', 'Services', 'Métallerie', 'Plomberie',
           'Emballages', 'Négoce', 'Travaux Publics', 'Mécanique', 'Boulangerie', 'Vins', 'Optique',
           'Environnement', 'Automatismes', 'Peinture', 'Charpente', 'Immobilier', 'Froid', 'Textiles'],
    'nl': ['Installatietechniek', 'Bouw', 'Transport', 'Logistiek', 'Techniek', 'Handel', 'Advies', 'Automatisering',
           'Metaalbewerking', 'Groothandel', 'Schilders', 'Elektrotechniek', 'Verpakkingen', 'Machinebouw',
           'Kunststoffen', 'Bloemen', 'Kaas', 'Vastgoed', 'Projecten', 'Media'],
    'sv': ['Bygg', 'Transport', 'Konsult', 'Teknik', 'Elektriska', 'Mekaniska', 'Trä', 'Data', 'Logistik', 'Handel',
           'Måleri', 'Rör', 'Verkstad', 'Industri', 'Fastigheter', 'Bemanning', 'Automation', 'Plast', 'Stål',
           'Revision'],
    'da': ['Byg', 'Transport', 'Rådgivning', 'Teknik', 'El', 'Maskinfabrik', 'VVS', 'Logistik', 'Handel',
           'Entreprise', 'Data', 'Tømrer', 'Malerfirma', 'Smedie', 'Fødevarer', 'Rengøring', 'Ejendomme', 'Industri',
           'Møbler', 'Design'],
    'pl': ['Budownictwo', 'Transport', 'Logistyka', 'Handel', 'Usługi', 'Technika', 'Elektronika', 'Meble',
           'Spedycja', 'Konsulting', 'Instalacje', 'Systemy', 'Produkcja', 'Przemysł', 'Hurtownia', 'Inżynieria',
           'Drukarnia', 'Opakowania', 'Stal', 'Serwis'],
    'es': ['Construcciones', 'Transportes', 'Logística', 'Ingeniería', 'Distribuciones', 'Servicios', 'Consultores',
           'Instalaciones', 'Suministros', 'Comercial', 'Industrias', 'Alimentación', 'Muebles', 'Gráficas',
           'Sistemas', 'Electricidad', 'Maquinaria', 'Inmobiliaria', 'Asesores', 'Vinos'],
    'it': ['Costruzioni', 'Trasporti', 'Logistica', 'Ingegneria', 'Impianti', 'Meccanica', 'Servizi', 'Consulenze',
           'Elettronica', 'Arredamenti', 'Tipografia', 'Commerciale', 'Industrie', 'Sistemi', 'Forniture',
           'Alimentari', 'Vini', 'Tessile', 'Automazione', 'Edilizia'],
}
INDUSTRY_FIRST = ['fr', 'es', 'it']      # `Transports Martin`, `Construcciones López`, `Trasporti Rossi`
OF_PLACE = {'fr': 'de', 'es': 'de', 'it': 'di'}
PLACES = {
    'US': ['Pacific', 'Atlantic', 'Midwest', 'Great Lakes', 'Rocky Mountain', 'Cascade', 'Gulf Coast', 'Lone Star',
           'Bay Area', 'Hudson Valley', 'Blue Ridge', 'Sierra', 'Prairie', 'Chesapeake', 'Keystone', 'Empire State',
           'Golden Gate', 'Mississippi', 'Ozark', 'Appalachian', 'Piedmont', 'Tri-State', 'Great Plains', 'Sunbelt',
           'New England', 'Northwest', 'Southwest', 'Capital City', 'Heartland', 'Saint Lawrence'],
    'GB': ['Thames Valley', 'Pennine', 'Cotswold', 'Highland', 'Northern', 'Anglia', 'Mersey', 'Tyneside', 'Wessex',
           'Mercia', 'Chiltern', 'Severn', 'Caledonian', 'Clyde', 'Humber', 'Solent', 'Yorkshire', 'Lancashire',
           'Kentish', 'Cornish', 'Albion', 'Britannia', 'Channel', 'Midlands', 'Grampian', 'Lakeland', 'Saint George'],
    'AU': ['Pacific', 'Southern Cross', 'Outback', 'Coastal', 'Harbour', 'Great Southern', 'Murray', 'Sunshine',
           'Tasman', 'Coral Sea', 'Red Centre', 'Kimberley', 'Top End', 'Barossa', 'Hunter Valley', 'Gippsland'],
    'DE': ['Rhein', 'Rhein-Main', 'Elbe', 'Alpen', 'Bayern', 'Nordsee', 'Ostsee', 'Schwarzwald', 'Harz', 'Weser',
           'Ruhr', 'Spree', 'Donau', 'Neckar', 'Franken', 'Sachsen', 'Westfalen', 'Allgäu', 'Eifel', 'Taunus',
           'Pfalz', 'Hanse', 'Bodensee', 'Mosel', 'Sankt Georg'],
    'FR': ['Atlantique', 'Méditerranée', 'Provence', 'Alpes', 'Bretagne', 'Normandie', 'Loire', 'Rhône', 'Aquitaine',
           'Alsace', 'Lorraine', 'Bourgogne', 'Champagne', 'Auvergne', 'Occitanie', 'Pyrénées', 'Seine', 'Garonne',
           'Azur', 'Saint-Michel'],
    'NL': ['Holland', 'Noordzee', 'Rijn', 'Maas', 'Delta', 'Brabant', 'Friesland', 'Zeeland', 'Veluwe', 'Twente',
           'Limburg', 'Randstad', 'Waal', 'IJssel', 'Amstel'],
    'SE': ['Nordic', 'Norrland', 'Skåne', 'Svea', 'Göta', 'Mälardalens', 'Bergslagens', 'Östersjö', 'Väst', 'Norden',
           'Lappland', 'Dalarna', 'Småland', 'Gotland', 'Vänern'],
    'DK': ['Nordic', 'Jysk', 'Fyns', 'Sjællands', 'Øresund', 'Vestjysk', 'Nordsø', 'Limfjord', 'Danske', 'Kattegat',
           'Bornholms', 'Skandinavisk', 'Østjysk', 'Midtjysk'],
    'PL': ['Mazowsze', 'Polska', 'Bałtyk', 'Wisła', 'Śląsk', 'Pomorze', 'Mazury', 'Tatry', 'Karpaty', 'Odra',
           'Warta', 'Podhale', 'Kujawy', 'Wielkopolska', 'Galicja', 'Beskidy'],
    'ES': ['Ibérica', 'Mediterránea', 'Cantábrica', 'Atlántica', 'Levante', 'Castilla', 'Andalucía', 'Galicia',
           'Navarra', 'Aragón', 'Hispania', 'Canarias', 'Balear', 'Pirineos', 'Ebro', 'Tajo'],
    'IT': ['Adriatica', 'Tirrenica', 'Alpina', 'Padana', 'Lombarda', 'Veneta', 'Toscana', 'Ligure', 'Sicula', 'Sarda',
           'Emiliana', 'Italia', 'Mediterranea', 'Appennino', 'Dolomiti', 'Piemontese'],
}
ADJ = ['Crimson', 'Blue', 'Silver', 'Golden', 'Green', 'Red', 'Black', 'White', 'Bright', 'Swift', 'Clear', 'True',
       'Bold', 'Prime', 'Apex', 'Summit', 'Peak', 'Iron', 'Stone', 'Oak', 'Cedar', 'Maple', 'Pine', 'Northstar',
       'Evergreen', 'Cobalt', 'Amber', 'Ivory', 'Scarlet', 'Azure', 'Emerald', 'Sapphire', 'Granite', 'Copper',
       'Falcon', 'Eagle', 'Lion', 'Fox', 'Wolf', 'Bear', 'Phoenix', 'Atlas', 'Orion', 'Vertex', 'Nova', 'Vector',
       'Quantum', 'Fusion', 'Pioneer', 'Frontier', 'Heritage', 'Liberty', 'Patriot', 'Landmark', 'Cornerstone',
       'Beacon', 'Anchor', 'Compass', 'Horizon', 'Meridian', 'Zenith', 'Polar', 'Arctic', 'Sterling', 'Premier',
       'Noble', 'Royal', 'Sovereign', 'Titan', 'Vanguard', 'Velocity', 'Momentum', 'Catalyst', 'Insight', 'Clarity',
       'Synergy', 'Infinity', 'Nexus', 'Spectrum', 'Pinnacle', 'Crest', 'Ridge', 'River', 'Lake', 'Bay', 'Valley',
       'Meadow', 'Brook', 'Willow', 'Birch', 'Aspen', 'Juniper', 'Harbor', 'Silverline', 'Redwood', 'Blackwood']
NOUN = ['Labs', 'Works', 'Partners', 'Solutions', 'Systems', 'Group', 'Dynamics', 'Ventures', 'Consulting', 'Digital',
        'Analytics', 'Logistics', 'Engineering', 'Design', 'Media', 'Studio', 'Holdings', 'Capital', 'Technologies',
        'Industries', 'Networks', 'Software', 'Supply', 'Trading', 'Foods', 'Energy', 'Bridge', 'Point', 'Path',
        'Gate', 'Line', 'Wave', 'Rock', 'Stone', 'Wood', 'Field', 'Forge', 'Mill', 'Craft', 'Tech', 'Link', 'Source',
        'Core', 'Edge', 'Hub', 'Manufacturing', 'Services', 'Laboratories', 'Mountain', 'Center', 'Corporation',
        'Company']
SYLLABLES = ['vel', 'tri', 'nor', 'kal', 'zen', 'lum', 'mar', 'tec', 'ver', 'sol', 'ax', 'ori', 'qua', 'dyn', 'flex',
             'gen', 'bio', 'nex', 'vio', 'tal', 'ron', 'dia', 'evo', 'lux', 'sym', 'cor', 'pra', 'sen', 'tor', 'mer']
ENDINGS = ['ix', 'a', 'on', 'ex', 'is', 'us', 'ia', 'io', 'ant', 'tek', 'tron', 'ora', 'ify', 'ent', 'os']
# Abbreviations of words in names (a word -> how it is shortened), and `&` -> and/+.
ABBREV = {'Brothers': ['Bros', 'Bros.'], 'International': ['Intl', "Int'l", 'Intl.', 'Int.'],
          'Manufacturing': ['Mfg', 'Mfg.'], 'Associates': ['Assoc', 'Assoc.', 'Assocs'], 'Company': ['Co', 'Co.'],
          'Corporation': ['Corp', 'Corp.'], 'Saint': ['St', 'St.'], 'Sankt': ['St.'], 'Gebrüder': ['Gebr.'],
          'Gebroeders': ['Gebr.'], 'Fratelli': ['F.lli', 'Flli'], 'Hermanos': ['Hnos.', 'Hnos'],
          'Engineering': ['Eng.', 'Engg'], 'Services': ['Svcs', 'Servs'], 'Technologies': ['Tech', 'Techs'],
          'Industries': ['Ind.', 'Inds'], 'Laboratories': ['Labs'], 'Distribution': ['Dist.', 'Distr.'],
          'Management': ['Mgmt', 'Mgt'], 'Development': ['Dev.'], 'Mountain': ['Mtn'], 'Center': ['Ctr'],
          'Products': ['Prods'], 'Electrical': ['Elec.'], 'Construction': ['Constr.'], 'Holdings': ['Hldgs'],
          'Construcciones': ['Const.'], 'Transportes': ['Transp.'], 'Saint-Michel': ['St-Michel'],
          'Saint-Étienne': ['St-Étienne']}
EXTRA_WORDS = ['Group', 'Holding', 'International', 'Services', 'Solutions', 'Europe', '(HQ)', '(Head Office)']
COUNTRY_WORD = {'US': 'USA', 'GB': 'UK', 'DE': 'Deutschland', 'FR': 'France', 'NL': 'Nederland', 'SE': 'Sverige',
                'DK': 'Danmark', 'PL': 'Polska', 'ES': 'España', 'IT': 'Italia', 'AU': 'Australia'}

# ------------------------------------------------------------------------------------------------------------------
# Streets: (type spellings [usual first] or None, joiner, names, weight). Prefix types come before the name.
# ------------------------------------------------------------------------------------------------------------------

EN_STREET_NAMES_US = ['Main', 'Oak', 'Maple', 'Pine', 'Cedar', 'Elm', 'Washington', 'Lake', 'Hill', 'Park', 'Market',
                      'Broad', 'Church', 'Sunset', 'Jefferson', 'Lincoln', 'Madison', 'Franklin', 'Highland', 'River',
                      'Spring', 'Commerce', 'Industrial', 'Harbor', 'Walnut', 'Chestnut', 'Mill', 'Center', 'Union',
                      'Prospect', 'Grand', 'Liberty', 'Cherry', 'Willow', 'Ridge', 'Meadow', 'Valley', 'Forest',
                      'Lakeview', 'Cypress', 'Magnolia', 'Peachtree', 'Kennedy', 'Airport', 'Enterprise',
                      'Technology', 'Corporate', 'Executive', 'Innovation', 'Summit', 'Pleasant', 'Adams', 'Jackson',
                      'Monroe', 'Hamilton', 'Front', 'Water', 'Bridge', 'State', 'School', 'Saint Charles']
EN_STREET_NAMES_GB = ['High', 'Station', 'Church', 'Victoria', 'Queen', 'King', 'Park', 'Mill', 'London', 'Bridge',
                      'Market', 'Albert', 'George', 'Manor', 'Castle', 'Chapel', 'New', 'North', 'South', 'West',
                      'Green', 'Springfield', 'Grange', 'Windsor', 'York', 'Oxford', 'Cambridge', 'Regent', 'Princes',
                      'Brunswick', 'Portland', 'Canal', 'Wharf', 'Riverside', 'Meadow', 'Orchard', 'Abbey',
                      'Cathedral', 'Moor', 'Harbour', "St John's", "St Mary's"]
EN_STREET_NAMES_AU = ['George', 'Pitt', 'King', 'Queen', 'Elizabeth', 'Collins', 'Bourke', 'Flinders', 'Swanston',
                      'Hay', 'Murray', 'Adelaide', 'Ann', 'Edward', 'Albert', 'Victoria', 'Parramatta', 'Macquarie',
                      'Hunter', 'Kent', 'Sussex', 'Clarence', 'York', 'Wickham', 'Grenfell', 'Rundle', 'Currie',
                      'Franklin', 'Liverpool', 'Oxford', 'Church', 'Chapel', 'Sturt', 'Stirling', 'Wellington',
                      'Beaufort', 'Anzac', 'Commercial', 'St Georges']
US_TYPES = [(['Street', 'St', 'St.'], 30), (['Avenue', 'Ave', 'Ave.'], 20), (['Road', 'Rd', 'Rd.'], 12),
            (['Boulevard', 'Blvd', 'Blvd.'], 8), (['Drive', 'Dr', 'Dr.'], 10), (['Lane', 'Ln', 'Ln.'], 4),
            (['Parkway', 'Pkwy'], 5), (['Court', 'Ct'], 3), (['Place', 'Pl'], 3), (['Way'], 3), (['Highway', 'Hwy'], 2)]
GB_TYPES = [(['Street', 'St', 'St.'], 30), (['Road', 'Rd', 'Rd.'], 30), (['Lane', 'Ln'], 8), (['Avenue', 'Ave'], 6),
            (['Close', 'Cl'], 3), (['Way'], 5), (['Gardens', 'Gdns'], 3), (['Terrace', 'Terr'], 3),
            (['Place', 'Pl'], 3), (['Crescent', 'Cres'], 3), (['Square', 'Sq'], 3), (['Row'], 2), (['Parade', 'Pde'], 1)]
AU_TYPES = [(['Street', 'St', 'St.'], 50), (['Road', 'Rd'], 15), (['Avenue', 'Ave'], 8), (['Parade', 'Pde'], 4),
            (['Terrace', 'Tce'], 5), (['Highway', 'Hwy'], 4), (['Lane', 'Ln'], 5), (['Place', 'Pl'], 4),
            (['Esplanade', 'Esp'], 2), (['Drive', 'Dr'], 3)]
DE_COMPOUND = ['Haupt', 'Bahnhof', 'Goethe', 'Schiller', 'Linden', 'Industrie', 'Friedrich', 'Mozart', 'Schul',
               'Kirch', 'Kaiser', 'Wilhelm', 'Garten', 'Berg', 'Wald', 'Post', 'Markt', 'Schloss', 'Mühlen', 'Rosen',
               'Feld', 'Luisen', 'König', 'Bismarck', 'Blumen', 'Hafen', 'Gewerbe', 'Dorf', 'Kant', 'Uhland',
               'Lessing', 'Beethoven', 'Rathaus', 'Sonnen', 'Birken', 'Eichen', 'Tannen', 'Brunnen', 'Löwen',
               'Karl-Marx-', 'Konrad-Adenauer-', 'Friedrich-Ebert-', 'Otto-Hahn-', 'Robert-Koch-', 'Max-Planck-',
               'Carl-Zeiss-', 'Werner-von-Siemens-']
DE_ADJ = ['Berliner', 'Münchner', 'Frankfurter', 'Hamburger', 'Kölner', 'Leipziger', 'Dresdner', 'Alte', 'Neue',
          'Lange', 'Breite', 'Hohe']
DE_PLAIN = ['Am Markt', 'Am Hafen', 'An der Alster', 'Im Gewerbepark', 'Zum Sportplatz', 'Unter den Linden',
            'Auf dem Berg', 'Am Bahnhof', 'In der Aue', 'Am Kirchberg']
FR_TYPES = [(['rue', 'r.', 'Rue'], 60), (['avenue', 'av.', 'Av.', 'ave'], 15), (['boulevard', 'bd', 'bd.', 'Bd'], 10),
            (['place', 'pl.', 'Pl.'], 5), (['allée', 'all.'], 3), (['chemin', 'ch.', 'chem.'], 3), (['quai', 'q.'], 2),
            (['impasse', 'imp.'], 2)]
FR_NAMES = ['de la Paix', 'Victor Hugo', 'Pasteur', 'du Moulin', "de l'Église", 'Jean Jaurès', 'Gambetta',
            'de la République', 'Nationale', 'du Général de Gaulle', 'Foch', 'Carnot', 'de Verdun', 'des Lilas',
            'du Commerce', 'de la Gare', 'Saint-Michel', 'Voltaire', 'Émile Zola', 'de Paris', 'des Écoles',
            'Jules Ferry', 'du Château', 'de la Liberté', 'Haussmann', 'de Rivoli', 'Lafayette', 'Pierre Curie',
            'de Strasbourg', 'des Fleurs', 'Aristide Briand', 'du Port', 'Saint-Honoré', 'Molière', 'de Lyon',
            'Montaigne', 'des Champs', 'de Metz', 'Anatole France', 'Paul Bert']
NL_BASES = ['Kerk', 'Dorps', 'Stations', 'Molen', 'Hoofd', 'School', 'Nieuw', 'Markt', 'Industrie', 'Juliana',
            'Beatrix', 'Wilhelmina', 'Oranje', 'Kanaal', 'Haven', 'Parallel', 'Koning', 'Prinses', 'Heren', 'Keizers',
            'Prinsen', 'Tuin', 'Berg', 'Zuid', 'Noord', 'Oost', 'West', 'Veld', 'Bos', 'Vijzel']
NL_TYPES = [(['straat', 'str.'], 45), (['weg'], 25), (['laan', 'ln.'], 15), (['plein'], 5), (['gracht'], 5),
            (['kade'], 5)]
SE_BASES = ['Stor', 'Drottning', 'Kungs', 'Vasa', 'Skol', 'Kyrko', 'Järnvägs', 'Industri', 'Hamn', 'Kvarn', 'Strand',
            'Tull', 'Bruks', 'Fabriks', 'Linné', 'Sturegatan', 'Östra Hamn', 'Västra Hamn', 'Birger Jarls', 'Svea',
            'Hantverkar', 'Fleming', 'Regerings', 'Sankt Eriks']
SE_TYPES = [(['gatan', 'g.', 'gt'], 60), (['vägen', 'v.', 'vagen'], 30), (['torget'], 5), (['gränd'], 5)]
DK_BASES = ['Vesterbro', 'Nørre', 'Øster', 'Sønder', 'Strand', 'Industri', 'Hoved', 'Jernbane', 'Kongens', 'Skole',
            'Kirke', 'Havne', 'Mølle', 'Torve', 'Brogårds', 'Frederiks', 'Amager', 'Vester', 'Ny', 'Gammel',
            'H.C. Andersens', 'Sankt Peders']
DK_TYPES = [(['gade', 'g.'], 50), (['vej', 'v.'], 40), (['allé', 'alle'], 5), (['stræde', 'str.'], 5)]
PL_NAMES = ['Marszałkowska', 'Piotrkowska', 'Długa', 'Mickiewicza', 'Kościuszki', 'Słowackiego', 'Polna', 'Kwiatowa',
            'Szkolna', 'Ogrodowa', 'Lipowa', 'Leśna', 'Sienkiewicza', 'Kolejowa', 'Przemysłowa', 'Warszawska',
            'Krakowska', 'Kasprowicza', 'Jana Pawła II', 'Piłsudskiego', '3 Maja', 'Grunwaldzka', 'Żeromskiego',
            'Reymonta', 'Wojska Polskiego', 'Nowy Świat', 'Świętokrzyska', 'Zielona', 'Słoneczna', 'Kopernika',
            'Chopina', 'Matejki', 'Prosta', 'Wrocławska']
PL_TYPES = [(['ul.', 'ul', 'ulica', ''], 85), (['al.', 'aleja', 'Al.'], 10), (['pl.', 'plac'], 5)]
PL_ALEJE = ['Jerozolimskie', 'Solidarności', 'Niepodległości', 'Ujazdowskie', 'Grunwaldzka', 'Kościuszki']
ES_TYPES = [(['Calle', 'C/', 'c/', 'Cl.'], 65), (['Avenida', 'Avda.', 'Av.', 'Avda'], 20), (['Paseo', 'Pº', 'P.º', 'Pso.'], 5),
            (['Plaza', 'Pl.', 'Pza.'], 5), (['Ronda', 'Rda.'], 3), (['Camino', 'Cmno.'], 2)]
ES_NAMES = ['Mayor', 'de Alcalá', 'Serrano', 'Gran Vía', 'de la Constitución', 'de Gracia', 'del Prado',
            'de Velázquez', 'de Goya', 'de Colón', 'Real', 'Nueva', 'del Carmen', 'de San Vicente', 'de Andalucía',
            'de la Libertad', 'de Cervantes', 'de Sagasta', 'de la Castellana', 'de Aragón', 'de Balmes', 'Diagonal',
            'de la Paz', 'del Sol', 'de los Reyes Católicos', 'de Blasco Ibáñez', 'de Santa María',
            'Príncipe de Vergara', 'de Toledo', 'del Doctor Fleming', 'de Bravo Murillo', 'de Recoletos',
            'de la Industria']
IT_TYPES = [(['Via', 'V.', 'via'], 70), (['Viale', 'V.le', 'viale'], 10), (['Corso', 'C.so', 'corso'], 8),
            (['Piazza', 'P.za', 'P.zza', 'piazza'], 7), (['Largo', 'L.go'], 3), (['Vicolo', 'Vic.'], 2)]
IT_NAMES = ['Roma', 'Garibaldi', 'Giuseppe Garibaldi', 'Mazzini', 'Giuseppe Mazzini', 'Cavour', 'Dante',
            'Dante Alighieri', 'Vittorio Emanuele II', 'Verdi', 'Giuseppe Verdi', 'Marconi', 'Guglielmo Marconi',
            'XX Settembre', 'Matteotti', 'della Repubblica', 'Europa', 'Milano', 'Torino', 'dei Mille', 'Manzoni',
            'Alessandro Manzoni', 'San Francesco', 'Santa Maria', 'Nazionale', 'del Corso', 'della Libertà', 'Gramsci',
            'Leonardo da Vinci', 'Aldo Moro', "dell'Industria", 'del Lavoro', 'Venezia', 'Trieste', 'Cesare Battisti',
            'IV Novembre', 'Umberto I', 'Solferino']
NUMBER_FIRST = ['US', 'GB', 'FR', 'AU']
PO_BOX = {'US': ['PO Box {}', 'P.O. Box {}', 'POB {}'], 'GB': ['PO Box {}', 'P.O. Box {}'],
          'AU': ['PO Box {}', 'GPO Box {}', 'Locked Bag {}'], 'DE': ['Postfach {}'], 'FR': ['BP {}', 'B.P. {}'],
          'NL': ['Postbus {}'], 'SE': ['Box {}'], 'DK': ['Postboks {}'], 'PL': ['skr. poczt. {}', 'Skrytka pocztowa {}'],
          'ES': ['Apartado de Correos {}', 'Apdo. {}'], 'IT': ['Casella Postale {}', 'C.P. {}']}
PARKS = {'US': ['{} Corporate Center', '{} Business Park', '{} Office Park', '{} Industrial Park'],
         'GB': ['{} Business Park', '{} Industrial Estate', '{} Trading Estate'],
         'AU': ['{} Business Park', '{} Corporate Park'],
         'DE': ['Gewerbepark {}', 'Technologiepark {}', 'Businesspark {}'],
         'FR': ["Parc d'activités {}", 'ZI {}', 'ZAC {}'], 'NL': ['Bedrijvenpark {}', 'Businesspark {}'],
         'SE': ['{} Företagspark', '{} Industriområde'], 'DK': ['{} Erhvervspark'],
         'PL': ['Park Biznesu {}', 'Centrum Biurowe {}'], 'ES': ['Polígono Industrial {}', 'Parque Empresarial {}'],
         'IT': ['Centro Direzionale {}', 'Zona Industriale {}']}
UNIT = {'US': [('Suite {}', 100, 950), ('Ste {}', 100, 950), ('#{}', 100, 950), ('Bldg {}', 1, 12)],
        'GB': [('Unit {}', 1, 40), ('Suite {}', 1, 30)], 'AU': [('Unit {}', 1, 40), ('Level {}', 1, 30)],
        'DE': [('Gebäude {L}', 0, 0), ('Halle {}', 1, 12), ('Haus {}', 1, 8)], 'FR': [('Bâtiment {L}', 0, 0), ('Bât. {L}', 0, 0)],
        'NL': [('Unit {}', 1, 40), ('Hal {}', 1, 12)], 'SE': [('Hus {L}', 0, 0), ('Plan {}', 1, 8)],
        'DK': [('{}. sal', 1, 6), ('Bygning {L}', 0, 0)], 'PL': [('lok. {}', 1, 60), ('Budynek {L}', 0, 0)],
        'ES': [('Nave {}', 1, 40), ('Oficina {}', 1, 30)], 'IT': [('Edificio {L}', 0, 0), ('Capannone {}', 1, 20)]}

# Mailboxes: (general ones, invoice ones) per language; free mail providers per country.
MAILBOX = {'en': (['info', 'info', 'info', 'sales', 'office', 'hello', 'contact', 'admin', 'enquiries'],
                  ['accounts', 'ap', 'invoices', 'billing', 'accountspayable', 'finance']),
           'de': (['info', 'info', 'info', 'kontakt', 'office', 'zentrale', 'mail'],
                  ['buchhaltung', 'rechnung', 'rechnungen', 'einkauf', 'finanzen']),
           'fr': (['contact', 'contact', 'info', 'accueil', 'info'], ['compta', 'comptabilite', 'facturation', 'factures']),
           'nl': (['info', 'info', 'info', 'verkoop', 'kantoor'], ['administratie', 'facturen', 'crediteuren']),
           'sv': (['info', 'info', 'info', 'kontakt', 'order'], ['ekonomi', 'faktura', 'fakturor']),
           'da': (['info', 'info', 'info', 'kontakt', 'post'], ['bogholderi', 'faktura', 'regnskab']),
           'pl': (['biuro', 'biuro', 'info', 'kontakt', 'sekretariat'], ['faktury', 'ksiegowosc']),
           'es': (['info', 'info', 'contacto', 'comercial', 'administracion'], ['facturacion', 'contabilidad', 'facturas']),
           'it': (['info', 'info', 'info', 'ufficio', 'commerciale'], ['amministrazione', 'fatture', 'contabilita'])}
FREE_MAIL = {'US': ['gmail.com', 'yahoo.com', 'aol.com', 'outlook.com', 'comcast.net'],
             'GB': ['gmail.com', 'btinternet.com', 'hotmail.co.uk', 'sky.com', 'outlook.com'],
             'AU': ['gmail.com', 'bigpond.com', 'optusnet.com.au', 'outlook.com'],
             'DE': ['web.de', 'gmx.de', 't-online.de', 'gmail.com', 'gmx.net'],
             'FR': ['orange.fr', 'wanadoo.fr', 'free.fr', 'gmail.com', 'laposte.net'],
             'NL': ['ziggo.nl', 'kpnmail.nl', 'gmail.com', 'hotmail.nl', 'planet.nl'],
             'SE': ['telia.com', 'gmail.com', 'hotmail.se', 'outlook.com'],
             'DK': ['gmail.com', 'outlook.dk', 'hotmail.dk', 'mail.dk'],
             'PL': ['wp.pl', 'onet.pl', 'o2.pl', 'gmail.com', 'interia.pl'],
             'ES': ['gmail.com', 'hotmail.es', 'telefonica.net', 'yahoo.es'],
             'IT': ['libero.it', 'gmail.com', 'tiscali.it', 'alice.it', 'virgilio.it']}
TLD = {'US': [('com', 85), ('net', 8), ('us', 4), ('io', 3)], 'GB': [('co.uk', 70), ('com', 25), ('uk', 5)],
       'AU': [('com.au', 90), ('com', 10)], 'DE': [('de', 90), ('com', 8), ('eu', 2)], 'FR': [('fr', 85), ('com', 15)],
       'NL': [('nl', 90), ('com', 10)], 'SE': [('se', 90), ('com', 10)], 'DK': [('dk', 92), ('com', 8)],
       'PL': [('pl', 80), ('com.pl', 15), ('com', 5)], 'ES': [('es', 85), ('com', 15)], 'IT': [('it', 88), ('com', 12)]}

# ------------------------------------------------------------------------------------------------------------------
# Text helpers
# ------------------------------------------------------------------------------------------------------------------

FOLD_SPECIAL = {'ß': 'ss', 'ẞ': 'SS', 'ø': 'o', 'Ø': 'O', 'æ': 'ae', 'Æ': 'AE', 'œ': 'oe', 'Œ': 'OE', 'ł': 'l',
                'Ł': 'L', 'đ': 'd', 'Đ': 'D', 'ı': 'i', 'º': 'o', 'ª': 'a'}
TRANSLIT = {'ä': 'ae', 'ö': 'oe', 'ü': 'ue', 'Ä': 'Ae', 'Ö': 'Oe', 'Ü': 'Ue', 'ß': 'ss', 'ø': 'oe', 'Ø': 'Oe',
            'å': 'aa', 'Å': 'Aa', 'æ': 'ae', 'Æ': 'Ae'}


def fold(s):
    """Accents dropped: Müller -> Muller, Łukasiewicz -> Lukasiewicz, Søren -> Soren, Straße -> Strasse."""
    out = []
    for ch in s:
        if ch in FOLD_SPECIAL:
            out.append(FOLD_SPECIAL[ch])
        elif ord(ch) < 128:
            out.append(ch)
        else:
            out.append(''.join(c for c in unicodedata.normalize('NFKD', ch) if not unicodedata.combining(c)))
    return ''.join(out)


def translit(s):
    """Accents transliterated as a German or Danish keyboard-less writer does: Mueller, Soeren, Aarhus."""
    return fold(''.join(TRANSLIT.get(ch, ch) for ch in s))


def upper(s):
    return s.replace('ß', '\0').upper().replace('\0', 'ß')


def non_ascii(s):
    return any(ord(ch) > 127 for ch in s)


KEYBOARD = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm']
NEIGHBOURS = {}
for _r, _row in enumerate(KEYBOARD):
    for _i, _ch in enumerate(_row):
        _n = [_row[j] for j in (_i - 1, _i + 1) if 0 <= j < len(_row)]
        for _rr, _js in ((_r - 1, (_i, _i + 1)), (_r + 1, (_i - 1, _i))):
            if 0 <= _rr < len(KEYBOARD):
                _n += [KEYBOARD[_rr][j] for j in _js if 0 <= j < len(KEYBOARD[_rr])]
        NEIGHBOURS[_ch] = _n


def neighbour(ch, u):
    options = NEIGHBOURS.get(fold(ch.lower())[:1]) or list('etaoinsr')
    c = options[int(u * len(options)) % len(options)]
    return c.upper() if ch.isupper() else c


def typo(s, u):
    """One insertion, deletion, substitution (a keyboard neighbour) or transposition; never the first letter."""
    letters = [i for i, ch in enumerate(s) if ch.isalpha()]
    if len(letters) < 3:
        return s
    pos = letters[1 + int(u[1] * (len(letters) - 1)) % (len(letters) - 1)]
    op = int(u[0] * 4) % 4
    ch = s[pos]
    if op == 0:
        new = s[:pos + 1] + neighbour(ch, u[2]) + s[pos + 1:]
    elif op == 1:
        new = s[:pos] + s[pos + 1:]
    elif op == 2:
        new = s[:pos] + neighbour(ch, u[2]) + s[pos + 1:]
    elif pos + 1 < len(s) and s[pos + 1].isalpha() and s[pos + 1] != ch:
        new = s[:pos] + s[pos + 1] + ch + s[pos + 2:]
    elif s[pos - 1].isalpha() and s[pos - 1] != ch and pos - 1 > 0:
        new = s[:pos - 1] + ch + s[pos - 1] + s[pos + 1:]
    else:
        new = s[:pos] + neighbour(ch, u[2]) + s[pos + 1:]
    return new if new != s else s[:pos] + s[pos + 1:]


def cut(s, n):
    return s if len(s) <= n else s[:n].rstrip()


def slug(s, mode='fold'):
    s = translit(s) if mode == 'translit' else fold(s)
    return ''.join(ch for ch in s.lower() if ch.isalnum())


# ------------------------------------------------------------------------------------------------------------------
# Random helpers (one random.Random stream; no set or hash order anywhere)
# ------------------------------------------------------------------------------------------------------------------

def pick(rng, seq):
    return seq[rng.randrange(len(seq))]


def wpick(rng, pairs):
    return rng.choices([p[0] for p in pairs], weights=[p[1] for p in pairs])[0]


def guid(rng):
    return str(uuid.UUID(int=rng.getrandbits(128), version=4))


def digits(rng, n, first_min=0):
    return str(rng.randint(first_min, 9)) + ''.join(str(rng.randint(0, 9)) for _ in range(n - 1)) if n > 0 else ''


def side(rng, p_sales=0.5):
    return 'S' if rng.random() < p_sales else 'F'


def other_index(rng, n, base):
    return pick(rng, [i for i in range(n) if i != base])


# ------------------------------------------------------------------------------------------------------------------
# Phones, postcodes, streets, addresses, tax numbers
# ------------------------------------------------------------------------------------------------------------------

MOBILE_DIGITS = {'US': 10, 'GB': 10, 'DE': 11, 'FR': 9, 'NL': 9, 'SE': 9, 'DK': 8, 'PL': 9, 'ES': 9, 'IT': 10, 'AU': 9}
PHONE_STYLES = [('nat', 45), ('nat2', 15), ('intl', 25), ('intl0', 7), ('intl00', 3), ('compact', 5)]


def make_phone(rng, country, city, mobile=False):
    if mobile and MOBILE_PREFIX[country]:
        area = pick(rng, MOBILE_PREFIX[country])
        total = MOBILE_DIGITS[country]
    else:
        area, total, mobile = city[5], city[6], False
    return {'c': country, 'area': area, 'sub': digits(rng, total - len(area), 2), 'mobile': mobile}


def groups(s, sizes):
    out, i = [], 0
    for n in sizes:
        if i < len(s):
            out.append(s[i:i + n])
            i += n
    if i < len(s):
        out.append(s[i:])
    return out


def fmt_phone(p, style):
    c, area, sub = p['c'], p['area'], p['sub']
    cc, trunk = COUNTRY_CODE[c], TRUNK[c]
    if c == 'US':
        a, s1, s2 = area, sub[:3], sub[3:]
        return {'nat': f'({a}) {s1}-{s2}', 'nat2': f'{a}-{s1}-{s2}', 'intl': f'+1 {a} {s1} {s2}',
                'intl0': f'+1 ({a}) {s1}-{s2}', 'intl00': f'1-{a}-{s1}-{s2}', 'compact': f'+1{a}{sub}'}[style]
    full = area + sub
    if c in ('FR', 'DK'):
        nat_groups = ([trunk + full[:1]] + groups(full[1:], [2] * 4)) if c == 'FR' else groups(full, [2] * 4)
        intl_groups = ([full[:1]] + groups(full[1:], [2] * 4)) if c == 'FR' else groups(full, [2] * 4)
        nat = ' '.join(nat_groups)
        nat2 = '.'.join(nat_groups) if c == 'FR' else full
        intl = f'+{cc} ' + ' '.join(intl_groups)
        intl0 = f'+{cc} (0)' + ' '.join(intl_groups) if c == 'FR' else f'+{cc} {full}'
        intl00 = f'00{cc} ' + ' '.join(intl_groups)
    elif c == 'ES' or (c == 'PL' and p['mobile']):
        g3 = ' '.join(groups(full, [3, 3, 3]))
        nat, nat2 = g3, ' '.join(groups(full, [2, 3, 2, 2]))
        intl, intl0, intl00 = f'+{cc} {g3}', f'+{cc} {full}', f'00{cc} {g3}'
    else:
        if c == 'GB':
            g = groups(sub, {8: [4, 4], 7: [3, 4]}.get(len(sub), [len(sub)]))
        elif c == 'DE':
            g = [sub] if not p['mobile'] else groups(sub, [4, 4])
        elif c == 'NL':
            g = groups(sub, {7: [3, 4], 6: [3, 3], 8: [4, 4]}.get(len(sub), [len(sub)]))
        elif c == 'SE':
            g = groups(sub, {8: [3, 3, 2], 7: [3, 2, 2]}.get(len(sub), [len(sub)]))
        elif c == 'PL':
            g = groups(sub, [3, 2, 2])
        elif c == 'IT':
            g = groups(sub, {8: [4, 4], 7: [3, 4], 9: [2, 3, 4], 6: [3, 3]}.get(len(sub), [len(sub)]))
        else:  # AU
            g = groups(sub, [4, 4]) if not p['mobile'] else groups(sub, [3, 3, 2])
        gs = ' '.join(g)
        nat_area = trunk + area
        nat = f'{nat_area} {gs}'
        nat2 = {'GB': f'({nat_area}) {gs}', 'DE': f'{nat_area}/{sub}', 'NL': f'{nat_area}-{sub}',
                'SE': f'{nat_area}-{gs}', 'PL': f'({area}) {gs}', 'IT': f'{area}/{sub}',
                'AU': f'({nat_area}) {gs}'}[c]
        intl = f'+{cc} {area} {gs}'
        intl0 = f'+{cc} ({trunk}){area} {gs}' if trunk else f'+{cc} {area}{sub}'
        intl00 = f'00{cc} {area} {gs}'
    return {'nat': nat, 'nat2': nat2, 'intl': intl, 'intl0': intl0, 'intl00': intl00, 'compact': f'+{cc}{full}'}[style]


NL_LETTERS = 'ABCDEFGHJKLMNPRSTVWXZ'
GB_LETTERS = 'ABDEFGHJLNPQRSTUWXYZ'


def make_postcode(rng, country, city):
    spec = city[4]
    if country == 'GB':
        return f'{pick(rng, spec)} {rng.randint(1, 9)}{pick(rng, GB_LETTERS)}{pick(rng, GB_LETTERS)}'
    lo, hi = pick(rng, spec)
    n = rng.randint(lo, hi)
    if country == 'NL':
        letters = pick(rng, NL_LETTERS) + pick(rng, NL_LETTERS)
        while letters in ('SA', 'SD', 'SS'):
            letters = pick(rng, NL_LETTERS) + pick(rng, NL_LETTERS)
        return f'{n:04d} {letters}'
    if country == 'SE':
        s = f'{n:05d}'
        return f'{s[:3]} {s[3:]}'
    if country == 'PL':
        s = f'{n:05d}'
        return f'{s[:2]}-{s[2:]}'
    if country in ('DK', 'AU'):
        return f'{n:04d}'
    return f'{n:05d}'


def postcode_variants(a):
    """Other ways one postcode is written (the postcode-format noise)."""
    c, pc = a['country'], a['postcode']
    return {'US': [pc + '-' + a['plus4']], 'GB': [pc.replace(' ', ''), pc.lower()],
            'DE': ['D-' + pc, 'DE-' + pc, 'D ' + pc], 'FR': ['F-' + pc, 'FR-' + pc, pc[:2] + ' ' + pc[2:]],
            'NL': [pc.replace(' ', ''), pc.replace(' ', '').lower(), 'NL-' + pc],
            'SE': [pc.replace(' ', ''), 'S-' + pc, 'SE-' + pc], 'DK': ['DK-' + pc, 'DK ' + pc],
            'PL': [pc.replace('-', ''), 'PL-' + pc, pc.replace('-', ' ')], 'ES': ['E-' + pc, 'ES-' + pc],
            'IT': ['I-' + pc, 'IT-' + pc], 'AU': [(a['state'] or 'NSW') + ' ' + pc]}[c]


def ordinal(n):
    return f'{n}th' if 10 <= n % 100 <= 20 else f'{n}' + {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')


def make_street(rng, country):
    """A street: pre (type spellings before the name) or suf (after it, joined by join), the usual spelling first."""
    if country in ('US', 'GB', 'AU'):
        types = {'US': US_TYPES, 'GB': GB_TYPES, 'AU': AU_TYPES}[country]
        names = {'US': EN_STREET_NAMES_US, 'GB': EN_STREET_NAMES_GB, 'AU': EN_STREET_NAMES_AU}[country]
        suf = wpick(rng, types)
        name = pick(rng, names)
        if country == 'US' and rng.random() < 0.08:
            name = ordinal(rng.randint(2, 60))
            suf = pick(rng, [['Street', 'St', 'St.'], ['Avenue', 'Ave', 'Ave.']])
        elif country == 'US' and rng.random() < 0.1:
            name = pick(rng, ['North', 'South', 'East', 'West']) + ' ' + name
        return {'pre': None, 'name': name, 'suf': suf, 'join': ' '}
    if country == 'DE':
        r = rng.random()
        if r < 0.6:
            base = pick(rng, DE_COMPOUND)
            if base.endswith('-'):
                suf = pick(rng, [['Straße', 'Str.', 'Strasse'], ['Straße', 'Str.', 'Strasse'], ['Allee'], ['Platz', 'Pl.']])
            else:
                suf = wpick(rng, [(['straße', 'str.', 'strasse', 'str'], 65), (['weg'], 15), (['allee'], 6),
                                  (['platz', 'pl.'], 5), (['ring'], 5), (['damm'], 4)])
            return {'pre': None, 'name': base, 'suf': suf, 'join': ''}
        if r < 0.85:
            return {'pre': None, 'name': pick(rng, DE_ADJ), 'suf': ['Straße', 'Str.', 'Strasse'], 'join': ' '}
        return {'pre': None, 'name': pick(rng, DE_PLAIN), 'suf': None, 'join': ' '}
    if country == 'FR':
        return {'pre': wpick(rng, FR_TYPES), 'name': pick(rng, FR_NAMES), 'suf': None, 'join': ' '}
    if country in ('NL', 'SE', 'DK'):
        bases, types = {'NL': (NL_BASES, NL_TYPES), 'SE': (SE_BASES, SE_TYPES), 'DK': (DK_BASES, DK_TYPES)}[country]
        base = pick(rng, bases)
        suf = wpick(rng, types)
        if ' ' in base and country == 'DK':
            return {'pre': None, 'name': base, 'suf': [t[:1].upper() + t[1:] for t in suf], 'join': ' '}
        return {'pre': None, 'name': base, 'suf': suf, 'join': ''}
    if country == 'PL':
        r = rng.random()
        if r < 0.1:
            return {'pre': ['al.', 'aleja', 'Al.'], 'name': pick(rng, PL_ALEJE), 'suf': None, 'join': ' '}
        if r < 0.15:
            return {'pre': ['pl.', 'plac'], 'name': pick(rng, ['Wolności', 'Grunwaldzki', 'Bankowy', 'Dąbrowskiego']),
                    'suf': None, 'join': ' '}
        return {'pre': ['ul.', 'ul', 'ulica', ''], 'name': pick(rng, PL_NAMES), 'suf': None, 'join': ' '}
    if country == 'ES':
        return {'pre': wpick(rng, ES_TYPES), 'name': pick(rng, ES_NAMES), 'suf': None, 'join': ' '}
    return {'pre': wpick(rng, IT_TYPES), 'name': pick(rng, IT_NAMES), 'suf': None, 'join': ' '}


def street_forms(st):
    return max(len(st['pre'] or []), len(st['suf'] or []), 1)


def street_text(st, form):
    parts = []
    if st['pre']:
        t = st['pre'][min(form, len(st['pre']) - 1)]
        if t:
            parts.append(t)
    core = st['name']
    if st['suf']:
        core = core + st['join'] + st['suf'][min(form, len(st['suf']) - 1)]
    parts.append(core)
    return ' '.join(parts)


def make_number(rng, country):
    if country == 'US':
        return str(rng.choice([rng.randint(1, 999), rng.randint(100, 9999), rng.randint(1000, 29999)]))
    n = rng.randint(1, {'GB': 250, 'AU': 500, 'NL': 400}.get(country, 180))
    r = rng.random()
    if country == 'DE' and r < 0.15:
        return f'{n}{pick(rng, "abc")}'
    if country == 'DE' and r < 0.2:
        return f'{n}-{n + 2}'
    if country == 'FR' and r < 0.08:
        return f'{n} {pick(rng, ["bis", "ter"])}'
    if country == 'NL' and r < 0.12:
        return f'{n}{pick(rng, ["-A", " A", "a", "-1", " hs"])}'
    if country in ('SE', 'DK', 'GB') and r < 0.08:
        return f'{n}{pick(rng, ["A", "B", "a"])}' if country != 'SE' else f'{n} {pick(rng, "AB")}'
    if country == 'PL' and r < 0.4:
        return f'{n}/{rng.randint(1, 60)}'
    if country == 'IT' and r < 0.05:
        return f'{n}/{pick(rng, "AB")}'
    return str(n)


def make_unit(rng, country):
    f, lo, hi = pick(rng, UNIT[country])
    return f.replace('{L}', pick(rng, 'ABCDEFGH')).replace('{}', str(rng.randint(lo, hi)))


def pick_city(rng, country):
    return wpick(rng, [(c, c[7]) for c in CITIES[country]])


def make_address(rng, country, city=None, business=True):
    city = city or pick_city(rng, country)
    a = {'country': country, 'city': city, 'street': make_street(rng, country), 'number': make_number(rng, country),
         'postcode': make_postcode(rng, country, city), 'state': city[3], 'unit': '', 'building': '', 'floor': '',
         'plus4': f'{rng.randint(1, 9999):04d}', 'comma': rng.random() < {'ES': 0.6, 'IT': 0.3, 'FR': 0.1}.get(country, 0)}
    a['form'] = 0 if rng.random() < 0.7 else rng.randrange(street_forms(a['street']))
    if country == 'DK' and rng.random() < 0.2:
        a['floor'] = pick(rng, ['st.', '1.', '2.', '3.', '4.']) + ' ' + pick(rng, ['tv.', 'th.', 'mf.', 'sal'])
    elif country == 'ES' and rng.random() < 0.25:
        a['floor'] = f'{rng.randint(1, 9)}º {pick(rng, ["1ª", "2ª", "A", "B", "izda.", "dcha."])}'
    elif business and rng.random() < 0.08:
        a['unit'] = make_unit(rng, country)
    return a


def make_tax(rng, country, legal):
    """The tax numbers of a company in the spellings F&O users type (the usual first)."""
    if country == 'GB':
        d = digits(rng, 9, 1)
        return ['GB' + d, f'GB {d[:3]} {d[3:7]} {d[7:]}', d]
    if country == 'DE':
        d = digits(rng, 9, 1)
        return ['DE' + d, 'DE ' + d, d]
    if country == 'FR':
        k, s = digits(rng, 2), digits(rng, 9, 1)
        return ['FR' + k + s, f'FR {k} {s}', k + s]
    if country == 'NL':
        d, b = digits(rng, 9, 1), f'{rng.randint(1, 3):02d}'
        return [f'NL{d}B{b}', f'NL {d} B{b}', f'{d}B{b}']
    if country == 'SE':
        o = '5' + digits(rng, 9)
        return [f'SE{o}01', f'{o[:6]}-{o[6:]}', o]
    if country == 'DK':
        d = digits(rng, 8, 1)
        return ['DK' + d, 'DK ' + ' '.join(groups(d, [2, 2, 2, 2])), d]
    if country == 'PL':
        d = digits(rng, 10, 1)
        return ['PL' + d, f'{d[:3]}-{d[3:6]}-{d[6:8]}-{d[8:]}', d]
    if country == 'ES':
        letter = 'A' if legal == 'S.A.' else 'B'
        d = digits(rng, 8)
        return [f'ES{letter}{d}', f'{letter}{d}', f'{letter}-{d}']
    if country == 'IT':
        d = digits(rng, 11)
        return ['IT' + d, d, 'IT ' + d]
    if country == 'AU':
        d = digits(rng, 11, 1)
        spaced = f'{d[:2]} {d[2:5]} {d[5:8]} {d[8:]}'
        return [spaced, d, 'ABN ' + spaced]
    d = digits(rng, 9, 1)
    return [f'{d[:2]}-{d[2:]}', d]


def make_pobox(rng, a):
    """A PO box of an address: street text, postcode, city (DE Postfach and AU GPO boxes have their own postcode)."""
    c, city = a['country'], a['city']
    n = str(rng.randint(1, 9999))
    if c == 'DE':
        n = ' '.join(groups(digits(rng, 6, 1), [2, 2, 2]))
    text = pick(rng, PO_BOX[c]).format(n)
    postcode, city_name = a['postcode'], None
    if c == 'DE':
        postcode = make_postcode(rng, c, city)
    elif c == 'AU' and text.startswith('GPO'):
        postcode = AU_GPO[city[0]]
    elif c in ('NL', 'SE'):
        postcode = make_postcode(rng, c, city)
    elif c == 'FR':
        city_name = city[0] + ' Cedex' + (f' {postcode[-2:]}' if city[0] == 'Paris' else '')
    return {'text': text, 'postcode': postcode, 'city': city_name}


# ------------------------------------------------------------------------------------------------------------------
# The world: companies and people
# ------------------------------------------------------------------------------------------------------------------

EMAIL_STYLES = [('first.last', 45), ('f.last', 15), ('firstlast', 8), ('first', 10), ('flast', 12),
                ('first_last', 4), ('last', 6)]
WEB_STYLES = [('www.{}', 45), ('https://www.{}', 20), ('http://www.{}', 10), ('https://{}', 8), ('{}', 12),
              ('http://{}/', 5)]


def split_tokens(words):
    out = []
    for w in words:
        out += w.split(' ')
    return out


def make_core(rng, country):
    """A company name without its legal form, as tokens, and its kind."""
    lang = LANG[country]
    lasts = NAMES[lang][2]
    surname = lambda: pick(rng, lasts).split(' ')[0] if lang == 'es' else pick(rng, lasts)
    local_industry = lambda: pick(rng, INDUSTRY[lang] if lang != 'en' and rng.random() < 0.7 else INDUSTRY['en'])
    first = lambda ind: lang in INDUSTRY_FIRST and ind in INDUSTRY[lang]   # `Transports Martin`, not `Supplies Martín`
    r = rng.random()
    if r < 0.36:
        k = wpick(rng, [('assoc', 10), ('sons', 12), ('brothers', 8), ('pair', 15), ('triple', 3), ('industry', 35),
                        ('given', 7), ('co', 5), ('the', 5 if lang == 'en' else 0)])
        s1 = surname()
        if k == 'assoc':
            return [s1, '&', ASSOCIATES[lang]], 'surname'
        if k == 'sons':
            conj = {'pl': 'i', 'es': 'e'}.get(lang, '&')
            return [s1, conj, SONS[lang]], 'surname'
        if k == 'brothers':
            return BROTHERS[lang][0].format(s1).split(' '), 'surname'
        s2 = surname()
        while s2 == s1:
            s2 = surname()
        if k == 'pair':
            return split_tokens([s1, '&' if rng.random() < 0.8 else AND[lang], s2]), 'surname'
        if k == 'triple':
            s3 = surname()
            return split_tokens([s1 + ',', s2, '&', s3]), 'surname'
        ind = local_industry()
        if k == 'industry':
            return split_tokens([ind, s1] if first(ind) else [s1, ind]), 'surname'
        if k == 'given':
            given = pick(rng, NAMES[lang][rng.randrange(2)])
            return split_tokens([ind, given, s1] if first(ind) else [given, s1, ind]), 'surname'
        if k == 'co':
            return split_tokens([s1, '&', 'Company' if lang == 'en' and rng.random() < 0.3 else 'Co.']), 'surname'
        return ['The', s1, pick(rng, ['Group', 'Partnership', 'Company'])], 'surname'
    if r < 0.56:
        ind = local_industry()
        if rng.random() < 0.25:
            place = pick_city(rng, country)[0]
            if first(ind):
                return split_tokens([ind, OF_PLACE[lang], place]), 'place'
        else:
            place = pick(rng, PLACES[country])
        tokens = split_tokens([ind, place] if first(ind) else [place, ind])
        if lang == 'en' and rng.random() < 0.12:
            tokens.append('International')
        return tokens, 'place'
    if r < 0.9:
        a = pick(rng, ADJ)
        n = pick(rng, NOUN)
        tokens = [a, n]
        if n in ('Company', 'Corporation', 'Center', 'Mountain'):
            tokens = [a, pick(rng, INDUSTRY['en']), n] if n in ('Company', 'Corporation') else [a, n, local_industry()]
        elif rng.random() < 0.25:
            tokens.append(local_industry())
        if lang == 'en' and rng.random() < 0.06:
            tokens = ['The'] + tokens
        if rng.random() < 0.06:
            tokens.append('International')
        return split_tokens(tokens), 'descriptive'
    name = (pick(rng, SYLLABLES) + (pick(rng, SYLLABLES) if rng.random() < 0.5 else '') + pick(rng, ENDINGS)).capitalize()
    tokens = [name]
    if rng.random() < 0.6:
        tokens.append(pick(rng, ['Systems', 'Technologies', 'International', 'Group', 'Solutions', 'Labs',
                                 local_industry()]))
    return split_tokens(tokens), 'coined'


def norm_core(tokens):
    return slug(' '.join(t for t in tokens if t not in ('&', 'The')))


PARTICLES = ['van', 'vanden', 'vander', 'de', 'den', 'der', 'von', 'vom', 'di', 'da', 'del', 'della', 'la', 'le', 'du',
             'des', 'dei', 'vant', "d'", 'o']


def make_domain(rng, c, used, words=None, tld=None):
    if words is None:
        words = []
        for t in c['core']:
            if t in ('&', '+', 'The', ',') or t.lower() in AND.values():
                continue
            w = slug(t, c['email_fold'])
            if words and words[-1] in PARTICLES:
                words[-1] += w          # van den berg -> vandenberg, de groot -> degroot
            elif w:
                words.append(w)
    if len(words) > 2 and rng.random() < 0.6:
        words = words[:2]
    base = ('-' if rng.random() < 0.25 else '').join(words)[:40] or 'firma'
    tld = tld or wpick(rng, TLD[c['country']])
    domain = f'{base}.{tld}'
    if domain in used:
        domain = f'{base}-{slug(c["addr"]["city"][0])}.{tld}'
    n = 2
    while domain in used:
        domain = f'{base}{n}.{tld}'
        n += 1
    used[domain] = True
    return domain


def feminine(last):
    for m, f in (('ski', 'ska'), ('cki', 'cka'), ('dzki', 'dzka')):
        if last.endswith(m):
            return last[:-len(m)] + f
    return last


def make_person(rng, country, gender=None, last=None):
    lang = LANG[country]
    males, females, lasts = NAMES[lang]
    gender = gender or ('f' if rng.random() < 0.45 else 'm')
    first = pick(rng, females if gender == 'f' else males)
    if last is None:
        last = pick(rng, lasts)
        if lang == 'es' and rng.random() < 0.8:
            second = pick(rng, lasts)
            if second != last:
                last = last + ' ' + second
    if lang == 'pl' and gender == 'f':
        last = feminine(last)
    middle = ''
    if rng.random() < MIDDLE_RATE[country]:
        pool = [n for n in (females if gender == 'f' else males) if n != first and ' ' not in n and '-' not in n]
        middle = pick(rng, pool)
        if country == 'US' and rng.random() < 0.4:
            middle = middle[0] + '.'
    maiden = ''
    if gender == 'f' and lang != 'es' and rng.random() < 0.05:
        maiden = pick(rng, lasts)
        if lang == 'pl':
            maiden = feminine(maiden)
        if maiden == last:
            maiden = ''
    return {'country': country, 'lang': lang, 'gender': gender, 'first': first, 'middle': middle, 'last': last,
            'maiden': maiden, 'tags': []}


def email_local(p, style, mode):
    fn = slug(p['first'], mode)
    last = p['maiden'] or p['last']
    if p['lang'] == 'es':
        last = last.split(' ')[0]
    ln = slug(last, mode)
    return {'first.last': f'{fn}.{ln}', 'f.last': f'{fn[:1]}.{ln}', 'firstlast': fn + ln, 'first': fn,
            'flast': fn[:1] + ln, 'first_last': f'{fn}_{ln}', 'last': ln}[style]


def personal_email(rng, p):
    fn, ln = slug(p['first']), slug(p['maiden'] or p['last'])
    local = pick(rng, [f'{fn}.{ln}', f'{fn}{ln}', f'{fn[:1]}{ln}', f'{fn}.{ln}{rng.randint(1, 99)}',
                       f'{ln}{fn[:1]}{rng.randint(50, 99)}'])
    return f'{local}@{pick(rng, FREE_MAIL[p["country"]])}'


def job_title(rng, lang):
    return pick(rng, JOB_TITLES[lang if lang != 'en' and rng.random() < 0.7 else 'en'])


def make_company(rng, world, country, core=None, kind=None, legal=False, city=None, tags=None, brand=None):
    lang = LANG[country]
    if core is None:
        for _ in range(6):
            core, kind = make_core(rng, country)
            if (country, norm_core(core)) not in world['cores']:
                break
        core[0] = core[0][:1].upper() + core[0][1:]
    world['cores'][(country, norm_core(core))] = True
    if legal is False:
        legal = wpick(rng, [(k, w) for k, _, w in LEGAL[country]])
    spellings = LEGAL_SPELLINGS.get((country, legal), [])
    c = {'i': len(world['companies']), 'country': country, 'lang': lang, 'core': core, 'kind': kind, 'legal': legal,
         'legal_base': (0 if rng.random() < 0.75 else rng.randrange(len(spellings))) if spellings else None,
         'joiner': ', ' if rng.random() < COMMA_BEFORE_LEGAL.get(country, 0) else ' ', 'tags': list(tags or []),
         'brand': brand, '_domains': world['domains'], 'email_fold': 'translit' if lang in ('de', 'da') and rng.random() < 0.5 else 'fold'}
    # The address: 5 % of companies sit in a business park with others.
    sites = world['sites'][country]
    if rng.random() < 0.05:
        if sites and rng.random() < 0.6:
            site = pick(rng, sites)
        else:
            site_addr = make_address(rng, country, city)
            site_addr['unit'], site_addr['floor'] = '', ''
            site = {'addr': site_addr, 'park': pick(rng, PARKS[country]).format(pick(rng, PLACES[country] + ADJ)),
                    'members': []}
            sites.append(site)
        a = dict(site['addr'])
        a['building'] = site['park']
        a['unit'] = make_unit(rng, country)
        while any(m['addr']['unit'] == a['unit'] for m in site['members']):
            a['unit'] = make_unit(rng, country)
        site['members'].append(c)
    else:
        a = make_address(rng, country, city)
    c['addr'] = a
    city_rec = a['city']
    c['city_form'] = ('alt', rng.randrange(len(city_rec[1]))) if city_rec[1] and rng.random() < 0.12 else ('local',)
    c['freemail'] = rng.random() < (0.12 if kind == 'surname' and legal in SMALL_FORMS else 0.01)
    if c['freemail']:
        c['domain'] = pick(rng, FREE_MAIL[country])
        base = slug(' '.join(core[:2]), c['email_fold'])
        c['email'] = f'{base}{rng.randint(1, 99) if rng.random() < 0.3 else ""}@{c["domain"]}'
        c['invoice_email'] = c['email']
        c['website'] = ''
    else:
        c['domain'] = make_domain(rng, c, world['domains'])
        general, invoice = MAILBOX[lang]
        c['email'] = f'{pick(rng, general)}@{c["domain"]}'
        c['invoice_email'] = f'{pick(rng, invoice)}@{c["domain"]}'
        c['website'] = c['domain'] if rng.random() < 0.9 else ''
    c['web_style'] = wpick(rng, WEB_STYLES)
    c['phone'] = make_phone(rng, country, city_rec)
    c['phone2'] = make_phone(rng, country, city_rec)
    c['phone_style'] = wpick(rng, PHONE_STYLES)
    c['tax'] = make_tax(rng, country, legal)
    c['tax_form'] = 0 if rng.random() < 0.55 else rng.randrange(len(c['tax']))
    c['tax_fo'] = rng.random() < {'US': 0.3, 'AU': 0.7}.get(country, 0.85)
    c['fo_split'] = rng.random() < 0.3
    c['fo_extra'] = wpick(rng, [('comma', 50), ('nl-before', 25), ('nl-after', 25)])
    c['alias_mode'] = wpick(rng, [('name', 65), ('word', 20), ('none', 15)])
    c['state_name'] = rng.random() < 0.35
    # Contacts.
    c['contacts'] = []
    style = wpick(rng, EMAIL_STYLES)
    used = {}
    for _ in range(wpick(rng, [(0, 14), (1, 26), (2, 22), (3, 18), (4, 12), (5, 8)])):
        p = make_person(rng, country)
        if rng.random() < 0.02:
            p['first'], p['last'], p['middle'], p['gender'], p['maiden'] = COMMONEST[lang] + ('', 'm', '')
        if c['freemail']:
            p['email'] = personal_email(rng, p) if rng.random() < 0.6 else c['email']
        else:
            local = email_local(p, style, c['email_fold'])
            while local in used:
                local += str(rng.randint(1, 9))
            used[local] = True
            p['email'] = f'{local}@{c["domain"]}'
        p['direct'] = make_phone(rng, country, city_rec) if rng.random() < 0.7 else None
        p['mobile'] = make_phone(rng, country, city_rec, mobile=True) if (rng.random() < 0.6 or not p['direct']) else None
        p['phone_style'] = wpick(rng, PHONE_STYLES)
        p['job'] = job_title(rng, lang)
        p['company'] = c
        c['contacts'].append(p)
    return c


def new_address(rng, a, business=True):
    """Where a company or person moved to: another city of the country (60 %) or the same city."""
    city = a['city'] if rng.random() < 0.4 else pick_city(rng, a['country'])
    return make_address(rng, a['country'], city, business)


def build_world(rng, n):
    n_paired = round(0.8 * n)
    n_sales_only = n - n_paired
    n_fo_only = round(n_paired / 0.8) - n_paired
    world = {'companies': [], 'sites': {c: [] for c in COUNTRIES}, 'domains': {}, 'privates': [], 'cores': {}}
    brandable = []
    country_pairs = [(c, COUNTRY_WEIGHT[c]) for c in COUNTRIES]
    for _ in range(n_paired + n_sales_only + n_fo_only):
        r = rng.random()
        companies = world['companies']
        if r < 0.03 and brandable:
            head = companies[pick(rng, brandable)]
            if rng.random() < 0.7:
                country = wpick(rng, [p for p in country_pairs if p[0] != head['country']])
                legal = wpick(rng, [(k, w) for k, _, w in LEGAL[country]])
            else:
                country = head['country']
                others = [(k, w) for k, _, w in LEGAL[country] if k != head['legal']]
                legal = wpick(rng, others) if others else head['legal']
            core = list(head['core']) + ([COUNTRY_WORD[country]] if rng.random() < 0.3 else [])
            if 'sister-company' not in head['tags']:
                head['tags'].append('sister-company')
            c = make_company(rng, world, country, core, head['kind'], legal, tags=['sister-company'], brand=head['i'])
            if rng.random() < 0.35 and not head['freemail'] and not c['freemail']:
                # one group domain for the brand: the sister's mailboxes and website on the head's domain
                c['domain'] = head['domain']
                c['email'] = c['email'].split('@')[0] + '@' + head['domain']
                c['invoice_email'] = c['invoice_email'].split('@')[0] + '@' + head['domain']
                c['website'] = head['website']
                for p in c['contacts']:
                    p['email'] = p['email'].split('@')[0] + '@' + head['domain']
        elif r < 0.05 and companies:
            model = pick(rng, companies)
            country = model['country']
            others = [ci for ci in CITIES[country] if ci[0] != model['addr']['city'][0]]
            legal = model['legal'] if rng.random() < 0.7 else False
            c = make_company(rng, world, country, list(model['core']), model['kind'], legal,
                             city=wpick(rng, [(ci, ci[7]) for ci in others]))
        else:
            c = make_company(rng, world, wpick(rng, country_pairs))
        if c['kind'] in ('place', 'descriptive', 'coined') and not c['tags']:
            brandable.append(c['i'])
        companies.append(c)
    order = list(range(len(world['companies'])))
    rng.shuffle(order)
    for rank, i in enumerate(order):
        world['companies'][i]['presence'] = ('both' if rank < n_paired else
                                             'sales' if rank < n_paired + n_sales_only else 'fo')
    # Hard negatives found after the fact: equal names of other brands, shared business-park addresses.
    by_core = {}
    for c in world['companies']:
        by_core.setdefault(norm_core(c['core']), []).append(c)
    for group in by_core.values():
        for c in group:
            mine = c['brand'] if c['brand'] is not None else c['i']
            if any((o['brand'] if o['brand'] is not None else o['i']) != mine and o is not c for o in group):
                if 'namesake' not in c['tags']:
                    c['tags'].append('namesake')
    for country in COUNTRIES:
        for site in world['sites'][country]:
            if len(site['members']) > 1:
                for c in site['members']:
                    c['tags'].append('shared-address')
    # Private persons (F&O person customers, parentless Sales contacts), some with a relative at their address.
    for _ in range(round(0.05 * n)):
        country = wpick(rng, country_pairs)
        p = make_private(rng, country)
        world['privates'].append(p)
        if rng.random() < 0.15:
            q = make_private(rng, country, relative=p)
            p['tags'].append('family-same-address')
            q['tags'].append('family-same-address')
            world['privates'].append(q)
    order = list(range(len(world['privates'])))
    rng.shuffle(order)
    for rank, i in enumerate(order):
        share = rank / max(1, len(order))
        world['privates'][i]['presence'] = 'both' if share < 0.68 else 'sales' if share < 0.84 else 'fo'
    # Common names: the same name (accents folded) held by two people of the world.
    people = [p for c in world['companies'] for p in c['contacts']] + world['privates']
    by_name = {}
    for p in people:
        by_name.setdefault((slug(p['first']), slug(p['last'])), []).append(p)
    for group in by_name.values():
        if len(group) > 1:
            for p in group:
                p['tags'].append('common-name')
    return world


def make_private(rng, country, relative=None):
    if relative is None:
        p = make_person(rng, country)
        p['addr'] = make_address(rng, country, business=False)
        p['direct'] = make_phone(rng, country, p['addr']['city']) if rng.random() < 0.5 else None
    else:
        same_first = rng.random() < 0.4
        p = make_person(rng, country, gender='m' if same_first else None,
                        last=relative['last'].split(' ')[0] if LANG[country] == 'es' else relative['last'])
        if same_first:
            relative_first = relative['first'] if relative['gender'] == 'm' else p['first']
            p['first'] = relative_first
        p['addr'] = relative['addr']
        if relative['direct'] is None:
            relative['direct'] = make_phone(rng, country, relative['addr']['city'])
        p['direct'] = relative['direct']
    p['mobile'] = make_phone(rng, country, p['addr']['city'], mobile=True) if (rng.random() < 0.7 or not p['direct']) else None
    p['email'] = personal_email(rng, p) if rng.random() < 0.8 else ''
    p['phone_style'] = wpick(rng, PHONE_STYLES)
    p['job'] = ''
    p['company'] = None
    p['city_form'] = ('local',)
    p['state_name'] = rng.random() < 0.35
    return p


# ------------------------------------------------------------------------------------------------------------------
# Side specs: how one system holds a record. A pair's noise is drawn into its two specs, then each is rendered.
# ------------------------------------------------------------------------------------------------------------------

def address_spec(owner, rng):
    a = owner['addr']
    return {'addr': a, 'form': a['form'], 'num_pos': 'default', 'pobox': None, 'street_typo': None,
            'city_typo': None, 'city_form': owner['city_form'], 'pc': 'base', 'accents_addr': None, 'case_addr': False,
            'country_text': wpick(rng, SALES_COUNTRY[a['country']]), 'state_name': owner['state_name'],
            'missing': []}


def account_spec(c, rng):
    s = address_spec(c, rng)
    s.update({'legal': c['legal_base'], 'joiner': c['joiner'], 'prefix': False, 'core_ops': [], 'typos': [],
              'accents': None, 'case': None, 'email': c['email'], 'website': c['website'], 'web_style': c['web_style'],
              'phone': c['phone'], 'phone_style': c['phone_style'], 'tax': c['tax_fo'], 'tax_form': c['tax_form'],
              'split': c['fo_split']})
    return s


def person_spec(p, rng):
    s = address_spec(p, rng) if p.get('addr') else {'missing': [], 'country_text': None}
    phone = p['direct'] or p['mobile']
    s.update({'first': p['first'], 'middle': p['middle'], 'last': p['last'], 'typos': [], 'swap': False,
              'accents': None, 'case': None, 'email': p['email'], 'phone': phone, 'phone_style': p['phone_style'],
              'job': p['job'], 'with_address': bool(p.get('addr'))})
    return s


def copy_spec(s):
    out = dict(s)
    for k in ('missing', 'core_ops', 'typos'):
        if k in out:
            out[k] = list(out[k])
    return out


def add(labels, *kinds):
    for k in kinds:
        if k not in labels:
            labels.append(k)


def abbreviable(c):
    lang = c['lang']
    return [i for i, t in enumerate(c['core'])
            if t in ABBREV or t == '&' or (t == AND[lang] and 0 < i < len(c['core']) - 1)]


def abbreviate_op(rng, c, i):
    t = c['core'][i]
    if t == '&':
        v = pick(rng, [AND[c['lang']], AND[c['lang']], '+'] + (['and'] if c['lang'] != 'en' else []))
    elif t in ABBREV:
        v = pick(rng, ABBREV[t])
    else:
        v = '&'
    return ('abbrev', i, v)


def swap_op(c):
    t = c['core']
    for k in range(1, len(t) - 1):
        if t[k] in ('&', AND[c['lang']], 'i', 'e') and t[k - 1] not in ('The',) and not t[k - 1].endswith(','):
            return ('swap', k - 1, k + 1)
    start = 1 if t[0] == 'The' else 0
    if len(t) - start >= 2:
        return ('swap', start, start + 1)
    return None


def extra_op(rng, c):
    r = rng.random()
    if r < 0.35:
        word = pick(rng, EXTRA_WORDS)
    elif r < 0.6:
        word = COUNTRY_WORD[c['country']]
    elif r < 0.85:
        word = '- ' + c['addr']['city'][0]
    else:
        word = pick(rng, INDUSTRY['en'])
    if word in c['core']:
        word = '(' + c['addr']['city'][0] + ')'
    return ('extra', word)


def plan_address_pair(rng, owner, s, f, labels, rates, business=True):
    """Address noise for a pair (s: Sales spec, f: F&O spec); rates scale the account rates."""
    a = owner['addr']
    moved_side = None
    if rng.random() < 0.07 * rates:
        moved_side = side(rng)
        if 'addr2' not in owner:
            owner['addr2'] = new_address(rng, a, business)
        t = s if moved_side == 'S' else f
        t['addr'] = owner['addr2']
        t['form'] = owner['addr2']['form']
        t['city_form'] = ('local',)
        add(labels, 'moved')
    if rng.random() < 0.03 * rates:
        t = s if side(rng) == 'S' else f
        t['pobox'] = make_pobox(rng, t['addr'])
        add(labels, 'po-box')
    n_forms = street_forms(a['street'])
    if n_forms > 1 and moved_side is None and rng.random() < 0.2:
        t = s if side(rng) == 'S' else f
        t['form'] = other_index(rng, n_forms, a['form'])
        add(labels, 'street-type-spelling')
    if rng.random() < 0.04 * rates:
        (s if side(rng, 0.7) == 'S' else f)['num_pos'] = 'swapped'
        add(labels, 'house-number-position')
    if rng.random() < 0.06:
        (s if side(rng) == 'S' else f)['street_typo'] = (rng.random(), rng.random(), rng.random())
        add(labels, 'typo-street')
    if rng.random() < 0.03:
        (s if side(rng) == 'S' else f)['city_typo'] = (rng.random(), rng.random(), rng.random())
        add(labels, 'typo-city')
    city = a['city']
    if moved_side is None and city[2] and rng.random() < 0.35:
        (s if side(rng, 0.8) == 'S' else f)['city_form'] = ('exonym',)
        add(labels, 'city-exonym')
    elif moved_side is None and city[1] and rng.random() < 0.15:
        t = s if side(rng) == 'S' else f
        t['city_form'] = ('local',) if t['city_form'][0] == 'alt' else ('alt', rng.randrange(len(city[1])))
        add(labels, 'city-variant')
    pc = a['postcode']
    if moved_side is None and pc[0] == '0' and pc.isdigit() and rng.random() < 0.3:
        (s if side(rng, 0.7) == 'S' else f)['pc'] = 'nozero'
        add(labels, 'postcode-leading-zero')
    elif rng.random() < 0.08:
        t = s if side(rng) == 'S' else f
        t['pc'] = ('alt', rng.randrange(len(postcode_variants(t['addr']))))
        add(labels, 'postcode-format')
    if rng.random() < 0.04:
        (s if side(rng) == 'S' else f)['missing'].append('postcode')
        add(labels, 'missing-postcode')
    if rng.random() < 0.04:
        s['missing'].append('country')
        add(labels, 'country-missing')
    return moved_side


def plan_accents_case(rng, s, f, labels, name_text, addr_text, caps_rate, lower_rate, p_sales_caps=0.35):
    if non_ascii(name_text) or non_ascii(addr_text):
        r = rng.random()
        if r < 0.4:
            mode = 'drop' if r < 0.3 else 'translit'
            t = s if side(rng, 0.6) == 'S' else f
            if non_ascii(name_text):
                t['accents'] = mode
            t['accents_addr'] = mode if (rng.random() < 0.7 or not non_ascii(name_text)) else None
            add(labels, 'accents-dropped' if mode == 'drop' else 'accents-transliterated')
    r = rng.random()
    if r < caps_rate:
        t = s if side(rng, p_sales_caps) == 'S' else f
        t['case'] = 'upper'
        t['case_addr'] = rng.random() < 0.5
        add(labels, 'all-caps')
    elif r < caps_rate + lower_rate:
        s['case'] = 'lower'
        add(labels, 'lower-case')


def plan_account_pair(rng, c, s, f, labels):
    """The noise between the Sales account s and the F&O customer f of one company."""
    spellings = LEGAL_SPELLINGS.get((c['country'], c['legal']), [])
    if spellings:
        r = rng.random()
        if r < 0.15:
            (s if side(rng, 0.75) == 'S' else f)['legal'] = None
            add(labels, 'legal-form-missing')
        elif r < 0.45:
            t = s if side(rng) == 'S' else f
            if c['joiner'] == ', ' and rng.random() < 0.3:
                t['joiner'] = ' '
            else:
                t['legal'] = other_index(rng, len(spellings), c['legal_base'])
            add(labels, 'legal-form-spelling')
        if c['country'] in ('SE', 'FR') and rng.random() < 0.12:
            t = s if side(rng) == 'S' else f
            if t['legal'] is not None:
                t['prefix'] = True
                add(labels, 'legal-form-position')
    if c['core'][0] == 'The' and rng.random() < 0.5:
        (s if side(rng, 0.6) == 'S' else f)['core_ops'].append(('drop-the',))
        add(labels, 'the-dropped')
    candidates = abbreviable(c)
    if candidates and rng.random() < 0.22:
        t = s if side(rng, 0.6) == 'S' else f
        for i in (candidates if rng.random() < 0.3 else [pick(rng, candidates)]):
            t['core_ops'].append(abbreviate_op(rng, c, i))
        add(labels, 'abbreviation')
    if rng.random() < 0.05:
        (s if side(rng, 0.6) == 'S' else f)['core_ops'].append(extra_op(rng, c))
        add(labels, 'extra-words')
    if rng.random() < 0.03:
        op = swap_op(c)
        if op:
            (s if side(rng) == 'S' else f)['core_ops'].append(op)
            add(labels, 'word-order')
    if rng.random() < 0.08:
        (s if side(rng) == 'S' else f)['typos'].append((rng.random(), rng.random(), rng.random()))
        add(labels, 'typo-name')
    a = c['addr']
    plan_accents_case(rng, s, f, labels, ' '.join(c['core']) + ' ' + ' '.join(spellings[:1]),
                      street_text(a['street'], 0) + ' ' + a['city'][0], 0.06, 0.02)
    moved_side = plan_address_pair(rng, c, s, f, labels, 1.0)
    # Contact data. A moved company keeps at least one of e-mail, website and phone on both sides.
    protect = None
    if moved_side:
        t = s if moved_side == 'S' else f
        if not c['freemail'] and rng.random() < 0.3:
            if 'new_domain' not in c:
                c['new_domain'] = make_domain(rng, c, c['_domains'])
            t['email'] = t['email'].split('@')[0] + '@' + c['new_domain']
            t['website'] = c['new_domain'] if t['website'] else ''
            c['domain_changed_side'] = moved_side
            add(labels, 'domain-changed')
            protect = 'phone'
        else:
            options = [k for k in ('email', 'website', 'phone') if (c[k] if k != 'phone' else True)]
            protect = pick(rng, options)
            if protect != 'phone' and rng.random() < 0.5:   # a new office often has a new number
                t['phone'] = c['phone2']
    if protect != 'email' and not c['freemail'] and rng.random() < 0.15:
        if side(rng, 0.3) == 'F':
            f['email'] = c['invoice_email'].split('@')[0] + '@' + f['email'].split('@')[1]
        else:
            general = [m for m in MAILBOX[c['lang']][0] if m != c['email'].split('@')[0]]
            s['email'] = pick(rng, general) + '@' + s['email'].split('@')[1]
        add(labels, 'email-other-mailbox')
    if protect != 'email' and rng.random() < 0.12:
        (s if side(rng) == 'S' else f)['missing'].append('email')
        add(labels, 'missing-email')
    if protect != 'phone' and rng.random() < 0.10:
        (s if side(rng) == 'S' else f)['missing'].append('phone')
        add(labels, 'missing-phone')
    if protect != 'website' and c['website'] and rng.random() < 0.20:
        (s if side(rng, 0.3) == 'S' else f)['missing'].append('website')
        add(labels, 'missing-website')
    if rng.random() < 0.35:
        t = s if side(rng) == 'S' else f
        t['phone_style'] = pick(rng, [k for k, _ in PHONE_STYLES if k != t['phone_style']])
        add(labels, 'phone-format')
    if protect != 'phone' and rng.random() < 0.06:
        (s if side(rng) == 'S' else f)['phone'] = c['phone2']
        add(labels, 'phone-other-number')
    if not c['tax_fo']:
        add(labels, 'tax-missing')
    if c['freemail']:
        add(labels, 'free-mail-domain')
    add(labels, *c['tags'])


def plan_person_pair(rng, p, s, f, labels):
    """The noise between a Sales contact s and its F&O contact person or person customer f."""
    lang = p['lang']
    nick = NICKNAMES.get(lang, {}).get(p['first'])
    if p['maiden']:
        t, o = (s, f) if side(rng) == 'S' else (f, s)
        t['last'] = p['maiden']
        if rng.random() < 0.25:
            o['last'] = p['maiden'] + '-' + p['last']
        add(labels, 'married-name')
    if ('-' in p['first'] or ' ' in p['first']) and rng.random() < 0.35:
        t = s if side(rng) == 'S' else f
        sep = '-' if '-' in p['first'] else ' '
        t['first'] = p['first'].replace('-', ' ') if sep == '-' and rng.random() < 0.5 else p['first'].split(sep)[0]
        add(labels, 'compound-first-name')
    elif nick and rng.random() < 0.10:
        (s if side(rng, 0.7) == 'S' else f)['first'] = pick(rng, nick)
        add(labels, 'nickname')
    elif rng.random() < 0.03:
        (s if side(rng, 0.4) == 'S' else f)['first'] = p['first'][0] + ('.' if rng.random() < 0.7 else '')
        add(labels, 'initial')
    if lang == 'es' and ' ' in p['last'] and rng.random() < 0.4:
        t = s if side(rng) == 'S' else f
        t['last'] = t['last'].split(' ')[0]
        add(labels, 'second-surname-dropped')
    if p['middle']:
        r = rng.random()
        if r < 0.4:
            (s if side(rng, 0.35) == 'S' else f)['middle'] = ''
            add(labels, 'middle-name-one-side')
        elif r < 0.45:
            t = s if side(rng) == 'S' else f
            t['first'] = t['first'] + ' ' + p['middle']
            t['middle'] = ''
            add(labels, 'middle-in-firstname')
    if rng.random() < 0.015:
        (s if side(rng) == 'S' else f)['swap'] = True
        add(labels, 'name-swapped')
    if rng.random() < 0.05:
        (s if side(rng) == 'S' else f)['typos'].append(('last' if rng.random() < 0.6 else 'first',
                                                         (rng.random(), rng.random(), rng.random())))
        add(labels, 'typo-name')
    addr_text = (street_text(p['addr']['street'], 0) + ' ' + p['addr']['city'][0]) if p.get('addr') else ''
    plan_accents_case(rng, s, f, labels, p['first'] + ' ' + p['last'], addr_text, 0.03, 0.015)
    for t in (s, f):
        if t['case'] == 'upper' and rng.random() < 0.6:
            t['case'] = 'upper-last'
    # E-mail and phone.
    c = p['company']
    if c is not None and c.get('domain_changed_side') and p['email'].endswith('@' + c['domain']):
        t = s if c['domain_changed_side'] == 'S' else f
        t['email'] = p['email'].split('@')[0] + '@' + c['new_domain']
        add(labels, 'email-new-domain')
    elif c is not None and not c['freemail'] and p['email'] and rng.random() < 0.02:
        if 'new_domain' not in c:
            c['new_domain'] = make_domain(rng, c, c['_domains'])
        (s if side(rng) == 'S' else f)['email'] = p['email'].split('@')[0] + '@' + c['new_domain']
        add(labels, 'email-new-domain')
    if p['email'] and rng.random() < 0.03:
        (s if side(rng) == 'S' else f)['email'] = personal_email(rng, p)
        add(labels, 'email-personal')
    if p['email'] and rng.random() < 0.15:
        (s if side(rng, 0.4) == 'S' else f)['missing'].append('email')
        add(labels, 'missing-email')
    if rng.random() < 0.25:
        (s if side(rng, 0.4) == 'S' else f)['missing'].append('phone')
        add(labels, 'missing-phone')
    if rng.random() < 0.35:
        t = s if side(rng) == 'S' else f
        t['phone_style'] = pick(rng, [k for k, _ in PHONE_STYLES if k != t['phone_style']])
        add(labels, 'phone-format')
    if p['direct'] and p['mobile'] and rng.random() < 0.08:
        t = s if side(rng) == 'S' else f
        t['phone'] = p['mobile'] if t['phone'] is p['direct'] else p['direct']
        add(labels, 'phone-other-number')
    if p['job']:
        if rng.random() < 0.15:
            t = s if side(rng) == 'S' else f
            t['job'] = job_title(rng, lang)
            if t['job'] != p['job']:
                add(labels, 'job-title-changed')
        if rng.random() < 0.2:
            (s if side(rng, 0.3) == 'S' else f)['job'] = ''
            add(labels, 'missing-jobtitle')
    if p.get('addr'):
        plan_address_pair(rng, p, s, f, labels, 0.7, business=False)
    add(labels, *p['tags'])


DUP_KINDS_ACCOUNT = ['typo-name', 'legal-form-spelling', 'legal-form-missing', 'all-caps', 'abbreviation',
                     'missing-email', 'missing-phone', 'missing-website', 'moved', 'street-type-spelling',
                     'missing-postcode', 'accents-dropped']
DUP_KINDS_PERSON = ['typo-name', 'nickname', 'initial', 'missing-email', 'missing-phone', 'all-caps',
                    'middle-name-one-side', 'job-title-changed', 'accents-dropped']


def vary_account(rng, c, t, fo):
    """A second entry of one company on one side: 1-3 variations of t (a copy); returns their kinds."""
    spellings = LEGAL_SPELLINGS.get((c['country'], c['legal']), [])
    applicable = []
    for k in DUP_KINDS_ACCOUNT + (['tax-format', 'tax-missing'] if fo and t['tax'] else []):
        ok = {'legal-form-spelling': len(spellings) > 1 and t['legal'] is not None,
              'legal-form-missing': t['legal'] is not None, 'abbreviation': bool(abbreviable(c)),
              'missing-email': 'email' not in t['missing'], 'missing-phone': 'phone' not in t['missing'],
              'missing-website': bool(t['website']) and 'website' not in t['missing'],
              'street-type-spelling': street_forms(t['addr']['street']) > 1 and not t['pobox'],
              'accents-dropped': non_ascii(' '.join(c['core'])) and not t['accents'],
              'all-caps': t['case'] != 'upper'}.get(k, True)
        if ok:
            applicable.append(k)
    kinds = rng.sample(applicable, min(len(applicable), rng.randint(1, 3)))
    kinds = [k for k in applicable if k in kinds]   # in a fixed order
    for k in list(kinds):
        if k == 'typo-name':
            t['typos'].append((rng.random(), rng.random(), rng.random()))
        elif k == 'legal-form-spelling':
            t['legal'] = other_index(rng, len(spellings), t['legal'])
        elif k == 'legal-form-missing':
            t['legal'] = None
        elif k == 'all-caps':
            t['case'] = 'upper'
        elif k == 'abbreviation':
            t['core_ops'].append(abbreviate_op(rng, c, pick(rng, abbreviable(c))))
        elif k.startswith('missing-'):
            t['missing'].append(k[len('missing-'):])
        elif k == 'moved':
            t['addr'] = new_address(rng, c['addr'])
            t['form'] = t['addr']['form']
            t['pobox'] = None
            t['city_form'] = ('local',)
        elif k == 'street-type-spelling':
            if street_forms(t['addr']['street']) > 1:
                t['form'] = other_index(rng, street_forms(t['addr']['street']), t['form'])
            else:
                kinds.remove(k)      # the street it moved to has one spelling only
        elif k == 'accents-dropped':
            t['accents'] = 'drop'
            t['accents_addr'] = 'drop'
        elif k == 'tax-format':
            t['tax_form'] = other_index(rng, len(c['tax']), t['tax_form'])
        elif k == 'tax-missing':
            t['tax'] = False
    return kinds


def vary_person(rng, p, t):
    applicable = [k for k in DUP_KINDS_PERSON if {
        'nickname': bool(NICKNAMES.get(p['lang'], {}).get(p['first'])) and t['first'] == p['first'],
        'missing-email': bool(t['email']) and 'email' not in t['missing'],
        'missing-phone': 'phone' not in t['missing'], 'middle-name-one-side': bool(t['middle']),
        'job-title-changed': bool(t['job']), 'accents-dropped': non_ascii(p['first'] + p['last']) and not t['accents'],
        'all-caps': t['case'] is None}.get(k, True)]
    kinds = rng.sample(applicable, min(len(applicable), rng.randint(1, 2)))
    kinds = [k for k in applicable if k in kinds]
    for k in kinds:
        if k == 'typo-name':
            t['typos'].append(('last', (rng.random(), rng.random(), rng.random())))
        elif k == 'nickname':
            t['first'] = pick(rng, NICKNAMES[p['lang']][p['first']])
        elif k == 'initial':
            t['first'] = p['first'][0] + '.'
        elif k.startswith('missing-'):
            t['missing'].append(k[len('missing-'):])
        elif k == 'all-caps':
            t['case'] = 'upper-last'
        elif k == 'middle-name-one-side':
            t['middle'] = ''
        elif k == 'job-title-changed':
            t['job'] = job_title(rng, p['lang'])
        elif k == 'accents-dropped':
            t['accents'] = 'drop'
    return kinds


# ------------------------------------------------------------------------------------------------------------------
# Rendering: a spec becomes the values one system holds
# ------------------------------------------------------------------------------------------------------------------

def render_company_name(c, spec):
    tokens = list(c['core'])
    ops = spec['core_ops']
    for op in ops:
        if op[0] == 'abbrev':
            tokens[op[1]] = op[2]
    for op in ops:
        if op[0] == 'swap':
            tokens[op[1]], tokens[op[2]] = tokens[op[2]], tokens[op[1]]
    for op in ops:
        if op[0] == 'extra':
            tokens.append(op[1])
    if any(op[0] == 'drop-the' for op in ops) and tokens[0] == 'The':
        tokens = tokens[1:]
    name = ' '.join(tokens)
    if spec['legal'] is not None and c['legal']:
        form = LEGAL_SPELLINGS[(c['country'], c['legal'])][spec['legal']]
        name = f'{form} {name}' if spec['prefix'] else name + spec['joiner'] + form
    for u in spec['typos']:
        name = typo(name, u)
    return style_text(name, spec['accents'], spec['case'])


def style_text(text, accents, case):
    if accents == 'drop':
        text = fold(text)
    elif accents == 'translit':
        text = translit(text)
    if case in ('upper', 'upper-last'):
        text = upper(text)
    elif case == 'lower':
        text = text.lower()
    return text


def render_city(spec):
    city = spec['addr']['city']
    form = spec['city_form']
    return city[0] if form[0] == 'local' else city[1][form[1] % len(city[1])] if form[0] == 'alt' else city[2]


def render_address(spec):
    a = spec['addr']
    if spec['pobox']:
        pb = spec['pobox']
        line = street = pb['text']
        number = extra = ''
        postcode = pb['postcode']
        city = pb['city'] if pb['city'] and spec['city_form'][0] == 'local' else render_city(spec)
    else:
        st = street_text(a['street'], spec['form'])
        if spec['street_typo']:
            st = typo(st, spec['street_typo'])
        number = a['number']
        if (a['country'] in NUMBER_FIRST) != (spec['num_pos'] == 'swapped'):
            line = f'{number} {st}'
        else:
            line = f'{st}, {number}' if a['comma'] else f'{st} {number}'
        street = st
        if a['floor']:
            line += ', ' + a['floor']
            number += ', ' + a['floor']
        extra = ', '.join(x for x in (a['unit'], a['building']) if x)
        postcode = a['postcode']
        city = render_city(spec)
    if spec['city_typo']:
        city = typo(city, spec['city_typo'])
    if spec['pc'] == 'nozero' and postcode.isdigit():
        postcode = postcode.lstrip('0')
    elif isinstance(spec['pc'], tuple):
        variants = postcode_variants(dict(a, postcode=postcode))
        postcode = variants[spec['pc'][1] % len(variants)]
    if 'postcode' in spec['missing']:
        postcode = ''
    case = 'upper' if spec['case_addr'] else None
    line, street, extra, city = (style_text(x, spec['accents_addr'], case) for x in (line, street, extra, city))
    state = a['state'] or ''
    names = US_STATES if a['country'] == 'US' else AU_STATES
    return {'line': line, 'street': street, 'number': number, 'extra': extra, 'city': city, 'postcode': postcode,
            'state': state, 'state_sales': names.get(state, state) if spec['state_name'] else state,
            'country': a['country'], 'pobox': bool(spec['pobox'])}


def website(spec):
    if not spec['website'] or 'website' in spec['missing']:
        return ''
    return spec['web_style'].format(spec['website'])


def phone_text(spec, phone=None):
    phone = phone or spec['phone']
    if phone is None or 'phone' in spec['missing']:
        return ''
    return fmt_phone(phone, spec['phone_style'])


def email_text(spec):
    return '' if 'email' in spec['missing'] else spec['email']


def sales_account_record(rng, c, spec):
    ad = render_address(spec)
    return {'accountid': guid(rng), 'name': cut(render_company_name(c, spec), 160),
            'address1_line1': cut(ad['line'], 250), 'address1_line2': cut(ad['extra'], 250),
            'address1_city': cut(ad['city'], 80), 'address1_stateorprovince': ad['state_sales'],
            'address1_postalcode': cut(ad['postcode'], 20),
            'address1_country': '' if 'country' in spec['missing'] else spec['country_text'],
            'telephone1': cut(phone_text(spec), 50), 'emailaddress1': cut(email_text(spec), 100),
            'websiteurl': cut(website(spec), 200), '_labels': ['unit-line'] if ad['extra'] else []}


def fo_street(c, spec, ad, labels):
    if spec.get('split') and not ad['pobox']:
        street, number = ad['street'], ad['number']
        add(labels, 'street-number-split')
    else:
        street, number = ad['line'], ''
    if ad['extra']:
        style = c['fo_extra'] if c else 'comma'
        street = (street + ', ' + ad['extra'] if style == 'comma' else
                  ad['extra'] + '\n' + street if style == 'nl-before' else street + '\n' + ad['extra'])
        add(labels, 'unit-line')
    return street, number


def fo_org_record(c, spec):
    labels = []
    name = render_company_name(c, spec)
    if len(name) > 100:
        add(labels, 'name-truncated')
    name = cut(name, 100)
    ad = render_address(spec)
    street, number = fo_street(c, spec, ad, labels)
    words = [t for t in c['core'] if t != 'The']
    alias = {'name': cut(name, 20), 'word': upper(words[0].strip(','))[:20], 'none': ''}[c['alias_mode']]
    country = c['country']
    return {'PARTYTYPE': 'Organization', 'ORGANIZATIONNAME': name, 'PERSONFIRSTNAME': '', 'PERSONMIDDLENAME': '',
            'PERSONLASTNAME': '', 'NAMEALIAS': alias, 'ADDRESSSTREET': cut(street, 250),
            'ADDRESSSTREETNUMBER': cut(number, 20), 'ADDRESSZIPCODE': cut(ad['postcode'], 10),
            'ADDRESSCITY': cut(ad['city'], 60), 'ADDRESSSTATE': ad['state'],
            'ADDRESSCOUNTRYREGIONID': FO_COUNTRY[country], 'ADDRESSCOUNTRYREGIONISOCODE': country,
            'TAXEXEMPTNUMBER': cut(c['tax'][spec['tax_form']], 20) if spec['tax'] else '',
            'PRIMARYCONTACTEMAIL': email_text(spec), 'PRIMARYCONTACTPHONE': phone_text(spec),
            'PRIMARYCONTACTURL': website(spec),
            'CUSTOMERGROUPID': '10' if country == 'US' else '20' if country in EU else '30',
            'SALESCURRENCYCODE': CURRENCY[country], 'LANGUAGEID': LANGUAGE_ID[country], '_labels': labels}


def render_person(spec):
    first, middle, last = spec['first'], spec['middle'], spec['last']
    for field, u in spec['typos']:
        if field == 'first' and len(first) > 3:
            first = typo(first, u)
        else:
            last = typo(last, u)
    if spec['swap']:
        first, last = last, first
    case = spec['case']
    first, middle = (style_text(x, spec['accents'], None if case == 'upper-last' else case) for x in (first, middle))
    last = style_text(last, spec['accents'], case)
    return first, middle, last


def sales_contact_record(rng, p, spec, parent, addr_spec):
    labels = []
    first, middle, last = render_person(spec)
    rec = {'contactid': guid(rng), 'firstname': cut(first, 50), 'middlename': cut(middle, 50),
           'lastname': cut(last, 50), 'jobtitle': cut(spec['job'], 100), 'emailaddress1': cut(email_text(spec), 100),
           'telephone1': '', 'mobilephone': '', 'parentcustomerid': parent, '_labels': labels}
    phone = phone_text(spec)
    if phone:
        rec['mobilephone' if spec['phone']['mobile'] and rng.random() < 0.7 else 'telephone1'] = phone
        other = p['mobile'] if spec['phone'] is p['direct'] else p['direct']
        field = 'mobilephone' if rec['telephone1'] else 'telephone1'
        if other is not None and rng.random() < 0.3:
            rec[field] = fmt_phone(other, spec['phone_style'])
    if addr_spec is not None:
        ad = render_address(addr_spec)
        line = ad['line'] + (', ' + ad['extra'] if ad['extra'] else '')
        rec.update({'address1_line1': cut(line, 250), 'address1_city': cut(ad['city'], 80),
                    'address1_stateorprovince': ad['state_sales'], 'address1_postalcode': cut(ad['postcode'], 20),
                    'address1_country': '' if 'country' in addr_spec['missing'] else addr_spec['country_text']})
    return rec


def fo_contact_record(p, spec, org, addr_spec):
    labels = []
    first, middle, last = render_person(spec)
    if max(len(first), len(middle), len(last)) > 25:
        add(labels, 'name-truncated')
    rec = {'FIRSTNAME': cut(first, 25), 'MIDDLENAME': cut(middle, 25), 'LASTNAME': cut(last, 25),
           'PRIMARYEMAILADDRESS': email_text(spec), 'PRIMARYPHONENUMBER': phone_text(spec),
           'EMPLOYMENTJOBTITLE': cut(spec['job'], 60), 'PRIMARYADDRESSSTREET': '', 'PRIMARYADDRESSCITY': '',
           'PRIMARYADDRESSZIPCODE': '', 'PRIMARYADDRESSCOUNTRYREGIONID': '', '_org': org, '_labels': labels}
    if addr_spec is not None:
        ad = render_address(addr_spec)
        rec.update({'PRIMARYADDRESSSTREET': cut(ad['line'] + (', ' + ad['extra'] if ad['extra'] else ''), 250),
                    'PRIMARYADDRESSCITY': cut(ad['city'], 60), 'PRIMARYADDRESSZIPCODE': cut(ad['postcode'], 10),
                    'PRIMARYADDRESSCOUNTRYREGIONID': FO_COUNTRY[ad['country']]})
    return rec


def fo_person_record(rng, p, spec):
    labels = []
    first, middle, last = render_person(spec)
    if max(len(first), len(middle), len(last)) > 25:
        add(labels, 'name-truncated')
    ad = render_address(spec)
    street, number = fo_street(None, dict(spec, split=p.get('fo_split', False)), ad, labels)
    country = ad['country']
    return {'PARTYTYPE': 'Person', 'ORGANIZATIONNAME': '', 'PERSONFIRSTNAME': cut(first, 25),
            'PERSONMIDDLENAME': cut(middle, 25), 'PERSONLASTNAME': cut(last, 25),
            'NAMEALIAS': cut(f'{first} {last}', 20) if rng.random() < 0.6 else '',
            'ADDRESSSTREET': cut(street, 250), 'ADDRESSSTREETNUMBER': cut(number, 20),
            'ADDRESSZIPCODE': cut(ad['postcode'], 10), 'ADDRESSCITY': cut(ad['city'], 60), 'ADDRESSSTATE': ad['state'],
            'ADDRESSCOUNTRYREGIONID': FO_COUNTRY[country], 'ADDRESSCOUNTRYREGIONISOCODE': country,
            'TAXEXEMPTNUMBER': '', 'PRIMARYCONTACTEMAIL': email_text(spec), 'PRIMARYCONTACTPHONE': phone_text(spec),
            'PRIMARYCONTACTURL': '', 'CUSTOMERGROUPID': '40', 'SALESCURRENCYCODE': CURRENCY[country],
            'LANGUAGEID': LANGUAGE_ID[country], '_labels': labels}


# ------------------------------------------------------------------------------------------------------------------
# The two exports of the world, and the answer key
# ------------------------------------------------------------------------------------------------------------------

def generate(n, seed):
    rng = random.Random(seed)
    world = build_world(rng, n)
    out = {'sales_accounts': [], 'sales_contacts': [], 'fo_customers': [], 'fo_contacts': [], 'truth': []}
    truth = out['truth']

    def pair(entity, fo_rec, sales_rec, labels):
        ls = list(labels)
        add(ls, *fo_rec['_labels'], *sales_rec['_labels'])
        truth.append(('pair', entity, fo_rec, sales_rec, ls))

    # Accounts.
    companies = world['companies']
    for c in companies:
        c['sales_spec'] = account_spec(c, rng) if c['presence'] in ('both', 'sales') else None
        c['fo_spec'] = account_spec(c, rng) if c['presence'] in ('both', 'fo') else None
        c['labels'] = []
        if c['presence'] == 'both':
            plan_account_pair(rng, c, c['sales_spec'], c['fo_spec'], c['labels'])
        c['sales_rec'] = c['fo_rec'] = c['sales_dup'] = c['fo_dup'] = None
        if c['sales_spec']:
            c['sales_rec'] = sales_account_record(rng, c, c['sales_spec'])
            out['sales_accounts'].append(c['sales_rec'])
        if c['fo_spec']:
            c['fo_rec'] = fo_org_record(c, c['fo_spec'])
            out['fo_customers'].append(c['fo_rec'])
        if c['presence'] == 'both':
            pair('account', c['fo_rec'], c['sales_rec'], c['labels'])
    for c in companies:
        if c['sales_rec'] and rng.random() < 0.02:
            t = copy_spec(c['sales_spec'])
            t['country_text'] = wpick(rng, SALES_COUNTRY[c['country']])
            kinds = vary_account(rng, c, t, False)
            d = sales_account_record(rng, c, t)
            out['sales_accounts'].append(d)
            c['sales_dup'] = d
            truth.append(('sales-duplicate', 'account', c['sales_rec'], d, kinds))
            if c['fo_rec']:
                pair('account', c['fo_rec'], d, c['labels'] + kinds + ['duplicate'])
        if c['fo_rec'] and rng.random() < 0.02:
            t = copy_spec(c['fo_spec'])
            kinds = vary_account(rng, c, t, True)
            d = fo_org_record(c, t)
            out['fo_customers'].append(d)
            c['fo_dup'] = d
            truth.append(('fo-duplicate', 'account', c['fo_rec'], d, kinds))
            for srec in (c['sales_rec'], c['sales_dup']):
                if srec:
                    pair('account', d, srec, c['labels'] + kinds + ['duplicate'])

    # Where a contact on the wrong company hangs: another account of the same city, else any.
    sales_by_city, fo_by_city = {}, {}
    for c in companies:
        key = (c['country'], c['addr']['city'][0])
        if c['sales_rec']:
            sales_by_city.setdefault(key, []).append(c['sales_rec'])
        if c['fo_rec']:
            fo_by_city.setdefault(key, []).append(c['fo_rec'])
    all_sales = [c['sales_rec'] for c in companies if c['sales_rec']]
    all_fo = [c['fo_rec'] for c in companies if c['fo_rec']]

    def elsewhere(pool, everyone, key, own):
        options = [r for r in pool.get(key, []) if r is not own]
        return pick(rng, options) if options else pick(rng, [r for r in everyone if r is not own])

    # Contacts of companies.
    for c in companies:
        key = (c['country'], c['addr']['city'][0])
        for p in c['contacts']:
            if c['presence'] == 'both':
                where = wpick(rng, [('both', 60), ('sales', 28), ('fo', 12)])
            elif c['presence'] == 'sales':
                where = 'sales' if rng.random() < 0.9 else None
            else:
                where = 'fo' if rng.random() < 0.6 else None
            if where is None:
                continue
            s = person_spec(p, rng) if where in ('both', 'sales') else None
            f = person_spec(p, rng) if where in ('both', 'fo') else None
            labels = []
            if where == 'both':
                plan_person_pair(rng, p, s, f, labels)
            srec = frec = None
            if s:
                parent = c['sales_rec']
                r = rng.random()
                if c['sales_dup'] and rng.random() < 0.3:
                    parent = c['sales_dup']
                    add(labels, 'parent-is-duplicate')
                if r < 0.015 and len(all_sales) > 1:
                    parent = elsewhere(sales_by_city, all_sales, key, c['sales_rec'])
                    add(labels, 'wrong-company')
                elif r < 0.045:
                    parent = None
                    add(labels, 'no-parent')
                addr = c['sales_spec'] if rng.random() < 0.45 else None
                srec = sales_contact_record(rng, p, s, parent, addr)
                out['sales_contacts'].append(srec)
            if f:
                org = c['fo_rec']
                if where == 'both' and rng.random() < 0.005 and len(all_fo) > 1:
                    org = elsewhere(fo_by_city, all_fo, key, c['fo_rec'])
                    add(labels, 'wrong-company')
                addr = c['fo_spec'] if rng.random() < 0.3 else None
                frec = fo_contact_record(p, f, org, addr)
                out['fo_contacts'].append(frec)
            if srec and frec:
                if (srec.get('address1_line1') is None) != (frec['PRIMARYADDRESSSTREET'] == ''):
                    add(labels, 'address-one-side')
                pair('contact', frec, srec, labels)
            p['recs'] = (s, srec, f, frec, labels)

    # Private persons: F&O person customers and parentless Sales contacts.
    for p in world['privates']:
        p['fo_split'] = rng.random() < 0.3
        s = person_spec(p, rng) if p['presence'] in ('both', 'sales') else None
        f = person_spec(p, rng) if p['presence'] in ('both', 'fo') else None
        labels = ['person-customer']
        if s and f:
            plan_person_pair(rng, p, s, f, labels)
        srec = sales_contact_record(rng, p, s, None, s) if s else None
        frec = fo_person_record(rng, p, f) if f else None
        if srec:
            out['sales_contacts'].append(srec)
        if frec:
            out['fo_customers'].append(frec)
        if srec and frec:
            pair('contact', frec, srec, labels)
        p['recs'] = (s, srec, f, frec, labels)

    # Contacts entered twice.
    for p in [q for c in companies for q in c['contacts']] + world['privates']:
        if 'recs' not in p:
            continue
        s, srec, f, frec, labels = p['recs']
        private = p['company'] is None
        sdup = None
        if srec and rng.random() < 0.02:
            t = copy_spec(s)
            kinds = vary_person(rng, p, t)
            parent = srec['parentcustomerid'] if rng.random() < 0.8 else None
            sdup = sales_contact_record(rng, p, t, parent, s if private else None)
            out['sales_contacts'].append(sdup)
            truth.append(('sales-duplicate', 'contact', srec, sdup, kinds))
            if frec:
                pair('contact', frec, sdup, labels + kinds + ['duplicate'])
        if frec and rng.random() < 0.02:
            t = copy_spec(f)
            kinds = vary_person(rng, p, t)
            if private:
                d = fo_person_record(rng, p, t)
                out['fo_customers'].append(d)
            else:
                d = fo_contact_record(p, t, frec['_org'], None)
                out['fo_contacts'].append(d)
            truth.append(('fo-duplicate', 'contact', frec, d, kinds))
            for sr in (srec, sdup):
                if sr:
                    pair('contact', d, sr, labels + kinds + ['duplicate'])

    # Keys, in an order that says nothing about the Sales side.
    customers = list(out['fo_customers'])
    rng.shuffle(customers)
    for k, rec in enumerate(customers):
        rec['CUSTOMERACCOUNT'] = f'CU{k + 1001:06d}'
    parties = customers + out['fo_contacts']
    rng.shuffle(parties)
    for k, rec in enumerate(parties):
        rec['PARTYNUMBER'] = f'{k + 1001:09d}'
    contacts = list(out['fo_contacts'])
    rng.shuffle(contacts)
    for k, rec in enumerate(contacts):
        rec['CONTACTPERSONID'] = f'CP-{k + 1:06d}'
        rec['CONTACTPERSONPARTYNUMBER'] = rec['PARTYNUMBER']
        rec['ASSOCIATEDPARTYNUMBER'] = rec['_org']['PARTYNUMBER']
    return out, world


def fo_key(rec):
    return rec['CONTACTPERSONPARTYNUMBER'] if 'CONTACTPERSONID' in rec else rec['CUSTOMERACCOUNT']


def sales_key(rec):
    return (rec.get('accountid') or rec['contactid']).lower()


# ------------------------------------------------------------------------------------------------------------------
# Writers
# ------------------------------------------------------------------------------------------------------------------

# .NET HttpUtility.HtmlEncode as the CMT exporter applies it to strings (& < > " ' and U+00A0..U+00FF as &#NNN;),
# then the XML attribute escaping of its XmlWriter.
def cmt_value(text):
    html = []
    for ch in text:
        if ch in '&<>"\'':
            html.append({'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;'}[ch])
        elif 0xa0 <= ord(ch) <= 0xff:
            html.append(f'&#{ord(ch)};')
        else:
            html.append(ch)
    text = ''.join(html)
    return (text.replace('&', '&amp;').replace('<', '&lt;').replace('>', '&gt;').replace('"', '&quot;')
            .replace('\r', '&#xD;').replace('\n', '&#xA;').replace('\t', '&#x9;'))


ACCOUNT_FIELDS = [('accountid', 'Account', 'guid'), ('name', 'Account Name', 'string'),
                  ('accountnumber', 'Account Number', 'string'), ('address1_city', 'Address 1: City', 'string'),
                  ('address1_country', 'Address 1: Country/Region', 'string'),
                  ('address1_stateorprovince', 'Address 1: State/Province', 'string'),
                  ('address1_line1', 'Address 1: Street 1', 'string'), ('address1_line2', 'Address 1: Street 2', 'string'),
                  ('address1_postalcode', 'Address 1: ZIP/Postal Code', 'string'), ('emailaddress1', 'Email', 'string'),
                  ('telephone1', 'Main Phone', 'string'), ('websiteurl', 'Website', 'string')]
CONTACT_FIELDS = [('address1_city', 'Address 1: City', 'string'),
                  ('address1_country', 'Address 1: Country/Region', 'string'),
                  ('address1_stateorprovince', 'Address 1: State/Province', 'string'),
                  ('address1_line1', 'Address 1: Street 1', 'string'),
                  ('address1_postalcode', 'Address 1: ZIP/Postal Code', 'string'),
                  ('telephone1', 'Business Phone', 'string'), ('parentcustomerid', 'Company Name', 'entityreference'),
                  ('contactid', 'Contact', 'guid'), ('emailaddress1', 'Email', 'string'),
                  ('firstname', 'First Name', 'string'), ('jobtitle', 'Job Title', 'string'),
                  ('lastname', 'Last Name', 'string'), ('middlename', 'Middle Name', 'string'),
                  ('mobilephone', 'Mobile Phone', 'string')]
CONTENT_TYPES = ('\ufeff<?xml version="1.0" encoding="utf-8"?><Types xmlns="http://schemas.openxmlformats.org/package/'
                 '2006/content-types"><Default Extension="xml" ContentType="application/octet-stream" /></Types>')


def sales_package(accounts, contacts):
    nl = '\r\n'
    schema = ['<entities>']
    for entity, display, pk, pname, fields in (('account', 'Account', 'accountid', 'name', ACCOUNT_FIELDS),
                                               ('contact', 'Contact', 'contactid', 'fullname', CONTACT_FIELDS)):
        schema += [f'  <entity name="{entity}" displayname="{display}" primaryidfield="{pk}" primarynamefield="{pname}" '
                   'disableplugins="false">', '    <fields>']
        for name, dname, kind in fields:
            extra = ' primaryKey="true"' if name == pk else ' lookupType="account|contact"' if kind == 'entityreference' else ''
            schema.append(f'      <field displayname="{dname}" name="{name}" type="{kind}"{extra} />')
        schema += ['    </fields>', '  </entity>']
    schema += ['  <entityImportOrder>', '    <entityName>account</entityName>', '    <entityName>contact</entityName>',
               '  </entityImportOrder>', '</entities>']
    data = ['<?xml version="1.0" encoding="utf-8"?>',
            '<entities xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" '
            f'timestamp="{TIMESTAMP}">']
    for entity, display, pk, fields, records in (('account', 'Account', 'accountid', ACCOUNT_FIELDS, accounts),
                                                 ('contact', 'Contact', 'contactid', CONTACT_FIELDS, contacts)):
        data += [f'  <entity name="{entity}" displayname="{display}">', '    <records>']
        for rec in sorted(records, key=lambda r: r[pk]):
            data.append(f'      <record id="{rec[pk]}">')
            for name, _, kind in fields:
                value = rec.get(name)
                if not value:
                    continue   # CMT leaves nulls out
                if kind == 'entityreference':
                    data.append(f'        <field name="{name}" value="{value["accountid"]}" lookupentity="account" '
                                f'lookupentityname="{cmt_value(value["name"])}" />')
                elif kind == 'guid':
                    data.append(f'        <field name="{name}" value="{value}" />')
                else:
                    data.append(f'        <field name="{name}" value="{cmt_value(value)}" />')
            data.append('      </record>')
        data += ['    </records>', '    <m2mrelationships />', '  </entity>']
    data.append('</entities>')
    return [('data_schema.xml', nl.join(schema).encode('utf-8')), ('data.xml', nl.join(data).encode('utf-8')),
            ('[Content_Types].xml', CONTENT_TYPES.encode('utf-8'))]


CUSTOMER_COLUMNS = ['CUSTOMERACCOUNT', 'ADDRESSCITY', 'ADDRESSCOUNTRYREGIONID', 'ADDRESSCOUNTRYREGIONISOCODE',
                    'ADDRESSSTATE', 'ADDRESSSTREET', 'ADDRESSSTREETNUMBER', 'ADDRESSZIPCODE', 'CUSTOMERGROUPID',
                    'LANGUAGEID', 'NAMEALIAS', 'ORGANIZATIONNAME', 'PARTYNUMBER', 'PARTYTYPE', 'PERSONFIRSTNAME',
                    'PERSONLASTNAME', 'PERSONMIDDLENAME', 'PRIMARYCONTACTEMAIL', 'PRIMARYCONTACTPHONE',
                    'PRIMARYCONTACTURL', 'SALESCURRENCYCODE', 'TAXEXEMPTNUMBER', 'DATAAREAID']
CONTACT_COLUMNS = ['CONTACTPERSONID', 'ASSOCIATEDPARTYNUMBER', 'CONTACTPERSONPARTYNUMBER', 'EMPLOYMENTJOBTITLE',
                   'FIRSTNAME', 'LASTNAME', 'MIDDLENAME', 'PRIMARYADDRESSCITY', 'PRIMARYADDRESSCOUNTRYREGIONID',
                   'PRIMARYADDRESSSTREET', 'PRIMARYADDRESSZIPCODE', 'PRIMARYEMAILADDRESS', 'PRIMARYPHONENUMBER',
                   'DATAAREAID']
MANIFEST_NS = ('xmlns:i="http://www.w3.org/2001/XMLSchema-instance" '
               'xmlns="http://schemas.microsoft.com/dynamics/2015/01/DataManagement"')


def csv_text(columns, rows, company):
    text = io.StringIO()
    writer = csv.writer(text, lineterminator='\r\n')
    writer.writerow(columns)
    for row in rows:
        writer.writerow([company if c == 'DATAAREAID' else row.get(c, '') for c in columns])
    return text.getvalue()


def manifest_entity(name, target, file, fmt, columns, level):
    lines = ['\t\t<DataManagementPackageEntityData>', '\t\t\t<DefaultRefreshType>FullPush</DefaultRefreshType>',
             '\t\t\t<Disable>false</Disable>', '\t\t\t<EntityMapList>']
    for column in columns:
        lines += ['\t\t\t\t<EntityMap>', '\t\t\t\t\t<ArrayIndex>0</ArrayIndex>', f'\t\t\t\t\t<EntityField>{column}</EntityField>',
                  '\t\t\t\t\t<EntityFieldConversionList i:nil="true" />', '\t\t\t\t\t<IsAutoDefault>false</IsAutoDefault>',
                  '\t\t\t\t\t<IsAutoGenerated>false</IsAutoGenerated>',
                  '\t\t\t\t\t<IsDefaultValueEqualNull>false</IsDefaultValueEqualNull>',
                  '\t\t\t\t\t<UseTextQualifier>false</UseTextQualifier>', f'\t\t\t\t\t<XMLField>{column}</XMLField>',
                  '\t\t\t\t</EntityMap>']
    lines += ['\t\t\t</EntityMapList>', f'\t\t\t<EntityName>{name}</EntityName>', '\t\t\t<EntityTransformList i:nil="true" />',
              '\t\t\t<ExcelSheetName />', '\t\t\t<ExecutionUnit>1</ExecutionUnit>',
              '\t\t\t<FailExecutionUnitOnError>false</FailExecutionUnitOnError>', '\t\t\t<FailLevelOnError>false</FailLevelOnError>',
              f'\t\t\t<InputFilePath>{file}</InputFilePath>', f'\t\t\t<LevelInExecutionUnit>{level}</LevelInExecutionUnit>',
              '\t\t\t<QueryFilter i:nil="true" />', '\t\t\t<RunBusinessLogic>true</RunBusinessLogic>',
              '\t\t\t<RunBusinessValidation>true</RunBusinessValidation>', '\t\t\t<SampleFilePath />',
              '\t\t\t<SequenceInLevel>1</SequenceInLevel>', f'\t\t\t<SourceFormat>{fmt}</SourceFormat>',
              f'\t\t\t<TargetEntity>{target}</TargetEntity>', '\t\t\t<ValidationStatus>Yes</ValidationStatus>',
              '\t\t</DataManagementPackageEntityData>']
    return lines


def fo_package(customers, contacts, company):
    crlf = '\r\n'
    customers = sorted(customers, key=lambda r: r['CUSTOMERACCOUNT'])
    contacts = sorted(contacts, key=lambda r: r['CONTACTPERSONID'])
    manifest = ([f'<DataManagementPackageManifest {MANIFEST_NS}>', '\t<DefinitionGroupName>Customer master</DefinitionGroupName>',
                 f'\t<Description>Customers and contact persons ({company})</Description>', '\t<PackageEntityList>'] +
                manifest_entity('Customers V3', 'CustCustomerV3Entity', 'Customers V3.csv', 'CSV-Unicode',
                                CUSTOMER_COLUMNS, 1) +
                manifest_entity('Contacts V2', 'smmContactPersonV2Entity', 'Contacts V2.csv', 'CSV', CONTACT_COLUMNS, 2) +
                ['\t</PackageEntityList>', '\t<ProjectCategory>0</ProjectCategory>', '\t<RulesData i:nil="true" />',
                 '</DataManagementPackageManifest>'])
    header = [f'<DataManagementPackageHeader {MANIFEST_NS}>', '\t<Description>Customer master</Description>',
              '\t<ManifestType>Microsoft.Dynamics.AX.Framework.Tools.DataManagement.Serialization.'
              'DataManagementPackageManifest</ManifestType>',
              '\t<PackageType>DefinitionGroup</PackageType>', '\t<PackageVersion>2</PackageVersion>',
              '</DataManagementPackageHeader>']
    return [('Customers V3.csv', csv_text(CUSTOMER_COLUMNS, customers, company).encode('utf-16')),
            ('Contacts V2.csv', ('\ufeff' + csv_text(CONTACT_COLUMNS, contacts, company)).encode('utf-8')),
            ('Manifest.xml', crlf.join(manifest).encode('utf-16')),
            ('PackageHeader.xml', crlf.join(header).encode('utf-16'))]


def write_zip(path, members):
    temporary = path + '.tmp'
    with zipfile.ZipFile(temporary, 'w') as archive:
        for name, data in members:
            info = zipfile.ZipInfo(name, date_time=ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o100644 << 16
            archive.writestr(info, data)
    os.replace(temporary, path)


KIND_ORDER = {'pair': 0, 'fo-duplicate': 1, 'sales-duplicate': 2}


def truth_rows(out):
    rows = []
    for kind, entity, left, right, labels in out['truth']:
        if kind == 'pair':
            a, b = fo_key(left), sales_key(right)
        elif kind == 'fo-duplicate':
            a, b = fo_key(left), fo_key(right)
        else:
            a, b = sales_key(left), sales_key(right)
        rows.append((entity, KIND_ORDER[kind], a, b, kind, ';'.join(labels)))
    rows.sort()
    return [(kind, entity, a, b, noise) for entity, _, a, b, kind, noise in rows]


def summary(out, rows, directory):
    def count(entity, kind):
        return sum(1 for r in rows if r[1] == entity and r[0] == kind)

    def kinds(entity):
        tally = {}
        for r in rows:
            if r[1] == entity and r[0] == 'pair':
                for k in r[4].split(';') if r[4] else []:
                    tally[k] = tally.get(k, 0) + 1
        return ', '.join(f'{k} {v:,}' for k, v in sorted(tally.items(), key=lambda kv: (-kv[1], kv[0])))
    orgs = sum(1 for r in out['fo_customers'] if r['PARTYTYPE'] == 'Organization')
    persons = len(out['fo_customers']) - orgs
    person_pairs = sum(1 for r in out['truth'] if r[0] == 'pair' and r[1] == 'contact' and 'CONTACTPERSONID' not in r[2])
    return (f'noisy-companies: wrote {directory}: Sales {len(out["sales_accounts"]):,} accounts and '
            f'{len(out["sales_contacts"]):,} contacts; F&O {len(out["fo_customers"]):,} customers ({orgs:,} organisations, '
            f'{persons:,} persons) and {len(out["fo_contacts"]):,} contact persons; noisy-truth.csv: '
            f'{count("account", "pair"):,} account pairs, {count("account", "fo-duplicate"):,} F&O and '
            f'{count("account", "sales-duplicate"):,} Sales account duplicates, {count("contact", "pair"):,} contact pairs '
            f'({person_pairs:,} with a person customer), {count("contact", "fo-duplicate"):,} F&O and '
            f'{count("contact", "sales-duplicate"):,} Sales contact duplicates. Noise on account pairs: {kinds("account")}. '
            f'Noise on contact pairs: {kinds("contact")}.')


def main(argv):
    options = {'--out': None, '--accounts': '10000', '--seed': '1', '--company': 'USMF'}
    args = list(argv)
    while args:
        arg = args.pop(0)
        if arg in ('-h', '--help'):
            try:
                print(__doc__)
            except BrokenPipeError:
                pass
            return 0
        if arg in options and args:
            options[arg] = args.pop(0)
        else:
            print(f'noisy-companies: unknown option or missing value: {arg}\n\n{__doc__}', file=sys.stderr)
            return 2
    if not options['--out']:
        print(f'noisy-companies: --out DIR is required\n\n{__doc__}', file=sys.stderr)
        return 2
    try:
        n, seed = int(options['--accounts']), int(options['--seed'])
    except ValueError:
        print('noisy-companies: --accounts and --seed take integers', file=sys.stderr)
        return 2
    if n < 10:
        print('noisy-companies: --accounts must be at least 10', file=sys.stderr)
        return 2
    company = options['--company']
    directory = options['--out']
    os.makedirs(directory, exist_ok=True)
    out, _ = generate(n, seed)
    write_zip(os.path.join(directory, 'sales-export.zip'), sales_package(out['sales_accounts'], out['sales_contacts']))
    write_zip(os.path.join(directory, 'fo-export.zip'), fo_package(out['fo_customers'], out['fo_contacts'], company))
    rows = truth_rows(out)
    with open(os.path.join(directory, 'noisy-truth.csv'), 'w', encoding='utf-8', newline='') as handle:
        writer = csv.writer(handle, lineterminator='\n')
        writer.writerow(['kind', 'entity', 'left', 'right', 'noise'])
        writer.writerows(rows)
    print(summary(out, rows, directory), file=sys.stderr)
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
