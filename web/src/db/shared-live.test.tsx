// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { db } from './database';
import { openSharedQueries, useSharedLive } from './shared-live';

afterEach(cleanup);

/** A row of our own in the key/value table `sync_state`, like the device preferences kept there. */
const notes = () => db.table<{ key: string; note: string }, string>('sync_state');

let runs = 0;
async function readNote(): Promise<string> {
  runs += 1;
  const row = await notes().get('shared-live-test');
  return row?.note ?? 'none';
}

function Note({ name }: { name: string }) {
  const live = useSharedLive('test:note', readNote);
  return <p>{`${name}: ${live.state === 'ready' ? live.value : live.state}`}</p>;
}

function Failing() {
  const live = useSharedLive('test:failing', () => Promise.reject(new Error('refused')));
  return <p>{live.state === 'error' ? 'could not read' : live.state}</p>;
}

async function writeNote(note: string) {
  await notes().put({ key: 'shared-live-test', note });
}

describe('useSharedLive', () => {
  beforeEach(async () => {
    runs = 0;
    await notes().delete('shared-live-test');
  });

  it('answers every component from one query, once per change', async () => {
    render(
      <>
        {['a', 'b', 'c', 'd'].map((name) => (
          <Note key={name} name={name} />
        ))}
      </>,
    );
    expect(await screen.findByText('d: none')).toBeInTheDocument();
    expect(screen.getByText('a: none')).toBeInTheDocument();
    expect(runs).toBe(1);
    expect(openSharedQueries()).toBe(1);

    await act(() => writeNote('dug at dawn'));
    await waitFor(() => expect(screen.getAllByText(/: dug at dawn$/)).toHaveLength(4));
    expect(runs).toBe(2);
  });

  it('closes the query when the last component leaves; the next one starts from loading', async () => {
    await writeNote('first');
    const { unmount } = render(<Note name="a" />);
    expect(await screen.findByText('a: first')).toBeInTheDocument();
    unmount();
    expect(openSharedQueries()).toBe(0);

    await writeNote('second');
    render(<Note name="b" />);
    // Never the old answer: the closed query's value was dropped with it.
    expect(screen.getByText('b: loading')).toBeInTheDocument();
    expect(await screen.findByText('b: second')).toBeInTheDocument();
  });

  it('keeps a failure as an answer instead of breaking the page', async () => {
    render(<Failing />);
    expect(await screen.findByText('could not read')).toBeInTheDocument();
  });
});
