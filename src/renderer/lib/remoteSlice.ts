import { atom } from 'jotai';
import type { Atom, WritableAtom } from 'jotai';
import type { Failure } from './httpFailure';
import { toFailure } from './httpFailure';

/** Spec §4: every remote slice is idle, loading, success (body + status code) or failure. */
export type RemoteState<Body> =
  | { phase: 'idle' }
  | { phase: 'loading' }
  | { phase: 'success'; body: Body; status: number }
  | ({ phase: 'failure' } & Failure);

/** How a list slice reads and rebuilds the item list inside its response body. */
export interface ListShape<Body, Item> {
  items(body: Body): readonly Item[];
  withItems(body: Body, items: Item[]): Body;
}

export type ListMode = 'replace' | 'append';
export interface Identified {
  _id: string;
}
/** Anything shaped like an axios response. */
export interface RemoteResponse<Body> {
  data: Body;
  status: number;
}

type Action<Args extends unknown[]> = WritableAtom<null, Args, void>;

export interface RemoteSlice<Body> {
  state: Atom<RemoteState<Body>>;
  start: Action<[]>;
  succeed: Action<[body: Body, status: number]>;
  fail: Action<[failure: Failure]>;
  reset: Action<[]>;
  /** Runs a request through loading → success | failure; never throws. */
  load: WritableAtom<null, [request: () => Promise<RemoteResponse<Body>>], Promise<RemoteState<Body>>>;
  /**
   * Reads again without leaving what is shown: a loaded body stays on screen until the answer replaces it, and a
   * failed refresh keeps it (a slice not yet loaded, or failed, loads as usual).
   */
  refresh: WritableAtom<null, [request: () => Promise<RemoteResponse<Body>>], Promise<RemoteState<Body>>>;
}

export interface RemoteListSlice<Body, Item extends Identified> extends Omit<RemoteSlice<Body>, 'succeed' | 'load' | 'refresh'> {
  succeed: Action<[body: Body, status: number, mode?: ListMode]>;
  load: WritableAtom<null, [request: () => Promise<RemoteResponse<Body>>, mode?: ListMode], Promise<RemoteState<Body>>>;
  /** Replaces one loaded item (by _id); does nothing when the list is not loaded or lacks it. */
  replaceItem: Action<[item: Item]>;
}

export interface RemoteDetailSlice<Item extends Identified> extends RemoteSlice<Item> {
  /** Stores an updated item; also replaces it in the linked list unless `syncList` is false. */
  update: Action<[item: Item, options?: { syncList?: boolean }]>;
}

const IDLE = { phase: 'idle' } as const;

function makeCore<Body>() {
  const state = atom<RemoteState<Body>>(IDLE);
  const start = atom(null, (_get, set) => set(state, { phase: 'loading' }));
  const fail = atom(null, (_get, set, failure: Failure) => set(state, { phase: 'failure', ...failure }));
  const reset = atom(null, (_get, set) => set(state, IDLE));
  return { state, start, fail, reset };
}

/** A slice for one remote read. */
export function createRemoteSlice<Body>(): RemoteSlice<Body> {
  const core = makeCore<Body>();
  const succeed = atom(null, (_get, set, body: Body, status: number) =>
    set(core.state, { phase: 'success', body, status }),
  );
  const load = atom(null, async (get, set, request: () => Promise<RemoteResponse<Body>>) => {
    set(core.start);
    try {
      const response = await request();
      set(succeed, response.data, response.status);
    } catch (error) {
      set(core.fail, toFailure(error, 'load'));
    }
    return get(core.state);
  });
  const refresh = atom(null, async (get, set, request: () => Promise<RemoteResponse<Body>>) => {
    if (get(core.state).phase !== 'success') return set(load, request);
    try {
      const response = await request();
      set(succeed, response.data, response.status);
    } catch {
      // Keeps the shown body: the next return of the server, or the person's retry, tries again.
    }
    return get(core.state);
  });
  return { ...core, succeed, load, refresh };
}

/** A slice for a paged list that can replace its items or append the next page. */
export function createRemoteListSlice<Body, Item extends Identified>(
  shape: ListShape<Body, Item>,
): RemoteListSlice<Body, Item> {
  const core = makeCore<Body>();
  const succeed = atom(null, (get, set, body: Body, status: number, mode: ListMode = 'replace') => {
    const previous = get(core.state);
    const merged =
      mode === 'append' && previous.phase === 'success'
        ? shape.withItems(body, [...shape.items(previous.body), ...shape.items(body)])
        : body;
    set(core.state, { phase: 'success', body: merged, status });
  });
  const load = atom(null, async (get, set, request: () => Promise<RemoteResponse<Body>>, mode: ListMode = 'replace') => {
    // Appending keeps the loaded page on screen; only a replace shows the loading state.
    if (mode === 'replace' || get(core.state).phase !== 'success') set(core.start);
    try {
      const response = await request();
      set(succeed, response.data, response.status, mode);
    } catch (error) {
      set(core.fail, toFailure(error, 'load'));
    }
    return get(core.state);
  });
  const replaceItem = atom(null, (get, set, item: Item) => {
    const current = get(core.state);
    if (current.phase !== 'success') return;
    const items = shape.items(current.body);
    if (!items.some((entry) => entry._id === item._id)) return;
    const next = items.map((entry) => (entry._id === item._id ? item : entry));
    set(core.state, { ...current, body: shape.withItems(current.body, next) });
  });
  return { ...core, succeed, load, replaceItem };
}

/** A slice for one item whose updates also reach the loaded list it came from. */
export function createRemoteDetailSlice<Item extends Identified>(
  list?: Pick<RemoteListSlice<unknown, Item>, 'replaceItem'>,
): RemoteDetailSlice<Item> {
  const base = createRemoteSlice<Item>();
  const update = atom(null, (get, set, item: Item, options?: { syncList?: boolean }) => {
    const current = get(base.state);
    set(base.succeed, item, current.phase === 'success' ? current.status : 200);
    if (list && options?.syncList !== false) set(list.replaceItem, item);
  });
  return { ...base, update };
}
