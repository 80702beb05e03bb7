import Flipbook
import Foundation

/// A job as the API shows it: `{"id", "digest", "status", "progress", "framesEncoded", "totalFrames",
/// "timings": {"created", "started", "finished"}, "bytes", "error", "file", "plan", "cache"}`; `"cache":
/// {"segments", "reused"}` when the service keeps a segment cache (`flipbook serve --cache`).
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
        if let segments = record.segments, let reused = record.segmentsReused {
            object["cache"] = ["segments": segments, "reused": reused]
        }
        if let plan = record.plan, let value = try? JSONSerialization.jsonObject(with: Data(plan.utf8)) { object["plan"] = value }
        if record.status == .done { object["file"] = "/v1/renders/\(record.id)/file" }
        return object
    }

    /// A plan as a job shows it: `{"width", "height", "fps", "duration", "frames", "container", "codec", "pixelFormat"}`.
    static func plan(_ plan: OutputPlan) -> String? {
        var object: [String: Any] = [
            "width": plan.timeline.pixelWidth, "height": plan.timeline.pixelHeight, "fps": plan.timeline.fps.description,
            "duration": plan.timeline.duration, "frames": plan.framesWritten.count,
        ]
        if let format = plan.format {
            object["container"] = "\(format.container)"
            object["codec"] = "\(format.codec)"
            object["pixelFormat"] = "\(format.pixelFormat)"
        }
        return (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])).map { String(decoding: $0, as: UTF8.self) }
    }

    static func data(_ record: JobRecord) -> Data {
        (try? JSONSerialization.data(withJSONObject: object(record), options: [.sortedKeys])) ?? Data()
    }
}
