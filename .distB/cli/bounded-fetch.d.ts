import { TransportFault } from './stdio-transport.js';
/** What one connection may read over HTTP, in bytes. */
export interface FetchBounds {
    /** Largest single response body. */
    maxResponseBytes: number;
    /** All response bodies of the connection together. */
    maxTotalBytes: number;
}
/**
 * A `fetch` whose response bodies stop with a {@link TransportFault} past the bounds (a server
 * streaming without end cannot fill memory: 549 MB in 9 s before). `faults` keeps the first one,
 * so the caller can say why the SDK saw the connection break.
 */
export declare function boundedFetch(bounds: FetchBounds): {
    fetch: typeof fetch;
    fault: () => TransportFault | undefined;
};
//# sourceMappingURL=bounded-fetch.d.ts.map