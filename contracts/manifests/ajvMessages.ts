import type { ErrorObject } from 'ajv';

const TYPE_NAMES: Record<string, string> = {
  string: '字符串',
  number: '数字',
  integer: '整数',
  boolean: '布尔值',
  object: '对象',
  array: '数组',
  null: 'null',
};

/** The JSON pointer an ajv error is about (for required / additionalProperties: the field itself). */
export function pointerOf(error: ErrorObject): string {
  const params = error.params as { missingProperty?: string; additionalProperty?: string };
  if (error.keyword === 'required' && params.missingProperty) return `${error.instancePath}/${params.missingProperty}`;
  if (error.keyword === 'additionalProperties' && params.additionalProperty) return `${error.instancePath}/${params.additionalProperty}`;
  return error.instancePath;
}

/** A Chinese sentence for an ajv error, for operators and integrators alike. */
export function describeAjvError(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return '是必填字段';
    case 'additionalProperties':
      return '是不允许的字段';
    case 'type': {
      const types = ([] as string[]).concat(params.type as string | string[]);
      return `必须是${types.map((type) => TYPE_NAMES[type] ?? type).join('或')}`;
    }
    case 'pattern':
      return `格式不正确（应匹配 ${String(params.pattern)}）`;
    case 'enum':
      return `必须是以下之一：${(params.allowedValues as unknown[]).join('、')}`;
    case 'minLength':
      return Number(params.limit) === 1 ? '不能为空' : `长度不能少于 ${String(params.limit)}`;
    case 'maxLength':
      return `长度不能超过 ${String(params.limit)}`;
    case 'minimum':
      return `不能小于 ${String(params.limit)}`;
    case 'maximum':
      return `不能大于 ${String(params.limit)}`;
    case 'minItems':
      return `至少要有 ${String(params.limit)} 项`;
    case 'maxItems':
      return `不能超过 ${String(params.limit)} 项`;
    case 'const':
      return `必须是 ${JSON.stringify(params.allowedValue)}`;
    case 'uniqueItems':
      return '不能有重复项';
    case 'false schema':
      return '不允许出现在这里';
    case 'if':
      return '与同一项的其他字段不相容';
    default:
      return `不符合约束（${error.keyword}）`;
  }
}
