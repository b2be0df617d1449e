import { describe, expect, it } from 'vitest';
import { act, render } from '@testing-library/react';
import { Provider, createStore } from 'jotai';
import type { LiveChange } from '../../src/shared/http/liveChanges.schemas';
import { addLiveEventsAtom, useRefetchOnChange } from '../../src/renderer/lib/liveChanges';

const change = (kind: LiveChange['kind'], videoId: string): LiveChange => ({ kind, target_kind: 'video', target_id: videoId, video_id: videoId, by: { user_id: 'u2', name: 'Maya' } });

function Watcher({ seen }: { seen: (LiveChange | 'resync')[] }) {
  useRefetchOnChange(['note'], (c) => seen.push(c), (c) => c.video_id === 'v1');
  return null;
}

describe('live changes reach the views they touch (issue 29)', () => {
  it('a view reads again for its own kind and target, also when the change arrives in a burst with others', () => {
    const store = createStore();
    const seen: (LiveChange | 'resync')[] = [];
    render(<Provider store={store}><Watcher seen={seen} /></Provider>);
    // One chunk of the stream: the note on v1 sits between changes the view does not show.
    act(() => store.set(addLiveEventsAtom, [change('flag', 'v1'), change('note', 'v1'), change('note', 'v2')]));
    expect(seen).toEqual([change('note', 'v1')]);
    act(() => store.set(addLiveEventsAtom, [change('video', 'v1')]));
    expect(seen).toHaveLength(1);
    // A stream that could not resume: every view reads again.
    act(() => store.set(addLiveEventsAtom, ['resync']));
    expect(seen.at(-1)).toBe('resync');
  });
});
