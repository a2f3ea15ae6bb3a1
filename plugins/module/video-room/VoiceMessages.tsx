import { Button, NonIdealState } from '@blueprintjs/core';
import { useEffect, useRef, useState } from 'react';
import { Intercom, Notifier, PanelBox, useService, VoiceRecorder, type Recording } from '@ops/sdk';
import { AudioLevelMeter } from './roomMedia';
import { intercomStrings as t } from './videoRoomStrings';
import { errorMessage } from '@ops/contracts';

interface Message {
  key: number;
  recording: Recording;
  url: string;
  uploaded: boolean;
  text: string | null;
}

/** Push-to-record voice messages: hold to record, then upload or turn into text. */
export function VoiceMessages() {
  const intercom = useService(Intercom);
  const notifier = useService(Notifier);
  const recorder = useRef<VoiceRecorder | null>(null);
  const [recording, setRecording] = useState(false);
  const [level, setLevel] = useState(0);
  const [messages, setMessages] = useState<Message[]>([]);
  const [busy, setBusy] = useState<string | null>(null);

  useEffect(() => {
    if (!recording) return;
    const timer = setInterval(() => setLevel(Math.round((recorder.current?.level ?? 0) * 100)), 100);
    return () => clearInterval(timer);
  }, [recording]);
  useEffect(() => () => recorder.current?.cancel(), []);
  const urls = useRef<string[]>([]);
  useEffect(() => () => urls.current.forEach((url) => URL.revokeObjectURL(url)), []);

  const start = async () => {
    if (recording) return;
    recorder.current ??= new VoiceRecorder();
    try {
      setRecording(true);
      await recorder.current.start();
    } catch (error) {
      setRecording(false);
      notifier.show('warning', errorMessage(error));
    }
  };
  const stop = async () => {
    if (!recording) return;
    setRecording(false);
    setLevel(0);
    const result = await recorder.current?.stop();
    if (!result) return;
    const url = URL.createObjectURL(result.wav);
    urls.current.push(url);
    setMessages((current) => [{ key: Date.now(), recording: result, url, uploaded: false, text: null }, ...current].slice(0, 5));
  };
  const patch = (key: number, change: Partial<Message>) =>
    setMessages((current) => current.map((message) => (message.key === key ? { ...message, ...change } : message)));
  const upload = async (message: Message) => {
    setBusy(`upload-${message.key}`);
    try {
      await intercom.uploadVoice(message.recording.wav);
      patch(message.key, { uploaded: true });
      notifier.show('success', t.uploaded);
    } catch (error) {
      notifier.show('error', errorMessage(error));
    } finally {
      setBusy(null);
    }
  };
  const toText = async (message: Message) => {
    setBusy(`text-${message.key}`);
    try {
      patch(message.key, { text: await intercom.speechToText(message.recording.wav) });
    } catch (error) {
      notifier.show('error', errorMessage(error));
    } finally {
      setBusy(null);
    }
  };

  return (
    <PanelBox title={t.voice} className="video-room__voice">
      <div className="video-room__record">
        <Button
          large
          intent={recording ? 'danger' : 'primary'}
          icon="record"
          text={recording ? t.recording : t.record}
          aria-pressed={recording}
          onPointerDown={() => void start()}
          onPointerUp={() => void stop()}
          onPointerLeave={() => void stop()}
          onKeyDown={(event) => (event.key === ' ' || event.key === 'Enter') && !event.repeat && void start()}
          onKeyUp={(event) => (event.key === ' ' || event.key === 'Enter') && void stop()}
        />
        <AudioLevelMeter label={t.micLevel} level={level} />
        <span className="video-room__hint">{t.recordHint}</span>
      </div>
      {messages.length === 0 ? (
        <NonIdealState icon="microphone" title={t.noRecording} />
      ) : (
        <ul className="video-room__messages" aria-label={t.voice}>
          {messages.map((message) => (
            <li key={message.key} className="video-room__message">
              <audio controls src={message.url} aria-label={t.play} />
              <span className="video-room__hint">{t.duration(message.recording.durationMs)}</span>
              <Button
                size="small"
                icon={message.uploaded ? 'tick' : 'upload'}
                text={message.uploaded ? t.uploaded : t.upload}
                disabled={message.uploaded}
                loading={busy === `upload-${message.key}`}
                onClick={() => void upload(message)}
              />
              <Button
                size="small"
                icon="translate"
                text={t.toText}
                loading={busy === `text-${message.key}`}
                onClick={() => void toText(message)}
              />
              {message.text !== null ? (
                <p className="video-room__text" aria-label={t.text}>
                  {message.text}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </PanelBox>
  );
}
