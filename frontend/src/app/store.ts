import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { useDispatch, useSelector } from 'react-redux';
import { api, connectApi } from './api/api';
import { preloadCapabilities } from './api/capabilities';
import { listenToNetwork, networkSlice } from './network/network.slice';

export const rootReducer = combineSlices(networkSlice, api);

export function makeStore() {
  const store = configureStore({
    reducer: rootReducer,
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
  connectApi(store.dispatch as (action: unknown) => unknown);
  preloadCapabilities(store.dispatch as (action: unknown) => unknown);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type RootState = ReturnType<typeof rootReducer>;
export type AppDispatch = AppStore['dispatch'];

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();

/** Wires browser events into the store (online/offline, RTK Query refetch on focus/reconnect). */
export function connectStoreToBrowser(store: AppStore) {
  const stopNetwork = listenToNetwork(store.dispatch);
  const stopQueryListeners = setupListeners(store.dispatch);
  return () => {
    stopNetwork();
    stopQueryListeners();
  };
}
