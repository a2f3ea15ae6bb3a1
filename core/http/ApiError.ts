/** A rejected API call: `code` is the envelope code, or 0 for transport failures (HTTP status, timeout, network). */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: number,
    readonly httpStatus?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}
