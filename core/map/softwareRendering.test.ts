import { describe, expect, it } from 'vitest';
import { isSoftwareRenderer, SOFTWARE_PIXEL_BUDGET, softwareResolutionScale } from './softwareRendering';

describe('isSoftwareRenderer', () => {
  it('knows the CPU renderers of Chromium, Mesa and Windows', () => {
    for (const name of [
      'ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)',
      'llvmpipe (LLVM 15.0.6, 256 bits)',
      'Mesa softpipe',
      'ANGLE (Microsoft, Microsoft Basic Render Driver Direct3D11 vs_5_0 ps_5_0, D3D11)',
    ])
      expect(isSoftwareRenderer(name), name).toBe(true);
  });
  it('leaves GPUs at full resolution', () => {
    for (const name of [
      'ANGLE (NVIDIA, NVIDIA GeForce RTX 3060 Direct3D11 vs_5_0 ps_5_0, D3D11)',
      'Mesa Intel(R) UHD Graphics 620 (KBL GT2)',
      'Apple M2',
    ])
      expect(isSoftwareRenderer(name), name).toBe(false);
  });
});

describe('softwareResolutionScale', () => {
  it('draws half of a laptop screen each way, and no more pixels than that on a bigger screen or a 4K wall', () => {
    expect(softwareResolutionScale(1440, 900)).toBe(0.5);
    expect(softwareResolutionScale(1280, 720)).toBe(0.5);
    for (const [width, height] of [
      [1920, 1080],
      [3840, 2160],
    ] as const) {
      const scale = softwareResolutionScale(width, height);
      expect(scale).toBeLessThan(0.5);
      expect(width * height * scale * scale).toBeCloseTo(SOFTWARE_PIXEL_BUDGET, -2);
    }
    expect(softwareResolutionScale(0, 0)).toBe(0.5);
  });
});
