'use strict';
// Flipbook Studio's controls: the template's parameters and the timeline's settings, built from the
// tables the server sends (loaded before studio.js, whose state and requests they use when called).

// ---- controls from the parameter table ----
function hexColor(value) {
  if (/^#[0-9a-f]{6}$/i.test(value)) return value.toLowerCase();
  if (/^#[0-9a-f]{8}$/i.test(value)) return value.slice(0, 7).toLowerCase();
  const context = document.createElement('canvas').getContext('2d');
  context.fillStyle = '#000000';
  context.fillStyle = value;
  return /^#[0-9a-f]{6}$/i.test(context.fillStyle) ? context.fillStyle : '#000000';
}
function valueOf(parameter) {
  return parameter.name in state.values ? state.values[parameter.name] : (parameter.defaultValue ?? '');
}
// A value given (or, equal to `unset`, taken back): the command at once, the clip soon after.
let changeTimer = null;
function assign(values, key, value, unset) {
  if (value === unset) delete values[key]; else values[key] = value;
  updateCommand();
  clearTimeout(changeTimer);
  changeTimer = setTimeout(loadInfo, 60);
}
function setValue(parameter, value) { assign(state.values, parameter.name, value, parameter.defaultValue); }
function setSetting(key, value) { assign(state.settings, key, value, ''); }
// A control's first line: its name, and its kind on the right.
function controlName(label, kind) {
  const name = document.createElement('div');
  name.className = 'name';
  name.innerHTML = '<span></span><span class="kind muted"></span>';
  name.firstChild.textContent = label;
  name.lastChild.textContent = kind;
  return name;
}
function isTrue(value) { return String(value).trim().toLowerCase() === 'true'; }
// A list parameter's value is a JSON list (or items separated by '|'); the text area shows a list
// of plain strings one a line, anything else as its JSON, and reads back either.
function listItems(value) {
  const text = String(value ?? '');
  if (text.trim().startsWith('[')) { try { return JSON.parse(text); } catch { return null; } }
  return text === '' ? [] : text.split('|');
}
function listText(value) {
  const items = listItems(value);
  if (!Array.isArray(items)) return String(value ?? '');
  return items.every((item) => typeof item === 'string' && !item.includes('\n')) ? items.join('\n') : JSON.stringify(items, null, 1);
}
function listValue(text) {
  if (text.trim().startsWith('[')) return text.trim();
  return JSON.stringify(text.split('\n').filter((line) => line.trim() !== ''));
}
function buildControls() {
  const box = $('controls');
  box.textContent = '';
  const parameters = state.info.parameters;
  if (!parameters.length) { box.innerHTML = '<p class="muted">This scene declares no parameters.</p>'; return; }
  for (const parameter of parameters) {
    const control = document.createElement('div');
    control.className = 'control';
    control.dataset.name = parameter.name;
    control.appendChild(controlName(parameter.name + (parameter.required ? ' *' : ''),
      parameter.kind + (parameter.minimum != null ? ' ' + parameter.minimum + '…' + parameter.maximum : '')));
    const row = document.createElement('div');
    row.className = 'row';
    const value = valueOf(parameter);
    if (parameter.kind === 'number' && parameter.minimum != null) {
      const slider = document.createElement('input');
      slider.type = 'range';
      slider.min = parameter.minimum; slider.max = parameter.maximum;
      const span = parameter.maximum - parameter.minimum;
      const whole = Number.isInteger(parameter.minimum) && Number.isInteger(parameter.maximum) && span >= 10;
      slider.step = whole ? 1 : span / 1000;
      slider.value = value;
      const text = document.createElement('input');
      text.type = 'text'; text.value = value; text.size = 6;
      slider.addEventListener('input', () => { text.value = slider.value; setValue(parameter, slider.value); });
      text.addEventListener('change', () => { slider.value = text.value; setValue(parameter, text.value); });
      row.append(slider, text);
    } else if (parameter.kind === 'color') {
      const picker = document.createElement('input');
      picker.type = 'color'; picker.value = hexColor(value);
      const text = document.createElement('input');
      text.type = 'text'; text.value = value;
      picker.addEventListener('input', () => { text.value = picker.value; setValue(parameter, picker.value); });
      text.addEventListener('change', () => { picker.value = hexColor(text.value); setValue(parameter, text.value); });
      row.append(picker, text);
    } else if (parameter.kind === 'bool') {
      const box = document.createElement('input');
      box.type = 'checkbox'; box.checked = isTrue(value);
      box.addEventListener('change', () => setValue(parameter, box.checked ? 'true' : 'false'));
      row.append(box);
    } else if (parameter.kind === 'list') {
      const area = document.createElement('textarea');
      area.rows = 4; area.value = listText(value);
      area.title = 'One item a line, or a JSON list such as [{"name": "Tea"}]';
      area.addEventListener('change', () => setValue(parameter, listValue(area.value)));
      row.append(area);
    } else if (parameter.kind === 'image') {
      row.append(...imageControl(parameter, value));
    } else {
      const text = document.createElement('input');
      text.type = 'text'; text.value = value;
      text.addEventListener(parameter.kind === 'string' ? 'input' : 'change', () => setValue(parameter, text.value));
      row.append(text);
    }
    control.appendChild(row);
    if (parameter.help) {
      const help = document.createElement('div');
      help.className = 'help';
      help.textContent = parameter.help;
      control.appendChild(help);
    }
    box.appendChild(control);
  }
}
// An image parameter: a menu of the images beside the scene (and those uploaded), and a file
// picker that uploads the chosen file to the server, whose path becomes the value.
const imageTypes = 'image/png,image/jpeg,image/webp,image/svg+xml';
function imageControl(parameter, value) {
  const menu = document.createElement('select');
  const add = (label, path) => { if (![...menu.options].some((o) => o.value === path)) menu.add(new Option(label, path)); };
  for (const name of state.info.folderImages) add(name, name);
  for (const upload of Object.values(state.uploads)) add(upload.name + ' (uploaded)', upload.path);
  if (value) add(value, value);
  menu.value = value;
  menu.addEventListener('change', () => setValue(parameter, menu.value));
  const picker = document.createElement('input');
  picker.type = 'file'; picker.accept = imageTypes;
  picker.title = 'Upload an image for ' + parameter.name;
  picker.addEventListener('change', async () => {
    const file = picker.files[0];
    if (!file) return;
    if (file.size > state.info.maximumUploadBytes) {
      showProblem({ message: file.name + ' is ' + file.size + ' bytes; an uploaded image must be at most ' + state.info.maximumUploadBytes + ' bytes.' });
      return;
    }
    const response = await fetch(api('/api/upload', [['name', file.name]]), { method: 'POST', body: file });
    const body = await response.json();
    if (!response.ok) { showProblem({ message: body.error }); return; }
    state.uploads[body.path] = body;
    add(body.name + ' (uploaded)', body.path);
    menu.value = body.path;
    setValue(parameter, body.path);
  });
  return [menu, picker];
}

// ---- the timeline's own settings, from the settings table's rows ----
function buildSettings() {
  const box = $('settings');
  box.textContent = '';
  for (const setting of state.info.settings) {
    const control = document.createElement('div');
    control.className = 'control';
    control.dataset.setting = setting.key;
    const name = controlName(setting.flag, setting.type);
    const row = document.createElement('div');
    row.className = 'row';
    const value = state.settings[setting.key] || '';
    const text = document.createElement('input');
    text.type = 'text'; text.value = value; text.placeholder = 'the scene\'s';
    if (setting.control === 'choice') {
      const menu = document.createElement('select');
      menu.add(new Option('the scene\'s', ''));
      for (const choice of setting.choices) menu.add(new Option(choice, choice));
      menu.value = value;
      menu.addEventListener('change', () => setSetting(setting.key, menu.value));
      row.append(menu);
    } else if (setting.control === 'color') {
      const picker = document.createElement('input');
      picker.type = 'color'; picker.value = hexColor(value || '#ffffff');
      picker.addEventListener('input', () => { text.value = picker.value; setSetting(setting.key, picker.value); });
      text.addEventListener('change', () => { picker.value = hexColor(text.value); setSetting(setting.key, text.value.trim()); });
      row.append(picker, text);
    } else {
      text.addEventListener('change', () => setSetting(setting.key, text.value.trim()));
      row.append(text);
    }
    const help = document.createElement('div');
    help.className = 'help';
    help.textContent = setting.help + (setting.range ? ' (' + setting.range + ')' : '');
    control.append(name, row, help);
    box.appendChild(control);
  }
}
