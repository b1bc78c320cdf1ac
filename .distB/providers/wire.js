import { anyTargetDefinition, } from './targets/registry.js';
/**
 * Puts a tool's name, description and parameters in a target's envelope, the parameters as
 * given: the converter passes the converted schema (for Gemini already a `Schema`, or undefined
 * for a tool without parameters); `toolschema lint` passes the server's schema untouched.
 */
export function wireEnvelope(target, name, description, parameters, strict) {
    return anyTargetDefinition(target).envelope(name, description, parameters, strict);
}
//# sourceMappingURL=wire.js.map