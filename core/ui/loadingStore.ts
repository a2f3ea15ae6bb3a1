import { create } from 'zustand';

export interface LoadingState {
  /** Requests in flight that asked for the indicator. */
  pending: number;
  start(): void;
  stop(): void;
}

const createLoadingStore = () =>
  create<LoadingState>()((set) => ({
    pending: 0,
    start: () => set((state) => ({ pending: state.pending + 1 })),
    stop: () => set((state) => ({ pending: Math.max(0, state.pending - 1) })),
  }));

/** The main client's calls: the full-screen 努力请求服务中… overlay. */
export const useLoadingStore = createLoadingStore();

/** The device-side client's calls: the small 加载中… indicator, which leaves the screen usable. */
export const useDeviceLoadingStore = createLoadingStore();
