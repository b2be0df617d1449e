import { host } from '../../host/hostClient';

/** Host calls of the offline library: served from the host's own files, so they work with the back end stopped. */
export const libraryHost = {
  list: () => host().invoke('library.list'),
  transcript: (itemId: string) => host().invoke('library.transcript', { itemId }),
  search: (query: string) => host().invoke('library.search', { query }),
  remove: (itemId: string, deleteFile: boolean) => host().invoke('library.remove', { itemId, deleteFile }),
  onChanged: (listener: () => void) => host().on('library.changed', listener),
};
