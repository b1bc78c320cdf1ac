import type { TargetDefinition } from './definition.js';
/** The targets, in the order menus and reports list them. A new target is one file and one line here. */
export declare const TARGET_DEFINITIONS: {
    readonly codex: TargetDefinition<"codex", import("../../index.js").ResponsesFunctionTool>;
    readonly 'openai-responses': TargetDefinition<"openai-responses", import("./openai-responses.js").OpenAIResponsesTool>;
    readonly 'openai-chat': TargetDefinition<"openai-chat", import("./openai-chat.js").OpenAIChatTool>;
    readonly anthropic: TargetDefinition<"anthropic", import("./anthropic.js").AnthropicTool>;
    readonly gemini: TargetDefinition<"gemini", import("./gemini.js").GeminiFunctionDeclaration>;
    readonly 'gemini-json-schema': TargetDefinition<"gemini-json-schema", import("./gemini-json-schema.js").GeminiJsonSchemaFunctionDeclaration>;
    readonly portable: TargetDefinition<"portable", import("./portable.js").PortableTool>;
};
/** A provider target. */
export type ProviderTarget = keyof typeof TARGET_DEFINITIONS;
/** A target other than the reference's path: the ones the provider walk converts to. */
export type ConvertedTarget = Exclude<ProviderTarget, 'codex'>;
/** Every wire shape toolschema emits; `codex` is the reference's Responses path, byte for byte. */
export declare const PROVIDER_TARGETS: ProviderTarget[];
/** The tool shape of each target. */
export type WireToolByTarget = {
    [T in ProviderTarget]: ReturnType<(typeof TARGET_DEFINITIONS)[T]['envelope']>;
};
/** The definition of a target. */
export declare function targetDefinition<T extends ProviderTarget>(target: T): (typeof TARGET_DEFINITIONS)[T];
/** Whether a string names a target. */
export declare function isProviderTarget(name: unknown): name is ProviderTarget;
/** A target's definition, loosely typed (for code that treats every target alike). */
export declare function anyTargetDefinition(target: ProviderTarget): TargetDefinition;
/** The rules a target's tool schemas follow, in one mode (see each target's file). */
export declare function schemaProfile(target: ConvertedTarget, strict: boolean): import("../profile.js").SchemaProfile;
//# sourceMappingURL=registry.d.ts.map