import { Button, Tag } from '@blueprintjs/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import type { CameraStreams, CameraStreamState } from '../../media/CameraStreams';
import { inPanel, noop } from '../storyFrame';
import { VideoTile } from './VideoTile';

/**
 * A stand-in for the app's camera streams: it reports the story's state; "playing" draws a moving test
 * pattern into the tile through a canvas stream where the browser has one (Storybook), as a camera would.
 */
function streamsIn(state: CameraStreamState): CameraStreams {
  return {
    play(_deviceId, video, onState) {
      onState(state);
      const canvas = document.createElement('canvas');
      if (state.status !== 'playing' || typeof canvas.captureStream !== 'function') return noop;
      [canvas.width, canvas.height] = [640, 360];
      const context = canvas.getContext('2d')!;
      let frame = 0;
      const timer = setInterval(() => {
        frame++;
        const colours = ['#c0392b', '#27ae60', '#f1c40f', '#2980b9', '#8e44ad', '#16a085'];
        colours.forEach((colour, index) => ((context.fillStyle = colour), context.fillRect(index * 107, 0, 107, 360)));
        context.fillStyle = '#fff';
        context.fillRect((frame * 6) % 640, 150, 60, 60);
        context.font = '28px sans-serif';
        context.fillText('江南大道摄像机-001', 16, 330);
      }, 66);
      video.srcObject = canvas.captureStream(15);
      void video.play().catch(noop);
      return () => {
        clearInterval(timer);
        video.srcObject = null;
      };
    },
  };
}

const camera = { deviceId: 7, deviceName: '江南大道摄像机-001' };

const meta = {
  title: 'Core/Widgets/VideoTile',
  component: VideoTile,
  decorators: [inPanel('实时视频', 480, 300)],
  args: { camera, streams: streamsIn({ status: 'playing' }), onStop: noop, onOpenDetail: noop },
} satisfies Meta<typeof VideoTile>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playing: Story = {};
export const Connecting: Story = { args: { streams: streamsIn({ status: 'connecting' }) } };
export const Unavailable: Story = {
  args: { streams: streamsIn({ status: 'unavailable', message: '视频源不可用：服务器未安装 ffmpeg，无法生成模拟摄像机画面' }) },
};
export const Failed: Story = { args: { streams: streamsIn({ status: 'failed', message: 'ICE 协商失败，无法连接视频流' }) } };
export const Idle: Story = { args: { camera: undefined, selected: true } };
export const Wall: Story = { args: { wall: true, streams: streamsIn({ status: 'unavailable', message: '视频源不可用' }) } };
/** A video room participant: the bar carries a state badge and the room's own 移出 button. */
export const Participant: Story = {
  args: {
    camera: { deviceId: 21, deviceName: '值班员乙' },
    onStop: undefined,
    onOpenDetail: undefined,
    badge: (
      <Tag minimal intent="warning">
        已静音
      </Tag>
    ),
    actions: <Button size="small" icon="log-out" intent="danger" aria-label="移出 值班员乙" title="移出 值班员乙" onClick={noop} />,
  },
};
