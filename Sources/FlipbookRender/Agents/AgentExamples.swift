import Foundation

/// The guide's worked examples: scene files of the repository's `Fixtures/`, copied here so the
/// command carries them (a test keeps each equal to its fixture).
package enum AgentExamples {
    package struct Example {
        package var title: String
        /// The fixture, relative to `Fixtures/`.
        package var fixture: String
        package var note: String
        package var json: String
    }

    package static let all = [
        Example(
            title: "A title over confetti", fixture: "Scenes/text-title.json",
            note: "`Fixtures/Scenes/text-title.json`: a keyframed font size and colour, a box the title wraps in with a line limit, a gradient text starting later.",
            json: #"""
                {"size": [390, 500], "scale": 2, "duration": 3, "background": "#1c1c1e",
                 "layers": [
                   {"scene": "confetti", "seed": 7},
                   {"scene": "text", "text": "Congrats, Ada! 🎉",
                    "font": {"size": [{"time": 0, "value": 40}, {"time": 1, "value": 64}], "weight": "bold"},
                    "color": [{"time": 0, "value": "yellow"}, {"time": 1, "value": "white"}],
                    "alignment": "center", "lineSpacing": 8, "tracking": 2,
                    "size": [320, 200], "lineLimit": 2, "truncation": "tail", "minimumScaleFactor": 0.5},
                   {"scene": "text", "start": 0.5, "text": "Class of 2026", "font": {"size": 28, "weight": "semibold", "italic": true},
                    "gradient": {"colors": ["orange", "pink", "cyan"], "startPoint": "leading", "endPoint": "trailing"}}
                 ]}
                """#),
        Example(
            title: "A template", fixture: "Templates/card.json",
            note: "`Fixtures/Templates/card.json`: parameters with defaults, `{{name}}` placeholders, a springing image, an entrance. Render one with `flipbook render card.json --set name=Ada -o card.mp4`; paths are relative to the scene file.",
            json: #"""
                {
                  "parameters": {
                    "name": {"type": "string", "default": "friend", "help": "Who the card is for."},
                    "accent": {"type": "color", "default": "#ff2d55", "help": "The colour of the ripples, the title's last colour and half the confetti."},
                    "count": {"type": "number", "default": 80, "range": [10, 500], "help": "Pieces of confetti in the burst."},
                    "logo": {"type": "image", "default": "../Images/logo.svg", "help": "The picture that springs in above the title."}
                  },
                  "size": [640, 360],
                  "scale": 1,
                  "fps": 30,
                  "duration": 2,
                  "background": "#14141f",
                  "layers": [
                    {
                      "scene": "ripples",
                      "ripples": [{"center": [320, 150], "start": 0.1, "color": "{{accent}}"}, {"center": [320, 150], "start": 0.5, "color": "{{accent}}"}],
                      "speed": 260,
                      "lifetime": 1.4
                    },
                    {
                      "scene": "image",
                      "src": "{{logo}}",
                      "size": [112, 112],
                      "position": [320, 130],
                      "scale": [{"time": 0, "value": 0}, {"time": 0.15, "value": 0}, {"time": 0.9, "value": 1, "spring": {"duration": 0.5, "bounce": 0.45}}],
                      "rotation": [{"time": 0.15, "value": -30}, {"time": 0.9, "value": 0, "spring": "bouncy"}]
                    },
                    {
                      "scene": "text",
                      "text": "Congrats, {{name}}! 🎉",
                      "font": {"size": 52, "weight": "bold"},
                      "color": [{"time": 0.3, "value": "white"}, {"time": 1.4, "value": "{{accent}}", "curve": "easeInOut"}],
                      "alignment": "center",
                      "size": [600, 72],
                      "minimumScaleFactor": 0.4,
                      "position": [{"time": 0.25, "value": [320, 290]}, {"time": 0.8, "value": [320, 262], "curve": "easeOut"}],
                      "opacity": [{"time": 0.25, "value": 0}, {"time": 0.6, "value": 1, "curve": "easeOut"}],
                      "filters": [{"shadow": {"color": "#00000099", "radius": 6, "x": 0, "y": 3}}]
                    },
                    {
                      "scene": "confetti",
                      "start": 0.35,
                      "seed": 7,
                      "bursts": [{"count": "{{count}}", "palette": ["{{accent}}", "yellow", "white"]}]
                    }
                  ]
                }
                """#),
    ]
}
