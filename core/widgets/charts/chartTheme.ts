/**
 * The ECharts theme of the dashboard: Blueprint 6's dark palette (text, lines, surfaces) and a
 * categorical palette of Blueprint's brighter extended colours, readable on #1c2127 panels.
 */
export const OPS_DARK_THEME = 'ops-dark';

/** Blueprint 6 colours the charts use. */
export const bp = {
  darkGray1: '#1c2127',
  darkGray2: '#252a31',
  darkGray3: '#2f343c',
  darkGray5: '#404854',
  gray1: '#5f6b7c',
  gray3: '#8f99a8',
  gray4: '#abb3bf',
  gray5: '#c5cbd3',
  lightGray5: '#f6f7f9',
  blue3: '#2d72d2',
  blue4: '#4c90f0',
  blue5: '#8abbff',
  green3: '#238551',
  green4: '#32a467',
  orange4: '#ec9a3c',
  red4: '#e76a6e',
  gold4: '#f0b726',
} as const;

/** Series colours, in order (cerulean, forest, gold, vermilion, violet, turquoise, rose, lime, indigo, sepia). */
export const CHART_PALETTE = ['#3fa6da', '#43bf4d', '#f0b726', '#eb6847', '#bd6bbd', '#13c9ba', '#f5498b', '#b6d94c', '#9881f3', '#af855a'];

export const CHART_FONT_FAMILY = "'Noto Sans CJK SC', 'PingFang SC', 'Microsoft YaHei', -apple-system, BlinkMacSystemFont, sans-serif";

const axis = {
  axisLine: { show: true, lineStyle: { color: bp.darkGray5 } },
  axisTick: { show: false, lineStyle: { color: bp.darkGray5 } },
  axisLabel: { color: bp.gray4 },
  splitLine: { show: true, lineStyle: { color: 'rgba(143, 153, 168, 0.14)', type: 'dashed' } },
  splitArea: { show: false },
  nameTextStyle: { color: bp.gray3 },
};

export const opsDarkTheme = {
  color: CHART_PALETTE,
  backgroundColor: 'transparent',
  textStyle: { color: bp.gray4, fontFamily: CHART_FONT_FAMILY },
  title: { textStyle: { color: bp.lightGray5 }, subtextStyle: { color: bp.gray3 } },
  legend: {
    textStyle: { color: bp.gray4 },
    inactiveColor: bp.gray1,
    pageTextStyle: { color: bp.gray4 },
    pageIconColor: bp.gray4,
    pageIconInactiveColor: bp.gray1,
  },
  tooltip: {
    backgroundColor: 'rgba(37, 42, 49, 0.96)',
    borderColor: bp.darkGray5,
    borderWidth: 1,
    textStyle: { color: bp.lightGray5, fontFamily: CHART_FONT_FAMILY },
    axisPointer: { lineStyle: { color: bp.gray1 }, crossStyle: { color: bp.gray1 }, shadowStyle: { color: 'rgba(143, 153, 168, 0.1)' } },
  },
  categoryAxis: { ...axis, splitLine: { ...axis.splitLine, show: false } },
  valueAxis: { ...axis, axisLine: { ...axis.axisLine, show: false } },
  timeAxis: { ...axis, splitLine: { ...axis.splitLine, show: false } },
  line: { symbol: 'circle', symbolSize: 5, lineStyle: { width: 2 } },
  bar: { itemStyle: { borderRadius: [2, 2, 0, 0] } },
  pie: { itemStyle: { borderColor: bp.darkGray1, borderWidth: 2 } },
  gauge: { title: { color: bp.gray4 }, detail: { color: bp.lightGray5 } },
  visualMap: { textStyle: { color: bp.gray4 } },
};
