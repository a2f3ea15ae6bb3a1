import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../envelope';

/** The content types an image may be uploaded as: the image itself (its bytes decide its type). */
const IMAGE_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/octet-stream'];

/** The uploaded bytes, out of sight of the input check (normalizeInput walks a body's values; a Buffer's bytes would count). */
class ImageBody {
  readonly #bytes: Buffer;
  constructor(bytes: Buffer) {
    this.#bytes = bytes;
  }
  get bytes(): Buffer {
    return this.#bytes;
  }
}

/** What an upload route says when its body is too large, of another type, or missing. */
export interface ImageUploadMessages {
  tooLarge: string;
  wrongType: string;
  missing: string;
}

/**
 * Makes `scope` (a plugin scope holding the upload route only) take an image itself as the body, at most
 * `maxBytes`, and answer a refused body with `messages` (413, 415, 400). Work-order photos, watchlist faces.
 */
export function acceptImageBodies(scope: FastifyInstance, maxBytes: number, messages: ImageUploadMessages): void {
  scope.addContentTypeParser(IMAGE_CONTENT_TYPES, { parseAs: 'buffer', bodyLimit: maxBytes }, (_request, payload, done) =>
    done(null, new ImageBody(payload as Buffer)),
  );
  scope.setErrorHandler((error: FastifyError | AppError) => {
    const code = (error as FastifyError).code;
    if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw new AppError(413, messages.tooLarge);
    if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') throw new AppError(415, messages.wrongType);
    if (code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || code === 'FST_ERR_CTP_EMPTY_TYPE') throw new AppError(400, messages.missing);
    throw error;
  });
}

/** The uploaded image's bytes, or a 400 with `missing` when there are none. */
export function imageBytesOf(request: FastifyRequest, missing: string): Buffer {
  const bytes = request.body instanceof ImageBody ? request.body.bytes : undefined;
  if (!bytes?.length) throw new AppError(400, missing);
  return bytes;
}
