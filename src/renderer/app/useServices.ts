import { useAtomValue } from 'jotai';
import { backendInfoAtom, servicesAtom } from './boot/boot.atoms';
import type { AppServices } from './services';

/** The back-end clients; screens render only after boot has built them. */
export function useServices(): AppServices {
  const services = useAtomValue(servicesAtom);
  if (!services) throw new Error('The back-end clients are not ready yet.');
  return services;
}

/** True when the app runs on its built-in (demo) back end. */
export function useEmbeddedBackend(): boolean {
  return useAtomValue(backendInfoAtom)?.mode === 'embedded';
}
