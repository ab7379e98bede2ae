// @vitest-environment jsdom
/**
 * Handing the pack over (docs/find-recording.md "The FLO pack"): the share sheet when the browser can share
 * the ZIP, a download otherwise or when the share is refused, nothing when the member closes the sheet.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sharePack, ZIP_TYPE, type ShareEnvironment } from './share-pack';

const zip = new Uint8Array([0x50, 0x4b, 0x05, 0x06, ...new Array<number>(18).fill(0)]);

function environment(nav: ShareEnvironment['navigator']) {
  const downloads: { name: string; type: string; size: number }[] = [];
  const blobs = new Map<string, Blob>();
  const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    const blob = blobs.get(this.href);
    if (blob) downloads.push({ name: this.download, type: blob.type, size: blob.size });
  });
  const env: ShareEnvironment = {
    navigator: nav,
    document,
    createObjectURL: (blob) => {
      const url = `blob:test/${blobs.size}`;
      blobs.set(url, blob);
      return url;
    },
    revokeObjectURL: (url) => void blobs.delete(url),
  };
  return { env, downloads, clicked };
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('sharePack', () => {
  it('shares the ZIP as a file when the browser says it can', async () => {
    const share = vi.fn<(data: ShareData) => Promise<void>>().mockResolvedValue(undefined);
    const { env, downloads } = environment({ canShare: (data) => Boolean(data?.files?.length), share });
    expect(await sharePack(zip, 'flo-pack-2024-05-06.zip', env)).toBe('shared');
    const file = share.mock.calls[0]?.[0].files?.[0];
    expect(file).toMatchObject({ name: 'flo-pack-2024-05-06.zip', type: ZIP_TYPE, size: zip.byteLength });
    expect(new Uint8Array(await (file ?? new Blob()).arrayBuffer())).toEqual(zip);
    expect(downloads).toEqual([]);
  });

  it('downloads it where files cannot be shared, and lets the URL go afterwards', async () => {
    vi.useFakeTimers();
    const share = vi.fn();
    const { env, downloads } = environment({ canShare: () => false, share });
    expect(await sharePack(zip, 'flo-pack.zip', env)).toBe('downloaded');
    expect(share).not.toHaveBeenCalled();
    expect(downloads).toEqual([{ name: 'flo-pack.zip', type: ZIP_TYPE, size: zip.byteLength }]);
    expect(document.querySelector('a[download]')).toBeNull();
    const revoke = vi.spyOn(env, 'revokeObjectURL');
    vi.runAllTimers();
    expect(revoke).toHaveBeenCalledWith('blob:test/0');
  });

  it('downloads it without the Web Share API at all', async () => {
    const { env, downloads } = environment({});
    expect(await sharePack(zip, 'flo-pack.zip', env)).toBe('downloaded');
    expect(downloads).toHaveLength(1);
  });

  it('does nothing more when the member closes the share sheet', async () => {
    const share = vi.fn().mockRejectedValue(new DOMException('Share canceled', 'AbortError'));
    const { env, downloads } = environment({ canShare: () => true, share });
    expect(await sharePack(zip, 'flo-pack.zip', env)).toBe('cancelled');
    expect(downloads).toEqual([]);
  });

  it('downloads it when the browser refuses the share (the tap’s permission ran out while building)', async () => {
    const share = vi
      .fn()
      .mockRejectedValue(new DOMException('Must be handling a user gesture', 'NotAllowedError'));
    const { env, downloads } = environment({ canShare: () => true, share });
    expect(await sharePack(zip, 'flo-pack.zip', env)).toBe('downloaded');
    expect(downloads).toHaveLength(1);
  });
});
