import { transactionId } from '../janus/JanusVideoRooms';

type Event = {
  janus?: string;
  plugindata?: { data?: { videoroom?: string; id?: number; error_code?: number; error?: string } };
  jsep?: { type: string; sdp: string };
};

/** Janus's REST API as a browser's janus.js uses it: one session, long-polled for its events. */
export class JanusRestSession {
  private constructor(
    readonly httpUrl: string,
    readonly session: number,
  ) {}

  static async open(httpUrl: string): Promise<JanusRestSession> {
    const reply = await JanusRestSession.post(httpUrl, '', { janus: 'create' });
    return new JanusRestSession(httpUrl, reply.data!.id);
  }

  private static async post(
    httpUrl: string,
    path: string,
    body: Record<string, unknown>,
  ): Promise<{ janus: string; data?: { id: number }; error?: { code: number; reason: string } }> {
    return (await (
      await fetch(`${httpUrl}${path}`, { method: 'POST', body: JSON.stringify({ ...body, transaction: transactionId() }) })
    ).json()) as never;
  }

  async attach(): Promise<number> {
    return (await JanusRestSession.post(this.httpUrl, `/${this.session}`, { janus: 'attach', plugin: 'janus.plugin.videoroom' })).data!.id;
  }

  async message(handle: number, body: Record<string, unknown>, jsep?: Record<string, unknown>): Promise<void> {
    await JanusRestSession.post(this.httpUrl, `/${this.session}/${handle}`, { janus: 'message', body, ...(jsep ? { jsep } : {}) });
  }

  /** Long polls until an event passes `match` (or fails after `attempts` polls of up to 30 s each). */
  async waitFor(match: (event: Event) => boolean, attempts = 10): Promise<Event> {
    for (let attempt = 0; attempt < attempts; attempt++) {
      const events = (await (await fetch(`${this.httpUrl}/${this.session}?maxev=10`)).json()) as unknown;
      for (const event of [events].flat() as Event[]) if (match(event)) return event;
    }
    throw new Error('没有收到预期的 Janus 事件');
  }

  async close(): Promise<void> {
    await JanusRestSession.post(this.httpUrl, `/${this.session}`, { janus: 'destroy' }).catch(() => undefined);
  }
}

/**
 * Joins a room as a publisher without media (the videoroom plugin allows it): the participant id, or
 * the plugin's refusal as { error_code, error } (433 without the right pin).
 */
export async function joinAsPublisher(
  httpUrl: string,
  room: number,
  display: string,
  pin?: string,
): Promise<{ id: number; session: JanusRestSession; leave(): Promise<void> } | { error_code: number; error: string }> {
  const session = await JanusRestSession.open(httpUrl);
  const handle = await session.attach();
  await session.message(handle, { request: 'join', ptype: 'publisher', room, display, ...(pin !== undefined ? { pin } : {}) });
  const event = await session.waitFor(
    (candidate) => candidate.plugindata?.data?.videoroom === 'joined' || candidate.plugindata?.data?.error_code !== undefined,
  );
  const data = event.plugindata!.data!;
  if (data.error_code !== undefined) {
    await session.close();
    return { error_code: data.error_code, error: data.error ?? '' };
  }
  return { id: data.id!, session, leave: () => session.close() };
}
