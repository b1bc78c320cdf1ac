// fetch for MCP over HTTP with every response body bounded: one response, and all of a connection's together.
import { TransportFault } from './stdio-transport.js';
/**
 * A `fetch` whose response bodies stop with a {@link TransportFault} past the bounds (a server
 * streaming without end cannot fill memory: 549 MB in 9 s before). `faults` keeps the first one,
 * so the caller can say why the SDK saw the connection break.
 */
export function boundedFetch(bounds) {
    let total = 0;
    let firstFault;
    const bounded = async (input, init) => {
        const response = await fetch(input, init);
        if (response.body === null)
            return response;
        let own = 0;
        const reader = response.body.getReader();
        const body = new ReadableStream({
            async pull(controller) {
                const { done, value } = await reader.read();
                if (done) {
                    controller.close();
                    return;
                }
                own += value.byteLength;
                total += value.byteLength;
                const limit = own > bounds.maxResponseBytes
                    ? `a response larger than ${bounds.maxResponseBytes.toLocaleString('en-US')} bytes (--max-message-bytes)`
                    : total > bounds.maxTotalBytes
                        ? `more than ${bounds.maxTotalBytes.toLocaleString('en-US')} bytes in all (--max-total-bytes)`
                        : undefined;
                if (limit !== undefined) {
                    const fault = new TransportFault(`the server sent ${limit}`);
                    firstFault ??= fault;
                    await reader.cancel().catch(() => undefined);
                    controller.error(fault);
                    return;
                }
                controller.enqueue(value);
            },
            cancel(reason) {
                return reader.cancel(reason);
            },
        });
        return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
    };
    return { fetch: bounded, fault: () => firstFault };
}
//# sourceMappingURL=bounded-fetch.js.map