import { describe, expect, it } from 'vitest';
import type { IpcRendererLike, WebUtilsLike } from '../../../src/preload/bridge';
import { createBridge } from '../../../src/preload/bridge';

/**
 * Test double for Electron's ipcRenderer: the Electron binary cannot run on this machine, so the preload's
 * logic is exercised through this recorder. It answers invokes with an ok envelope and lets the test emit events.
 */
function fakeIpcRenderer() {
  const invoked: { channel: string; args: unknown[] }[] = [];
  const listeners = new Map<string, Set<(event: unknown, ...args: unknown[]) => void>>();
  const ipc: IpcRendererLike = {
    invoke: async (channel, ...args) => {
      invoked.push({ channel, args });
      return { ok: true, value: null };
    },
    on: (channel, listener) => {
      if (!listeners.has(channel)) listeners.set(channel, new Set());
      listeners.get(channel)!.add(listener);
    },
    removeListener: (channel, listener) => listeners.get(channel)?.delete(listener),
  };
  const emit = (channel: string, payload: unknown) => {
    for (const listener of listeners.get(channel) ?? []) listener({ sender: 'ipc-internals' }, payload);
  };
  return { ipc, invoked, emit, listeners };
}

describe('preload bridge', () => {
  it('exposes exactly invoke and on', () => {
    expect(Object.keys(createBridge(fakeIpcRenderer().ipc)).sort()).toEqual(['invoke', 'on']);
  });

  it('with webUtils adds only pathForFile, which resolves a dropped File locally and sends nothing over IPC', () => {
    const { ipc, invoked } = fakeIpcRenderer();
    // Test double for Electron's webUtils (the binary cannot run here): answers a path for files it knows.
    const paths = new Map<File, string>();
    const asked: unknown[] = [];
    const webUtils: WebUtilsLike = {
      getPathForFile: (file) => {
        asked.push(file);
        if (!(file instanceof File)) throw new TypeError('Expected a File');
        return paths.get(file) ?? '';
      },
    };
    const dropped = new File(['x'], 'clip.mp4', { type: 'video/mp4' });
    paths.set(dropped, '/home/me/Videos/clip.mp4');
    const bridge = createBridge(ipc, webUtils);
    expect(Object.keys(bridge).sort()).toEqual(['invoke', 'on', 'pathForFile']);
    expect(bridge.pathForFile?.(dropped)).toBe('/home/me/Videos/clip.mp4');
    // A File made by the page (not from disk) has no path; anything that is not a File answers '' instead of throwing.
    expect(bridge.pathForFile?.(new File(['y'], 'made.mp4'))).toBe('');
    expect(bridge.pathForFile?.({ name: 'fake.mp4' } as unknown as File)).toBe('');
    expect(asked).toHaveLength(3);
    expect(invoked).toEqual([]);
  });

  it('forwards contract channels with exactly one input argument', async () => {
    const { ipc, invoked } = fakeIpcRenderer();
    const bridge = createBridge(ipc);
    await bridge.invoke('settings.update', { layout: { skin: 'dark' } });
    await bridge.invoke('app.info');
    expect(invoked).toEqual([
      { channel: 'settings.update', args: [{ layout: { skin: 'dark' } }] },
      { channel: 'app.info', args: [undefined] },
    ]);
  });

  it('refuses names outside the contract before anything reaches IPC', async () => {
    const { ipc, invoked } = fakeIpcRenderer();
    const bridge = createBridge(ipc) as unknown as { invoke(c: string): Promise<unknown>; on(e: string, l: () => void): () => void };
    await expect(bridge.invoke('shell.openExternal')).rejects.toThrow(/not a host channel/);
    await expect(bridge.invoke('__proto__')).rejects.toThrow(/not a host channel/);
    expect(() => bridge.on('ELECTRON_BROWSER_REQUIRE', () => undefined)).toThrow(/not a host event/);
    expect(invoked).toEqual([]);
  });

  it('delivers event payloads without the Electron event object and unsubscribes', () => {
    const { ipc, emit, listeners } = fakeIpcRenderer();
    const received: unknown[] = [];
    const off = createBridge(ipc).on('backend.changed', (payload) => received.push(payload));
    emit('backend.changed', { state: 'running' });
    off();
    emit('backend.changed', { state: 'stopped' });
    expect(received).toEqual([{ state: 'running' }]);
    expect(listeners.get('backend.changed')?.size).toBe(0);
  });
});
