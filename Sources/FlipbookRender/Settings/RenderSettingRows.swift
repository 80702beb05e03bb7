import FlipbookCore
import FlipbookAnimation
import FlipbookDrawing
import FlipbookVideo
import FlipbookSceneFile
import Foundation

/// The rows of the settings table that belong to a render as a whole: what to draw, where to
/// write it, which frames, how fast.
extension Setting {
    /// A batch job's label.
    public static let name = Setting(
        key: "name", type: "string", defaultValue: "#N and the output's file name", places: [.batch],
        help: "The job's name in progress lines and the summary.")

    /// The scene: the first argument of `render` and `still`.
    public static let scene = Setting(
        key: "scene", type: "scene", defaultValue: "required",
        range: SceneRequest.builtInScenes.joined(separator: ", ") + ", or a JSON scene file's path",
        places: [.batch, .render, .still, .sheet], help: "The scene to draw: a built-in scene or a scene file.")

    /// `-o`, `--output`.
    public static let output = Setting(
        key: "output", flag: "output", type: "file name", defaultValue: "required",
        range: "its extension picks the format (see the format table)", places: [.batch, .render, .still, .batchCommand, .sheet],
        help: "The file to write; {chunk} becomes the chunk's number; in a data batch, {{column}} a row's value.")

    /// A batch job's several outputs from one drawing (`-o` repeated on the command line).
    public static let outputs = Setting(
        key: "outputs", type: "list of file names", defaultValue: "none (output)",
        range: "clips, each named once; instead of output", places: [.batch],
        help: "Several clips from one drawing: each frame drawn once and written to every file, each the same bytes as alone.")

    /// `--set NAME=VALUE`, once per template parameter.
    public static let set = Setting(
        key: "set", flag: "set", type: "NAME=VALUE", defaultValue: "the template's defaults",
        range: "a parameter the scene file declares, and a value of its type", places: [.render, .still, .sheet],
        help: "A value for one of the scene file's template parameters; repeat for each (flipbook scenes FILE lists them).")

    /// `--strict`: every Lottie layer read strictly.
    public static let strict = Setting(
        key: "strict", flag: "strict", swift: "SceneRequest.strictLottie", type: "flag",
        defaultValue: "off, or a Lottie layer's own \"strict\"", places: [.render, .still, .sheet],
        help: "Makes what a Lottie animation's layers leave undrawn (text layers, effects, expressions) an error instead of a warning.",
        field: Field(\SceneRequest.strictLottie, .flag))

    /// `batch --template`.
    public static let template = Setting(
        key: "template", flag: "template", type: "scene file", defaultValue: "none (a batch file)",
        places: [.batchCommand], help: "A template scene file to render once per row of --data.")

    /// `batch --data`.
    public static let data = Setting(
        key: "data", flag: "data", type: "file", defaultValue: "none",
        range: ".csv (with a header row), .jsonl or .json (a list of objects)", places: [.batchCommand],
        help: "The rows of a template batch: each column a template parameter, or a name used only in -o.")

    /// `batch --resume`.
    public static let resume = Setting(
        key: "resume", flag: "resume", type: "flag", defaultValue: "off", places: [.batchCommand],
        help: "Skip the rows of a template batch whose output matches the SHA-256 its manifest.json records.")

    /// `--quality`.
    public static let quality = Setting(
        key: "quality", flag: "quality", type: "quality", defaultValue: RenderQuality.standard.rawValue,
        range: "one of " + RenderQuality.allCases.map(\.rawValue).joined(separator: ", "), places: [.batch, .render],
        help: RenderQuality.summary,
        field: Field(\RenderRequest.quality, .choice))

    /// `--frames`.
    public static let frames = Setting(
        key: "frames", flag: "frames", type: "A-B", defaultValue: "all", range: "within the clip's frames",
        places: [.batch, .render], help: "Render only these frames, inclusive and counted from 0, as a clip starting at time 0.",
        field: Field(\RenderRequest.frames, .frames))

    /// `--chunk`.
    public static let chunk = Setting(
        key: "chunk", flag: "chunk", type: "K/N, auto/N or auto/auto", defaultValue: "the whole clip",
        range: "1 ≤ K ≤ N ≤ \(Chunk.maximumCount)", places: [.render],
        help: "Render the K-th of N parts for `flipbook concat`; auto reads SLURM_ARRAY_TASK_ID or JOB_COMPLETION_INDEX.",
        field: Field(\RenderRequest.chunk, .chunk))

    /// `--time`.
    public static let time = Setting(
        key: "time", flag: "time", type: "number of seconds", defaultValue: "0",
        range: "from 0 up to the clip's length", places: [.batch, .still], help: "The moment a still shows.",
        field: Field(\RenderRequest.time, .number))

    /// `--frame`.
    public static let frame = Setting(
        key: "frame", flag: "frame", type: "whole number", defaultValue: "none (--time)",
        range: "within the clip's frames", places: [.still], help: "The frame a still shows instead of --time, counted from 0.",
        field: Field(\RenderRequest.frame, .wholeNumber))

    /// `batch --shard`.
    public static let shard = Setting(
        key: "shard", flag: "shard", type: "K/N, auto/N or auto/auto", defaultValue: "every job",
        range: "1 ≤ K ≤ N ≤ \(Chunk.maximumCount)", places: [.batchCommand],
        help: "Run only jobs K, K+N, K+2N, … of the file; auto as in render --chunk.")

    /// `--workers`.
    public static let workers = Setting(
        key: "workers", flag: "workers", type: "whole number", defaultValue: "one per core",
        range: renderWorkerRange.tableText, places: [.render], help: "Drawing threads; the output does not change.")

    /// `--memory-budget`.
    public static let memoryBudget = Setting(
        key: "memoryBudget", flag: "memory-budget", swift: "OutputPlan.memoryBudget", type: "bytes (8G, 512M)",
        defaultValue: "the machine's memory less an eighth (at least 1G)", range: "more than 0",
        places: [.render],
        help: "Memory the encoders of a clip's segments, and the frames one hands to the next, may hold together, capping how many run at once; the output does not change.")

    /// `--cache DIR`.
    public static let cache = Setting(
        key: "cache", flag: "cache", swift: "SegmentCache", type: "folder", defaultValue: "none (every segment rendered)",
        range: "a folder, made when missing; renders may share it", places: [.batch, .render, .serve],
        help: "Keep each segment of a clip here and reuse the unchanged ones: an edit re-renders only the segments it reaches, "
            + "and the file is the same bytes as without the cache.",
        field: Field(\RenderRequest.cache, .string))

    /// `--cache-limit`.
    public static let cacheLimit = Setting(
        key: "cacheLimit", flag: "cache-limit", swift: "SegmentCache.limit", type: "bytes (8G, 512M)",
        defaultValue: MemoryAmount.format(SegmentCache.defaultLimit), range: "more than 0", places: [.batch, .render, .serve],
        help: "The most the --cache folder holds; the segments used longest ago are removed first.",
        field: Field(\RenderRequest.cacheLimit, .bytes))
}

extension SettingFormat where Value == Int {
    /// Bytes with a binary suffix, as ``MemoryAmount`` reads them: `8G`, `512M`, or a JSON number.
    public static var bytes: SettingFormat {
        SettingFormat(text: { MemoryAmount.format($0) }, fromText: { text, setting in
            guard let bytes = MemoryAmount.bytes(text) else {
                throw FlipbookError.mustBe(setting.key, "a number of bytes more than 0, such as 8G or 512M", itIs: quotedInput(text))
            }
            return bytes
        }, fromJSON: { value, setting in
            if let number = value as? NSNumber, !isJSONBool(number), let bytes = MemoryAmount.bytes(number.stringValue) {
                return bytes
            }
            guard let text = value as? String, let bytes = MemoryAmount.bytes(text) else {
                throw FlipbookError.mustBe(setting.key, "a number of bytes more than 0, such as \"8G\" or 512000000",
                                           itIs: (value as? String).map(quotedInput) ?? jsonKind(value))
            }
            return bytes
        })
    }
}
