/** Share Event (docs/product/events.md "Screens"): the share sheet, else the link copied. */
import { describe, expect, it } from 'vitest';
import { shareOrCopy, type ShareTarget } from './share';

const content = {
  title: 'Group dig',
  text: 'Group dig — Saturday',
  url: 'https://digquest.example/events/4',
};

function clipboard() {
  const written: string[] = [];
  return { written, clipboard: { writeText: async (text: string) => void written.push(text) } };
}

describe('shareOrCopy', () => {
  it('uses the device share with title, text and link when there is one', async () => {
    const shared: unknown[] = [];
    const { written, clipboard: cb } = clipboard();
    const target: ShareTarget = { share: async (data) => void shared.push(data), clipboard: cb };
    expect(await shareOrCopy(content, target)).toBe('shared');
    expect(shared).toEqual([content]);
    expect(written).toEqual([]);
  });

  it('a closed share sheet is nothing to report', async () => {
    const abort = Object.assign(new Error('cancelled'), { name: 'AbortError' });
    const { written, clipboard: cb } = clipboard();
    expect(await shareOrCopy(content, { share: () => Promise.reject(abort), clipboard: cb })).toBe(
      'cancelled',
    );
    expect(written).toEqual([]);
  });

  it('copies the link when there is no share, when it cannot share this, or when it fails', async () => {
    for (const target of [
      {},
      { canShare: () => false, share: async () => undefined },
      { share: () => Promise.reject(Object.assign(new Error('no'), { name: 'NotAllowedError' })) },
    ]) {
      const { written, clipboard: cb } = clipboard();
      expect(await shareOrCopy(content, { ...target, clipboard: cb })).toBe('copied');
      expect(written).toEqual([content.url]);
    }
  });

  it('says so when neither works', async () => {
    expect(await shareOrCopy(content, {})).toBe('failed');
    expect(
      await shareOrCopy(content, { clipboard: { writeText: () => Promise.reject(new Error('denied')) } }),
    ).toBe('failed');
  });
});
