import ArgumentParser
import Foundation
import VerityCore

/// `verity operators …`: the people who use the console, per tenant.
struct OperatorsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "operators", abstract: "Console operators: create, list, disable, enable, reset passwords and second factors.",
        subcommands: [Create.self, List.self, Disable.self, Enable.self, ResetPassword.self, ResetSecondFactor.self])

    struct Tenant: ParsableArguments {
        @Option(help: "Tenant name.") var tenant: String
    }

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add an operator; prints the password (generated unless --password-stdin) and, with --second-factor, the otpauth:// address, once.")
        @OptionGroup var target: Tenant
        @Option(help: "The address they sign in with.") var email: String
        @Option(help: "viewer, reviewer or admin.") var role: OperatorRole
        @Flag(help: "Ask for a TOTP code at sign-in (prints the otpauth:// address for an authenticator app).") var secondFactor = false
        @Flag(help: "Read the password from standard input instead of generating one.") var passwordStdin = false

        func run() async throws {
            let password = passwordStdin ? readLine(strippingNewline: true) ?? "" : nil
            try await AdminCommand.run { operations in
                try await operations.operators.createOperator(tenant: target.tenant, email: email, role: role, password: password, secondFactor: secondFactor)
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "The tenant's operators as JSON.")
        @OptionGroup var target: Tenant

        func run() async throws {
            try await AdminCommand.run { try await $0.operators.list(tenant: target.tenant) }
        }
    }

    struct Disable: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Stop an operator signing in; ends their sessions everywhere.")
        @OptionGroup var target: Tenant
        @Argument(help: "The operator's id.") var id: String

        func run() async throws {
            try await AdminCommand.run { try await $0.operators.setOperatorActive(tenant: target.tenant, id: id, active: false) }
        }
    }

    struct Enable: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Let a disabled operator sign in again.")
        @OptionGroup var target: Tenant
        @Argument(help: "The operator's id.") var id: String

        func run() async throws {
            try await AdminCommand.run { try await $0.operators.setOperatorActive(tenant: target.tenant, id: id, active: true) }
        }
    }

    struct ResetPassword: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "reset-password",
                                                        abstract: "A new generated password, printed once; ends the operator's sessions everywhere.")
        @OptionGroup var target: Tenant
        @Argument(help: "The operator's id.") var id: String

        func run() async throws {
            try await AdminCommand.run { try await $0.operators.resetOperatorPassword(tenant: target.tenant, id: id) }
        }
    }

    struct ResetSecondFactor: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "reset-second-factor",
            abstract: "A new TOTP secret, its otpauth:// address printed once; the old codes stop working, and the operator's sessions and known browsers end.")
        @OptionGroup var target: Tenant
        @Argument(help: "The operator's id.") var id: String

        func run() async throws {
            try await AdminCommand.run { try await $0.operators.resetOperatorSecondFactor(tenant: target.tenant, id: id) }
        }
    }
}

extension OperatorRole: ExpressibleByArgument {}
