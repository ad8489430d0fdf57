function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** Last-resort page when React cannot even render the shell; no scripts, inline-free. */
export function staticErrorPage(details?: string): string {
  const block = details ? `<details><summary>Error details</summary><pre>${escapeHtml(details)}</pre></details>` : '';
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex, nofollow"><title>Something went wrong</title></head><body><main><h1>Something went wrong.</h1><p>Please refresh the page or go back to the <a href="/">home page</a>.</p>${block}</main></body></html>`;
}
