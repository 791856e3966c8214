import ArgumentParser
import Foundation

/// `verity webhooks …`: where an environment's backend is told of outcomes.
struct WebhooksCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "webhooks", abstract: "Webhook endpoints: register, list, disable, rotate secrets, read and redo deliveries.",
        subcommands: [Add.self, List.self, Disable.self, Enable.self, RotateSecret.self, Deliveries.self, Redeliver.self])

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Register an endpoint; prints its signing secret once.")
        @OptionGroup var target: TenantOptions
        @Option(help: "https://… (http:// only to localhost).") var url: String
        @Option(help: "Event types, comma-separated (all when omitted).") var events: String?
        @Option(help: "What the endpoint is for (up to 200 characters).") var description: String?

        func run() async throws {
            let types = events.map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }
            try await AdminCommand.run { operations in
                try await operations.webhooks.addWebhook(tenant: target.tenant, environment: target.environment, url: url, events: types,
                                                description: description)
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "The environment's endpoints as JSON (never their secrets).")
        @OptionGroup var target: TenantOptions

        func run() async throws {
            try await AdminCommand.run { try await $0.webhooks.list(tenant: target.tenant, environment: target.environment) }
        }
    }

    struct Disable: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Stop sending to an endpoint (its pending deliveries fail).")
        @OptionGroup var target: TenantOptions
        @Argument(help: "The endpoint's id.") var id: String

        func run() async throws {
            try await AdminCommand.run { try await $0.webhooks.setWebhookEnabled(tenant: target.tenant, environment: target.environment, id: id, enabled: false) }
        }
    }

    struct Enable: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Send to an endpoint again (after a disable, or a day of failures).")
        @OptionGroup var target: TenantOptions
        @Argument(help: "The endpoint's id.") var id: String

        func run() async throws {
            try await AdminCommand.run { try await $0.webhooks.setWebhookEnabled(tenant: target.tenant, environment: target.environment, id: id, enabled: true) }
        }
    }

    struct RotateSecret: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "rotate-secret",
                                                        abstract: "A new signing secret, printed once; the old one signs beside it for a day.")
        @OptionGroup var target: TenantOptions
        @Argument(help: "The endpoint's id.") var id: String

        func run() async throws {
            try await AdminCommand.run { try await $0.webhooks.rotateWebhookSecret(tenant: target.tenant, environment: target.environment, id: id) }
        }
    }

    struct Deliveries: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "An endpoint's deliveries, newest first: status, attempts, last answer.")
        @OptionGroup var target: TenantOptions
        @Argument(help: "The endpoint's id.") var id: String
        @Option(help: "How many (1–200, default 50).") var limit: Int?

        func run() async throws {
            try await AdminCommand.run {
                try await $0.webhooks.webhookDeliveries(tenant: target.tenant, environment: target.environment, id: id, limit: limit)
            }
        }
    }

    struct Redeliver: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Send a delivery's event again (the same event id); a running server sends it.")
        @OptionGroup var target: TenantOptions
        @Argument(help: "The delivery's id.") var id: String

        func run() async throws {
            try await AdminCommand.run {
                try await $0.webhooks.redeliverWebhook(tenant: target.tenant, environment: target.environment, deliveryID: id)
            }
        }
    }
}
