import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export interface NetworkState {
  online: boolean;
}

const initialState: NetworkState = {
  online: typeof navigator === 'undefined' ? true : navigator.onLine,
};

export const networkSlice = createSlice({
  name: 'network',
  initialState,
  reducers: {
    onlineChanged(state, action: PayloadAction<boolean>) {
      state.online = action.payload;
    },
  },
  selectors: {
    selectOnline: (state) => state.online,
  },
});

export const { onlineChanged } = networkSlice.actions;
export const { selectOnline } = networkSlice.selectors;

/** Keeps `network.online` in step with the window's online/offline events; returns the cleanup. */
export function listenToNetwork(dispatch: (action: ReturnType<typeof onlineChanged>) => unknown, target: Window = window) {
  const update = () => dispatch(onlineChanged(target.navigator.onLine));
  const goOnline = () => dispatch(onlineChanged(true));
  const goOffline = () => dispatch(onlineChanged(false));
  target.addEventListener('online', goOnline);
  target.addEventListener('offline', goOffline);
  update();
  return () => {
    target.removeEventListener('online', goOnline);
    target.removeEventListener('offline', goOffline);
  };
}
