import { describe, expect, it } from 'vitest';
import { startsVp8Keyframe } from './vp8Keyframe';

/** An RTP packet (version 2, no CSRC, optional one-word header extension) around a VP8 descriptor and the frame's first byte. */
function rtp(descriptor: number[], frameTag: number, extension = false): Buffer {
  const header = [extension ? 0x90 : 0x80, 96, 0, 1, 0, 0, 0, 1, 0, 0, 0, 2];
  const headerExtension = extension ? [0xbe, 0xde, 0, 1, 0x10, 0xff, 0, 0] : [];
  return Buffer.from([...header, ...headerExtension, ...descriptor, frameTag, 0x9d, 0x01, 0x2a]);
}

describe('startsVp8Keyframe', () => {
  it('finds the first packet of a key frame behind any descriptor extension and RTP header extension', () => {
    expect(startsVp8Keyframe(rtp([0x10], 0x50))).toBe(true);
    // X=1 with a two-byte PictureID (I, M), TL0PICIDX (L) and TID/KEYIDX (T).
    expect(startsVp8Keyframe(rtp([0x90, 0xe0, 0x80, 0x05, 0x00, 0x00], 0x50))).toBe(true);
    expect(startsVp8Keyframe(rtp([0x90, 0x80, 0x05], 0x50, true))).toBe(true);
  });

  it('refuses an inter frame, a packet inside a frame, another partition and anything too short', () => {
    expect(startsVp8Keyframe(rtp([0x10], 0x51))).toBe(false);
    expect(startsVp8Keyframe(rtp([0x00], 0x50))).toBe(false);
    expect(startsVp8Keyframe(rtp([0x11], 0x50))).toBe(false);
    expect(startsVp8Keyframe(rtp([0x90, 0x80, 0x05], 0x51))).toBe(false);
    expect(startsVp8Keyframe(Buffer.from([0x80, 96, 0, 1]))).toBe(false);
    expect(startsVp8Keyframe(Buffer.from([0x80, 96, 0, 1, 0, 0, 0, 1, 0, 0, 0, 2, 0x90]))).toBe(false);
  });
});
