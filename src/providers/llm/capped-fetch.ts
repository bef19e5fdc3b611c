// A fetch for the SDK that refuses answers over a size cap: a provider (or anything answering
// at its address) that streams megabytes must not fill a worker's memory.

export type FetchFunction = typeof globalThis.fetch;

export class ResponseTooLargeError extends Error {
  override readonly name = "ResponseTooLargeError";
  constructor(readonly limitBytes: number) {
    super(`The provider's answer exceeded ${limitBytes} bytes.`);
  }
}

function cappedBody(body: ReadableStream<Uint8Array>, limitBytes: number): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  let received = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) {
        controller.close();
        return;
      }
      received += value.byteLength;
      if (received > limitBytes) {
        await reader.cancel().catch(() => undefined);
        controller.error(new ResponseTooLargeError(limitBytes));
        return;
      }
      controller.enqueue(value);
    },
    async cancel(reason) {
      await reader.cancel(reason);
    },
  });
}

export interface CappedFetchOptions {
  limitBytes: number;
  /** Drop the Authorization header: OpenAI-compatible servers configured without a key. */
  dropAuthorization?: boolean;
  base?: FetchFunction;
}

export function cappedFetch(options: CappedFetchOptions): FetchFunction {
  const base = options.base ?? globalThis.fetch;
  return async (input, init) => {
    let requestInit = init;
    if (options.dropAuthorization && init?.headers) {
      const headers = new Headers(init.headers);
      headers.delete("authorization");
      requestInit = { ...init, headers };
    }
    const response = await base(input, requestInit);
    const declared = Number(response.headers.get("content-length") ?? "NaN");
    if (Number.isFinite(declared) && declared > options.limitBytes) {
      await response.body?.cancel().catch(() => undefined);
      throw new ResponseTooLargeError(options.limitBytes);
    }
    if (!response.body) return response;
    return new Response(cappedBody(response.body, options.limitBytes), {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}
