import { hash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

export const newToken = () => randomBytes(32).toString('base64url');
/** Hex SHA-256 (the one-shot `hash`: every authenticated request hashes its token). */
export const sha256 = (value: string) => hash('sha256', value, 'hex');
/** 6 digits from a CSPRNG. */
export const newSmsCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');
export const newSalt = () => randomBytes(16).toString('hex');

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}
