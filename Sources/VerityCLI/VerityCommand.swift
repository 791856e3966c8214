import ArgumentParser

struct VerityCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verity",
        abstract: "Verity: self-hosted identity verification.",
        subcommands: [ServeCommand.self, MigrateCommand.self, DemoCommand.self, KeysCommand.self, OperatorsCommand.self, CreditsCommand.self, MobileCommand.self, SanctionsCommand.self, HousekeepingCommand.self, RetentionCommand.self, BackupCommand.self, RestoreCommand.self, BenchDataCommand.self, UsersCommand.self,
                      RegistryCommand.self, ConsentCommand.self, EnvironmentCommand.self, AuditCommand.self,
                      DocumentCommand.self, FaceCommand.self, CACommand.self, EntitiesCommand.self,
                      CheckpointsCommand.self, AccreditationsCommand.self, SMSCommand.self, SignCommand.self,
                      IdentityCommand.self, DocumentChecksCommand.self, WebhooksCommand.self, DoctorCommand.self,
                      SandboxCommand.self, HSMCommand.self, ChipCommand.self]
    )
}
