/**
 * JSON calls from islands to this site's own /api. A non-2xx answer throws an Error carrying the
 * server's `error` field, or `fallback` when there is none; network failures keep their own message.
 */
export class ApiError extends Error {
  readonly status: number;
  /** True when the message came from the server's `error` field. */
  readonly fromServer: boolean;

  constructor(message: string, status: number, fromServer: boolean) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.fromServer = fromServer;
  }
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return null;
  }
}

export async function requestJson<T>(path: string, fallback: string, body?: unknown): Promise<T> {
  const response = await fetch(path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await readJson(response);
  if (!response.ok) {
    const serverMessage = data && typeof data === 'object' && 'error' in data && typeof data.error === 'string' ? data.error : '';
    throw new ApiError(serverMessage || fallback, response.status, Boolean(serverMessage));
  }
  return data as T;
}

/** The server's own reason for a failed request, when it adds something to the spec's message. */
export function failureDetail(caught: unknown, specMessage: string): string {
  const message = caught instanceof Error ? caught.message : '';
  return message && message !== specMessage ? message : '';
}
