import IntercomPage from './IntercomPage';
import VideoRoomPage from './VideoRoomPage';

/** 监控中心's 视频会商 (videoRoom) and 语音对讲 (intercom) pages. */
export default function VideoRoomModulePage({ childName }: { moduleName?: string; childName?: string }) {
  if (childName === 'intercom') return <IntercomPage />;
  return <VideoRoomPage />;
}
