import { atom } from 'jotai';
import type { BackendInfo } from '../../../shared/ipc/contract';
import type { Settings } from '../../../shared/ipc/settings.schemas';
import type { AppServices } from '../services';

export type BootState = { phase: 'starting' } | { phase: 'ready' } | { phase: 'hostUnavailable'; message: string };

export const bootAtom = atom<BootState>({ phase: 'starting' });
/** Where the back end is (host's backend.info). */
export const backendInfoAtom = atom<BackendInfo | null>(null);
/** The settings as last read from or written to the host. */
export const settingsAtom = atom<Settings | null>(null);
/** API clients and the Apollo client, built once the back-end urls are known. */
export const servicesAtom = atom<AppServices | null>(null);
