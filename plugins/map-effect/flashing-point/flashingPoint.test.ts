import { describe, expect, it } from 'vitest';
import { advanceFlash, FLASH_DEFAULTS, initialFlash } from './flashingPoint';

describe('flashing point', () => {
  it('shrinks by 2 px and fades by 0.03 each frame from 30 px', () => {
    const next = advanceFlash(initialFlash());
    expect(next).toEqual({ size: 28, alpha: 0.97 });
    expect(FLASH_DEFAULTS.outlineWidth).toBe(15);
  });

  it('oscillates: back to 30 px and full alpha when it has shrunk away', () => {
    let state = initialFlash();
    const sizes: number[] = [];
    for (let frame = 0; frame < 32; frame++) sizes.push((state = advanceFlash(state)).size);
    expect(Math.max(...sizes)).toBe(30);
    expect(Math.min(...sizes)).toBe(2);
    expect(sizes.indexOf(30)).toBe(14);
  });
});
