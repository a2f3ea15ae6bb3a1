import { describe, expect, it } from 'vitest';
import { loadDeviceCatalog } from '../catalog/deviceCatalog';
import { ackedCommand, checkState, checkTelemetry, kindRules, parsePayload } from './payloads';
import { commandId, deviceTopic, parseDeviceTopic, replyTopic, senderOf } from './topics';

const bytes = (value: unknown) => new TextEncoder().encode(typeof value === 'string' ? value : JSON.stringify(value));

describe('MQTT topics', () => {
  it('names a device by tenant and code, one topic per channel', () => {
    expect(deviceTopic(1, 'LAMP-1-000001', 'telemetry')).toBe('ops/1/LAMP-1-000001/telemetry');
    expect(deviceTopic(2, 'CAM-2-000001', 'command')).toBe('ops/2/CAM-2-000001/command');
    expect(parseDeviceTopic('ops/1/LAMP-1-000001/ack')).toEqual({ tenantId: 1, code: 'LAMP-1-000001', channel: 'ack' });
  });

  it("names an instance's reply topic, and the sender in a command id", () => {
    expect(replyTopic(1, 'LAMP-1-000001', '0123456789ab')).toBe('ops/1/LAMP-1-000001/ack/0123456789ab');
    expect(parseDeviceTopic('ops/1/LAMP-1-000001/ack/0123456789ab')).toEqual({
      tenantId: 1,
      code: 'LAMP-1-000001',
      channel: 'ack',
      replyTo: '0123456789ab',
    });
    expect(senderOf(commandId('0123456789ab', 'f'.repeat(36)))).toBe('0123456789ab');
    expect(senderOf('no-such-command')).toBeUndefined();
    expect(senderOf('0123456789abc_x')).toBeUndefined();
  });

  it.each([
    ['ops/1/LAMP/telemetry/extra', '主题不符合'],
    ['other/1/LAMP/telemetry', '主题不符合'],
    ['ops/0/LAMP/telemetry', '租户编号不正确'],
    ['ops/01/LAMP/telemetry', '租户编号不正确'],
    ['ops/99999999999/LAMP/telemetry', '租户编号不正确'],
    ['ops/1/-LAMP/telemetry', '设备编码不正确'],
    ['ops/1/LAMP/command', '不支持的上行通道：command'],
    ['ops/1/LAMP/whatever', '不支持的上行通道：whatever'],
    ['ops/1/LAMP/telemetry/0123456789ab', '主题不符合'],
    ['ops/1/LAMP/ack/NOT-AN-INSTANCE', '应答主题中的实例标识不正确'],
    ['ops/1/LAMP/ack/0123456789ab/more', '主题不符合'],
  ])('refuses the topic %s', (topic, reason) => {
    expect(parseDeviceTopic(topic)).toEqual({ reason: expect.stringContaining(reason) });
  });
});

describe('MQTT payloads', () => {
  const rules = kindRules(loadDeviceCatalog());

  it('takes the command an ack answers from the correlation data or the id, and refuses them disagreeing', () => {
    expect(ackedCommand({ success: true }, Buffer.from('abc_1'))).toEqual({ ok: true, value: { id: 'abc_1', success: true } });
    expect(ackedCommand({ id: 'abc_1', success: true }, undefined)).toEqual({ ok: true, value: { id: 'abc_1', success: true } });
    expect(ackedCommand({ id: 'abc_1', success: true }, Buffer.from('abc_1'))).toMatchObject({ ok: true });
    expect(ackedCommand({ id: 'abc_1', success: true }, Buffer.from('abc_2'))).toEqual({
      ok: false,
      reason: '应答的 id 与关联数据（correlationData）不一致',
    });
    expect(ackedCommand({ success: true }, Buffer.from('两个字'))).toMatchObject({
      ok: false,
      reason: expect.stringContaining('不是命令编号'),
    });
    expect(ackedCommand({ success: true }, undefined)).toMatchObject({ ok: false, reason: expect.stringContaining('缺少字段 id') });
  });

  it('accepts the documented shapes', () => {
    expect(parsePayload('telemetry', bytes({ values: { voltage: 221.5, current: 1.2 } }))).toEqual({
      ok: true,
      value: { values: { voltage: 221.5, current: 1.2 } },
    });
    expect(parsePayload('status', bytes({ online: false }))).toMatchObject({ ok: true });
    expect(parsePayload('alarm', bytes({ alarmType: 'LAMP_FAULT', content: '灯杆电流异常', grade: 'ALARM_GRADE_HIGH' }))).toMatchObject({
      ok: true,
    });
    expect(
      parsePayload('ack', bytes({ id: 'a1b2', success: true, message: '执行成功', state: { power: 'on', brightness: 40 } })),
    ).toMatchObject({ ok: true });
    expect(parsePayload('command', bytes({ id: 'a1b2', command: 2, commandType: 'light', params: { brightness: 40 } }))).toMatchObject({
      ok: true,
    });
  });

  it.each([
    ['telemetry', '', '消息不是有效的 JSON'],
    ['telemetry', 'null', '消息类型不正确（应为对象）'],
    ['telemetry', { values: { voltage: 1 }, at: 1 }, '不支持的字段 at'],
    ['telemetry', { values: { 'bad key': 1 } }, '格式不正确'],
    ['telemetry', { values: { voltage: [1] } }, '字段 values.voltage 类型不正确'],
    ['status', {}, '缺少字段 online'],
    ['alarm', { alarmType: 'LAMP_FAULT', content: 'x'.repeat(201) }, '字段 content 长度或数量不正确'],
    ['alarm', { alarmType: '火警' }, '字段 alarmType 格式不正确'],
    ['ack', { id: 'a b', success: true }, '字段 id 格式不正确'],
    ['ack', { id: 'a', success: 'yes' }, '字段 success 类型不正确（应为布尔值）'],
  ] as const)('refuses a %s payload %j', (channel, payload, reason) => {
    expect(parsePayload(channel, bytes(payload))).toEqual({ ok: false, reason: expect.stringContaining(reason) });
  });

  it('refuses oversize payloads before parsing them', () => {
    expect(parsePayload('telemetry', new Uint8Array(9000))).toEqual({ ok: false, reason: '消息过大（9000 字节，上限 8192 字节）' });
  });

  it("checks telemetry and state against the device's kind", () => {
    expect(checkTelemetry(rules.get('lamp'), { voltage: 220 })).toEqual({ ok: true, value: { voltage: 220 } });
    expect(checkTelemetry(rules.get('lamp'), { voltage: '220' })).toEqual({
      ok: false,
      reason: '遥测字段 values.voltage 类型不正确（应为数值）',
    });
    expect(checkTelemetry(rules.get('lamp'), { pm25: 3 })).toEqual({ ok: false, reason: '遥测字段 pm25 未在设备类型中声明' });
    expect(checkTelemetry(rules.get('smartManhole'), { cover: '开启' })).toMatchObject({ ok: true });
    expect(checkTelemetry(rules.get('smartManhole'), { cover: '半开' })).toEqual({ ok: false, reason: '遥测字段 values.cover 不是可选值' });
    expect(checkTelemetry(undefined, { cover: '开启' })).toEqual({ ok: false, reason: '设备类型未加载，无法校验遥测' });
    expect(checkState(rules.get('lamp'), { power: 'on', brightness: 10 })).toMatchObject({ ok: true });
    expect(checkState(rules.get('lamp'), { volume: 3 })).toEqual({ ok: false, reason: '状态字段 volume 未在设备类型中声明' });
  });
});
