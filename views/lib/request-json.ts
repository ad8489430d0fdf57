/**
 * The one way islands (and the small client scripts) call this site's own /api. A non-2xx answer
 * throws an ApiError carrying the server's `error` field, or `fallback` when there is none; network
 * failures keep their own message. Widgets then show errors the same way: the spec's message,
 * plus the server's reason when it adds something (`failureDetail`).
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

export interface ApiRequestInit {
  method?: 'GET' | 'POST' | 'HEAD' | 'DELETE' | 'PATCH' | 'PUT';
  /**
   * Sent as JSON, as multipart when it is FormData, or form-encoded when it is URLSearchParams (the
   * RFC 8058 one-click unsubscribe body). A body makes the default method POST.
   */
  body?: unknown;
  signal?: AbortSignal;
  cache?: RequestCache;
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return null;
  }
}

/** Sends the request and returns the response when it is 2xx; throws ApiError otherwise. */
export async function apiFetch(path: string, fallback: string, init: ApiRequestInit = {}): Promise<Response> {
  const { body } = init;
  const isForm =
    (typeof FormData !== 'undefined' && body instanceof FormData) ||
    (typeof URLSearchParams !== 'undefined' && body instanceof URLSearchParams);
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined && !isForm) headers['content-type'] = 'application/json';
  const response = await fetch(path, {
    method: init.method ?? (body === undefined ? 'GET' : 'POST'),
    headers,
    body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    signal: init.signal,
    cache: init.cache,
  });
  if (!response.ok) {
    const data = init.method === 'HEAD' ? null : await readJson(response);
    const serverMessage =
      data && typeof data === 'object' && 'error' in data && typeof data.error === 'string' ? data.error : '';
    throw new ApiError(serverMessage || fallback, response.status, Boolean(serverMessage));
  }
  return response;
}

/** JSON in (optional), JSON out. */
export async function requestJson<T>(
  path: string,
  fallback: string,
  body?: unknown,
  init: Omit<ApiRequestInit, 'body'> = {},
): Promise<T> {
  const response = await apiFetch(path, fallback, { ...init, body });
  return (await readJson(response)) as T;
}

/** For the few endpoints that answer text (the site's sitemap as text). */
export async function requestText(path: string, fallback: string, init: ApiRequestInit = {}): Promise<string> {
  return (await apiFetch(path, fallback, init)).text();
}

/** The server's `error` text of a failed request; '' for network failures and answers without one. */
export function serverReason(caught: unknown): string {
  return caught instanceof ApiError && caught.fromServer ? caught.message : '';
}

/** The spec's failure message, followed by the server's reason when it gave one: "Failed: reason". */
export function withServerReason(specMessage: string, caught: unknown): string {
  const reason = serverReason(caught);
  return reason ? `${specMessage}: ${reason}` : specMessage;
}

/** The server's own reason for a failed request, when it adds something to the spec's message. */
export function failureDetail(caught: unknown, specMessage: string): string {
  const message = caught instanceof Error ? caught.message : '';
  return message && message !== specMessage ? message : '';
}

/**
 * A multipart upload that reports progress: XMLHttpRequest, because fetch cannot tell how many bytes
 * have gone up. `onProgress` gets 0–100 while the body is sent. Resolves with the parsed JSON of a
 * 2xx answer; rejects like apiFetch (ApiError with the server's `error`, else `fallback`), and with
 * an AbortError DOMException when `signal` aborts.
 */
export function apiUpload(
  path: string,
  fallback: string,
  form: FormData,
  options: { onProgress?: (percent: number) => void; signal?: AbortSignal } = {},
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.responseType = 'json';
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      const data: unknown = xhr.response;
      if (xhr.status >= 200 && xhr.status < 300) return resolve(data);
      const serverMessage =
        data && typeof data === 'object' && 'error' in data && typeof data.error === 'string' ? data.error : '';
      reject(new ApiError(serverMessage || fallback, xhr.status, Boolean(serverMessage)));
    };
    xhr.onerror = () => reject(new TypeError('Network error'));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    if (options.signal?.aborted) return reject(new DOMException('The upload was cancelled.', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
