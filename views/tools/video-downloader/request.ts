export interface JsonReply {
  ok: boolean;
  status: number;
  body: Record<string, unknown> | null;
}

/** POSTs JSON to this site's API; a non-JSON answer (proxy error page) gives body null. */
export async function postJson(url: string, payload: unknown): Promise<JsonReply> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(payload) });
  let body: Record<string, unknown> | null = null;
  try {
    body = (await response.json()) as Record<string, unknown>;
  } catch {
    body = null;
  }
  return { ok: response.ok, status: response.status, body };
}

/** The server's `error` text when it sent one. */
export function serverError(reply: JsonReply): string | undefined {
  const error = reply.body?.error;
  return typeof error === 'string' && error ? error : undefined;
}
