import { z } from 'zod';

/**
 * A minimal OpenAI-compatible chat-completions client. The address is chosen by the operator
 * (often a model server on loopback), never by a visitor, so it deliberately does not go through
 * the guarded fetcher; it is still bounded in time and in response bytes.
 */
export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface ChatClientOptions {
  baseUrl: string;
  apiKey: string;
  model: string;
  timeoutMs?: number;
  maxBytes?: number;
  maxTokens?: number;
}

export interface ChatClient {
  complete(messages: ChatMessage[]): Promise<string>;
}

export class LlmError extends Error {
  constructor(
    readonly code: 'timeout' | 'http' | 'too-large' | 'bad-response' | 'network',
    message: string,
  ) {
    super(message);
    this.name = 'LlmError';
  }
}

const responseSchema = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string() }) })).min(1),
});

async function readCapped(response: Response, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes)
    throw new LlmError('too-large', `LLM response over ${maxBytes} bytes`);
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw new LlmError('too-large', `LLM response over ${maxBytes} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export function createChatClient(options: ChatClientOptions): ChatClient {
  const endpoint = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const maxBytes = options.maxBytes ?? 256 * 1024;
  return {
    async complete(messages) {
      const controller = new AbortController();
      // One timer covers connecting, waiting and reading the body.
      const timer = setTimeout(() => controller.abort(), timeoutMs);
      try {
        const response = await fetch(endpoint, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${options.apiKey}` },
          body: JSON.stringify({
            model: options.model,
            messages,
            max_tokens: options.maxTokens ?? 600,
            temperature: 0.8,
          }),
          signal: controller.signal,
          redirect: 'error',
        });
        const text = await readCapped(response, maxBytes);
        if (!response.ok) throw new LlmError('http', `LLM endpoint answered ${response.status}`);
        let json: unknown;
        try {
          json = JSON.parse(text);
        } catch {
          throw new LlmError('bad-response', 'LLM endpoint did not answer JSON');
        }
        const parsed = responseSchema.safeParse(json);
        const content = parsed.success ? parsed.data.choices[0].message.content.trim() : '';
        if (!content) throw new LlmError('bad-response', 'LLM endpoint answered without any content');
        return content;
      } catch (error) {
        if (error instanceof LlmError) throw error;
        if (controller.signal.aborted)
          throw new LlmError('timeout', `LLM endpoint did not answer within ${timeoutMs} ms`);
        throw new LlmError('network', `LLM endpoint unreachable: ${(error as Error).message}`);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
