import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { loginByAuthCode, screenshot, setupBrowser } from './browser';

// The wall at 4K (issue 21): a 4K wall is read from across the room like a 1080p one, so everything on
// it (header, clock, buttons, panel titles, chart labels and legends) is drawn at least twice as large.
// In the globe group: the shell's panel pages are map pages.
const baseUrl = inject('baseUrl');
const { open } = setupBrowser(baseUrl);

const WALLS = [
  { wall: '1080', width: 1920, height: 1080 },
  { wall: '4k', width: 3840, height: 2160 },
] as const;
type Wall = (typeof WALLS)[number]['wall'];

/** The computed font size (px) of the first element matching `selector`. */
const fontSize = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((element) => parseFloat(getComputedStyle(element).fontSize));

/** What ECharts was given for the first chart with axes: the chart element exposes its type sizes. */
async function chartSizes(page: Page): Promise<{ axisLabel: number; legend: number }> {
  const chart = page.locator('.ops-echart__canvas[data-axis-label-size][data-legend-size]').first();
  await chart.waitFor({ timeout: 60_000 });
  return chart.evaluate((element: HTMLElement) => ({
    axisLabel: Number(element.dataset.axisLabelSize),
    legend: Number(element.dataset.legendSize),
  }));
}

type Measured = Record<string, number>;

/** Signed in at the browser's usual size (Home is not what is measured), then sized to the wall. */
async function operatorAt(width: number, height: number): Promise<Page> {
  const page = await open();
  await loginByAuthCode(page, 'OPER-2026-DEMO');
  await page.setViewportSize({ width, height });
  return page;
}

async function fillsTheScreen(page: Page, width: number, height: number) {
  expect(await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.scrollHeight])).toEqual([width, height]);
}

function expectTwiceAsLarge(hd: Measured | undefined, uhd: Measured | undefined) {
  expect(hd && uhd, '1080p 与 4K 都应已测量').toBeTruthy();
  for (const [key, size] of Object.entries(hd!)) {
    expect(size, key).toBeGreaterThan(0);
    expect(uhd![key], `${key}：4K ${uhd![key]} px，1080p ${size} px`).toBeGreaterThanOrEqual(2 * size);
  }
}

describe('the wall at 4K', () => {
  const panelPage: Partial<Record<Wall, Measured>> = {};
  for (const { wall, width, height } of WALLS) {
    it(
      `a panel page at ${width}×${height} (?wall=${wall}): header, clock, buttons, panel titles and a chart's labels`,
      { timeout: 240_000 },
      async () => {
        const page = await operatorAt(width, height);
        await page.goto(`/alarmManage/alarmstatistics?wall=${wall}`);
        await page.getByRole('button', { name: '退出大屏' }).waitFor();
        const chart = await chartSizes(page);
        panelPage[wall] = {
          title: await fontSize(page, '.app-header__title'),
          clock: await fontSize(page, '.app-header__clock-time'),
          button: await fontSize(page, '.app-header .bp6-button'),
          panelTitle: await fontSize(page, '.panel-frame__title'),
          ...chart,
        };
        await fillsTheScreen(page, width, height);
        await screenshot(page, `wall-alarmstatistics-${wall}`);
      },
    );
  }
  it('a panel page: at 4K all of it is at least twice its 1080p size', () => expectTwiceAsLarge(panelPage['1080'], panelPage['4k']));

  it(
    'the real-time board: its title, clock, panel titles and chart labels are at least twice their 1080p size',
    { timeout: 240_000 },
    async () => {
      const board: Partial<Record<Wall, Measured>> = {};
      for (const { wall, width, height } of WALLS) {
        const page = await operatorAt(width, height);
        await page.goto(`/realTimeBroad?wall=${wall}`);
        await page.getByRole('heading', { name: /实时态势/ }).waitFor();
        const chart = await chartSizes(page);
        board[wall] = {
          title: await fontSize(page, '.real-time-board__title'),
          clock: await fontSize(page, '.app-header__clock-time'),
          panelTitle: await fontSize(page, '.panel-frame__title'),
          ...chart,
        };
        await fillsTheScreen(page, width, height);
        await screenshot(page, `wall-real-time-board-${wall}`);
      }
      expectTwiceAsLarge(board['1080'], board['4k']);
    },
  );
});
