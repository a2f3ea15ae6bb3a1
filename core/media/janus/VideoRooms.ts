import { createToken } from '../../di/Token';
import type { Notifier } from '../../ui/Notifier';
import { VideoRoomSession } from './VideoRoomSession';

/** Opens video room sessions on Janus with the app's toasts (core/media/janus). */
export interface VideoRooms {
  /** A new session; `start` it with POST /videoRoom/join's answer. */
  open(): VideoRoomSession;
}

export const VideoRooms = createToken<VideoRooms>('VideoRooms', '视频会商：经 Janus 加入会议室、发布与订阅画面');

export function createVideoRooms(notifier: Notifier, iceServers?: RTCIceServer[]): VideoRooms {
  return {
    open: () =>
      new VideoRoomSession({
        notify: (level, message, timeoutMs) => notifier.show(level, message, timeoutMs),
        ...(iceServers ? { iceServers } : {}),
      }),
  };
}
