/** Preload (sandboxed): exposes the contract-checked bridge as window[PRELOAD_GLOBAL] and nothing else. */
import { contextBridge, ipcRenderer } from 'electron';
import type { HostBridge } from '../shared/ipc/contract';
import { PRELOAD_GLOBAL } from '../shared/ipc/contract';
import { createBridge } from './bridge';

const bridge: HostBridge = createBridge(ipcRenderer);

contextBridge.exposeInMainWorld(PRELOAD_GLOBAL, {
  invoke: bridge.invoke,
  on: bridge.on,
} satisfies HostBridge);
