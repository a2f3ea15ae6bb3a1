import { Button, Checkbox, Classes, Dialog, DialogBody, DialogFooter, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  Api,
  EventBus,
  Intercom,
  Notifier,
  PanelBox,
  PRODUCT_SOCKET_TOPICS,
  useIncomingCall,
  useService,
  VideoRooms,
  type RemoteFeed,
  type VideoRoomSession,
} from '@ops/sdk';
import { routes, type IntercomOperator, type TempCallData, type VideoRoomJoin } from '@ops/contracts';
import { AudioLevelMeter, RemoteAudio, useAudioLevel, useRoomSnapshot } from './roomMedia';
import { VoiceMessages } from './VoiceMessages';
import { intercomStrings as t } from './videoRoomStrings';
import './VideoRoom.css';
import { errorMessage } from '@ops/contracts';

/** Quiet: a failed hang-up changes nothing the operator can act on. */
const quietly = { loading: false, quiet: true } as const;

type Load<T> = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; data: T };
interface Call {
  gid: number;
  name: string;
  session: VideoRoomSession;
}

/**
 * 监控中心 / 语音对讲: pick operators and call them (the quick group flow, then the group's audio room),
 * answer or refuse an incoming call (product socket tempcall 2), hang up, a level meter per member, and
 * push-to-record voice messages with upload and speech to text.
 */
export default function IntercomPage() {
  const api = useService(Api);
  const intercom = useService(Intercom);
  const rooms = useService(VideoRooms);
  const notifier = useService(Notifier);
  const bus = useService(EventBus);
  const incoming = useIncomingCall({ answersHere: true });
  const [params, setParams] = useSearchParams();
  const [operators, setOperators] = useState<Load<IntercomOperator[]>>({ status: 'loading' });
  const [selected, setSelected] = useState<number[]>([]);
  const [calling, setCalling] = useState(false);
  const [call, setCall] = useState<Call | null>(null);
  const callRef = useRef<Call | null>(null);
  callRef.current = call;

  const load = useCallback(async () => {
    setOperators({ status: 'loading' });
    try {
      setOperators({
        status: 'ready',
        data: (await api.call(routes.intercom.operators, {}, quietly)).data ?? [],
      });
    } catch (error) {
      setOperators({ status: 'error', message: errorMessage(error) });
    }
  }, [api]);
  useEffect(() => void load(), [load]);

  const enter = useCallback(
    (gid: number, name: string, join: VideoRoomJoin) => {
      const session = rooms.open();
      setCall({ gid, name, session });
      void session.start(join, { source: 'camera', audio: true, video: false });
    },
    [rooms],
  );
  const hangup = useCallback(
    (notifyServer = true) => {
      const current = callRef.current;
      if (!current) return;
      current.session.leave();
      setCall(null);
      if (notifyServer) void api.call(routes.intercom.hangup, { body: { gid: current.gid } }, quietly).catch(() => undefined);
    },
    [api],
  );
  useEffect(() => () => hangup(), [hangup]);
  // Someone hung up: the call ends when nobody else is left in it.
  useEffect(
    () =>
      bus.subscribe(PRODUCT_SOCKET_TOPICS.hangup, ({ gid, byUserId }) => {
        const current = callRef.current;
        if (!current || current.gid !== gid) return;
        const name =
          operators.status === 'ready'
            ? (operators.data.find((operator) => operator.userId === byUserId)?.nickName ?? String(byUserId))
            : String(byUserId);
        notifier.show('info', t.hungUpBy(name));
        if (current.session.getSnapshot().feeds.length <= 1) hangup(false);
      }),
    [bus, hangup, notifier, operators],
  );

  const start = async () => {
    if (!selected.length) return notifier.show('warning', t.selectFirst);
    hangup();
    setCalling(true);
    try {
      const group = await intercom.startTempGroup(selected);
      enter(group.gid, group.created.name, group.created.join);
    } catch (error) {
      notifier.show('error', errorMessage(error));
    } finally {
      setCalling(false);
    }
  };
  const accept = (data: TempCallData) => {
    incoming.clear();
    hangup();
    enter(data.gid, data.name, data.join);
  };
  // ?answer=<gid>: the operator pressed 接听 on the shell's call notice on another page.
  const answerGid = Number(params.get('answer'));
  useEffect(() => {
    if (!params.has('answer')) return;
    const waiting = incoming.call;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('answer');
        return next;
      },
      { replace: true },
    );
    if (waiting && waiting.gid === answerGid) accept(waiting);
    else notifier.show('warning', t.callGone);
    // Only when the address asks; accept and the call are read as they are then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answerGid]);
  const reject = (data: TempCallData) => {
    incoming.clear();
    void api.call(routes.intercom.hangup, { body: { gid: data.gid } }, quietly).catch(() => undefined);
  };

  return (
    <div className="video-room is-intercom">
      <PanelBox
        title={t.operators}
        label={t.operatorList}
        className="video-room__list"
        actions={
          <Button
            size="small"
            intent="primary"
            icon="phone"
            text={t.call}
            loading={calling}
            disabled={!selected.length}
            onClick={() => void start()}
          />
        }
      >
        {operators.status === 'loading' ? (
          <NonIdealState icon={<Spinner size={24} />} title="加载中…" />
        ) : operators.status === 'error' ? (
          <NonIdealState
            icon="error"
            title={t.loadFailed(operators.message)}
            action={<Button icon="refresh" text={t.retry} onClick={() => void load()} />}
          />
        ) : operators.data.length === 0 ? (
          <NonIdealState icon="people" title={t.noOperators} />
        ) : (
          <ul className="video-room__operators" aria-label={t.operatorList}>
            {operators.data.map((operator) => (
              <li key={operator.userId}>
                <Checkbox
                  aria-label={t.select(operator.nickName)}
                  checked={selected.includes(operator.userId)}
                  onChange={(event) => {
                    const checked = event.currentTarget.checked;
                    setSelected((current) => (checked ? [...current, operator.userId] : current.filter((id) => id !== operator.userId)));
                  }}
                  labelElement={
                    <span className="video-room__operator">
                      {operator.nickName}
                      <Tag minimal round intent={operator.online ? 'success' : 'none'}>
                        {operator.online ? t.online : t.offline}
                      </Tag>
                    </span>
                  }
                />
              </li>
            ))}
          </ul>
        )}
      </PanelBox>
      <div className="video-room__column">
        <CallPanel call={call} calling={calling} onHangup={() => hangup()} />
        <VoiceMessages />
      </div>
      <Dialog
        isOpen={incoming.call !== null}
        title={t.incoming}
        icon="phone"
        canOutsideClickClose={false}
        onClose={() => incoming.call && reject(incoming.call)}
      >
        <DialogBody>
          <p className={Classes.TEXT_LARGE}>{incoming.call ? t.incomingFrom(incoming.call.fromName, incoming.call.name) : null}</p>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button intent="danger" icon="cross" text={t.reject} onClick={() => incoming.call && reject(incoming.call)} />
              <Button intent="success" icon="phone" text={t.accept} onClick={() => incoming.call && accept(incoming.call)} />
            </>
          }
        />
      </Dialog>
    </div>
  );
}

function CallPanel({ call, calling, onHangup }: { call: Call | null; calling: boolean; onHangup(): void }) {
  const snapshot = useRoomSnapshot(call?.session ?? null);
  const localLevel = useAudioLevel(snapshot?.local.stream ?? null);
  if (!call || !snapshot) {
    return (
      <PanelBox title={t.callPanel} className="video-room__call">
        {calling ? (
          <NonIdealState icon={<Spinner size={24} />} title={t.calling} />
        ) : (
          <NonIdealState icon="phone" title={t.idle} description={t.idleHint} />
        )}
      </PanelBox>
    );
  }
  const ended = snapshot.status === 'closed' || snapshot.status === 'failed';
  return (
    <PanelBox
      title={t.inCall(call.name)}
      label={t.callPanel}
      className="video-room__call"
      actions={
        <>
          <Button
            size="small"
            icon={snapshot.local.audioMuted ? 'volume-off' : 'volume-up'}
            aria-label={snapshot.local.audioMuted ? t.unmuteMic : t.muteMic}
            title={snapshot.local.audioMuted ? t.unmuteMic : t.muteMic}
            aria-pressed={snapshot.local.audioMuted}
            disabled={ended}
            onClick={() => call.session.setAudioMuted(!snapshot.local.audioMuted)}
          />
          <Button size="small" intent="danger" icon="phone" text={t.hangup} onClick={onHangup} />
        </>
      }
    >
      {snapshot.status === 'connecting' || snapshot.status === 'idle' ? (
        <NonIdealState icon={<Spinner size={24} />} title={t.calling} />
      ) : ended ? (
        <NonIdealState icon="phone" title={snapshot.reason ?? t.callEnded} />
      ) : (
        <ul className="video-room__members" aria-label={t.callPanel}>
          <li className="video-room__member" data-state={snapshot.local.stream ? 'playing' : 'connecting'}>
            <span className="video-room__member-name">{`${snapshot.display ?? ''}（${t.me}）`}</span>
            <AudioLevelMeter label={t.level(t.me)} level={snapshot.local.audioMuted ? 0 : localLevel} />
          </li>
          {snapshot.feeds.map((feed) => (
            <Member key={feed.id} feed={feed} />
          ))}
          {snapshot.feeds.length === 0 ? <li className="video-room__waiting">{t.waiting}</li> : null}
        </ul>
      )}
    </PanelBox>
  );
}

function Member({ feed }: { feed: RemoteFeed }) {
  const level = useAudioLevel(feed.stream);
  return (
    <li className="video-room__member" data-state={feed.stream ? 'playing' : 'connecting'}>
      <span className="video-room__member-name">{feed.display}</span>
      <AudioLevelMeter label={t.level(feed.display)} level={level} />
      <RemoteAudio stream={feed.stream} label={feed.display} />
    </li>
  );
}
