/**
 * Whether an RTP packet carrying VP8 (RFC 7741) starts a key frame: the first packet of a frame (S=1,
 * partition 0) whose VP8 frame tag has P=0. Read from the bytes, without parsing the packet into objects:
 * the camera feed looks at every packet it relays.
 */
export function startsVp8Keyframe(packet: Buffer): boolean {
  if (packet.length < 12 || packet[0]! >> 6 !== 2) return false;
  // RTP header: 12 bytes, the CSRCs, then the header extension when X is set.
  let at = 12 + (packet[0]! & 0x0f) * 4;
  if (packet[0]! & 0x10) {
    if (packet.length < at + 4) return false;
    at += 4 + packet.readUInt16BE(at + 2) * 4;
  }
  // The VP8 payload descriptor: X R N S R PID(3), then the optional extension bytes.
  const first = packet[at];
  if (first === undefined || !(first & 0x10) || (first & 0x07) !== 0) return false;
  at++;
  if (first & 0x80) {
    const extension = packet[at++];
    if (extension === undefined) return false;
    // I: PictureID, one byte or two (M bit); L: TL0PICIDX; T or K: one byte.
    if (extension & 0x80) at += packet[at] !== undefined && packet[at]! & 0x80 ? 2 : 1;
    if (extension & 0x40) at++;
    if (extension & 0x30) at++;
  }
  const tag = packet[at];
  return tag !== undefined && (tag & 0x01) === 0;
}
