'use strict';
// Flipbook Studio: every picture is a PNG the server drew with the renderer.
const $ = (id) => document.getElementById(id);
const token = new URLSearchParams(location.search).get('token');
const lane = 'scrub-' + Math.random().toString(36).slice(2);
const state = {
  info: null, version: -1, frame: 0, scale: 1, values: {}, settings: {}, uploads: {},
  playing: false, playStart: 0, playFrom: 0,
  askedSeq: 0, paintedSeq: 0, scrubAbort: null,
  cache: new Map(), inFlight: new Map(), painted: [], job: null,
};
const maxCached = 400;
const aheadFrames = 12;
const maxInFlight = 3;

function api(path, query) {
  const q = new URLSearchParams(query || []);
  if (token) q.set('token', token);
  const text = q.toString();
  return path + (text ? '?' + text : '');
}
function setQuery() {
  return Object.keys(state.values).sort().map((name) => ['set', name + '=' + state.values[name]])
    .concat(Object.keys(state.settings).sort().map((key) => ['setting', key + '=' + state.settings[key]]));
}
function frameKey(frame) {
  return state.version + '|' + state.scale + '|' + JSON.stringify(setQuery()) + '|' + frame;
}
function frameURL(frame, withLane) {
  const q = [['frame', String(frame)], ['scale', String(state.scale)], ['v', String(state.version)]].concat(setQuery());
  if (withLane) q.push(['lane', lane]);
  return api('/api/frame', q);
}
async function errorText(response) {
  try {
    const body = await response.json();
    return body.error || response.statusText;
  } catch (e) { return response.status + ' ' + response.statusText; }
}

// ---- the picture ----
function paint(bitmap, seq) {
  if (seq < state.paintedSeq) return false;   // never an older request's frame after a newer one's
  state.paintedSeq = seq;
  const canvas = $('frame');
  if (canvas.width !== bitmap.width || canvas.height !== bitmap.height) {
    canvas.width = bitmap.width; canvas.height = bitmap.height;
  }
  const context = canvas.getContext('2d');
  context.clearRect(0, 0, canvas.width, canvas.height);
  context.drawImage(bitmap, 0, 0);
  canvas.dataset.frame = String(bitmap.flipbookFrame);
  canvas.dataset.seq = String(seq);
  $('frame-error').hidden = true;
  return true;
}
function remember(key, bitmap) {
  state.cache.delete(key);
  state.cache.set(key, bitmap);
  while (state.cache.size > maxCached) {
    const oldest = state.cache.keys().next().value;
    state.cache.get(oldest).close?.();
    state.cache.delete(oldest);
  }
}
async function fetchFrame(frame, signal, withLane) {
  const response = await fetch(frameURL(frame, withLane), { signal });
  if (!response.ok) {
    const error = new Error(await errorText(response));
    error.status = response.status;
    throw error;
  }
  const bitmap = await createImageBitmap(await response.blob());
  bitmap.flipbookFrame = frame;
  return bitmap;
}
// Scrubbing and stepping: the newest frame asked for wins; older requests are cancelled.
async function show(frame) {
  if (!state.info || !state.info.frameCount) return;
  frame = Math.max(0, Math.min(state.info.frameCount - 1, frame | 0));
  state.frame = frame;
  updatePosition();
  const seq = ++state.askedSeq;
  const key = frameKey(frame);
  if (state.cache.has(key)) { paint(state.cache.get(key), seq); return; }
  if (state.scrubAbort) state.scrubAbort.abort();
  const controller = new AbortController();
  state.scrubAbort = controller;
  try {
    const bitmap = await fetchFrame(frame, controller.signal, true);
    remember(key, bitmap);
    paint(bitmap, seq);
  } catch (error) {
    if (error.name === 'AbortError' || error.status === 409 && /newer frame/.test(error.message)) return;
    if (seq === state.askedSeq) { $('frame-error').textContent = error.message; $('frame-error').hidden = false; }
  }
}

// ---- playback at the clip's rate: frames asked for ahead and cached; a frame not ready in time is dropped ----
function play() {
  if (!state.info || !state.info.frameCount) return;
  state.playing = true;
  state.playFrom = state.frame;
  state.playStart = performance.now();
  state.painted = [];
  $('play').textContent = '⏸';
  requestAnimationFrame(tick);
}
function pause() {
  state.playing = false;
  $('play').textContent = '▶';
  for (const controller of state.inFlight.values()) controller.abort();
  state.inFlight.clear();
  $('fps').textContent = '';
  show(state.frame);
}
function tick(now) {
  if (!state.playing) return;
  const info = state.info;
  const elapsed = (now - state.playStart) / 1000;
  const target = (state.playFrom + Math.floor(elapsed * info.fps)) % info.frameCount;
  state.frame = target;
  updatePosition();
  const key = frameKey(target);
  if (state.cache.has(key) && paint(state.cache.get(key), ++state.askedSeq)) {
    state.painted.push(now);
  }
  while (state.painted.length && now - state.painted[0] > 1000) state.painted.shift();
  $('fps').textContent = state.painted.length + ' / ' + info.fpsText + ' fps';
  prefetch(target);
  requestAnimationFrame(tick);
}
function prefetch(target) {
  const count = state.info.frameCount;
  const wanted = new Set();
  for (let i = 1; i <= aheadFrames; i++) wanted.add(frameKey((target + i) % count));
  for (const [key, controller] of state.inFlight) {     // behind the playhead now: not worth drawing
    if (!wanted.has(key)) { controller.abort(); state.inFlight.delete(key); }
  }
  for (let i = 1; i <= aheadFrames && state.inFlight.size < maxInFlight; i++) {
    const frame = (target + i) % count;
    const key = frameKey(frame);
    if (state.cache.has(key) || state.inFlight.has(key)) continue;
    const controller = new AbortController();
    state.inFlight.set(key, controller);
    fetchFrame(frame, controller.signal, false)
      .then((bitmap) => remember(key, bitmap))
      .catch(() => {})
      .finally(() => { if (state.inFlight.get(key) === controller) state.inFlight.delete(key); });
  }
}

// ---- the timeline ----
function updatePosition() {
  const info = state.info;
  if (!info || !info.frameCount) return;
  const time = state.frame / info.fps;
  $('position').textContent = 't = ' + time.toFixed(3) + ' s · frame ' + state.frame + ' / ' + (info.frameCount - 1);
  if (document.activeElement !== $('frame-number')) $('frame-number').value = state.frame;
  $('playhead').style.left = (100 * state.frame / Math.max(1, info.frameCount - 1)) + '%';
}
function drawTimeline() {
  const info = state.info;
  const ruler = $('ruler'), tracks = $('tracks');
  ruler.textContent = ''; tracks.textContent = '';
  if (!info.frameCount) return;
  const last = Math.max(1, info.frameCount - 1);
  const percent = (time) => (100 * Math.min(last, time * info.fps) / last) + '%';
  const steps = [0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 300, 600];
  const step = steps.find((s) => info.duration / s <= 12) || 3600;
  for (let t = 0; t <= info.duration + 1e-9; t += step) {
    const tick = document.createElement('div');
    tick.className = 'tick';
    tick.style.left = percent(t);
    tick.innerHTML = '<span>' + (+t.toFixed(2)) + ' s</span><span class="frameno">f ' + Math.round(t * info.fps) + '</span>';
    ruler.appendChild(tick);
  }
  info.layers.forEach((layer) => {
    const track = document.createElement('div');
    track.className = 'track';
    const bar = document.createElement('div');
    bar.className = 'bar';
    bar.style.left = percent(layer.start);
    bar.style.width = 'calc(' + percent(layer.end) + ' - ' + percent(layer.start) + ')';
    bar.textContent = layer.index + ': ' + layer.scene + ' ' + (+layer.start.toFixed(2)) + '–' + (+layer.end.toFixed(2)) + ' s';
    bar.title = bar.textContent;
    track.appendChild(bar);
    info.events.filter((e) => e.layer === layer.index).forEach((event) => {
      const mark = document.createElement('div');
      const discrete = ['bursts', 'touches', 'ripples', 'emissions'].includes(event.kind);
      mark.className = 'event' + (discrete ? '' : ' keyframe');
      mark.style.left = percent(event.time);
      mark.title = event.kind + ' at ' + event.time.toFixed(3) + ' s (frame ' + Math.round(event.time * info.fps) + ')';
      track.appendChild(mark);
    });
    tracks.appendChild(track);
  });
  updatePosition();
}
function frameAt(clientX) {
  const box = $('timeline').getBoundingClientRect();
  const fraction = Math.max(0, Math.min(1, (clientX - box.left) / box.width));
  return Math.round(fraction * (state.info.frameCount - 1));
}
$('timeline').addEventListener('pointerdown', (event) => {
  if (!state.info) return;
  if (state.playing) pause();
  $('timeline').setPointerCapture(event.pointerId);
  show(frameAt(event.clientX));
  const move = (e) => show(frameAt(e.clientX));
  const up = () => { $('timeline').removeEventListener('pointermove', move); $('timeline').removeEventListener('pointerup', up); };
  $('timeline').addEventListener('pointermove', move);
  $('timeline').addEventListener('pointerup', up);
});

// ---- the clip and its problems ----
function showProblem(problem) {
  const box = $('problem');
  if (!problem) { box.hidden = true; box.textContent = ''; return; }
  box.hidden = false;
  box.textContent = problem.message;
  box.dataset.line = problem.line || '';
  box.dataset.column = problem.column || '';
}
async function loadInfo() {
  const response = await fetch(api('/api/info', setQuery()));
  const info = await response.json();
  if (!response.ok) { showProblem({ message: info.error }); return; }
  const first = !state.info;
  const sceneChanged = first || state.info.scene !== info.scene;
  const parametersChanged = !state.info || JSON.stringify(state.info.parameters) !== JSON.stringify(info.parameters);
  state.info = info;
  if (info.version !== state.version) { state.version = info.version; clearCache(); }
  $('scene-name').textContent = info.sceneName;
  $('no-scene').hidden = !!info.scene;
  $('clip-facts').textContent = info.frameCount
    ? info.pixelWidth + '×' + info.pixelHeight + ' px · ' + info.fpsText + ' fps · ' + info.duration + ' s · ' + info.frameCount + ' frames'
    : (info.missing.length ? 'needs a value for ' + info.missing.join(', ') : '');
  $('frame-number').max = Math.max(0, info.frameCount - 1);
  showProblem(info.problem);
  if (parametersChanged) buildControls();
  if (first) { buildRenderPanel(); buildSettings(); }
  if (sceneChanged) { loadDataFiles(); $('render-format').dispatchEvent(new Event('change')); }
  drawTimeline();
  updateCommand();
  if (!state.playing) show(Math.min(state.frame, Math.max(0, info.frameCount - 1)));
}
function clearCache() {
  for (const bitmap of state.cache.values()) bitmap.close?.();
  state.cache.clear();
}
function listen() {
  const events = new EventSource(api('/api/events'));
  events.addEventListener('scene', (event) => {
    const change = JSON.parse(event.data);
    $('connection').classList.remove('lost');
    showProblem(change.problem);
    if (state.info && (change.scene || '') !== state.info.scene) openedElsewhere(change.scene);
    if (change.version !== state.version) loadInfo();
  });
  events.addEventListener('render', (event) => showJob(JSON.parse(event.data)));
  events.onerror = () => $('connection').classList.add('lost');
}

// ---- the scenes the studio offers ----
async function loadScenes() {
  const response = await fetch(api('/api/scenes'));
  const body = await response.json();
  if (!response.ok) { showProblem({ message: body.error }); return; }
  const menu = $('scene-choice');
  menu.textContent = '';
  if (!body.current) menu.add(new Option('— choose —', ''));
  const groups = { 'built-in': 'Built-in scenes', file: body.folder === '.' ? 'Files in this folder' : 'Files in ' + body.folder };
  for (const kind of Object.keys(groups)) {
    const group = document.createElement('optgroup');
    group.label = groups[kind];
    for (const choice of body.choices.filter((c) => c.kind === kind)) group.appendChild(new Option(choice.name, choice.name));
    if (group.children.length) menu.appendChild(group);
  }
  menu.value = body.current || '';
}
$('scene-choice').addEventListener('change', async () => {
  const name = $('scene-choice').value;
  if (!name) return;
  if (state.playing) pause();
  const response = await fetch(api('/api/open'), {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ scene: name }),
  });
  const body = await response.json();
  if (!response.ok) { showProblem({ message: body.error }); return; }
  await openedElsewhere(name);
});
// Another scene is open (chosen here or in another page): its values start afresh.
async function openedElsewhere() {
  state.values = {};
  state.frame = 0;
  await loadScenes();
  await loadInfo();
}
function refreshControlValues() {
  for (const parameter of state.info.parameters) {
    const control = document.querySelector('.control[data-name="' + CSS.escape(parameter.name) + '"]');
    if (!control) continue;
    const value = valueOf(parameter);
    for (const input of control.querySelectorAll('input, select, textarea')) {
      if (input.type === 'checkbox') input.checked = isTrue(value);
      else if (input.tagName === 'TEXTAREA') input.value = listText(value);
      else input.value = input.type === 'color' ? hexColor(value) : value;
    }
  }
}

// ---- template data rows ----
async function loadDataFiles() {
  const files = state.info.dataFiles;
  const menu = $('data-file');
  menu.textContent = '';
  $('data-row').textContent = '';
  $('data-picker').hidden = !files.length || !state.info.parameters.length;
  if ($('data-picker').hidden) return;
  menu.add(new Option('—', ''));
  for (const name of files) menu.add(new Option(name, name));
}
$('data-file').addEventListener('change', () => loadRows());
$('data-row').addEventListener('change', () => pickRow());
let dataRows = [];
async function loadRows() {
  const rowMenu = $('data-row');
  rowMenu.textContent = '';
  dataRows = [];
  if (!$('data-file').value) return;
  const response = await fetch(api('/api/data', [['file', $('data-file').value]]));
  const body = await response.json();
  if (!response.ok) { showProblem({ message: body.error }); return; }
  dataRows = body.rows;
  rowMenu.add(new Option('—', ''));
  body.rows.forEach((row, index) => {
    const label = body.columns.slice(0, 3).map((c) => row[c]).join(' · ');
    rowMenu.add(new Option((index + 1) + ': ' + label, String(index)));
  });
}
function pickRow() {
  const row = dataRows[Number($('data-row').value)];
  if (!row) return;
  for (const parameter of state.info.parameters) {
    if (parameter.name in row) {
      if (row[parameter.name] === parameter.defaultValue) delete state.values[parameter.name];
      else state.values[parameter.name] = row[parameter.name];
    }
  }
  refreshControlValues();
  updateCommand();
  loadInfo();
}

// ---- the command and renders ----
function quote(word) {
  return /^[A-Za-z0-9_\-./=:,+@%]+$/.test(word) ? word : "'" + word.replace(/'/g, "'\\''") + "'";
}
function stem() { return state.info.sceneName.replace(/\.(json|lottie)$/i, '') || 'clip'; }
function renderOrder() {
  return {
    values: Object.assign({}, state.values), settings: Object.assign({}, state.settings), container: $('render-format').value, codec: $('render-codec').value,
    quality: $('render-quality').value, output: $('render-output').value,
  };
}
function updateCommand() {
  if (!state.info) return;
  const order = renderOrder();
  const words = ['flipbook', 'render', state.info.scene];
  const uploaded = [];
  for (const name of Object.keys(order.values).sort()) {
    const upload = state.uploads[order.values[name]];
    if (upload) uploaded.push(upload.name);
    words.push('--set', name + '=' + (upload ? upload.name : order.values[name]));
  }
  for (const setting of state.info.settings) {
    if (setting.key in order.settings) words.push(setting.flag, order.settings[setting.key]);
  }
  const format = state.info.formats.find((f) => f.container === order.container);
  if (order.codec && format && order.codec !== format.codecs[0]) words.push('--codec', order.codec);
  if (order.quality && order.quality !== 'standard') words.push('--quality', order.quality);
  words.push('-o', order.output || stem() + '.mp4');
  $('command').value = words.map(quote).join(' ');
  const note = $('command-note');
  note.hidden = !uploaded.length;
  note.textContent = uploaded.length
    ? 'The command names the uploaded ' + uploaded.join(', ') + ' by name: place '
      + (uploaded.length > 1 ? 'them' : 'it') + ' beside the scene file for the command to find '
      + (uploaded.length > 1 ? 'them' : 'it') + '. Render (below) uses the upload itself.'
    : '';
}
$('copy-command').addEventListener('click', async () => {
  updateCommand();
  try { await navigator.clipboard.writeText($('command').value); $('copied').textContent = 'copied'; }
  catch (e) { $('command').select(); document.execCommand('copy'); $('copied').textContent = 'selected — copy it'; }
  setTimeout(() => { $('copied').textContent = ''; }, 2000);
});
function buildRenderPanel() {
  const formats = $('render-format'), codecs = $('render-codec'), qualities = $('render-quality');
  for (const format of state.info.formats) formats.add(new Option(format.name + ' (.' + format.fileExtension + ')', format.container));
  for (const quality of state.info.qualities) qualities.add(new Option(quality, quality));
  qualities.value = 'standard';
  const chosen = () => state.info.formats.find((f) => f.container === formats.value);
  const fillCodecs = () => {
    codecs.textContent = '';
    for (const codec of chosen().codecs) codecs.add(new Option(codec, codec));
    $('render-output').value = stem() + '.' + chosen().fileExtension;
    updateCommand();
  };
  formats.addEventListener('change', fillCodecs);
  for (const input of [codecs, qualities, $('render-output')]) input.addEventListener('change', updateCommand);
  fillCodecs();
}
$('render').addEventListener('click', async () => {
  $('render-status').textContent = 'starting…';
  const response = await fetch(api('/api/render'), {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(renderOrder()),
  });
  const body = await response.json();
  if (!response.ok) { $('render-status').textContent = body.error; return; }
  state.job = body.id;
  showJob(body);
});
$('render-cancel').addEventListener('click', () => {
  if (state.job) fetch(api('/api/render/' + state.job + '/cancel'), { method: 'POST' });
});
function showJob(job) {
  if (job.id !== state.job) return;
  const running = job.state === 'queued' || job.state === 'running';
  $('render-progress').hidden = false;
  $('render-progress').value = job.totalFrames ? job.framesEncoded / job.totalFrames : 0;
  $('render-cancel').hidden = !running;
  const status = $('render-status');
  if (job.state === 'finished') {
    status.innerHTML = 'Wrote ' + job.output + ' — <a></a>';
    const link = status.querySelector('a');
    link.href = api('/api/render/' + job.id + '/file');
    link.textContent = 'download';
    link.download = job.output;
  } else if (job.state === 'failed') {
    status.textContent = job.error;
  } else {
    status.textContent = job.state + ' ' + job.framesEncoded + ' / ' + job.totalFrames + ' frames'
      + (job.framesPerSecond ? ' · ' + job.framesPerSecond.toFixed(1) + ' fps' : '');
  }
}

// ---- transport ----
$('play').addEventListener('click', () => (state.playing ? pause() : play()));
$('step-back').addEventListener('click', () => { if (state.playing) pause(); show(state.frame - 1); });
$('step-forward').addEventListener('click', () => { if (state.playing) pause(); show(state.frame + 1); });
$('frame-number').addEventListener('change', () => { if (state.playing) pause(); show(Number($('frame-number').value)); });
$('scale').addEventListener('change', () => { state.scale = Number($('scale').value); if (!state.playing) show(state.frame); });
document.addEventListener('keydown', (event) => {
  if (event.target.closest('input, select, textarea')) return;
  if (event.key === ' ') { event.preventDefault(); state.playing ? pause() : play(); }
  if (event.key === 'ArrowLeft') { if (state.playing) pause(); show(state.frame - 1); }
  if (event.key === 'ArrowRight') { if (state.playing) pause(); show(state.frame + 1); }
});
window.studio = { state, show, play, pause, loadInfo };
loadScenes().then(loadInfo).then(listen);