package bench.set

import groovy.transform.CompileStatic
import groovy.transform.EqualsAndHashCode
import groovy.transform.ToString

/**
 * Postal address used by branches and members.
 */
@CompileStatic
@EqualsAndHashCode
@ToString(includePackage = false, includeNames = true)
class Address {
    String street
    String postcode
    String city
    String country = 'DE'

    static Address parse(String line) {
        List<String> parts = line.split(',')*.trim()
        if (parts.size() < 3) {
            throw new IllegalArgumentException("Cannot parse address: ${line}")
        }
        new Address(street: parts[0], postcode: parts[1], city: parts[2], country: parts.size() > 3 ? parts[3] : 'DE')
    }

    ValidationResult validate() {
        new ValidationResult('address')
            .notBlank(street, 'street')
            .notBlank(city, 'city')
            .require(postcode ==~ /\d{4,5}/, 'postcode must have 4-5 digits')
    }

    String oneLine() {
        [street, "${postcode} ${city}".toString(), country].join(', ')
    }

    boolean sameCity(Address other) {
        other != null && city.equalsIgnoreCase(other.city) && country == other.country
    }

    Map<String, String> toMap() {
        [street: street, postcode: postcode, city: city, country: country]
    }
}
