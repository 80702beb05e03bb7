/// The studio's page: plain HTML, CSS and JavaScript carried in the binary (no build step, nothing
/// fetched from elsewhere).
enum StudioPage {
    static let html = #"""
    <!doctype html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Flipbook Studio</title>
    <link rel="stylesheet" href="studio.css">
    </head>
    <body>
    <header>
      <strong>Flipbook Studio</strong>
      <label>Scene <select id="scene-choice"></select></label>
      <span id="scene-name"></span>
      <span id="clip-facts"></span>
      <span id="connection" title="Live reload">●</span>
    </header>
    <div id="problem" hidden></div>
    <main>
      <section id="stage">
        <div id="viewer"><div id="no-scene" hidden>Choose a scene above: a built-in one or a file of this folder.</div><canvas id="frame" width="1" height="1"></canvas><div id="frame-error" hidden></div></div>
        <div id="transport">
          <button id="play" title="Play / pause (space)">▶</button>
          <button id="step-back" title="Previous frame (←)">⏮</button>
          <button id="step-forward" title="Next frame (→)">⏭</button>
          <span id="position">t = 0.000 s · frame 0</span>
          <label>Frame <input id="frame-number" type="number" min="0" value="0"></label>
          <label>Preview <select id="scale">
            <option value="1">full</option><option value="0.5">½</option><option value="0.25">¼</option>
          </select></label>
          <span id="fps"></span>
        </div>
        <div id="timeline" tabindex="0">
          <div id="ruler"></div>
          <div id="tracks"></div>
          <div id="playhead"></div>
        </div>
      </section>
      <aside>
        <section id="controls-panel">
          <h2>Parameters</h2>
          <div id="data-picker" hidden>
            <label>Data file <select id="data-file"></select></label>
            <label>Row <select id="data-row"></select></label>
          </div>
          <div id="controls"><p class="muted">This scene declares no parameters.</p></div>
          <h2>Timeline</h2>
          <div id="settings"></div>
          <h2>Command</h2>
          <textarea id="command" readonly rows="3"></textarea>
          <div id="command-note" class="help" hidden></div>
          <button id="copy-command">Copy command</button> <span id="copied" class="muted"></span>
        </section>
        <section id="render-panel">
          <h2>Render</h2>
          <label>Format <select id="render-format"></select></label>
          <label>Codec <select id="render-codec"></select></label>
          <label>Quality <select id="render-quality"></select></label>
          <label>File <input id="render-output" type="text"></label>
          <button id="render">Render</button>
          <button id="render-cancel" hidden>Cancel</button>
          <progress id="render-progress" max="1" value="0" hidden></progress>
          <div id="render-status" class="muted"></div>
        </section>
      </aside>
    </main>
    <script src="studio.js"></script>
    </body>
    </html>
    """#
}
