export {};
//# sourceMappingURL=definition.js.map