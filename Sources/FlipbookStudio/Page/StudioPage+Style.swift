extension StudioPage {
    static let style = #"""
    :root { color-scheme: dark; --bg: #16161d; --panel: #1f1f29; --line: #33334a; --text: #e8e8ef; --muted: #9a9ab0;
            --accent: #ff2d55; --bar: #3b5bdb; }
    * { box-sizing: border-box; }
    body { margin: 0; font: 13px/1.4 system-ui, sans-serif; background: var(--bg); color: var(--text); }
    header { display: flex; gap: 16px; align-items: baseline; padding: 8px 14px; border-bottom: 1px solid var(--line); }
    header #clip-facts, .muted { color: var(--muted); }
    #connection { margin-left: auto; color: #3c3; }
    #connection.lost { color: #c33; }
    #problem { background: #4a1020; color: #ffd7df; padding: 8px 14px; white-space: pre-wrap; font-family: ui-monospace, monospace; }
    main { display: grid; grid-template-columns: 1fr 320px; gap: 12px; padding: 12px; }
    #viewer { position: relative; background: repeating-conic-gradient(#2a2a36 0% 25%, #22222c 0% 50%) 50% / 20px 20px;
              display: flex; justify-content: center; align-items: center; height: 56vh; border: 1px solid var(--line); }
    #frame { max-width: 100%; max-height: 100%; image-rendering: auto; }
    #frame-error { position: absolute; bottom: 8px; left: 8px; right: 8px; background: #4a1020cc; padding: 6px; }
    #transport { display: flex; gap: 10px; align-items: center; padding: 8px 0; flex-wrap: wrap; }
    #transport input[type=number] { width: 70px; }
    button, select, input, textarea { background: var(--panel); color: var(--text); border: 1px solid var(--line);
                                      border-radius: 4px; padding: 4px 8px; font: inherit; }
    button:hover { border-color: var(--accent); }
    #fps { color: var(--muted); font-variant-numeric: tabular-nums; }
    #position { font-variant-numeric: tabular-nums; min-width: 190px; }
    #timeline { position: relative; border: 1px solid var(--line); background: var(--panel); user-select: none;
                cursor: ew-resize; padding-bottom: 6px; }
    #ruler { position: relative; height: 34px; border-bottom: 1px solid var(--line); }
    .tick { position: absolute; top: 0; height: 100%; border-left: 1px solid var(--line); padding-left: 3px;
            font-size: 11px; color: var(--muted); white-space: nowrap; }
    .tick .frameno { display: block; opacity: .7; }
    .track { position: relative; height: 22px; margin-top: 4px; }
    .bar { position: absolute; top: 2px; height: 18px; background: var(--bar); border-radius: 3px; padding: 0 6px;
           font-size: 11px; line-height: 18px; overflow: hidden; white-space: nowrap; opacity: .85; }
    .event { position: absolute; top: 0; width: 2px; height: 22px; background: #ffd43b; }
    .event.keyframe { background: #69db7c; width: 1px; }
    #playhead { position: absolute; top: 0; bottom: 0; width: 2px; background: var(--accent); pointer-events: none; }
    aside section { background: var(--panel); border: 1px solid var(--line); border-radius: 6px; padding: 10px; margin-bottom: 12px; }
    aside h2 { font-size: 13px; margin: 4px 0 8px; }
    aside label { display: block; margin: 6px 0; }
    aside label > select, aside label > input[type=text] { width: 100%; margin-top: 2px; }
    .control { margin: 8px 0; }
    .control .name { display: flex; justify-content: space-between; gap: 8px; }
    .control .name > span:first-child { white-space: nowrap; }
    .control .name .kind { text-align: right; font-size: 11px; }
    .control input[type=range] { width: 100%; }
    .control .row { display: flex; gap: 6px; align-items: center; }
    .control .row input[type=text], .control .row select { flex: 1; min-width: 0; }
    .control .row input[type=range] + input[type=text] { flex: 0 0 64px; }
    .control .row input[type=file] { max-width: 150px; padding: 2px; }
    #scene-choice { max-width: 260px; }
    #no-scene { position: absolute; color: var(--muted); font-size: 15px; }
    .help { color: var(--muted); font-size: 11px; }
    #command { width: 100%; font-family: ui-monospace, monospace; font-size: 12px; resize: vertical; }
    progress { width: 100%; }
    """#
}
