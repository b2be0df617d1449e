/**
 * Preload (sandboxed): exposes the contract-checked bridge as window[PRELOAD_GLOBAL] and nothing else: invoke, on,
 * and pathForFile (the disk path of a dropped File, which only webUtils in the preload can resolve).
 */
import { contextBridge, ipcRenderer, webUtils } from 'electron';
import type { HostBridge } from '../shared/ipc/contract';
import { PRELOAD_GLOBAL } from '../shared/ipc/contract';
import { createBridge } from './bridge';

const bridge: HostBridge = createBridge(ipcRenderer, webUtils);

contextBridge.exposeInMainWorld(PRELOAD_GLOBAL, {
  invoke: bridge.invoke,
  on: bridge.on,
  pathForFile: bridge.pathForFile,
} satisfies HostBridge);
