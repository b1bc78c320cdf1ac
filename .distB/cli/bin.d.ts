#!/usr/bin/env -S node --
export {};
//# sourceMappingURL=bin.d.ts.map