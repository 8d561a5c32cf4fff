import { listenToNetwork, networkSlice, onlineChanged } from './network.slice';

describe('network slice', () => {
  it('records online and offline', () => {
    const offline = networkSlice.reducer({ online: true }, onlineChanged(false));
    expect(offline.online).toBe(false);
    expect(networkSlice.reducer(offline, onlineChanged(true)).online).toBe(true);
  });

  it('follows window online/offline events until cleaned up', () => {
    const target = new EventTarget() as EventTarget & { navigator: { onLine: boolean } };
    target.navigator = { onLine: false };
    const seen: boolean[] = [];
    const stop = listenToNetwork((a) => seen.push(a.payload), target as unknown as Window);
    target.dispatchEvent(new Event('online'));
    target.dispatchEvent(new Event('offline'));
    stop();
    target.dispatchEvent(new Event('online'));
    expect(seen).toEqual([false, true, false]);
  });
});
