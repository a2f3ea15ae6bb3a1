import { Alert, Button, ButtonGroup, Callout, HTMLSelect, InputGroup, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useCallback, useEffect, useState } from 'react';
import { Api, Notifier, PanelBox, useService, VideoRooms, VideoTile, type RemoteFeed, type VideoRoomSession } from '@ops/sdk';
import { routes, type VideoRoomStatus as VideoRoomAvailability, type VideoRoomSummary } from '@ops/contracts';
import { useParticipantStreams, useRoomSnapshot } from './roomMedia';
import { videoRoomStrings as t } from './videoRoomStrings';
import './VideoRoom.css';
import { errorMessage } from '@ops/contracts';

type Load<T> = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; data: T };
const errorText = (error: unknown) => errorMessage(error);
const kindLabel = (kind: string) => (kind === 'camera' ? t.kindCamera : kind === 'audio' ? t.kindAudio : t.kindOther);
/** How often the room list (and its participant counts) is refreshed while the page is open. */
const ROOM_REFRESH_MS = 10_000;
const reading = { loading: false, quiet: true } as const;
const acting = { loading: false } as const;

/**
 * 监控中心 / 视频会商: the tenant's rooms on the left (create, join, close for who may manage), the room
 * joined on the right — every participant's picture, publishing the camera or the screen, mute, leave,
 * and 移出 per participant for who may manage the room.
 */
export default function VideoRoomPage() {
  const api = useService(Api);
  const rooms = useService(VideoRooms);
  const notifier = useService(Notifier);
  const [availability, setAvailability] = useState<Load<VideoRoomAvailability>>({ status: 'loading' });
  const [list, setList] = useState<Load<VideoRoomSummary[]>>({ status: 'loading' });
  const [active, setActive] = useState<{ room: VideoRoomSummary; session: VideoRoomSession } | null>(null);

  /** Loads the rooms; `quietly` (the periodic refresh) keeps what is shown until the answer and through a failure. */
  const load = useCallback(
    async (quietly = false) => {
      if (!quietly) setList({ status: 'loading' });
      try {
        const status = (await api.call(routes.videoRooms.status, {}, reading)).data;
        setAvailability({ status: 'ready', data: status });
        if (!status.available) return setList({ status: 'ready', data: [] });
        setList({
          status: 'ready',
          data: (await api.call(routes.videoRooms.list, {}, reading)).data ?? [],
        });
      } catch (error) {
        if (quietly) return;
        setAvailability((current) => (current.status === 'loading' ? { status: 'error', message: errorText(error) } : current));
        setList({ status: 'error', message: errorText(error) });
      }
    },
    [api],
  );
  useEffect(() => {
    void load();
    // Who is in each room changes as people join and leave: the counts follow every ROOM_REFRESH_MS.
    const timer = setInterval(() => void load(true), ROOM_REFRESH_MS);
    return () => clearInterval(timer);
  }, [load]);

  const join = useCallback(
    async (room: VideoRoomSummary) => {
      active?.session.leave();
      const session = rooms.open();
      setActive({ room, session });
      try {
        const info = (await api.call(routes.videoRooms.join, { body: { room: room.room } }, acting)).data;
        // Camera rooms publish the camera with the microphone; other rooms join watching.
        await session.start(info, room.kind === 'camera' ? { source: 'camera', audio: true, video: true } : null);
      } catch {
        session.leave();
        setActive(null);
      }
    },
    [active, api, rooms],
  );
  useEffect(() => () => active?.session.leave(), [active]);

  const leave = () => {
    active?.session.leave();
    setActive(null);
    void load();
  };
  const destroyed = (room: VideoRoomSummary) => {
    if (active?.room.room === room.room) leave();
    notifier.show('success', t.destroyed(room.name));
    void load();
  };

  return (
    <div className="video-room">
      <RoomList
        availability={availability}
        list={list}
        activeRoom={active?.room.room ?? null}
        onReload={() => void load()}
        onJoin={join}
        onDestroyed={destroyed}
      />
      <RoomView active={active} onLeave={leave} onRejoin={() => active && void join(active.room)} />
    </div>
  );
}

function RoomList({
  availability,
  list,
  activeRoom,
  onReload,
  onJoin,
  onDestroyed,
}: {
  availability: Load<VideoRoomAvailability>;
  list: Load<VideoRoomSummary[]>;
  activeRoom: number | null;
  onReload(): void;
  onJoin(room: VideoRoomSummary): void;
  onDestroyed(room: VideoRoomSummary): void;
}) {
  const api = useService(Api);
  const notifier = useService(Notifier);
  const [name, setName] = useState('');
  const [kind, setKind] = useState<'camera' | 'other'>('camera');
  const [busy, setBusy] = useState(false);
  const [confirm, setConfirm] = useState<VideoRoomSummary | null>(null);
  const unavailable = availability.status === 'ready' && !availability.data.available;

  const create = async () => {
    if (!name.trim()) return notifier.show('warning', t.nameRequired);
    setBusy(true);
    try {
      const room = (await api.call(routes.videoRooms.create, { body: { name: name.trim(), kind } }, acting)).data;
      notifier.show('success', t.created(room.name));
      setName('');
      onReload();
    } catch {
      // The client has shown the server's message.
    } finally {
      setBusy(false);
    }
  };
  const destroy = async (room: VideoRoomSummary) => {
    setConfirm(null);
    try {
      await api.call(routes.videoRooms.destroy, { body: { room: room.room } }, acting);
      onDestroyed(room);
    } catch {
      // Shown by the client.
    }
  };

  return (
    <PanelBox
      title={t.rooms}
      label={t.roomList}
      className="video-room__list"
      actions={<Button size="small" variant="minimal" icon="refresh" aria-label={t.refresh} title={t.refresh} onClick={onReload} />}
    >
      {unavailable ? (
        <NonIdealState
          icon="offline"
          title={t.unavailable}
          description={availability.data.message ?? undefined}
          action={<Button icon="refresh" text={t.retry} onClick={onReload} />}
        />
      ) : (
        <>
          <form
            className="video-room__create"
            onSubmit={(event) => {
              event.preventDefault();
              void create();
            }}
          >
            <InputGroup
              aria-label={t.createName}
              placeholder={t.createNamePlaceholder}
              value={name}
              maxLength={40}
              onValueChange={setName}
            />
            <HTMLSelect
              aria-label={t.createKind}
              value={kind}
              onChange={(event) => setKind(event.currentTarget.value as 'camera' | 'other')}
              options={[
                { value: 'camera', label: t.kindCamera },
                { value: 'other', label: t.kindOther },
              ]}
            />
            <Button type="submit" intent="primary" icon="add" text={t.create} loading={busy} />
          </form>
          {list.status === 'loading' ? (
            <NonIdealState icon={<Spinner size={24} />} title={t.loading} />
          ) : list.status === 'error' ? (
            <NonIdealState
              icon="error"
              title={t.loadFailed(list.message)}
              action={<Button icon="refresh" text={t.retry} onClick={onReload} />}
            />
          ) : list.data.length === 0 ? (
            <NonIdealState icon="video" title={t.noRooms} description={t.noRoomsHint} />
          ) : (
            <ul className="video-room__rooms" aria-label={t.roomList}>
              {list.data.map((room) => (
                <li key={room.room} className={`video-room__room${room.room === activeRoom ? ' is-active' : ''}`} aria-label={room.name}>
                  <div className="video-room__room-main">
                    <span className="video-room__room-name">{room.name}</span>
                    <span className="video-room__room-meta">
                      <Tag minimal intent={room.kind === 'camera' ? 'primary' : 'none'}>
                        {kindLabel(room.kind)}
                      </Tag>
                      <span>{t.participants(room.participants)}</span>
                      <span>{t.creator(room.creatorName)}</span>
                    </span>
                  </div>
                  <ButtonGroup>
                    <Button
                      size="small"
                      intent="success"
                      icon="log-in"
                      text={room.room === activeRoom ? t.current : t.joinShort}
                      aria-label={t.join(room.name)}
                      disabled={room.room === activeRoom}
                      onClick={() => onJoin(room)}
                    />
                    {room.canManage ? (
                      <Button
                        size="small"
                        intent="danger"
                        variant="minimal"
                        icon="trash"
                        aria-label={t.destroy(room.name)}
                        title={t.destroy(room.name)}
                        onClick={() => setConfirm(room)}
                      />
                    ) : null}
                  </ButtonGroup>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      <Alert
        isOpen={confirm !== null}
        intent="danger"
        icon="trash"
        cancelButtonText={t.cancel}
        confirmButtonText={t.destroyShort}
        onCancel={() => setConfirm(null)}
        onConfirm={() => confirm && void destroy(confirm)}
      >
        <p>{confirm ? t.destroyConfirm(confirm.name) : null}</p>
      </Alert>
    </PanelBox>
  );
}

function RoomView({
  active,
  onLeave,
  onRejoin,
}: {
  active: { room: VideoRoomSummary; session: VideoRoomSession } | null;
  onLeave(): void;
  onRejoin(): void;
}) {
  const api = useService(Api);
  const notifier = useService(Notifier);
  const snapshot = useRoomSnapshot(active?.session ?? null);
  if (!active || !snapshot) {
    return (
      <PanelBox title={t.meeting} className="video-room__view">
        <NonIdealState icon="video" title={t.notJoined} description={t.notJoinedHint} />
      </PanelBox>
    );
  }
  const { room, session } = active;
  const { local } = snapshot;
  const joined = snapshot.status === 'joined';
  const kick = async (feed: RemoteFeed) => {
    try {
      await api.call(routes.videoRooms.kick, { body: { room: room.room, uid: feed.id } }, acting);
      notifier.show('success', t.kicked(feed.display));
    } catch {
      // Shown by the client.
    }
  };
  const ended = snapshot.status === 'closed' || snapshot.status === 'failed';
  const actions = ended ? null : (
    <>
      <span className="video-room__count">{t.count(snapshot.feeds.length + (local.stream ? 1 : 0))}</span>
      <ButtonGroup>
        <Button
          size="small"
          icon="mobile-video"
          text={t.publishCamera}
          disabled={!joined}
          active={local.source === 'camera'}
          onClick={() => void session.publish({ source: 'camera', audio: true, video: true })}
        />
        <Button
          size="small"
          icon="desktop"
          text={t.publishScreen}
          disabled={!joined}
          active={local.source === 'screen'}
          onClick={() => void session.publish({ source: 'screen', audio: false, video: true })}
        />
        <Button
          size="small"
          icon="stop"
          aria-label={t.unpublish}
          title={t.unpublish}
          disabled={!local.stream}
          onClick={() => void session.unpublish()}
        />
      </ButtonGroup>
      <ButtonGroup>
        <Button
          size="small"
          icon={local.audioMuted ? 'volume-off' : 'volume-up'}
          aria-label={local.audioMuted ? t.unmuteMic : t.muteMic}
          title={local.audioMuted ? t.unmuteMic : t.muteMic}
          aria-pressed={local.audioMuted}
          onClick={() => session.setAudioMuted(!local.audioMuted)}
        />
        <Button
          size="small"
          icon={local.videoMuted ? 'eye-off' : 'eye-open'}
          aria-label={local.videoMuted ? t.unmuteCamera : t.muteCamera}
          title={local.videoMuted ? t.unmuteCamera : t.muteCamera}
          aria-pressed={local.videoMuted}
          onClick={() => session.setVideoMuted(!local.videoMuted)}
        />
      </ButtonGroup>
      <Button size="small" intent="danger" icon="log-out" text={t.leave} onClick={onLeave} />
    </>
  );
  return (
    <PanelBox title={t.meetingOf(room.name)} label={t.meeting} className="video-room__view" actions={actions}>
      {snapshot.status === 'connecting' || snapshot.status === 'idle' ? (
        <NonIdealState icon={<Spinner size={32} />} title={t.connecting} />
      ) : ended ? (
        <NonIdealState
          icon={snapshot.ended === 'kicked' ? 'blocked-person' : snapshot.ended === 'left' ? 'log-out' : 'error'}
          title={snapshot.reason ?? t.ended}
          action={
            <ButtonGroup>
              {snapshot.ended !== 'kicked' && snapshot.ended !== 'destroyed' && snapshot.ended !== 'noRoom' ? (
                <Button icon="refresh" text={t.rejoin} onClick={onRejoin} />
              ) : null}
              <Button icon="cross" text={t.leave} onClick={onLeave} />
            </ButtonGroup>
          }
        />
      ) : (
        <>
          {snapshot.feeds.length === 0 ? (
            <Callout compact icon="info-sign">
              {t.nobodyElse}
            </Callout>
          ) : null}
          <div className={`video-room__grid is-${Math.min(4, Math.ceil(Math.sqrt(snapshot.feeds.length + 1)))}`}>
            <LocalTile snapshot={snapshot} />
            {snapshot.feeds.map((feed) => (
              <FeedTile key={feed.id} feed={feed} canKick={room.canManage} onKick={() => void kick(feed)} />
            ))}
          </div>
        </>
      )}
    </PanelBox>
  );
}

function LocalTile({ snapshot }: { snapshot: NonNullable<ReturnType<typeof useRoomSnapshot>> }) {
  const { local } = snapshot;
  const streams = useParticipantStreams(local.stream, true);
  const name = t.me(snapshot.display ?? '');
  if (!local.stream) {
    return (
      <div className="video-room__placeholder" role="region" aria-label={name} data-state="idle">
        <span>{t.notPublishing}</span>
      </div>
    );
  }
  const badge = [
    local.source === 'screen' ? t.publishScreen : null,
    local.audioMuted ? t.muteMic : null,
    local.videoMuted ? t.muteCamera : null,
  ]
    .filter(Boolean)
    .join('·');
  return (
    <VideoTile
      camera={{ deviceId: snapshot.myId ?? 0, deviceName: name }}
      streams={streams}
      badge={badge ? <Tag minimal>{badge}</Tag> : undefined}
    />
  );
}

function FeedTile({ feed, canKick, onKick }: { feed: RemoteFeed; canKick: boolean; onKick(): void }) {
  const streams = useParticipantStreams(feed.stream, false);
  return (
    <VideoTile
      camera={{ deviceId: feed.id, deviceName: feed.display }}
      streams={streams}
      badge={feed.video ? undefined : <Tag minimal>{t.audioOnly}</Tag>}
      actions={
        canKick ? (
          <Button
            size="small"
            intent="danger"
            icon="log-out"
            aria-label={t.kick(feed.display)}
            title={t.kick(feed.display)}
            onClick={(event) => (event.stopPropagation(), onKick())}
          />
        ) : undefined
      }
    />
  );
}
