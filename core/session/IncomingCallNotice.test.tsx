import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TempCallData } from '../../contracts/videoRooms';
import { ContainerProvider } from '../di/ContainerProvider';
import { ServiceMap } from '../di/ServiceLocator';
import { Api, createApiCaller } from '../http/ApiCaller';
import { HttpClient } from '../http/HttpClient';
import { IncomingCallNotice } from './IncomingCallNotice';
import { useIncomingCall, useIncomingCallStore } from './ProductSocketConnection';
import { useSessionStore } from './sessionStore';

const call: TempCallData = {
  gid: 7,
  name: '群组4821',
  fromUserId: 2,
  fromName: '值班员李强',
  uids: [1, 2],
  join: { room: 1, pin: 'p', janusUrl: 'ws://x', display: 'a' } as unknown as TempCallData['join'],
};

function Where() {
  const { pathname, search } = useLocation();
  return <span data-testid="where">{`${pathname}${search}`}</span>;
}

/** A page that answers calls itself (as 语音对讲 does). */
function AnsweringPage() {
  useIncomingCall({ answersHere: true });
  return <span>语音对讲页</span>;
}

function setup(page: 'other' | 'answering' = 'other', perms: Record<string, boolean> = { 'platform:monitoringCenter:intercom': true }) {
  const post = vi.fn(() => Promise.resolve({ code: 200, msg: '', data: null }));
  const http = { post } as unknown as HttpClient;
  const services = new ServiceMap().set(HttpClient, http).set(Api, createApiCaller(http));
  useSessionStore.setState({ menuPerms: perms });
  render(
    <ContainerProvider container={services}>
      <MemoryRouter initialEntries={['/home']}>
        <IncomingCallNotice />
        {page === 'answering' ? <AnsweringPage /> : null}
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </ContainerProvider>,
  );
  return { post };
}

describe('IncomingCallNotice', () => {
  afterEach(() => act(() => useIncomingCallStore.getState().set(null)));

  it('shows an incoming call on any page; 接听 opens 语音对讲 answering that call', () => {
    setup();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    act(() => useIncomingCallStore.getState().set(call));
    const notice = screen.getByRole('alertdialog', { name: '语音对讲来电' });
    expect(notice.textContent).toContain('值班员李强 邀请你加入对讲「群组4821」');
    fireEvent.click(screen.getByRole('button', { name: '接听' }));
    expect(screen.getByTestId('where').textContent).toBe('/monitoringCenter/intercom?answer=7');
  });

  it('拒绝 hangs up this call on the server and the notice goes', () => {
    const { post } = setup();
    act(() => useIncomingCallStore.getState().set(call));
    fireEvent.click(screen.getByRole('button', { name: '拒绝' }));
    expect(post).toHaveBeenCalledWith('/intercom/hangup', { gid: 7 }, expect.objectContaining({ json: true }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(useIncomingCallStore.getState().call).toBeNull();
  });

  it('stays away while a page that answers calls itself is open', () => {
    setup('answering');
    act(() => useIncomingCallStore.getState().set(call));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('without the 语音对讲 permission offers only 拒绝, and says why', () => {
    setup('other', {});
    act(() => useIncomingCallStore.getState().set(call));
    expect(screen.queryByRole('button', { name: '接听' })).toBeNull();
    expect(screen.getByRole('alertdialog').textContent).toContain('你没有语音对讲页面的权限');
  });
});
