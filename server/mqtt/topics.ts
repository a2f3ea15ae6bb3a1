/**
 * The topic layout devices and the server speak over MQTT (README "MQTT"):
 *
 *   ops/<tenantId>/<deviceCode>/telemetry   device → server   measurements
 *   ops/<tenantId>/<deviceCode>/status      device → server   on-/offline (also the device's last will)
 *   ops/<tenantId>/<deviceCode>/alarm       device → server   an alarm the device raises
 *   ops/<tenantId>/<deviceCode>/ack/<key>   device → server   the answer to a command, on the MQTT 5 response
 *                                                              topic the command named (<key>: the sending instance)
 *   ops/<tenantId>/<deviceCode>/ack         device → server   the answer of a device that ignores the response
 *                                                              topic (MQTT 3.1.1): one instance gets it and
 *                                                              hands it to the sender named in the command id
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

/** An instance's key: the part of its broker client id (MqttSessions) that names its reply topic and prefixes its command ids. */
export const INSTANCE_KEY_PATTERN = /^[0-9a-f]{12}$/;

/** Where a device answers the commands of one instance (the MQTT 5 response topic of each command). */
export function replyTopic(tenantId: number, code: string, instanceKey: string): string {
  return `${deviceTopic(tenantId, code, 'ack')}/${instanceKey}`;
}

/** The one instance's reply topics of every device: subscribed by that instance alone. */
export const replyFilter = (instanceKey: string) => `${TOPIC_ROOT}/+/+/ack/${instanceKey}`;

/**
 * What every instance subscribes to. Reports, alarms and the acks of devices that ignore the response
 * topic go to one instance of the group (a shared subscription: each message is handled once); the
 * acks on an instance's reply topic reach that instance only.
 */
export const SHARED_SUBSCRIPTIONS: readonly string[] = (['telemetry', 'status', 'alarm', 'ack'] as const).map(
  (channel) => `$share/ops-server/${TOPIC_ROOT}/+/+/${channel}`,
);
export const serverSubscriptions = (instanceKey: string): string[] => [...SHARED_SUBSCRIPTIONS, replyFilter(instanceKey)];
/** Before acks were routed, every instance read every ack: a session of that time still has this filter. */
export const LEGACY_ACK_FILTER = `${TOPIC_ROOT}/+/+/ack`;

export interface DeviceAddress {
  tenantId: number;
  code: string;
  channel: UplinkChannel;
  /** An ack on an instance's reply topic: that instance's key. */
  replyTo?: string;
}

/** The device and channel a message arrived on, or why the topic is not one of a device's uplinks. */
export function parseDeviceTopic(topic: string): DeviceAddress | { reason: string } {
  const parts = topic.split('/');
  const reply = parts.length === 5 && parts[3] === 'ack';
  if ((parts.length !== 4 && !reply) || parts[0] !== TOPIC_ROOT)
    return { reason: `主题不符合 ${TOPIC_ROOT}/<租户>/<设备编码>/<通道> 的格式` };
  const [, tenant = '', code = '', channel = '', key = ''] = parts;
  if (!/^[1-9]\d{0,9}$/.test(tenant) || Number(tenant) > MAX_ID) return { reason: `主题中的租户编号不正确：${tenant}` };
  if (!DEVICE_CODE_PATTERN.test(code)) return { reason: '主题中的设备编码不正确' };
  if (!isUplink(channel)) return { reason: `不支持的上行通道：${channel.slice(0, 32)}` };
  if (reply && !INSTANCE_KEY_PATTERN.test(key)) return { reason: `应答主题中的实例标识不正确：${key.slice(0, 32)}` };
  return { tenantId: Number(tenant), code, channel, ...(reply ? { replyTo: key } : {}) };
}

/** Command ids are `<instance key>_<uuid>`: a plain ack names the instance that waits for it. */
export function commandId(instanceKey: string, unique: string): string {
  return `${instanceKey}_${unique}`;
}

/** The instance a command id names, if it names one. */
export function senderOf(id: string): string | undefined {
  const key = id.slice(0, 12);
  return id[12] === '_' && INSTANCE_KEY_PATTERN.test(key) ? key : undefined;
}
