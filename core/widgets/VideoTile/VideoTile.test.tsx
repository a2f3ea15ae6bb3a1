import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { CameraStreams, CameraStreamState } from '../../media/CameraStreams';
import { VideoTile } from './VideoTile';

const camera = { deviceId: 7, deviceName: '江南大道摄像机-001' };

function controllable() {
  let report: (state: CameraStreamState) => void = () => undefined;
  const stop = vi.fn();
  const streams: CameraStreams = {
    play: vi.fn((_id, _video, onState) => {
      report = onState;
      return stop;
    }),
  };
  return { streams, stop, report: (state: CameraStreamState) => act(() => report(state)) };
}

describe('VideoTile', () => {
  it('plays its camera, shows each state, and stops the stream when unmounted', () => {
    const { streams, stop, report } = controllable();
    const { unmount } = render(<VideoTile camera={camera} streams={streams} />);
    expect(streams.play).toHaveBeenCalledWith(7, expect.any(HTMLVideoElement), expect.any(Function));
    expect(screen.getByRole('status').textContent).toBe('正在连接视频…');
    report({ status: 'playing' });
    expect(screen.getByRole('region', { name: '实时视频：江南大道摄像机-001' }).dataset.state).toBe('playing');
    expect(screen.queryByRole('status')).toBeNull();
    report({ status: 'unavailable', message: '视频源不可用：服务器未安装 ffmpeg' });
    expect(screen.getByRole('alert').textContent).toContain('视频源不可用：服务器未安装 ffmpeg');
    unmount();
    expect(stop).toHaveBeenCalled();
  });

  it('reconnects after a failure, and offers stop and detail', () => {
    const { streams, report } = controllable();
    const onStop = vi.fn();
    const onOpenDetail = vi.fn();
    render(<VideoTile camera={camera} streams={streams} onStop={onStop} onOpenDetail={onOpenDetail} />);
    report({ status: 'failed', message: 'ICE 协商失败，无法连接视频流' });
    expect(screen.getByRole('alert').textContent).toContain('视频播放失败');
    fireEvent.click(screen.getByRole('button', { name: '重新连接' }));
    expect(streams.play).toHaveBeenCalledTimes(2);
    fireEvent.click(screen.getByRole('button', { name: '停止播放' }));
    fireEvent.click(screen.getByRole('button', { name: '设备详情' }));
    expect(onStop).toHaveBeenCalled();
    expect(onOpenDetail).toHaveBeenCalledWith(camera);
  });

  it('is an idle tile to select without a camera', () => {
    const onSelect = vi.fn();
    const { streams } = controllable();
    render(<VideoTile streams={streams} selected onSelect={onSelect} />);
    fireEvent.click(screen.getByRole('button', { name: '空闲的视频窗口' }));
    expect(onSelect).toHaveBeenCalled();
    expect(streams.play).not.toHaveBeenCalled();
  });
});
