/**
 * Tests only (loaded by `chartRenderer` when `import.meta.env.MODE` is `test`): ECharts' SVG renderer,
 * and text measured by estimate, since jsdom has no canvas to measure with (CJK characters a square
 * of the font size, others about 0.6 of it: close enough for layout).
 */
import { setPlatformAPI, use as installParts } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';

let installed = false;

export function installSvgRendererForTests(): void {
  if (installed) return;
  installed = true;
  installParts([SVGRenderer]);
  setPlatformAPI({
    measureText(text: string, font?: string) {
      const size = Number(/(\d+(?:\.\d+)?)px/.exec(font ?? '')?.[1] ?? 12);
      let width = 0;
      for (const char of text ?? '') width += /[\u2e80-\u9fff\uff00-\uffef]/.test(char) ? size : size * 0.6;
      return { width } as TextMetrics;
    },
  });
}
