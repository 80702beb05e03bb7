import Foundation
import GRDB

/// One job as the journal keeps it: enough to run it again after a crash (the request as sent) and
/// to answer for it (status, progress, timings, error, the file's size).
struct JobRecord: Codable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "job"
    enum Status: String, Codable, Sendable { case queued, running, done, failed, cancelled }

    var id: String
    var status: Status
    /// The POST body as received.
    var request: Data
    /// The output's extension.
    var output: String
    var created: Double
    var started: Double?
    var finished: Double?
    var error: String?
    var framesEncoded: Int
    var totalFrames: Int
    var bytes: Int64?
    /// What will be drawn and written, as JSON (``JobJSON/plan(_:)``).
    var plan: String?
    /// With the service's segment cache (`--cache`): the clip's segments, and how many of them were
    /// copied from the cache rather than rendered; `nil` without a cache or before the job ends.
    var segments: Int?
    var segmentsReused: Int?
}

/// A webhook delivery attempt, logged.
struct DeliveryRecord: Codable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "delivery"
    var job: String
    var attempt: Int
    var time: Double
    /// The HTTP status answered, or nil when there was no answer.
    var status: Int?
    var error: String?
}

/// The journal of jobs: a SQLite database in the data folder (GRDB), written before a job starts and
/// as it ends, so a restart after `kill -9` finds the jobs that did not finish.
final class Journal: Sendable {
    let database: DatabaseQueue

    init(url: URL) throws {
        var configuration = Configuration()
        configuration.busyMode = .timeout(5)
        database = try DatabaseQueue(path: url.path, configuration: configuration)
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.create(table: "job") { table in
                table.primaryKey("id", .text)
                table.column("status", .text).notNull()
                table.column("request", .blob).notNull()
                table.column("output", .text).notNull()
                table.column("created", .double).notNull()
                table.column("started", .double)
                table.column("finished", .double)
                table.column("error", .text)
                table.column("framesEncoded", .integer).notNull()
                table.column("totalFrames", .integer).notNull()
                table.column("bytes", .integer)
                table.column("plan", .text)
            }
            try db.create(table: "delivery") { table in
                table.autoIncrementedPrimaryKey("rowid")
                table.column("job", .text).notNull().indexed()
                table.column("attempt", .integer).notNull()
                table.column("time", .double).notNull()
                table.column("status", .integer)
                table.column("error", .text)
            }
        }
        migrator.registerMigration("v2 segments") { db in
            try db.alter(table: "job") { table in
                table.add(column: "segments", .integer)
                table.add(column: "segmentsReused", .integer)
            }
        }
        try migrator.migrate(database)
    }

    func save(_ record: JobRecord) throws { try database.write { try record.save($0) } }
    func job(_ id: String) throws -> JobRecord? { try database.read { try JobRecord.fetchOne($0, key: id) } }
    func delete(_ id: String) throws { _ = try database.write { try JobRecord.deleteOne($0, key: id) } }
    /// Jobs that were queued or running when the service stopped, oldest first.
    func unfinished() throws -> [JobRecord] {
        try database.read { db in
            try JobRecord.filter([JobRecord.Status.queued.rawValue, JobRecord.Status.running.rawValue].contains(Column("status")))
                .order(Column("created")).fetchAll(db)
        }
    }
    /// Finished jobs with files, oldest finished first.
    func done() throws -> [JobRecord] {
        try database.read { db in
            try JobRecord.filter(Column("status") == JobRecord.Status.done.rawValue).order(Column("finished")).fetchAll(db)
        }
    }
    func log(_ delivery: DeliveryRecord) throws { try database.write { try delivery.insert($0) } }
    func deliveries(of job: String) throws -> [DeliveryRecord] {
        try database.read { try DeliveryRecord.filter(Column("job") == job).order(Column("attempt")).fetchAll($0) }
    }
}
