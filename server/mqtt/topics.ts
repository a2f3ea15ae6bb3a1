/**
 * The topic layout devices and the server speak over MQTT (README "MQTT"):
 *
 *   ops/<tenantId>/<deviceCode>/telemetry   device → server   measurements
 *   ops/<tenantId>/<deviceCode>/status      device → server   on-/offline (also the device's last will)
 *   ops/<tenantId>/<deviceCode>/alarm       device → server   an alarm the device raises
 *   ops/<tenantId>/<deviceCode>/ack         device → server   the answer to a command
 *   ops/<tenantId>/<deviceCode>/command     server → device   a command with its correlation id
 *
 * A device's code (devices.code, unique per tenant) names it; the broker lets each device publish only
 * under its own tenant and code (credentials.ts writes the ACL).
 */
import { MAX_ID } from '../../contracts/api/schemas';
export const TOPIC_ROOT = 'ops';

export const UPLINK_CHANNELS = ['telemetry', 'status', 'alarm', 'ack'] as const;
export type UplinkChannel = (typeof UPLINK_CHANNELS)[number];
export const COMMAND_CHANNEL = 'command';
const isUplink = (value: string): value is UplinkChannel => (UPLINK_CHANNELS as readonly string[]).includes(value);

/** Device codes usable in a topic and a broker user name: no `/`, `+`, `#`, `:` or spaces. */
export const DEVICE_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

export function deviceTopic(tenantId: number, code: string, channel: UplinkChannel | typeof COMMAND_CHANNEL): string {
  return `${TOPIC_ROOT}/${tenantId}/${code}/${channel}`;
}

/**
 * What the server subscribes to. Reports and alarms go to one instance of a group of servers (a
 * shared subscription: each message is written once); acks go to every instance, since only the one
 * that sent the command waits for its answer.
 */
export const SERVER_SUBSCRIPTIONS: readonly string[] = [
  ...(['telemetry', 'status', 'alarm'] as const).map((channel) => `$share/ops-server/${TOPIC_ROOT}/+/+/${channel}`),
  `${TOPIC_ROOT}/+/+/ack`,
];

export interface DeviceAddress {
  tenantId: number;
  code: string;
  channel: UplinkChannel;
}

/** The device and channel a message arrived on, or why the topic is not one of a device's uplinks. */
export function parseDeviceTopic(topic: string): DeviceAddress | { reason: string } {
  const parts = topic.split('/');
  if (parts.length !== 4 || parts[0] !== TOPIC_ROOT) return { reason: `主题不符合 ${TOPIC_ROOT}/<租户>/<设备编码>/<通道> 的格式` };
  const [, tenant = '', code = '', channel = ''] = parts;
  if (!/^[1-9]\d{0,9}$/.test(tenant) || Number(tenant) > MAX_ID) return { reason: `主题中的租户编号不正确：${tenant}` };
  if (!DEVICE_CODE_PATTERN.test(code)) return { reason: '主题中的设备编码不正确' };
  if (!isUplink(channel)) return { reason: `不支持的上行通道：${channel.slice(0, 32)}` };
  return { tenantId: Number(tenant), code, channel };
}
