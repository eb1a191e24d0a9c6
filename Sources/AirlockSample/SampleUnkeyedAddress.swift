/// A postal address of the unkeyed pair: a street line, a postcode and a city in a country.
struct SampleUnkeyedAddress {
    var street: SampleUnkeyedStreet
    var postcode: String
    var city: SampleUnkeyedCountry.City
    var country: SampleUnkeyedCountry

    /// An address in one of `country`'s cities.
    static func make(_ country: SampleUnkeyedCountry, _ random: inout SampleRandom) -> SampleUnkeyedAddress {
        // The first cities are the largest: more addresses there.
        let city = country.cities[random.pick(weighted: country.cityWeights)]
        let street = SampleUnkeyedStreet.make(country, &random)
        return SampleUnkeyedAddress(street: street, postcode: country.postcode(in: city, &random), city: city, country: country)
    }
}
