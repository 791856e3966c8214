import Foundation
import Testing
@testable import VerityCore
import VerityTestSupport
@testable import VerityIdentity

@Suite("Certification entities and checkpoints")
struct CertificationDirectoryTests {
    let fields = [
        UserFieldDefinition(name: "givenName", type: .text, maxLength: 50),
        UserFieldDefinition(name: "dateOfBirth", type: .date),
        UserFieldDefinition(name: "title", type: .choice, required: false, choices: ["Mr", "Ms", "Mx"]),
    ]

    @Test func anEntityKeepsItsFormAndLevels() async throws {
        try await withVerityApp { app in
            // when
            let created = try await app.operations.certification.createEntity(tenant: "acme", environment: .test, name: "acme-bank",
                                                                displayName: "Acme Bank", levels: [3, 1], fields: fields)
            // then
            #expect(created.levels == [1, 3])
            let listed = try await app.operations.certification.entities(tenant: "acme", environment: .test)
            #expect(listed == [created])
            #expect(listed[0].userFieldDefinitions == fields)
            // the live environment does not see it
            _ = try await app.operations.tenants.createKey(tenant: "acme", environment: .live)
            #expect(try await app.operations.certification.entities(tenant: "acme", environment: .live).isEmpty)
            // a second entity with the same name is a conflict, not bad input
            await #expect(throws: VerityError(.entityExists, "")) {
                try await app.operations.certification.createEntity(tenant: "acme", environment: .test, name: "acme-bank", displayName: "Again",
                                                      levels: [1], fields: [])
            }
            // two at once: one is created, the other told so (the unique index decides a race)
            let operations = try app.operations
            let outcomes = await withTaskGroup(of: VerityError.Code?.self) { group in
                for _ in 0..<4 {
                    group.addTask {
                        do {
                            _ = try await operations.certification.createEntity(tenant: "acme", environment: .test, name: "race-bank", displayName: "Race",
                                                                  levels: [1], fields: [])
                            return nil
                        } catch let error as VerityError { return error.code } catch { return .systemError }
                    }
                }
                return await group.reduce(into: []) { $0.append($1) }
            }
            #expect(outcomes.filter { $0 == nil }.count == 1 && outcomes.filter { $0 == .entityExists }.count == 3, "\(outcomes)")
        }
    }

    @Test func badEntitiesAreRefusedNamingTheField() async throws {
        try await withVerityApp { app in
            let cases: [(String, String, [Int], [UserFieldDefinition], String)] = [
                ("Acme Bank", "Acme", [1], [], "name"),
                ("acme", "", [1], [], "displayName"),
                ("acme", "Acme", [], [], "levels"),
                ("acme", "Acme", [5], [], "levels"),
                ("acme", "Acme", [1, 1], [], "levels"),
                ("acme", "Acme", [1], [UserFieldDefinition(name: "a", type: .text), UserFieldDefinition(name: "a", type: .date)], "userFieldDefinitions"),
                ("acme", "Acme", [1], [UserFieldDefinition(name: "t", type: .choice)], "t.choices"),
            ]
            for (name, display, levels, fields, field) in cases {
                do {
                    _ = try await app.operations.certification.createEntity(tenant: "acme", environment: .test, name: name, displayName: display,
                                                              levels: levels, fields: fields)
                    Issue.record("\(name)/\(levels) was accepted")
                } catch let error as VerityError {
                    #expect(error.code == .validationError && error.field == field, "\(error)")
                }
            }
            #expect(try await app.operations.certification.entities(tenant: "acme", environment: .test).isEmpty)
        }
    }

    @Test func theNearestCheckpointsComeFirstAcrossTheAntimeridian() async throws {
        try await withVerityApp { app in
            // given: checkpoints in Suva (Fiji), Apia (Samoa, just east of 180°), Auckland and London
            let places: [(String, Double, Double)] = [("Suva", -18.1416, 178.4419), ("Apia", -13.8333, -171.7667),
                                                       ("Auckland", -36.8485, 174.7633), ("London", 51.5074, -0.1278)]
            for (name, latitude, longitude) in places {
                _ = try await app.operations.certification.addCheckpoint(tenant: "acme", environment: .test, name: name, address: "\(name) office",
                                                           latitude: latitude, longitude: longitude, levels: [3], openingHours: "Mon–Fri 9–17")
            }
            // when: seen from Taveuni (Fiji, 179.9° W of the line's other side)
            let nearest = try await app.operations.certification.nearestCheckpoints(tenant: "acme", environment: .test, latitude: -16.8, longitude: -179.9, limit: 3)
            // then
            #expect(nearest.map(\.name) == ["Suva", "Apia", "Auckland"])
            #expect(nearest[0].distanceKilometres! < 300 && nearest[1].distanceKilometres! < 1000)
            await #expect(throws: VerityError(.validationError, "")) {
                try await app.operations.certification.nearestCheckpoints(tenant: "acme", environment: .test, latitude: 95, longitude: 0, limit: 3)
            }
            await #expect(throws: VerityError(.validationError, "")) {
                try await app.operations.certification.nearestCheckpoints(tenant: "acme", environment: .test, latitude: 0, longitude: 0, limit: 0)
            }
            await #expect(throws: VerityError(.validationError, "")) {
                try await app.operations.certification.addCheckpoint(tenant: "acme", environment: .test, name: "Bad\u{0}", address: "x",
                                                       latitude: 0, longitude: 0, levels: [3], openingHours: nil)
            }
        }
    }
}
