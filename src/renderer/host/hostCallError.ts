import type { IpcErrorCode } from '../../shared/ipc/contract';

/** A host call that failed: the envelope's error, or the transport's, with a code the screens can act on. */
export class HostCallError extends Error {
  constructor(
    readonly code: IpcErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'HostCallError';
  }
}

/** Shown when neither the Electron preload nor the web host bridge is present. */
export const HOST_UNAVAILABLE_MESSAGE =
  'The app host is not available. Start Reelscope from the desktop app or with “npm run web”, then reload this page.';
