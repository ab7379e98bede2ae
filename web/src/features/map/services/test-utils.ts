/**
 * Cache Storage for tests of saved map areas (saved-areas.ts): a browser API, so a small in-memory one
 * with the methods the code uses stands in for it in Node.
 */

export class MemoryCache {
  readonly entries = new Map<string, Response>();
  match(request: RequestInfo | URL) {
    const hit = this.entries.get(new Request(request, { method: 'GET' }).url);
    return Promise.resolve(hit?.clone());
  }
  put(request: RequestInfo | URL, response: Response) {
    this.entries.set(new Request(request).url, response);
    return Promise.resolve();
  }
}

export class MemoryCacheStorage {
  readonly caches = new Map<string, MemoryCache>();
  open(name: string) {
    const cache = this.caches.get(name) ?? new MemoryCache();
    this.caches.set(name, cache);
    return Promise.resolve(cache);
  }
  keys() {
    return Promise.resolve([...this.caches.keys()]);
  }
  delete(name: string) {
    return Promise.resolve(this.caches.delete(name));
  }
}
