/// Fictional people for the demo's reference registry. John Smith is the
/// example of the identity-verification specification.
package enum DemoRegistry {
    package static let csv = """
    firstName,lastName,address,city,state,postalCode,country,dateOfBirth,flags
    John,Smith,222333 Peachtree Place,Atlanta,GA,30318,US,1975-02-28,
    Maria,García,"1600 Ocean Ave, Apt 4B",Santa Monica,CA,90401-2345,US,1988-07-14,
    Aiko,Tanaka,77 Lakeshore Drive,Chicago,IL,60601,US,1992-11-03,
    Samuel,O'Connor,12 Baker Street,London,,NW1 6XE,GB,1969-05-21,
    Chloé,Tremblay,350 Rue Sainte-Catherine Ouest,Montréal,QC,H3B 1A2,CA,2001-01-09,
    Harold,Finch,9 Elm Road,Springfield,IL,62701,US,1931-04-02,deceased
    Victor,Krum,400 Market Street,Philadelphia,PA,19106,US,1980-09-30,fraud_alert
    """
}
