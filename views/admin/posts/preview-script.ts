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
// Pictures for the text: uploaded, then their Markdown goes in at the cursor (needs this script).
const picture = document.getElementById('post-picture');
const pictureFile = document.getElementById('post-picture-file');
if (picture && pictureFile && body) {
  picture.hidden = false;
  pictureFile.addEventListener('change', async () => {
    const file = pictureFile.files && pictureFile.files[0];
    if (!file) return;
    const form = new FormData();
    form.append('image', file);
    form.append('alt', file.name.replace(/\\.[a-z0-9]+$/i, '').replace(/[-_]+/g, ' '));
    const res = await fetch('/admin/posts/images', { method: 'POST', headers: { 'X-CSRF-Token': csrf }, body: form });
    const json = await res.json();
    pictureFile.value = '';
    if (!res.ok) {
      preview.textContent = json.error || 'The picture could not be uploaded.';
      return;
    }
    const at = body.selectionStart;
    body.value = body.value.slice(0, at) + '\\n\\n' + json.markdown + '\\n\\n' + body.value.slice(at);
    render();
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
