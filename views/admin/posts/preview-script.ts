import { jsonForScript } from '#views/lib/json.ts';

/**
 * The editor's one script, inline under the page's CSP nonce (plain JavaScript, so no build step can
 * change it): the live preview asks the server to render the Markdown (POST /admin/posts/preview,
 * the same sanitised renderer the pages use) a moment after typing stops, and the time zone field
 * takes the browser's offset so a scheduled time means the editor's local time.
 */
const EDITOR = `
const body = document.getElementById('post-body');
const preview = document.getElementById('post-preview');
const tz = document.getElementById('post-tz');
if (tz) tz.value = String(-new Date().getTimezoneOffset());
let timer;
let asked = 0;
async function render() {
  const ask = ++asked;
  try {
    const res = await fetch('/admin/posts/preview', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': csrf },
      body: JSON.stringify({ body: body.value }),
    });
    const json = await res.json();
    if (ask !== asked) return;
    // Sanitised on the server: the same HTML the public page shows.
    if (typeof json.html === 'string') preview.innerHTML = json.html;
    else preview.textContent = json.error || 'The preview could not be made.';
  } catch {
    if (ask === asked) preview.textContent = 'The preview could not be made.';
  }
}
// Pictures for the text: uploaded, then their Markdown goes in where the cursor was (needs this
// script). An upload takes seconds (the picture is encoded on the server): the form says so, and
// Save waits until every picture is in the text, so a post is never saved without one.
const picture = document.getElementById('post-picture');
const pictureFile = document.getElementById('post-picture-file');
const pictureStatus = document.getElementById('post-picture-status');
const form = document.getElementById('post-form');
const save = document.getElementById('post-save');
let uploading = 0;
function uploads(change, text) {
  uploading += change;
  if (save) {
    save.disabled = uploading > 0;
    save.textContent = uploading > 0 ? 'Save (waiting for the picture)' : 'Save';
  }
  if (pictureStatus && text !== undefined) pictureStatus.textContent = text;
}
if (form) form.addEventListener('submit', (event) => { if (uploading > 0) event.preventDefault(); });
// A Save the browser refuses (a required field empty, a slug not in its form) says why, by the button.
const saveStatus = document.getElementById('post-save-status');
if (form && saveStatus) {
  let refused = [];
  form.addEventListener('invalid', (event) => {
    const label = document.querySelector('label[for="' + event.target.id + '"]');
    const name = label ? label.textContent.replace(/ \\(.*$/, '') : event.target.name;
    refused.push(name + ': ' + event.target.validationMessage);
    saveStatus.textContent = 'Not saved. ' + refused.join(' ');
    saveStatus.hidden = false;
    queueMicrotask(() => (refused = []));
  }, true);
  form.addEventListener('submit', () => (saveStatus.hidden = true));
}
// The slug follows the title while it has not been typed (a new post): lowercase words and hyphens.
const title = document.getElementById('post-title');
const slug = document.getElementById('post-slug');
if (title && slug && slug.value === '') {
  let follows = true;
  slug.addEventListener('input', () => (follows = slug.value === ''));
  title.addEventListener('input', () => {
    if (!follows) return;
    slug.value = title.value.normalize('NFKD').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+/, '').slice(0, 100).replace(/-+$/, '');
  });
}
async function upload(file) {
  const at = body.selectionStart;
  uploads(1, 'Uploading ' + file.name + '… Save waits until it is in the text.');
  const data = new FormData();
  data.append('image', file);
  data.append('alt', file.name.replace(/\\.[a-z0-9]+$/i, '').replace(/[-_]+/g, ' '));
  try {
    const res = await fetch('/admin/posts/images', { method: 'POST', headers: { 'X-CSRF-Token': csrf }, body: data });
    const json = await res.json().catch(() => ({}));
    if (!res.ok) return uploads(-1, json.error || 'The picture could not be uploaded.');
    body.value = body.value.slice(0, at) + '\\n\\n' + json.markdown + '\\n\\n' + body.value.slice(at);
    uploads(-1, file.name + ' is in the text.');
    render();
  } catch {
    uploads(-1, 'The picture could not be uploaded: check the connection and try again.');
  }
}
if (picture && pictureFile && body) {
  picture.hidden = false;
  pictureFile.addEventListener('change', () => {
    const file = pictureFile.files && pictureFile.files[0];
    pictureFile.value = '';
    if (file) void upload(file);
  });
}
if (body && preview) {
  body.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(render, 300);
  });
  render();
}`;

export function previewScript(csrf: string): string {
  return `(function (csrf) {${EDITOR}\n})(${jsonForScript(csrf)});`;
}
