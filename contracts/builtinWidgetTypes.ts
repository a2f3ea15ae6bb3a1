/**
 * The widget types the core ships (core/widgets), declared as plugins declare theirs in
 * `contributes.widgets`: id, Chinese title and the JSON Schema of a panel's `options`. Data, not code,
 * so the manifest validator checks panels against them on the server and in the web app alike;
 * core/widgets/builtinWidgets.ts pairs each with its component.
 */
import type { WidgetTypeDeclaration } from '../schemas/contributions/panels.schema.gen';

export type { OptionsSchema, WidgetTypeDeclaration } from '../schemas/contributions/panels.schema.gen';

/** Options every widget that opens an item may take: where a click leads (`{key}` is the item's key). */
const link = { type: 'string', pattern: '^/[^\\s]*$', maxLength: 200, description: '点击条目时打开的页面，{key} 为条目的键' } as const;
const unit = { type: 'string', maxLength: 16 } as const;
const label = { type: 'string', minLength: 1, maxLength: 32 } as const;
const colors = { type: 'array', minItems: 1, maxItems: 20, items: { type: 'string', maxLength: 32 } } as const;
const positiveInteger = { type: 'integer', minimum: 1, maximum: 1000 } as const;

/** Options of the figure widgets (statCard, statGroup): see StatOptions in core/widgets/StatCard. */
const statOptions = {
  unit,
  goodDirection: { enum: ['up', 'down', 'none'] },
  compareLabel: label,
  maximumFractionDigits: { type: 'integer', minimum: 0, maximum: 6 },
  label,
  link,
} as const;

/** Every widget may name the server dictionaries that label the codes its data holds (core/widgets/dictionaryLabels.ts). */
const dictionaries = {
  type: 'array',
  maxItems: 4,
  uniqueItems: true,
  items: { type: 'string', pattern: '^[a-z][a-z0-9_]{0,63}$' },
  description: '为数据中的编码（条目键、系列名、分类轴）提供中文标签的字典类型',
} as const;

/** An options schema that accepts the listed keys only (and `dictionaries`), so a misspelt option is reported, not ignored. */
const options = <P extends Record<string, object>>(properties: P) =>
  ({ type: 'object', additionalProperties: false, properties: { ...properties, dictionaries } }) as const;

export const BUILTIN_WIDGET_TYPES = [
  { id: 'statCard', title: '指标卡', optionsSchema: options({ ...statOptions, key: { type: 'string', maxLength: 64 } }) },
  { id: 'statGroup', title: '指标组', optionsSchema: options({ ...statOptions, columns: { type: 'integer', minimum: 1, maximum: 12 } }) },
  {
    id: 'ranking',
    title: '排行',
    optionsSchema: options({ unit, limit: positiveInteger, color: { type: 'string', maxLength: 32 }, link }),
  },
  {
    id: 'table',
    title: '分页表格',
    optionsSchema: options({
      filterable: { type: 'boolean' },
      pageSize: positiveInteger,
      rowKey: { type: 'string', maxLength: 64 },
      label,
      link,
    }),
  },
  { id: 'alarmList', title: '告警列表', optionsSchema: options({ limit: positiveInteger, showStatus: { type: 'boolean' } }) },
  { id: 'deviceStatus', title: '设备在线状态', optionsSchema: options({ sort: { type: 'boolean' }, link }) },
  { id: 'timeline', title: '时间线', optionsSchema: options({ limit: positiveInteger, link }) },
  { id: 'clock', title: '时钟', optionsSchema: options({ layout: { enum: ['stacked', 'inline'] } }) },
  {
    id: 'lineChart',
    title: '折线图',
    optionsSchema: options({
      unit,
      area: { type: 'boolean' },
      smooth: { type: 'boolean' },
      stack: { type: 'boolean' },
      from: { type: 'number' },
      to: { type: 'number' },
      markLines: {
        type: 'array',
        maxItems: 10,
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['value', 'label'],
          properties: { value: { type: 'number' }, label },
        },
      },
      colors,
      link,
    }),
  },
  {
    id: 'barChart',
    title: '柱状图',
    optionsSchema: options({
      unit,
      horizontal: { type: 'boolean' },
      stack: { type: 'boolean' },
      colorByItem: { type: 'boolean' },
      labels: { type: 'boolean' },
      seriesName: label,
      colors,
      link,
    }),
  },
  {
    id: 'pieChart',
    title: '饼图',
    optionsSchema: options({ unit, donut: { type: 'boolean' }, legend: { type: 'boolean' }, totalLabel: label, colors, link }),
  },
  {
    id: 'gauge',
    title: '仪表盘',
    optionsSchema: options({
      unit,
      name: label,
      warnAt: { type: 'number' },
      dangerAt: { type: 'number' },
      badWhen: { enum: ['high', 'low'] },
      link,
    }),
  },
  { id: 'heatmap', title: '热力图', optionsSchema: options({ unit, min: { type: 'number' }, max: { type: 'number' }, colors, link }) },
  // Navigation: the user's modules and a module's child pages, from the menus (no query).
  { id: 'moduleTiles', title: '模块磁贴', optionsSchema: options({ columns: { type: 'integer', minimum: 1, maximum: 12 } }) },
  {
    id: 'moduleChildren',
    title: '子页面入口',
    optionsSchema: {
      ...options({
        module: { type: 'string', pattern: '^[a-z][A-Za-z0-9]*$', maxLength: 64 },
        summaries: {
          type: 'object',
          description: '各子页面（按菜单名）的说明：已上线的写它有什么，规划中的写它将有什么',
          propertyNames: { pattern: '^[A-Za-z][A-Za-z0-9]*$' },
          additionalProperties: { type: 'string', minLength: 1, maxLength: 80 },
        },
      }),
      required: ['module'],
    },
  },
] as const satisfies readonly WidgetTypeDeclaration[];

/** The id of a built-in widget type. */
export type BuiltinWidgetId = (typeof BUILTIN_WIDGET_TYPES)[number]['id'];

/** Whether a widget id names a built-in widget type. */
export function isBuiltinWidget(id: string): id is BuiltinWidgetId {
  return BUILTIN_WIDGET_TYPES.some((type) => type.id === id);
}
