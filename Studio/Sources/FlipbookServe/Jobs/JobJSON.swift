import Foundation

/// A job as the API shows it: `{"id", "digest", "status", "progress", "framesEncoded", "totalFrames",
/// "timings": {"created", "started", "finished"}, "bytes", "error", "file"}`.
enum JobJSON {
    static func object(_ record: JobRecord) -> [String: Any] {
        var timings: [String: Any] = ["created": record.created]
        if let started = record.started { timings["started"] = started }
        if let finished = record.finished { timings["finished"] = finished }
        var object: [String: Any] = [
            "id": record.id, "digest": record.id, "status": record.status.rawValue, "output": record.output,
            "framesEncoded": record.framesEncoded, "totalFrames": record.totalFrames,
            "progress": record.totalFrames > 0 ? Double(record.framesEncoded) / Double(record.totalFrames) : 0,
            "timings": timings,
        ]
        if let bytes = record.bytes { object["bytes"] = bytes }
        if let error = record.error { object["error"] = error }
        if record.status == .done { object["file"] = "/v1/renders/\(record.id)/file" }
        return object
    }

    static func data(_ record: JobRecord) -> Data {
        (try? JSONSerialization.data(withJSONObject: object(record), options: [.sortedKeys])) ?? Data()
    }
}
