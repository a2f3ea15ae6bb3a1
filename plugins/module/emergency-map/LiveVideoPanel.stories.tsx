import type { Meta, StoryObj } from '@storybook/react-vite';
import type { CameraStreams, CameraStreamState } from '@ops/sdk';
import { LiveVideoPanel } from './LiveVideoPanel';
import { sampleResources } from './storyData';

/** A stand-in for the app's camera streams: reports the story's state; "playing" draws a moving test pattern where the browser can (Storybook). */
function streamsIn(state: CameraStreamState): CameraStreams {
  return {
    play(deviceId, video, onState) {
      onState(state);
      const canvas = document.createElement('canvas');
      if (state.status !== 'playing' || typeof canvas.captureStream !== 'function') return () => undefined;
      [canvas.width, canvas.height] = [640, 360];
      const context = canvas.getContext('2d')!;
      let frame = 0;
      const timer = setInterval(() => {
        frame++;
        context.fillStyle = '#1c2127';
        context.fillRect(0, 0, 640, 360);
        context.fillStyle = '#e76a1f';
        context.fillRect(280 + Math.sin(frame / 4) * 10, 200, 80, 80);
        context.fillStyle = '#fff';
        context.font = '26px sans-serif';
        context.fillText(`摄像机 ${deviceId}`, 16, 340);
      }, 66);
      video.srcObject = canvas.captureStream(15);
      void video.play().catch(() => undefined);
      return () => {
        clearInterval(timer);
        video.srcObject = null;
      };
    },
  };
}

const meta = {
  title: 'Plugins/EmergencyMap/LiveVideoPanel',
  component: LiveVideoPanel,
  args: {
    cameras: { status: 'ready', data: sampleResources.cameras },
    streams: streamsIn({ status: 'playing' }),
    onRetry: () => undefined,
  },
  decorators: [(Story) => <div style={{ width: 390, display: 'flex', flexDirection: 'column' }}>{Story()}</div>],
} satisfies Meta<typeof LiveVideoPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playing: Story = {};
export const SourceUnavailable: Story = {
  args: { streams: streamsIn({ status: 'unavailable', message: '服务器未安装 ffmpeg，无法生成视频流' }) },
};
export const Loading: Story = { args: { cameras: { status: 'loading' } } };
export const NoCameraNear: Story = { args: { cameras: { status: 'ready', data: [] } } };
export const Failed: Story = { args: { cameras: { status: 'error', error: '网络连接失败，请稍后重试' } } };
