/** Renderer names of WebGL drawn by the CPU (Chromium's SwiftShader, Mesa's llvmpipe and softpipe, Windows' WARP). */
const SOFTWARE_RENDERERS = /swiftshader|llvmpipe|softpipe|software|microsoft basic render/i;

/** Whether a WebGL renderer's name is one of a CPU renderer. */
export const isSoftwareRenderer = (name: string): boolean => SOFTWARE_RENDERERS.test(name);

let detected: boolean | undefined;

/**
 * Whether this browser draws WebGL on the CPU (a machine or VM without a usable GPU): asked once of a
 * throwaway context. Such a globe is drawn at half resolution and a capped frame rate (createViewer),
 * or every moving effect would take whole cores for a few frames a second.
 */
export function softwareRendering(): boolean {
  if (detected !== undefined) return detected;
  detected = false;
  try {
    const gl = document.createElement('canvas').getContext('webgl');
    if (gl) {
      const names = gl.getExtension('WEBGL_debug_renderer_info');
      const renderer = String(gl.getParameter(names ? names.UNMASKED_RENDERER_WEBGL : gl.RENDERER));
      detected = isSoftwareRenderer(renderer);
      gl.getExtension('WEBGL_lose_context')?.loseContext();
    }
  } catch {
    // No WebGL at all: Cesium reports that itself.
  }
  return detected;
}

/** Pixels a CPU-drawn globe draws at most: half of 1440×900 each way (an operator's laptop). */
export const SOFTWARE_PIXEL_BUDGET = 720 * 450;

/**
 * The resolution scale of a CPU-drawn globe of `width`×`height` CSS pixels: half, or less where half
 * would still exceed SOFTWARE_PIXEL_BUDGET, so a 4K wall costs what a laptop does (a software renderer's
 * time grows with the pixels; a 4K wall at half resolution took a core for a few frames a second).
 */
export function softwareResolutionScale(width: number, height: number): number {
  const pixels = Math.max(1, width * height);
  return Math.min(0.5, Math.sqrt(SOFTWARE_PIXEL_BUDGET / pixels));
}
