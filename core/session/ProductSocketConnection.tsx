import { Alert, Intent } from '@blueprintjs/core';
import { useEffect, useMemo, useState } from 'react';
import { create } from 'zustand';
import { RuntimeConfig } from '../config/RuntimeConfig';
import { useService } from '../di/useService';
import { productSocketRoutes } from '../../contracts/api/intercomRoutes';
import { Api } from '../http/ApiCaller';
import { EventBus } from '../push/EventBus';
import { AuthService } from './AuthService';
import { ProductSocketClient, productSocketUrlFor, PRODUCT_SOCKET_TOPICS, type RepeatLogin, type TempCallData } from './ProductSocket';
import { useSessionStore } from './sessionStore';
import { sessionStrings as t } from './sessionStrings';

interface IncomingCallState {
  /** The latest call not yet answered or refused (a page opened later still shows it). */
  call: TempCallData | null;
  /** How many mounted pages answer calls themselves (the shell's notice stays away while one does). */
  answeringPages: number;
  set(call: TempCallData | null): void;
}

export const useIncomingCallStore = create<IncomingCallState>((set) => ({ call: null, answeringPages: 0, set: (call) => set({ call }) }));

/**
 * The incoming temporary call (product socket tempcall 2) until it is answered, refused or hung up.
 * A page that shows and answers calls itself says `answersHere`; on every other page the shell's
 * IncomingCallNotice shows the call, so an operator hears of it wherever they are.
 */
export function useIncomingCall(options: { answersHere?: boolean } = {}): { call: TempCallData | null; clear(): void } {
  const call = useIncomingCallStore((state) => state.call);
  const set = useIncomingCallStore((state) => state.set);
  const answersHere = options.answersHere === true;
  useEffect(() => {
    if (!answersHere) return;
    useIncomingCallStore.setState((state) => ({ answeringPages: state.answeringPages + 1 }));
    return () => useIncomingCallStore.setState((state) => ({ answeringPages: state.answeringPages - 1 }));
  }, [answersHere]);
  return { call, clear: () => set(null) };
}

/**
 * Keeps the product socket open while logged in (logout closes it), keeps the incoming call for the
 * intercom page, and on a repeat login (-3 / -4) says so in a dialog and goes to the login page.
 */
export function ProductSocketConnection() {
  const api = useService(Api);
  const bus = useService(EventBus);
  const auth = useService(AuthService);
  const config = useService(RuntimeConfig);
  const loggedIn = useSessionStore((state) => Object.values(state.menuPerms ?? {}).some(Boolean));
  const [repeat, setRepeat] = useState<RepeatLogin | null>(null);

  const client = useMemo(
    () =>
      new ProductSocketClient({
        bus,
        url: () => productSocketUrlFor(config.productSocketUrl, config.apiBaseUrl, window.location),
        getTicket: async () => (await api.call(productSocketRoutes.ticket, {}, { loading: false, quiet: true })).data.ticket,
      }),
    [bus, config, api],
  );

  useEffect(() => auth.onWillLogout(() => client.stop()), [auth, client]);
  useEffect(() => {
    if (!loggedIn) return;
    client.start();
    return () => client.stop();
  }, [client, loggedIn]);
  useEffect(() => {
    const off = [
      bus.subscribe(PRODUCT_SOCKET_TOPICS.repeatLogin, setRepeat),
      bus.subscribe(PRODUCT_SOCKET_TOPICS.incomingCall, (call) => useIncomingCallStore.getState().set(call)),
      bus.subscribe(PRODUCT_SOCKET_TOPICS.hangup, ({ gid }) => {
        const { call, set } = useIncomingCallStore.getState();
        if (call && call.gid === gid) set(null);
      }),
    ];
    return () => off.forEach((unsubscribe) => unsubscribe());
  }, [bus]);

  return (
    <Alert
      isOpen={repeat !== null}
      intent={Intent.WARNING}
      icon="log-out"
      confirmButtonText={t.repeatLoginConfirm}
      canEscapeKeyCancel={false}
      canOutsideClickCancel={false}
      onConfirm={() => {
        setRepeat(null);
        auth.forceLogout();
      }}
    >
      <h4 className="bp6-heading">{repeat?.result === -4 ? t.signedOutByAdmin : t.repeatLogin}</h4>
      {repeat?.message ? <p>{repeat.message}</p> : null}
      <p>{t.repeatLoginHint}</p>
    </Alert>
  );
}
