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
