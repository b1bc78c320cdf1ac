import type { JsonSchemaTool } from './json-schema-tools.js';
/** The parts of an MCP SDK `Client` the adapters use. */
export interface McpClientLike {
    request(request: {
        method: string;
        params?: Record<string, unknown>;
    }, resultSchema: never): Promise<unknown>;
    callTool(params: {
        name: string;
        arguments?: Record<string, unknown>;
    }): Promise<unknown>;
}
/** Every tool of a connected server, all pages, as sent: `{name, description, inputSchema}` each. */
export declare function listMcpClientTools(client: McpClientLike): Promise<JsonSchemaTool[]>;
//# sourceMappingURL=mcp-client.d.ts.map