import type { MqttClient, Packet } from 'mqtt';
import type { MessageProperties } from './MqttIngest';

/**
 * Sends a QoS 1 message's PUBACK only once `handle` says it is stored. mqtt.js would acknowledge as
 * soon as the message is handed over, and waits for that before it reads the next packet; so the
 * message is handled from the 'message' event, the PUBACK mqtt.js sends is held back (letting it read
 * on), and goes out when the write commits: a batch of messages is acknowledged together, and a
 * message this process dies before storing stays with the broker. A PUBACK for an earlier connection
 * is never sent on a later one (the broker sends such a message again after reconnecting).
 * The hook is mqtt.js's internal `_sendPacket` (5.x); mqttGateway.test.ts fails if it stops working.
 */
export function acknowledgeWhenStored(
  client: MqttClient,
  handle: (topic: string, payload: Buffer, properties: MessageProperties | undefined) => Promise<boolean>,
): void {
  const storing = new Map<number, Promise<boolean>>();
  client.on('message', (topic, payload, packet) => {
    const stored = handle(topic, payload, packet.properties);
    if (packet.qos === 1 && packet.messageId !== undefined) storing.set(packet.messageId, stored);
  });
  client.on('connect', () => storing.clear());
  const sender = packetSender(client);
  const send = sender.original;
  sender.replace((packet, done, onStored) => {
    const stored = packet.cmd === 'puback' && packet.messageId !== undefined ? storing.get(packet.messageId) : undefined;
    if (!stored) return send(packet, done, onStored);
    storing.delete(packet.messageId!);
    const stream = client.stream;
    void stored.then((ok) => {
      if (ok && client.connected && client.stream === stream) send(packet);
    });
    done?.();
  });
}

/** mqtt.js 5's internal packet send (`_sendPacket`, declared private and untyped): `done` when written, `stored` when kept for resending. */
type SendPacket = (packet: Packet, done?: () => void, stored?: () => void) => void;

/** A typed handle on the client's packet send: the library's own, bound, and a way to put another in its place. */
function packetSender(client: MqttClient): { original: SendPacket; replace(send: SendPacket): void } {
  const original: SendPacket = client['_sendPacket'];
  return {
    original: original.bind(client),
    replace: (send) => {
      client['_sendPacket'] = send;
    },
  };
}
