import { randomBytes } from 'node:crypto';

/**
 * Request ids: 6 random bytes as 12 hex digits, cut from a block of random bytes drawn a few hundred ids
 * at a time (a call to the random source per request cost more than the id is worth).
 */
export function requestIds(): () => string {
  const ID_BYTES = 6;
  let block = Buffer.alloc(0);
  let offset = 0;
  return () => {
    if (offset + ID_BYTES > block.length) {
      block = randomBytes(ID_BYTES * 512);
      offset = 0;
    }
    offset += ID_BYTES;
    return block.toString('hex', offset - ID_BYTES, offset);
  };
}
