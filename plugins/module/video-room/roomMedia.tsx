import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type { CameraStreams, VideoRoomSession, VideoRoomSnapshot } from '@ops/sdk';

/** The session's state, re-read on every change. */
export function useRoomSnapshot(session: VideoRoomSession | null): VideoRoomSnapshot | null {
  const subscribe = useMemo(() => session?.subscribe ?? (() => () => undefined), [session]);
  const get = useMemo(() => (session ? session.getSnapshot : () => null), [session]);
  return useSyncExternalStore(subscribe, get, get);
}

/**
 * The core VideoTile plays "cameras" from a CameraStreams; a participant's MediaStream is handed to it
 * the same way: playing once a frame (or, audio only, data) has arrived. Remote audio plays from the
 * tile; the operator's own tile stays muted.
 */
export function useParticipantStreams(stream: MediaStream | null, own: boolean): CameraStreams {
  return useMemo<CameraStreams>(
    () => ({
      play(_id, video, onState) {
        if (!stream) {
          onState({ status: 'connecting' });
          return () => undefined;
        }
        onState({ status: 'connecting' });
        video.muted = own;
        video.srcObject = stream;
        const playing = () => onState({ status: 'playing' });
        if (video.readyState >= 2) playing();
        else video.addEventListener('loadeddata', playing, { once: true });
        void Promise.resolve(video.play()).catch(() => undefined);
        return () => {
          video.removeEventListener('loadeddata', playing);
          video.srcObject = null;
        };
      },
    }),
    [stream, own],
  );
}

let sharedContext: AudioContext | undefined;

/** The stream's loudness 0–100 from a WebAudio analyser, sampled every 100 ms. */
export function useAudioLevel(stream: MediaStream | null): number {
  const [level, setLevel] = useState(0);
  useEffect(() => {
    const Context = (globalThis as { AudioContext?: typeof AudioContext }).AudioContext;
    if (!stream || !Context || !stream.getAudioTracks().length) {
      setLevel(0);
      return;
    }
    sharedContext ??= new Context();
    const context = sharedContext;
    void context.resume().catch(() => undefined);
    const source = context.createMediaStreamSource(stream);
    const analyser = context.createAnalyser();
    analyser.fftSize = 512;
    source.connect(analyser);
    const samples = new Float32Array(analyser.fftSize);
    const timer = setInterval(() => {
      analyser.getFloatTimeDomainData(samples);
      let sum = 0;
      for (const sample of samples) sum += sample * sample;
      setLevel(Math.min(100, Math.round(Math.sqrt(sum / samples.length) * 400)));
    }, 100);
    return () => {
      clearInterval(timer);
      source.disconnect();
    };
  }, [stream]);
  return level;
}

/** A meter with the level in aria-valuenow (tests read it), named for whose voice it is. */
export function AudioLevelMeter({ label, level }: { label: string; level: number }) {
  return (
    <div className="video-room__meter" role="meter" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={level}>
      <div className="video-room__meter-fill" style={{ width: `${level}%` }} />
    </div>
  );
}

/** Plays a remote stream's audio (intercom members have no tile). */
export function RemoteAudio({ stream, label }: { stream: MediaStream | null; label: string }) {
  const audio = useRef<HTMLAudioElement>(null);
  useEffect(() => {
    const element = audio.current;
    if (!element) return;
    element.srcObject = stream;
    if (stream) void Promise.resolve(element.play()).catch(() => undefined);
    return () => {
      element.srcObject = null;
    };
  }, [stream]);
  return <audio ref={audio} autoPlay aria-label={label} />;
}
