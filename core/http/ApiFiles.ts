import { ApiError } from './ApiError';
import { httpStrings } from './httpStrings';
import { createToken } from '../di/Token';
import type { SessionFetch } from './sessionFetch';

/**
 * Files over the API, outside the form/JSON bodies of HttpClient: an upload sends the file itself as
 * the body (its own Content-Type), a download fetches bytes with the session (an <img> cannot send it).
 * The server's refusal (its envelope) comes back as an ApiError with the server's message.
 */
export interface ApiFiles {
  /** POST the file as the body to `path` (query parameters appended); the envelope's data. */
  upload<T = unknown>(path: string, params: Record<string, string | number>, file: Blob): Promise<T>;
  /** GET `path` (under the API) as a Blob; an envelope instead of a file is the refusal. */
  download(path: string): Promise<Blob>;
}

export const ApiFiles = createToken<ApiFiles>('ApiFiles', '上传与下载文件（照片等）：文件本身作为请求体，带会话取回文件');

async function refusal(response: Response): Promise<ApiError> {
  const reply = (await response.json().catch(() => ({}))) as { code?: unknown; msg?: unknown };
  const message = typeof reply.msg === 'string' && reply.msg ? reply.msg : httpStrings.httpErrorFallback;
  return new ApiError(message, typeof reply.code === 'number' ? reply.code : 0, response.status);
}

const isEnvelope = (response: Response) => (response.headers.get('content-type') ?? '').startsWith('application/json');

export function createApiFiles(sessionFetch: SessionFetch): ApiFiles {
  const transport = async (call: () => Promise<Response>): Promise<Response> => {
    try {
      return await call();
    } catch (error) {
      throw new ApiError(error instanceof Error && error.message ? error.message : httpStrings.networkError, 0);
    }
  };
  return {
    async upload<T>(path: string, params: Record<string, string | number>, file: Blob): Promise<T> {
      const query = new URLSearchParams(Object.entries(params).map(([key, value]) => [key, String(value)])).toString();
      const response = await transport(() =>
        sessionFetch(query ? `${path}?${query}` : path, {
          method: 'POST',
          headers: { 'Content-Type': file.type || 'application/octet-stream' },
          body: file,
        }),
      );
      const reply = (await response.json().catch(() => undefined)) as { code?: unknown; msg?: unknown; data?: T } | undefined;
      if (reply && reply.code === 200) return reply.data as T;
      const message = typeof reply?.msg === 'string' && reply.msg ? reply.msg : httpStrings.httpErrorFallback;
      throw new ApiError(message, typeof reply?.code === 'number' ? reply.code : 0, response.status);
    },
    async download(path: string): Promise<Blob> {
      const response = await transport(() => sessionFetch(path));
      if (response.status !== 200 || isEnvelope(response)) throw await refusal(response);
      return response.blob();
    },
  };
}
