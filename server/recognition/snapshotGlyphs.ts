/**
 * Bitmaps for the text drawn into snapshots: a 5×7 font for plate letters and digits, and 14×14 glyphs of the
 * provinces' plate characters (rendered once from Noto Sans CJK SC Bold and thresholded: no font engine at run time).
 */

/** 5×7 glyphs: seven rows, each a 5-bit number (bit 4 the leftmost pixel). */
export const SMALL_GLYPHS: Readonly<Record<string, readonly number[]>> = {
  '0': [14, 17, 19, 21, 25, 17, 14],
  '1': [4, 12, 4, 4, 4, 4, 14],
  '2': [14, 17, 1, 2, 4, 8, 31],
  '3': [31, 2, 4, 2, 1, 17, 14],
  '4': [2, 6, 10, 18, 31, 2, 2],
  '5': [31, 16, 30, 1, 1, 17, 14],
  '6': [6, 8, 16, 30, 17, 17, 14],
  '7': [31, 1, 2, 4, 8, 8, 8],
  '8': [14, 17, 17, 14, 17, 17, 14],
  '9': [14, 17, 17, 15, 1, 2, 12],
  A: [14, 17, 17, 31, 17, 17, 17],
  B: [30, 17, 17, 30, 17, 17, 30],
  C: [14, 17, 16, 16, 16, 17, 14],
  D: [28, 18, 17, 17, 17, 18, 28],
  E: [31, 16, 16, 30, 16, 16, 31],
  F: [31, 16, 16, 30, 16, 16, 16],
  G: [14, 17, 16, 23, 17, 17, 15],
  H: [17, 17, 17, 31, 17, 17, 17],
  I: [14, 4, 4, 4, 4, 4, 14],
  J: [7, 2, 2, 2, 2, 18, 12],
  K: [17, 18, 20, 24, 20, 18, 17],
  L: [16, 16, 16, 16, 16, 16, 31],
  M: [17, 27, 21, 21, 17, 17, 17],
  N: [17, 17, 25, 21, 19, 17, 17],
  O: [14, 17, 17, 17, 17, 17, 14],
  P: [30, 17, 17, 30, 16, 16, 16],
  Q: [14, 17, 17, 17, 21, 18, 13],
  R: [30, 17, 17, 30, 20, 18, 17],
  S: [15, 16, 16, 14, 1, 1, 30],
  T: [31, 4, 4, 4, 4, 4, 4],
  U: [17, 17, 17, 17, 17, 17, 14],
  V: [17, 17, 17, 17, 17, 10, 4],
  W: [17, 17, 17, 21, 21, 21, 10],
  X: [17, 17, 10, 4, 10, 17, 17],
  Y: [17, 17, 17, 10, 4, 4, 4],
  Z: [31, 1, 2, 4, 8, 16, 31],
  '·': [0, 0, 0, 4, 0, 0, 0],
  '-': [0, 0, 0, 31, 0, 0, 0],
  ':': [0, 12, 12, 0, 12, 12, 0],
};

export const PROVINCE_GLYPH_SIZE = 14;
/** 14×14 glyphs: fourteen rows of four hex digits (bit 13 the leftmost pixel). */
export const PROVINCE_GLYPHS: Readonly<Record<string, string>> = {
  浙: '000009861d9e0ff803f011b019bf09be03f60fb60db609b619a61be6',
  沪: '000008200c3004fc01fe11861d8609fe01fe05860d800d801b001b00',
  苏: '000002101ffe1ffe021000800ff80ff801980d9c0d9e1b1a1f1a1e78',
  皖: '00000c300cfe1eff1f831bff1a7e1e001fff1afe1a6c1e6c1ecf11cf',
  赣: '000004301fbe09740b1c3ffe1f7e11181fff11001f7e067e3ff6063c',
  闽: '000008001dfe0dfe04c61bf61ffe1ede1ffe1ffe18d619fe1ffe180e',
  京: '000000c01ffe1ffe00000ffc0ffc0c0c0ffc0ffc00c00cc80ccc19c6',
  粤: '000001800ffc09ac0ffc09ec0edc0ffc00001ffe060007fc000c0058',
  渝: '000000301c780dde038e13fc180209ea016a09ea0d6a09ea192a196e',
  川: '000000000c040cc40cc40cc40cc40cc40cc40cc40cc418c418c41804',
  鄂: '00001fde177e17761ff600141fdc0f963ff61ff20fd200de00940190',
  湘: '0000099e1dbe05b203f213fe19be09b201f20bfe0fbe1fb219be19be',
  豫: '000000603f7c06c81dfe0ed63ffe1f720ff60ffc0cfc0dfe0cfa1dda',
  鲁: '0000030007e00c601ffc1ffc0ccc0ffc1ffe000007f8040807f80408',
};
