import { jsonForScript } from '#views/lib/json.ts';

/**
 * The client sites' one script, inline under the page's CSP nonce (plain JavaScript, no build step):
 * a log upload can be large (up to LOG_FILES_MAX_BYTES), so each site's log form is sent with
 * XMLHttpRequest, whose upload events show how far it is. It sends the session's token as
 * X-CSRF-Token, so the shell checks it before a byte is read. Without the script the form posts
 * as it is and the server checks the token in its body.
 */
const UPLOAD = `
for (const form of document.querySelectorAll('form.client-log-upload')) {
  const progress = form.querySelector('progress');
  const status = form.querySelector('.client-log-status');
  const button = form.querySelector('button[type="submit"]');
  const fail = (message) => {
    button.disabled = false;
    progress.hidden = true;
    status.className = 'client-log-status error';
    status.textContent = message;
  };
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const xhr = new XMLHttpRequest();
    xhr.open('POST', form.action);
    xhr.setRequestHeader('X-CSRF-Token', csrf);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.responseType = 'json';
    xhr.upload.addEventListener('progress', (step) => {
      if (!step.lengthComputable) return;
      progress.value = step.loaded / step.total;
      status.textContent = 'Uploading: ' + Math.floor((100 * step.loaded) / step.total) + '%';
    });
    xhr.addEventListener('load', () => {
      const json = xhr.response || {};
      if (xhr.status === 202)
        return location.assign('/admin/client-sites?done=' + (json.joined ? 'log-added' : 'log-added-alone'));
      fail(json.error || 'The upload failed (HTTP ' + xhr.status + '). Please try again.');
    });
    xhr.addEventListener('error', () => fail('The upload was cut off. Please try again.'));
    button.disabled = true;
    progress.hidden = false;
    status.className = 'client-log-status';
    status.textContent = 'Uploading…';
    xhr.send(new FormData(form));
  });
}
`;

export function logUploadScript(csrf: string): string {
  return `(function (csrf) {${UPLOAD}\n})(${jsonForScript(csrf)});`;
}
