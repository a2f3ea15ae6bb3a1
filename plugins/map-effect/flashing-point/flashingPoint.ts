import manifest from './plugin.json';

/** Spec section 9, as plugin.json declares it: max 30 px, shrinking 2 and alpha −0.03 per frame, outline width 15. */
const { maxSize, shrink, alphaStep, outlineWidth } = manifest.contributes.defaults;
export const FLASH_DEFAULTS = { maxSize, shrink, alphaStep, outlineWidth } as const;

export interface FlashingPointState {
  size: number;
  alpha: number;
}

export const initialFlash = (): FlashingPointState => ({ size: FLASH_DEFAULTS.maxSize, alpha: 1 });

/** One frame: shrink and fade; once either runs out, start again at full size and opacity. */
export function advanceFlash(state: FlashingPointState): FlashingPointState {
  const size = state.size - FLASH_DEFAULTS.shrink;
  const alpha = Number((state.alpha - FLASH_DEFAULTS.alphaStep).toFixed(4));
  return size <= 0 || alpha <= 0 ? initialFlash() : { size, alpha };
}
