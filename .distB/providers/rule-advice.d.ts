/** A finding, said for a person: the provider's answer and the fix. */
export interface RuleAdvice {
    /** Who answers: the target checked, or for a portable tool the provider the rule is about. */
    provider: string;
    /** What the provider answers to the request (its error text where it is known). */
    answer: string;
    /** What the tool's author changes; or that `toolschema` converts it. */
    fix: string;
}
/**
 * The provider's answer and the fix for one finding of the checker. `rule` is the checker's rule
 * text (for the portable target, prefixed by the provider it is about: `gemini: …`).
 */
export declare function adviseOnRule(rule: string, tool: string, target: string): RuleAdvice;
//# sourceMappingURL=rule-advice.d.ts.map