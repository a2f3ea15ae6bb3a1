import { create } from 'zustand';

/** Number of requests in flight that asked for the loading overlay. */
export const useLoadingStore = create<{ pending: number; start(): void; stop(): void }>()((set) => ({
  pending: 0,
  start: () => set((state) => ({ pending: state.pending + 1 })),
  stop: () => set((state) => ({ pending: Math.max(0, state.pending - 1) })),
}));
